-- Owlbear, the 3.0 Monster Manual's (numbers [K] MM 3.0: a beast, so BAB
-- +3; 5d10+20 (47 hp) with Con 19; claws +7 for 1d6+5, bite +2 for 1d8+2;
-- a Large (long) 5-by-10-ft face with 5-ft reach). The SRD 3.5 record
-- "Owlbear" is a magical beast (BAB +5, claws +9, Con 21, 52 hp) with a
-- 10-ft space. Improved grab (Ex), [K] MM 3.0: when a claw hits, the
-- owlbear starts a grapple as a free action without an attack of
-- opportunity and without the touch attack; against a creature at least
-- one size smaller; each grapple check it wins later deals the claw's
-- damage.
-- Open Game Content (OGL 1.0a; see NOTICE).
local S = require("core.3e.statblock")
local ab = require("monsters.abilities.3e")
local stat = {
  id = "owlbear", name = { en = "Owlbear", zh = "枭熊" }, type = "beast",  -- not in source
  size = "large", shape = "long", hd = 5, hp = 47, bab = 3, speed = 30,
  abilities = { str = 21, dex = 12, con = 19, int = 2, wis = 12, cha = 10 },
  saves = { fort = 4, ref = 4, will = 1 },
  ac = { natural = 5 },
  natural = {
    { name = "Claw", damage = "1d6", type = "slashing" },
    { name = "Claw 2", damage = "1d6", type = "slashing" },
    { name = "Bite", damage = "1d8", type = "piercing", secondary = true },
  },
  tags = { "stable", "scent" },
}
ab.improved_grab(stat, { attacks = { "Claw", "Claw 2" }, damage = "1d6+5", type = "slashing" })
return S.build(stat)
