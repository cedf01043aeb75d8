-- Attacking objects, striking a weapon (sunder) and breaking objects with
-- Strength (inventory 3E-OBJ-01..12, 3E-SUNDER-01/02, 3E-BREAK-01/02;
-- Tables 8-11 to 8-15; EX-17).
--
-- An object is a plain record {name, size, hardness, hp, max_hp,
-- material, thickness (inches), dex (an attended object's holder's Dex
-- modifier), held, attended, magic, enhancement, deflection,
-- caster_level, break_dc, animated}. M.new builds one from a row of the
-- tables or from a material and a thickness.
local rules = require("rules")
local dice = require("dice")
local check = require("check")
local T = require("core.3e.special.tables")

local M = rules.get("3e.special.objects")
if M then return M end
M = {}

M.names = {
  attack_object = { en = "Attack an object", zh = "攻击物体" },
  strike_object = { en = "Strike an object", zh = "敲打物体" },
  sunder = { en = "Strike a weapon", zh = "击打武器" },
  break_object = { en = "Break an object (Strength check)", zh = "破坏物体" },
  hardness = { en = "Hardness", zh = "硬度" },
  object_hp = { en = "Hit points (object)", zh = "耐久度" },
}

M.unattended_dex = -5      -- 3E-OBJ-01: an object has no Dex
M.melee_bonus = 4          -- 3E-OBJ-01: melee attacks against an immobile object
M.line_up_ranged = 5       -- 3E-OBJ-01: a full round lining up a ranged shot
M.held_ac = 5              -- 3E-OBJ-03: an object held in a hand
M.damaged_break_dc = -2    -- 3E-BREAK-02
M.energy = { acid = { 1, 2 }, fire = { 1, 2 }, electricity = { 1, 2 }, cold = { 1, 4 }, sonic = { 1, 1 } }

local fields = { name = true, size = true, hardness = true, hp = true, max_hp = true, material = true,
  thickness = true, dex = true, held = true, attended = true, magic = true, enhancement = true,
  deflection = true, caster_level = true, break_dc = true, animated = true, key = true, saves = true }

-- new(spec): an object record. spec.key names a row of Table 8-15
-- (objects) or 8-13 (weapons and shields); spec.material (Table 8-12)
-- with spec.thickness (inches) gives hardness and hp; explicit hardness
-- and hp win. An enhancement bonus adds as much to hardness and hp
-- (3E-SUNDER-02). An unknown field is an error naming the known ones.
function M.new(spec)
  for k in pairs(spec) do
    if not fields[k] then
      local known = {}
      for f in pairs(fields) do known[#known + 1] = f end
      table.sort(known)
      error(string.format("object: unknown field %q (known: %s)", tostring(k), table.concat(known, ", ")), 2)
    end
  end
  local o = {}
  for k, v in pairs(spec) do o[k] = v end
  local row = spec.key and (T.object[spec.key] or T.weapon[spec.key])
  if spec.key and not row then error(string.format("object: no row %q in Table 8-15 or 8-13", spec.key), 2) end
  if row then
    o.hardness = o.hardness or row.hardness
    o.hp = o.hp or row.hp
    o.break_dc = o.break_dc or row.dc
    o.size = o.size or row.size
    o.name = o.name or row.name.en
  end
  if spec.material then
    local m = T.substance[spec.material]
    if not m then error(string.format("object: unknown material %q (Table 8-12)", spec.material), 2) end
    o.hardness = o.hardness or m.hardness
    if spec.thickness then o.hp = o.hp or m.hp_per_inch * spec.thickness end
  end
  local e = o.enhancement or 0
  o.hardness = (o.hardness or 0) + e
  o.hp = (o.hp or 1) + e
  o.max_hp = o.max_hp or o.hp
  o.size = o.size or "medium"
  return o
end

-- ac(o): 3E-OBJ-01/03. 10 + Dex (-5 unattended; the holder's Dex when
-- held, carried or worn) + the size modifier of Table 8-11 + a magic
-- deflection bonus, +5 when held in a hand.
function M.ac(o)
  local row = T.object_ac_by[o.size]
  if not row then error("object: unknown size " .. tostring(o.size)) end
  local dex = (o.attended or o.held) and (o.dex or 0) or M.unattended_dex
  local ac = 10 + dex + row.mod + (o.deflection or 0)
  if o.held then ac = ac + M.held_ac end
  return ac
end

-- attack_mods(o, attack): the special modifiers of an attack on an
-- object. attack.ranged; attack.line_up (a full round spent lining the
-- blow up). Returns {bonus, auto_hit, provokes}. 3E-OBJ-01: +4 in melee
-- against an immobile object, an automatic hit (melee) or +5 (ranged)
-- when lined up, no attack of opportunity; 3E-OBJ-03: none of that
-- against an attended object, and the holder gets an attack of
-- opportunity.
function M.attack_mods(o, attack)
  attack = attack or {}
  if o.animated then return { bonus = 0, auto_hit = false, provokes = false, creature = true } end
  if o.attended or o.held then return { bonus = 0, auto_hit = false, provokes = true } end
  local out = { bonus = 0, auto_hit = false, provokes = false }
  if attack.ranged then
    if attack.line_up then out.bonus = M.line_up_ranged end
  else
    out.bonus = M.melee_bonus
    if attack.line_up then out.auto_hit = true end
  end
  return out
end

-- damage_after(o, amount, opts): what reaches an object's hit points.
-- opts.type (an energy type), opts.ranged (not siege), opts.subdual,
-- opts.crit. 3E-OBJ-07: no subdual damage, no critical multiplier (the
-- caller passes the uncritted amount; crit is refused here when
-- opts.crit_amount is given); 3E-OBJ-08/09: halve (cold: quarter) first,
-- then subtract hardness (3E-OBJ-05). Returns the damage to hp.
function M.damage_after(o, amount, opts)
  opts = opts or {}
  if opts.subdual then return 0 end
  local n = amount
  if opts.ranged and not opts.siege then n = math.floor(n / 2) end
  local e = opts.type and M.energy[opts.type]
  if e then n = math.floor(n * e[1] / e[2]) end
  n = n - (o.hardness or 0)
  return math.max(0, n)
end

-- damage(o, amount, opts): applies damage; returns {dealt, hp, broken}.
-- 3E-OBJ-06: at 0 hp the object is destroyed.
function M.damage(o, amount, opts)
  local d = M.damage_after(o, amount, opts)
  o.hp = o.hp - d
  o.broken = o.hp <= 0
  return { dealt = d, hp = o.hp, broken = o.broken }
end

-- immune(o, what): 3E-OBJ-07 critical hits and subdual damage, and
-- 3E-OBJ-01 coup de grace; animated objects (constructs) are immune to
-- critical hits too (3E-MON-04).
function M.immune(o, what)
  return what == "critical" or what == "subdual" or what == "coup_de_grace"
end

-- break_dc(o): 3E-BREAK-02, the break DC drops by 2 once the object has
-- lost half or more of its hit points (B-26: "half or more").
function M.break_dc(o)
  local dc = o.break_dc
  if not dc then error("object: " .. tostring(o.name) .. " has no break DC (Tables 8-14, 8-15)") end
  if o.max_hp and o.hp <= o.max_hp / 2 then dc = dc + M.damaged_break_dc end
  return dc
end

-- break_check(o, str_mod [, opts]): 3E-BREAK-01, a Strength check against
-- the break DC. Returns the check record with .broken.
function M.break_check(o, str_mod, opts)
  local mods = { { value = str_mod, source = "Str" } }
  if opts and opts.mods then for _, m in ipairs(opts.mods) do mods[#mods + 1] = m end end
  local r = check.roll{ mods = mods, target = M.break_dc(o) }
  r.broken = r.success
  if r.broken then o.broken = true end
  return r
end

-- save_bonus(o, kind, holder_bonus): 3E-OBJ-12. A nonmagical unattended
-- object never saves (nil: it fails); an attended one uses its holder's
-- bonus; a magic item +2 + half its caster level, or its holder's when
-- that is better.
function M.save_bonus(o, holder_bonus)
  local own
  if o.magic then own = 2 + math.floor((o.caster_level or 0) / 2) end
  if o.attended or o.held then
    if own and holder_bonus then return math.max(own, holder_bonus) end
    return own or holder_bonus
  end
  return own
end

-- save(o, dc, holder_bonus): rolls an object's save; an object that has
-- no save fails.
function M.save(o, dc, holder_bonus)
  local b = M.save_bonus(o, holder_bonus)
  if b == nil then return { success = false, automatic = true } end
  return check.roll{ mods = { b }, target = dc }
end

-- ------------------------------------------------------------ sunder
-- 3E-SUNDER-01/02. can_sunder(weapon_size, item, enhancement): the item
-- (a weapon or shield record, its size as Table 8-13 gives it) must be
-- within one size category of the attacking weapon; a magic item only
-- takes damage from a weapon whose enhancement bonus is at least its own.
function M.can_sunder(weapon_size, item)
  if math.abs(T.rank(weapon_size) - T.rank(item.size)) > 1 then
    return false, "the item is more than one size category from the weapon"
  end
  return true
end
function M.sunder_damages(attacker_enhancement, item)
  return (attacker_enhancement or 0) >= (item.enhancement or 0)
end

-- sunder(o): the attempt (the defender's attack of opportunity comes
-- first, in the fight: M.ports.opportunity). o = {attack (the attacker's
-- attack bonus), defense (the defender's attack bonus with the item),
-- damage (dice), weapon_size, enhancement, item}. Opposed attack rolls;
-- on a win the damage goes to the item's hardness and hp. Returns
-- {refused, won, roll, damage = {dealt, hp, broken}}.
function M.sunder(o)
  local ok, why = M.can_sunder(o.weapon_size or "medium", o.item)
  if not ok then return { refused = why } end
  local O = require("core.3e.special.opposed")
  local r = O.roll({ { o.attack or 0, "attack" } }, { { o.defense or 0, "attack" } })
  local out = { roll = r, won = r.winner == "attacker" }
  if not out.won then return out end
  local amount = dice.total(o.damage)
  if not M.sunder_damages(o.enhancement, o.item) then
    out.damage = { dealt = 0, hp = o.item.hp, broken = false, why = "the item's enhancement is higher" }
    return out
  end
  out.damage = M.damage(o.item, amount, { type = o.type })
  out.rolled = amount
  return out
end

rules.define("3e.special.objects", M)
return M
