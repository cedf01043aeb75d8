-- ruleset: 3e
-- EX-18 as a fight: Jozan, a 3rd-level cleric of Pelor, with Tordek,
-- Lidda and Krusk (3rd level too), faces seven ghouls (2 HD) led by a
-- ghast (4 HD) in a crypt. Jozan turns undead each round he can (3E-TURN: 1d20 + Cha
-- on Table 8-16 gives the most powerful undead he can affect, 2d6 + 3 +
-- Cha the total HD, nearest first); turned ghouls flee for 10 rounds, or
-- cower when the crypt corners them (+2 to hit them); he heals whoever a
-- ghoul's paralysis and claws drop. A ghoul's touch paralyses (Fortitude
-- DC 12) for 1d4+1 rounds; the ghast's DC is 15.
--
--   dndsh run examples/3e/turning_undead.lua --seed 1
--   dndsh sim examples/3e/turning_undead.lua -n 2000
local fight = require("fight")
local icon = require("core.3e.classes.iconics")

return fight.encounter{
  name = "Jozan turns the ghouls and their ghast (EX-18)",
  map = { rows = [[
    ##################
    #................#
    #.111.......2222.#
    #.111.......2222.#
    #................#
    #######....#######
    #######....#######
    ##################
  ]] },
  sides = {
    { name = "party", members = { { stat = icon.jozan(3) }, { stat = icon.tordek(3) }, { stat = icon.lidda(3) },
      { stat = icon.krusk(3) } } },
    { name = "undead", members = {
      { monster = "ghoul", count = 7 },
      { monster = "ghast" },
    } },
  },
  max_rounds = 30,
}
