-- Medium-size monstrous spider ([K] MM 3.0): 2 HD (9 hp), AC 14 (+3 Dex,
-- +1 natural), bite +4 (Weapon Finesse) 1d6 and poison: Table 3-16's
-- medium-size spider venom, Fortitude DC 14, 1d4 Str and a minute later
-- 1d4 Str (DMG-SA-30, monsters.abilities.poison); immune to its own
-- poison; tremorsense 60 ft for web spinners (DMG-SA-43, not modelled in
-- fights).
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local stat = {
  id = "monstrous_spider", name = { en = "Medium-size monstrous spider", zh = "中型巨型蜘蛛" }, type = "vermin",  -- not in source
  size = "medium", hd = 2, hp = 9, bab = 1, speed = 30,
  abilities = { str = 11, dex = 17, con = 12, int = 10, wis = 10, cha = 2 },
  saves = { fort = 3, ref = 0, will = 0 },
  ac = { natural = 1 },
  natural = { { name = "Bite", damage = "1d6", type = "piercing", light = true } },
  feats = { "weapon_finesse" },
  senses = { darkvision = 60 },
  tags = { "vermin" },
}
require("monsters.abilities.poison").on_hit(stat, { attacks = { "Bite" }, poison = "medium_spider" })
return S.build(stat)
