#!/usr/bin/env bash
# The speed figures of bench/README.md's "Speed (issue 17)" section, each
# measured in one run with the commands alternating (A B A B) and reported
# as medians: -j 2 against -j 1, per-trial costs of the Lua-heavy examples,
# start-up of dndsh roll and of the REPL for each rule system. The peer
# comparison is bench/peer/run.sh; instruction counts, repeatable on a busy
# machine, are bench/instructions.sh.
#
#   bench/speed.sh            (ROUNDS=5 to change)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
tmp=$(mktemp -d /tmp/dndsh-bench.XXXXXX) # private: other worktrees bench on this machine too
trap 'rm -rf "$tmp"' EXIT
rounds=${ROUNDS:-5}
go build -o "$tmp/dndsh" ./cmd/dndsh
d="$tmp/dndsh"
# the store of compiled scripts (cmd/dndsh/compiled.go) in the bench's own
# folder: "warm" start-up figures read it, "cold" ones run with it off
export DNDSH_CACHE="$tmp/cache"
machine
r1=examples/5e/r1_fighters_vs_goblins.lua

# per_trial FILE N N0: ns a trial of dndsh sim -j 1 on one core, start-up
# left out: (wall(N) - wall(N0)) / (N - N0).
per_trial() {
  local a b
  a=$(wall_ns $d sim --seed 7 -j 1 -n "$2" "$1") && b=$(wall_ns $d sim --seed 7 -j 1 -n "$3" "$1")
  echo $(( (a - b) / ($2 - $3) ))
}

echo "== -j 2 against -j 1, R1, 200000 trials (both cores; wall time)"
: >"$tmp/j1"; : >"$tmp/j2"
for r in $(seq "$rounds"); do
  CPU=0-1 wall_ns $d sim --seed 7 -j 1 -n 200000 $r1 >>"$tmp/j1"
  CPU=0-1 wall_ns $d sim --seed 7 -j 2 -n 200000 $r1 >>"$tmp/j2"
done
j1=$(median <"$tmp/j1"); j2=$(median <"$tmp/j2")
awk -v a="$j1" -v b="$j2" 'BEGIN { printf "-j 1 %.2f s, -j 2 %.2f s: -j 2 is %.2f times -j 1\n", a / 1e9, b / 1e9, a / b }'

echo "== per trial on one core (median of $rounds, alternating)"
for spec in "$r1 100000 2000" "bench/encounters/r1_x10.lua 4000 200" "examples/5e/party_vs_troll.lua 3000 100" \
  "examples/1e/ambush.lua 600 20" "examples/1e/cleric_turns_undead.lua 600 20" "examples/1e/party_vs_orcs.lua 600 20"; do
  : >"$tmp/$(basename ${spec%% *})"
done
for r in $(seq "$rounds"); do
  for spec in "$r1 100000 2000" "bench/encounters/r1_x10.lua 4000 200" "examples/5e/party_vs_troll.lua 3000 100" \
    "examples/1e/ambush.lua 600 20" "examples/1e/cleric_turns_undead.lua 600 20" "examples/1e/party_vs_orcs.lua 600 20"; do
    set -- $spec
    per_trial "$1" "$2" "$3" >>"$tmp/$(basename "$1")"
  done
done
for f in $r1 bench/encounters/r1_x10.lua examples/5e/party_vs_troll.lua examples/1e/ambush.lua examples/1e/cleric_turns_undead.lua examples/1e/party_vs_orcs.lua; do
  m=$(median <"$tmp/$(basename $f)")
  awk -v f="$f" -v m="$m" 'BEGIN { printf "%-40s %9.1f us a trial, %8.0f trials/s\n", f, m / 1000, 1e9 / m }'
done

echo "== start-up (median of 21, alternating): dndsh roll, and the REPL to its first prompt and out (empty input);"
echo "   warm: compiled scripts read from the store, as every start after a build's first; cold: DNDSH_CACHE=off"
# The floor: starting a process at all (/bin/true) and a Go hello-world;
# roll-static is dndsh built with CGO_ENABLED=0 (no dynamic loader: the
# net package readline imports links libc otherwise).
CGO_ENABLED=0 go build -o "$tmp/dndsh-static" ./cmd/dndsh
mkdir -p "$tmp/hello"
printf 'package main\n\nimport "fmt"\n\nfunc main() { fmt.Println("hello") }\n' >"$tmp/hello/main.go"
(cd "$tmp/hello" && printf 'module hello\n\ngo 1.22\n' >go.mod && go build -o "$tmp/hello-go" .)
systems=$($d rules --ruleset base | sed -n 's/^rule system: base (available: \(.*\))$/\1/p' | tr -d ',' | sed 's/\bbase\b//')
for s in true hello roll roll-static $systems; do : >"$tmp/start-$s"; : >"$tmp/start-$s-cold"; done
for s in $systems; do $d --ruleset "$s" </dev/null >/dev/null; done # fill the store
for r in $(seq 21); do
  wall_ns /bin/true >>"$tmp/start-true"
  wall_ns "$tmp/hello-go" >>"$tmp/start-hello"
  wall_ns $d roll --seed 1 1d20 >>"$tmp/start-roll"
  wall_ns "$tmp/dndsh-static" roll --seed 1 1d20 >>"$tmp/start-roll-static"
  for s in $systems; do
    wall_ns $d --ruleset "$s" </dev/null >>"$tmp/start-$s"
    DNDSH_CACHE=off wall_ns $d --ruleset "$s" </dev/null >>"$tmp/start-$s-cold"
  done
done
for s in true hello roll roll-static; do
  awk -v s="$s" -v m="$(median <"$tmp/start-$s")" 'BEGIN { printf "%-12s %6.1f ms\n", s, m / 1e6 }'
done
for s in $systems; do
  awk -v s="$s" -v m="$(median <"$tmp/start-$s")" -v c="$(median <"$tmp/start-$s-cold")" \
    'BEGIN { printf "%-12s %6.1f ms warm, %6.1f ms cold\n", s, m / 1e6, c / 1e6 }'
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
