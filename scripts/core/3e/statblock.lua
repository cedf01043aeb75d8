-- 3.0 stat blocks (require("core.3e.statblock")): S.build turns a stat
-- block written the 3.0 way (abilities, base attack bonus, saves, AC by
-- bonus type, weapons, feats, size and face) into the kernel's stat block:
-- hit points with the -10 floor (3E-HP-02), the armour class and its typed
-- parts (3E-AC-01..12), initiative with the Dex score for ties
-- (3E-INIT-01/02), attacks with their bonuses, iterative attacks as the
-- full attack (3E-ATK-02..13), two-weapon fighting (3E-ATK-20..22) and
-- natural weapons, reach and face from Table 8-7 (3E-POS-03/04/07), speed
-- from Table 8-6 (3E-MOVE-01), one attack of opportunity a round or more
-- with Combat Reflexes (3E-AOO-06).
--
-- A field the builder does not know is an error naming it and the known
-- ones; so is a bonus of an unknown type.
local rules = require("rules")
local T = require("core.3e.tables")
local ac = require("core.3e.ac")
local A = require("core.3e.attack")

local S = rules.get("3e.statblock")
if S then return S end
S = {}

local FIELDS = {
  id = true, name = true, player = true, size = true, shape = true, face = true, reach = true, race = true,
  speed = true, armor = true, hp = true, max_hp = true, level = true, hd = true, abilities = true, bab = true,
  saves = true, ac = true, max_dex = true, weapons = true, natural = true, feats = true, init = true, tags = true,
  tactics = true, on = true, plan = true, crit_immune = true, condition_immune = true, senses = true, traits = true,
  resources = true, notes = true, type = true, subdual = true,
}
local WEAPON = {
  name = true, damage = true, crit = true, type = true, range = true, thrown = true, two_handed = true, light = true,
  off_hand = true, reach = true, group = true, bonus = true, damage_bonus = true, deal = true, subdual_weapon = true,
  touch = true, material = true, tags = true,
  extra = true, size = true, use = true, enhancement = true, masterwork = true, secondary = true, double = true,
}
local FEATS = {
  improved_initiative = true, weapon_focus = true, combat_reflexes = true, dodge = true, precise_shot = true,
  ambidexterity = true, two_weapon_fighting = true, power_attack = true, cleave = true, great_cleave = true,
  point_blank_shot = true, rapid_shot = true, weapon_finesse = true, improved_critical = true, multiattack = true,
  blind_fight = true, mobility = true, spring_attack = true, expertise = true, improved_trip = true,
  improved_disarm = true, improved_bull_rush = true, improved_unarmed_strike = true, toughness = true,
  iron_will = true, lightning_reflexes = true, great_fortitude = true, run = true, endurance = true,
  combat_casting = true, shot_on_the_run = true, far_shot = true, quick_draw = true, alertness = true,
  improved_grab = true, uncanny_dodge = true, evasion = true, extra_turning = true, whirlwind_attack = true,
  weapon_specialization = true, sunder = true, deflect_arrows = true, stunning_fist = true, mounted_combat = true,
}

local function fail(where, fmt, ...)
  error(where .. ": " .. string.format(fmt, ...), 0)
end

local function check_keys(t, known, where)
  for k in pairs(t) do
    if not known[k] then
      local names = {}
      for n in pairs(known) do names[#names + 1] = n end
      table.sort(names)
      fail(where, "unknown field %q (known: %s)", tostring(k), table.concat(names, ", "))
    end
  end
end

local ABIL = { "str", "dex", "con", "int", "wis", "cha" }

-- S.feat_rules: feats that variants add (name -> function(spec, abilities)
-- returning nil, or why the creature cannot take it): the Scent feat
-- (DMG-SA-40, scripts/variants/3e/scent_feat.lua).
S.feat_rules = {}

-- S.feats(list): the feats of a stat block as a set (weapon_focus names a
-- weapon: "weapon_focus:longsword"); an unknown feat is an error.
function S.feats(list, where)
  local out = {}
  for _, f in ipairs(list or {}) do
    local name, arg = string.match(f, "^([%w_]+):?(.*)$")
    if not name or not (FEATS[name] or S.feat_rules[name]) then
      local names = {}
      for n in pairs(FEATS) do names[#names + 1] = n end
      for n in pairs(S.feat_rules) do names[#names + 1] = n end
      table.sort(names)
      fail(where, "unknown feat %q (known: %s)", tostring(f), table.concat(names, ", "))
    end
    if arg ~= "" then
      out[name] = out[name] or {}
      out[name][arg] = true
    else
      out[name] = true
    end
  end
  return out
end

-- S.face(size, shape): Table 8-7's row of a size and shape ("tall" or
-- "long"; Small and smaller have one form).
function S.face(size, shape)
  local key = size
  if T.face[size] == nil then key = size .. "_" .. (shape or "tall") end
  local r = T.face[key]
  if r == nil then fail("size", "no face for %s (%s)", tostring(size), tostring(shape)) end
  return r
end

-- S.speed(race, armor): Table 8-6 (3E-MOVE-01): the speed of a race in no
-- or light armour, or in medium or heavy armour.
function S.speed(race, armor)
  local r = T.speed[race]
  if r == nil then fail("race", "no tactical speed for %q (Table 8-6 knows human, elf, half-elf, half-orc, dwarf, halfling, gnome)", tostring(race)) end
  if armor == "medium" or armor == "heavy" then return r.heavy end
  return r.light
end

-- weapon builds the kernel attacks of one weapon: its attack at each bonus
-- it is used with.
local function weapon(w, sb, m, feats, where, is_natural)
  check_keys(w, WEAPON, where)
  if not w.name then fail(where, "a weapon needs a name") end
  if not w.damage then fail(where, "weapon %s needs damage (its dice, as 1d8)", w.name) end
  local ranged = w.range ~= nil
  local bonuses = {}
  for _, b in ipairs(w.bonus or {}) do bonuses[#bonuses + 1] = b end
  if w.enhancement then
    bonuses[#bonuses + 1] = { value = w.enhancement, type = "enhancement", source = "magic weapon" }
  elseif w.masterwork then
    -- [K] PHB 3.0: a masterwork weapon's +1 is an enhancement bonus to
    -- attack (it does not stack with a magic weapon's)
    bonuses[#bonuses + 1] = { value = 1, type = "enhancement", source = "masterwork" }
  end
  -- 3E-SUBD-07/08: the other kind of damage than the weapon's is -4
  local kind = w.subdual_weapon and "subdual" or "normal"
  local deal = w.deal or kind
  if deal ~= "subdual" and deal ~= "normal" then fail(where, "deal %q: subdual or normal", tostring(deal)) end
  if deal ~= kind then
    bonuses[#bonuses + 1] = { value = T.subdual_penalty, type = "untyped", source = "dealing " .. deal .. " damage" }
  end
  local wf = feats.weapon_focus
  if wf and (wf == true or wf[string.lower(w.name)] or (w.group and wf[w.group])) then
    bonuses[#bonuses + 1] = { value = 1, type = "untyped", source = "Weapon Focus" } -- [K] PHB 3.0: +1
  end
  local str = m.str
  if feats.weapon_finesse and w.light and not ranged and m.dex > str then str = m.dex end -- [K] PHB 3.0
  local use = w.use or (ranged and w.group == "crossbow" and "crossbow")
    or (ranged and (w.thrown and "thrown" or "bow")) or (w.two_handed and "two_handed")
    or (w.off_hand and "off_hand") or "melee"
  if w.secondary then use = "off_hand" end -- [K] MM 3.0: secondary natural attacks add 1/2 Str
  local dmg_mod = A.str_damage(m.str, use) + (w.damage_bonus or 0) + (w.enhancement or 0)
  local threat, mul = A.crit(w.crit)
  if feats.improved_critical and (feats.improved_critical == true or feats.improved_critical[string.lower(w.name)]) then
    threat = 20 - 2 * (21 - threat) + 1 -- [K] PHB 3.0: the threat range doubles
  end
  -- the attack's tags: what damage reduction asks of a hit (DMG-SA-14,
  -- core/3e/damage.lua): "enhancement:N", "material:NAME", "natural"
  local tags
  if w.tags or w.enhancement or w.material or is_natural then
    tags = {}
    for _, t in ipairs(w.tags or {}) do tags[#tags + 1] = t end
    if w.enhancement then tags[#tags + 1] = "enhancement:" .. w.enhancement end
    if w.material then tags[#tags + 1] = "material:" .. w.material end
    if is_natural then tags[#tags + 1] = "natural" end
  end
  local base = {
    damage = w.damage .. (dmg_mod ~= 0 and string.format("%+d", dmg_mod) or ""),
    -- an unarmed strike is of group "unarmed" (special/unarmed.lua's hook
    -- is asked only of that group's attacks), named so or given the group
    type = w.type, group = w.group or (string.find(string.lower(w.name), "unarmed", 1, true) and "unarmed" or nil),
    nonlethal = deal == "subdual", touch = w.touch, extra = w.extra,
    crit_mul = mul ~= 2 and mul or nil, threat = threat < 20 and { threat, 20 } or nil, tags = tags,
  }
  if ranged then
    base.ranged = true
    base.range = { w.range, w.thrown and T.max_increments.thrown or T.max_increments.projectile }
  else
    local natural = sb.reach
    if w.reach then
      -- 3E-ATK-07, 3E-POS-07: a reach weapon doubles natural reach and
      -- cannot strike within it
      base.reach, base.reach_min = 2 * natural, natural + T.square
    else
      base.reach = natural
    end
  end
  local total = A.bonus({ bab = 0, str = str, dex = m.dex, size = sb.size, ranged = ranged, bonuses = bonuses })
  return base, total
end

local function copy(t)
  local o = {}
  for k, v in pairs(t) do o[k] = v end
  return o
end

local function build(spec)
  local where = "3e stat block " .. tostring(spec.id or spec.name or "?")
  if type(spec) ~= "table" then fail("3e stat block", "a table expected, got %s", type(spec)) end
  check_keys(spec, FIELDS, where)
  local feats = S.feats(spec.feats, where)
  local ab = {}
  for _, a in ipairs(ABIL) do ab[a] = (spec.abilities or {})[a] or 10 end
  for k in pairs(spec.abilities or {}) do
    if ab[k] == nil then fail(where, "abilities: unknown ability %q (str, dex, con, int, wis, cha)", tostring(k)) end
  end
  for f in pairs(feats) do
    local rule = S.feat_rules[f]
    local why = rule and rule(spec, ab)
    if why then fail(where, "feat %s: %s", f, why) end
  end
  local m = {}
  for _, a in ipairs(ABIL) do m[a] = A.mod(ab[a]) end
  local size = spec.size or "medium"
  A.size_mod(size)
  local face = spec.face or S.face(size, spec.shape)
  local sb = { id = spec.id, name = spec.name, player = spec.player, size = size, tactics = spec.tactics, on = spec.on,
    plan = spec.plan, senses = spec.senses, traits = spec.traits, resources = spec.resources,
    condition_immune = spec.condition_immune }
  sb.reach = spec.reach or face.reach
  local w, l = face.w, face.l
  sb.space = { w = math.max(1, math.floor(w / T.square)), h = math.max(1, math.floor(l / T.square)), shared = w < T.square }
  -- hit points: dying to -9, dead at -10 (3E-HP-02)
  local hp = spec.hp or spec.max_hp
  if hp == nil then fail(where, "hp is required") end
  sb.hp, sb.max_hp, sb.floor = hp, spec.max_hp or hp, T.dead
  if sb.hp > sb.max_hp then fail(where, "hp %d is above max_hp %d", sb.hp, sb.max_hp) end
  sb.nonlethal = spec.subdual
  -- armour class by type (3E-AC-01..05): size and Dex are the builder's
  local bonuses = {}
  for k, v in pairs(spec.ac or {}) do
    if k == "size" or k == "dex" then fail(where, "ac.%s comes from the size and the Dex score; do not give it", k) end
    if k ~= "armor_enhancement" and k ~= "shield_enhancement" then bonuses[k] = v end
  end
  -- 3E-AC-07: magic armour's and shields' enhancement is part of their
  -- bonus (a touch attack ignores it too, [PHB])
  for _, k in ipairs({ "armor", "shield" }) do
    local e = (spec.ac or {})[k .. "_enhancement"]
    if e then bonuses[k] = (bonuses[k] or 0) + e end
  end
  bonuses.size = A.size_mod(size)
  bonuses.dex = m.dex
  local a = ac.of(bonuses, { max_dex = spec.max_dex, where = where .. ": ac" })
  sb.ac = a.ac
  sb.ac_types = {}
  for k, v in pairs(a.parts) do sb.ac_types[k] = v end
  -- initiative (3E-INIT-01/02): Dex + Improved Initiative (+4, [K] PHB
  -- 3.0); ties go by the Dex score
  sb.init = spec.init or (m.dex + (feats.improved_initiative and 4 or 0))
  sb.init_score = ab.dex
  -- speed (3E-MOVE-01): given, or Table 8-6's by race and armour
  if spec.speed then
    sb.speed = spec.speed
  elseif spec.race then
    sb.speed = S.speed(spec.race, spec.armor)
  else
    sb.speed = 30
  end
  -- attacks of opportunity a round (3E-AOO-05/06)
  if feats.combat_reflexes then sb.slots = { aoo = 1 + math.max(0, m.dex) } end
  -- the named numbers the rules read: abilities, base attack bonus, saves
  -- (base + ability: Fort Con, Ref Dex, Will Wis; 3E-SAVE-01..04), level
  local bab = spec.bab or 0
  local saves = spec.saves or {}
  for k in pairs(saves) do
    if k ~= "fort" and k ~= "ref" and k ~= "will" then fail(where, "saves: unknown save %q (fort, ref, will)", tostring(k)) end
  end
  sb.abilities = copy(ab)
  sb.abilities.bab = bab
  sb.abilities.fort = (saves.fort or 0) + m.con + (feats.great_fortitude and 2 or 0)
  sb.abilities.ref = (saves.ref or 0) + m.dex + (feats.lightning_reflexes and 2 or 0)
  sb.abilities.will = (saves.will or 0) + m.wis + (feats.iron_will and 2 or 0)
  sb.abilities.level = spec.level or spec.hd or 1
  -- tags: feats the kernel and the rules look for, immunity to criticals
  -- (3E-HELP-03)
  local tags = {}
  for _, t in ipairs(spec.tags or {}) do tags[#tags + 1] = t end
  for f in pairs(feats) do tags[#tags + 1] = f end
  if spec.crit_immune then tags[#tags + 1] = "crit_immune" end
  table.sort(tags)
  sb.tags = tags
  -- attacks: each weapon at the full base attack bonus, the iterative
  -- attacks of the first as the full attack (3E-ATK-13), the off-hand
  -- weapon's one extra attack with Table 8-2's penalties (3E-ATK-20),
  -- natural weapons: primary at full bonus, secondary at -5 ([K] MM 3.0;
  -- -2 with Multiattack)
  local attacks, multi = {}, {}
  local primary, off
  for i, wd in ipairs(spec.weapons or {}) do
    if wd.off_hand or wd.double then off = off or i else primary = primary or i end
  end
  local light = false
  if off then
    local o = spec.weapons[off]
    light = o.light or o.double or false
  end
  local p_pen, o_pen = 0, 0
  if off then
    p_pen, o_pen = A.twf({ light = light, ambidexterity = feats.ambidexterity, two_weapon = feats.two_weapon_fighting })
  end
  local iters = A.iterative(bab)
  for i, wd in ipairs(spec.weapons or {}) do
    local base, bonus = weapon(wd, sb, m, feats, where .. ": weapons[" .. i .. "]")
    local a1 = copy(base)
    a1.name = wd.name
    a1.bonus = bab + bonus
    attacks[#attacks + 1] = a1
    if i == primary then
      for k, b in ipairs(iters) do
        local ak = copy(base)
        ak.name = k == 1 and wd.name or (wd.name .. " " .. k)
        ak.bonus = b + bonus + p_pen
        if k == 1 and p_pen ~= 0 then ak.name = wd.name .. " (two weapons)" end
        if ak.name ~= wd.name then attacks[#attacks + 1] = ak end
        multi[#multi + 1] = ak.name
      end
    elseif i == off then
      local ao = copy(base)
      ao.name = wd.name .. " (off hand)"
      ao.bonus = bab + bonus + o_pen
      attacks[#attacks + 1] = ao
      multi[#multi + 1] = ao.name
    end
  end
  for i, nw in ipairs(spec.natural or {}) do
    local base, bonus = weapon(nw, sb, m, feats, where .. ": natural[" .. i .. "]", true)
    local an = copy(base)
    an.name = nw.name
    an.bonus = bab + bonus + (nw.secondary and (feats.multiattack and -2 or -5) or 0)
    attacks[#attacks + 1] = an
    multi[#multi + 1] = an.name
  end
  if #attacks == 0 then fail(where, "a fighter needs a weapon or a natural weapon") end
  sb.attacks = attacks
  if #multi > 1 then sb.multiattack = multi end
  return sb
end

-- S.build(spec): the kernel stat block of a 3.0 stat block; a bad field
-- is an error at the caller's line.
function S.build(spec)
  local ok, r = pcall(build, spec)
  if not ok then error(r, 2) end -- level 2: S.build's caller (Lua 5.1's levels)
  return r
end

-- S.fmt(sb): the stat block as `dndsh monster` prints it (bestiary.lua:
-- an imported monster's printed lines, a hand-written one's numbers).
function S.fmt(sb) return require("core.3e.bestiary").fmt(sb) end

rules.define("3e.statblock", S)
return S
