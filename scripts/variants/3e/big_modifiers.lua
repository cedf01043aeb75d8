-- DMG-CHK-03 (variant, DMG 3.0 p.89): for extreme circumstances a
-- circumstance is worth 2 up to 20 (-20 on a hopeless task, or DC +20),
-- on the check or on the DC alone.
local rules = require("rules")
rules.variant{ id = "3e.big_modifiers", system = "3e", implements = { "DMG-CHK-03" },
               name = { en = "Circumstances worth up to 20", zh = "最多 ±20 的情境调整" } }
require("core.3e.checks").max_circumstance = 20
