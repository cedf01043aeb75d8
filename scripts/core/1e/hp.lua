-- Hit points (inventory section 24): recovery by rest, zero hit points and
-- bleeding, revival, with the optional -3 floor and scars as variants.
-- 1E-HP-01 (what hit points mean) is flavour and not a rule.
--
-- A creature below 0 hp keeps 0 kernel hit points (its floor) and carries
-- the condition "dying" with level 1 + how far below 0 it is (level 1 at
-- 0 hp, level 10 at -9); at -10 it dies.
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")

local M = rules.get("1e.hp")
if M then return M end
M = {}

-- The lowest a blow may leave a creature and still only knock it out
-- (AMB-39: 0 in the core rules; the variants 1e.minus_three and
-- 1e.minus_nine lower it).
M.knockout_floor = 0
M.death_at = -10

-- 1E-HP-02: hit points regained by rest. days of continuous rest (no
-- fighting or casting), con the Constitution hit point adjustment (a
-- penalty removes that many days of each week; a bonus adds to each week
-- after the first full week), lost the hit points to regain (4 weeks
-- restore them all). Returns the hit points regained.
function M.rest(days, con, lost)
  if days >= 28 then return lost end
  local total, week = 0, 0
  local d = 0
  while d < days do
    week = week + 1
    local in_week = math.min(7, days - d)
    local gain = in_week
    if con < 0 then gain = math.max(0, in_week + con) end
    if con > 0 and week >= 2 and in_week == 7 then gain = gain + con end
    total = total + gain
    d = d + in_week
  end
  return math.min(total, lost)
end

-- 1E-HP-03, AMB-39: what a blow that takes a creature to 0 or below does:
-- "unconscious" when it leaves it at knockout_floor or above, else "dead".
function M.knockout(hp_after)
  if hp_after >= M.knockout_floor and hp_after > M.death_at then return "unconscious" end
  return "dead"
end

function M.negative_hp(c)
  local l = c:level("dying")
  if l == 0 then return c:get("hp") end
  return -(l - 1)
end

-- fall(c, hp_after): c drops to hp_after (0 or below): unconscious and
-- bleeding, or dead. Returns "unconscious" or "dead".
function M.fall(c, hp_after)
  local what = M.knockout(hp_after)
  if what == "unconscious" then
    c:remove_condition("dying")
    c:add_condition("unconscious", { source = "0 hp" })
    c:add_condition("dying", { level = 1 - hp_after, stacking = "levels", max_level = 11 })
    M.lowest[c] = math.min(M.lowest[c] or 0, hp_after)
  end
  return what
end
M.lowest = {}

-- bleed(c): one round passes without aid: 1 more hp lost. Returns the hp
-- now and whether the creature died (-10).
function M.bleed(c)
  if c:has("stable") or not c:has("dying") then return M.negative_hp(c), false end
  c:add_condition("dying", { level = 1, stacking = "levels", max_level = 11 })
  local hp = M.negative_hp(c)
  M.lowest[c] = math.min(M.lowest[c] or 0, hp)
  return hp, hp <= M.death_at
end

-- aid(c): a friend binds the wounds (or gives a drink, restores breath):
-- the loss stops at once.
function M.aid(c)
  if not c:has("dying") then return false end
  c:add_condition("stable", { source = "aid" })
  return true
end

-- 1E-HP-05: a creature brought back from 0 or below is in a coma for 1-6
-- rounds, then needs a full week of bed rest; cure spells and potions do
-- not end it, a heal spell does. Returns the coma rounds.
function M.revive(c)
  local rounds = dice.total("1d6")
  c:remove_condition("dying")
  c:remove_condition("unconscious")
  c:remove_condition("stable")
  if c:get("hp") < 1 then c:set("hp", 1) end
  c:add_condition("coma", { level = rounds, stacking = "levels" })
  c:add_condition("convalescent", { level = 7, stacking = "levels" })
  return rounds
end

M.bed_rest_forbids = { "attack", "defend", "cast", "use_device", "carry", "run", "study", "research" }

-- cure(c, kind): "cure" (spells, potions) heals hit points but leaves the
-- bed rest; "heal" ends it.
function M.cure(c, kind, n)
  if n and n > 0 then c:heal(n) end
  if kind == "heal" then c:remove_condition("convalescent") end
  return c:has("convalescent")
end

-- 1E-HP-06 (variant 1e.scars): fell to -6 or lower before aid: the DM may
-- impose scars or the loss of a member.
M.scar_at = -6
function M.scarred(lowest) return lowest <= M.scar_at end

-- ------------------------------------------------------------ fights
-- creature.dying: the blow's overkill decides (a creature whose death was
-- deferred by a tied round keeps the overkill of its killing blow).
rules.on("creature.dying", function(e)
  local c = e.target
  local enc = rules.get("1e.encounter")
  local past = e.past_zero or 0
  if enc and enc.state.by[c] and enc.state.by[c].past_zero then past = enc.state.by[c].past_zero end
  local r = enc and enc.state.by[c]
  if r then r.down_round = fight.round() end
  if c:has_tag("regenerates") and not (r and r.burned_last) then
    -- a troll downed by anything but fire or acid only lies regenerating
    c:add_condition("unconscious", { source = "0 hp" })
    return
  end
  if M.fall(c, -past) == "dead" then
    fight.kill(c)
  end
end, { phase = "declare" })

-- Fire and acid: what regenerating monsters cannot regrow (every damage
-- part of a blow counts).
local BURNS = { fire = true, acid = true }
rules.on("damage.apply", function(e)
  local enc = rules.get("1e.encounter")
  if not enc then return end
  local r = enc.rec(e.target)
  local burnt = math.min(rules.need("base.damage_of")(e, BURNS), e.hp_lost)
  r.burned_last = burnt > 0
  if burnt > 0 then r.burned_hp = (r.burned_hp or 0) + burnt end
end, { phase = "after" })

-- dying.turn: bleeding, 1 hp a round, until -10 or aid, from the round
-- after the blow that dropped it (1E-HP-03: "each round afterwards").
rules.on("dying.turn", function(e)
  local c = e.fighter
  if fight.is(c, "dead") or c:has_tag("regenerates") then return end
  local enc = rules.get("1e.encounter")
  local r = enc and enc.state.by[c]
  if r and r.down_round == fight.round() then return end
  local _, dead = M.bleed(c)
  if dead then fight.kill(c) end
end)

rules.define("1e.hp", M)
return M
