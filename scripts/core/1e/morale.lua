-- Morale (inventory section 16). A check rolls d% plus the adjustments of
-- TBL-MORALE-WHEN and TBL-MORALE-ADJ (positive numbers make failure more
-- likely) against the morale score; a roll above it fails by the margin
-- and TBL-MORALE-FAIL gives the reaction. tactics.lua runs the checks in
-- fights that play themselves.
local rules = require("rules")
local dice = require("dice")
local T = require("core.1e.tables")
local fight = require("fight")

local M = rules.get("1e.morale")
if M then return M end
M = {}

-- 1E-MORALE-01: who checks (leaderless NPCs, henchmen, hirelings, groups of
-- intelligent hostile monsters) and the unadjusted base.
M.base = 50
function M.checks(c)
  if fight.has_any_tag(c, "fearless", "mindless") then return false end
  if c:has_tag("pc") and not c:has_tag("henchman") then return false end
  return c:ability("morale") ~= nil
end

-- 1E-MORALE-05 (TV-27, AMB-19): an intelligent monster's score is 50% +
-- 5% per hit die above the first + 1% per hit point of the plus.
function M.monster_score(d, p)
  return M.base + 5 * math.max(0, d - 1) + math.max(0, p or 0)
end

-- 1E-MORALE-02, TBL-MORALE-WHEN (AMB-15, AMB-16): the triggers and their
-- adjustments. "superior" (twice as many attacks against the side) makes
-- a check every round and adds nothing.
M.when = {
  superior = "Faced by obviously superior force*",
  quarter = "25% of group eliminated or slain",
  leader_unconscious = "Leader unconscious",
  half = "50% or more of group eliminated or slain",
  leader_slain = "Leader slain or deserts",
}
function M.trigger(name)
  local v = T["TBL-MORALE-WHEN"]:lookup(M.when[name], "Adjustment to the check roll")
  if type(v) ~= "number" then return 0 end
  return v
end

-- AMB-15: the footnote ** of the 25% and 50% rows applies to individuals
-- that lost the same share of their hit points.
function M.wounds(hp, max_hp)
  if hp <= max_hp / 2 then return "half" end
  if hp <= max_hp * 3 / 4 then return "quarter" end
  return nil
end

-- 1E-MORALE-03, TBL-MORALE-ADJ: the other adjustments, cumulative.
M.adj_rows = {
  enemy_fled = "Each enemy that fled", enemy_slain = "Each enemy slain",
  no_loss = "Inflicted casualties with no loss to own side", friend_slain = "Each friend slain",
  one_sided_loss = "Suffered casualties with no loss to enemy", friend_fled = "Each friend that fled",
  outnumbered = "Enemy superior in numbers or strength by 3:1 or more",
}
function M.adj(name, count)
  return T["TBL-MORALE-ADJ"]:lookup(M.adj_rows[name], "Adjustment") * (count or 1)
end

-- situation(s) -> the adjustments of a tally {enemy_fled, enemy_slain,
-- friend_slain, friend_fled, own_losses, enemy_losses, own_count,
-- enemy_count} as a list of {value, source}.
function M.situation(s)
  local mods = {}
  local function add(name, n)
    if n and n > 0 then mods[#mods + 1] = { value = M.adj(name, n), source = M.adj_rows[name] } end
  end
  add("enemy_fled", s.enemy_fled)
  add("enemy_slain", s.enemy_slain)
  add("friend_slain", s.friend_slain)
  add("friend_fled", s.friend_fled)
  if (s.enemy_losses or 0) > 0 and (s.own_losses or 0) == 0 then add("no_loss", 1) end
  if (s.own_losses or 0) > 0 and (s.enemy_losses or 0) == 0 then add("one_sided_loss", 1) end
  if (s.own_count or 0) > 0 and (s.enemy_count or 0) >= 3 * s.own_count then add("outnumbered", 1) end
  return mods
end

-- 1E-MORALE-04/-06: check(score, mods) rolls d% + mods (numbers or
-- {value, source}); at or under the score morale holds, above it the
-- margin picks the reaction. AMB-17: bonuses (intoxication) are negative
-- numbers here. Returns {roll, total, score, held, margin, reaction, act}.
M.acts = { ["Fall back, fighting"] = "fall_back", ["Disengage and retreat"] = "retreat",
           ["Break and run (panic)"] = "rout", ["Surrender"] = "surrender" }
function M.check(score, mods)
  local roll = dice.total("1d100")
  local total = roll
  for _, m in ipairs(mods or {}) do total = total + (type(m) == "table" and m.value or m) end
  local out = { roll = roll, total = total, score = score, held = total <= score }
  if not out.held then
    out.margin = total - score
    out.reaction = M.reaction(out.margin)
    out.act = M.acts[out.reaction]
  end
  return out
end

-- 1E-MORALE-06: the reaction to a failure margin (TBL-MORALE-FAIL).
function M.reaction(margin)
  return T["TBL-MORALE-FAIL"]:lookup(margin)
end

-- tally(list, side) counts a side's situation in a fight (list: its
-- creatures, fight.all() at the table): {own_count, enemy_count,
-- own_losses, enemy_losses, friend_slain, friend_fled, enemy_slain,
-- enemy_fled, total, out}, for M.situation. counts(list) is the one pass
-- over the list it rests on (per side: total, out, slain, fled), which
-- tally_of(counts, side) turns into any side's tally.
local side_buf, out_buf = {}, {} -- fight.side and fight.out of the list, asked at once
function M.counts(list)
  local per = {}
  local is = fight.is
  local sides, outs = fight.side_each(list, side_buf), fight.out_each(list, out_buf)
  for i = 1, #list do
    local c = list[i]
    local s = sides[i]
    local k = per[s]
    if not k then
      k = { total = 0, out = 0, slain = 0, fled = 0 }
      per[s] = k
    end
    k.total = k.total + 1
    if outs[i] then
      k.out = k.out + 1
      if is(c, "dead") then k.slain = k.slain + 1
      elseif is(c, "fled") then k.fled = k.fled + 1 end
    end
  end
  return per
end

function M.tally_of(per, side, into)
  local own_count, enemy_count, own_losses, enemy_losses = 0, 0, 0, 0
  local friend_slain, friend_fled, enemy_slain, enemy_fled, total = 0, 0, 0, 0, 0
  for s, k in pairs(per) do
    if s == side then
      total, own_losses, friend_slain, friend_fled = k.total, k.out, k.slain, k.fled
      own_count = k.total - k.out
    else
      enemy_count = enemy_count + k.total - k.out
      enemy_losses = enemy_losses + k.out
      enemy_slain = enemy_slain + k.slain
      enemy_fled = enemy_fled + k.fled
    end
  end
  -- out: the side's creatures out of the fight (its own losses); into: a
  -- table to write the tally over (its fields are all of the tally's)
  local t = into or {}
  t.own_count, t.enemy_count, t.own_losses, t.enemy_losses = own_count, enemy_count, own_losses, enemy_losses
  t.friend_slain, t.friend_fled, t.enemy_slain = friend_slain, friend_fled, enemy_slain
  t.enemy_fled, t.total, t.out = enemy_fled, total, own_losses
  return t
end

function M.tally(list, side) return M.tally_of(M.counts(list), side) end

-- leader(list, side) is the state of the side's leader (tag "leader"):
-- "slain" (dead or fled), "unconscious", "ok", or nil when it has none.
local leader_of, LEADER = {}, { "leader" }
function M.leader(list, side)
  local leaders = fight.has_any_tag_each(list, LEADER, leader_of) -- c:has_tag("leader") of each
  for i = 1, #list do
    local c = list[i]
    if leaders[i] and fight.side(c) == side then
      if fight.is(c, "dead") or fight.is(c, "fled") then return "slain" end
      if fight.is(c, "out") then return "unconscious" end
      return "ok"
    end
  end
  return nil
end

-- held(list, side [, counts [, into]]) lists the side-wide triggers that hold
-- (TBL-MORALE-WHEN: "half", "quarter", "leader_slain",
-- "leader_unconscious") and the tally (counts: M.counts(list) as it is now;
-- into: a table tally_of writes the tally over).
function M.held(list, side, counts, into)
  local t = M.tally_of(counts or M.counts(list), side, into)
  local hold = {}
  local share = t.total > 0 and t.out / t.total or 0
  if share >= 0.5 then hold[#hold + 1] = "half" elseif share >= 0.25 then hold[#hold + 1] = "quarter" end
  local ls = M.leader(list, side)
  if ls == "slain" then hold[#hold + 1] = "leader_slain" elseif ls == "unconscious" then hold[#hold + 1] = "leader_unconscious" end
  return hold, t
end

-- mods(c, hold, tally) is the list of adjustments to c's check: its side's
-- situation, the triggers that hold, its own wounds (AMB-15) and drink
-- (1E-INTOX-02).
function M.mods(c, hold, tally)
  local mods = M.situation(tally)
  for _, h in ipairs(hold) do
    local v = M.trigger(h)
    if v ~= 0 then mods[#mods + 1] = { value = v, source = M.when[h] } end
  end
  local w = M.wounds(c:get("hp"), c:get("max_hp"))
  if w then mods[#mods + 1] = { value = M.trigger(w), source = "wounds" } end
  -- 1E-INTOX-02: drink is a morale bonus (NPCs only: those who check)
  local afflictions = require("core.1e.afflictions")
  local drunk = afflictions.degree(c)
  if drunk then mods[#mods + 1] = { value = afflictions.morale_mod(drunk, true), source = "intoxicated" } end
  return mods
end

-- M.conditions are the conditions a failed check gives, by its act.
M.conditions = { fall_back = "falling_back", retreat = "retreating", rout = "routed", surrender = "surrendered" }

-- apply(c, res [, leave]) is what a failed check does (1E-MORALE-06):
-- falling back, or out of the fight (retreat, rout, surrender: a
-- surrendering creature stays where it is). leave(c, stay), when given,
-- takes c out (the tactics move it away with its own movement). Returns
-- the condition.
function M.apply(c, res, leave)
  if res.held then return nil end
  local cond = M.conditions[res.act]
  if cond then c:add_condition(cond, { source = "morale" }) end
  if res.act ~= "fall_back" then
    local stay = res.act == "surrender"
    if leave then
      leave(c, stay)
    else
      fight.flee(c, stay and { stay = true } or nil)
    end
  end
  return cond
end

rules.define("1e.morale", M)
return M
