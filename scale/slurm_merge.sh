#!/usr/bin/env bash
# Merges the shards scale/slurm_campaign.sh wrote: sbatch --dependency=afterany:JOB scale/slurm_merge.sh
#SBATCH --job-name=poolcheck-merge
#SBATCH --output=poolcheck-merge-%j.log
set -euo pipefail
poolcheck=${POOLCHECK:-poolcheck}
out=${OUT:-poolcheck-campaign}
exec "$poolcheck" merge --report-dir "$out/merged" "$out"/shard-*
