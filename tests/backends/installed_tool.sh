#!/usr/bin/env bash
# The installed tool runs from any prefix: poolcheck finds its worker beside it and the bundled emulator in the
# prefix's library directory, not in the build tree (which this test hides by installing to a fresh prefix and
# running from an unrelated directory).
#   installed_tool.sh BUILD_DIR WORK_DIR
set -euo pipefail
build=$1 work=$2
rm -rf "$work"
mkdir -p "$work/elsewhere"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
cd "$work/elsewhere"
"$work/prefix/bin/poolcheck" run --cases 150 --no-failure-db -q --report-dir report | tee run.log
grep -q "150 cases .*failures 0" run.log
# The bundled name "upstream" resolves inside the prefix too (the audit names the library it loaded; its
# disagreements with the documents make it exit 1).
"$work/prefix/bin/poolcheck" --backend upstream audit --op maxpool3d_grad --platform Ascend910B --cases-per-rule 1 \
  --valid-cases 1 --multi-cases 0 --report-dir audit >audit.log 2>&1 || true
grep -q "Backend: \`$work/prefix/lib.*/libpoolcheck_acl_upstream.so.0\`" audit/audit.md
echo "installed tool OK"
