-- The DMG 3.0 condition summary (DMG inventory §9, DMG-COND, pp. 83-85).
-- The conditions the PHB already has (conditions.lua: prone, stunned,
-- cowering, helpless, grappling, pinned, invisible, blinded, flat-footed,
-- disabled, dying, stable, staggered, unconscious, dead) stay there, one
-- rule in one place; this file defines the conditions the summary adds
-- (dazed, dazzled, deafened, confused, entangled, fatigued, exhausted, the
-- three fear grades, nauseated, petrified, turned, incapacitated, and the
-- wind's checked and blown away) and the rules the summary states for them:
-- the most severe of conditions that cannot combine (DMG-COND-01), the
-- effective ability losses that end with their condition (DMG-COND-02,
-- -16..-18), the morale penalties of fear (A-29: the union), the speed
-- changes, what a creature can no longer do, the confusion roll (T-1),
-- fatigue becoming exhaustion and rest undoing it.
local rules = require("rules")
local check = require("check")

local M = rules.get("3e.condsum")
if M then return M end
M = {}

-- Effective ability losses (the score counts as lower while the condition
-- lasts; the points come back when it ends): DMG-COND-16 entangled -4 Dex,
-- -17 exhausted -6 Str and Dex, -18 fatigued -2 Str and Dex.
M.effective_loss = {
  entangled = { dex = 4 },
  fatigued = { str = 2, dex = 2 },
  exhausted = { str = 6, dex = 6 },
}

-- Scores that count as 0: DMG-COND-23 helpless (Dex), -31 paralysed and
-- -32 petrified (Str and Dex).
M.zero = {
  helpless = { dex = true }, paralyzed = { str = true, dex = true }, petrified = { str = true, dex = true },
}

-- Fear (DMG-COND-20, -30, -35; A-29's union: attack rolls, weapon damage,
-- saves and checks for shaken; frightened the same when it fights
-- cornered; panicked saves only), morale penalties: the worst counts.
M.fear = {
  shaken = { attack = -2, damage = -2, save = -2, check = -2 },
  frightened = { attack = -2, damage = -2, save = -2, check = -2 },
  panicked = { save = -2 },
}
M.fear_order = { "panicked", "frightened", "shaken" }

-- DMG-COND-01: what a condition leaves a creature to do, most severe
-- first; of conditions that cannot combine the most severe governs
-- (action denial beats fleeing beats the random actions of confusion).
M.behaviours = {
  { id = "none", conditions = { "dead", "petrified", "dying", "unconscious", "helpless", "incapacitated", "paralyzed", "held", "bound", "asleep",
    "stunned", "dazed", "cowering", "choking" } },
  { id = "flee", conditions = { "panicked", "frightened", "turned" } },
  { id = "random", conditions = { "confused" } },
  { id = "move_only", conditions = { "nauseated" } },
  { id = "partial", conditions = { "disabled", "staggered" } },
}

local function attack_of(loss)
  -- a loss of 2n points of a score is n off its modifier
  return -math.floor(math.max(loss.str or 0, loss.dex or 0) / 2)
end
local function str_of(loss) return -math.floor((loss.str or 0) / 2) end

local DEFS = {
  -- DMG-COND-09: no actions, but it defends normally (no AC change).
  { "dazed", "Dazed", "晕眩", { no_actions = true } },
  -- DMG-COND-10 (A-36): -1 on attack rolls only.
  { "dazzled", "Dazzled", "目眩", { attack_mod = -1 } },
  -- DMG-COND-12: -4 initiative (M.initiative_mod), 20% verbal spell failure.
  { "deafened", "Deafened", "耳聋", {} },
  -- DMG-COND-07: the d10 of M.confusion each round.
  { "confused", "Confused", "困惑", {} },
  { "wandering", "Wandering (confused, 1 minute)", "漫游", {} },
  -- DMG-COND-16: -2 to attack, -4 Dex (-2 AC), half speed (anchored: none).
  { "entangled", "Entangled", "被纠缠", { attack_mod = -2, ac_mod = -2, speed_halvings = 1 } },
  -- DMG-COND-18 / -17: the effective Str and Dex losses as modifiers.
  -- (Str: melee damage too)
  { "fatigued", "Fatigued", "疲乏", { attack_mod = attack_of(M.effective_loss.fatigued),
    ac_mod = attack_of(M.effective_loss.fatigued), damage_mod_melee = str_of(M.effective_loss.fatigued) } },
  { "exhausted", "Exhausted", "力竭", { attack_mod = attack_of(M.effective_loss.exhausted),
    ac_mod = attack_of(M.effective_loss.exhausted), damage_mod_melee = str_of(M.effective_loss.exhausted),
    speed_halvings = 1 } },
  -- fear: -2 on attack and weapon damage rolls (the rest: M.fear_penalty ...)
  { "shaken", "Shaken", "颤栗", { attack_mod = M.fear.shaken.attack, damage_mod = M.fear.shaken.damage } },
  { "frightened", "Frightened", "惊惧", { attack_mod = M.fear.frightened.attack,
    damage_mod = M.fear.frightened.damage } },
  { "panicked", "Panicked", "慌乱", {} },
  -- DMG-COND-28: one move-equivalent action a turn (M.limit_turn).
  { "nauseated", "Nauseated", "反胃", {} },
  -- DMG-COND-32: no actions, not even mental ones.
  { "petrified", "Petrified", "石化", { no_actions = true }, { "helpless" } },
  -- (turned, DMG-COND-39, is special/turning.lua's condition: it flees 10
  -- rounds and cowers when it cannot, M.cornered)
  -- DMG-COND-24: the same as helpless.
  { "incapacitated", "Incapacitated", "丧失能力", {}, { "helpless" } },
  -- DMG-COND-05, -06 (wind, weather.lua).
  { "checked", "Checked (wind)", "受阻", {} },
  { "blown_away", "Blown away (wind)", "吹离", {} },
  -- DMG-ENV-15: a round of choking and coughing: no actions.
  { "choking", "Choking (smoke)", "呛咳", { no_actions = true } },
  -- subdual.lua's lock (DMG-ENV): no effect of its own.
  { "subdual_locked", "Subdual damage that cannot heal yet", "无法恢复的淤伤", {} },
}

M.defined = {}
for _, d in ipairs(DEFS) do
  M.defined[d[1]] = { en = d[2], zh = d[3] }
  rules.define("condition." .. d[1], { name = { en = d[2], zh = d[3] }, fight = d[4], implies = d[5] })
end

local function need_creature(c, fn)
  if not require("creature").is(c) then
    error(string.format("%s: a creature expected, got %s", fn, type(c)), 3)
  end
end

-- M.behaviour(c): DMG-COND-01: the most severe behaviour c's conditions
-- impose ("none", "flee", "random", "move_only", "partial" or "normal")
-- and the condition that imposes it.
function M.behaviour(c)
  need_creature(c, "behaviour")
  for _, b in ipairs(M.behaviours) do
    for _, name in ipairs(b.conditions) do
      if c:has(name) then return b.id, name end
    end
  end
  return "normal", nil
end

-- M.normal(c): DMG-COND-29: no condition at all (it may have lost hit
-- points).
function M.normal(c)
  need_creature(c, "normal")
  return #c:conditions() == 0
end

-- M.effective(c, ability): the score that counts now (DMG-COND-02): the
-- stat block's minus the effective losses of its conditions (never below
-- 0), or 0 when a condition makes it count as 0.
function M.effective(c, ability)
  need_creature(c, "effective")
  local score = (c:get("abilities") or {})[ability]
  if score == nil then error(string.format("effective: no ability %q", tostring(ability)), 2) end
  for name, z in pairs(M.zero) do
    if z[ability] and c:has(name) then return 0 end
  end
  local loss = 0
  for _, name in ipairs({ "entangled", "fatigued", "exhausted" }) do
    if c:has(name) then loss = loss + (M.effective_loss[name][ability] or 0) end
  end
  return math.max(0, score - loss)
end

local function worst_fear(c, key)
  local worst = 0
  for _, name in ipairs(M.fear_order) do
    local v = c:has(name) and M.fear[name][key]
    if v and v < worst then worst = v end
  end
  return worst
end

-- M.fear_penalty(c, what): the morale penalty c's fear puts on "attack",
-- "damage", "save" or "check" (the worst grade counts; 0 without fear).
-- saves.lua adds the "save" one to every save; monsters.abilities.fear
-- reads it too.
function M.fear_penalty(c, what) return worst_fear(c, what) end

-- M.check_mods(c, skill): the modifiers on a skill or ability check: fear
-- (A-29), and blinded's -4 on Str- and Dex-based skills and Search
-- (DMG-COND-04; opts: the skill's key ability as skill.ability).
function M.check_mods(c, skill)
  local out = {}
  local f = worst_fear(c, "check")
  if f ~= 0 then out[#out + 1] = { value = f, type = "morale", source = "fear" } end
  skill = skill or {}
  if c:has("blinded") and (skill.ability == "str" or skill.ability == "dex" or skill.id == "search") then
    out[#out + 1] = { value = -4, source = "blinded" }
  end
  return out
end

-- M.damage_mod(c, ranged): the modifier on c's weapon damage rolls:
-- fear's -2 (DMG-COND-20/-35) and, in melee, the effective Str loss of
-- fatigue or exhaustion (-1, -3: DMG-COND-17/18).
function M.damage_mod(c, ranged)
  local m = worst_fear(c, "damage")
  if not ranged then
    local loss = 0
    for _, name in ipairs({ "fatigued", "exhausted" }) do
      if c:has(name) then loss = loss + M.effective_loss[name].str end
    end
    m = m - math.floor(loss / 2)
  end
  return m
end
-- (In fights the kernel applies the same numbers: the conditions' fight
-- tables' damage_mod and damage_mod_melee below; at least 1 point is left,
-- [K] PHB 3.0: a penalty never takes a hit's damage below 1.)

-- M.initiative_mod(c): DMG-COND-12: deafened -4 (initiative.lua adds it).
function M.initiative_mod(c)
  if c:has("deafened") then return -4 end
  return 0
end

-- M.verbal_fails(c): DMG-COND-12: a deafened caster's spell with a verbal
-- component fails on d% 01-20. Returns failed, the d% (nil: no roll).
function M.verbal_fails(c)
  if not c:has("deafened") then return false, nil end
  local r = check.percentile(20)
  return r.success, r.roll
end

-- M.entangled_cast(c, dc): DMG-COND-16: an entangled caster keeps its spell
-- on a Concentration check (usually DC 15; magic.lua's check). Returns
-- kept (true when not entangled: no check).
function M.entangled_cast(c, dc)
  if not c:has("entangled") then return true end
  return rules.need("3e.magic").concentration(c, dc or 15).kept
end

-- M.speed(c, base): the speed c's conditions leave: 0 when it cannot move
-- (helpless, held, paralysed, petrified, pinned, grappled, entangled and anchored
-- (source "anchored"), checked against the wind), else halved once for
-- each of blinded, entangled, exhausted (DMG-COND-04, -16, -17).
function M.speed(c, base)
  need_creature(c, "speed")
  for _, name in ipairs({ "held", "paralyzed", "petrified", "pinned", "grappling", "helpless", "incapacitated", "bound",
    "asleep", "unconscious", "checked" }) do
    if c:has(name) then return 0 end
  end
  for _, i in ipairs(c:conditions("entangled")) do
    if i.source == "anchored" then return 0 end
  end
  local s = base
  for _, name in ipairs({ "blinded", "entangled", "exhausted" }) do
    if c:has(name) then s = math.floor(s / 2) end
  end
  return s
end

-- What conditions forbid (M.can(c, what)): run and charge (fatigued,
-- exhausted, entangled), spot and read (blinded), listen (deafened), cast
-- (nauseated; grappling: 3E-GRAP), attack (nauseated), concentrate
-- (nauseated), move (M.speed 0), ranged (grappling; prone unless a
-- crossbow: opts.crossbow).
local FORBID = {
  run = { "fatigued", "exhausted", "entangled" },
  charge = { "fatigued", "exhausted", "entangled" },
  spot = { "blinded" }, read = { "blinded" }, listen = { "deafened" },
  cast = { "nauseated", "grappling" }, attack = { "nauseated" }, concentrate = { "nauseated" },
  ranged = { "grappling" },
}
function M.can(c, what, opts)
  need_creature(c, "can")
  if what == "move" then return M.speed(c, 30) > 0 end
  if what == "ranged" and c:has("prone") and not (opts and opts.crossbow) then return false, "prone" end
  local list = FORBID[what]
  if not list then error(string.format("can: unknown action %q", tostring(what)), 2) end
  for _, name in ipairs(list) do
    if c:has(name) then return false, name end
  end
  return true
end

-- M.limit_turn(t): what the summary's conditions leave of a turn of
-- turn.lua (it calls this): nauseated, a single move-equivalent action
-- (DMG-COND-28); a creature that can take no action (DMG-COND-01's
-- "none": dazed, stunned, cowering ...), nothing.
function M.limit_turn(t)
  local b = M.behaviour(t.c)
  if b == "none" then
    t.n_standard, t.n_move, t.n_partial = 0, 0, 0
  elseif b == "move_only" then
    t.n_standard, t.n_partial = 0, 0
    t.n_move = math.min(t.n_move, 1)
  end
end

-- M.fatigue(c [, source]): DMG-COND-17/18: something fatiguing: a fresh
-- creature becomes fatigued, a fatigued one exhausted. Returns the new
-- condition.
function M.fatigue(c, source)
  need_creature(c, "fatigue")
  if c:has("exhausted") then return "exhausted" end
  if c:has("fatigued") then
    c:remove_condition("fatigued")
    c:add_condition("exhausted", { source = source })
    return "exhausted"
  end
  c:add_condition("fatigued", { source = source })
  return "fatigued"
end

-- Fatigue from a hazard (heat, cold, thirst, hunger, thin air) does not go
-- with rest: it ends when that subdual damage heals (environment.lua).
M.hazard_sources = { heat = true, cold = true, thirst = true, starvation = true, thin_air = true }

-- M.rest(c, hours): complete rest: 1 hour turns exhausted into fatigued
-- (DMG-COND-17), 8 hours more end fatigue (DMG-COND-18). Returns the
-- condition left ("exhausted", "fatigued" or nil).
function M.rest(c, hours)
  need_creature(c, "rest")
  local function plain(name)
    for _, i in ipairs(c:conditions(name)) do
      if not M.hazard_sources[i.source or ""] then return i end
    end
  end
  local h = hours
  local ex = plain("exhausted")
  if ex then
    if h < 1 then return "exhausted" end
    c:remove_condition(ex.id)
    c:add_condition("fatigued", { source = ex.source })
    h = h - 1
  end
  local fa = plain("fatigued")
  if fa and h >= 8 then c:remove_condition(fa.id) end
  if c:has("exhausted") then return "exhausted" end
  if c:has("fatigued") then return "fatigued" end
  return nil
end

-- T-1, DMG-COND-07: the confusion table (1d10).
M.confusion_table = {
  { max = 1, action = "wander", rounds = 10 }, -- 1 minute, no new roll meanwhile
  { max = 6, action = "nothing" },
  { max = 9, action = "attack_nearest" },
  { max = 10, action = "normal" },
}

-- M.confusion(c [, opts]): a confused creature's round: attacked since its
-- last turn (opts.attacked_by, a creature or an id), it attacks that
-- attacker without a roll; while wandering (d10 = 1: 10 rounds) it goes on
-- wandering; else it rolls 1d10. Returns {action, roll, target}.
function M.confusion(c, opts)
  need_creature(c, "confusion")
  opts = opts or {}
  if not c:has("confused") then return { action = "normal" } end
  if opts.attacked_by then return { action = "attack", target = opts.attacked_by } end
  if c:has("wandering") then
    c:reduce_level("wandering", 1)
    return { action = "wander" }
  end
  local roll = require("dice").total("1d10")
  for _, row in ipairs(M.confusion_table) do
    if roll <= row.max then
      if row.rounds then c:add_condition("wandering", { level = row.rounds - 1, stacking = "levels" }) end
      return { action = row.action, roll = roll }
    end
  end
end

-- M.panic_drop(c): DMG-COND-30: a panicked creature drops what it holds on
-- d% 01-50. Returns dropped, the d%.
function M.panic_drop(c)
  need_creature(c, "panic_drop")
  local r = check.percentile(50)
  return r.success, r.roll
end

-- M.cornered(c): a frightened or panicked creature that cannot flee:
-- frightened fights on (its -2s), panicked and turned cower
-- (DMG-COND-20, -30, -39). Returns what it does: "fight" or "cower".
function M.cornered(c)
  need_creature(c, "cornered")
  if c:has("panicked") or c:has("turned") then
    c:add_condition("cowering", { source = "fear" })
    return "cower"
  end
  return "fight"
end

-- M.turned_rounds: DMG-COND-39: a turned undead flees 10 rounds (1 minute).
M.turned_rounds = 10
-- DMG-COND-09: dazed usually lasts 1 round. (Timed conditions in a fight:
-- initiative.lua's M.lasts gives the effect that ends them.)
M.dazed_rounds = 1


rules.define("3e.condsum", M)
return M
