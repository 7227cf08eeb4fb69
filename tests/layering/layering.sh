#!/usr/bin/env bash
# The layering check (docs/layering.md): every include and every direct link edge against the allowed table.
#   layering.sh [--table FILE] includes SOURCE_ROOT   each #include of each .h/.hpp/.cpp/.c file in the folders
#                                                     that take part in the build (those with a CMakeLists.txt)
#   layering.sh [--table FILE] links EDGES...         the edges cmake/Layering.cmake wrote at configure time
# Prints one line per violation and exits 1 if there is any; 2 on a usage or table error. LAYERING_VERBOSE=1
# also prints every checked edge.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage() {
  echo "usage: $0 [--table FILE] includes SOURCE_ROOT | [--table FILE] links EDGES..." >&2
  exit 2
}
table=$here/layers.txt
if [ "${1:-}" = --table ]; then
  (($# >= 2)) || usage
  table=$2
  shift 2
fi
(($# >= 2)) || usage
mode=$1
shift
[ -f "$table" ] || {
  echo "layering: no table $table" >&2
  exit 2
}
table=$(cd "$(dirname "$table")" && pwd)/$(basename "$table")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for f in folders files families includes edges; do : >"$work/$f"; done

case $mode in
  includes)
    if (($# != 1)) || [ ! -d "$1" ]; then usage; fi
    cd "$1"
    # The folders that take part in the build; build trees and hidden folders have no CMakeLists.txt.
    for d in */; do
      d=${d%/}
      if [ -f "$d/CMakeLists.txt" ]; then echo "$d"; fi
    done >"$work/folders"
    while read -r d; do find "$d" -type f; done <"$work/folders" | sort >"$work/files"
    # Each entry point's family (ops/operators.txt, last column): its folder may include the family's.
    if [ -f ops/operators.txt ]; then awk '/^[a-z]/ && $NF != "-" {print $1, $NF}' ops/operators.txt >"$work/families"; fi
    # path:line:text of every #include, "" and <> alike.
    grep -E '\.(h|hpp|cpp|c)$' "$work/files" | tr '\n' '\0' |
      xargs -0 -r grep -HnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' >"$work/includes" || true
    ;;
  links)
    for f in "$@"; do
      [ -f "$f" ] || {
        echo "layering: no edges file $f" >&2
        exit 2
      }
    done
    cat "$@" >"$work/edges"
    ;;
  *) usage ;;
esac

# mawk (Debian's awk): no gawk extensions.
awk -v mode="$mode" -v verbose="${LAYERING_VERBOSE:-0}" -v table_name="$(basename "$table")" -v table="$table" \
  -v folders="$work/folders" -v files="$work/files" -v families_file="$work/families" \
  -v includes_file="$work/includes" -v edges_file="$work/edges" '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
# A shell-style glob (only * is special) as an anchored regex.
function glob_re(g,   r, i, ch) {
  r = "^"
  for (i = 1; i <= length(g); i++) {
    ch = substr(g, i, 1)
    if (ch == "*") r = r ".*"
    else if (ch ~ /[A-Za-z0-9_\/-]/) r = r ch
    else r = r "[" ch "]"
  }
  return r "$"
}
# Adds "KIND GLOB... = value" from the current table line to the list of that kind.
function add_globs(kind,   i, eq, n) {
  eq = 0
  for (i = 2; i <= NF; i++) if ($i == "=") eq = i
  if (eq < 3 || eq != NF - 1) { table_error("expected \"" kind " GLOB... = layer\""); return }
  for (i = 2; i < eq; i++) { n = ++count[kind]; pat[kind, n] = glob_re($i); val[kind, n] = $NF }
}
function table_error(msg) { printf "%s:%d: %s\n", table_name, FNR, msg > "/dev/stderr"; bad_table = 1 }
function lookup(kind, s,   i) {
  for (i = 1; i <= count[kind]; i++) if (s ~ pat[kind, i]) return val[kind, i]
  return ""
}
function rule(layer) {
  return "(" table_name ":" rule_line[layer] "  " layer ": " (deps[layer] == "" ? "nothing of ours" : deps[layer]) ")"
}
function allowed(src, tgt,   d, n, i, star) {
  if (src == tgt) return 1
  n = split(deps[src], d, " ")
  star = 0
  for (i = 1; i <= n; i++) {
    if (d[i] == "!" tgt) return 0
    if (d[i] == tgt) return 1
    if (d[i] == "*") star = 1
  }
  return star
}
function dirname(p) { return p ~ /\// ? substr(p, 1, match(p, /\/[^\/]*$/) - 1) : "" }
# The layer of a path in the tree: "" when none, "?" for an ops/<token>/ file no opsfile line names.
function layer_of(p,   c, n, i, l) {
  for (i = 1; i <= count["path"]; i++) if (index(p, pathp[i]) == 1) return pathv[i]
  n = split(p, c, "/")
  if (c[1] == "impl") return (n > 1 && c[2] == "include") ? "impl-include" : "impl"
  if (c[1] == "ops") {
    if (n != 3) return "?"
    l = lookup("opsfile", c[3])
    return l == "" ? "?" : l
  }
  return (c[1] in deps) ? c[1] : ""
}
# The operator token of a path in the top-level ops/<token>/ folder, else "".
function token_of(p,   c) { return (split(p, c, "/") == 3 && c[1] == "ops") ? c[2] : "" }
function report(msg) { out[++violations] = msg }

# --- The table. ---
FILENAME == table {
  sub(/#.*/, "")
  if ($0 ~ /^[ \t]/ && trim($0) != "") {  # continues the layer line above
    if (last == "") table_error("a continuation without a layer line")
    else deps[last] = trim(deps[last] " " trim($0))
    next
  }
  last = ""
  if (NF == 0) next
  if ($1 ~ /^[^ ]+:$/) {
    last = substr($1, 1, length($1) - 1)
    $1 = ""
    deps[last] = trim($0)
    rule_line[last] = FNR
  } else if ($1 == "path" && NF == 4 && $3 == "=") {
    n = ++count["path"]; pathp[n] = $2; pathv[n] = $4
  } else if ($1 == "opsfile" || $1 == "generated" || $1 == "include" || $1 == "link") {
    add_globs($1)
  } else table_error("not a table line: " $0)
  next
}

FILENAME == folders {
  if (!($1 in deps) && $1 != "ops" && $1 != "impl") {
    report($1 "/: a folder of the build with no layer in " table_name)
    unlayered[$1] = 1
  }
  next
}
FILENAME == files { exists[$0] = 1; next }
FILENAME == families_file { family[$1] = $2; next }

# --- path:line:text of each include. ---
FILENAME == includes_file {
  file = $0; sub(/:.*/, "", file)
  rest = substr($0, length(file) + 2)
  line = rest; sub(/:.*/, "", line)
  text = substr(rest, length(line) + 2)
  if (!match(text, /["<][^">]*[">]/)) next
  quoted = substr(text, RSTART, 1) == "\""
  inc = substr(text, RSTART + 1, RLENGTH - 2)
  src = layer_of(file)
  if (src == "" || src == "?") {
    split(file, top, "/")
    if (!(file in noted) && !(top[1] in unlayered)) report(file ": in no layer (" table_name ")")
    noted[file] = 1
    next
  }
  checked++

  # Resolved as the compiler would: beside the file (quotes only), the project root, the emulator public
  # headers, its internals (impl/ itself sees only those two).
  resolved = ""
  n = 0
  if (quoted) cand[++n] = (dirname(file) == "" ? "" : dirname(file) "/") inc
  if (file !~ /^impl\//) cand[++n] = inc
  cand[++n] = "impl/include/" inc
  cand[++n] = "impl/" inc
  for (i = 1; i <= n; i++) if (cand[i] in exists) { resolved = cand[i]; break }
  split(inc, first, "/")
  if (inc ~ /^impl\//) { tgt = "impl"; resolved = inc }  # spelled impl/...: always the internals
  else if (resolved != "") tgt = layer_of(resolved)
  else if (lookup("generated", inc) != "") tgt = lookup("generated", inc)
  else if (inc ~ /\// && ((first[1] in deps) || first[1] == "ops")) { resolved = inc; tgt = layer_of(inc) }
  else tgt = lookup("include", inc)
  if (tgt == "") next  # the standard library or the system
  if (tgt == "?") {
    report(file ":" line ": " src " includes \"" inc "\", an ops/ file in no layer (opsfile lines of " table_name ")")
    next
  }
  mine = token_of(file)
  theirs = token_of(resolved)
  if (mine != "" && theirs != "" && mine != theirs && family[mine] != theirs)
    report(file ":" line ": " src " must not include ops/" theirs "/ \"" inc "\" " \
           "(an operator" q "s files include only their own folder ops/" mine "/ and its family" q "s)")
  if (!allowed(src, tgt)) report(file ":" line ": " src " must not include " tgt " \"" inc "\" " rule(src))
  if (verbose) print "edge " src " -> " tgt "  " file ":" line " \"" inc "\""
  next
}

# --- target, its source folder, link item, the item source folder (- when not an in-tree target). ---
FILENAME == edges_file {
  if (NF == 0) next
  if (NF != 4) { report("not an edge line: " $0); next }
  checked++
  target = $1; src = layer_of($2); item = $3
  if (src == "") { report(target ": defined in " $2 "/, which is in no layer of " table_name); next }
  if (deps[src] == "*") next
  tgt = lookup("link", item)
  if (tgt == "" && $4 != "-") tgt = layer_of($4)
  if (tgt == "-") next
  if (tgt == "") { report(target ": " src " links " item ", which no link line of " table_name " maps"); next }
  if (!allowed(src, tgt)) report(target ": " src " must not link " tgt " (" item ") " rule(src))
  if (verbose) print "edge " src " -> " tgt "  " target " links " item
  next
}

END {
  if (bad_table) exit 2
  for (i = 1; i <= violations; i++) print out[i]
  what = mode == "includes" ? "includes" : "link edges"
  if (checked == 0) { print "layering: no " what " found: wrong input?"; exit 1 }
  printf "layering: %d %s checked, %d violations\n", checked, what, violations
  exit (violations ? 1 : 0)
}
' q="'" "$table" "$work/folders" "$work/files" "$work/families" "$work/includes" "$work/edges"
