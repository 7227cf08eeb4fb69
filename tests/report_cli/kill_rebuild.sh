#!/usr/bin/env bash
# A campaign killed by SIGKILL leaves every finished case in results.jsonl, and `report rebuild` makes the
# summary from exactly those cases. Usage: kill_rebuild.sh POOLCHECK WORK_DIR
# Fails with "results.jsonl has N lines after 60 s" when results are held back (buffered, or renamed into
# place only at the end), and names each other broken promise the same way.
set -euo pipefail
poolcheck=$1
work=$2
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
rm -rf "$work"
mkdir -p "$work"
dir=$work/killed

"$poolcheck" run --cases 100000000 --no-failure-db -q --report-dir "$dir" >"$work/run.log" 2>&1 &
pid=$!
trap 'kill -9 "$pid" 2>/dev/null || true' EXIT
want=300
lines=0
for ((i = 0; i < 600; i++)); do # at most 60 s
  [ -f "$dir/results.jsonl" ] && lines=$(wc -l <"$dir/results.jsonl")
  ((lines >= want)) && break
  kill -0 "$pid" 2>/dev/null || fail "the campaign exited before it was killed: $(cat "$work/run.log")"
  sleep 0.1
done
((lines >= want)) || fail "results.jsonl has $lines lines after 60 s of the run (want $want while it runs)"
kill -9 "$pid"
status=0
wait "$pid" || status=$?
((status == 137)) || fail "the campaign was not killed by SIGKILL (exit $status)"
trap - EXIT

# What the killed run left: its parameters and its results, no summary and no temporary file.
leftovers=$(cd "$dir" && ls -A | sort | tr '\n' ' ')
[ "$leftovers" = "results.jsonl run.json " ] || fail "the killed run left: $leftovers"
grep -q '"finished": false' "$dir/run.json" || fail "run.json does not say the run is unfinished"

# Complete lines end in a newline (wc -l counts them); a kill mid-write may leave one more without it.
complete=$(wc -l <"$dir/results.jsonl")
((complete >= want)) || fail "only $complete complete lines after the kill"
bad=$(head -n "$complete" "$dir/results.jsonl" | grep -cvE '^\{"descriptor":".*\}$' || true)
((bad == 0)) || fail "$bad complete lines are not one JSON record each"

out=$("$poolcheck" report rebuild "$dir" 2>&1) || fail "report rebuild failed: $out"
echo "$out"
echo "$out" | grep -q "rebuilt from .*results.jsonl ($complete complete lines) and .*run.json" ||
  fail "rebuild does not report $complete complete lines"
summary=$dir/summary.json
for f in summary.json summary.md junit.xml report.html; do
  [ -s "$dir/$f" ] || fail "rebuild did not write $f"
done
# Top-level fields of summary.json are indented by two spaces (nested "cases" fields by more).
field() { sed -nE "s/^  \"$1\": \"?([^\",]*)\"?,?$/\1/p" "$summary"; }
[ "$(field cases)" = "$complete" ] || fail "summary.json has $(field cases) cases, results.jsonl $complete complete lines"
[ "$(field stop)" = "killed" ] || fail "summary.json says stop '$(field stop)', not killed"
# Each line was parsed, not only counted: the outcome and failure counts agree with the lines' own fields.
passes=$(head -n "$complete" "$dir/results.jsonl" | grep -c '"outcome":"pass"' || true)
grep -qE "^    \"pass\": $passes,?$" "$summary" || fail "summary.json does not count $passes passing cases"
failing=$(head -n "$complete" "$dir/results.jsonl" | grep -c '"failure":true' || true)
[ "$(field failures)" = "$failing" ] || fail "summary.json has $(field failures) failures, the lines $failing"
grep -q 'stopped: killed' "$dir/summary.md" || fail "summary.md does not say the run was killed"
if ls -A "$dir" | grep -q '\.tmp'; then fail "a temporary file is left: $(ls -A "$dir")"; fi

# Negative control: a torn last line (a kill inside write(2)) is skipped with a warning, not counted.
torn=$work/torn
cp -r "$dir" "$torn"
head -c 50 "$dir/results.jsonl" >>"$torn/results.jsonl"
out=$("$poolcheck" report rebuild "$torn" 2>&1) || fail "rebuild refused a torn last line: $out"
echo "$out" | grep -q "results.jsonl:$((complete + 1)): torn last line (50 bytes" || fail "no torn-line warning: $out"
grep -qE "^  \"cases\": $complete,$" "$torn/summary.json" || fail "the torn line was counted"

# Negative control: a malformed complete line is an error naming the file and line (exit 2).
bad_dir=$work/malformed
cp -r "$dir" "$bad_dir"
sed -i '5s/.*/{"descriptor": "not a case"}/' "$bad_dir/results.jsonl"
status=0
out=$("$poolcheck" report rebuild "$bad_dir" 2>&1) || status=$?
((status == 2)) || fail "a malformed line 5 gave exit $status: $out"
echo "$out" | grep -q "malformed/results.jsonl:5: malformed line" || fail "the error does not name line 5: $out"

# Negative control: nothing to rebuild from (exit 2, clear message).
status=0
out=$("$poolcheck" report rebuild "$work/no-such-dir" 2>&1) || status=$?
((status == 2)) && echo "$out" | grep -q "no report directory" || fail "a missing directory gave exit $status: $out"
mkdir "$work/empty"
status=0
out=$("$poolcheck" report rebuild "$work/empty" 2>&1) || status=$?
((status == 2)) && echo "$out" | grep -q "results.jsonl does not exist" ||
  fail "a directory without results.jsonl gave exit $status: $out"
echo "PASS: killed after $complete cases; rebuild, torn line, malformed line and missing input behave"
