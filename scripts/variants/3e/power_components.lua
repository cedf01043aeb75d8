-- DMG-MAG-06 (variant, DMG 3.0 p.95): a rare component worth the XP cost
-- x 10 or x 20 in gp replaces a spell's (or an item's) XP cost.
local rules = require("rules")
rules.variant{ id = "3e.power_components", system = "3e", implements = { "DMG-MAG-06" },
               name = { en = "Power components", zh = "强能法术成分" } }
require("core.3e.magic_dmg").power_components = true
