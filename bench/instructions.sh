#!/usr/bin/env bash
# Instructions per trial of a fight benchmark, counted by valgrind's
# callgrind: repeatable whatever else the machine is doing (wall-clock
# figures on a shared machine are not). Each benchmark runs twice, with N1
# and N2 trials; the difference divided by N2 - N1 leaves out the set-up.
#
#   bench/instructions.sh 'R1Trial5e$' 'R1OnAMap'
#
# needs valgrind (Debian's valgrind package).
set -uo pipefail
cd "$(dirname "$0")/.."
# a private scratch folder: other worktrees run this script on the same machine
tmp=$(mktemp -d /tmp/dndsh-instr.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
n1=${N1:-200}
n2=${N2:-1000}
# the benchmarks are built with the profile dndsh ships with (cmd/dndsh/default.pgo), as `go build` builds dndsh; PGO=off counts without it
go test -c -pgo="${PGO:-cmd/dndsh/default.pgo}" -o "$tmp/fightmod.test" ./bindings/fightmod
cd bindings/fightmod
export GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 GOGC=off # callgrind and Go's signals disagree; valgrind lacks RDTSCP
# count N runs benchmark $1 for $2 trials; callgrind now and then stops
# early on Go's signals, so a run whose benchmark did not finish is retried.
count() {
  for try in 1 2 3 4 5; do
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$tmp/fightmod.test" \
      -test.run XXX -test.bench "$1" -test.benchtime "$2x" >"$tmp/bench.txt" 2>"$tmp/vg.txt"
    if grep -q '^PASS' "$tmp/bench.txt"; then
      grep -o 'Collected : [0-9]*' "$tmp/vg.txt" | grep -o '[0-9]*$'
      return
    fi
  done
  echo "callgrind failed 5 times on $1" >&2
  exit 1
}
for b in "$@"; do
  c1=$(count "$b" "$n1")
  c2=$(count "$b" "$n2")
  echo "$b: $(( (c2 - c1) / (n2 - n1) )) instructions a trial"
done
