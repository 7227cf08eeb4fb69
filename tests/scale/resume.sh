#!/usr/bin/env bash
# A run killed with SIGKILL at a random moment and continued with `run --resume` equals an uninterrupted run of the
# same campaign, case by case in stream order: no case run twice, none lost.
#   resume.sh POOLCHECK WORK_DIR [CONTROL]
# CONTROL "lose" drops one finished case from the killed run's results.jsonl before resuming, "twice" repeats one:
# the negative controls, which the case-by-case comparison must reject.
set -euo pipefail
poolcheck=$1 work=$2 control=${3:-}
rm -rf "$work" && mkdir -p "$work"
common=(run --cases 6000 --seed 2 --no-failure-db -q)
"$poolcheck" "${common[@]}" --report-dir "$work/whole" >/dev/null
"$poolcheck" "${common[@]}" --report-dir "$work/killed" >/dev/null 2>&1 &
pid=$!
# The kill comes a random time after the first few cases are on disk, not after the start: a slow start (a
# sanitizer build, a busy machine) would otherwise leave nothing written, and the controls nothing to change.
written() {
  local n
  n=$(grep -c . "$work/killed/results.jsonl" 2>/dev/null)
  echo "${n:-0}"
}
until (($(written) >= 3)) || ! kill -0 "$pid" 2>/dev/null; do sleep 0.02; done
delay=$((RANDOM % 600)) # milliseconds
sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
kill -KILL "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
echo "killed $delay ms after the third case with $(written) of 6000 cases written"
case $control in
  lose) sed -i '2d' "$work/killed/results.jsonl" ;;
  twice) sed -i '2p' "$work/killed/results.jsonl" ;;
esac
"$poolcheck" run --resume "$work/killed" --no-failure-db -q >"$work/resume.log"
cat "$work/resume.log"
grep -q "^resumed: " "$work/resume.log" || { echo "BAD: the run did not say it resumed"; exit 1; }
# A record without what may change from run to run of one case (as in parallel_shards.sh), in stream order.
records() { sed -E 's/"seconds":[-+0-9.eE]+,?//; s/"error":\{[^{}]*\},?//; s/"rerun":\{[^{}]*\},?//' "$1/results.jsonl"; }
records "$work/whole" >"$work/whole.records"
records "$work/killed" >"$work/resumed.records"
if ! diff -q "$work/whole.records" "$work/resumed.records" >/dev/null; then
  echo "BAD: the resumed run differs from the uninterrupted one, case by case:"
  diff "$work/whole.records" "$work/resumed.records" | cut -c1-160 | head -8 || true
  exit 1
fi
echo "OK: $(wc -l <"$work/whole.records") cases, the resumed run equals the uninterrupted one"
