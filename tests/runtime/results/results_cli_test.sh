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
expect 2 "show takes one FILE" show "$dir/a.txt" "$dir/b.txt"
expect 2 "cannot read $dir: Is a directory" show "$dir"
expect 2 "cannot read $dir/missing.txt" show "$dir/missing.txt"
expect 2 "plot needs -o OUT.svg" plot "$dir/a.txt"
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

# One file named twice is one vote: a.txt (tile=128) twice against b.txt (tile=256, faster) would be
# 2 of 3 for tile=128; counted once it is a tie, which the faster median wins.
ln -f "$dir/a.txt" "$dir/hard.txt"
ln -sf "$dir/a.txt" "$dir/soft.txt"
for twice in "$dir/a.txt" "$dir/../$(basename "$dir")/a.txt" "$dir/hard.txt" "$dir/soft.txt"; do
  expect 0 "$twice is the same file as $dir/a.txt: counted once" \
    merge "$dir/twice.txt" "$dir/a.txt" "$twice" "$dir/b.txt"
  grep -q "best = tile=256" "$dir/twice.txt" || fail "merge counted $twice twice: $(cat "$dir/twice.txt")"
done

# An input without end is refused once it is past what a results file holds, not read forever.
expect 2 "cannot read /dev/zero: larger than 256 MiB, more than a results file holds" show /dev/zero

# What a results file says reaches the terminal with no control character in it.
esc=$'\033'
printf '\n[vadd.cu:12 \033]0;owned\007k]\ndevice = H100\033[2J\nkey = 4096\nspace = 5f0c8b1d9a3e2c47\nbest = tile=64\nmedian_ms = 1\n' >"$dir/esc.txt"
printf '\n[bad \033[31mred]\ndevice = d\nkey = \033[2J\n' >>"$dir/esc.txt"
"$program" show "$dir/esc.txt" >"$dir/show" 2>"$dir/err" || fail "show of escapes exited $?"
grep -q "$esc" "$dir/show" && fail "show printed a raw escape: $(cat -v "$dir/show")"
grep -q "$esc" "$dir/err" && fail "show's problems printed a raw escape: $(cat -v "$dir/err")"
grep -qF '[vadd.cu:12 \x1b]0;owned\x07k]' "$dir/show" || fail "show: $(cat -v "$dir/show")"
grep -qF 'H100\x1b[2J' "$dir/show" || fail "show: $(cat -v "$dir/show")"
grep -qF "key '\\x1b[2J'" "$dir/err" || fail "show's problems: $(cat -v "$dir/err")"
"$program" merge "$dir/merged_esc.txt" "$dir/esc.txt" "$esc[2J" >/dev/null 2>"$dir/err"
grep -q "$esc" "$dir/err" && fail "an error line printed a raw escape: $(cat -v "$dir/err")"
grep -qF 'cannot read \x1b[2J' "$dir/err" || fail "error line: $(cat -v "$dir/err")"

# plot: control characters, bytes that are not UTF-8 and times that are not numbers still make
# well-formed XML.
printf '\n[k\001\033\377\376 <site>]\ndevice = H100\nkey = 4096\nspace = 5f0c8b1d9a3e2c47\n' >"$dir/odd.txt"
printf 'best = ti\013le=64\nmedian_ms = 1\nmeasured = ti\013le=64 1\nmeasured = ti\013le=128 nan\nmeasured = ti\013le=256 inf\n' >>"$dir/odd.txt"
"$program" plot "$dir/odd.txt" -o "$dir/odd.svg" || fail "plot of odd names exited $?"
if command -v xmllint >/dev/null; then
  xmllint --noout "$dir/odd.svg" || fail "plot wrote malformed SVG for odd names"
fi
grep -q 'nan\|inf"' "$dir/odd.svg" && fail "plot wrote a non-finite coordinate: $(grep -n 'nan\|inf' "$dir/odd.svg")"
grep -q "2 without a finite time not drawn" "$dir/odd.svg" || fail "plot's title does not count the points left out"

[ "$failures" -eq 0 ] && echo "results_cli_test: all passed"
exit "$failures"
