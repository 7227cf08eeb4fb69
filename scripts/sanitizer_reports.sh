#!/usr/bin/env bash
# Reads the sanitizer reports a test run left in DIR (ASAN_OPTIONS / UBSAN_OPTIONS / TSAN_OPTIONS log_path) and
# prints each finding whole; exit 1 when there is one, 0 otherwise. The misbehaving test backend and the
# upstream profile crash on purpose through a null pointer, which the sanitizer reports in place of the kernel's
# SIGSEGV: such a report (a null address, its top frame in one of those two files) is counted, not a finding.
#   scripts/sanitizer_reports.sh DIR [TREE_NAME]
set -euo pipefail
(($# >= 1)) || { echo "usage: scripts/sanitizer_reports.sh DIR [TREE_NAME]" >&2; exit 2; }
dir=$1 name=${2:-$1}
deliberate=0 findings=0
for f in "$dir"/*; do
  [ -f "$f" ] || continue
  if grep -q "Sanitizer: SEGV on unknown address 0x000000000000" "$f" &&
    grep -m1 " #0 " "$f" | grep -q -e tests/backends/misbehaving_backend.cpp -e impl/ops/common/upstream_call.cpp; then
    deliberate=$((deliberate + 1))
    continue
  fi
  echo "== $name: sanitizer report $f (the process halted on it):"
  cat "$f"
  findings=$((findings + 1))
done
((deliberate == 0)) || echo "== $name: $deliberate deliberate null-pointer crashes reported by the sanitizer"
((findings == 0)) || { echo "== $name: $findings sanitizer reports"; exit 1; }
