#!/usr/bin/env bash
# At TILETUNE_LOG=1 every tuning table prints once: each example runs with a fresh cache and its
# output's table headers ("tiletune: SITE KERNEL key=(...)") must not repeat. The verdict is last.
cd "$(dirname "$0")/../.."
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
tables=0 repeated=0
for e in .device/examples/*; do
  name=$(basename "$e")
  case "$name" in tiletune-nvrtc-worker | mpi_ranks) continue ;; esac
  TILETUNE_CACHE_DIR=$cache/$name TILETUNE_LOG=1 "$e" >"$cache/$name.log" 2>&1
  headers=$(grep -E '^tiletune: .* key=\(' "$cache/$name.log" | grep -v ' \[')
  tables=$((tables + $(printf '%s' "$headers" | grep -c .)))
  twice=$(printf '%s\n' "$headers" | sort | uniq -d)
  if [ -n "$twice" ]; then
    echo "$name: printed twice: $twice"
    repeated=$((repeated + 1))
  fi
done
if [ "$repeated" -ne 0 ]; then
  echo "log_tables_once: FAIL ($repeated examples print a table twice)"
  exit 1
fi
echo "log_tables_once: OK ($tables tables, none twice)"
