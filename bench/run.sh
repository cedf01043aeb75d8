#!/usr/bin/env bash
# Runs the benchmarks recorded in bench/README.md. Figures vary with the
# machine and its load: compare best-of-N runs (-count), not single runs.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${COUNT:-3}
tmp=$(mktemp -d /tmp/dndsh-bench.XXXXXX) # private: other worktrees bench on this machine too
trap 'rm -rf "$tmp"' EXIT
go test -run x -bench . -benchmem -count "$count" \
  ./runtime/dice/ ./runtime/prob/ ./runtime/event/ ./runtime/check/ ./runtime/creature/ \
  ./runtime/combat/ ./runtime/fight/ ./bindings/fightmod/ ./bindings/engine/
go test -run x -bench BenchmarkTableAttack -benchmem -count "$count" ./cmd/dndsh/
go build -o "$tmp/dndsh" ./cmd/dndsh
for j in 1 2; do
  echo "== dndsh sim R1, 100000 trials, -j $j"
  /usr/bin/time -f "%e s wall, %M KB max RSS" "$tmp/dndsh" sim --seed 7 -n 100000 -j "$j" examples/5e/r1_fighters_vs_goblins.lua >/dev/null
done
echo "== dndsh sim R1, 1000000 trials, -j 2"
/usr/bin/time -f "%e s wall, %M KB max RSS" "$tmp/dndsh" sim --seed 7 -n 1000000 -j 2 examples/5e/r1_fighters_vs_goblins.lua >/dev/null
echo "== dndsh dist 10d20kh3"
/usr/bin/time -f "%e s wall" "$tmp/dndsh" dist 10d20kh3 >/dev/null
