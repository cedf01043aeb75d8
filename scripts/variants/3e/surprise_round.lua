-- DMG-INIT-07 [Variant] (3.0 DMG p.61, 规则变化：突袭轮): the first round of
-- every combat is a surprise round, whether or not anyone is unaware: only
-- creatures aware of their opponents act in it, each with one partial
-- action (A-10: when everyone is aware, partial actions for everybody).
-- It takes the value out of a high initiative (the archer with four or
-- five attacks cannot shoot them all before anyone acts).
local rules = require("rules")
local I = require("core.3e.initiative")

rules.variant{ id = "3e.surprise_round", system = "3e", implements = { "DMG-INIT-07" },
               name = { en = "Every first round is a surprise round", zh = "每场战斗首轮皆为突袭轮" } }

-- fights that play themselves: the combat table's surprise round opens
-- whenever anyone is aware
local ini = {}
for k, v in pairs(rules.need("combat").initiative) do ini[k] = v end
ini.surprise_always = true
rules.merge("combat", { initiative = ini })

-- encounters of initiative.lua (and encounter.lua, which builds on it)
local config = I.config
rules.merge("3e.initiative", { config = function()
  local c = config()
  c.surprise.always = true
  return c
end })
