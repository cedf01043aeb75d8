-- Ability damage, ability drain and ability reduction (monsters.abilities.
-- ability_damage; DMG-SA-02..06). Damage is temporary: it heals 1 point an
-- ability a day, 2 with complete rest (TV-28). Drain is permanent (only
-- restoration). No score goes below 0; "no score" (nil) is not 0
-- (DMG-SA-03). A reduction for a duration (M.reduce) ends by itself with
-- no healing (DMG-SA-04). Each point the Constitution modifier falls costs
-- 1 hp a Hit Die, off the maximum and the current hit points, the maximum
-- never below 1 a Hit Die (DMG-SA-05, A-26, TV-29, TV-30).
--
-- The score a creature has is its kernel ability (c:ability("str")); this
-- file keeps the base, damage and drain under the conditions
-- ability_damage and ability_drain (source = the ability, level = the
-- points), so the score is base - damage - drain - reduction.
--
--   on_hit(stat, {attacks = {"Touch"}, ability = "str", amount = "1d6",
--                 drain = false})      DMG-SA-06: a shadow's touch: an
--       attack action of the creature (only its own hits: a creature that
--       hits it is not drained)
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")

local M = rules.get("abilities.ability_damage")
if M then return M end
M = {}

rules.define("condition.ability_damage", { name = { en = "Ability damage", zh = "属性伤害" }, fight = {} })
rules.define("condition.ability_drain", { name = { en = "Ability drain", zh = "属性吸取" }, fight = {} })
rules.define("condition.ability_reduction", { name = { en = "Ability reduction", zh = "属性值暂损" }, fight = {} })

M.abilities = { "str", "dex", "con", "int", "wis", "cha" }

local function mod(score) return math.floor(score / 2) - 5 end

local function points(c, cond, ab)
  local n = 0
  for _, k in ipairs(c:conditions(cond)) do
    if k.source == ab then n = n + k.level end
  end
  return n
end

-- M.base(c, ab): the score before damage, drain and reduction.
function M.base(c, ab)
  local now = c:ability(ab)
  if now == nil then return nil end
  return now + points(c, "ability_damage", ab) + points(c, "ability_drain", ab) + points(c, "ability_reduction", ab)
end

function M.damage_of(c, ab) return points(c, "ability_damage", ab) end
function M.drain_of(c, ab) return points(c, "ability_drain", ab) end

-- DMG-SA-03: what a score of 0 does.
M.at_zero = { str = "helpless", dex = "paralyzed", con = "dead", int = "unconscious", wis = "asleep", cha = "unconscious" }

local function in_fight(c)
  local ok, out = pcall(fight.is, c, "out")
  return ok and out ~= nil
end

-- hit points by the Constitution modifier (DMG-SA-05)
local function con_hp(c, old, new)
  local hd = c:ability("level") or 1
  local d = (mod(new) - mod(old)) * hd
  if d == 0 then return 0 end
  local max = c:get("max_hp")
  local new_max = math.max(hd, max + d)
  local change = new_max - max
  local hp = c:get("hp")
  c:set("max_hp", new_max)
  c:set("hp", math.max(c:get("floor"), math.min(new_max, hp + change)))
  if in_fight(c) then fight.sync_hp(c) end
  return change
end

local function set_score(c, ab, v)
  local old = c:ability(ab)
  c:set("abilities", { [ab] = v })
  local hp_change = 0
  if ab == "con" then hp_change = con_hp(c, old, v) end
  if v <= 0 then
    local what = M.at_zero[ab]
    if what == "dead" then
      if in_fight(c) then fight.kill(c) else c:set("hp", c:get("floor")) end
    elseif not c:has(what) then
      c:add_condition(what, { source = "ability_" .. ab })
      if not c:has("helpless") then c:add_condition("helpless", { source = "ability_" .. ab }) end
      if in_fight(c) and not fight.is(c, "out") then fight.down(c) end
    end
  end
  return hp_change
end

local function lose(c, ab, n, cond)
  if type(n) == "string" then n = dice.total(n) end
  local now = c:ability(ab)
  if now == nil then return nil, 0 end -- no score: nothing to lose (a wraith's Strength)
  local taken = math.min(n, now)
  if taken > 0 then c:add_condition(cond, { source = ab, level = taken, stacking = "levels" }) end
  local hp = set_score(c, ab, now - taken)
  return now - taken, hp
end

-- M.damage(c, ab, n): n (a number or dice) points of ability damage;
-- returns the new score and the hit points the Constitution change cost.
function M.damage(c, ab, n) return lose(c, ab, n, "ability_damage") end
-- M.drain(c, ab, n): permanent drain.
function M.drain(c, ab, n) return lose(c, ab, n, "ability_drain") end

-- M.reduce(c, ab, n): a timed reduction (a spell's), ended by
-- M.end_reduction(c, ab): the score comes back with no healing.
function M.reduce(c, ab, n)
  local now = c:ability(ab)
  if now == nil then return nil end
  local taken = math.min(n, now)
  if taken > 0 then c:add_condition("ability_reduction", { source = ab, level = taken, stacking = "levels" }) end
  set_score(c, ab, now - taken)
  return now - taken
end
function M.end_reduction(c, ab)
  local n = points(c, "ability_reduction", ab)
  if n == 0 then return 0 end
  c:remove_condition("ability_reduction", { source = ab })
  set_score(c, ab, c:ability(ab) + n)
  return n
end

-- M.heal_day(c, rest): a day's natural recovery: 1 point of damage of each
-- ability, 2 with complete rest; drain does not heal. Returns the points.
function M.heal_day(c, rest)
  local per = rest and 2 or 1
  local total = 0
  for _, ab in ipairs(M.abilities) do
    local d = points(c, "ability_damage", ab)
    if d > 0 then
      local h = math.min(per, d)
      c:reduce_level("ability_damage", h, { source = ab })
      set_score(c, ab, c:ability(ab) + h)
      total = total + h
    end
  end
  return total
end

-- M.restore(c, ab, spell): lesser restoration heals damage (1d4 [K] PHB
-- 3.0: all of one ability is the DM's reading here: the number given, or
-- all), restoration damage and drain.
function M.restore(c, ab, spell, n)
  local healed = 0
  local d = points(c, "ability_damage", ab)
  local h = math.min(n or d, d)
  if h > 0 then
    c:reduce_level("ability_damage", h, { source = ab })
    healed = healed + h
  end
  if spell == "restoration" then
    local dr = points(c, "ability_drain", ab)
    if dr > 0 then
      c:remove_condition("ability_drain", { source = ab })
      healed = healed + dr
    end
  elseif spell ~= "lesser_restoration" then
    error(string.format("ability_damage.restore: spell %q (lesser_restoration, restoration)", tostring(spell)), 2)
  end
  if healed > 0 then set_score(c, ab, c:ability(ab) + healed) end
  return healed
end

-- M.on_hit(stat, o): DMG-SA-06, ability damage or drain by the creature's
-- own hits with o.attacks (a supernatural attack action).
function M.on_hit(stat, o)
  local which = {}
  for _, a in ipairs(o.attacks) do which[a] = true end
  require("core.3e.special.hooks").add(stat, "damage.apply", function(e)
    local t = e.target
    if not which[e.attack] or fight.is(t, "dead") then return end
    if o.rider ~= "touch" and require("core.3e.damage").rider_blocked(t, "injury") then return end
    local v = o.drain and M.drain(t, o.ability, o.amount) or M.damage(t, o.ability, o.amount)
    if v then fight.note(string.format("%s: %s %s now %d", e.attacker:get("id"), t:get("id"), o.ability, v)) end
  end, { phase = "after", only = "actor" })
  return stat
end

M.mod = mod
rules.define("abilities.ability_damage", M)
return M
