#!/usr/bin/env bash
# Quick start 1: set up, build and run the default campaign (all operators, 3000 cases, seed 1), writing a
# report to ./poolcheck-report. Extra arguments go to `poolcheck run`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
exec build/cli/poolcheck run --report-dir poolcheck-report "$@"
