-- Nimble Escape and Cunning Action (monsters.abilities.nimble_escape): the
-- Disengage or Hide action as a Bonus Action. Fights have no positions, so
-- Disengage does nothing; Hide is core.5e.tactics.hide (a DC 15 Dexterity
-- (Stealth) check after its Action; on a success it is Invisible until it
-- makes an attack roll, which has Advantage). Systems: 5e. No parameters.
local tactics = require("core.5e.tactics")

local M = {}

function M.apply(stat)
  return tactics.hide(stat, tactics.kit(stat))
end

return M
