-- Orc, the 3.0 Monster Manual's (numbers [K] MM 3.0). The SRD 3.5 record
-- ("Orc, 1st-Level Warrior": Str 17, falchion 2d4+4, studded leather AC 13,
-- speed 30 ft.) is the 3.5 revision; 3.0 gave the orc +4 Str, a greataxe
-- and scale mail (AC 14, speed 20 ft.). The orcs of the chapter's worked
-- fight (§18: AC 16, battleaxe +2) are that fight's own, built in
-- examples/3e.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
return S.build{
  id = "orc", name = { en = "Orc", zh = "兽人" }, type = "humanoid",
  size = "medium", hd = 1, hp = 4, bab = 1, speed = 20, armor = "medium",
  abilities = { str = 15, dex = 10, con = 11, int = 9, wis = 8, cha = 8 },
  saves = { fort = 2, ref = 0, will = 0 },
  ac = { armor = 4 },
  weapons = {
    { name = "Greataxe", damage = "1d12", crit = "x3", two_handed = true, type = "slashing" },
    { name = "Javelin", damage = "1d6", range = 30, thrown = true, type = "piercing" },
  },
  feats = { "alertness" },
  senses = { darkvision = 60 },
  tags = { "orc", "light_sensitive", "armed" },
}
