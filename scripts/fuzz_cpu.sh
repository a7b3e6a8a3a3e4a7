#!/usr/bin/env bash
# Runs every libFuzzer target of `make fuzz` for SECONDS of wall time each,
# JOBS at a time, and reports what each got: CPU seconds (user + sys, from
# /usr/bin/time), executions and new coverage (libFuzzer's final stats).
# Any crash, hang, leak or sanitizer report fails the run and names the target;
# its input lands in build-fuzz/tests/fuzz/ (artifact_prefix).
#
#   scripts/fuzz_cpu.sh SECONDS [JOBS [TARGET...]]   (after `make fuzz`, which builds them)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:?usage: scripts/fuzz_cpu.sh SECONDS [JOBS [TARGET...]]}
JOBS=${2:-$(nproc)}
DIR=build-fuzz/tests/fuzz
TARGETS=(fen pgn moves judge chaturaji_fen fen4 pgn4 uci http)
if (($# > 2)); then TARGETS=("${@:3}"); fi
LOGS=$(mktemp -d)
declare -A EXTRA=([uci]=-max_len=1024 [http]=-max_len=2048)

run_one() {
  local t=$1 dict=()
  [[ -f tests/fuzz/dict/$t.dict ]] && dict=(-dict=tests/fuzz/dict/$t.dict)
  mkdir -p "$DIR/found/$t"
  /usr/bin/time -f '%U %S' -o "$LOGS/$t.time" "$DIR/${t}_fuzz" -max_total_time="$SECONDS_EACH" \
    -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 ${EXTRA[$t]:-} "${dict[@]}" \
    -artifact_prefix="$DIR/" "$DIR/found/$t" "tests/fuzz/corpus/$t" > "$LOGS/$t.log" 2>&1
}

for t in "${TARGETS[@]}"; do
  [[ -x $DIR/${t}_fuzz ]] || { echo "missing $DIR/${t}_fuzz: run 'make fuzz' first" >&2; exit 2; }
done
failed=()
running=0
for t in "${TARGETS[@]}"; do
  (run_one "$t" || { echo "$t" >> "$LOGS/failed"; tail -40 "$LOGS/$t.log" >&2; }) &
  running=$((running + 1))
  if ((running >= JOBS)); then wait -n; running=$((running - 1)); fi
done
wait
[[ -f $LOGS/failed ]] && mapfile -t failed < "$LOGS/failed"

printf '| target | CPU s | executions | exec per CPU s | coverage (cov) |\n|---|---|---|---|---|\n'
total=0
for t in "${TARGETS[@]}"; do
  # The last line: /usr/bin/time puts "Command exited with ..." before it on failure.
  cpu=$(tail -1 "$LOGS/$t.time" | awk '{printf "%.0f", $1 + $2}')
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$LOGS/$t.log" | grep -oE '[0-9]+$' || echo 0)
  cov=$(grep -oE 'cov: [0-9]+' "$LOGS/$t.log" | tail -1 | grep -oE '[0-9]+' || echo '?')
  printf '| %s | %s | %s | %s | %s |\n' "$t" "$cpu" "$runs" "$((10#$runs / (10#$cpu > 0 ? 10#$cpu : 1)))" "$cov"
  total=$((total + 10#$cpu))
done
echo "total CPU seconds: $total"
if ((${#failed[@]})); then
  echo "FAILED: ${failed[*]} (logs in $LOGS)" >&2
  exit 1
fi
rm -rf "$LOGS"
