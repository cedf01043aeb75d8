-- DMG-CHK-10 (variant, DMG 3.0 p.91): the DM may have a skill check use
-- another ability (Climb with Dex while weightless; A-47, A-48) or an
-- ability check add a skill's ranks (checks.check's ability with a
-- skill).
local rules = require("rules")
rules.variant{ id = "3e.skill_abilities", system = "3e", implements = { "DMG-CHK-10" },
               name = { en = "Skills with other abilities", zh = "技能与不同属性" } }
require("core.3e.checks").other_ability = true
