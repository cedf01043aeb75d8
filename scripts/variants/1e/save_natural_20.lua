-- 1E-SAVE-04 (optional): a natural 20 makes any applicable saving throw,
-- whatever the penalties.
local rules = require("rules")
rules.variant{ id = "1e.save_natural_20", system = "1e", implements = { "1E-SAVE-04" },
               name = { en = "A natural 20 always saves", zh = "自然 20 总能豁免成功" } }
require("core.1e.saves").natural_20 = true
