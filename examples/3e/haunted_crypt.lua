-- ruleset: 3e
-- Five iconic characters at 6th level (scripts/core/3e/classes/iconics.lua:
-- Tordek with a +1 waraxe) in a crypt against monsters that use the
-- special-abilities library (scripts/monsters/abilities) through the 3.0
-- damage pipeline (scripts/core/3e/damage.lua):
--   * a troll: regeneration (blows are subdual, 5 healed a turn; only
--     fire and acid deal it normal damage);
--   * a gargoyle: damage reduction 15/+1 (only Tordek's +1 waraxe hurts it
--     whole; Mialee's magic missiles ignore DR);
--   * a wight: energy drain (negative levels, 5 temporary hit points each);
--   * a shadow: incorporeal (mundane blows nothing, magic half the time),
--     Strength damage, turn resistance +2;
--   * a monstrous spider: poison (Fortitude DC 14, 1d4 Str and again a
--     minute later).
--
--   dndsh run examples/3e/haunted_crypt.lua --seed 1
--   dndsh sim examples/3e/haunted_crypt.lua -n 2000
local fight = require("fight")
local icon = require("core.3e.classes.iconics")

local tordek = icon.tordek(6, { weapons = { { name = "Dwarven waraxe +1", damage = "1d10", crit = "x3",
  type = "slashing", enhancement = 1 } } })

return fight.encounter{
  name = "Five iconic characters in a haunted crypt",
  map = { rows = [[
    ##################
    #................#
    #.11.........22..#
    #.11........222..#
    #.1..........22..#
    #................#
    ##################
  ]] },
  sides = {
    { name = "party", members = { { stat = tordek }, { stat = icon.lidda(6) }, { stat = icon.jozan(6) },
      { stat = icon.mialee(6) }, { stat = icon.krusk(6) } } },
    { name = "crypt", members = {
      { monster = "troll" }, { monster = "gargoyle" }, { monster = "wight" }, { monster = "shadow" },
      { monster = "monstrous_spider" },
    } },
  },
  max_rounds = 40,
}
