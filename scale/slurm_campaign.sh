#!/usr/bin/env bash
# One shard of a poolcheck campaign per Slurm array task: sbatch --array=0-15 scale/slurm_campaign.sh
# POOLCHECK (the tool), CASES, SEED and OUT may be set in the environment sbatch passes on.
#SBATCH --job-name=poolcheck
#SBATCH --cpus-per-task=2
#SBATCH --output=poolcheck-%A_%a.log
set -euo pipefail
poolcheck=${POOLCHECK:-poolcheck}
out=${OUT:-poolcheck-campaign}
exec "$poolcheck" run --shard auto --cases "${CASES:-1000000}" --seed "${SEED:-1}" -q \
  --report-dir "$out/shard-$SLURM_ARRAY_TASK_ID" --failure-db "$out/failures-$SLURM_ARRAY_TASK_ID"
