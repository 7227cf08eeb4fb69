#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script: builds the libFuzzer targets with the environment's compilers,
# flags and engine, and installs each target with its seed corpus (zip), dictionary and options in $OUT.
#   CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE OUT [SRC] [WORK]
# Locally: CC=clang CXX=clang++ CFLAGS="-fsanitize=address,undefined,fuzzer-no-link" \
#   CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out bash fuzz/build.sh
# Stated again: `bash fuzz/build.sh` (the documented call) ignores the options of the first line.
set -euo pipefail
for v in CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE OUT; do
  [ -n "${!v+set}" ] || { echo "fuzz/build.sh: $v is not set (usage above)" >&2; exit 2; }
done
command -v zip >/dev/null || { echo "fuzz/build.sh: needs zip (apt-get install zip)" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
build=${WORK:-/tmp}/poolcheck-fuzz-build
# One target per row of the operator table, and the API sequence fuzzer.
ops=$(awk '/^[a-z]/ {print $1}' "$root/ops/operators.txt")
targets="$(for op in $ops; do printf '%s_fuzzer ' "$op"; done)api_sequence_fuzzer"

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
  -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" -DPOOLCHECK_BUILD_FUZZ=ON -DPOOLCHECK_BUILD_TESTS=OFF \
  -DPOOLCHECK_BUILD_BENCH=OFF -DPOOLCHECK_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath,\$ORIGIN/lib"
# shellcheck disable=SC2086
cmake --build "$build" -j"$(nproc)" --target $targets

mkdir -p "$OUT/lib"
cp -P "$build"/impl/libpoolcheck_acl.so* "$OUT/lib/"  # the targets find it through $ORIGIN/lib
for t in $targets; do
  cp "$build/fuzz/$t" "$OUT/"
  op_dir="$root/ops/${t%_fuzzer}"
  if [ -d "$op_dir" ]; then  # an operator's target: its dictionary and options live in its folder
    cp "$op_dir/fuzzer.options" "$OUT/$t.options"
    cp "$op_dir/fuzzer.dict" "$OUT/$t.dict"
  else
    cp "$here/$t.options" "$OUT/"
  fi
  rm -f "$OUT/${t}_seed_corpus.zip"
  # The seed corpus plus every regression input, so campaigns start from the known crashers too.
  (cd "$here/corpora/${t}_seed_corpus" && zip -q -j "$OUT/${t}_seed_corpus.zip" ./*)
  if [ -d "$here/regressions/$t" ] && [ -n "$(ls -A "$here/regressions/$t")" ]; then
    (cd "$here/regressions/$t" && zip -q -j "$OUT/${t}_seed_corpus.zip" ./*)
  fi
done
