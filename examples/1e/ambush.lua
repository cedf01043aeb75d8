-- ruleset: 1e
-- An ambush: a ranger's band lies in wait for a gnoll war party. The band
-- cannot be surprised; the gnolls roll their d6 against the ambushers'
-- "surprise on 1-4" (1E-SURP-01..04) and lose that many segments, in each
-- of which the band makes a whole round of attacks (1E-SURP-05): arrows
-- at three times the rate, the thief's backstab, the assassin's
-- assassination roll (1E-ASSN-01). Then side initiative, round by round.
--
--   dndsh run examples/1e/ambush.lua --seed 1
--   dndsh sim examples/1e/ambush.lua -n 2000
local fight = require("fight")
local classes = require("core.1e.classes")
local encounter = require("core.1e.encounter")

encounter.setup{
  surprise = true,
  sides = { band = { cannot_be_surprised = true } },
}

return fight.encounter{
  name = "Ambush: a ranger's band against a gnoll war party",
  sides = {
    { name = "band", members = {
      { stat = classes.character{ id = "ranger", name = { en = "Ranger", zh = "游侠" }, class = "ranger",
          level = 4, str = 16, dex = 15, con = 15, hp = 30, ac = 5, weapon = "Long sword", missile = "Long bow",
          surprises = 4 } },
      { stat = classes.character{ id = "thief", name = { en = "Thief", zh = "盗贼" }, class = "thief",
          level = 5, str = 13, dex = 17, con = 12, hp = 17, ac = 8, weapon = "Short sword" } },
      { stat = classes.character{ id = "assassin", name = { en = "Assassin", zh = "刺客" }, class = "assassin",
          level = 5, str = 15, dex = 16, con = 13, hp = 20, ac = 7, weapon = "Long sword" } },
      { stat = classes.character{ id = "archer", name = { en = "Archer", zh = "弓手" }, class = "fighter",
          level = 2, str = 13, dex = 16, con = 12, hp = 14, ac = 7, missile = "Short bow", weapon = "Short sword",
          tags = { "archer" } } },
    } },
    { name = "gnolls", members = {
      { monster = "gnoll", count = 8 },
    } },
  },
}
