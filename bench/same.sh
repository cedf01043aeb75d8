#!/usr/bin/env bash
# same.sh A B [N] checks that two dndsh binaries give the same output, byte
# for byte, on every example and bench encounter: `sim --seed 7 -n N`
# (300 by default) and `run --seed 3`. A speed change must keep them "same"
# (issue 17's rule); it prints the encounters that differ and exits 1.
#
#   go build -o /tmp/before ./cmd/dndsh   # on the tree before
#   go build -o /tmp/after ./cmd/dndsh    # on the tree after
#   bench/same.sh /tmp/before /tmp/after
set -uo pipefail
cd "$(dirname "$0")/.."
a=$1 b=$2 n=${3:-300}
tmp=$(mktemp -d /tmp/dndsh-same.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
bad=0
for f in examples/*/*.lua bench/encounters/*.lua; do
  for cmd in "sim --seed 7 -n $n" "run --seed 3"; do
    # shellcheck disable=SC2086
    "$a" $cmd "$f" >"$tmp/a" 2>&1; ra=$?
    # shellcheck disable=SC2086
    "$b" $cmd "$f" >"$tmp/b" 2>&1; rb=$?
    if [ $ra -ne $rb ] || ! cmp -s "$tmp/a" "$tmp/b"; then
      echo "differ: $cmd $f (exit $ra, $rb)"
      bad=1
    fi
  done
done
[ $bad -eq 0 ] && echo same
exit $bad
