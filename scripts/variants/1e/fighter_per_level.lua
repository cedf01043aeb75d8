-- The option printed with matrix I.B [K]: fighters improve one step (5%)
-- every level instead of two every two levels (AC-10 value 11 - level).
local rules = require("rules")
rules.variant{ id = "1e.fighter_per_level", system = "1e", implements = {},
               name = { en = "Fighters improve every level", zh = "战士每级提升命中" } }
require("core.1e.tohit").per_level = true
