#!/usr/bin/env bash
# One study as a Slurm job array: task i of K runs `dndsh sim --shard auto/K`,
# which reads its shard from SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN
# (this array starts at 1, so task 1 plays shard 0). Submit, then merge when
# every task has finished:
#
#   jid=$(sbatch --parsable docs/batch/slurm-array.sh)
#   sbatch --dependency=afterok:$jid --wrap 'dndsh merge out/shard-*.json > report.txt'
#
# Make the folder out/ first (Slurm opens the logs before the script runs), and
# keep --array's size and K equal: dndsh checks SLURM_ARRAY_TASK_COUNT.
#SBATCH --job-name=dndsh-study
#SBATCH --array=1-8
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --output=out/%A_%a.log
set -euo pipefail
study=${STUDY:-examples/5e/r1_fighters_vs_goblins.lua}
n=${N:-1000000}
k=${K:-8}
seed=${SEED:-7}
mkdir -p out
dndsh sim --seed "$seed" -n "$n" -j "${SLURM_CPUS_PER_TASK:-1}" --json --shard "auto/$k" "$study" \
  >"out/shard-$SLURM_ARRAY_TASK_ID.json"
