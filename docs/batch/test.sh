#!/usr/bin/env bash
# Runs the three recipes of docs/batch.md on a small study and checks that
# each merged report is byte for byte the report of one `dndsh sim` of the
# whole study. The Slurm script and the Kubernetes Job's command run as the
# job runners would run them, with the environment each runner sets.
#
#   docs/batch/test.sh [DNDSH]     (run by .ci/run; needs GNU parallel)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
if [ $# -ge 1 ]; then
  ln -s "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" "$tmp/bin/dndsh"
else
  (cd "$root" && go build -o "$tmp/bin/dndsh" ./cmd/dndsh)
fi
export PATH="$tmp/bin:$PATH"
export STUDY="$root/examples/5e/r1_fighters_vs_goblins.lua" N=2000 SEED=7
fail() { echo "recipes: $*" >&2; exit 1; }
dndsh sim --seed "$SEED" -n "$N" "$STUDY" >"$tmp/one.txt"
same() { cmp -s "$tmp/one.txt" "$1" || { diff "$tmp/one.txt" "$1" | head -20 >&2; fail "$2: the merged report differs from one run"; }; }

# GNU parallel on one machine.
K=5 P=2 OUT="$tmp/par" bash "$here/parallel.sh" >"$tmp/par.txt"
same "$tmp/par.txt" "GNU parallel"
echo "ok  GNU parallel: 5 shards merged = one run"

# Slurm array: tasks 1..K of --array=1-K.
k=$(sed -n 's/^#SBATCH --array=1-\([0-9]*\)$/\1/p' "$here/slurm-array.sh")
grep -q "^k=\${K:-$k}\$" "$here/slurm-array.sh" || fail "slurm-array.sh: K's default is not the array's size $k"
mkdir -p "$tmp/slurm"
for i in $(seq 1 4); do
  (cd "$tmp/slurm" && SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4 SLURM_ARRAY_TASK_COUNT=4 \
    SLURM_CPUS_PER_TASK=2 K=4 bash "$here/slurm-array.sh")
done
(cd "$tmp/slurm" && dndsh merge out/shard-*.json) >"$tmp/slurm.txt"
same "$tmp/slurm.txt" "Slurm array"
echo "ok  Slurm array: 4 tasks merged = one run"

# Kubernetes Indexed Job: the container's command, once per completion index.
y="$here/k8s-indexed-job.yaml"
c=$(sed -n 's/^  completions: \([0-9]*\)$/\1/p' "$y")
grep -q "name: K, value: \"$c\"" "$y" || fail "k8s-indexed-job.yaml: K is not completions ($c)"
cmd=$(sed -n '/^          args:$/{n;s/^            - //p;}' "$y")
[ -n "$cmd" ] || fail "k8s-indexed-job.yaml: no command found under args"
mkdir -p "$tmp/k8s/out"
for i in $(seq 0 2); do
  (cd "$root" && JOB_COMPLETION_INDEX=$i K=3 sh -c "${cmd//\/out\//$tmp/k8s/out/}")
done
dndsh merge "$tmp"/k8s/out/shard-*.json >"$tmp/k8s.txt"
same "$tmp/k8s.txt" "Kubernetes Indexed Job"
echo "ok  Kubernetes Indexed Job: 3 pods merged = one run"
