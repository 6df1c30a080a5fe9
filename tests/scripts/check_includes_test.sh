#!/usr/bin/env bash
# scripts/check_includes.py on a small tree that keeps the include rules (include_rules_fixture/),
# then on copies of it with one include planted across each rule: each copy must fail, naming the
# file and line of the planted include.
set -euo pipefail
check="$1"
fixture="$(dirname "$0")/include_rules_fixture"
rules=(--rule include= --rule common=include --rule runtime=common,include --rule tool=common,include)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

python3 "$check" --root "$fixture" "${rules[@]}" || { echo "FAIL: the fixture keeps the rules"; exit 1; }

# plant FILE INCLUDE EXPECTED [WHERE]: FILE (made if missing) gets INCLUDE as its last line; the
# check must exit 1 and print a line that starts with WHERE ("FILE:LINE: " of the planted line by
# default) and holds EXPECTED.
plant() {
  local file="$1" include="$2" expected="$3" where="${4:-}"
  rm -rf "$work/tree" && cp -r "$fixture" "$work/tree"
  mkdir -p "$(dirname "$work/tree/$file")"
  echo "$include" >>"$work/tree/$file"
  local status=0 output
  [[ -n "$where" ]] || where="$file:$(wc -l <"$work/tree/$file"): "
  output=$(python3 "$check" --root "$work/tree" "${rules[@]}") || status=$?
  if [[ $status -ne 1 || $'\n'"$output" != *$'\n'"$where"*"$expected"* ]]; then
    echo "FAIL: '$include' in $file: status $status, output:"
    echo "$output"
    failures=$((failures + 1))
  fi
}

plant tool/check/check.cpp '#include "store/store.h"' "includes runtime/store/store.h (runtime/)"
plant runtime/store/store.cpp '#include "check/check.h"' "includes tool/check/check.h (tool/)"
plant common/hash/hash.cpp '#include "store/store.h"' "includes runtime/store/store.h (runtime/)"
plant common/hash/hash.h '#include "check/check.h"' "includes tool/check/check.h (tool/)"
plant include/tiletune/api.h '#include "hash/hash.h"' "includes common/hash/hash.h (common/)"
plant include/tiletune/types.h '#include "../../runtime/store/store.h"' "(runtime/)"
plant tool/check/check.cpp '#  include <store/store.h>' "includes runtime/store/store.h (runtime/)"
# A folder name two parts use: every include of it is ambiguous.
plant runtime/hash/hash.h '#pragma once' '"hash/hash.h" is ambiguous' runtime/store/store.cpp:

# A part with no folder is a usage error.
status=0
python3 "$check" --root "$fixture" --rule nowhere= >/dev/null 2>&1 || status=$?
[[ $status -eq 2 ]] || { echo "FAIL: a missing part exits $status, not 2"; failures=$((failures + 1)); }

[[ $failures -eq 0 ]] && echo "check_includes: every planted include failed the check"
exit $((failures > 0))
