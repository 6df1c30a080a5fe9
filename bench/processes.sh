#!/usr/bin/env bash
# Processes at once on one GPU and one cache directory: how many tunings they did in all, and how
# many different winner sets they chose (the goal: one tuning per key, one winner set).
# Usage: bench/processes.sh PROGRAM [PROCESSES]   (PROGRAM: an example built with tiletune)
# Each process runs with TILETUNE_LOG=1; a table headed without "[from the results file]" is a
# tuning of its own (a program may print a table again: each site and key counts once). Prints one line per process, then the summary line last.
set -uo pipefail
program=$1
processes=${2:-8}
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-processes.XXXXXX")
trap 'rm -rf "$work"' EXIT
export TILETUNE_CACHE_DIR=$work/cache TILETUNE_LOG=1
start=$(date +%s%N)
for i in $(seq "$processes"); do "$program" > "$work/out.$i" 2>&1 & done
failed=0
for job in $(jobs -p); do wait "$job" || failed=$((failed + 1)); done
milliseconds=$((($(date +%s%N) - start) / 1000000))
tunings=0
for i in $(seq "$processes"); do
  # Per table: the site and key, then the winner's configuration (the fields before its median).
  awk '/^tiletune: .* key=\(/ { site = $0; sub(/ \[.*$/, "", site);
                                 if ($0 !~ /\[from the results file\]|\[cache hit/ && !(site in seen)) {
                                   seen[site] = 1; tuned++ }
                                 next }
       / best$/ { c = ""; for (f = 1; f <= NF && $f !~ /\./; f++) c = c " " $f;
                  print site " ->" c }
       END { print "tunings " tuned + 0 > "/dev/stderr" }' "$work/out.$i" \
    2> "$work/tunings.$i" | sort -u > "$work/winners.$i"
  n=$(awk '{print $2}' "$work/tunings.$i")
  tunings=$((tunings + n))
  echo "process $i: $n tunings, $(wc -l < "$work/winners.$i") winners, $(md5sum < "$work/winners.$i" | cut -c1-8)"
done
sets=$(for i in $(seq "$processes"); do md5sum < "$work/winners.$i"; done | sort -u | wc -l)
keys=$(sort -u "$work"/winners.* | awk -F' ->' '{print $1}' | sort -u | wc -l)
echo "processes: $processes at once, $failed failed, $tunings tunings for $keys keys, $sets winner sets, ${milliseconds} ms"
