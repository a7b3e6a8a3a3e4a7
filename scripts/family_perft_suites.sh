#!/usr/bin/env bash
# The perft suites of the Chaturanga family (tests/perft/data/*.epd) against
# a Fairy-Stockfish binary given by path: `verify` asks it for every count
# again (exit status 1 on any difference); `generate` writes the suites anew
# from its own random games. The suites of record come from current
# Fairy-Stockfish (master c19b5f6c66894fdb0e88d0dd100e3885f744760a); Debian's
# 11.1 lacks the dabbaba, the built-in chaturanga and today's Cambodian rules.
#   scripts/family_perft_suites.sh verify /path/to/fairy-stockfish
#   scripts/family_perft_suites.sh generate /path/to/fairy-stockfish [COMMIT]
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:?usage: family_perft_suites.sh verify|generate FSF_PATH [COMMIT]}
engine=${2:?give the path of a fairy-stockfish binary}
commit=${3:-}
data=tests/perft/data
ini=$(pwd)/tests/perft/chaturanga-options.ini

# file name, then the UCI_Variant, then (for the options) the ini
suites=(
  "shatranj shatranj"
  "makruk makruk"
  "cambodian cambodian"
  "sittuyin sittuyin"
  "chaturanga-chesscom chaturanga"
)
for elephant in alfil silver dabbaba; do
  for kings in apart facing; do
    for goal in capture checkmate; do
      combo=$elephant-$kings-$goal
      [ "$combo" = alfil-apart-capture ] && continue  # the seed: chaturanga.epd
      suites+=("chaturanga-$combo chaturanga-$combo $ini")
    done
  done
done

status=0
for suite in "${suites[@]}"; do
  read -r name variant path <<<"$suite"
  args=(--engine "$engine" --variant "$variant")
  [ -n "${path:-}" ] && args+=(--ini "$path")
  if [ "$mode" = generate ]; then
    seed=$(printf '%s' "$name" | cksum | cut -d' ' -f1)
    scripts/fsf_oracle.py perft-data "${args[@]}" --positions 20 --seed "$seed" --max-depth 5 \
      --max-nodes 300000 --plies 160 ${commit:+--commit "$commit"} >"$data/$name.epd"
    echo "$data/$name.epd: $(grep -vc '^#' "$data/$name.epd") positions"
  else
    echo "== $name"
    scripts/fsf_oracle.py perft-check "${args[@]}" "$data/$name.epd" || status=1
  fi
done
exit $status
