-- Wolf. Numbers from the SRD 3.5 record "Wolf" (2 HD, bite +3 1d6+1,
-- speed 50 ft.); [K] the 3.0 Monster Manual's wolf is the same, with
-- Weapon Finesse (bite) where the 3.5 record has Weapon Focus (bite): +3
-- either way. Trip (Ex), [K] MM 3.0: a wolf that hits with its bite may
-- try to trip the opponent as a free action, with no touch attack and no
-- attack of opportunity; if it fails, the opponent cannot trip it back.
-- Four legs: +4 against trips and bull rushes (3E-MON-05).
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "wolf", name = { en = "Wolf", zh = "狼" }, type = "animal",  -- not in source
  size = "medium", hd = 2, hp = 13, bab = 1, speed = 50,
  abilities = { str = 13, dex = 15, con = 15, int = 2, wis = 12, cha = 6 },
  saves = { fort = 3, ref = 3, will = 0 },
  ac = { natural = 2 },
  natural = { { name = "Bite", damage = "1d6", type = "piercing", light = true } },
  feats = { "weapon_finesse" },
  tags = { "stable", "low_light_vision", "scent" },
}
ab.trip_on_hit(stat, { attack = "Bite" })
return S.build(stat)
