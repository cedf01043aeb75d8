-- The 15 conditions (5E-CND-00..18, T-20) with their Chinese names, as
-- data: `fight` is what the kernel compiles once per run into the fight
-- engine's condition effects (advantage on and against the bearer, flat
-- modifiers, automatic melee criticals, lost actions), and the other fields
-- are read by the helpers below (speed locked at 0, automatic save
-- failures, ...). The Unconscious entry (5E-CND-17) and the "conditions do
-- not stack" rule (5E-CND-02) were missing from the seed: they are [K]
-- reconstructions from the published book, checked against SRD 5.2.1.
--
-- Effects that need positions or sight (Frightened's line of sight,
-- Grappled's "anyone other than the grappler", Invisible against creatures
-- that can see it, Prone and the automatic criticals "within 5 ft") are
-- applied without that qualification in self-playing fights, which have no
-- positions; the helpers (5e.conditions.d20 and .defense, used by
-- 5e.attack.context) apply them exactly when given the geometry.
--
-- Exhaustion (5E-CND-06, T-19): -2 x level on attack rolls in fights is
-- kernel data (attack_mod_per_level): no hook.
local rules = require("rules")

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
  defense_adv = 1, fight = { attack_adv = -1, defense_adv = 1 } })
condition("charmed", "Charmed", "魅惑", { spare_source = true })
condition("deafened", "Deafened", "耳聾", { fail_checks = "hearing" })
condition("exhaustion", "Exhaustion", "力竭", { stacking = "levels", max_level = 6,
  d20_per_level = -2, speed_per_level = -5, death_level = 6,
  fight = { attack_mod_per_level = -2, save_mod_per_level = -2 } })
condition("frightened", "Frightened", "恐懼", { dis_while_source_seen = true, no_approach = true,
  fight = { attack_adv = -1 } })
condition("grappled", "Grappled", "被擒抱", { speed_zero = true, attack_dis_except_source = true,
  fight = { attack_adv = -1 } })
condition("incapacitated", "Incapacitated", "無力", { no_actions = true, initiative = -1,
  fight = { no_actions = true } })
condition("invisible", "Invisible", "隱形", { unseen = true, initiative = 1,
  fight = { attack_adv = 1, defense_adv = -1 } })
condition("paralyzed", "Paralyzed", "麻痺", { implies = { "incapacitated" }, speed_zero = true,
  fail_saves = STR_DEX, defense_adv = 1, crit_within = 5,
  fight = { defense_adv = 1, auto_crit_melee = true } })
condition("petrified", "Petrified", "石化", { implies = { "incapacitated" }, speed_zero = true,
  fail_saves = STR_DEX, defense_adv = 1, resist_all = true, immune = { "poisoned" },
  fight = { defense_adv = 1 } })
condition("poisoned", "Poisoned", "中毒", { attack_dis = true, check_dis = true,
  fight = { attack_adv = -1 } })
condition("prone", "Prone", "倒地", { attack_dis = true, prone = true,
  fight = { attack_adv = -1, defense_adv_melee = 1, defense_adv_ranged = -1 } })
condition("restrained", "Restrained", "束縛", { speed_zero = true, attack_dis = true, defense_adv = 1,
  dis_saves = { dex = true }, fight = { attack_adv = -1, defense_adv = 1 } })
condition("stunned", "Stunned", "震懾", { implies = { "incapacitated" }, fail_saves = STR_DEX,
  defense_adv = 1, fight = { defense_adv = 1 } })
condition("unconscious", "Unconscious", "昏迷", { implies = { "incapacitated", "prone" }, speed_zero = true,
  fail_saves = STR_DEX, defense_adv = 1, crit_within = 5, remains = "prone",
  fight = { defense_adv = 1, auto_crit_melee = true } })

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
      if kind == "attack" then
        if d.attack_dis then add("dis", name) end
        if d.dis_while_source_seen and opts.source_seen ~= false then add("dis", name) end
        if d.attack_dis_except_source then
          if not (opts.target and sources(c, name)[id_of(opts.target)]) then add("dis", name) end
        end
        if d.unseen and not opts.target_sees then add("adv", name) end
        if d.spare_source and opts.target and sources(c, name)[id_of(opts.target)] then
          r.auto_fail = true
          r.why[#r.why + 1] = name .. ": can't attack the charmer"
        end
      end
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

-- M.defense returns what the target's conditions do to an attack roll
-- against it by attacker: {adv, dis, crit (a hit is a Critical Hit), why}.
-- opts.distance is the attacker's distance in feet (default 5), opts.sees
-- whether the attacker can somehow see an Invisible target (default false).
function M.defense(target, _attacker, opts)
  opts = opts or {}
  local dist = opts.distance or 5
  local r = { adv = 0, dis = 0, crit = false, why = {} }
  local function add(field, why)
    r[field] = r[field] + 1
    r.why[#r.why + 1] = why
  end
  local set = M.active(target)
  for _, name in ipairs(LIST) do
    local d = set[name] and M.def(name)
    if d then
      if d.defense_adv then add("adv", name) end
      if d.unseen and not opts.sees then add("dis", name) end
      if d.prone then
        if dist <= 5 then add("adv", name) else add("dis", name) end
      end
      if d.crit_within and dist <= d.crit_within then r.crit = true end
    end
  end
  table.sort(r.why)
  return r
end

rules.define("5e.conditions", M)
