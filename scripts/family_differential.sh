#!/usr/bin/env bash
# Every game and option of the Chaturanga family against a current
# Fairy-Stockfish binary given by path: move lists and FENs over random games
# (tests/perft/movegen_differential), then game ends over random games from
# endgames (scripts/fsf_oracle.py game-ends). ctest runs the first part
# against Debian's 11.1 for what 11.1 can express; this covers the rest
# (the dabbaba, the built-in chaturanga, today's Cambodian rules, FENs of
# Makruk and Sittuyin). Usage: scripts/family_differential.sh FAIRY_STOCKFISH [BUILD_DIR] [GAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
engine=${1:?give the path of a fairy-stockfish binary}
build=${2:-build}
games=${3:-40}
diff=$build/tests/perft/movegen_differential
ini=tests/perft/chaturanga-options.ini
status=0
run() {
  echo "== $*"
  local out code=0
  out=$("$diff" --engine "$engine" --games "$games" "$@" 2>&1) || code=$?
  tail -2 <<<"$out"
  [ "$code" -eq 0 ] || status=1
}
for game in shatranj makruk cambodian sittuyin; do run --variant "$game" --uci-variant "$game"; done
run --variant chaturanga-chesscom --uci-variant chaturanga
for elephant in alfil silver dabbaba; do
  for kings in apart facing; do
    for goal in capture checkmate; do
      run --rules "elephant=$elephant,kings=$kings,goal=$goal" --ini "$ini" \
        --uci-variant "chaturanga-$elephant-$kings-$goal"
    done
  done
done
for game in shatranj makruk cambodian sittuyin; do
  echo "== game ends: $game"
  scripts/fsf_oracle.py game-ends --engine "$engine" --variant "$game" --judge "$build/chaturanga" \
    --games "$games" || status=1
done
echo "== game ends: chaturanga-chesscom"
scripts/fsf_oracle.py game-ends --engine "$engine" --variant chaturanga --our-variant chaturanga-chesscom \
  --judge "$build/chaturanga" --games "$games" || status=1
exit $status
