#!/usr/bin/env bash
# Quick start 2: set up, build and run the test suite through ctest, as CI does, in three build trees:
#   default  build/       RelWithDebInfo: every test
#   asan     build-asan/  the README's ASan+UBSan build (benchmarks included): every test
#   tsan     build-tsan/  the README's ThreadSanitizer build: the tests labelled `threads` (isolation, the
#                         worker pool, the emulated AI-core blocks on their threads)
# In the sanitizer trees every process halts on its first sanitizer report, which fails its test; a report
# from a worker process (which a campaign would count as a crash) also fails the run: each report is kept in
# <tree>/sanitizer-reports/ and printed (sanitizer_reports.sh, which counts the tests' deliberate null-pointer
# crashes apart).
#   scripts/test.sh [default|asan|tsan]... [-- CTEST_ARGUMENT...]     (no tree named: all three, in that order)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

trees=() ctest_args=()
while (($#)); do
  case $1 in
    default | asan | tsan) trees+=("$1"); shift ;;
    --) shift; ctest_args=("$@"); break ;;
    *) echo "test.sh: $1: expected default, asan, tsan or -- before ctest's arguments" >&2; exit 2 ;;
  esac
done
((${#trees[@]})) || trees=(default asan tsan)
jobs=$(nproc 2>/dev/null || echo 2)

bash scripts/setup.sh  # the packages, and the default tree (the sanitizer trees take its set-up as it is)

# Runs ctest in DIR with the sanitizer options of its tree; fails on a failing test or on any report written.
run_ctest() {
  local name=$1 dir=$2
  shift 2
  local reports=$PWD/$dir/sanitizer-reports
  rm -rf "$reports" && mkdir -p "$reports"
  local started=$SECONDS status=0
  echo "== test.sh: $name tree ($dir)"
  (
    cd "$dir"
    ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:log_path=$reports/asan" \
      UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$reports/ubsan" \
      TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$reports/tsan" \
      ctest --output-on-failure -j "$jobs" "$@" "${ctest_args[@]}"
  ) || status=$?
  bash scripts/sanitizer_reports.sh "$reports" "test.sh: $name tree" || status=1
  echo "== test.sh: $name tree: $((SECONDS - started)) s of tests, exit $status"
  return $status
}

# Builds a sanitizer tree, saying how long it took.
build_sanitizer_tree() {
  local started=$SECONDS
  bash scripts/build_tree.sh "$@"
  echo "== test.sh: built $1 in $((SECONDS - started)) s"
}

overall=0
for tree in "${trees[@]}"; do
  case $tree in
    default) run_ctest default build || overall=1 ;;
    asan)
      build_sanitizer_tree build-asan -DPOOLCHECK_SANITIZE=ON
      run_ctest "ASan+UBSan" build-asan || overall=1
      ;;
    tsan)
      build_sanitizer_tree build-tsan --target threads_tests -DPOOLCHECK_TSAN=ON
      run_ctest ThreadSanitizer build-tsan -L threads || overall=1
      ;;
  esac
done
echo "== test.sh: ${trees[*]}: $SECONDS s in all, exit $overall"
exit $overall
