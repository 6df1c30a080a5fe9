#!/usr/bin/env bash
# tiletune-nvcc's option table against the installed nvcc's --help: an option that takes no value
# never swallows the .cu after it, one that takes a value swallows exactly one word (in the
# separate form) or none (`OPT=VALUE`), and the tool gets -I/-D/-U/-isystem/-include/-std in every
# form nvcc accepts, and every other option in its flags file (as OPT=VALUE). A fake tool and a
# fake nvcc record what they are given.
# usage: nvcc_options_test.sh SOURCE_DIR [NVCC]
set -euo pipefail
source=$(cd "$1" && pwd)
real_nvcc=${2:-/usr/local/cuda/bin/nvcc}
wrapper=$source/tool/tiletune-nvcc
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-nvcc-options.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "nvcc_options_test: FAILED: $*" >&2; failures=$((failures + 1)); }

cat >"$work/tool" <<'TOOL'
#!/usr/bin/env bash
# Records its arguments, then its flags file's lines, and writes the input with a mark as the output.
printf '%s\n' "$@" >"$TOOL_LOG"
while [ $# -gt 0 ]; do
  case $1 in -o) out=$2; shift ;; --flags-file) cat "$2" >>"$TOOL_LOG"; shift ;; --) break ;; *) in=$1 ;; esac
  shift
done
{ echo "// rewritten"; cat "$in"; } >"$out"
TOOL
cat >"$work/nvcc" <<'NVCC'
#!/usr/bin/env bash
printf '%s\n' "$@" >"$NVCC_LOG"
NVCC
chmod +x "$work/tool" "$work/nvcc"
export TILETUNE=$work/tool TILETUNE_NVCC=$work/nvcc TOOL_LOG=$work/tool.log NVCC_LOG=$work/nvcc.log
cd "$work"
printf 'TILETUNE(blocks = 1, threads = 1, k())\n' >a.cu
cp a.cu b.cu

# Runs the wrapper; sets `rewritten` to the .cu inputs nvcc got rewritten (a, b), in order.
wrap() {
  rm -f tool.log nvcc.log
  "$wrapper" "$@" >/dev/null 2>&1 || { fail "tiletune-nvcc $* exited $?"; rewritten=""; return; }
  rewritten=$(grep -E '/tiletune-nvcc\.[^/]+/[0-9]+/[ab]\.cu$' nvcc.log | sed -E 's|.*/||' | tr '\n' ' ' || true)
}

# nvcc --help: "--long-name <value> (-short)". A value is shown as <...>, {...}, [...] or `x,...`.
"$real_nvcc" --help | grep -E '^--[A-Za-z]' >help.txt
options=0
while read -r long rest; do
  short=$(grep -oE '\(-[^) ]+\)' <<<"$rest" | tr -d '()' || true)
  takes=no
  [[ "$rest" =~ ^[\<\{\[]|^[a-z]+,\.\.\. ]] && takes=yes
  # nvcc's help shows no value for -MF, but it takes one (`-MD -MF deps.d`).
  [ "$long" = --dependency-output ] && takes=yes
  for name in $long $short; do
    [ "$name" = --help ] || [ "$name" = -h ] || [ "$name" = --version ] || [ "$name" = -V ] && continue
    options=$((options + 1))
    if [ $takes = no ]; then
      wrap "$name" a.cu
      [ "$rewritten" = "a.cu " ] || fail "$name takes no value but a.cu was not rewritten ($rewritten)"
    else
      wrap "$name" a.cu b.cu
      [ "$rewritten" = "b.cu " ] || fail "$name takes a value: a.cu is its value, b.cu the input ($rewritten)"
      wrap "$name=x" a.cu
      [ "$rewritten" = "a.cu " ] || fail "$name=x swallowed a.cu ($rewritten)"
    fi
  done
done <help.txt
[ $options -gt 200 ] || fail "only $options options read from nvcc --help"

# The flags the tool needs, in each form nvcc accepts (see `value_options` in tiletune-nvcc).
expect_tool_gets() {
  local expected=$1
  shift
  wrap "$@" a.cu
  grep -qxF -- "$expected" <(tr '\n' ' ' <tool.log; echo) ||
    [[ " $(tr '\n' ' ' <tool.log)" == *" $expected "* ]] ||
    fail "tiletune-nvcc $* a.cu: the tool did not get '$expected': $(tr '\n' ' ' <tool.log)"
}
expect_tool_gets "-I inc" -G -I inc
expect_tool_gets "-I inc" -G -Iinc
expect_tool_gets "-I inc" -I=inc
expect_tool_gets "-I inc" --include-path inc
expect_tool_gets "-I inc" --include-path=inc
expect_tool_gets "-I one -I two" -I one,two
expect_tool_gets "-D N=1" -c -DN=1
expect_tool_gets "-D N=1" -D N=1
expect_tool_gets "-D N=1" -D=N=1
expect_tool_gets "-D N=1" --define-macro=N=1
expect_tool_gets "-U N" -lineinfo -UN
expect_tool_gets "-U N" --undefine-macro N
expect_tool_gets "-isystem sys" -isystem=sys
expect_tool_gets "-isystem sys" --system-include sys
expect_tool_gets "-include pre.h" -include pre.h
expect_tool_gets "-include pre.h" --pre-include=pre.h
expect_tool_gets "-std=c++20" -std c++20
expect_tool_gets "-std=c++20" -std=c++20
expect_tool_gets "-std=c++20" --std=c++20
# The flags file: the tool takes the options that shape the device code from it (and defines the
# lambda and constexpr macros for its parse itself).
expect_tool_gets "--extended-lambda" --extended-lambda
expect_tool_gets "-expt-extended-lambda" -expt-extended-lambda
expect_tool_gets "--expt-relaxed-constexpr" --expt-relaxed-constexpr
expect_tool_gets "-use_fast_math" -c -use_fast_math
expect_tool_gets "-G" -G
expect_tool_gets "-maxrregcount=32" -maxrregcount 32
expect_tool_gets "-Xptxas=-v,-O2" -Xptxas -v,-O2
expect_tool_gets "--ptxas-options=-v" --ptxas-options=-v
expect_tool_gets "-ftz=true" -ftz true

# Dependency output names a.cu, not the temporary file, wherever nvcc writes it.
cat >"$work/nvcc" <<'NVCC'
#!/usr/bin/env bash
# Writes "OBJ : INPUT" where nvcc would write dependencies: -MF, else stdout for -M.
printf '%s\n' "$@" >"$NVCC_LOG"
for a in "$@"; do [[ "$a" == *.cu ]] && input=$a; done
out=/dev/stdout
while [ $# -gt 0 ]; do case $1 in -MF) out=$2; shift ;; -MF=*) out=${1#*=} ;; -MD) out=a.d ;; esac; shift; done
printf 'a.o : %s \\\n    header.h\n' "$input" >"$out"
NVCC
expect_dependencies() {
  local file=$1
  shift
  rm -f a.d deps.d stdout.txt
  "$wrapper" "$@" a.cu >stdout.txt || fail "tiletune-nvcc $* a.cu exited $?"
  grep -qx 'a.o : a.cu \\' "$file" || fail "tiletune-nvcc $* a.cu: $file does not name a.cu: $(cat "$file")"
}
expect_dependencies stdout.txt -M
expect_dependencies deps.d -M -MF deps.d
expect_dependencies deps.d -MD -MF=deps.d -c
expect_dependencies a.d -MD -c

if [ $failures -ne 0 ]; then echo "nvcc_options_test: $failures failed" >&2; exit 1; fi
echo "nvcc_options_test: $options options, all passed"
