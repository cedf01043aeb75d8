-- The 15 conditions (5E-CND-00..18, T-20) with their Chinese names, as
-- data: `fight` is what the kernel compiles once per run into the one
-- attack assessment every attack goes through (in fights that play
-- themselves, at the table and in fight.assess): advantage on and against
-- the bearer, with the qualifications that need positions and sight
-- (Prone within 5 ft or beyond, automatic criticals from within 5 ft,
-- Grappled against anyone but the grappler, Frightened while its source is
-- in sight, Blinded and Invisible through who perceives whom, see
-- combat.space.sight), flat modifiers, lost actions, speed. The other
-- fields are read by the helpers below (automatic save and check failures,
-- ...). The Unconscious entry (5E-CND-17) and the "conditions do not stack"
-- rule (5E-CND-02) were missing from the seed: they are [K] reconstructions
-- from the published book, checked against SRD 5.2.1.
--
-- Exhaustion (5E-CND-06, T-19): -2 x level on attack rolls and -5 ft x
-- level of Speed are kernel data (attack_mod_per_level, speed_per_level).
local rules = require("rules")
local fight = require("fight")
local creature = require("creature")

local LIST = { "blinded", "charmed", "deafened", "exhaustion", "frightened", "grappled", "incapacitated",
  "invisible", "paralyzed", "petrified", "poisoned", "prone", "restrained", "stunned", "unconscious" }

local set_listed = {}
for _, id in ipairs(LIST) do set_listed[id] = true end

local function condition(id, en, zh, def)
  def.name = { en = en, zh = zh }
  rules.define("condition." .. id, def)
end

local STR_DEX = { str = true, dex = true }

condition("blinded", "Blinded", "目盲", { sees_nothing = true, fail_checks = "sight", attack_dis = true,
  defense_adv = 1, fight = { blind = true } })
condition("charmed", "Charmed", "魅惑", { spare_source = true, fight = { no_attack_source = true } })
condition("deafened", "Deafened", "耳聾", { fail_checks = "hearing" })
condition("exhaustion", "Exhaustion", "力竭", { stacking = "levels", max_level = 6,
  d20_per_level = -2, speed_per_level = -5, death_level = 6,
  fight = { attack_mod_per_level = -2, save_mod_per_level = -2, speed_per_level = -5 } })
condition("frightened", "Frightened", "恐懼", { dis_while_source_seen = true, no_approach = true,
  fight = { attack_adv_source_seen = -1 } })
condition("grappled", "Grappled", "被擒抱", { speed_zero = true, attack_dis_except_source = true,
  fight = { attack_adv_except_source = -1 } })
condition("incapacitated", "Incapacitated", "無力", { no_actions = true, initiative = -1,
  fight = { no_actions = true } })
condition("invisible", "Invisible", "隱形", { unseen = true, initiative = 1,
  fight = { unseen = true } })
condition("paralyzed", "Paralyzed", "麻痺", { implies = { "incapacitated" }, speed_zero = true,
  fail_saves = STR_DEX, defense_adv = 1, crit_within = 5,
  fight = { defense_adv = 1, auto_crit_near = true, near = 5 } })
condition("petrified", "Petrified", "石化", { implies = { "incapacitated" }, speed_zero = true,
  fail_saves = STR_DEX, defense_adv = 1, resist_all = true, immune = { "poisoned" },
  fight = { defense_adv = 1 } })
condition("poisoned", "Poisoned", "中毒", { attack_dis = true, check_dis = true,
  fight = { attack_adv = -1 } })
condition("prone", "Prone", "倒地", { attack_dis = true, prone = true,
  fight = { attack_adv = -1, defense_adv_near = 1, defense_adv_far = -1, near = 5, move_extra = 1 } })
condition("restrained", "Restrained", "束縛", { speed_zero = true, attack_dis = true, defense_adv = 1,
  dis_saves = { dex = true }, fight = { attack_adv = -1, defense_adv = 1 } })
condition("stunned", "Stunned", "震懾", { implies = { "incapacitated" }, fail_saves = STR_DEX,
  defense_adv = 1, fight = { defense_adv = 1 } })
condition("unconscious", "Unconscious", "昏迷", { implies = { "incapacitated", "prone" }, speed_zero = true,
  fail_saves = STR_DEX, defense_adv = 1, crit_within = 5, remains = "prone",
  fight = { defense_adv = 1, auto_crit_near = true, near = 5 } })

local M = {}

-- M.list returns the 15 condition ids (5E-CND-00), in the seed's order.
function M.list()
  local out = {}
  for i, id in ipairs(LIST) do out[i] = id end
  return out
end

function M.def(name)
  return rules.get("condition." .. name)
end

-- M.active returns the set of conditions c is under, the implied ones
-- included (Unconscious: Incapacitated and Prone), as {name = true}.
function M.active(c)
  local set = {}
  local function walk(name, depth)
    if set[name] or depth > 8 then return end
    set[name] = true
    local d = M.def(name)
    if d and d.implies then
      for _, n in ipairs(d.implies) do walk(n, depth + 1) end
    end
  end
  for _, inst in ipairs(c:conditions()) do walk(inst.name, 0) end
  return set
end

function M.has(c, name)
  return M.active(c)[name] == true
end

-- sources returns the sources of the instances of name on c, as a set.
local function sources(c, name)
  local out = {}
  for _, inst in ipairs(c:conditions(name)) do
    if inst.source then out[inst.source] = true end
  end
  return out
end
M.sources = sources

local function id_of(x)
  if x == nil then return nil end
  if type(x) == "string" then return x end
  return x:get("id")
end

-- M.penalty is what Exhaustion does to every D20 Test (T-19: -2 per
-- level; AMB-07: on the total, the die face still decides natural 1 and
-- 20).
function M.penalty(c)
  return M.def("exhaustion").d20_per_level * c:level("exhaustion")
end

-- Exhaustion on attack rolls in self-playing fights is kernel data
-- (attack_mod_per_level = -2 counts every level of every instance).
-- M.watch_exhaustion is kept for callers written before that: it does
-- nothing.
function M.watch_exhaustion()
  return true
end

-- M.exhaust adds n levels of Exhaustion from source (5E-CND-06) through
-- the hazards' bookkeeping (levels per source, death at level 6) and
-- returns the new level.
function M.exhaust(c, n, source)
  return rules.need("5e.hazards").gain_exhaustion(c, n or 1, source)
end

-- M.add gives c a condition with what the definition implies beyond the
-- fight data: Exhaustion levels, Petrified's resistance to all damage and
-- immunity to Poisoned (which ends a Poisoned condition). opts.source
-- (a creature or an id) names the charmer, the fear source, the grappler.
function M.add(c, name, opts)
  opts = opts or {}
  if name == "exhaustion" then
    return { level = M.exhaust(c, opts.level or 1, opts.source) }
  end
  local d = M.def(name)
  local res = c:add_condition(name, { source = id_of(opts.source), duration = opts.duration })
  if res.immune or not d then return res end
  if d.resist_all and res.added then
    c:add_trait({ kind = "resist", type = "*", source = name })
  end
  if d.immune and res.added then
    for _, other in ipairs(d.immune) do
      if not c:immune_to(other) then
        c:set("condition_immune", { [other] = true })
        c:add_tag("immune_from:" .. name .. ":" .. other)
        c:remove_condition(other)
      end
    end
  end
  return res
end

-- M.remove ends a condition (5E-CND-01: a condition lasts until its
-- duration ends or it is countered). Unconscious leaves the creature
-- Prone (5E-CND-17) unless opts.stand; Petrified takes its traits away.
function M.remove(c, name, opts)
  opts = opts or {}
  if not c:has(name) then return 0 end
  local n = c:remove_condition(name, { source = opts.source })
  local d = M.def(name)
  if d and not c:has(name) then
    if d.remains and not opts.stand then
      c:add_condition(d.remains, { source = name })
    end
    if d.resist_all then c:remove_traits(name) end
    if d.immune then
      for _, other in ipairs(d.immune) do
        if c:remove_tag("immune_from:" .. name .. ":" .. other) then
          c:set("condition_immune", { [other] = false })
        end
      end
    end
  end
  return n
end

-- M.speed_locked reports a condition that sets Speed to 0 and forbids any
-- increase (5E-CND-18): Grappled, Paralyzed, Petrified, Restrained,
-- Unconscious. Stunned does not (AMB-24, 2024 RAW).
function M.speed_locked(c)
  local set = M.active(c)
  for _, name in ipairs(LIST) do
    if set[name] and M.def(name).speed_zero then return true, name end
  end
  return false
end

-- M.can_act reports whether c can take actions, Bonus Actions and
-- Reactions (5E-CND-09: Incapacitated, implied by Paralyzed, Petrified,
-- Stunned and Unconscious, takes them away).
function M.can_act(c)
  return not M.has(c, "incapacitated")
end

-- M.can_speak: an Incapacitated creature can't speak (5E-CND-09).
M.can_speak = M.can_act

-- M.can_target reports whether c may attack (or target with a harmful
-- effect) target: not its charmer (5E-CND-04, AMB-12).
function M.can_target(c, target)
  local charmers = sources(c, "charmed")
  return not charmers[id_of(target)]
end

-- M.social_advantage: the charmer has Advantage on ability checks to
-- interact socially with the creature it charmed (5E-CND-04).
function M.social_advantage(actor, target)
  return sources(target, "charmed")[id_of(actor)] == true
end

-- M.d20 returns what c's conditions do to a D20 Test of kind "attack",
-- "check", "save", "initiative" or "death_save": {adv, dis, penalty,
-- auto_fail, why = {...}}. opts: ability (saves and checks), sight /
-- hearing (the check needs them), target (the attack's target: Grappled
-- and Charmed compare it with their source), source_seen (Frightened: the
-- source is within line of sight; default true), target_sees (Invisible:
-- the target can somehow see c; default false). r.dice lists dice the test
-- adds, rolled with it ({die = "1d4", source = "blessed"}).
function M.d20(c, kind, opts)
  opts = opts or {}
  if kind == "attack" then return M.attack(c, opts) end
  local r = { adv = 0, dis = 0, penalty = M.penalty(c), auto_fail = false, why = {} }
  local function add(field, why)
    r[field] = r[field] + 1
    r.why[#r.why + 1] = why
  end
  local set = M.active(c)
  local checkish = kind == "check" or kind == "initiative"
  local saveish = kind == "save" or kind == "death_save"
  for _, name in ipairs(LIST) do
    local d = set[name] and M.def(name)
    if d then
      if checkish then
        if d.check_dis then add("dis", name) end
        if d.dis_while_source_seen and opts.source_seen ~= false then add("dis", name) end
        if (d.fail_checks == "sight" and opts.sight) or (d.fail_checks == "hearing" and opts.hearing) then
          r.auto_fail = true
          r.why[#r.why + 1] = name
        end
      end
      if kind == "initiative" and d.initiative then
        add(d.initiative > 0 and "adv" or "dis", name)
      end
      if saveish and opts.ability then
        if d.fail_saves and d.fail_saves[opts.ability] then
          r.auto_fail = true
          r.why[#r.why + 1] = name
        end
        if d.dis_saves and d.dis_saves[opts.ability] then add("dis", name) end
      end
    end
  end
  -- Feature conditions (feature_conditions.lua): Dodge's Advantage on
  -- Dexterity saves (lost while Incapacitated or at Speed 0), Bless's die.
  for _, inst in ipairs(c:conditions()) do
    local d = not set_listed[inst.name] and M.def(inst.name)
    if d then
      if saveish and opts.ability and d.save_adv and d.save_adv[opts.ability] and not (d.lapses and M.hampered(c)) then
        add("adv", inst.name)
      end
      local die = d.d20_die and d.d20_die[saveish and "save" or kind]
      if die then
        r.dice = r.dice or {}
        r.dice[#r.dice + 1] = { die = die, source = inst.name }
      end
    end
  end
  table.sort(r.why)
  return r
end

-- M.hampered reports whether c is Incapacitated or its Speed is locked at
-- 0 (what makes a "lapses" condition such as Dodge lapse).
function M.hampered(c)
  return M.has(c, "incapacitated") or (M.speed_locked(c))
end

-- ---- attack rolls: the kernel's one assessment ----
--
-- What conditions do to attack rolls is the `fight` data above, applied
-- by the kernel's attack assessment (fight.assess), the same for attacks
-- in fights, at the table and here. M.attack and M.defense ask it about
-- one side at a time: the attacker's conditions against a target that has
-- none, or the target's against an attacker that has none.

-- a stand-in with no conditions, carrying the id (for Grappled's and
-- Charmed's sources) and the senses of the creature it stands for
local function stand_in(c, id)
  local s = creature.new({ id = id, hp = 1 })
  if c then s:set("senses", c:get("senses") or {}) end
  return s
end

-- names lists the causes of the assessment's reasons ("prone" for "target
-- prone within 5 ft"), sorted.
local function names(res, kinds)
  local out = {}
  for _, r in ipairs(res.reasons) do
    if kinds[r.kind] then
      out[#out + 1] = r.why:match("^attacker (%S+)") or r.why:match("^target (%S+)") or r.why
    end
  end
  table.sort(out)
  return out
end

local ADV = { adv = true }

local function counts(res, out)
  for _, r in ipairs(res.reasons) do
    if r.kind == "adv" then
      if r.level > 0 then out.adv = out.adv + r.level else out.dis = out.dis - r.level end
    end
  end
  return out
end

-- M.attack is M.d20 for an attack roll: what c's own conditions do to it
-- against opts.target (Grappled and Charmed compare it with their source):
-- {adv, dis, penalty, auto_fail, why, dice}. opts.source_seen (Frightened:
-- the source is in sight; default true), opts.target_sees (Invisible: the
-- target can somehow see c; default: by its senses).
function M.attack(c, opts)
  opts = opts or {}
  local t = opts.target
  local target = stand_in(t, t and id_of(t) or "target")
  local res = fight.assess(c, target, nil, { distance = opts.distance or 5, ranged = opts.ranged,
    source_seen = opts.source_seen ~= false, seen = opts.target_sees })
  local r = counts(res, { adv = 0, dis = 0, penalty = M.penalty(c), auto_fail = not res.allowed, why = names(res, ADV) })
  if not res.allowed then r.why[#r.why + 1] = res.why end
  for _, inst in ipairs(c:conditions()) do
    local d = not set_listed[inst.name] and M.def(inst.name)
    local die = d and d.d20_die and d.d20_die.attack
    if die then
      r.dice = r.dice or {}
      r.dice[#r.dice + 1] = { die = die, source = inst.name }
    end
  end
  return r
end

-- M.defense returns what the target's conditions do to an attack roll
-- against it by attacker: {adv, dis, crit (a hit is a Critical Hit), why}.
-- opts.distance is the attacker's distance in feet (default 5), opts.sees
-- whether the attacker can somehow see the target (default: by its
-- senses), opts.ranged for a ranged attack.
function M.defense(target, attacker, opts)
  opts = opts or {}
  local res = fight.assess(stand_in(attacker, "attacker"), target, nil, { distance = opts.distance or 5,
    ranged = opts.ranged, sees = opts.sees })
  local r = counts(res, { adv = 0, dis = 0, crit = res.crit, why = names(res, ADV) })
  return r
end

rules.define("5e.conditions", M)
