-- AMB-39's variant: the widespread reading that a blow leaving a creature
-- anywhere from 0 to -9 only knocks it out (it dies at -10).
local rules = require("rules")
rules.variant{ id = "1e.minus_nine", system = "1e", implements = {},
               name = { en = "Unconscious down to -9", zh = "可低至 −9 仍只失去意识" } }
require("core.1e.hp").knockout_floor = -9
