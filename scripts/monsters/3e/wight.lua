-- Wight ([K] MM 3.0; the SRD 3.5 record "Wight" has the same numbers):
-- Medium undead, 4 HD (26 hp), AC 15 (+1 Dex, +4 natural), slam +3
-- 1d4+1 and energy drain: one negative level a slam, removal DC 14
-- (10 + 2 + Cha 15's +2), 5 temporary hit points each (DMG-SA-18,
-- monsters.abilities.energy_drain). Undead: turned and rebuked.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "wight", name = { en = "Wight", zh = "尸妖" }, type = "undead",
  size = "medium", hd = 4, hp = 26, bab = 2, speed = 30,
  abilities = { str = 12, dex = 12, con = 10, int = 11, wis = 13, cha = 15 },
  saves = { fort = 1, ref = 1, will = 4 },
  ac = { natural = 4 },
  natural = { { name = "Slam", damage = "1d4", type = "bludgeoning" } },
  senses = { darkvision = 60 },
}
ab.undead(stat)
require("monsters.abilities.energy_drain").on_hit(stat, { attacks = { "Slam" }, hd = 4, cha = 15 })
return S.build(stat)
