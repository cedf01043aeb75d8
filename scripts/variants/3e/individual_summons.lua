-- DMG-MAG-07 (variant, DMG 3.0 p.96): a caster summons the same
-- individual creatures in a fixed order; one killed while summoned is
-- away 24 hours, one truly dead never comes back until replaced at a new
-- caster level.
local rules = require("rules")
rules.variant{ id = "3e.individual_summons", system = "3e", implements = { "DMG-MAG-07" },
               name = { en = "Summoning specific creatures", zh = "召唤个别怪物" } }
require("core.3e.magic_dmg").individual_summons = true
