-- Damage types, flat resistance, vulnerability and immunity (inventory
-- section 12, HB-DMG-01..09, T-6, TV-11..16, TV-19), and weapon and
-- spell damage (HB-ATTACK-06, 07, 10).
--
-- Damage goes through the kernel's pipeline in the combat table's order
-- (combat.lua): amounts of one type in one attack are added first
-- (HB-DMG-04), multipliers apply first (HB-DMG-08: halving on a save),
-- immunity overrides everything (HB-DMG-09), then the highest flat
-- resistance, never below 0 (HB-DMG-03, 06), then the highest flat
-- vulnerability (HB-DMG-07): final = max(0, x − R) + V. 5e.damage.apply
-- (with its 0-HP rules) is the one function that applies it; this file
-- adds the traits and a resistance to all the damage of one attack.
--
--   local dmg = rules.need("mod5e.damage")
--   dmg.resist(c, "fire", 5)               -- 火焰抗性5
--   dmg.add(c, "寒冷易伤5")                  -- cold vulnerability 5
--   dmg.apply(c, { { amount = 6, type = "slashing" }, { amount = 7, type = "fire" } })
local rules = require("rules")
local dice = require("dice")

local M = {}

local function names() return rules.need("mod5e.names") end

-- M.type returns a damage type's id from its id, English or Chinese name,
-- or an alias (5e's thunder is sonic; 冷冻 is cold, AMB-30); nil when it
-- is none of the 13 (HB-DMG-01).
function M.type(name)
  if name == nil then return nil end
  local n = names()
  local low = string.lower(name)
  if n.damage_alias[low] then return n.damage_alias[low] end
  if name == "冷冻" then return "cold" end
  for _, d in ipairs(n.damage_types) do
    if d.id == low or string.lower(d.en) == low or d.zh == name then return d.id end
  end
  return nil
end

local function trait(c, kind, typ, amount, source)
  local id = typ == "*" and "*" or M.type(typ)
  if id == nil then error("unknown damage type " .. tostring(typ) .. " (one of the 13 of T-6, or \"*\")", 3) end
  local t = { kind = kind, type = id, source = source }
  if amount then t.amount = amount end
  c:add_trait(t)
  -- a 5e stat block's attacks deal "thunder", which is sonic here
  if id == "sonic" then c:add_trait({ kind = kind, type = "thunder", amount = amount, source = source }) end
  return t
end

-- M.resist gives c resistance X to a damage type (HB-DMG-02); several count
-- as the highest (HB-DMG-03).
function M.resist(c, typ, x, source) return trait(c, "resist_flat", typ, x, source) end

-- M.vuln gives c vulnerability X.
function M.vuln(c, typ, x, source) return trait(c, "vuln_flat", typ, x, source) end

-- M.immune gives c immunity to a damage type (HB-DMG-09).
function M.immune(c, typ, source) return trait(c, "immune", typ, nil, source) end

-- M.parse reads a trait as the rules write it: "火焰抗性5", "寒冷易伤5",
-- "火焰免疫", "fire resistance 5", "cold vulnerability 5", "fire
-- immunity". Returns {kind, type, amount}.
function M.parse(text)
  local s = text:gsub("%s+", " ")
  local t, x = s:match("^(.-)抗性%s*(%d+)$")
  if t then return { kind = "resist_flat", type = t == "全伤害" and "*" or M.type(t), amount = tonumber(x) } end
  t, x = s:match("^(.-)易伤%s*(%d+)$")
  if t then return { kind = "vuln_flat", type = M.type(t), amount = tonumber(x) } end
  t = s:match("^(.-)免疫$")
  if t then return { kind = "immune", type = M.type(t) } end
  local low = string.lower(s)
  t, x = low:match("^(%a+) resistance (%d+)$")
  if t then return { kind = "resist_flat", type = t == "all" and "*" or M.type(t), amount = tonumber(x) } end
  t, x = low:match("^(%a+) vulnerability (%d+)$")
  if t then return { kind = "vuln_flat", type = M.type(t), amount = tonumber(x) } end
  t = low:match("^(%a+) immunity$")
  if t then return { kind = "immune", type = M.type(t) } end
  return nil
end

-- M.add gives c a trait written as M.parse reads it; an unreadable text
-- is an error naming it.
function M.add(c, text, source)
  local t = M.parse(text)
  if t == nil or t.type == nil then
    error("mod5e.damage.add: can't read the trait " .. string.format("%q", text) ..
      " (like 火焰抗性5, 寒冷易伤5, 火焰免疫, fire resistance 5)", 2)
  end
  return trait(c, t.kind, t.type, t.amount, source)
end

-- M.apply deals damage to c (an amount and a type, or parts {{amount,
-- type}...} of one attack or effect) through 5e.damage.apply and the
-- modded order. opts: half (a successful save halves it first, rounded
-- down), resist_all = X (resistance X to all the damage of this attack:
-- each type's total separately, HB-DMG-05), vuln_all = X (the same for
-- vulnerability: 对此次攻击中的所有伤害具有抗性/易伤), crit. Returns
-- the damage record.
function M.apply(c, amount, typ, opts)
  if type(amount) == "table" then opts, typ = typ, nil end
  opts = opts or {}
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  if opts.resist_all or opts.vuln_all then
    o.traits = {}
    for _, t in ipairs(opts.traits or {}) do o.traits[#o.traits + 1] = t end
    if opts.resist_all then
      o.traits[#o.traits + 1] = { kind = "resist_flat", type = "*", amount = opts.resist_all, source = "this attack" }
    end
    if opts.vuln_all then
      o.traits[#o.traits + 1] = { kind = "vuln_flat", type = "*", amount = opts.vuln_all, source = "this attack" }
    end
  end
  local parts = amount
  if type(amount) == "table" then
    parts = {}
    for i, p in ipairs(amount) do parts[i] = { amount = p.amount, type = M.type(p.type) or p.type } end
  end
  return rules.need("5e.damage").apply(c, parts, typ and (M.type(typ) or typ), o)
end

-- M.weapon_expr is weapon damage (HB-ATTACK-06): its dice + the attribute
-- value the attack roll used + other modifiers.
function M.weapon_expr(damage, attr, mods)
  local e = tostring(damage)
  local n = (attr or 0) + (mods or 0)
  if n > 0 then e = e .. "+" .. n elseif n < 0 then e = e .. n end
  return e
end

-- M.roll rolls damage; a critical hit doubles every damage die, never the
-- modifiers (HB-ATTACK-10: 1d8+1 is 2d8+1, TV-10).
function M.roll(expr, opts)
  return rules.need("5e.damage").roll(expr, opts)
end

-- M.spell is a spell's damage (HB-ATTACK-07): what its description says
-- plus other modifiers; for an effect with a save (a fireball), all of it
-- on a failed save, half on a success (opts.saved), applied to c.
function M.spell(c, expr, typ, opts)
  opts = opts or {}
  local total = dice.total(expr) + (opts.mods or 0)
  local rec = M.apply(c, math.max(total, 0), typ, { half = opts.saved, crit = opts.crit })
  rec.rolled = total
  return rec
end

rules.define("mod5e.damage", M)
