-- Hazards (inventory section 10): burning, dehydration, falling,
-- malnutrition and suffocation, and the Exhaustion levels they give
-- (5E-CND-06, T-19), tagged by source so that the locks and the cures of
-- each hazard apply to its own levels only.
--
--   local hz = require("core.5e.hazards")
--   hz.fall_dice(35)          --> 3
--   hz.fall(c, 60, { water = true })
--   hz.end_day_water(c, 0.4)  -- +1 Exhaustion (dehydration)
--   hz.hooks()                -- burning and suffocation in self-playing fights
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")

local M = rules.get("5e.hazards")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- The condition-like states this file adds.
M.states = {
  burning = { en = "Burning", zh = "燃燒" },
  dehydration = { en = "Dehydration", zh = "脫水" },
  falling = { en = "Falling", zh = "墜落" },
  malnutrition = { en = "Malnutrition", zh = "營養不良" },
  suffocation = { en = "Suffocation", zh = "窒息" },
  holding_breath = { en = "Holding breath", zh = "屏住呼吸" },
  dead = { en = "Dead", zh = "死亡" },
}

local function in_fight()
  return (pcall(fight.round))
end

-- deal applies damage through the fight pipeline during a fight (so a
-- creature dropping to 0 goes down), else on the creature; returns the
-- hit points lost.
local function deal(c, amount, dtype)
  if in_fight() then return fight.damage(c, amount, dtype) end
  return c:damage(amount, dtype).hp_lost
end

-- Exhaustion (5E-CND-06): levels add up; at 6 the creature dies. -2 x
-- level on every D20 Test (5e.checks), -5 ft x level of Speed.
M.MAX_EXHAUSTION = 6

function M.die(c, why)
  c:set("hp", 0)
  c:add_condition("dead", { source = why })
  if in_fight() then
    local known, info = pcall(fight.info, c)
    if known and not info.dead then fight.kill(c) end
  end
end

function M.gain_exhaustion(c, n, source)
  local r = c:add_condition("exhaustion", { level = n or 1, source = source or "exhaustion",
                                            stacking = "levels", max_level = M.MAX_EXHAUSTION })
  if r.level >= M.MAX_EXHAUSTION then M.die(c, "exhaustion") end
  return r.level
end

-- exhausted_speed: Speed less 5 ft per level (never below 0).
function M.exhausted_speed(c, speed)
  return math.max(0, speed - 5 * c:level("exhaustion"))
end

-- Locks (5E-HAZ-02, 5E-HAZ-05): Exhaustion from dehydration or
-- malnutrition can't be removed until the creature drinks or eats a full
-- day's requirement.
local function lock(c, source) c:add_tag("exhaustion_lock:" .. source) end
local function unlock(c, source) c:remove_tag("exhaustion_lock:" .. source) end
function M.locked(c, source)
  return source ~= nil and c:has_tag("exhaustion_lock:" .. source)
end

-- remove_exhaustion lowers Exhaustion by up to n levels, newest first,
-- skipping locked sources (a Long Rest removes 1). Returns how many.
function M.remove_exhaustion(c, n)
  local removed = 0
  while removed < n do
    local insts = c:conditions("exhaustion")
    local pick
    for i = #insts, 1, -1 do
      if not M.locked(c, insts[i].source) then
        pick = insts[i]
        break
      end
    end
    if pick == nil then break end
    if pick.source then
      c:reduce_level("exhaustion", 1, { source = pick.source })
    else
      c:remove_condition(pick.id)
      if pick.level > 1 then
        c:add_condition("exhaustion", { level = pick.level - 1, stacking = "levels", max_level = M.MAX_EXHAUSTION })
      end
    end
    removed = removed + 1
  end
  return removed
end

-- 5E-HAZ-01: a burning creature or object takes 1d4 Fire damage at the
-- start of each of its turns (AMB-03: turns). As an action it puts itself
-- out by going Prone and rolling; dousing, submerging or smothering the
-- fire also puts it out.
function M.ignite(c)
  return c:add_condition("burning", { stacking = "keep" })
end

function M.burn(c)
  if not c:has("burning") then return 0 end
  local n = dice.total("1d4")
  return deal(c, n, "fire")
end

M.extinguishers = { action = true, doused = true, submerged = true, smothered = true }
function M.extinguish(c, how, opts)
  opts = opts or {}
  how = how or "action"
  if not M.extinguishers[how] then error("extinguish: action, doused, submerged or smothered expected, got " .. tostring(how), 2) end
  if how == "action" then
    if opts.in_combat then rules.need("5e.action_rules").take(c, "action") end
    c:add_condition("prone", { source = "rolling" })
  end
  return c:remove_condition("burning") > 0
end

-- Water and food per day by size: T-13 (gallons) and T-14 (pounds)
-- [K✓ SRD 5.2] (reconstructed from the published book).
M.water = { tiny = 0.25, small = 1, medium = 1, large = 4, huge = 16, gargantuan = 64 }
M.food = { tiny = 0.25, small = 1, medium = 1, large = 4, huge = 16, gargantuan = 64 }

local function size_of(c)
  local s = string.lower(c:get("size"))
  if s == "" then s = "medium" end
  if not M.water[s] then error("unknown size " .. s, 3) end
  return s
end

function M.water_needed(c) return M.water[size_of(c)] end
function M.food_needed(c) return M.food[size_of(c)] end

-- 5E-HAZ-02: at the end of a day, a creature that drank less than half its
-- need gains a level of Exhaustion (no save), locked until it drinks a full
-- day's water. Returns whether it gained one.
function M.end_day_water(c, gallons)
  local need = M.water_needed(c)
  if gallons >= need then unlock(c, "dehydration") end
  if gallons < need / 2 then
    M.gain_exhaustion(c, 1, "dehydration")
    lock(c, "dehydration")
    return true
  end
  return false
end

-- 5E-HAZ-05: at the end of a day, a creature that ate something but less
-- than half its need makes a DC 10 Constitution save or gains a level of
-- Exhaustion. One that ate nothing gains a level at the end of its 5th day
-- without food and every day after. These levels are locked until it eats
-- a full day's food. AMB-15: a creature that eats nothing makes no save on
-- days 1-4 (the literal reading); M.save_when_nothing = true (or
-- opts.save_when_nothing) makes it save on those days too.
M.save_when_nothing = false
M.STARVING_DAYS = 5

local function days_without_food(c)
  for _, t in ipairs(c:get("tags")) do
    local m = t:match("^days_without_food=(%d+)$")
    local n = m and tonumber(m)
    if n then return n end
  end
  return 0
end

local function set_days(c, n)
  local old = days_without_food(c)
  c:remove_tag("days_without_food=" .. old)
  if n > 0 then c:add_tag("days_without_food=" .. n) end
end

-- end_day_food returns {gained = bool, save = the save's record or nil, days = days without food}.
function M.end_day_food(c, pounds, opts)
  opts = opts or {}
  local need = M.food_needed(c)
  local out = { gained = false }
  if pounds >= need then unlock(c, "malnutrition") end
  local save_nothing = opts.save_when_nothing
  if save_nothing == nil then save_nothing = M.save_when_nothing end
  if pounds > 0 then
    set_days(c, 0)
  else
    set_days(c, days_without_food(c) + 1)
  end
  out.days = days_without_food(c)
  if pounds <= 0 and out.days >= M.STARVING_DAYS then
    out.gained = true
  elseif pounds < need / 2 and (pounds > 0 or save_nothing) then
    local t = {}
    for k, v in pairs(opts) do t[k] = v end
    t.save_when_nothing = nil
    t.kind, t.ability, t.dc = "save", "con", 10
    out.save = rules.need("5e.d20_test")(c, t)
    out.gained = not out.save.success
  end
  if out.gained then
    M.gain_exhaustion(c, 1, "malnutrition")
    lock(c, "malnutrition")
  end
  return out
end

-- 5E-HAZ-03: 1d6 Bludgeoning per full 10 feet fallen, at most 20d6
-- (partial increments round down, AMB-18).
M.MAX_FALL_DICE = 20
function M.fall_dice(feet)
  return math.min(M.MAX_FALL_DICE, math.floor(feet / 10))
end

-- fall applies a fall of `feet` to c. Landing Prone unless it took no
-- damage. opts.water: falling into water or another liquid, c may use its
-- Reaction (if it has one left) for a DC 15 Str (Athletics) or Dex
-- (Acrobatics) check, its choice (opts.skill, default the better), and
-- halves the damage (rounded down) on a success (5E-HAZ-04). opts.check =
-- false declines. Returns {dice, rolled, damage, check, halved, prone, hp_lost}.
function M.fall(c, feet, opts)
  opts = opts or {}
  local n = M.fall_dice(feet)
  local out = { dice = n, rolled = 0, damage = 0, halved = false, prone = false, hp_lost = 0 }
  if opts.water and opts.check ~= false then
    local r = c:resource("reaction")
    if r == nil or r.current > 0 then
      if r then c:spend("reaction") end
      local checks = rules.need("5e.checks")
      local skill = opts.skill
      if skill == nil then
        local a = checks.modifier(c, { skill = "athletics" }) or -99
        local b = checks.modifier(c, { skill = "acrobatics" }) or -99
        skill = (b > a) and "acrobatics" or "athletics"
      end
      out.check = checks.d20_test(c, { skill = skill, dc = 15, adv = opts.adv, mods = opts.mods })
      out.halved = out.check.success
    end
  end
  if n == 0 then return out end
  out.rolled = dice.total(n .. "d6")
  out.damage = out.rolled
  if out.halved then out.damage = math.floor(out.damage / 2) end
  local hp_before, temp_before = c:get("hp"), c:get("temp_hp")
  out.hp_lost = deal(c, out.damage, "bludgeoning")
  -- Prone unless it avoided all damage (temporary hit points absorbing it
  -- still count as taking damage, AMB-18).
  local took = out.hp_lost > 0 or c:get("temp_hp") < temp_before or c:get("hp") < hp_before
  if took then
    c:add_condition("prone", { source = "falling" })
    out.prone = true
  end
  return out
end

-- 5E-HAZ-06: a creature holds its breath for 1 + Con modifier minutes, at
-- least 30 seconds (5 rounds of 6 seconds). Then, or while choking, it
-- gains a level of Exhaustion at the end of each of its turns (outside
-- initiative: every 6 seconds, AMB-19); breathing again removes every level
-- suffocation gave.
function M.breath_minutes(c)
  local mod = rules.need("5e.mod")(c:ability("con") or 10)
  return math.max(0.5, 1 + mod)
end

function M.breath_rounds(c)
  return math.floor(M.breath_minutes(c) * 10)
end

function M.hold_breath(c)
  c:set_resource("breath_held", { max = M.breath_rounds(c) })
  c:add_condition("holding_breath", { stacking = "keep" })
  return M.breath_rounds(c)
end

-- choke: out of air at once (choking, or no breath held).
function M.choke(c)
  c:set_resource("breath_held", { max = 0 })
  c:add_condition("holding_breath", { stacking = "keep" })
end

-- suffocation_turn, at the end of each of c's turns without air: uses a
-- round of held breath, or gains a level of Exhaustion (source
-- "suffocation"). Returns "holding", or the Exhaustion level.
function M.suffocation_turn(c)
  if not c:has("holding_breath") then return nil end
  local r = c:resource("breath_held")
  if r and r.current > 0 then
    c:spend("breath_held")
    return "holding"
  end
  return M.gain_exhaustion(c, 1, "suffocation")
end

function M.breathe(c)
  c:remove_condition("holding_breath")
  if c:resource("breath_held") then c:set("resources", { breath_held = false }) end
  return c:remove_condition("exhaustion", { source = "suffocation" })
end

-- hooks makes self-playing fights apply burning (start of turn) and
-- suffocation (end of turn); they are opt-in so that fights without these
-- hazards pay nothing. Returns the hook handles (rules.off).
function M.hooks()
  local a = rules.on("turn.start", function(e)
    if e.fighter and e.fighter:has("burning") then M.burn(e.fighter) end
  end)
  local b = rules.on("turn.end", function(e)
    if e.fighter and e.fighter:has("holding_breath") then M.suffocation_turn(e.fighter) end
  end)
  return { a, b }
end

rules.define("5e.hazards", M)
return M
