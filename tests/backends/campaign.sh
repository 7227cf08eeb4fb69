#!/usr/bin/env bash
# One campaign against a misbehaving backend, checked case by case against the same campaign on the emulator.
#   campaign.sh POOLCHECK CHECKER REFERENCE_DIR WORK_DIR BACKEND OUTCOMES MESSAGE [poolcheck global options...]
# The reference run (REFERENCE_DIR) is made by the first caller; the campaign itself must finish (exit 1:
# it found the misbehaviour) and keep every case.
set -euo pipefail
poolcheck=$1 checker=$2 reference=$3 work=$4 backend=$5 outcomes=$6 message=$7
shift 7
campaign=(run --op maxpool3d_grad --cases 240 --seed 5 --no-failure-db -q)
rm -rf "$work"
status=0
"$poolcheck" --backend "$backend" "$@" "${campaign[@]}" --report-dir "$work" || status=$?
if [ "$status" -ne 1 ]; then
  echo "expected exit 1 (failures found), got $status"
  exit 1
fi
"$checker" "$reference/results.jsonl" "$work/results.jsonl" "$outcomes" "$message"
