-- Movement and speed (inventory §11, 3E-MOVE): the tactical speed of
-- Table 8-6 (statblock.lua's S.speed), the multiples of speed by action
-- (turn.lua), the speed of a heavy load and of classes [K], travel speeds.
-- Who may move through whom is the kernel's (the combat table's
-- space.pass: friends, helpless foes, tiny creatures, three sizes apart;
-- a creature that fills its space blocks all).
local rules = require("rules")
local T = require("core.3e.tables")

local M = rules.get("3e.move")
if M then return M end
M = {}

-- M.multiple(action, speed, heavy): 3E-MOVE-02: how far an action lets a
-- creature move: a standard action's move 1 x, a double move or a charge
-- 2 x, a run 4 x (3 x in heavy armour), a full-round action a 5-foot step.
function M.multiple(action, speed, heavy)
  if action == "standard" or action == "move" then return speed end
  if action == "double_move" or action == "charge" then return 2 * speed end
  if action == "run" then return (heavy and T.run_multiplier.heavy or T.run_multiplier.normal) * speed end
  if action == "full" then return T.square end
  error(string.format("unknown action %q (standard, move, double_move, charge, run, full)", tostring(action)), 2)
end

-- M.load_speed(speed, load): 3E-MOVE-03 [K] (PHB 3.0 Table 9-2, not in the
-- seed): a medium or heavy load slows a creature as medium or heavy armour
-- does (30 ft to 20, 20 to 15); a light load does not.
function M.load_speed(speed, load)
  if load == "light" or load == nil then return speed end
  for _, r in ipairs(T.speed_rows) do
    if r.light == speed then return r.heavy end
  end
  return speed
end

-- M.class_speed(speed, class, level, armor): 3E-MOVE-04 [K] (PHB 3.0
-- classes): a barbarian +10 ft unless in heavy armour; a monk without
-- armour +10 ft at 3rd level and every three levels after.
function M.class_speed(speed, class, level, armor)
  if class == "barbarian" and armor ~= "heavy" then return speed + 10 end
  if class == "monk" and (armor == nil or armor == "none") and level >= 3 then
    return speed + 10 * math.floor(level / 3)
  end
  return speed
end

-- M.mph(action): 3E-MOVE-12: a double move is about 6 mph, a run 12.
function M.mph(action)
  if action == "double_move" then return 6 end
  if action == "run" then return 12 end
  return nil
end

rules.define("3e.move", M)
return M
