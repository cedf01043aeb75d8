-- ruleset: 3e
-- A study of the DMG's variant rules (3.0 DMG chapter 3): a 4th-level
-- fighter (AC 20, greatsword 2d6+4, 19-20) against an ogre (AC 16,
-- greatclub 2d6+7, 26 hp) and two orcs. Played as is (the PHB rules), then
-- with the same trials under a variant:
--
--   dndsh sim --seed 1 -n 20000 examples/3e/dmg_variants_study.lua --compare variants=3e.defense_roll
--   dndsh sim --seed 1 -n 20000 examples/3e/dmg_variants_study.lua --compare variants=3e.instant_kill
--   dndsh sim --seed 1 -n 20000 examples/3e/dmg_variants_study.lua --compare variants=3e.clobbered,3e.massive_by_size
--
-- The defense roll (DMG-ATK-03) turns the static AC into 1d20 + (AC - 10),
-- which widens the spread of every attack: the armoured fighter is hit
-- more often by the weak orcs and the strong ogre less reliably. Instant
-- kill (DMG-ATK-06) needs three 20s in a row on the same attack (about 1
-- in 8000 attacks). See docs/status.md (3e, the DMG variants).
local fight = require("fight")
local S = require("core.3e.statblock")

local fighter = S.build{ id = "fighter", name = { en = "Fighter", zh = "战士" }, player = true, race = "human",
  armor = "heavy", hp = 38, level = 4, bab = 4, abilities = { str = 17, dex = 12, con = 14, int = 10, wis = 12, cha = 8 },
  saves = { fort = 6, ref = 2, will = 2 }, ac = { armor = 8, deflection = 1 }, max_dex = 1,
  feats = { "weapon_focus:greatsword" },
  weapons = { { name = "Greatsword", damage = "2d6", crit = "19-20/x2", type = "slashing", two_handed = true } } }

local ogre = S.build{ id = "ogre", name = { en = "Ogre", zh = "食人魔" }, size = "large", hp = 26, bab = 3,
  abilities = { str = 21, dex = 8, con = 15, int = 6, wis = 10, cha = 7 }, saves = { fort = 6, ref = 0, will = 1 },
  ac = { armor = 3, natural = 5 }, speed = 30,
  weapons = { { name = "Huge greatclub", damage = "2d6", type = "bludgeoning", two_handed = true } } }

local orc = S.build{ id = "orc", name = { en = "Orc", zh = "兽人" }, hp = 6, bab = 1,
  abilities = { str = 15, dex = 10, con = 11 }, ac = { armor = 4, shield = 2 }, speed = 20,
  weapons = { { name = "Battleaxe", damage = "1d8", crit = "x3", type = "slashing" } } }

return fight.encounter{
  name = "DMG variants: a fighter against an ogre and two orcs",
  map = { rows = {
    "...........",
    "..1....222.",
    ".......222.",
    "...........",
  } },
  sides = {
    { name = "fighter", tactics = "lowest_hp", members = { { stat = fighter } } },
    { name = "monsters", tactics = "lowest_hp", members = { { stat = ogre }, { stat = orc, count = 2 } } },
  },
}
