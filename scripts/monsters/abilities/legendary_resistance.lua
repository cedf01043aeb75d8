-- Legendary Resistance (monsters.abilities.legendary_resistance): "If the
-- creature fails a saving throw, it can choose to succeed instead", N
-- times a day. The uses are the creature resource "legendary_resistance"
-- (regained on a Long Rest); core.5e.util.save spends one on any failed
-- save while uses are left (the creature always chooses to succeed).
-- Systems: 5e.
--
--   apply(stat, {uses = 3 [, lair = 4]}): the lair figure is not used
--   (fights are not in a lair).
local util = require("core.5e.util")

local M = {}

function M.apply(stat, p)
  util.resource(stat, "legendary_resistance", { max = p.uses or 3, recharge = "rest", rest = "long" })
  return stat
end

return M
