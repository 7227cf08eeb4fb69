#!/usr/bin/env bash
# Sharded runs on separate machines keep separate failure databases; `merge` gathers them into one, each failure
# once: the merged database holds exactly the failures one unsharded run saves.
#   failure_db_merge.sh POOLCHECK WORK_DIR BACKEND [SHARDS_TO_MERGE]
# SHARDS_TO_MERGE (default "0 1 2") lists the shards whose databases go to the merge; the negative control leaves
# one out and expects this script to fail, naming the failures the merged database lacks.
set -euo pipefail
poolcheck=$1 work=$2 backend=$3 merged_shards=${4:-"0 1 2"}
rm -rf "$work" && mkdir -p "$work"
campaign=(--backend "$backend" run --op maxpool3d_grad --cases 240 --seed 5 -q)
"$poolcheck" "${campaign[@]}" --report-dir "$work/whole/report" --failure-db "$work/whole/db" > /dev/null || true
for k in 0 1 2; do
  # Each shard on its own "machine": its report directory and its database beside it.
  "$poolcheck" "${campaign[@]}" --shard "$k/3" --report-dir "$work/machine$k/report" > /dev/null || true
done
merge_dirs=()
for k in $merged_shards; do merge_dirs+=("$work/machine$k/report"); done
"$poolcheck" merge "${merge_dirs[@]}" --report-dir "$work/merged/report" > "$work/merge.log" || true
cat "$work/merge.log"
ids() { (cd "$1" && ls -- *.json 2>/dev/null | sort) || true; }
want=$(ids "$work/whole/db")
got=$(ids "$work/merged/poolcheck-failures")
[ -n "$want" ] || { echo "the unsharded run saved no failure: the backend did not misbehave"; exit 1; }
if [ "$want" != "$got" ]; then
  echo "the merged failure database differs from the unsharded run's:"
  diff <(echo "$want") <(echo "$got") || true
  exit 1
fi
echo "merged failure database: $(echo "$got" | wc -l) failures, each once, as the unsharded run saved them"
