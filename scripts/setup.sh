#!/usr/bin/env bash
# Installs what is missing (Debian 12, apt only), configures and builds poolcheck in ./build (build_tree.sh).
# Idempotent and quiet when nothing is missing. Run by run.sh, test.sh and bench.sh; POOLCHECK_SETUP_BUILD=0
# installs only (bench.sh builds its own tree).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages=(g++ cmake make git coreutils ccache parallel libgtest-dev libgmock-dev googletest librapidcheck-dev libbenchmark-dev
          libspdlog-dev libcli11-dev nlohmann-json3-dev libgoogle-perftools-dev chromium)

# Installs those of the given packages that are missing; the first argument says what the packages are.
install_missing() {
  local what=$1 p
  shift
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "poolcheck setup: installing $what ${missing[*]}"
  local sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq && "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
install_missing "required" "${packages[@]}"
# Optional extras (the benchmark peers from scripts/bench.sh): installed when possible, never fatal.
# shellcheck disable=SC2086
install_missing "optional" ${POOLCHECK_OPTIONAL_PACKAGES:-} || echo "poolcheck setup: optional packages skipped"
[ "${POOLCHECK_SETUP_BUILD:-1}" != 0 ] || exit 0

bash scripts/build_tree.sh build
