-- Cover, concealment and helpless defenders (inventory §13: 3E-COVER,
-- 3E-CONC, 3E-HELP). In fights the kernel grades cover from the map and
-- applies Table 8-9 (the combat table's space.cover), rolls the d% miss
-- chance of concealment (the conditions concealed_*; an unseen target's
-- 50%) and the helpless condition's +4 and Dex of 0; these functions are
-- the same rules for scripts, the REPL and what the map cannot judge.
local rules = require("rules")
local check = require("check")
local fight = require("fight")
local dice = require("dice")
local T = require("core.3e.tables")
local saves = require("core.3e.saves")

local M = rules.get("3e.defense")
if M then return M end
M = {}

local ORDER = { none = 0, quarter = 1, half = 2, three_quarters = 3, nine_tenths = 4, total = 5 }

-- M.grade(kernel_grade): the Table 8-9 key of a grade the map gives
-- ("half", "three-quarters", "total").
function M.grade(g)
  return (string.gsub(g or "none", "%-", "_"))
end

-- M.cover_ac(grade), M.cover_reflex(grade): Table 8-9 (3E-COVER-01/02);
-- total cover cannot be attacked (nil).
function M.cover_ac(grade)
  if grade == "none" then return 0 end
  return T.cover[grade].ac
end

function M.cover_reflex(grade)
  if grade == "none" then return 0 end
  return T.cover[grade].reflex
end

-- M.best_cover(grades): 3E-COVER-06: only the best cover counts
-- (crouching behind a low wall is the wall's 3/4, not 1/4 + crouching).
function M.best_cover(grades)
  local best = "none"
  for _, g in ipairs(grades) do
    if ORDER[g] == nil then error(string.format("unknown cover %q", tostring(g)), 2) end
    if ORDER[g] > ORDER[best] then best = g end
  end
  return best
end

-- M.opportunity_allowed(grade): 3E-COVER-04: no attack of opportunity
-- against half cover or better.
function M.opportunity_allowed(grade)
  return ORDER[grade] < ORDER.half
end

-- M.hit_cover(total, ac, grade): 3E-COVER-07: an attack that would hit the
-- target without its cover bonus but misses with it hits the cover
-- instead. Returns "target", "cover" or "miss".
function M.hit_cover(total, ac, grade)
  local bonus = M.cover_ac(grade) or 0
  if total >= ac + bonus then return "target" end
  if total >= ac then return "cover" end
  return "miss"
end

-- M.covering_creature(total, cover_ac, dex_and_dodge, shields): 3E-COVER-07
-- and 08: an attack that hits the cover, when the cover is a creature, is
-- compared with that creature's AC: a hit strikes it instead; if only its
-- Dex and dodge bonuses made the attack miss it, it dodged and the
-- original target is hit, unless it chose to give them up to shield the
-- target (shields). Returns "cover" (the creature takes the hit),
-- "target" or "miss".
function M.covering_creature(total, cover_ac, dex_and_dodge, shields)
  if total >= cover_ac then return "cover" end
  if total >= cover_ac - dex_and_dodge then
    if shields then return "cover" end
    return "target"
  end
  return "miss"
end

-- M.reach_over(attacker_size, blocker_size): 3E-COVER-05: a reach attack
-- past another creature: a creature of the target's size gives half cover;
-- and a hit on the creature in the way deals it no damage (the haft).
function M.reach_over(target_size, blocker_size)
  if target_size == blocker_size then return "half" end
  return nil -- the DM judges other sizes
end

-- M.through(weapon_type, opening): 3E-COVER-09, a DM hook: through a
-- narrow slit only thin piercing weapons work.
function M.through(weapon_type, opening)
  if opening == "slit" then return weapon_type == "piercing" end
  return true
end

-- M.miss_chance(list): 3E-CONC-01/02: the miss chance of concealment (the
-- Table 8-10 keys given), the highest only.
function M.miss_chance(list)
  local m = 0
  for _, k in ipairs(list) do
    local v = T.concealment[k]
    if v == nil then error(string.format("unknown concealment %q", tostring(k)), 2) end
    m = math.max(m, v)
  end
  return m
end

-- M.conceal_roll(miss): the d% against a miss chance: true when the hit
-- misses (a roll within the chance).
function M.conceal_roll(miss)
  return check.percentile(miss).success
end

-- M.darkness(light, senses): 3E-CONC-03 (B-28): the concealment darkness
-- gives an attacker with senses ({darkvision = true, low_light = true}):
-- darkvision ignores it; low-light vision ignores dim light's. light:
-- "dim" (1/4), "near_total" (9/10) or "total" (total).
function M.darkness(light, senses)
  senses = senses or {}
  if senses.darkvision then return "none" end
  if light == "dim" then return senses.low_light and "none" or "quarter" end
  if light == "near_total" then return "nine_tenths" end
  if light == "total" then return "total" end
  return "none"
end

-- The conditions that make a creature helpless (3E-HELP-01: bound, held,
-- asleep, paralysed, unconscious; conditions.lua makes them imply helpless).
M.helpless_conditions = { "helpless", "bound", "held", "asleep", "paralyzed", "unconscious", "dying", "stable",
  "incapacitated", "petrified" } -- the last two: the DMG's (DMG-COND-24, -32; condsum.lua)

-- M.helpless(c): whether c is helpless.
function M.helpless(c)
  for _, n in ipairs(M.helpless_conditions) do
    if c:has(n) then return true end
  end
  return false
end

-- M.coup_de_grace(attacker, target, attack): 3E-HELP-02/03: a full-round
-- action (turn.lua) against a helpless target, with a melee weapon (or a
-- bow adjacent): it provokes attacks of opportunity (Table 8-4), hits
-- automatically as a critical hit (the weapon's multiplier, extra dice
-- once), and a target that survives saves Fortitude DC 10 + the damage or
-- dies. Creatures immune to critical hits cannot be killed this way: the
-- DMG's condition summary (DMG-COND-23) has them take the blow's normal
-- damage, not doubled, and make no Fort save (out.immune).
-- Returns {damage, saved, dead} or nil and why.
function M.coup_de_grace(attacker, target, attack_name)
  if not M.helpless(target) then return nil, target:get("id") .. " is not helpless" end
  local immune = target:has_tag("crit_immune")
  if not fight.reaches(attacker, target, attack_name) then return nil, "out of reach" end
  local a = fight.assess(attacker, target, attack_name)
  if a.ranged and fight.distance(attacker, target) > T.square then
    return nil, "a coup de grace with a bow or crossbow needs the target adjacent"
  end
  fight.provoke(attacker)
  if fight.is(attacker, "out") then return { damage = 0, provoked = true } end
  if immune then
    local atk = fight.attack(attacker, attack_name)
    local n = dice.total(atk.damage)
    fight.damage(target, n, atk.type or "", attacker)
    return { damage = n, crit = false, immune = true, dead = fight.is(target, "dead") }
  end
  local r = fight.strike(attacker, target, attack_name, { sure = true })
  local out = { damage = r.damage, crit = r.crit }
  if fight.is(target, "dead") then
    out.dead = true
    return out
  end
  out.saved = saves.roll(target, "fort", T.coup_de_grace_dc + r.damage)
  if not out.saved then
    fight.kill(target)
    out.dead = true
  end
  return out
end

rules.define("3e.defense", M)
return M
