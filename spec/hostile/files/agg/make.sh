#!/bin/sh
# Regenerates the aggregates of the merge cases in ../../cases.txt (run it
# from this folder with a dndsh on the PATH). The content hashes depend on
# the encounter and the scripts it loads; the cases compare these files
# with each other only, so they stay valid when the scripts change.
set -e
H=../..
(cd "$H" && dndsh sim --seed 1 -n 40 --shard 0/2 --json files/vm_break_encounter.lua) > shard0.json
(cd "$H" && dndsh sim --seed 1 -n 40 --shard 1/2 --json ./files/vm_break_encounter.lua) > shard1.json
(cd ../same/a && dndsh sim --seed 1 -n 40 --shard 0/2 --json enc.lua) > same_name_a.json
(cd ../same/b && dndsh sim --seed 1 -n 40 --shard 1/2 --json enc.lua) > same_name_b.json
python3 - <<'PY'
import json
base = json.load(open("shard0.json"))
v1 = json.loads(json.dumps(base)); v1["version"] = 1; v1.pop("content", None)
json.dump(v1, open("shard0_v1.json", "w"), sort_keys=True)
v1 = json.load(open("shard1.json")); v1["version"] = 1; v1.pop("content", None)
v1["encounter"] = "files/vm_break_encounter.lua"
json.dump(v1, open("shard1_v1.json", "w"), sort_keys=True)
# shard1 as a dndsh run elsewhere would have named it
s1 = json.load(open("shard1.json")); s1["encounter"] = "./files/vm_break_encounter.lua"
json.dump(s1, open("shard1.json", "w"), sort_keys=True)
edits = {
    "bad_wins.json": lambda a: a.update(wins=[]),
    "bad_side_damage.json": lambda a: a.update(side_damage=a["side_damage"][:1]),
    "bad_fighter_side.json": lambda a: a["fighters"][0].update(side=7),
    "bad_negative.json": lambda a: a.update(trials=-5, draws=-25),
    "bad_hist_key.json": lambda a: a["rounds_hist"].update({"many": 1}),
    "bad_no_sides.json": lambda a: a.update(sides=[], wins=[], side_damage=[]),
    "bad_hits.json": lambda a: a["fighters"][0].update(hits=a["fighters"][0]["attacks"] + 1),
    "bad_huge.json": lambda a: a.update(trials=2**62, draws=2**62),
}
for name, f in edits.items():
    a = json.loads(json.dumps(base)); f(a)
    a["version"] = 1; a.pop("content", None)  # as dndsh 0.1 wrote them
    json.dump(a, open(name, "w"), sort_keys=True)
PY
