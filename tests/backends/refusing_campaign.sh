#!/usr/bin/env bash
# The default campaign against a backend that refuses every valid call (refusing_backend.cpp):
#   refusing_campaign.sh POOLCHECK BACKEND WORK_DIR
# By default the refusals are failures (exit 1). With --allow-unsupported the run passes (exit 0), its one-line
# summary counts the allowed cases, and summary.json, summary.md and report.html list every one of them.
set -euo pipefail
poolcheck=$1 backend=$2 work=$3
campaign=(run --cases 200 --seed 3 --no-failure-db -q)
rm -rf "$work"
fail() {
  echo "FAILED: $*"
  exit 1
}

status=0
out=$("$poolcheck" --backend "$backend" "${campaign[@]}" --report-dir "$work/refused") || status=$?
echo "$out"
[ "$status" -eq 1 ] || fail "refusals must fail the run (exit 1), got exit $status"
echo "$out" | grep -Eq 'unsupported [1-9][0-9]*.*\| failures [1-9]' || fail "no unsupported failures counted"

status=0
out=$("$poolcheck" --backend "$backend" "${campaign[@]}" --allow-unsupported --report-dir "$work/allowed") ||
  status=$?
echo "$out"
[ "$status" -eq 0 ] || fail "allowed refusals must pass the run (exit 0), got exit $status"
n=$(grep -c '"outcome":"unsupported-allowed"' "$work/allowed/results.jsonl" || true)
[ "$n" -gt 0 ] || fail "no unsupported-allowed results"
echo "$out" | grep -q "failures 0 | unsupported allowed $n\$" || fail "the one-line summary does not count $n"
in_json=$(grep -o '"op=[^"]*"' "$work/allowed/summary.json" | wc -l)
in_md=$(grep -c '^- `op=' "$work/allowed/summary.md" || true)
in_html=$(grep -o '<pre class="descriptor">op=' "$work/allowed/report.html" | wc -l)
[ "$in_json" -eq "$n" ] || fail "summary.json lists $in_json of the $n allowed cases"
[ "$in_md" -eq "$n" ] || fail "summary.md lists $in_md of the $n allowed cases"
[ "$in_html" -eq "$n" ] || fail "report.html lists $in_html of the $n allowed cases"
echo "refusing backend: failed without the option, passed with it, $n allowed cases listed"
