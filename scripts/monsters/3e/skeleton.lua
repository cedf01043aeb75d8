-- Skeleton (Medium-size), the 3.0 Monster Manual's (numbers [K] MM 3.0):
-- 1d12 (6 hp), AC 13 (+1 Dex, +2 natural), 2 claws +0 for 1d4, immune to
-- cold, half damage from piercing and slashing weapons. The SRD 3.5 record
-- "Human Warrior Skeleton" has damage reduction 5/bludgeoning instead, a
-- scimitar and a heavy shield.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "skeleton", name = { en = "Skeleton", zh = "骷髅" }, type = "undead",
  size = "medium", hd = 1, hp = 6, bab = 0, speed = 30,
  abilities = { str = 10, dex = 12, con = 10, int = 10, wis = 10, cha = 11 },
  saves = { fort = 0, ref = 0, will = 2 },
  ac = { natural = 2 },
  natural = {
    { name = "Claw", damage = "1d4", type = "slashing" },
    { name = "Claw 2", damage = "1d4", type = "slashing" },
  },
  feats = { "improved_initiative" },
  senses = { darkvision = 60 },
  traits = {
    { kind = "immune", type = "cold" },
    { kind = "resist", type = "piercing" },
    { kind = "resist", type = "slashing" },
  },
}
ab.undead(stat)
return S.build(stat)
