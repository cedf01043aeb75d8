-- DMG-MAG-05 (variant, DMG 3.0 p.94): a spell's save DC is 1d20 + spell
-- level + the caster's ability modifier, rolled once per casting for all
-- its targets; by default for every spell that allows a save (A-53).
local rules = require("rules")
rules.variant{ id = "3e.spell_roll", system = "3e", implements = { "DMG-MAG-05" },
               name = { en = "Rolled spell save DCs", zh = "法术检定（掷骰的豁免难度）" } }
require("core.3e.magic").rolled_dc = true
