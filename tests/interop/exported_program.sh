#!/usr/bin/env bash
# A failure found by a campaign, exported as a standalone program, built against the installed package with the
# README's command, and run: against the emulator it passes; against misbehaving backends (LD_PRELOAD) it fails,
# naming the check that fired: the oracle comparison for an unwritten output ("gradInput[i,j,...] = X but the oracle
# says Y"), the red zones for a write past the output. Its ATK entry imports back as the same case.
#   exported_program.sh POOLCHECK BUILD_DIR WORK_DIR NO_WRITE_LIB WRITE_PAST_LIB CXX [CLIENT_FLAGS]
set -euo pipefail
poolcheck=$1 build=$2 work=$3 no_write=$4 write_past=$5 cxx=$6 flags=${7:-}
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" > /dev/null
# A sanitized program must be allowed a preloaded library ahead of its runtime.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"

status=0
"$poolcheck" --backend "$no_write" run --op maxpool3d_grad --cases 240 --seed 5 -q --failure-db "$work/db" \
  --report-dir "$work/campaign" > /dev/null || status=$?
[ "$status" -eq 1 ] || { echo "the campaign against the misbehaving backend should find failures (exit $status)"; exit 1; }
entry=$(ls "$work/db"/*.json | head -1)
id=$(basename "$entry" .json)
descriptor=$(sed -n 's/.*"descriptor": *"\([^"]*\)".*/\1/p' "$entry" | head -1)
soc=$(echo "$descriptor" | sed 's/.* soc=\([^ ]*\).*/\1/')
echo "failure $id: $descriptor"

build_program() {  # DIR NAME
  (cd "$1" && $cxx -std=c++17 -O2 -Wall -Wextra -Werror $flags "$2.cpp" -I"$work/prefix/include/poolcheck" \
     -L"$work/prefix/lib" -lpoolcheck_acl -Wl,-rpath,"$work/prefix/lib" -o "$2")
}
expect() {  # STATUS PATTERN COMMAND...
  local want=$1 pattern=$2 got=0
  shift 2
  out=$("$@" 2>&1) || got=$?
  echo "$out"
  [ "$got" -eq "$want" ] || { echo "expected exit $want, got $got: $*"; exit 1; }
  echo "$out" | grep -Eq "$pattern" || { echo "expected output matching '$pattern'"; exit 1; }
}

"$poolcheck" export "$id" --failure-db "$work/db" --to "$work/export" --name failing
build_program "$work/export" failing
cd "$work/export"
expect 0 "^poolcheck-repro failing: PASS: gradInput matches the oracle" env POOLCHECK_SOC="$soc" ./failing
# Controls: each names the check it expects to fire.
expect 1 "^poolcheck-repro failing: FAIL: gradInput\[[0-9,]+\] = .* but the oracle says" \
  env LD_PRELOAD="$no_write" POOLCHECK_SOC="$soc" ./failing
expect 1 "^poolcheck-repro failing: FAIL: the call wrote outside the allocation of gradInput" \
  env LD_PRELOAD="$write_past" POOLCHECK_SOC="$soc" ./failing

# Every tensor in .npy files beside the program: the same verdicts, and a missing file is "could not run".
"$poolcheck" export "$descriptor" --to "$work/sidecar" --name sidecar --embed-limit 0 --what program > /dev/null
build_program "$work/sidecar" sidecar
ls "$work/sidecar"/sidecar.gradOutput.npy > /dev/null
expect 0 "PASS" env POOLCHECK_SOC="$soc" "$work/sidecar/sidecar" "$work/sidecar"
expect 2 "COULD NOT RUN: /nonexistent/sidecar\.[a-zA-Z]+\.npy is missing" env POOLCHECK_SOC="$soc" "$work/sidecar/sidecar" /nonexistent

# The ATK entry reads back as the failing case.
"$poolcheck" import "$work/export/failing.atk.json" -o "$work/reimported.txt" 2> /dev/null
grep -qF "$descriptor  # " "$work/reimported.txt" || { echo "the exported ATK entry did not import as the case"; exit 1; }
echo "exported program: passes on the emulator, fails naming the element and the write past; ATK entry round-trips"
