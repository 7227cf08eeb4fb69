#!/usr/bin/env bash
# The optional packages scripts/bench.sh installs (apt-get --no-install-recommends) include what the peers' CMake
# configs require at configure time: Debian's dnnl config calls find_package(OpenCL REQUIRED) (its GPU runtime
# is OpenCL) and find_package(TBB REQUIRED) if its CPU threading were TBB, and libdnnl-dev only recommends the
# packages behind them. Where libdnnl-dev is installed, the runtimes are read from its config; elsewhere Debian
# 12's (OpenMP threading, OpenCL GPU runtime) are assumed.
#   bench_packages.sh BENCH_SCRIPT
set -euo pipefail
packages=" $(bash "$1" --packages) "
echo "bench.sh installs:$packages"
bad=0
need() {  # need PACKAGE WHY
  if [[ $packages != *" $1 "* ]]; then
    echo "BAD: $1 is missing from the list: $2"
    bad=1
  fi
}
[[ $packages == *" libdnnl-dev "* ]] || { echo "no libdnnl-dev in the list: nothing to check"; exit 0; }

gpu=OCL threading=OMP source="Debian 12's libdnnl-dev 2.6 (assumed)"
config=$(ls /usr/lib/*/cmake/dnnl/dnnl-config.cmake /usr/lib/cmake/dnnl/dnnl-config.cmake 2>/dev/null | head -1 || true)
if [ -n "$config" ]; then
  gpu=$(sed -nE 's/^set\(DNNL_GPU_RUNTIME "([A-Z]*)"\)/\1/p' "$config")
  threading=$(sed -nE 's/^set\(DNNL_CPU_THREADING_RUNTIME "([A-Z]*)"\)/\1/p' "$config")
  source=$config
  # A config that requires a package this check does not know about fails it, rather than passing unchecked.
  for name in $(grep -oE 'find_package\([A-Za-z0-9_]+' "$config" | sed 's/find_package(//' | sort -u); do
    case $name in
      OpenCL | TBB) ;;
      *) echo "BAD: $config requires $name, which this check does not map to a Debian package"; bad=1 ;;
    esac
  done
fi
echo "dnnl config: $source: GPU runtime ${gpu:-none}, CPU threading ${threading:-none}"
[ "$gpu" != OCL ] || need ocl-icd-opencl-dev "the dnnl config requires OpenCL (CL/cl.h, libOpenCL.so)"
[ "$threading" != TBB ] || need libtbb-dev "the dnnl config requires TBB"
exit $bad
