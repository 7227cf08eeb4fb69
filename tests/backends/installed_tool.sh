#!/usr/bin/env bash
# The installed tool runs from any prefix: poolcheck finds its worker beside it and the bundled emulator in the
# prefix's library directory, not in the build tree. The build tree still exists here, so the test makes each
# of those visible: the reports name the library loaded, and the installed worker is wrapped so that a run shows
# it was started. The prefix has a space in its name and is moved after the install (nothing absolute is baked
# in), and every run starts from an unrelated directory.
#   installed_tool.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$1 work=$2
rm -rf "$work"
mkdir -p "$work/elsewhere"
cmake --install "$build" --prefix "$work/installed prefix" >/dev/null
mv "$work/installed prefix" "$work/moved prefix"
prefix="$work/moved prefix"
# The wrapper records that the prefix's worker ran, then runs it (its directory is still the prefix's bin/).
mv "$prefix/bin/poolcheck-worker" "$prefix/bin/poolcheck-worker.real"
cat >"$prefix/bin/poolcheck-worker" <<'EOF'
#!/usr/bin/env bash
touch "$(dirname "$0")/../worker-started"
exec "$(dirname "$0")/poolcheck-worker.real" "$@"
EOF
chmod +x "$prefix/bin/poolcheck-worker"
cd "$work/elsewhere"
"$prefix/bin/poolcheck" run --cases 150 --no-failure-db -q --report-dir report | tee run.log
grep -q "150 cases .*failures 0" run.log
grep -q "\"backend\": \"$prefix/lib.*/libpoolcheck_acl.so.0\"" report/run.json
[ -f "$prefix/worker-started" ] || { echo "the installed poolcheck did not start the prefix's worker"; exit 1; }
# The bundled name "upstream" resolves inside the prefix too (the audit names the library it loaded; its
# disagreements with the documents make it exit 1).
"$prefix/bin/poolcheck" --backend upstream audit --op maxpool3d_grad --platform Ascend910B --cases-per-rule 1 \
  --valid-cases 1 --multi-cases 0 --report-dir audit >audit.log 2>&1 || true
grep -q "Backend: \`$prefix/lib.*/libpoolcheck_acl_upstream.so.0\`" audit/audit.md
# Control: without the prefix's worker nothing writes the mark, so the check above can fail.
rm "$prefix/worker-started" "$prefix/bin/poolcheck-worker"
"$prefix/bin/poolcheck" run --cases 5 --no-failure-db -q --report-dir report-control >/dev/null
[ ! -e "$prefix/worker-started" ] || { echo "control: the worker mark appeared without the wrapper"; exit 1; }
echo "installed tool OK"
