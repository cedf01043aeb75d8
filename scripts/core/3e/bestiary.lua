-- The builder of imported 3e monsters (require("core.3e.bestiary")): the
-- scripts `dndsh import --system 3e` writes (scripts/monsters/3e/srd/*.lua,
-- from the SRD 3.5 stat blocks) are one call to bestiary.monster with the
-- stat block as data, its numbers as printed (to-hit, damage, saves, AC:
-- nothing is derived again from the ability scores). This file turns that
-- data into the kernel's stat block, as statblock.lua does for the
-- hand-written 3.0 stat blocks:
--
--   attack, full_attack  the Attack line's first routine (the one attack of
--                        a standard action: the kernel's first attack) and
--                        the Full Attack line's (the kernel's multiattack):
--                        "2 claws" are Claw and Claw 2, "+21/+16/+11" three
--                        attacks; a threat range and multiplier, touch,
--                        ranged, extra energy dice ("plus 1d6 fire")
--   ac, ac_types         the printed AC and its parts by bonus type (the
--                        kernel takes touch and flat-footed AC from them,
--                        core/3e/ac.lua's rules)
--   dr                   damage reduction, [K] SRD 3.5: the amount off each
--                        hit of weapon or natural damage (not energy); the
--                        fights' weapons are neither magic nor of a special
--                        material or alignment, so nothing overcomes it but
--                        the physical type a "/slashing" names; only the
--                        first listed counts
--   resist, immune,      energy resistance (the amount off each hit),
--   vuln                 immunity, vulnerability ([K] SRD 3.5: +50%)
--   sr, turn_resistance  the creature's abilities magic.lua and turning.lua
--                        read
--   type_traits          undead (monsters.abilities.3e undead: turned,
--                        immune to criticals, sleep, paralysis, stunning),
--                        construct, plant, ooze, elemental, vermin ([K] SRD
--                        3.5 types: immunity to criticals and the effects
--                        listed in TYPE_TRAITS)
--   specials             {ability = ...} calls of monsters.abilities.3e with
--                        the attack names the data gives; {feat = ...} the
--                        fighter's Power Attack and Cleave
--
-- and keeps the printed stat block, what it cannot do (unmodelled), what
-- has no effect in fights (inert) and the options never taken (unused) in
-- the kernel stat block's data, for `dndsh monster` and the tests.
local rules = require("rules")
local T = require("core.3e.tables")
local A = require("core.3e.attack")
local ac = require("core.3e.ac")

local M = rules.get("3e.bestiary")
if M then return M end
M = {}

local FIELDS = {
  id = true, name = true, source = true, data = true, part = true, size = true, creature_type = true, subtypes = true,
  hd = true, hit_dice = true, hp = true, init = true, speed = true, fly = true, abilities = true, nonabilities = true,
  bab = true, grapple = true, saves = true, space = true, reach = true, senses = true, vision = true, feats = true,
  cr = true, alignment = true, ac = true, touch = true, flat_footed = true, ac_types = true, dr = true, sr = true,
  resist = true, immune = true, vuln = true, condition_immune = true, crit_immune = true, turn_resistance = true,
  fast_healing = true, attack = true, full_attack = true, type_traits = true, specials = true, three_oh = true,
  repairs = true, modelled = true, unmodelled = true, inert = true, unused = true, lines = true,
}
local ATTACK = {
  name = true, count = true, bonus = true, damage = true, type = true, ranged = true, touch = true, threat = true,
  crit_mul = true, extra = true, effect = true, mode_unknown = true,
}

local function fail(where, fmt, ...)
  error(where .. ": " .. string.format(fmt, ...), 0)
end

local function check_keys(t, known, where)
  for k in pairs(t) do
    if not known[k] then fail(where, "unknown field %q", tostring(k)) end
  end
end

-- the energy types of 3.x, and force: damage reduction does not reduce them
local ENERGY = { "acid", "cold", "electricity", "fire", "sonic", "force" }
local PHYSICAL = { bludgeoning = true, piercing = true, slashing = true }

-- [K] SRD 3.5 creature types: what a type's traits make a fight's effects
-- do nothing to (undead: monsters.abilities.3e's undead).
local TYPE_TRAITS = {
  construct = { crit = true, conditions = { "asleep", "paralyzed", "stunned" } },
  plant = { crit = true, conditions = { "asleep", "paralyzed", "stunned" } },
  ooze = { crit = true, conditions = { "asleep", "paralyzed", "stunned" } },
  elemental = { crit = true, conditions = { "asleep", "paralyzed", "stunned" } },
  vermin = { conditions = { "asleep" } }, -- mindless: immune to mind-affecting effects
}

-- [K] Player's Handbook 3.5 Table 7-5 and the Monster Manual's rocks:
-- range increments of the ranged attacks the stat blocks name (they print
-- none), and whether the weapon is thrown (5 increments, else 10).
local RANGES = {
  { "heavy crossbow", 120 }, { "light crossbow", 80 }, { "hand crossbow", 30 }, { "crossbow", 80 },
  { "longbow", 100 }, { "shortbow", 60 }, { "sling", 50 }, { "javelin", 30, true }, { "shortspear", 20, true },
  { "spear", 20, true }, { "dagger", 10, true }, { "axe", 10, true }, { "trident", 10, true }, { "rock", 120, true },
  { "boulder", 120, true }, { "thrown", 10, true }, { "ray", 60 }, { "spit", 30 }, { "web", 30, true },
}
local function range_of(name)
  local n = string.lower(name)
  for _, r in ipairs(RANGES) do
    if string.find(n, r[1], 1, true) then
      return { r[2], r[2] * (r[3] and T.max_increments.thrown or T.max_increments.projectile) }
    end
  end
  return { 30, 30 * T.max_increments.projectile }
end

-- base(name): an attack's name as the specials name it (lower case,
-- without a leading enhancement, singular): the importer's rule
-- (runtime/srdgen gen3e.go base) on the same names.
function M.base(name)
  local n = string.lower(name or "attack")
  n = string.gsub(n, "^[%+%d ]+", "")
  if string.find(n, "hooves$") then n = string.gsub(n, "hooves$", "hoof")
  elseif string.find(n, "ies$") then n = string.gsub(n, "ies$", "y")
  elseif string.find(n, "ches$") then n = string.gsub(n, "es$", "")
  elseif string.find(n, "s$") and not string.find(n, "ss$") then n = string.gsub(n, "s$", "")
  end
  return n
end

local function title(s) return (string.gsub(s, "^%l", string.upper)) end

-- expand(list, sb, names, by_base): the kernel attacks of a printed
-- routine: each attack count times, each at its iterative bonuses.
local function expand(list, sb, names, by_base, where)
  local out = {}
  for i, p in ipairs(list or {}) do
    check_keys(p, ATTACK, where .. "[" .. i .. "]")
    local b = M.base(p.name)
    local bonuses = p.bonus or {}
    if #bonuses == 0 then bonuses = { 0 } end -- a swarm's automatic damage: made as an attack at +0
    for _ = 1, p.count or 1 do
      for _, bonus in ipairs(bonuses) do
        local name = title(b)
        local k = 1
        while names[name] do
          k = k + 1
          name = title(b) .. " " .. k
        end
        local a = { name = name, bonus = bonus, damage = p.damage, type = p.type, touch = p.touch or nil,
          extra = p.extra, crit_mul = p.crit_mul, threat = p.threat and { p.threat, 20 } or nil }
        if p.ranged then
          a.ranged, a.range = true, range_of(p.name)
        else
          a.reach = sb.reach
        end
        names[name] = a
        by_base[b] = by_base[b] or {}
        table.insert(by_base[b], name)
        out[#out + 1] = a
      end
    end
  end
  return out
end

local function same(a, b)
  return a.bonus == b.bonus and a.damage == b.damage and M.base(a.name) == M.base(b.name) and a.ranged == b.ranged
end

-- attacks(d, sb): the kernel's attacks and multiattack; the first attack
-- is the Attack line's (a full attack's first attack when it is the same).
local function attacks(d, sb, where)
  local names, by_base = {}, {}
  local full = expand(d.full_attack or d.attack, sb, names, by_base, where .. ": full_attack")
  local single = d.attack and d.attack[1]
  local first
  if single then
    local probe = expand({ { name = single.name, bonus = { (single.bonus or { 0 })[1] }, damage = single.damage,
      type = single.type, ranged = single.ranged, touch = single.touch, extra = single.extra,
      crit_mul = single.crit_mul, threat = single.threat } }, sb, {}, {}, where .. ": attack")[1]
    for _, a in ipairs(full) do
      if same(a, probe) then first = a break end
    end
    if not first then
      probe.name = title(M.base(single.name)) .. " (one attack)"
      first = probe
      local b = M.base(single.name)
      by_base[b] = by_base[b] or {}
      table.insert(by_base[b], probe.name)
    end
  end
  local list = {}
  if first then list[1] = first end
  local multi = {}
  for _, a in ipairs(full) do
    if a ~= first then list[#list + 1] = a end
    multi[#multi + 1] = a.name
  end
  sb.attacks = list
  if #multi > 1 then sb.multiattack = multi end
  return by_base
end

-- traits(d): the kernel's damage traits of the defences.
local function traits(d)
  local out = {}
  local dr = d.dr and d.dr[1]
  if dr then
    local except = {}
    for _, e in ipairs(ENERGY) do except[#except + 1] = e end
    if PHYSICAL[dr.by] then except[#except + 1] = dr.by end
    out[#out + 1] = { kind = "resist_flat", type = "*", amount = dr.amount, except = except,
      key = "dr:" .. dr.by30, source = "damage reduction " .. dr.amount .. "/" .. dr.by }
  end
  local keys = {}
  for k in pairs(d.resist or {}) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    out[#out + 1] = { kind = "resist_flat", type = k, amount = d.resist[k], source = "resistance to " .. k }
  end
  for _, k in ipairs(d.immune or {}) do out[#out + 1] = { kind = "immune", type = k } end
  for _, k in ipairs(d.vuln or {}) do out[#out + 1] = { kind = "vuln", type = k, num = 3, den = 2 } end
  return out
end

local function names_of(by_base, b, where)
  local list = by_base[b]
  if not list then fail(where, "no attack %q for its special ability", tostring(b)) end
  return list
end

-- specials(sb, list, by_base): the abilities the data names, with the
-- kernel attack names of the attacks they name.
local function specials(sb, list, by_base, where)
  local ab = require("monsters.abilities.3e")
  for i, s in ipairs(list or {}) do
    local w = where .. ": specials[" .. i .. "]"
    if s.feat then
      local F = require("core.3e.classes.fighter")
      if s.feat == "power_attack" then F.power_attack(sb)
      elseif s.feat == "cleave" or s.feat == "great_cleave" then F.cleave(sb, s.feat == "great_cleave")
      else fail(w, "unknown feat %q", tostring(s.feat)) end
    elseif s.ability == "rend" then
      ab.rend(sb, { attacks = names_of(by_base, s.attack, w), damage = s.damage, type = s.type })
    elseif s.ability == "improved_grab" then
      ab.improved_grab(sb, { attacks = names_of(by_base, s.attack, w), damage = s.damage, type = s.type })
    elseif s.ability == "paralysis" then
      local at = {}
      for _, b in ipairs(s.attacks) do
        for _, n in ipairs(names_of(by_base, b, w)) do at[#at + 1] = n end
      end
      ab.paralysis(sb, { attacks = at, dc = s.dc, rounds = s.rounds, immune_tag = s.immune_tag })
    elseif s.ability == "trip_on_hit" then
      for _, n in ipairs(names_of(by_base, s.attack, w)) do ab.trip_on_hit(sb, { attack = n }) end
    elseif s.ability == "breath_weapon" then
      ab.breath_weapon(sb, { shape = s.shape, length = s.length, damage = s.damage, type = s.type, save = s.save,
        dc = s.dc, recharge = s.recharge })
    elseif s.ability == "regeneration" then
      ab.regeneration(sb, { amount = s.amount, normal = s.normal })
    else
      fail(w, "unknown ability %q", tostring(s.ability))
    end
  end
end

-- M.monster(d): the kernel stat block of an imported stat block; a bad
-- field is an error naming it.
function M.monster(d)
  local where = "3e imported monster " .. tostring(d and d.id)
  if type(d) ~= "table" then fail("3e imported monster", "a table expected, got %s", type(d)) end
  check_keys(d, FIELDS, where)
  A.size_mod(d.size)
  local sb = { id = d.id, name = d.name, size = d.size, hp = d.hp, max_hp = d.hp, floor = T.dead, ac = d.ac,
    init = d.init, reach = d.reach or 5, senses = d.senses, condition_immune = d.condition_immune }
  local ab = d.abilities or {}
  sb.init_score = ab.dex or 10
  local sq = math.max(1, math.floor((d.space or 5) / T.square))
  sb.space = { w = sq, h = sq, shared = (d.space or 5) < T.square }
  local sp = d.speed or {}
  sb.speed = sp.land or math.max(sp.fly or 0, sp.swim or 0, sp.climb or 0, sp.burrow or 0)
  -- the parts by type: the printed total, touch and flat-footed AC come
  -- from them (the importer checked them against the printed figures)
  sb.ac_types = {}
  for k, v in pairs(d.ac_types or {}) do
    ac.check_type(k, where .. ": ac_types")
    sb.ac_types[k] = v
  end
  local got = ac.of(sb.ac_types).ac
  if got ~= d.ac then fail(where, "ac_types give AC %d, the stat block %d", got, d.ac) end
  local abil = {}
  for k, v in pairs(ab) do abil[k] = v end
  local saves = d.saves or {}
  abil.bab, abil.fort, abil.ref, abil.will = d.bab or 0, saves.fort or 0, saves.ref or 0, saves.will or 0
  abil.level, abil.sr, abil.turn_resistance = math.max(1, math.ceil(d.hd)), d.sr, d.turn_resistance
  sb.abilities = abil
  local tags = { d.creature_type }
  for _, t in ipairs(d.subtypes or {}) do tags[#tags + 1] = t end
  for _, t in ipairs(d.vision or {}) do tags[#tags + 1] = t end
  local feats = {}
  for _, f in ipairs(d.feats or {}) do feats[f] = true end
  if feats.combat_reflexes then sb.slots = { aoo = 1 + math.max(0, A.mod(ab.dex)) } end -- 3E-AOO-06
  for _, f in ipairs({ "evasion", "uncanny_dodge", "blind_fight", "mobility", "spring_attack" }) do
    if feats[f] then tags[#tags + 1] = f end
  end
  sb.tags = tags
  sb.traits = traits(d)
  local by_base = attacks(d, sb, where)
  local tt = d.type_traits
  if tt == "undead" then
    require("monsters.abilities.3e").undead(sb)
  elseif tt and TYPE_TRAITS[tt] then
    local r = TYPE_TRAITS[tt]
    if r.crit then sb.crit_immune = true end
    local imm = sb.condition_immune or {}
    for _, c in ipairs(r.conditions) do imm[#imm + 1] = c end
    sb.condition_immune = imm
  end
  if d.crit_immune then sb.crit_immune = true end
  specials(sb, d.specials, by_base, where)
  if sb.crit_immune then table.insert(sb.tags, "crit_immune") end
  sb.crit_immune = nil
  table.sort(sb.tags)
  sb.data = { statblock = d }
  return sb
end

-- M.fmt(sb): a monster's stat block the way the SRD 3.5 lays it out (an
-- imported one: its printed lines), with what its script models; a
-- hand-written one: its kernel numbers.
function M.fmt(sb)
  local out = {}
  local function line(s) out[#out + 1] = s end
  local d = sb.data and sb.data.statblock
  local name = type(sb.name) == "table" and sb.name.en or tostring(sb.name or sb.id)
  if d then
    local zh = type(d.name) == "table" and d.name.zh
    line(string.upper(name) .. (zh and ("  " .. zh) or ""))
    for _, l in ipairs(d.lines or {}) do line(string.format("%-20s %s", l[1] .. ":", l[2])) end
    line("")
    line(string.format("Source: %s (%s), Open Game Content (OGL 1.0a; see NOTICE).", d.source, d.data))
    if d.three_oh then
      local o = d.three_oh
      line("As 3.0 prints it: " .. o.size .. "; Attacks " .. o.attacks .. "; Damage " .. o.damage ..
        "; Face/Reach " .. o.face_reach .. (o.dr and ("; DR " .. table.concat(o.dr, ", ")) or ""))
      for _, n in ipairs(o.notes or {}) do line("  (" .. n .. ")") end
    end
    line("Modelled: " .. tostring(d.modelled))
    for _, k in ipairs({ "unmodelled", "inert", "unused" }) do
      if d[k] then
        line(k .. ":")
        for _, u in ipairs(d[k]) do line("  - " .. u) end
      end
    end
  else
    line(string.upper(name))
    line(string.format("%-20s %d hp", "Hit points:", sb.max_hp or sb.hp))
    line(string.format("%-20s %d", "Armor Class:", sb.ac))
    for _, a in ipairs(sb.attacks or {}) do
      line(string.format("%-20s %s %+d (%s%s)", "Attack:", a.name, a.bonus, a.damage, a.type and (" " .. a.type) or ""))
    end
    line("Hand-written (scripts/monsters/3e).")
  end
  return table.concat(out, "\n") .. "\n"
end

rules.define("3e.bestiary", M)
return M
