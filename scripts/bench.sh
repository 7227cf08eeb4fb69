#!/usr/bin/env bash
# Builds the benchmarks (Release unless BUILD_TYPE says otherwise) and runs them all, writing the raw
# Google Benchmark JSON to <report-dir>/bench/<op>.json, floor.json and harness.json, and the ratio table to
# <report-dir>/bench/ratios.json (docs/performance.md).
#   scripts/bench.sh [report-dir]      default report dir: poolcheck-report
#   scripts/bench.sh --packages        print the optional packages it installs
# Environment: BUILD_DIR (build-bench), BUILD_TYPE (Release), POOLCHECK_BENCH_THREADS (number of cores),
# REPS (9: repetitions of every benchmark; the ratios use their medians, which a shared VM needs),
# MIN_TIME (0.1: seconds per repetition), BENCH_ARGS (extra Google Benchmark flags, e.g.
# --benchmark_filter=f32). The repetitions of all benchmarks of a binary run in random interleaved order,
# so a slow period of the machine falls on impl, peers and copy alike instead of on one of them.
# PEERS=0 skips installing the optional peers (libtorch-dev, libdnnl-dev with ocl-icd-opencl-dev); without
# them the peer benchmarks report "skipped" and the ratios are null.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
optional=()
# ocl-icd-opencl-dev: Debian's dnnl CMake config requires OpenCL (headers and libOpenCL.so), which libdnnl-dev
# only recommends and --no-install-recommends leaves out.
[ "${PEERS:-1}" = 0 ] || optional=(libtorch-dev libdnnl-dev ocl-icd-opencl-dev)
# --packages: only print them (tests/fresh_machine checks the list).
[ "${1:-}" != --packages ] || { echo "${optional[*]}"; exit 0; }
POOLCHECK_OPTIONAL_PACKAGES="${optional[*]}" POOLCHECK_SETUP_BUILD=0 bash scripts/setup.sh
report_dir=${1:-poolcheck-report}
build_dir=${BUILD_DIR:-build-bench}
jobs=$(nproc)
export POOLCHECK_BENCH_THREADS=${POOLCHECK_BENCH_THREADS:-$jobs}
export ASCEND_GLOBAL_LOG_LEVEL=${ASCEND_GLOBAL_LOG_LEVEL:-4}

cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" -DPOOLCHECK_BUILD_BENCH=ON >/dev/null
# One benchmark binary per row of the operator table.
mapfile -t ops < <(awk '/^[a-z]/ {print $1}' ops/operators.txt)
targets=("${ops[@]/%/_bench}" emulator_floor_bench harness_bench campaign_stages_bench bench_ratios)
cmake --build "$build_dir" -j"$jobs" --target "${targets[@]}"

out="$report_dir/bench"
mkdir -p "$out"
echo "== threads: $POOLCHECK_BENCH_THREADS (impl host threads, torch, oneDNN, copy)"
repeat=(--benchmark_repetitions="${REPS:-9}" --benchmark_enable_random_interleaving=true)
for op in "${ops[@]}"; do
  # shellcheck disable=SC2086
  "$build_dir/bench/${op}_bench" --benchmark_out="$out/$op.json" --benchmark_out_format=json "${repeat[@]}" \
    --benchmark_min_time="${MIN_TIME:-0.1}" ${BENCH_ARGS:-}
done
# The emulator's floor beside the memcpy baseline (docs/performance.md): rows "emulator_floor" in the ratio file.
"$build_dir/bench/emulator_floor_bench" --benchmark_out="$out/floor.json" --benchmark_out_format=json "${repeat[@]}" \
  --benchmark_min_time="${MIN_TIME:-0.1}"
"$build_dir/bench/harness_bench" --benchmark_out="$out/harness.json" --benchmark_out_format=json "${repeat[@]}"
"$build_dir/bench/campaign_stages_bench" --benchmark_out="$out/stages.json" --benchmark_out_format=json "${repeat[@]}"
op_json=()
for op in "${ops[@]}"; do op_json+=("$out/$op.json"); done
"$build_dir/bench/bench_ratios" "$out/ratios.json" "${op_json[@]}" "$out/floor.json" "$out/harness.json"
echo "== wrote $out/ratios.json"
