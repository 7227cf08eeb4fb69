#!/usr/bin/env bash
# A campaign against a backend with none of the emulator's entry points (opaque_backend.cpp):
#   - it runs on the backend's own SoC: every case is pinned to Ascend910B (the emulator's default);
#   - the tiling is unknown in every result;
#   - its only failures are cases whose view reaches past an undersized allocation (`alloc=`): the emulator
#     behind the wrapper checks views against allocations, and the harness's red zones make each allocation
#     look larger to it, so such a case is accepted and its writes land in the red zones, which say so;
#   - cases run a second time do so with the same knobs, and their results say so.
#   opaque_campaign.sh POOLCHECK OPAQUE_LIBRARY WORK_DIR
set -euo pipefail
poolcheck=$1 library=$2 work=$3
rm -rf "$work"
"$poolcheck" --backend "$library" run --cases 400 --seed 3 --no-failure-db -q --report-dir "$work" >"$work.log" || true
cat "$work.log"
results=$work/results.jsonl
lines=$(wc -l <"$results")
[ "$lines" -eq 400 ] || { echo "expected 400 results, got $lines"; exit 1; }
pinned=$(grep -c '"platform":"Ascend910B"' "$results" || true)
[ "$pinned" -eq 400 ] || { echo "only $pinned of 400 cases ran on the backend's own SoC"; exit 1; }
known=$(grep -c '"known":true' "$results" || true)
[ "$known" -eq 0 ] || { echo "$known results claim a known tiling"; exit 1; }
unexplained=$(grep '"failure":true' "$results" | grep -vc 'alloc=' || true)
[ "$unexplained" -eq 0 ] || { echo "$unexplained failures without an undersized allocation"; exit 1; }
reruns=$(grep -c '"rerun":' "$results" || true)
same=$(grep -c '"knobs":"same knobs (the backend has no pcEmu knob or schedule control)"' "$results" || true)
[ "$reruns" -gt 0 ] || { echo "no case ran a second time"; exit 1; }
[ "$same" -eq "$reruns" ] || { echo "only $same of $reruns second runs say they kept the knobs"; exit 1; }
grep -q '"backend": ".*libopaque_backend.so"' "$work/summary.json" || { echo "summary.json does not name the backend"; exit 1; }
echo "opaque backend campaign OK"
