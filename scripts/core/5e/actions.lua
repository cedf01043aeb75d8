-- Actions, Bonus Actions and Reactions as rules (inventory section 7 and
-- appendix A), the free object interaction (5E-EXP-13) and social
-- interaction (section 8: attitudes and the Influence action).
--
--   local act = require("core.5e.actions")   -- or rules.need("5e.action_rules")
--   act.setup(c)                  -- action, bonus_action, reaction, object_interaction
--   act.take(c, "reaction")       -- spends it, or errors saying why not
--   act.begin(c, "search") ... act.finish(c)
--   act.influence(pc, npc, { skill = "persuasion" })
local rules = require("rules")
local log = require("log")

local M = rules.get("5e.action_rules")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- T-10 Actions [K✓ SRD 5.2] with the check each one calls for (appendix
-- A, reconstructed from the published book and checked against SRD 5.2.1).
M.details = {
  attack = { summary = "attack with a weapon or an Unarmed Strike" },
  dash = { summary = "extra movement this turn equal to your Speed" },
  disengage = { summary = "your movement provokes no Opportunity Attacks for the rest of the turn" },
  dodge = { summary = "until your next turn: attacks against you have Disadvantage, Dex saves Advantage" },
  help = { summary = "give an ally Advantage on a check or an attack, or give first aid" },
  hide = { summary = "Dex (Stealth) DC 15 to become hidden", ability = "dex", skills = { "stealth" } },
  influence = { summary = "change a creature's attitude or behaviour", ability = "cha",
                skills = { "deception", "intimidation", "performance", "persuasion", "animal_handling" } },
  magic = { summary = "cast a spell, use a magic item or a magical feature" },
  ready = { summary = "prepare an action or a move for a trigger" },
  search = { summary = "notice something", ability = "wis", skills = { "insight", "medicine", "perception", "survival" } },
  study = { summary = "recall or deduce something", ability = "int",
            skills = { "arcana", "history", "investigation", "nature", "religion" } },
  utilize = { summary = "use a nonmagical object" },
}

-- list returns the actions with their names and details, in T-10 order.
-- The names are names.lua's "5e.actions".
function M.list()
  local out = {}
  for _, n in ipairs(rules.need("5e.actions")) do
    local d = M.details[n.id] or {}
    out[#out + 1] = { id = n.id, en = n.en, zh = n.zh, summary = d.summary, ability = d.ability, skills = d.skills }
  end
  return out
end

-- The per-turn budget (5E-ACT-03..05, 5E-EXP-13) as resources that refill
-- at the start of the creature's turn (c:start_turn()).
M.slots = {
  action = { en = "Action", zh = "動作" },
  bonus_action = { en = "Bonus Action", zh = "附贈動作" },
  reaction = { en = "Reaction", zh = "反應" },
  object_interaction = { en = "free object interaction", zh = "免費物品互動" },
}
local slot_order = { "action", "bonus_action", "reaction", "object_interaction" }

function M.setup(c)
  for _, s in ipairs(slot_order) do
    c:set_resource(s, { max = 1, recharge = "turn" })
  end
  return c
end

-- Conditions that take away actions (5E-CND-09: Incapacitated, and the
-- conditions that include it).
M.no_actions = { "incapacitated", "paralyzed", "petrified", "stunned", "unconscious" }

function M.incapacitated(c)
  for _, n in ipairs(M.no_actions) do
    if c:has(n) then return true end
  end
  return false
end

-- grant_bonus records that a feature gives c a Bonus Action option (a
-- Rogue's Cunning Action): "bonus:<name>" (5E-ACT-04).
function M.grant_bonus(c, name)
  c:add_tag("bonus:" .. name)
end

-- can says whether c may take a slot now: kind "action", "bonus_action"
-- (with the name of a granted option) or "reaction". Returns ok, why.
function M.can(c, kind, name)
  if not M.slots[kind] then error("can: unknown slot " .. tostring(kind), 2) end
  if kind ~= "object_interaction" and M.incapacitated(c) then
    return false, "incapacitated: no actions, Bonus Actions or Reactions"
  end
  if kind == "bonus_action" then
    if name == nil or not c:has_tag("bonus:" .. name) then
      return false, "no feature grants " .. (name and ("the Bonus Action " .. name) or "a Bonus Action")
    end
  end
  local r = c:resource(kind)
  if r and r.current < 1 then
    if kind == "reaction" then return false, "reaction already used: it returns at the start of your next turn" end
    return false, M.slots[kind].en .. " already used this turn"
  end
  return true
end

-- take spends a slot, or raises an error saying why it can't.
function M.take(c, kind, name)
  local ok, why = M.can(c, kind, name)
  if not ok then error(c:get("id") .. " can't take the " .. M.slots[kind].en .. ": " .. why, 2) end
  if c:resource(kind) then c:spend(kind) end
  return true
end

-- 5E-ACT-03: one action at a time, in and out of combat. begin marks c as
-- busy with an action; a second one errors until finish.
function M.doing(c)
  for _, t in ipairs(c:get("tags")) do
    local a = t:match("^doing:(.+)$")
    if a then return a end
  end
  return nil
end

function M.begin(c, action)
  local cur = M.doing(c)
  if cur and cur ~= action then
    error(c:get("id") .. " is already doing " .. cur .. ": one action at a time (5E-ACT-03)", 2)
  end
  c:add_tag("doing:" .. action)
  return true
end

function M.finish(c)
  local cur = M.doing(c)
  if cur then c:remove_tag("doing:" .. cur) end
  return cur
end

-- The Dodge action (appendix A [K✓ SRD 5.2]): until the start of c's next
-- turn attack rolls against it have Disadvantage and it makes Dexterity
-- saves with Advantage, lost while it is Incapacitated or its Speed is 0
-- (the condition "dodging", feature_conditions.lua). It spends c's action
-- when c has the action resource (M.setup). In a fight the kernel ends it
-- at the start of c's next turn; elsewhere opts.duration (a duration
-- handle) does, or the caller. Returns true.
function M.dodge(c, opts)
  if c:resource("action") then M.take(c, "action") end
  c:add_condition("dodging", { source = "dodge", duration = opts and opts.duration })
  return true
end

-- 5E-ACT-02: something the listed actions don't cover. The DM rules
-- whether it is possible and which D20 Test it needs (test: d20_test's
-- options; nil: no roll). It is logged.
function M.improvise(c, what, test)
  log.add("improvise", { who = c:get("id"), what = what })
  if test == nil then return { possible = true, rolled = false } end
  if test == false then return { possible = false, rolled = false } end
  local r = rules.need("5e.d20_test")(c, test)
  r.possible, r.rolled = true, true
  return r
end

-- 5E-EXP-13, 5E-CMB-10: when time matters, one object interaction per turn
-- is free; another needs the Utilize action. Outside initiative every
-- interaction is free (AMB-37). Returns "free" or "utilize".
function M.interact(c, opts)
  opts = opts or {}
  if not opts.in_combat then return "free" end
  local r = c:resource("object_interaction")
  if r == nil or r.current > 0 then
    if r then c:spend("object_interaction") end
    return "free"
  end
  M.take(c, "action")
  return "utilize"
end

-- Social interaction (section 8). 5E-SOC-01 [K✓ SRD 5.2]: an NPC's
-- attitude toward a character is Friendly, Indifferent (the default) or
-- Hostile; 5E-SOC-02: the DM sets it per NPC and character.
M.attitudes = {
  friendly = { en = "Friendly", zh = "友善", adv = 1 },
  indifferent = { en = "Indifferent", zh = "冷淡", adv = 0 },
  hostile = { en = "Hostile", zh = "敵對", adv = -1 },
}

function M.attitude(npc, pc)
  local p = "attitude:" .. pc:get("id") .. "="
  for _, t in ipairs(npc:get("tags")) do
    if t:sub(1, #p) == p then return t:sub(#p + 1) end
  end
  return "indifferent"
end

function M.set_attitude(npc, pc, attitude)
  if not M.attitudes[attitude] then error("set_attitude: friendly, indifferent or hostile expected, got " .. tostring(attitude), 2) end
  local old = M.attitude(npc, pc)
  npc:remove_tag("attitude:" .. pc:get("id") .. "=" .. old)
  if attitude ~= "indifferent" then npc:add_tag("attitude:" .. pc:get("id") .. "=" .. attitude) end
  return attitude
end

-- Influence (appendix A [K✓ SRD 5.2]). opts.willing: "willing" (complies,
-- no roll), "unwilling" (refuses, no roll) or "hesitant" (default: roll).
-- The check uses one of the Influence skills (opts.skill, default
-- persuasion), with Advantage if the NPC is Friendly toward pc and
-- Disadvantage if Hostile; DC = max(15, the NPC's Intelligence). On a
-- failure the same urging waits 24 hours (wait_hours).
function M.influence(pc, npc, opts)
  opts = opts or {}
  local w = opts.willing or "hesitant"
  if w == "willing" then return { success = true, rolled = false } end
  if w == "unwilling" then return { success = false, rolled = false } end
  local skill = opts.skill or "persuasion"
  local ok = false
  for _, s in ipairs(M.details.influence.skills) do
    if s == skill then ok = true end
  end
  if not ok then error("influence: Deception, Intimidation, Performance, Persuasion or Animal Handling expected, got " .. tostring(skill), 2) end
  local adv = M.attitudes[M.attitude(npc, pc)].adv
  local t = {}
  for k, v in pairs(opts) do t[k] = v end
  t.willing, t.kind, t.skill = nil, "check", skill
  t.dc = math.max(15, npc:ability("int") or 0)
  t.social, t.with = true, npc
  local extra = {}
  local given = opts.adv
  if type(given) ~= "table" or given.level ~= nil then given = { given } end
  for _, a in ipairs(given) do extra[#extra + 1] = a end
  if adv ~= 0 then extra[#extra + 1] = { level = adv, source = M.attitude(npc, pc) } end
  t.adv = extra
  local r = rules.need("5e.d20_test")(pc, t)
  r.rolled = true
  if not r.success then r.wait_hours = 24 end
  return r
end

-- 5E-SOC-03: let the member with the best bonus lead: returns the party
-- member with the highest modifier for a check with one of the skills.
function M.best_for(party, skills)
  local checks = rules.need("5e.checks")
  local best, best_mod, best_skill
  for _, c in ipairs(party) do
    for _, s in ipairs(type(skills) == "table" and skills or { skills }) do
      local m = checks.modifier(c, { skill = s })
      if m and (best_mod == nil or m > best_mod) then best, best_mod, best_skill = c, m, s end
    end
  end
  return best, best_mod, best_skill
end

rules.define("5e.action_rules", M)
return M
