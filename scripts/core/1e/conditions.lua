-- The 1e conditions as data (names: names.lua). `fight` is what the kernel
-- does with a condition in fights that play themselves: no_actions takes the
-- bearer's turns, attack_mod changes its attack rolls. What the chapter
-- attaches to states beyond that (automatic hits on the helpless, a
-- charger's or caster's lost Dexterity, +2/+4 against off-balance or
-- stunned opponents) is computed by tohit.lua from the condition names.
local rules = require("rules")
local names = require("core.1e.names")

local FIGHT = {
  unconscious = { no_actions = true },
  coma = { no_actions = true },
  convalescent = { no_actions = true },
  stunned = { no_actions = true },     -- 1E-UNARMED-05: cannot attack for one full round
  asleep = { no_actions = true },
  held = { no_actions = true },
  paralyzed = { no_actions = true },
  helpless = { no_actions = true },
  dazed = { no_actions = true },       -- 1E-PSI-06 D: no psionic or other activity
  feebleminded = { no_actions = true },-- 1E-PSI-08: cannot attack or defend
  blessed = { attack_mod = 1 },        -- [K] PHB bless: +1 to hit
}

local IMPLIES = {
  unconscious = { "helpless" }, asleep = { "helpless" }, held = { "helpless" }, paralyzed = { "helpless" },
  coma = { "helpless" },
}

local STACK = { dying = "levels", cover = "levels", concealment = "levels", intoxicated = "levels", drained = "levels" }

for _, c in ipairs(names.conditions) do
  rules.define("condition." .. c.id, {
    name = { en = c.en, zh = c.zh },
    fight = FIGHT[c.id] or {},
    implies = IMPLIES[c.id],
    stacking = STACK[c.id],
  })
end
-- Cover and concealment against missiles, in % as the condition's level
-- (1E-MISS-07).
rules.define("condition.cover", { name = { en = "Cover", zh = "掩护" }, stacking = "levels" })
rules.define("condition.concealment", { name = { en = "Concealment", zh = "隐蔽" }, stacking = "levels" })
