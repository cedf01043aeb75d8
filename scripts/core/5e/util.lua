-- Shared helpers of the 5e class features, monster abilities and tactics
-- (require("core.5e.util")): ability modifiers and the Proficiency Bonus of
-- a creature in a fight, saving throws and ability checks as D20 Tests,
-- sizes, incapacitation, whether an attack roll had Advantage,
-- spell slots, save-for-half area damage, and the stat-block helper the
-- monster files use.
--
-- The spell slot table is the SRD 5.2.1 one:
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Conventions: the creature data the 5e rule files read (5e.character):
-- tags "level=N" (characters) or "cr=X" (monsters) give the Proficiency
-- Bonus, "save:<ability>" a proficient saving throw, "skill:<skill>" and
-- "expertise:<skill>" skills; creature types are tags too ("undead",
-- "fiend", "beast", ...); sizes are `size` names with `size_rank` tiny 1 ..
-- gargantuan 6. Saving throws and ability checks are 5e.d20_test's (the
-- conditions' automatic failures, Advantage and Disadvantage, Exhaustion).
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")

local M = {}

local modf = rules.need("5e.mod")
local proficiency = rules.need("5e.proficiency")

M.ABILITIES = { "str", "dex", "con", "int", "wis", "cha" }

local SKILL_ABILITY = {
  acrobatics = "dex", animal_handling = "wis", arcana = "int", athletics = "str", deception = "cha",
  history = "int", insight = "wis", intimidation = "cha", investigation = "int", medicine = "wis",
  nature = "int", perception = "wis", performance = "cha", persuasion = "cha", religion = "int",
  sleight_of_hand = "dex", stealth = "dex", survival = "wis",
}
M.SKILL_ABILITY = SKILL_ABILITY
M.SIZES = { tiny = 1, small = 2, medium = 3, large = 4, huge = 5, gargantuan = 6 }

-- mod(score) is the ability modifier of a score (T-03).
function M.mod(score) return modf(score or 10) end

-- ability_mod(c, ability) is a creature's modifier for an ability.
function M.ability_mod(c, ability) return modf(c:ability(ability) or 10) end

-- pb(c) is a creature's Proficiency Bonus (5e.character: its tags).
function M.pb(c)
  return rules.need("5e.character").pb(c)
end

-- size_rank(c) is the creature's size on the tiny 1 .. gargantuan 6 scale
-- (Medium when the stat block gives none).
function M.size_rank(c)
  local r = c:get("size_rank")
  if r and r > 0 then return r end
  return M.SIZES[string.lower(c:get("size") or "")] or 3
end

-- immune(c, typ): the creature is immune to a damage type (its damage
-- traits; cached per creature: immunities do not come and go in a fight).
local immunities = rules.memo()
function M.immune(c, typ)
  local set = immunities[c]
  if set == nil then
    set = {}
    for _, t in ipairs(c:get("traits")) do
      if t.kind == "immune" then set[t.type] = true end
    end
    immunities[c] = set
  end
  return set[typ] == true or set["*"] == true
end

-- incapacitated(c): the creature has Incapacitated or a condition that
-- implies it (Paralyzed, Petrified, Stunned, Unconscious): c:has of each
-- in turn, in one call (fight.has_any_in).
local INCAPACITATING = { "incapacitated", "paralyzed", "stunned", "unconscious", "petrified" }
local has_any_in = fight.has_any_in
function M.incapacitated(c)
  return has_any_in(c, INCAPACITATING)
end

-- had_advantage(e): the attack roll of event e had Advantage: its net
-- level under the rule system's 5e.d20_rules is above 0 (5E-ADV-03, 04:
-- any of one cancels any of the other).
function M.had_advantage(e)
  return rules.need("5e.d20_rules").net(e.adv or 0, e.dis or 0) > 0
end

-- ally_near(self, target): an ally of self other than itself that does not
-- have the Incapacitated condition is within 5 feet of the target. On a
-- map that is the distance between them; a fight with no map has no
-- positions, so any such living ally counts (every ally is taken to be
-- engaged in melee with the party's focus).
function M.ally_near(self, target)
  local allies = fight.allies(self)
  local on_map = target ~= nil and fight.map() ~= nil
  for i = 1, #allies do
    local a = allies[i]
    if a ~= self and a ~= target and not M.incapacitated(a)
      and (not on_map or fight.distance(a, target) <= 5) then
      return true
    end
  end
  return false
end

-- d20(adv, dis) rolls a d20 with Advantage (adv > 0), Disadvantage
-- (dis > 0), or both (they cancel) and returns the kept face.
function M.d20(adv, dis)
  if adv > 0 and dis <= 0 then return dice.total("2d20kh1") end
  if dis > 0 and adv <= 0 then return dice.total("2d20kl1") end
  return dice.total("1d20")
end

-- save_bonus(c, ability) is a creature's saving throw bonus: the ability
-- modifier, plus the PB with the tag "save:<ability>" (5e.character).
-- Cached per creature (a fight's creatures keep their scores).
local save_bonuses = rules.memo()
function M.save_bonus(c, ability)
  local t = save_bonuses[c]
  if t == nil then
    t = {}
    save_bonuses[c] = t
  end
  local b = t[ability]
  if b == nil then
    b = M.ability_mod(c, ability)
    if c:has_tag("save:" .. ability) then b = b + M.pb(c) end
    t[ability] = b
  end
  return b
end

-- save(c, ability, dc [, opts]) makes a saving throw in a fight and
-- returns success, total and the d20 face: the rule system's
-- 5e.fight_save (checks.lua), the conditions' effects on saves at a
-- fraction of 5e.d20_test's cost (a save on every hit must stay cheap).
-- opts: adv (a signed level), bonus, cover (a cover grade: its bonus to
-- Dexterity saves), magic (the effect is a spell or magical: Magic
-- Resistance, the tag "magic_resistance", gives Advantage). A failed save
-- of a creature with Legendary Resistance uses left (the resource
-- "legendary_resistance") spends one and succeeds instead (it always
-- chooses to).
function M.save(c, ability, dc, opts)
  local ok, total, face = rules.need("5e.fight_save")(c, ability, dc, opts)
  if not ok then
    local lr = c:resource("legendary_resistance")
    if lr and lr.current > 0 then
      c:spend("legendary_resistance")
      fight.note(string.format("%s fails a DC %d %s save and uses Legendary Resistance (%d left)",
        c:get("id"), dc, string.upper(ability), lr.current - 1))
      ok = true
    end
  end
  return ok, total, face
end

-- check(c, skill, dc [, opts]) makes an ability check with a skill (the
-- creature's "skill:"/"expertise:" tags) with 5e.d20_test; returns success,
-- total and the d20 face. opts: ability, adv.
function M.check(c, skill, dc, opts)
  local r = rules.need("5e.d20_test")(c, { kind = "check", skill = skill, ability = opts and opts.ability,
    dc = dc, adv = opts and opts.adv or 0 })
  return r.success == true, r.total or 0, r.natural or 0
end

-- skill_bonus(c, skill) is a creature's bonus to checks with a skill: the
-- ability modifier, plus the PB when proficient (its "skill:" tag), twice
-- with Expertise. Cached per creature (a fight's creatures keep theirs).
local skill_bonuses = rules.memo()
function M.skill_bonus(c, skill)
  local t = skill_bonuses[c]
  if t == nil then
    t = {}
    skill_bonuses[c] = t
  end
  local b = t[skill]
  if b == nil then
    b = M.ability_mod(c, SKILL_ABILITY[skill])
    if c:has_tag("skill:" .. skill) then
      b = b + M.pb(c) * (c:has_tag("expertise:" .. skill) and 2 or 1)
    end
    t[skill] = b
  end
  return b
end

-- quick_check(c, skill, dc) is the ability check of a creature's every
-- turn (Hide), cheaper than 5e.d20_test: the rule system's 5e.quick_check
-- (checks.lua). Returns success, total and the d20 face.
function M.quick_check(c, skill, dc)
  return rules.need("5e.quick_check")(c, skill, dc)
end

-- half(n): half damage, rounded down (5E-DMG-05).
function M.half(n) return math.floor(n / 2) end

-- area_save(source, targets, spec) is a save-for-damage effect on several
-- targets at once: the damage is rolled once for all of them (5E-DMG-04),
-- a failed save takes it all, a successful one half, rounded down
-- (5E-DMG-05), or none (spec.half = false). spec = {ability, dc, damage =
-- "16d6", type, label}. Writes a line to the fight's log (with spec.label,
-- "breathes fire") and deals the damage with fight.damage (call it from a
-- turn-level hook in the "after" phase). Returns the rolled total and
-- {{target, saved, damage, lost}...}.
function M.area_save(source, targets, spec)
  local total = dice.total(spec.damage)
  local out, parts = {}, {}
  local mapped = fight.map() ~= nil
  for i = 1, #targets do
    local t = targets[i]
    -- on a map, cover between the effect's source and each target counts
    -- on a Dexterity save (5E-ATK-03)
    local cover = mapped and spec.ability == "dex" and fight.cover(t, source) or nil
    local saved = M.save(t, spec.ability, spec.dc, cover and { cover = cover } or nil)
    local dmg = total
    if saved then dmg = spec.half == false and 0 or M.half(total) end
    out[i] = { target = t, saved = saved, damage = dmg, lost = 0, cover = cover }
    parts[i] = t:get("id") .. ((cover and cover ~= "none") and (" (" .. cover .. " cover)") or "")
      .. (saved and " saves, " or " fails, ") .. dmg
  end
  fight.note(string.format("%s %s (%d, DC %d): %s", source:get("id"), spec.label or "uses an area effect", total,
    spec.dc, table.concat(parts, "; ")))
  for i = 1, #out do
    local r = out[i]
    if not fight.is(r.target, "out") then
      -- each target counts in the source's hit rate: a hit when it takes damage
      fight.tally(source, r.damage > 0)
      if r.damage > 0 then r.lost = fight.damage(r.target, r.damage, spec.type, source) end
    end
  end
  return total, out
end

-- resource(stat, name, spec) adds a resource to a stat block.
function M.resource(stat, name, spec)
  stat.resources = stat.resources or {}
  stat.resources[name] = spec
  return stat
end

-- Spell slots by caster level (T: Spell Slots per Spell Level, SRD 5.2.1
-- Wizard/Cleric tables). A half caster (Paladin) uses the row of half its
-- level rounded up.
local SLOTS = {
  { 2 }, { 3 }, { 4, 2 }, { 4, 3 }, { 4, 3, 2 }, { 4, 3, 3 }, { 4, 3, 3, 1 }, { 4, 3, 3, 2 },
  { 4, 3, 3, 3, 1 }, { 4, 3, 3, 3, 2 }, { 4, 3, 3, 3, 2, 1 }, { 4, 3, 3, 3, 2, 1 },
  { 4, 3, 3, 3, 2, 1, 1 }, { 4, 3, 3, 3, 2, 1, 1 }, { 4, 3, 3, 3, 2, 1, 1, 1 }, { 4, 3, 3, 3, 2, 1, 1, 1 },
  { 4, 3, 3, 3, 2, 1, 1, 1, 1 }, { 4, 3, 3, 3, 3, 1, 1, 1, 1 }, { 4, 3, 3, 3, 3, 2, 1, 1, 1 },
  { 4, 3, 3, 3, 3, 2, 2, 1, 1 },
}

-- slots(level, kind) is the list of slots per spell level for a "full" or
-- "half" caster of a class level.
function M.slots(level, kind)
  if kind == "half" then level = math.ceil(level / 2) end
  if level < 1 then return {} end
  return SLOTS[math.min(level, 20)]
end

-- spellcasting(stat, {ability, level, kind}) gives a stat block its spell
-- slots (resources slot_1 .. slot_9, regained on a Long Rest) and returns
-- its spell save DC and spell attack bonus (8 + mod + PB, mod + PB).
function M.spellcasting(stat, opts)
  local level = opts.level or stat.level or 1
  for i, n in ipairs(M.slots(level, opts.kind or "full")) do
    M.resource(stat, "slot_" .. i, { max = n, recharge = "rest", rest = "long" })
  end
  local m = M.mod(stat.abilities and stat.abilities[opts.ability] or 10)
  local pb = proficiency(level)
  return 8 + m + pb, m + pb, m
end

-- slot_left(c, min_level, max_level): the lowest spell slot level from
-- min_level up (to max_level) with a slot left, or nil.
-- SLOT_NAMES are the resource names of the spell slots, by level.
local SLOT_NAMES = {}
for l = 1, 9 do SLOT_NAMES[l] = "slot_" .. l end

function M.slot_left(c, min_level, max_level)
  for l = min_level or 1, max_level or 9 do
    local r = c:resource(SLOT_NAMES[l] or ("slot_" .. l))
    if r == nil then return nil end
    if r.current > 0 then return l end
  end
  return nil
end

-- highest_slot(c): the highest spell slot level with a slot left, or nil.
function M.highest_slot(c)
  local best
  for l = 1, 9 do
    local r = c:resource("slot_" .. l)
    if r == nil then break end
    if r.current > 0 then best = l end
  end
  return best
end

-- slots_left(c, level): slots left of one level (0 when it has none).
function M.slots_left(c, level)
  local r = c:resource(SLOT_NAMES[level] or ("slot_" .. level))
  return r and r.current or 0
end

-- uses(c, name): what is left of a resource (0 when the creature has none).
function M.uses(c, name)
  local r = c:resource(name)
  return r and r.current or 0
end


-- cr_number reads a Challenge Rating ("1/4" is 0.25).
local function cr_number(v)
  if type(v) == "string" then
    local a, b = string.match(v, "^(%d+)/(%d+)$")
    if a then return tonumber(a) / tonumber(b) end
    return tonumber(v)
  end
  return v
end

-- monster(t) finishes a transcribed stat block: size_rank from the size;
-- the tag "cr=X" (the Proficiency Bonus by CR, 5e.character); a tag
-- "save:<ability>" for each printed saving throw that differs from the
-- modifier, checked to be modifier + PB; "skill:<skill>" (and
-- "expertise:<skill>" when the printed bonus is modifier + 2 x PB) for each
-- printed skill. A printed value that fits none of these is an error, so a
-- transcription slip fails loudly. Returns t.
function M.monster(t)
  t.size_rank = t.size_rank or M.SIZES[string.lower(t.size or "medium")]
  t.tags = t.tags or {}
  local cr = cr_number(t.cr or 0)
  local pb = proficiency(math.max(1, math.ceil(cr)))
  if t.pb and t.pb ~= pb then
    error(string.format("%s: PB %+d does not match CR %s", t.id, t.pb, tostring(t.cr)), 2)
  end
  t.tags[#t.tags + 1] = "cr=" .. tostring(cr)
  for _, ab in ipairs(M.ABILITIES) do
    local s = t.saves and t.saves[ab]
    local m = M.mod(t.abilities[ab])
    if s ~= nil and s ~= m then
      if s ~= m + pb then
        error(string.format("%s: printed %s save %+d is neither the modifier %+d nor modifier + PB %+d", t.id, ab, s, m, m + pb), 2)
      end
      t.tags[#t.tags + 1] = "save:" .. ab
    end
  end
  local names = {}
  for k in pairs(t.skills or {}) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do
    local ab = SKILL_ABILITY[k]
    if ab == nil then error(t.id .. ": unknown skill " .. k, 2) end
    local m, s = M.mod(t.abilities[ab]), t.skills[k]
    if s == m + pb then
      t.tags[#t.tags + 1] = "skill:" .. k
    elseif s == m + 2 * pb then
      t.tags[#t.tags + 1] = "skill:" .. k
      t.tags[#t.tags + 1] = "expertise:" .. k
    else
      error(string.format("%s: printed %s %+d is neither modifier + PB nor modifier + 2 x PB", t.id, k, s), 2)
    end
  end
  return t
end

-- tag_level(stat, level) gives a character's stat block its level (the
-- field and the tag "level=N" the Proficiency Bonus is read from) unless it
-- has a level tag already. Returns stat.
function M.tag_level(stat, level)
  stat.level = level or stat.level or 1
  stat.tags = stat.tags or {}
  for _, t in ipairs(stat.tags) do
    if string.sub(t, 1, 6) == "level=" then return stat end
  end
  stat.tags[#stat.tags + 1] = "level=" .. tostring(stat.level)
  return stat
end

-- character(stat, opts) tags a character's stat block with its level (the
-- Proficiency Bonus) and "pc"; saves and skills are lists of ids. Returns
-- stat.
function M.character(stat, opts)
  M.tag_level(stat, opts.level)
  stat.tags[#stat.tags + 1] = "pc"
  for _, ab in ipairs(opts.saves or {}) do stat.tags[#stat.tags + 1] = "save:" .. ab end
  for _, sk in ipairs(opts.skills or {}) do stat.tags[#stat.tags + 1] = "skill:" .. sk end
  for _, sk in ipairs(opts.expertise or {}) do stat.tags[#stat.tags + 1] = "expertise:" .. sk end
  return stat
end

return M
