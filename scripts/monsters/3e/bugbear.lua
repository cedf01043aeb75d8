-- Bugbear. The SRD 3.5 record "Bugbear" (3 HD, morningstar 1d8+2, AC 17)
-- with the 3.0 Monster Manual's feats ([K] MM 3.0: Alertness only, so the
-- morningstar is +4, not the 3.5 record's +5 with Weapon Focus).
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
return S.build{
  id = "bugbear", name = { en = "Bugbear", zh = "熊地精" }, type = "humanoid",  -- not in source
  size = "medium", hd = 3, hp = 16, bab = 2, speed = 30,
  abilities = { str = 15, dex = 12, con = 13, int = 10, wis = 10, cha = 9 },
  saves = { fort = 1, ref = 3, will = 1 },
  ac = { natural = 3, armor = 2, shield = 1 },
  weapons = {
    { name = "Morningstar", damage = "1d8", type = "bludgeoning" },
    { name = "Javelin", damage = "1d6", range = 30, thrown = true, type = "piercing" },
  },
  feats = { "alertness" },
  senses = { darkvision = 60 },
  tags = { "goblinoid", "armed" },
}
