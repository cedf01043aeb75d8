-- 1E-INIT-01's option for small groups: every individual rolls its own
-- d6 instead of one roll per side.
local rules = require("rules")
rules.variant{ id = "1e.individual_initiative", system = "1e", implements = {},
               name = { en = "Individual initiative", zh = "个人先攻" } }
local c = rules.need("combat")
local ini = {}
for k, v in pairs(c.initiative) do ini[k] = v end
ini.mode = "individual"
rules.merge("combat", { initiative = ini })
