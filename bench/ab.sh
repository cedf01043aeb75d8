#!/usr/bin/env bash
# ab.sh BEFORE AFTER FILE [N1 N2 ROUNDS] compares two dndsh binaries on one
# encounter by wall clock: each round runs `sim --seed 7 -j 1` of FILE with
# N2 and with N1 trials for BEFORE, then for AFTER, pinned to one core; a
# trial's time is (wall(N2) - wall(N1)) / (N2 - N1), so start-up and
# loading are left out. It prints each round and the median of the rounds'
# ratios (BEFORE's time over AFTER's: above 1, AFTER is faster). The median
# of per-round ratios is the figure bench/README.md gives: on a shared host
# whose speed drifts within minutes, the two binaries of one round see the
# same phase, so the drift moves the ratio far less than either time.
#
#   go build -o /tmp/before ./cmd/dndsh     # on the tree before
#   go build -o /tmp/after ./cmd/dndsh      # on the tree after
#   bench/ab.sh /tmp/before /tmp/after examples/5e/party_vs_troll.lua 300 3000 9
#
# Check first that the two give the same output (bench/same.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
[ $# -ge 3 ] || { echo "usage: bench/ab.sh BEFORE AFTER FILE [N1 N2 ROUNDS]" >&2; exit 2; }
b=$1 a=$2 f=$3 n1=${4:-400} n2=${5:-4000} rounds=${6:-9}
[ "$n2" -gt "$n1" ] || { echo "bench/ab.sh: N2 ($n2) must be above N1 ($n1)" >&2; exit 2; }
machine
tmp=$(mktemp -d /tmp/dndsh-ab.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# per_trial BIN: ns a trial of BIN on FILE
per_trial() {
  local x y
  x=$(wall_ns "$1" sim --seed 7 -j 1 -n "$n2" "$f") && y=$(wall_ns "$1" sim --seed 7 -j 1 -n "$n1" "$f")
  echo $(((x - y) / (n2 - n1)))
}
for r in $(seq "$rounds"); do
  tb=$(per_trial "$b")
  ta=$(per_trial "$a")
  awk -v r="$r" -v b="$tb" -v a="$ta" 'BEGIN { printf "round %d: before %.0f ns, after %.0f ns a trial: %.3f\n", r, b, a, b / a }'
  awk -v b="$tb" -v a="$ta" 'BEGIN { print b / a }' >>"$tmp/ratios"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median of the rounds' ratios: $(median <"$tmp/ratios")"
