#!/usr/bin/env bash
# One study spread over the cores of one machine with GNU parallel: K shards,
# P at a time, each a `dndsh sim --shard i/K`, then `dndsh merge`. The merged
# report is byte for byte the report of one `dndsh sim` of the whole study.
#
#   STUDY=examples/5e/r1_fighters_vs_goblins.lua N=1000000 K=8 P=2 SEED=7 docs/batch/parallel.sh
set -euo pipefail
study=${STUDY:-examples/5e/r1_fighters_vs_goblins.lua}
n=${N:-1000000}
k=${K:-8}
p=${P:-$(nproc)}
seed=${SEED:-7}
out=${OUT:-shards}
mkdir -p "$out"
seq 0 $((k - 1)) | parallel -j "$p" --halt now,fail=1 \
  dndsh sim --seed "$seed" -n "$n" --json --shard {}/"$k" "$study" '>' "$out/shard-{}.json"
dndsh merge "$out"/shard-*.json
