-- Goblin, the 3.0 Monster Manual's (numbers [K] MM 3.0: Str 8 with a
-- Medium-size morningstar, 1d8-1, and javelins 1d6-1). The SRD 3.5
-- record ("Goblin, 1st-Level Warrior": Str 11, a Small morningstar 1d6,
-- javelin 1d4) is the 3.5 revision.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
return S.build{
  id = "goblin", name = { en = "Goblin", zh = "地精" }, type = "humanoid",
  size = "small", hd = 1, hp = 4, bab = 1, speed = 30,
  abilities = { str = 8, dex = 13, con = 11, int = 10, wis = 11, cha = 8 },
  saves = { fort = 2, ref = 0, will = 0 },
  ac = { armor = 2, shield = 1 },
  weapons = {
    { name = "Morningstar", damage = "1d8", type = "bludgeoning" },
    { name = "Javelin", damage = "1d6", range = 30, thrown = true, type = "piercing" },
  },
  feats = { "alertness" },
  senses = { darkvision = 60 },
  tags = { "goblinoid", "armed" },
}
