#!/usr/bin/env bash
# Perft speed of every game of the Chaturanga family against Fairy-Stockfish's
# on the same positions, one thread each, best of 3 alternating runs. Both
# are timed from outside (process start to exit) less the same program's
# start-up (its best time for depth 1 of the same position), so that the
# tables of magics and variants built at start-up do not count. Prints a
# table for docs/benchmarks.md.
# Usage: scripts/family_bench.sh FAIRY_STOCKFISH [BUILD_DIR] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
fsf=${1:?give the path of a fairy-stockfish binary}
build=${2:-build}
rounds=${3:-3}
ini=$(pwd)/tests/perft/chaturanga-options.ini
seed_ini=$(pwd)/tests/perft/chaturanga-seed.ini
# Sittuyin after its set-up (the set-up itself is all drops).
sittuyin_mid="r1s1k2r/3n1s2/fn2pppp/pppp4/4PPPP/PPPP4/1NS1F3/R3KSNR[] w - - 0 9"

# label | our perft arguments | UCI_Variant | VariantPath | FEN (empty: start) | depth
cases=(
  "chaturanga (seed)|--variant chaturanga|chaturanga-seed|$seed_ini||7"
  "chaturanga elephant=silver|--rules elephant=silver|chaturanga-silver-apart-capture|$ini||7"
  "chaturanga elephant=dabbaba|--rules elephant=dabbaba|chaturanga-dabbaba-apart-capture|$ini||7"
  "chaturanga goal=checkmate|--rules goal=checkmate|chaturanga-alfil-apart-checkmate|$ini||7"
  "chaturanga-chesscom|--variant chaturanga-chesscom|chaturanga|||7"
  "shatranj|--variant shatranj|shatranj|||7"
  "makruk|--variant makruk|makruk|||6"
  "cambodian|--variant cambodian|cambodian|||6"
  "sittuyin (set-up)|--variant sittuyin|sittuyin|||4"
  "sittuyin (after set-up)|--variant sittuyin|sittuyin||$sittuyin_mid|5"
)

now() { date +%s.%N; }
ours() { # depth: nodes on stdout
  # shellcheck disable=SC2086
  "$build/chaturanga" perft $args ${fen:+--fen "$fen"} "$1" 2>/dev/null | awk '/Nodes searched/{print $3}'
}
theirs() {
  {
    echo uci
    [ -n "$path" ] && echo "setoption name VariantPath value $path"
    echo "setoption name UCI_Variant value $variant"
    if [ -n "$fen" ]; then echo "position fen $fen"; else echo "position startpos"; fi
    echo "go perft $1"
    echo quit
  } | "$fsf" 2>/dev/null | awk '/Nodes searched/{print $3}'
}
# Best wall time of `$1 $2` over the rounds; the count goes to the global `nodes`.
best=999999
timed() {
  local t0 t1
  t0=$(now)
  nodes=$("$1" "$2")
  t1=$(now)
  best=$(awk -v a="$t0" -v b="$t1" -v m="$best" 'BEGIN { t = b - a; print (t < m ? t : m) }')
}

printf '| game | position | depth | nodes | ours (s) | Fairy-Stockfish (s) | ratio |\n|---|---|---|---|---|---|---|\n'
for c in "${cases[@]}"; do
  IFS='|' read -r label args variant path fen depth <<<"$c"
  declare -A t=()
  for key in ours:1 theirs:1 ours:d theirs:d; do t[$key]=999999; done
  for ((round = 0; round < rounds; ++round)); do
    for who in ours theirs; do
      best=${t[$who:1]}
      timed "$who" 1
      t[$who:1]=$best
      best=${t[$who:d]}
      timed "$who" "$depth"
      t[$who:d]=$best
      printf -v "n_$who" '%s' "$nodes"
    done
  done
  [ "$n_ours" = "$n_theirs" ] || echo "COUNTS DIFFER for $label: ours $n_ours, fairy-stockfish $n_theirs" >&2
  awk -v l="$label" -v p="${fen:-start}" -v d="$depth" -v n="$n_ours" -v o="${t[ours:d]}" -v o1="${t[ours:1]}" \
    -v f="${t[theirs:d]}" -v f1="${t[theirs:1]}" 'BEGIN {
      o -= o1; f -= f1;
      printf "| %s | %s | %d | %d | %.3f | %.3f | %.1fx |\n", l, (p == "start" ? "start" : "after set-up"), d, n, o, f, f / o }'
  unset t
done
