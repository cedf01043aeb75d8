-- ruleset: 3e
-- The worked fight of PHB 3.0 chapter 8 (inventory §18): Tordek, Mialee,
-- Jozan and Lidda in a 10-ft corridor against four orc bandits at the
-- T-junction 50 ft from them. The orcs are aware of the party; of the
-- party only Jozan and Lidda heard them (Listen DC 9), so a surprise round
-- of partial actions comes first, Tordek and Mialee flat-footed and out of
-- it. Played by the kernel under the 3.0 combat table: ranged attacks with
-- range increments, charges, attacks of opportunity, dying and bleeding.
-- Spells and class features are not scripted here (Jozan and Mialee fight
-- as they can); the step-by-step fight with the book's dice is
-- spec/3e/vectors_spec.lua. The orcs fall back when badly hurt.
--
--   dndsh run examples/3e/worked_fight.lua --seed 1
--   dndsh sim examples/3e/worked_fight.lua -n 20000
local fight = require("fight")
local S = require("core.3e.statblock")
local tactics = require("core.3e.tactics")

local function orc(hp)
  return tactics.kit(S.build{ id = "orc", name = { en = "Orc", zh = "兽人" }, hp = hp, bab = 0,
    abilities = { str = 15, dex = 10, con = 11 }, ac = { armor = 4, shield = 2 }, speed = 20,
    weapons = { { name = "Battleaxe", damage = "1d8", crit = "x3", type = "slashing" },
      { name = "Javelin", damage = "1d6", range = 30, thrown = true, type = "piercing" } } })
end

return fight.encounter{
  name = "The worked fight: four adventurers against four orcs",
  map = { rows = {
    ".................",
    ".................",
    "##...............",
  } },
  sides = {
    { name = "party", tactics = tactics.target, members = {
      { stat = S.build{ id = "lidda", name = { en = "Lidda", zh = "莉达" }, player = true, race = "halfling", size = "small",
          hp = 8, bab = 0, abilities = { str = 8, dex = 17 }, feats = { "improved_initiative" }, ac = { armor = 2 },
          weapons = { { name = "Light crossbow", damage = "1d8", range = 80, group = "crossbow", crit = "19-20/x2" },
            { name = "Short sword", damage = "1d6", crit = "19-20/x2" } } }, at = { 13, 1 } },
      { stat = S.build{ id = "tordek", name = { en = "Tordek", zh = "托德克" }, player = true, race = "dwarf", armor = "medium",
          hp = 13, bab = 1, abilities = { str = 15, dex = 12, con = 14 }, ac = { armor = 4, shield = 2 },
          feats = { "weapon_focus:dwarven waraxe" }, weapons = { { name = "Dwarven waraxe", damage = "1d10", crit = "x3" } } },
        at = { 12, 0 }, unaware = true },
      { stat = S.build{ id = "jozan", name = { en = "Jozan", zh = "乔森" }, player = true, race = "human", armor = "medium",
          hp = 11, bab = 0, abilities = { str = 12, dex = 8, wis = 15 }, ac = { armor = 5 },
          weapons = { { name = "Heavy mace", damage = "1d8" } } }, at = { 11, 1 } },
      { stat = S.build{ id = "mialee", name = { en = "Mialee", zh = "米亚莉" }, player = true, race = "elf", hp = 7,
          abilities = { dex = 16 }, weapons = { { name = "Dagger", damage = "1d4", crit = "19-20/x2" } } },
        at = { 10, 0 }, unaware = true },
    } },
    { name = "orcs", members = {
      { stat = orc(4), id = "orc_a", at = { 2, 2 } },
      { stat = orc(6), id = "orc_b", at = { 2, 1 } },
      { stat = orc(5), id = "orc_c", at = { 1, 0 } },
      { stat = orc(6), id = "orc_d", at = { 1, 1 } },
    } },
  },
}
