-- Reusable special abilities of 1e monsters (scripts/monsters/1e/*.lua use
-- them from their `on` hooks). Numbers not in the seed are [K] Monster
-- Manual.
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local energy_drain = require("monsters.abilities.energy_drain")

local M = rules.get("1e.abilities")
if M then return M end
M = {}

local function tactics() return rules.need("1e.tactics") end
local function rec(c) return rules.need("1e.encounter").rec(c) end

-- Regeneration (trolls): hp per round, starting some rounds after the
-- creature is first damaged; fire and acid damage does not regenerate, and
-- a regenerator downed by other damage rises again while the fight goes
-- on (it is not killed unless the last blow was fire or acid).
function M.regenerate(c, hp, delay)
  local r = rec(c)
  local round = fight.round()
  if not r.hurt_round or round - r.hurt_round < delay then return 0 end
  local lost = c:get("max_hp") - c:get("hp") - (r.burned_hp or 0)
  if lost <= 0 then return 0 end
  return c:heal(math.min(hp, lost))
end

function M.rise(c)
  if c:get("hp") >= 1 and fight.is(c, "out") and not fight.is(c, "dead") then
    c:remove_condition("dying")
    c:remove_condition("unconscious")
    c:remove_condition("helpless")
    fight.revive(c)
    fight.note(c:get("id") .. " regenerates and rises")
    return true
  end
  return false
end

-- Paralysing touch (ghouls): save vs paralyzation or paralysed for rounds
-- (a number, or dice notation rolled only when the save fails; elves are
-- immune).
function M.paralyze(target, rounds)
  if target:has_tag("elf") or target:has_tag("undead") or target:has("paralyzed") then return false end
  local sv = rules.need("1e.saves")
  if sv.save(target, "paralyzation").success then return false end
  -- the duration is rolled only for a victim that failed its save
  if type(rounds) == "string" then rounds = dice.total(rounds) end
  tactics().timed(target, "paralyzed", rounds, { source = "paralysis" })
  fight.note(target:get("id") .. " is paralysed")
  return true
end

-- Energy drain (wights): one level per hit. A character loses a level and
-- that level's share of its maximum hit points; a monster a hit die; at 0
-- it dies.
function M.drain(target)
  local key = "level"
  if target:has_tag("monster") then key = "hd" end
  local lvl = target:ability(key) or 0
  target:add_condition("drained", { level = 1, stacking = "levels" })
  if lvl <= 1 then fight.note(target:get("id") .. " is drained of its last level") end
  -- losing a level: the shared library's (monsters.abilities.energy_drain)
  local new = energy_drain.lose_level(target, key)
  if new > 0 then fight.note(string.format("%s is drained to level %d", target:get("id"), new)) end
  return new
end

-- 1E-CHARM-01: monster charm (nixies, vampires): the victim obeys the
-- charmer's mental commands at once unless obviously self-destructive,
-- understands them without a common language (then only basic emotions and
-- simple orders), while the link holds: within sight, or 60 ft unseen; a
-- protection circle cuts it (the charm seems broken) until the victim
-- leaves it, unless the charm was dispelled or ran out.
M.charm_range_unseen_ft = 60
function M.charm(victim, charmer)
  victim:add_condition("charmed", { source = charmer:get("id") })
end
function M.charm_link(o)
  if o.dispelled or o.expired then return false, "ended" end
  if o.in_circle then return false, "suppressed" end
  if o.sees then return true end
  return (o.distance_ft or math.huge) <= M.charm_range_unseen_ft, "range"
end
function M.obeys(order, link)
  if not link then return false end
  if order.self_destructive then return false end
  return true
end
function M.understood(order, common_language)
  if common_language then return true end
  return order.simple == true
end

-- 1E-UNARMED-11: how a monster chooses among pummel, grapple and overbear:
-- humans and humanoids of above-average intelligence take the most
-- effective, others at random; creatures without weapons overbear, except
-- bears and other huggers, which grapple.
function M.unarmed_choice(c, best)
  if c:has_tag("hugger") then return "grapple" end
  if c:has_tag("weaponless") then return "overbear" end
  if c:has_tag("humanoid") and (c:ability("int") or 0) > 10 then return best end
  local forms = { "pummel", "grapple", "overbear" }
  return forms[dice.total("1d3")]
end

rules.define("1e.abilities", M)
return M
