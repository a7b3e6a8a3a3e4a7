#!/usr/bin/env bash
# scripts/spsa.py end to end, at tiny work: two iterations, then one more
# from the saved state; a name that is not a constant is refused.
# Usage: spsa_test.sh PATH_TO_CHATURANGA PATH_TO_SPSA_PY
set -u
bin=$1
spsa=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failed=0
fail() { failed=1; echo "FAIL $*"; }

run() {  # iterations
  python3 "$spsa" --engine "$bin" --only rfp_margin,lmr_base --iterations "$1" --games 2 --nodes 300 \
    --max-plies 60 --state "$dir/state.json" --log "$dir/log.csv" 2>&1
}
out=$(run 2) || fail "two iterations: $out"
[[ "$out" == *"iteration 2/2"* ]] || fail "no second iteration in: $out"
[[ "$out" == *"option.rfp_margin="*"option.lmr_base="* ]] || fail "no final options in: $out"
[[ $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["k"])' "$dir/state.json") == 2 ]] ||
  fail "state after two iterations: $(cat "$dir/state.json")"
out=$(run 3) || fail "resumed: $out"
[[ "$out" != *"iteration 2/3"* && "$out" == *"iteration 3/3"* ]] || fail "resume replayed or skipped: $out"
[[ $(wc -l <"$dir/log.csv") == 4 ]] || fail "log rows: $(cat "$dir/log.csv")"
[[ $(head -1 "$dir/log.csv") == "k,result,rfp_margin,lmr_base" ]] || fail "log header: $(head -1 "$dir/log.csv")"
out=$(python3 "$spsa" --engine "$bin" --only rfp_margin,no_such --iterations 1 --state "$dir/other.json" 2>&1) &&
  fail "an unknown name was accepted"
[[ "$out" == *"not a tunable constant: no_such"* ]] || fail "unknown name not named: $out"
exit $failed
