-- AMB-02 (switch): a level of exhaustion's disadvantage replaces that of
-- the lower levels instead of adding to it: at level 5 attacks, saves and
-- skill checks have 2 dis in all (not 3).
local rules = require("rules")
rules.variant{ id = "mod5e.exhaustion_replace", system = "mod5e", implements = { "HB-COND-06" },
  name = { en = "Exhaustion levels replace, not add", zh = "力竭等级取代而非叠加" } }

local d = rules.need("condition.exhaustion")
local t = {}
for k, v in pairs(d) do t[k] = v end
t.d20 = {
  { kind = "skill", level = -1, min_level = 1 },
  { kind = "save", level = -1, min_level = 3 },
  { kind = "save", level = -1, min_level = 5 },
  { kind = "skill", level = -1, min_level = 5 },
}
t.fight = { levels = {
  { level = 2, speed_halvings = 1 },
  { level = 3, attack_adv = -1 },
  { level = 5, attack_adv = -1 },
  { level = 6, speed_zero = true },
} }
rules.merge("mod5e.options", { exhaustion_replace = true })
rules.define("condition.exhaustion", t)
