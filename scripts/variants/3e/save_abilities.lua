-- DMG-SAVE-04 (variant, DMG 3.0 p.92): the DM may have a save use another
-- ability's modifier (Fortitude with Wis against phantasmal killer, Will
-- with Cha against enchantment); the base save stays.
local rules = require("rules")
rules.variant{ id = "3e.save_abilities", system = "3e", implements = { "DMG-SAVE-04" },
               name = { en = "Saves with other abilities", zh = "不同属性值的豁免检定" } }
require("core.3e.saves").other_ability = true
