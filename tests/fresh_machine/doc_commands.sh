#!/usr/bin/env bash
# Every command the documents show names things that exist: the scripts they run (and those parse), the
# poolcheck subcommands and options (against the built tool's --help), the CMake options they set, the build
# targets and built programs they name, the tests a ctest -R selects and the repository paths they pass; and
# a parallel build gives its job count.
# It runs nothing expensive; whether the commands then work is what the commands themselves do.
#   doc_commands.sh SOURCE_DIR BUILD_DIR POOLCHECK FILE.md...
# Prints one "BAD file:line: command: reason" per problem; exit 1 if there is any.
set -uo pipefail
src=$1 build=$2 tool=$3
shift 3
bad=0
checked=0

# The commands of a Markdown file as "LINE<TAB>COMMAND": the lines of ```sh blocks (continuations joined,
# comments dropped) and the inline code spans of other paragraphs (joined over line breaks) that start like a
# command.
extract() {
  awk '
    function flush(   s, span) {
      s = para
      while (match(s, /`[^`]+`/)) {
        span = substr(s, RSTART + 1, RLENGTH - 2)
        s = substr(s, RSTART + RLENGTH)
        if (span ~ /^([A-Z_]+=("[^"]*"|'"'"'[^'"'"']*'"'"'|[^ ]*) )*(bash|cmake|ctest|poolcheck|gdb|mkdir|\(cd|build[^ \/]*\/[^ ]*)( |$)/)
          print para_line "\t" span
      }
      para = ""
    }
    /^```/ { if (fence) { fence = 0 } else { flush(); fence = 1; lang = substr($0, 4) } next }
    fence {
      if (lang != "sh" && lang != "bash") next
      line = $0
      if (cont != "") { line = cont " " line; no = cont_no } else no = NR
      if (line ~ /\\$/) { cont = substr(line, 1, length(line) - 1); cont_no = no; next }
      cont = ""
      sub(/[ \t]+#.*$/, "", line)
      if (line ~ /[^ \t]/) print no "\t" line
      next
    }
    /^[ \t]*$/ || /^[ \t]*- / || /^#/ || /^\|/ { flush() }
    /^[ \t]*$/ { next }
    { if (para == "") para_line = NR; para = para (para == "" ? "" : " ") $0 }
    END { flush() }
  ' "$1"
}

report() {
  echo "BAD $where: $cmd: $*"
  bad=1
}

# A program under a build directory: build/X is the default build's X; another build directory's X (asan,
# fuzz) is the same program, or for a libFuzzer target its replay twin, which every build has.
check_built() {
  local rel=${1#*/}
  [ -e "$build/$rel" ] && return
  [[ $1 != build/* && -e "$build/${rel}_replay" ]] && return
  report "no $rel in the build ($1)"
}

# Arguments that name files of the repository (fuzz/..., tests/..., also in -opt=PATH) must exist.
check_repo_paths() {
  local w path top
  for w in "$@"; do
    path=${w#-*=}
    path=${path#[}
    path=${path%]}
    [[ $path == */* && $path != /* && $path != *'<'* && $path != *'*'* && $path != *...* ]] || continue
    top=${path%%/*}
    [[ $top != build* && -d $src/$top ]] || continue
    [ -e "$src/$path" ] || report "no $path in the repository"
  done
}

# The tool's --help for a subcommand chain, asked once per chain: each call starts the tool, which under a
# sanitizer costs half a second, and the documents show hundreds of poolcheck commands. Sets help; status 1 if
# the tool failed.
# A help text holding a byte that is neither printable nor white space (a char-sized enum's value printed raw)
# is reported too.
declare -A help_by_chain
help_file=$(mktemp)
trap 'rm -f "$help_file"' EXIT
load_help() {
  local key="chain:$*" odd
  if [ -z "${help_by_chain[$key]+set}" ]; then
    if "$tool" "$@" --help >"$help_file" 2>&1; then
      odd=$(LC_ALL=C tr -d '[:print:][:space:]' <"$help_file" | od -An -tx1 | tr -s ' \n' ' ')
      [ -z "${odd// /}" ] || report "poolcheck $* --help prints unprintable bytes:$odd"
      help_by_chain[$key]=$(tr -d '\0' <"$help_file")
    else
      help_by_chain[$key]="FAILED"
    fi
  fi
  help=${help_by_chain[$key]}
  [ "$help" != FAILED ]
}

# `poolcheck [global options] SUBCOMMAND... [options] [positionals]` against the tool's own --help: each
# subcommand exists, each option exists where it is given, a word that is neither an option's value, a
# subcommand nor a positional the command takes is an error, and a positional with a fixed set is one of it.
check_poolcheck() {
  local chain=() help words w opt line value=0 choices at
  load_help || { report "poolcheck --help failed"; return; }
  words=("$@")
  for w in "${words[@]}"; do
    at="poolcheck${chain[*]:+ ${chain[*]}}"
    w=${w#[}
    w=${w%]}
    if ((value)); then
      value=0
      continue
    fi
    if [[ $w == -* ]]; then
      opt=${w%%=*}
      # A flag with a default value shows it in braces: "--until-covered{1}".
      line=$(grep -E "^ +(-[a-zA-Z],)?${opt}( |,|\{|$)" <<<"$help" | head -1)
      if [ -z "$line" ]; then
        report "$at has no option $opt"
        return
      fi
      # An option with a type (TEXT, INT, ...) takes a value, unless it came as --opt=value.
      [[ $w != *=* && $line =~ ^\ +[^\ ]+\ [A-Z]+ ]] && value=1
    elif grep -qE "^Subcommands:" <<<"$help" && grep -A100 -E "^Subcommands:" <<<"$help" | grep -qE "^  $w( |$)"; then
      chain+=("$w")
      load_help "${chain[@]}" || { report "poolcheck ${chain[*]} --help failed"; return; }
    elif grep -qE "^Positionals:" <<<"$help"; then
      choices=$(grep -A1 -E "^Positionals:" <<<"$help" | grep -oE ':\{[^}]*\}' | head -1 | tr -d ':{}')
      if [ -n "$choices" ] && [[ ,$choices, != *",$w,"* ]] && [[ $w =~ ^[a-z]+$ ]]; then
        report "$at: '$w' is not one of $choices"
        return
      fi
    else
      report "$at has no subcommand $w"
      return
    fi
  done
}

check_simple() {
  local words=("$@") prog
  # VAR=value prefixes; `gdb --args` runs what follows.
  while ((${#words[@]})) && [[ ${words[0]} =~ ^[A-Z_]+= ]]; do words=("${words[@]:1}"); done
  [[ ${words[0]:-} == gdb && ${words[1]:-} == --args ]] && words=("${words[@]:2}")
  ((${#words[@]})) || return
  prog=${words[0]}
  case $prog in
    bash)
      local script=${words[1]:-}
      check_repo_paths "${words[@]:2}"
      if [ ! -f "$src/$script" ]; then
        report "no script $script"
      elif ! bash -n "$src/$script" 2>/dev/null; then
        report "$script does not parse (bash -n)"
      fi
      ;;
    *) check_repo_paths "${words[@]:1}" ;;&
    poolcheck | */poolcheck)
      [[ $prog == build*/* ]] && check_built "$prog"
      check_poolcheck "${words[@]:1}"
      ;;
    cmake)
      local i w name
      for ((i = 1; i < ${#words[@]}; i++)); do
        w=${words[i]}
        if [[ $w =~ ^-D(POOLCHECK_[A-Z0-9_]+)= ]]; then
          name=${BASH_REMATCH[1]}
          grep -rqsE --include=CMakeLists.txt "(option\(|set\()$name " "$src" || report "no CMake option $name"
        elif [[ $w == -j && ! ${words[i + 1]:-} =~ ^[0-9] ]]; then
          # make -j without a number starts every job at once: hundreds of compilers on a small machine.
          report "cmake --build -j without a job count"
        elif [[ $w == --target ]]; then
          for ((i++; i < ${#words[@]}; i++)); do
            [[ ${words[i]} == -* ]] && break
            # A target has a CMakeFiles/<target>.dir in the build tree (Makefiles and Ninja alike); a libFuzzer
            # target exists only in a fuzz build, its replay twin in every build.
            [ -n "$(find "$build" -type d \( -name "${words[i]}.dir" -o -name "${words[i]}_replay.dir" \) -print -quit)" ] ||
              report "no build target ${words[i]}"
          done
        fi
      done
      ;;
    ctest)
      local i
      for ((i = 1; i < ${#words[@]}; i++)); do
        if [[ ${words[i]} == -R ]]; then
          ctest --test-dir "$build" -N -R "${words[i + 1]}" 2>/dev/null | grep -qE "^Total Tests: [1-9]" ||
            report "ctest -R ${words[i + 1]} selects no test"
        fi
      done
      ;;
    build*/*) check_built "$prog" ;;
  esac
}

for doc in "$@"; do
  while IFS=$'\t' read -r no text; do
    where="${doc#"$src"/}:$no"
    cmd=$text
    checked=$((checked + 1))
    [ -z "${VERBOSE:-}" ] || echo "checking $where: $cmd"
    # Quoted words become one placeholder word (descriptors, patterns); then split at && || ; | ( ).
    text=$(sed -E "s/'[^']*'/'Q'/g; s/\"[^\"]*\"/Q/g; s/(&&|\|\||;|\||\(|\))/\n/g" <<<"$text")
    # The pattern of ctest -R is kept as written (its quotes removed).
    while IFS= read -r simple; do
      read -ra words <<<"$simple"
      ((${#words[@]})) || continue
      if [[ ${words[0]} == ctest ]]; then
        read -ra words <<<"$(grep -oE "ctest[^&|;()]*" <<<"$cmd" | head -1 | tr -d "'\"")"
      fi
      [[ ${words[0]} == cd ]] && continue
      check_simple "${words[@]}"
    done <<<"$text"
  done < <(extract "$doc")
done
echo "$checked commands in $# documents checked"
exit $bad
