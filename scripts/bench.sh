#!/usr/bin/env bash
# Side-by-side speed figures for docs/benchmarks.md: our perft(7) from the
# start against Fairy-Stockfish's in the same run, the judge on 100,000 lines,
# and the Google Benchmark suite. Usage: scripts/bench.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
fsf=/usr/games/fairy-stockfish
ini=$(pwd)/tests/perft/chaturanga-seed.ini
depth=${PERFT_DEPTH:-7}


echo "## perft($depth) from the start, one thread each, best of 3 alternating runs"
run_ours() { "$build/chaturanga" perft "$depth" 2>/dev/null | awk '/Nodes searched/{print $3}'; }
run_theirs() {
  printf 'uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value chaturanga-seed\nposition startpos\ngo perft %s\nquit\n' \
    "$ini" "$depth" | "$fsf" 2>/dev/null | awk '/Nodes searched/{print $3}'
}
best_ours=999999; best_theirs=999999
for round in 1 2 3; do
  t0=$(date +%s.%N); ours=$(run_ours); t1=$(date +%s.%N); theirs=$(run_theirs); t2=$(date +%s.%N)
  best_ours=$(awk -v a="$t0" -v b="$t1" -v m="$best_ours" 'BEGIN { t = b - a; print (t < m ? t : m) }')
  best_theirs=$(awk -v a="$t1" -v b="$t2" -v m="$best_theirs" 'BEGIN { t = b - a; print (t < m ? t : m) }')
done
awk -v o="$ours" -v f="$theirs" -v to="$best_ours" -v tf="$best_theirs" 'BEGIN {
  printf "| engine | nodes | seconds | leaves/s |\n|---|---|---|---|\n";
  printf "| chaturanga | %d | %.3f | %.1f M |\n", o, to, o / to / 1e6;
  printf "| fairy-stockfish 11.1 | %d | %.3f | %.1f M |\n", f, tf, f / tf / 1e6;
  printf "\nspeed ratio (ours / fairy-stockfish): %.1fx; counts %s\n", (o / to) / (f / tf), (o == f ? "equal" : "DIFFER");
}'

echo
echo "## judge: 100,000 JSON lines through one process"
tmp=$(mktemp)
python3 - "$tmp" <<'PY' 2>/dev/null || for i in $(seq 1 25000); do
import json, sys
lines = [
    {"variant": "chaturanga", "moves": ["e2e3", "e7e6", "g1f3"]},
    {"fen": "r2k2nr/ppp1qppp/2npb2b/4p3/4P3/2NPB2B/PPPQ1PPP/R3K1NR w - - 0 1", "moves": ["e3f4"]},
    {"fen": "8/8/5p2/4k3/3K4/8/8/5R2 w - - 0 1", "moves": ["f1f6", "e5f6"]},
    {"moves": ["e2e4"]},
]
with open(sys.argv[1], "w") as f:
    for i in range(100000):
        f.write(json.dumps(lines[i % 4]) + "\n")
PY
  printf '%s\n' '{"variant": "chaturanga", "moves": ["e2e3", "e7e6", "g1f3"]}' \
    '{"fen": "r2k2nr/ppp1qppp/2npb2b/4p3/4P3/2NPB2B/PPPQ1PPP/R3K1NR w - - 0 1", "moves": ["e3f4"]}' \
    '{"fen": "8/8/5p2/4k3/3K4/8/8/5R2 w - - 0 1", "moves": ["f1f6", "e5f6"]}' '{"moves": ["e2e4"]}' >>"$tmp"
done
t0=$(date +%s.%N)
answers=$("$build/chaturanga" judge <"$tmp" | wc -l)
t1=$(date +%s.%N)
awk -v n="$answers" -v a="$t0" -v b="$t1" 'BEGIN { printf "%d answers in %.3f s = %.0f lines/s\n", n, b - a, n / (b - a) }'
rm -f "$tmp"

if [ -x "$build/chaturanga_bench" ]; then
  echo
  echo "## Google Benchmark"
  "$build/chaturanga_bench" --benchmark_min_time=0.2 2>/dev/null
fi
