-- Zombie (Medium-size), the 3.0 Monster Manual's (numbers [K] MM 3.0):
-- 2d12+3 (16 hp), AC 11, slam +2 for 1d6+1, partial actions only (it moves
-- or attacks, both only with a partial charge). The SRD 3.5 record "Human
-- Commoner Zombie" has "single actions only" and damage reduction
-- 5/slashing, which the 3.0 zombie lacks.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "zombie", name = { en = "Zombie", zh = "僵尸" }, type = "undead",  -- not in source
  size = "medium", hd = 2, hp = 16, bab = 1, speed = 30,
  abilities = { str = 13, dex = 8, con = 10, int = 10, wis = 10, cha = 1 },
  saves = { fort = 0, ref = 0, will = 3 },
  ac = { natural = 2 },
  natural = { { name = "Slam", damage = "1d6", type = "bludgeoning" } },
  feats = { "toughness" },
  senses = { darkvision = 60 },
}
ab.undead(stat)
ab.partial_actions_only(stat)
return S.build(stat)
