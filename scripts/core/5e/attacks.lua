-- Making attacks (inventory section 14, 5E-ATK-01..11, T-17): the
-- modifiers an attack gets from cover, range, sight, reach, nearby enemies
-- and conditions, gathered by plain functions (5e.attack.context) that a
-- script, the REPL or a spec calls with the geometry, and Opportunity
-- Attacks with the Reaction they spend.
--
-- In self-playing fights (which have no positions) the kernel applies the
-- conditions' data; cover is data too: 5e.attack.set_cover gives a
-- creature a cover marker whose armour-class bonus the kernel compiles
-- (condition.cover_half and condition.cover_three_quarters are markers,
-- not conditions of the rules).
--
-- The Cover table (T-17, 5E-ATK-03) is missing from the seed: it is a [K]
-- reconstruction from the published book, checked against SRD 5.2.1; so
-- is the Opportunity Attack trigger's list of ways of leaving (5E-ATK-10).
local rules = require("rules")
local grid = require("grid")
local fight = require("fight")

local M = {}

local function cond()
  return rules.need("5e.conditions")
end

-- T-17 [K✓ SRD 5.2]: the degrees of cover and what they give the target.
M.cover_grades = {
  none = { rank = 0, ac = 0, dex_save = 0 },
  half = { rank = 1, ac = 2, dex_save = 2 },
  ["three-quarters"] = { rank = 2, ac = 5, dex_save = 5 },
  total = { rank = 3, targetable = false },
}

-- M.best_cover returns the best of several degrees of cover: only one
-- applies, they don't add up (5E-ATK-03, TV-47).
function M.best_cover(grades)
  local best = "none"
  for _, g in ipairs(grades) do
    if M.cover_grades[g].rank > M.cover_grades[best].rank then best = g end
  end
  return best
end

-- M.cover_between grades target's cover against attacker on the grid:
-- walls and low walls (opts.obstacles: {{x, y, block = half|full}}) and
-- the creatures in between (opts.creatures, half cover), counted from the
-- attacker's best corner (the effect originates on the far side of what
-- covers the target).
function M.cover_between(attacker, target, opts)
  opts = opts or {}
  local obs = {}
  for _, o in ipairs(opts.obstacles or {}) do obs[#obs + 1] = o end
  for _, c in ipairs(opts.creatures or {}) do
    if c ~= attacker and c ~= target then
      local p, sp = c:get("pos"), c:get("space")
      for dy = 0, sp.h - 1 do
        for dx = 0, sp.w - 1 do obs[#obs + 1] = { x = p.x + dx, y = p.y + dy, block = "half" } end
      end
    end
  end
  return grid.cover(attacker, target, { obstacles = obs }).grade
end

-- Cover markers for self-playing fights: the kernel adds their ac_mod.
rules.define("condition.cover_half", { marker = true, name = { en = "Half Cover", zh = "半掩護" },
  fight = { ac_mod = M.cover_grades.half.ac } })
rules.define("condition.cover_three_quarters", { marker = true, name = { en = "Three-Quarters Cover", zh = "四分之三掩護" },
  fight = { ac_mod = M.cover_grades["three-quarters"].ac } })

-- M.set_cover gives c a degree of cover against every attack of a fight
-- ("none", "half", "three-quarters"; the best one only).
function M.set_cover(c, grade)
  c:remove_condition("cover_half")
  c:remove_condition("cover_three_quarters")
  if grade == "half" then c:add_condition("cover_half") end
  if grade == "three-quarters" then c:add_condition("cover_three_quarters") end
end

-- M.range_band: a ranged attack with one range can't reach beyond it; with
-- two (normal/long), beyond normal has Disadvantage and beyond long is not
-- allowed (5E-ATK-07, TV-21). Returns "normal", "disadvantage" or "out".
function M.range_band(distance, normal, long)
  if distance <= normal then return "normal" end
  if long and distance <= long then return "disadvantage" end
  return "out"
end

-- M.reach_of: a creature's melee reach is 5 ft unless its stat block or the
-- attack says more (5E-ATK-09).
function M.reach_of(c, attack)
  if attack and attack.reach then return attack.reach end
  local r = c:get("reach")
  if r and r > 0 then return r end
  return 5
end

-- M.can_see reports whether viewer can see target (AMB-27: Tremorsense is
-- not sight): not while Blinded (Blindsight within range still sees), not
-- an Invisible target (unless Blindsight or Truesight within range), not
-- a hidden one (5e.exploration's "hidden"). opts.distance, else the grid's.
function M.can_see(viewer, target, opts)
  opts = opts or {}
  local senses = viewer:get("senses") or {}
  local dist = opts.distance or grid.distance(viewer, target)
  local function sense(name)
    local r = senses[name]
    return r ~= nil and (r < 0 or r == "unlimited" or dist <= r)
  end
  local set = cond().active(viewer)
  if set.blinded and not sense("blindsight") then return false end
  if cond().has(target, "invisible") and not (sense("blindsight") or sense("truesight")) then return false end
  if target:has("hidden") and not sense("blindsight") then return false end
  return true
end

-- M.melee_threat: a ranged attack roll has Disadvantage while an enemy
-- within 5 ft can see the attacker and is not Incapacitated (5E-ATK-08,
-- TV-45). enemies is a list of creatures (their distance from the grid).
function M.melee_threat(attacker, enemies)
  for _, e in ipairs(enemies or {}) do
    if grid.distance(attacker, e) <= 5 and not cond().has(e, "incapacitated") and M.can_see(e, attacker) then
      return e
    end
  end
  return nil
end

-- M.context returns what applies to an attack roll by attacker against
-- target (5E-ATK-01: choose a target in range, determine the modifiers):
-- {allowed, why, adv, dis, roll = "advantage"|"disadvantage"|"normal",
-- ac_bonus, crit (a hit is critical), reasons = {...}}. opts: ranged,
-- range = {normal, long}, reach, distance (else the grid's), cover (a
-- grade or a list of grades) or obstacles/creatures for the grid's cover,
-- enemies (for 5E-ATK-08), underwater (5e.underwater's rules), weapon =
-- {damage_type, ...}, adv/dis (other sources).
function M.context(attacker, target, opts)
  opts = opts or {}
  local dist = opts.distance or grid.distance(attacker, target)
  local r = { allowed = true, adv = opts.adv or 0, dis = opts.dis or 0, ac_bonus = 0, crit = false, reasons = {} }
  local function note(field, why)
    if field then r[field] = r[field] + 1 end
    r.reasons[#r.reasons + 1] = why
  end
  local function refuse(why)
    if r.allowed then r.allowed, r.why = false, why end
  end
  -- 1. a target in range
  if not cond().can_target(attacker, target) then refuse("charmed by the target") end
  if opts.ranged then
    local band = opts.range and M.range_band(dist, opts.range[1] or opts.range.normal, opts.range[2] or opts.range.long) or "normal"
    if band == "out" then refuse("out of range") end
    if band == "disadvantage" then note("dis", "long range") end
  else
    local reach = opts.reach or M.reach_of(attacker)
    if dist > reach then refuse("out of reach") end
  end
  -- 2. cover
  local grade = opts.cover
  if type(grade) == "table" then grade = M.best_cover(grade) end
  if grade == nil and (opts.obstacles or opts.creatures) then grade = M.cover_between(attacker, target, opts) end
  grade = grade or "none"
  if grade == "total" then refuse("total cover") end
  r.cover = grade
  r.ac_bonus = M.cover_grades[grade].ac or 0
  -- 2. seeing and being seen (5E-ATK-04, 05)
  local sees_target = M.can_see(attacker, target, { distance = dist })
  local seen = M.can_see(target, attacker, { distance = dist })
  if not sees_target then note("dis", "can't see the target") end
  if not seen then note("adv", "the target can't see the attacker") end
  -- 2. conditions (T-20); unseen-ness is already counted above
  local mine = cond().d20(attacker, "attack", { target = target, target_sees = true, source_seen = opts.source_seen })
  for _, why in ipairs(mine.why) do
    if why == "charmed: can't attack the charmer" then refuse(why) end
  end
  for _ = 1, mine.adv do note("adv", "attacker's condition") end
  for _ = 1, mine.dis do note("dis", "attacker's condition") end
  local theirs = cond().defense(target, attacker, { distance = dist, sees = true })
  for _ = 1, theirs.adv do note("adv", "target's condition") end
  for _ = 1, theirs.dis do note("dis", "target's condition") end
  r.crit = theirs.crit
  r.penalty = mine.penalty
  -- 2. a ranged attack with an enemy at hand (5E-ATK-08)
  if opts.ranged then
    local e = M.melee_threat(attacker, opts.enemies)
    if e then note("dis", "enemy within 5 ft: " .. e:get("id")) end
  end
  if opts.underwater then
    local uw = rules.need("5e.underwater").attack(attacker, { ranged = opts.ranged, distance = dist,
      normal = opts.range and (opts.range[1] or opts.range.normal), damage_type = opts.weapon and opts.weapon.damage_type })
    if uw.auto_miss then r.auto_miss = true; note(nil, "underwater: beyond normal range") end
    if uw.dis then note("dis", "underwater") end
  end
  -- 5E-ADV-03, 04: any advantage and any disadvantage cancel
  if r.adv > 0 and r.dis > 0 then r.roll = "normal"
  elseif r.adv > 0 then r.roll = "advantage"
  elseif r.dis > 0 then r.roll = "disadvantage"
  else r.roll = "normal" end
  return r
end

-- M.attacked: a hidden attacker reveals itself by attacking, hit or miss
-- (5E-ATK-06); the Invisible condition from hiding ends right after the
-- roll, which was made while still Invisible.
function M.attacked(attacker)
  return rules.need("5e.exploration").after(attacker, "attack")
end

-- M.wrong_square: attacking a guessed location where the target isn't
-- misses automatically (5E-ATK-04).
function M.wrong_square(target, square)
  local p = target:get("pos")
  return not (p.x == square.x and p.y == square.y)
end

-- ---- Reactions and Opportunity Attacks (5E-ATK-10, 11; 5E-ACT-05) ----

-- M.ready_reaction gives c its Reaction: one, back at the start of each of
-- its turns (c:start_turn()).
function M.ready_reaction(c)
  if not c:resource("reaction") then c:set_resource("reaction", { max = 1, recharge = "turn" }) end
end

function M.has_reaction(c)
  M.ready_reaction(c)
  return c:resource("reaction").current > 0 and cond().can_act(c)
end

-- M.provokes reports whether mover leaving reactor's reach lets reactor
-- make an Opportunity Attack: only when mover leaves by its own movement,
-- action, Bonus Action or Reaction (how = "move", "action", "bonus",
-- "reaction"), not when pushed or falling ("forced") or teleporting
-- ("teleport"), nor after the Disengage action (tag "disengaged"); the
-- reactor must see it and have its Reaction (TV-50).
function M.provokes(mover, reactor, how)
  if how ~= "move" and how ~= "action" and how ~= "bonus" and how ~= "reaction" then return false, how end
  if mover:has_tag("disengaged") then return false, "disengaged" end
  if not M.has_reaction(reactor) then return false, "no reaction" end
  if not M.can_see(reactor, mover, { distance = 5 }) then return false, "can't see it" end
  return true
end

-- M.disengage: the Disengage action; the mover's moves provoke no
-- Opportunity Attacks this turn (remove the tag at the end of the turn).
function M.disengage(c)
  c:add_tag("disengaged")
end

-- M.opportunity_attack makes reactor's Opportunity Attack on mover, just
-- before it leaves the reach: it spends the Reaction and makes one melee
-- attack, with strike(reactor, mover) (default: the fight's
-- fight.strike with attack_name). Returns the strike's result, or nil and
-- why not.
function M.opportunity_attack(reactor, mover, how, attack_name, strike)
  local ok, why = M.provokes(mover, reactor, how)
  if not ok then return nil, why end
  reactor:spend("reaction")
  strike = strike or function(a, t) return fight.strike(a, t, attack_name) end
  return strike(reactor, mover)
end

-- M.leaving_reach returns the creatures whose reach mover leaves along
-- squares (the kernel reports each at the step it happens), using
-- 5e.movement.path's geometry.
function M.leaving_reach(mover, squares, creatures)
  local res = rules.need("5e.movement").path(mover, squares, { creatures = creatures, budget = 1e9 })
  local out = {}
  for _, e in ipairs(res.events or {}) do
    for _, c in ipairs(creatures) do
      if c:get("id") == e.id then out[#out + 1] = { creature = c, step = e.step } end
    end
  end
  return out
end

rules.define("5e.attack", M)
