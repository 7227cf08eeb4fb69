#!/usr/bin/env bash
# scale/slurm_campaign.sh and scale/slurm_merge.sh as sbatch would run them: each array task with the variables
# Slurm sets (here --array=4-5), then the merge. Each shard must take its index from them, and the merge must
# find both shards.
#   slurm_scripts.sh POOLCHECK SOURCE_DIR WORK_DIR
set -euo pipefail
poolcheck=$1 source=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
export POOLCHECK=$poolcheck OUT=$work/campaign CASES=60 SEED=5
for id in 4 5; do
  SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_COUNT=2 SLURM_ARRAY_JOB_ID=77 \
    bash "$source/scale/slurm_campaign.sh" >"$work/task$id.log"
  grep -q "^shard: $((id - 4))/2 from Slurm job array (SLURM_ARRAY_TASK_ID=$id, SLURM_ARRAY_TASK_MIN=4, SLURM_ARRAY_TASK_COUNT=2)$" \
    "$work/task$id.log" || { echo "BAD: task $id:"; cat "$work/task$id.log"; exit 1; }
done
bash "$source/scale/slurm_merge.sh" >"$work/merge.log"
grep -q "^poolcheck merge: 60 cases" "$work/merge.log" || { echo "BAD: the merge:"; cat "$work/merge.log"; exit 1; }
if grep -q "missing shards" "$work/merge.log"; then echo "BAD: the merge misses a shard:"; cat "$work/merge.log"; exit 1; fi
echo "OK: two array tasks and their merge"
