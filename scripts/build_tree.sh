#!/usr/bin/env bash
# Configures (once) and builds one build tree, quietly; on a failed build prints the compiler's errors.
#   scripts/build_tree.sh DIR [--configure-only] [--target T]... [CMAKE_OPTION]...
# CMAKE_OPTIONs (-DNAME=VALUE) apply when DIR is first configured; --configure-only stops there. ccache, when
# installed, caches the compilations: a tree built again, or CI's next fresh clone of the same sources, then
# builds in minutes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
(($# >= 1)) || { echo "usage: scripts/build_tree.sh DIR [--configure-only] [--target T]... [CMAKE_OPTION]..." >&2; exit 2; }
dir=$1
shift
targets=() options=() configure_only=0
while (($#)); do
  case $1 in
    --configure-only) configure_only=1; shift ;;
    --target) (($# >= 2)) || { echo "build_tree.sh: --target needs a target name" >&2; exit 2; }
              targets+=(--target "$2"); shift 2 ;;
    -D*) options+=("$1"); shift ;;
    *) echo "build_tree.sh: $1: expected --target T or -DNAME=VALUE" >&2; exit 2 ;;
  esac
done
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR=$PWD
  # CI's clones are new folders each run: hits across them, at the price of debug info naming the folder of
  # the clone that filled the cache (a developer's tree keeps its own paths).
  [ "${CI:-}" != true ] || export CCACHE_NOHASHDIR=true
  options=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "${options[@]}")
fi
mkdir -p "$dir"
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${options[@]}" >"$dir/configure.log" 2>&1 ||
    { cat "$dir/configure.log"; exit 1; }
fi
((configure_only == 0)) || exit 0
jobs=$(nproc 2>/dev/null || echo 2)
cmake --build "$dir" -j "$jobs" "${targets[@]}" -- --no-print-directory >/dev/null 2>"$dir/build-errors.log" || {
  cat "$dir/build-errors.log"
  exit 1
}
