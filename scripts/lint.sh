#!/usr/bin/env bash
# Style gate for CI: the house's structure (scripts/check_structure.py: include
# directions, file sizes, function lengths), clang-format for layout,
# clang-tidy for the naming scheme.
set -euo pipefail
build=${1:-build}
python3 scripts/check_structure.py
mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 'bench/*.cpp')
clang-format --dry-run -Werror "${files[@]}"
mapfile -t sources < <(git ls-files 'src/*.cpp')
report=$(printf '%s\n' "${sources[@]}" | xargs -P "$(nproc)" -n 4 clang-tidy -p "$build" --quiet 2>&1 || true)
if grep -q 'error:' <<<"$report"; then
  grep -v -E '^[0-9]+ warnings? generated|^Suppressed|^Use -header-filter' <<<"$report" >&2
  echo "lint: clang-tidy naming errors above" >&2
  exit 1
fi
echo "lint: clean (${#files[@]} files formatted, ${#sources[@]} sources checked)"
