#!/usr/bin/env bash
# Regenerates cmd/dndsh/default.pgo, the CPU profile `go build` uses for
# profile-guided optimisation of the dndsh binary (Go picks up default.pgo
# in the main package's folder by itself). The profile is the sum of the
# studies people run most: R1 with and without a map under 5e, R1 under
# 3.0, the Lua-heavy troll fight, a 1e fight and a mod5e one. Rerun it
# after large changes to the fight kernel or the Lua bindings; an old
# profile is still correct, only less useful.
#
#   bench/pgo.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d /tmp/dndsh-pgo.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
go build -pgo=off -o "$tmp/dndsh" ./cmd/dndsh
p() { "$tmp/dndsh" sim --seed 2 -j 1 -n "$2" --cpuprofile "$tmp/$1.prof" "$3" >/dev/null; }
p r1 100000 examples/5e/r1_fighters_vs_goblins.lua
p map 20000 examples/5e/r1_on_a_map.lua
p 3e 10000 examples/3e/r1_fighters_vs_goblins.lua
p troll 2000 examples/5e/party_vs_troll.lua
p orcs 1000 examples/1e/party_vs_orcs.lua
p mod 500 examples/mod5e/night_raid.lua
p x10 5000 bench/encounters/r1_x10.lua
go tool pprof -proto "$tmp"/*.prof >cmd/dndsh/default.pgo
echo "cmd/dndsh/default.pgo: $(wc -c <cmd/dndsh/default.pgo) bytes"
