#!/usr/bin/env bash
# Four shards of one campaign under GNU parallel with `--shard auto` (PARALLEL_SEQ and POOLCHECK_SHARD_COUNT),
# merged, against one unsharded run of the same seed: the same cases with the same outcomes, statuses and tilings,
# case by case. Each shard must say where its index came from.
#   parallel_shards.sh POOLCHECK WORK_DIR [WHOLE_SEED]
# WHOLE_SEED (default 3, the shards' seed) runs the unsharded campaign with another seed: the negative control,
# which the case-by-case comparison must reject.
set -euo pipefail
poolcheck=$1 work=$2 whole_seed=${3:-3}
rm -rf "$work" && mkdir -p "$work"
common=(run --cases 400 --no-failure-db -q)
"$poolcheck" "${common[@]}" --seed "$whole_seed" --report-dir "$work/whole" >"$work/whole.log"
POOLCHECK_SHARD_COUNT=4 parallel -j2 --halt now,fail=1 \
  "$poolcheck" "${common[@]}" --seed 3 --shard auto --report-dir "$work/shard{#}" '>' "$work/shard{#}.log" ::: a b c d
for k in 1 2 3 4; do
  grep -q "^shard: $((k - 1))/4 from GNU parallel (PARALLEL_SEQ=$k, POOLCHECK_SHARD_COUNT=4)$" "$work/shard$k.log" ||
    { echo "BAD: shard $k does not say it is $((k - 1))/4 from GNU parallel:"; cat "$work/shard$k.log"; exit 1; }
done
"$poolcheck" merge --report-dir "$work/merged" "$work"/shard{1,2,3,4} >"$work/merge.log"
# A record without what may change from run to run of one case: its wall-clock time, and the error figures and
# rerun bits of a case whose overlapping windows add with atomics in a schedule the blocks choose (outside
# deterministic mode, within tolerance either way). One record a line, in a fixed order.
records() { sed -E 's/"seconds":[-+0-9.eE]+,?//; s/"error":\{[^{}]*\},?//; s/"rerun":\{[^{}]*\},?//' "$1/results.jsonl" | sort; }
records "$work/whole" >"$work/whole.records"
records "$work/merged" >"$work/merged.records"
[ -s "$work/whole.records" ] || { echo "BAD: the unsharded run wrote no records"; exit 1; }
if ! diff -q "$work/whole.records" "$work/merged.records" >/dev/null; then
  echo "BAD: the merged shards differ from the unsharded run:"
  diff "$work/whole.records" "$work/merged.records" | head -20 || true
  exit 1
fi
echo "OK: $(wc -l <"$work/whole.records") cases, the merged shards equal the unsharded run"
