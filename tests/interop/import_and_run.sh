#!/usr/bin/env bash
# The sample ATK and TTK files imported and run as a case list.
#   import_and_run.sh POOLCHECK SAMPLES_DIR WORK_DIR [--backend LIB]
# Without a backend every imported case must pass (or fail as documented): exit 0. With a misbehaving backend (the
# negative control) the run must exit 1, and each failure it prints must name the case's source entry and the
# check that fired (the oracle comparison: "... but the oracle says ...").
set -euo pipefail
poolcheck=$1 samples=$2 work=$3
shift 3
rm -rf "$work" && mkdir -p "$work"
"$poolcheck" import "$samples"/*.json "$samples"/*.csv -o "$work/cases.txt" 2> "$work/import.log"
imported=$(grep -c '^op=' "$work/cases.txt")
if [ "$imported" -ne 25 ]; then
  echo "expected 25 imported cases, got $imported"; cat "$work/import.log"; exit 1
fi
status=0
"$poolcheck" "$@" run --cases-file "$work/cases.txt" --report-dir "$work/report" --no-failure-db \
  > "$work/run.log" 2>&1 || status=$?
cat "$work/run.log"
grep -q "^cases: 25 from " "$work/run.log" || { echo "the run did not take the 25 listed cases"; exit 1; }
if [ $# -eq 0 ]; then
  [ "$status" -eq 0 ] || { echo "expected exit 0, got $status"; exit 1; }
  grep -q "failures 0" "$work/run.log" || { echo "expected no failures"; exit 1; }
  exit 0
fi
[ "$status" -eq 1 ] || { echo "control: expected exit 1 (failures found), got $status"; exit 1; }
# The misbehaving backend leaves gradInput unwritten when its innermost extent is 3: sample entries 3 and 7.
for source in "atk_aclnnMaxPool3dWithArgmaxBackward.json id=3" "atk_aclnnMaxPool3dWithArgmaxBackward.json id=7"; do
  grep -q "^fail: poolcheck repro .*# .*$source\$" "$work/run.log" ||
    { echo "control: no failure line naming '$source'"; exit 1; }
done
grep -q '"source":"[^"]*id=3".*' "$work/report/results.jsonl" || { echo "control: results.jsonl lacks the source"; exit 1; }
grep -q "but the oracle says" "$work/report/results.jsonl" ||
  { echo "control: the oracle comparison did not fire"; exit 1; }
echo "control: the failures name their source entries and the oracle comparison"
