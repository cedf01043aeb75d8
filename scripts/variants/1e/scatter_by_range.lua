-- 1E-GREN-07's option (AMB-07): a missed grenade-like missile scatters d4
-- feet at short range, d6 at medium and d8 at long range.
local rules = require("rules")
rules.variant{ id = "1e.scatter_by_range", system = "1e", implements = { "1E-GREN-07" },
               name = { en = "Scatter by range", zh = "按射程决定偏离距离" } }
require("core.1e.missiles").scatter_die = { short = 4, medium = 6, long = 8 }
