-- Fear (monsters.abilities.fear; DMG-SA-22, T-2, TV-38): a Will save
-- usually resists it; on a failure the victim is shaken, frightened or
-- panicked as the effect says. Fear stacks: shaken + shaken is
-- frightened, shaken + frightened panicked, frightened + shaken or
-- frightened panicked. Shaken is -2 (morale) on attack rolls, weapon
-- damage, saves and checks (A-29, the union); frightened also flees (and
-- fights on, shaken, when it cannot); panicked also drops what it holds
-- (50%) and flees at random, cowering when it cannot.
--
--   aura(stat, {dc, save = "will", effect = "shaken", range = 30})  the
--     creature's fear (a frightful presence): enemies within range at the
--     start of its turn save once per fight or take the effect
local rules = require("rules")
local check = require("check")
local fight = require("fight")

local M = rules.get("abilities.fear")
if M then return M end
M = {}

M.rank = { shaken = 1, frightened = 2, panicked = 3 }
M.by_rank = { "shaken", "frightened", "panicked" }

-- T-2 as a function: the state after a new effect on the current one.
function M.stack(current, new)
  if not M.rank[new] then error(string.format("fear.stack: %q (shaken, frightened, panicked)", tostring(new)), 2) end
  if not current or current == "none" then return new end
  local a, b = M.rank[current], M.rank[new]
  if not a then error(string.format("fear.stack: current %q", tostring(current)), 2) end
  if a == 3 or b == 3 then return "panicked" end
  if a == 1 and b == 1 then return "frightened" end
  return "panicked"
end

-- The conditions shaken, frightened and panicked and their penalties are
-- the condition summary's (core/3e/condsum.lua), which also puts the
-- penalty on every save; this file applies and stacks the effects.
local function condsum()
  local C = rules.get("3e.condsum")
  if not C then error("abilities.fear: the 3.0 condition summary (core/3e/condsum.lua) is not loaded", 3) end
  return C
end

-- M.state(c): the creature's fear now ("none" or a rank's name).
function M.state(c)
  for i = 3, 1, -1 do
    if c:has(M.by_rank[i]) then return M.by_rank[i] end
  end
  return "none"
end

-- M.frighten(c, effect, source): apply an effect with the stacking rule;
-- returns the new state.
function M.frighten(c, effect, source)
  local now = M.state(c)
  local new = M.stack(now, effect)
  for _, n in ipairs(M.by_rank) do c:remove_condition(n) end
  c:add_condition(new, { source = source })
  return new
end

-- M.penalty(c, what): A-29's union, the condition summary's: -2 on
-- "attack", "damage", "save", "check" while shaken or frightened (the
-- morale penalty counts once), saves only while panicked.
function M.penalty(c, what) return condsum().fear_penalty(c, what) end

-- M.panic_drop(): the 50% that a panicked creature drops what it holds.
function M.panic_drop() return check.percentile(50).success end

-- M.behaviour(state, o): what a frightened or panicked creature does:
-- "flee" (frightened: its own route; panicked: a random one), "act"
-- (frightened but the source out of sight and hearing), "fight" (a
-- frightened one that cannot flee, still shaken) or "cower" (panicked
-- with nowhere to go). o = {sees_source, can_flee}.
function M.behaviour(state, o)
  if state == "frightened" then
    if not o.sees_source then return "act" end
    return o.can_flee and "flee" or "fight"
  elseif state == "panicked" then
    return o.can_flee and "flee_random" or "cower"
  end
  return "act"
end

-- M.save(c, dc, effect, source): a Will save or the effect.
function M.save(c, dc, effect, source, kind)
  local ok = require("core.3e.saves").roll(c, kind or "will", dc)
  if ok then return false end
  M.frighten(c, effect, source)
  return true
end

function M.aura(stat, o)
  require("core.3e.special.hooks").add(stat, "turn.start", function(e)
    local me = e.fighter
    if fight.is(me, "out") then return end
    for _, y in ipairs(fight.enemies(me)) do
      if not fight.is(y, "out") and fight.distance(me, y) <= (o.range or 30) and not y:has("fear_saved") then
        y:add_condition("fear_saved", { source = me:get("id") })
        if M.save(y, o.dc, o.effect or "shaken", me:get("id"), o.save) then
          fight.note(string.format("%s is %s by %s", y:get("id"), M.state(y), me:get("id")))
        end
      end
    end
  end)
  return stat
end
rules.define("condition.fear_saved", { name = { en = "Saved against a fear aura", zh = "已豁免恐惧" }, fight = {} })  -- not in source

rules.define("abilities.fear", M)
return M
