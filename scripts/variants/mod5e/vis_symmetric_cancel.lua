-- AMB-19 (switch): sight nets out as in 5e: an attacker's poor view and
-- its target's poor view cancel (two blind combatants are even, not each
-- at 2 dis).
local rules = require("rules")
rules.variant{ id = "mod5e.vis_symmetric_cancel", system = "mod5e", implements = { "HB-VIS-12" },
  name = { en = "Sight penalties cancel as in 5e", zh = "视觉优劣势相互抵消" } }

local function copy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = copy(x) end
  return out
end
local t = copy(rules.need("combat"))
t.space.sight.bonus_needs_clear = false
rules.define("combat", t)
rules.merge("mod5e.options", { vis_symmetric_cancel = true })
