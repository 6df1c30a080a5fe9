#!/usr/bin/env bash
# Prints the launch sites of a file rewritten by tiletune (FILE.tiletune.cu) for a person to read:
# each site's descriptor and the call that replaced its annotation, without the #line directives
# that point nvcc's messages back at the user's file, and with the sliced device source (often
# long) shown as one line saying how long it is.
#   scripts/show_rewritten_site.sh build/examples/tiletune/vadd/vadd/vadd.tiletune.cu
set -euo pipefail
if [ $# -ne 1 ] || [ ! -r "$1" ]; then
  echo "usage: $0 FILE.tiletune.cu (a file the tiletune tool wrote)" >&2
  exit 2
fi
if ! grep -q '^// tiletune: launch sites below' "$1"; then
  echo "$1: no launch sites (was it written by the tiletune tool?)" >&2
  exit 1
fi
# A site runs from the marker the tool writes before it to the end of the function holding its
# call (the first line that is only "}" after the call's closing ";").
awk '
  /^\/\/ tiletune: launch sites below/ { sites = 1; called = 0; next }
  !sites { next }
  source && /^\)tiletune";/ { print "// (the sliced device source: " lines " lines)"; source = 0; next }
  source { lines++; next }
  /^#line / { next }
  /R"tiletune\(/ {
    sub(/R"tiletune\(.*/, "R\"tiletune(...)tiletune\";")
    print; source = 1; lines = 1; next
  }
  /^;$/ { called = 1 }
  { print }
  /^}$/ && called { print ""; sites = 0 }
' "$1" | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n;\n/;\n/g'
