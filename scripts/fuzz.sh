#!/usr/bin/env bash
# A scripted libFuzzer campaign: every fuzz target of the build, MINUTES each (default 10), clang with
# ASan+UBSan, from its seed corpus and the regression inputs, with its dictionary and options. A crash, leak,
# timeout or out-of-memory input is minimised (-minimize_crash) and added to fuzz/regressions/<target>/ with a
# one-line note in fuzz/regressions/NOTES.md. Prints per target: execs/s, coverage (cov/ft of libFuzzer's last
# status line), corpus size and findings. Exit 0 without findings, 1 with findings, 2 on a usage or setup error.
#
#   scripts/fuzz.sh [-j N] [MINUTES]      -j N: run N targets at a time (default 1)
#
# Environment: BUILD_DIR (default build-fuzz), WORK_DIR (corpora, logs, artifacts; default BUILD_DIR/fuzz-campaign).
# Installs clang, libclang-rt-14-dev and zip with apt-get when they are missing (with sudo when not root).
set -euo pipefail

usage() {
  echo "usage: scripts/fuzz.sh [-j N] [MINUTES]   (N in 1..16, MINUTES in 1..1440, default 10)" >&2
  exit 2
}

jobs=1
minutes=10
while (($#)); do
  case $1 in
    -j) (($# >= 2)) || usage; jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    -h | --help) usage ;;
    *) minutes=$1; shift; (($# == 0)) || usage ;;
  esac
done
if ! [[ $jobs =~ ^[0-9]+$ ]] || ((jobs < 1 || jobs > 16)); then
  echo "fuzz.sh: -j $jobs: expected a whole number in 1..16" >&2
  usage
fi
if ! [[ $minutes =~ ^[0-9]+$ ]] || ((minutes < 1 || minutes > 1440)); then
  echo "fuzz.sh: MINUTES $minutes: expected a whole number in 1..1440" >&2
  usage
fi

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(realpath -m "${BUILD_DIR:-$root/build-fuzz}")
work=${WORK_DIR:-$build/fuzz-campaign}  # not campaign/: the campaign library builds there

# --- what the campaign needs -------------------------------------------------------------------------------
need=()
command -v clang++ >/dev/null || need+=(clang)
dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || need+=(libclang-rt-14-dev)
command -v zip >/dev/null || need+=(zip)
if ((${#need[@]})); then
  echo "fuzz.sh: installing ${need[*]}"
  sudo=()
  ((EUID == 0)) || sudo=(sudo)
  if ! "${sudo[@]}" apt-get update -qq || ! "${sudo[@]}" apt-get install -y -qq "${need[@]}"; then
    echo "fuzz.sh: could not install ${need[*]} (apt-get install ${need[*]})" >&2
    exit 2
  fi
fi

# --- build (the target list comes from the build: fuzz/fuzz_targets.tsv) -----------------------------------
# The ASan+UBSan configuration CI proves (POOLCHECK_SANITIZE), with clang and libFuzzer's instrumentation.
flags=-fsanitize=fuzzer-no-link
bash "$root/scripts/build_tree.sh" "$build" --configure-only -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DPOOLCHECK_BUILD_FUZZ=ON -DPOOLCHECK_SANITIZE=ON -DPOOLCHECK_BUILD_TESTS=OFF -DPOOLCHECK_BUILD_BENCH=OFF \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" >&2 || { echo "fuzz.sh: configure failed" >&2; exit 2; }
list=$build/fuzz/fuzz_targets.tsv
[ -s "$list" ] || { echo "fuzz.sh: the build wrote no $list" >&2; exit 2; }
mapfile -t targets < <(cut -f1 "$list")
build_targets=()
for t in "${targets[@]}"; do build_targets+=(--target "$t"); done
bash "$root/scripts/build_tree.sh" "$build" "${build_targets[@]}" >&2 || { echo "fuzz.sh: build failed" >&2; exit 2; }

# --- one target --------------------------------------------------------------------------------------------
# libFuzzer flags from an options file's [libfuzzer] section ("key = value" lines).
options_flags() {
  awk -F'=' '/^\[/ { on = ($0 == "[libfuzzer]") } on && NF == 2 { gsub(/[ \t]/, ""); print "-" $1 "=" $2 }' "$1"
}

# Runs one target; writes $dir/result ("target execs cov ft corpus findings") and keeps any finding.
run_target() {
  local t=$1 options=$2 dict=$3 seeds=$4
  local dir=$work/$t
  rm -rf "$dir/artifacts" && mkdir -p "$dir/corpus" "$dir/artifacts"
  local args=(-max_total_time=$((minutes * 60)) -print_final_stats=1 -artifact_prefix="$dir/artifacts/")
  mapfile -t -O ${#args[@]} args < <(options_flags "$options")
  [ "$dict" = - ] || args+=(-dict="$dict")
  local inputs=("$dir/corpus" "$seeds")
  [ -d "$root/fuzz/regressions/$t" ] && inputs+=("$root/fuzz/regressions/$t")
  "$build/fuzz/$t" "${args[@]}" "${inputs[@]}" >"$dir/fuzz.log" 2>&1 || true

  local findings=0 a name note
  for a in "$dir"/artifacts/{crash,leak,timeout,oom}-*; do  # not slow-unit-*: slow is not wrong
    [ -e "$a" ] || continue
    findings=$((findings + 1))
    # Minimise crashes and leaks; timeouts and OOMs are kept as found (minimising them takes as long again).
    if [[ $(basename "$a") == crash-* || $(basename "$a") == leak-* ]]; then
      "$build/fuzz/$t" "${args[@]/-max_total_time=*/-max_total_time=120}" -minimize_crash=1 \
        -exact_artifact_path="$a.min" "$a" >"$dir/minimize.log" 2>&1 || true
      [ -s "$a.min" ] && mv "$a.min" "$a"
    fi
    name=found-$(date -u +%Y%m%d)-$(basename "$a")
    mkdir -p "$root/fuzz/regressions/$t"
    cp "$a" "$root/fuzz/regressions/$t/$name"
    note=$(grep -m1 -E '==poolcheck-fuzz== FINDING|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error' \
      "$dir/fuzz.log" | cut -c1-200 || true)
    echo "- \`$t/$name\`: found by scripts/fuzz.sh: ${note:-see the fuzzer log}" >>"$root/fuzz/regressions/NOTES.md"
  done

  # Final stats: execs/s from -print_final_stats, cov/ft from the last status line.
  local execs cov ft corpus
  execs=$(awk '/stat::average_exec_per_sec:/ { v = $2 } END { print v + 0 }' "$dir/fuzz.log")
  cov=$(grep -oE ' cov: [0-9]+' "$dir/fuzz.log" | tail -1 | grep -oE '[0-9]+' || echo 0)
  ft=$(grep -oE ' ft: [0-9]+' "$dir/fuzz.log" | tail -1 | grep -oE '[0-9]+' || echo 0)
  corpus=$(find "$dir/corpus" -type f | wc -l)
  echo "$t $execs ${cov:-0} ${ft:-0} $corpus $findings" >"$dir/result"
}

# --- the campaign ------------------------------------------------------------------------------------------
echo "fuzz.sh: ${#targets[@]} targets, $minutes min each, $jobs at a time; logs in $work/<target>/fuzz.log"
running=0
while IFS=$'\t' read -r t options dict seeds; do
  rm -f "$work/$t/result"
  run_target "$t" "$options" "$dict" "$seeds" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
done <"$list"
wait

total=0
printf '%-32s %10s %8s %8s %8s %9s\n' target execs/s cov ft corpus findings
for t in "${targets[@]}"; do
  if [ -s "$work/$t/result" ]; then
    read -r _ execs cov ft corpus findings <"$work/$t/result"
  else
    execs='?' cov='?' ft='?' corpus='?' findings=1  # the run itself failed: count it
  fi
  printf '%-32s %10s %8s %8s %8s %9s\n' "$t" "$execs" "$cov" "$ft" "$corpus" "$findings"
  total=$((total + findings))
done
if ((total)); then
  echo "fuzz.sh: $total finding(s), added to fuzz/regressions/ (see fuzz/regressions/NOTES.md and the logs)"
  exit 1
fi
echo "fuzz.sh: no findings"
