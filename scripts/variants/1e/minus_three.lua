-- 1E-HP-04 (optional): a blow that takes a creature to 0 may take it as
-- low as -3 and leave it merely unconscious (then it bleeds as usual).
local rules = require("rules")
rules.variant{ id = "1e.minus_three", system = "1e", implements = { "1E-HP-04" },
               name = { en = "Unconscious down to -3", zh = "可低至 −3 仍只失去意识" } }
require("core.1e.hp").knockout_floor = -3
