#!/usr/bin/env bash
# Compiles sources of this build again with another documented configuration's flags (warnings are errors as
# in every build), so one build sees what the optimiser reports under the others: GCC 12's -O3 -Wrestrict
# false positives on "literal" + std::string&&, its -Wmaybe-uninitialized inside std::regex under
# -fsanitize=address (GCC bug 105616), each of which once stopped a documented build of files that built clean
# in this one.
#   other_config_flags.sh [--compiler CXX] COMPILE_COMMANDS "THIS_CONFIG_FLAGS" "OTHER_CONFIG_FLAGS" SOURCE...
# Each SOURCE is compiled with its own command from compile_commands.json, or, written FILE=AS, FILE with the
# command of AS (for a source outside the build); --compiler runs that command with another compiler (clang++
# for a g++ build). The object goes to /dev/null.
set -euo pipefail
compiler=
if [ "${1:-}" = --compiler ]; then
  compiler=$2
  shift 2
fi
db=$1 this_flags=$2 other_flags=$3
shift 3
status=0
for item in "$@"; do
  file=${item%%=*} as=${item#*=}
  # CMake writes one "key": "value" per line; the command precedes the file it compiles.
  entry=$(awk -v f="\"file\": \"$as\"" '/"directory":/ { d = $0 } /"command":/ { c = $0 } index($0, f) { print d; print c; exit }' "$db")
  if [ -z "$entry" ]; then
    echo "BAD: $as is not in $db"
    status=1
    continue
  fi
  dir=$(sed -nE '1s/^ *"directory": "(.*)",$/\1/p' <<<"$entry")
  cmd=$(sed -nE '2s/^ *"command": "(.*)",$/\1/p' <<<"$entry" | sed -E 's/\\"/"/g; s/\\\\/\\/g')
  eval "args=($cmd)"
  [ -z "$compiler" ] || args[0]=$compiler
  out=()
  skip=0
  for a in "${args[@]}"; do
    if ((skip)); then
      skip=0
      continue
    fi
    case " $this_flags " in *" $a "*) continue ;; esac
    case $a in
      -o) skip=1 ;;
      "$as") out+=("$file") ;;
      *) out+=("$a") ;;
    esac
  done
  # shellcheck disable=SC2206
  extra=($other_flags)
  echo "== ${out[0]} $file: ${extra[*]}"
  (cd "$dir" && "${out[@]}" "${extra[@]}" -o /dev/null) || status=1
done
exit $status
