-- DMG-CHK-11 (variant, DMG 3.0 p.91): a natural 20 that succeeds rolls
-- again, and a second success is a critical success; a natural 1 that
-- fails rolls again, and a second failure is a critical failure (A-50);
-- never when taking 10 or 20. The effects are the DM's (the book's table
-- is checks.critical_effects).
local rules = require("rules")
rules.variant{ id = "3e.critical_checks", system = "3e", implements = { "DMG-CHK-11" },
               name = { en = "Critical success and failure on checks", zh = "检定的极端成功与极端失败" } }
require("core.3e.checks").critical = true
