-- Attacks (inventory section 9, HB-ATTACK-01..11; cover T-4). An attack
-- is anything with an attack roll, weapon or spell (HB-ATTACK-02); its
-- steps (HB-ATTACK-01): choose a target in range (a creature, an object
-- or a location), work out the modifiers (cover, advantage levels, the
-- conditions, the place: the kernel's one assessment, fight.assess), roll
-- (d20 + proficiency + attribute value + other modifiers, hitting on a
-- total of at least the AC, HB-ATTACK-03), and on a hit roll the damage.
-- Fights make the same attack in Go from the combat table; this file is
-- the rule for scripts, the table and specs, on the same assessment.
--
-- 5e.attack (5e's helper table) is replaced where the modded rules differ:
-- the cover grades (weak +2, strong +4), the context's net level
-- (graded), and attacks on an unseen enemy at a guessed square.
local rules = require("rules")

local A5 = rules.need("5e.attack")
local M = setmetatable({}, { __index = A5 })

local function space() return rules.need("combat").space end
local function core() return rules.need("mod5e.core") end

-- T-4, HB-VIS-06..09: the grades of cover as the combat table declares
-- them. The kernel's names: weak is "half", strong "three-quarters".
M.cover_grades = A5.grades_of(space().cover)
M.cover_names = { weak = "half", strong = "three-quarters", total = "total", none = "none" }
M.cover_zh = { half = "弱掩护", ["three-quarters"] = "强掩护", total = "全掩护", none = "无掩护" }

-- M.grade reads a grade by its modded name (weak, strong, total) or the
-- kernel's.
function M.grade(g)
  return M.cover_names[g] or g
end

-- M.best_cover: several covers count as the best one only, never added
-- (HB-VIS-06, TV-09).
function M.best_cover(grades)
  local best = "none"
  for _, g in ipairs(grades) do
    g = M.grade(g)
    if M.cover_grades[g].rank > M.cover_grades[best].rank then best = g end
  end
  return best
end

-- M.cover_bonus returns what a degree of cover (or a list: the best) adds
-- to AC and to Reflex saves, and whether the target may be targeted.
function M.cover_bonus(grades)
  local g = type(grades) == "table" and M.best_cover(grades) or M.grade(grades or "none")
  local e = M.cover_grades[g]
  return { grade = g, ac = e.ac, reflex = e.dex_save, targetable = e.targetable }
end

-- Cover markers for fights without a map (5e's, with these numbers).
rules.define("condition.cover_half", { marker = true, name = { en = "Weak Cover", zh = "弱掩护" },
  fight = { ac_mod = M.cover_grades.half.ac } })
rules.define("condition.cover_three_quarters", { marker = true, name = { en = "Strong Cover", zh = "强掩护" },
  fight = { ac_mod = M.cover_grades["three-quarters"].ac } })

function M.set_cover(c, grade)
  return A5.set_cover(c, M.grade(grade))
end

-- M.context is 5e.attack.context (the kernel's assessment of an attack a
-- script describes) with the net level of the graded rules: net (adv −
-- dis) and roll = "adv2", "dis1" or "normal".
function M.context(attacker, target, opts)
  opts = opts or {}
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  if o.cover then
    o.cover = type(o.cover) == "table" and M.best_cover(o.cover) or M.grade(o.cover)
  end
  local r = A5.context(attacker, target, o)
  r.net = core().net(r.adv, r.dis)
  if r.net > 0 then r.roll = "adv" .. r.net elseif r.net < 0 then r.roll = "dis" .. -r.net else r.roll = "normal" end
  return r
end

-- HB-ATTACK-04, AMB-16: the attribute of an attack: Str for melee, Dex
-- for ranged; a finesse weapon may use either, a thrown weapon's ranged
-- attack Str too; a spell attack the caster's key attribute. opts.use
-- picks one of those allowed; else the better.
local ability5 = rules.need("5e.attack_ability")
rules.define("5e.attack_ability", function(c, opts)
  local kind = opts.attack or "melee"
  if kind == "spell" then return ability5(c, opts) end
  if kind == "unarmed" then return "str" end
  local allowed = { kind == "ranged" and "dex" or "str" }
  if opts.finesse or (opts.thrown and kind == "ranged") then allowed = { "str", "dex" } end
  if opts.use then
    for _, a in ipairs(allowed) do
      if a == opts.use then return a end
    end
    error("the attack may use " .. table.concat(allowed, " or ") .. ", not " .. tostring(opts.use), 2)
  end
  local best, bv = allowed[1], -99
  for _, a in ipairs(allowed) do
    local v = c and core().attr(c, a) or 0
    if v > bv then best, bv = a, v end
  end
  return best
end)

-- M.roll makes an attack roll by attacker against target (HB-ATTACK-03..05,
-- 08, 09): 5e.d20_test's attack with proficiency (always with spell
-- attacks and unarmed strikes), the attribute of HB-ATTACK-04, the
-- conditions of both and the context's advantage levels, cover on AC;
-- a natural 20 hits and is a critical hit, a natural 1 misses; a hit on a
-- target incapacitated within 5 ft is critical. opts: attack (melee,
-- ranged, spell, unarmed), weapon, finesse, thrown, use, proficient, mods,
-- adv, and the context's (distance, cover, ranged, enemies, ...). Returns
-- the roll with hit, crit, context.
function M.roll(attacker, target, opts)
  opts = opts or {}
  local ctx = M.context(attacker, target, { ranged = opts.attack == "ranged" or (opts.attack == "spell" and opts.ranged),
    distance = opts.distance, cover = opts.cover, enemies = opts.enemies, source_seen = opts.source_seen,
    range = opts.range, reach = opts.reach, obstacles = opts.obstacles, creatures = opts.creatures })
  if not ctx.allowed then return { hit = false, crit = false, refused = ctx.why, context = ctx } end
  local t = {}
  for k, v in pairs(opts) do t[k] = v end
  t.kind = "attack"
  t.ac = target:get("ac") + (ctx.ac_bonus or 0)
  t.target = target -- Help marks on it; its conditions are in the context
  t.assessed = true
  local adv = {}
  for _ = 1, ctx.adv do adv[#adv + 1] = { level = 1, source = "context" } end
  for _ = 1, ctx.dis do adv[#adv + 1] = { level = -1, source = "context" } end
  for _, a in ipairs(type(opts.adv) == "table" and opts.adv or { opts.adv }) do adv[#adv + 1] = a end
  t.adv = adv
  if ctx.penalty and ctx.penalty ~= 0 then
    local mods = {}
    for _, m in ipairs(type(opts.mods) == "table" and opts.mods or { opts.mods }) do mods[#mods + 1] = m end
    mods[#mods + 1] = { value = ctx.penalty, source = "situation" }
    t.mods = mods
  end
  t.distance, t.cover, t.enemies, t.range, t.reach, t.obstacles, t.creatures = nil, nil, nil, nil, nil, nil, nil
  if opts.attack == "spell" or opts.attack == "unarmed" then t.proficient = true end
  local r = rules.need("5e.d20_test")(attacker, t)
  r.context = ctx
  r.hit = r.success == true
  r.crit = r.hit and (r.natural == 20 or ctx.crit)
  -- HB-VIS-13, HB-HIDE-04: attacking gives a hidden attacker away
  local hide = rules.get("mod5e.hide")
  if hide then hide.reveal(attacker) end
  return r
end

-- M.attack is M.roll and, on a hit, the damage (HB-ATTACK-06, 10): the
-- weapon's dice (doubled on a critical) + the same attribute value as the
-- roll + opts.damage_mods, of opts.damage_type, through the damage steps.
-- opts.damage is the dice ("1d8"). Returns the roll with damage and the
-- damage record.
function M.attack(attacker, target, opts)
  if opts.damage_type == nil and opts.attack ~= "unarmed" then
    error("mod5e.attack.attack: opts.damage_type expected (one of the 13 damage types)", 2)
  end
  local r = M.roll(attacker, target, opts)
  if not r.hit then return r end
  local dmg = rules.need("mod5e.damage")
  local attr = opts.attack == "spell" and 0 or (core().attr(attacker, r.ability) or 0)
  local expr = dmg.weapon_expr(opts.damage, attr, opts.damage_mods)
  r.damage = dmg.roll(expr, { crit = r.crit })
  r.record = dmg.apply(target, r.damage, opts.damage_type or "bludgeoning", { crit = r.crit })
  return r
end

-- M.at_square is an attack on an unseen enemy at a guessed square
-- (HB-VIS-11): 2 dis by the unseen rules; when the target is not there the
-- attack misses, and the result says only "miss" either way. opts as
-- M.roll. Returns {hit, text}.
function M.at_square(attacker, target, square, opts)
  local r
  if A5.wrong_square(target, square) then
    r = { hit = false }
    local hide = rules.get("mod5e.hide")
    if hide then hide.reveal(attacker) end
  else
    r = M.roll(attacker, target, opts)
  end
  return { hit = r.hit, crit = r.hit and r.crit or false, text = r.hit and "hit" or "miss" }
end

rules.define("5e.attack", M)
rules.define("mod5e.attack", M)
