#!/usr/bin/env bash
# tiletune-results as a program: usage errors and unreadable inputs exit 2 with a message, merge
# --strict exits 1 on a conflict, a symbolic link OUT is refused, plot writes well-formed SVG.
set -u
program=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect STATUS MESSAGE_PATTERN ARGS...: the exit status and a line of stderr.
expect() {
  local status=$1 pattern=$2
  shift 2
  "$program" "$@" >"$dir/out" 2>"$dir/err"
  local got=$?
  [ "$got" -eq "$status" ] || fail "$* exited $got, not $status: $(cat "$dir/err")"
  grep -q -- "$pattern" "$dir/err" || fail "$*: stderr lacks '$pattern': $(cat "$dir/err")"
}

block() {  # block BEST MEDIAN
  printf '\n[vadd.cu:12 vadd<$tile>]\ndevice = H100\nkey = 4096\nspace = 5f0c8b1d9a3e2c47\n'
  printf 'best = tile=%s\nmedian_ms = %s\nmeasured = tile=64 2\nmeasured = tile=%s %s\n' "$1" "$2" "$1" "$2"
}
block 128 0.5 >"$dir/a.txt"
block 256 0.4 >"$dir/b.txt"

expect 2 "no command" 
expect 2 "unknown command 'frobnicate'" frobnicate
expect 2 "merge needs OUT and at least one IN" merge "$dir/out.txt"
expect 2 "cannot read $dir/missing.txt" merge "$dir/out.txt" "$dir/missing.txt"
expect 2 "show takes one FILE" show
expect 2 "cannot read $dir: Is a directory" show "$dir"
expect 2 "cannot read $dir/missing.txt" show "$dir/missing.txt"
expect 2 "plot needs FILE and -o OUT.svg" plot "$dir/a.txt"
expect 2 "-o needs a value" plot "$dir/a.txt" -o
expect 2 "plot takes one FILE" plot "$dir/a.txt" "$dir/b.txt" -o "$dir/p.svg"
expect 2 "plot: unknown option --sight" plot "$dir/a.txt" --sight x -o "$dir/p.svg"
expect 2 "no tuning matches --site 'other'" plot "$dir/a.txt" --site other -o "$dir/p.svg"

ln -s "$dir/a.txt" "$dir/link.txt"
expect 2 "is a symbolic link: not replaced" merge "$dir/link.txt" "$dir/b.txt"
cmp -s "$dir/a.txt" <(block 128 0.5) || fail "merge wrote through a symbolic link"

expect 1 "conflict: .* kept tile=256 (1 of 2)" merge --strict "$dir/out.txt" "$dir/a.txt" "$dir/b.txt"
expect 0 "conflict" merge "$dir/out.txt" "$dir/a.txt" "$dir/b.txt"
grep -q "best = tile=256" "$dir/out.txt" || fail "merge did not write the faster winner"

"$program" show "$dir/out.txt" >"$dir/show" 2>&1 || fail "show exited $?"
grep -q "tile=256  0.4" "$dir/show" || fail "show: $(cat "$dir/show")"

: >"$dir/empty.txt"
"$program" show "$dir/empty.txt" >"$dir/show" 2>&1 || fail "show of an empty file exited $?"
grep -qx "no results" "$dir/show" || fail "show of an empty file: $(cat "$dir/show")"

"$program" plot "$dir/out.txt" -o "$dir/p.svg" || fail "plot exited $?"
if command -v xmllint >/dev/null; then
  xmllint --noout "$dir/p.svg" || fail "plot wrote malformed SVG"
fi

[ "$failures" -eq 0 ] && echo "results_cli_test: all passed"
exit "$failures"
