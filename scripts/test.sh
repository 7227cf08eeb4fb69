#!/usr/bin/env bash
# Quick start 2: set up, build and run the whole test suite through ctest (bounded property runs).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
cd build
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
