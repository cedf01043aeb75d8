#!/usr/bin/env bash
# R1 per trial in dndsh and in the reference peer (npm dnd-combat-simulator
# 0.3.15), measured in one run: the two commands alternate, A B A B, each
# pinned to the same core, and the report gives the median of each and the
# ratio of the medians.
#
#   bench/peer/run.sh              (ROUNDS=7 N=100000 N0=1000 CPU=1 to change)
#
# A trial's time is (wall(N) - wall(N0)) / (N - N0) for each command: the
# difference removes start-up, loading and warming up (the peer's JIT, the
# Lua scripts), so both are compared warmed up on the same R1.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
. bench/lib.sh
tmp=$(mktemp -d /tmp/dndsh-bench.XXXXXX) # private: other worktrees bench on this machine too
trap 'rm -rf "$tmp"' EXIT
rounds=${ROUNDS:-7}
n=${N:-100000}
n0=${N0:-1000}
[ -d "$here/node_modules/dnd-combat-simulator" ] || "$here/install.sh"
go build -o "$tmp/dndsh" ./cmd/dndsh
r1=examples/5e/r1_fighters_vs_goblins.lua
peer=(node "$here/r1.js")
dndsh=("$tmp/dndsh" sim --seed 7 -j 1 "$r1" -n)
machine
echo "R1, $n trials, $rounds rounds, alternating peer and dndsh on CPU ${CPU:-1}"
: >"$tmp/peer.a"
: >"$tmp/peer.b"
for r in $(seq "$rounds"); do
  ta=$(wall_ns "${peer[@]}" "$n") && ta0=$(wall_ns "${peer[@]}" "$n0")
  tb=$(wall_ns "${dndsh[@]}" "$n") && tb0=$(wall_ns "${dndsh[@]}" "$n0")
  a=$(( (ta - ta0) / (n - n0) ))
  b=$(( (tb - tb0) / (n - n0) ))
  echo "$a" >>"$tmp/peer.a"
  echo "$b" >>"$tmp/peer.b"
  echo "round $r: peer $a ns/trial, dndsh $b ns/trial"
done
ma=$(median <"$tmp/peer.a")
mb=$(median <"$tmp/peer.b")
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median per trial: peer $ma ns, dndsh $mb ns"
awk -v a="$ma" -v b="$mb" 'BEGIN { printf "dndsh is %.2f times the peer (peer time / dndsh time)\n", a / b }'
echo "win rates (the peer has no critical hits and no death saves; dndsh plays the full 5e rules):"
"${peer[@]}" "$n"
"${dndsh[@]}" "$n" | sed -n 3,5p
