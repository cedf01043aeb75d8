-- Dropping to 0 HP (5E-ZERO-04, 06, 08..11): a character falls Unconscious
-- and makes Death Saving Throws at the start of each of its turns; three
-- successes stabilise it, three failures kill it. The counters are kept as
-- condition levels, so a new trial starts without them.
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")

local function counters(c)
  return c:level("death_success"), c:level("death_failure")
end

local function fail(c, n)
  c:add_condition("death_failure", { level = n, stacking = "levels", max_level = 3 })
  if c:level("death_failure") >= 3 then
    c:remove_condition("stable")
    fight.kill(c)
  end
end

rules.on("creature.dying", function(e)
  local c = e.target
  -- 5E-ZERO-04: massive damage kills outright.
  if e.past_zero >= c:get("max_hp") then
    fight.kill(c)
    return
  end
  c:add_condition("unconscious", { source = "0 hp" })
end, { phase = "declare" })

-- 5E-ZERO-08..10: a Death Saving Throw at the start of the turn.
rules.on("dying.turn", function(e)
  local c = e.fighter
  if fight.info(c).dead or c:has("stable") then return end
  local roll = dice.total("1d20")
  if roll == 20 then
    c:remove_condition("death_success")
    c:remove_condition("death_failure")
    c:remove_condition("unconscious")
    c:remove_condition("prone")
    c:heal(1)
    fight.revive(c)
  elseif roll == 1 then
    fail(c, 2)
  elseif roll >= 10 then
    c:add_condition("death_success", { level = 1, stacking = "levels", max_level = 3 })
    local s = counters(c)
    if s >= 3 then
      c:add_condition("stable", {})
      c:remove_condition("death_success")
      c:remove_condition("death_failure")
    end
  else
    fail(c, 1)
  end
end)
