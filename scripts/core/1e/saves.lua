-- Saving throws (inventory sections 22, 23): characters, monsters, items.
local rules = require("rules")
local dice = require("dice")
local lib = require("core.1e.lib")
local T = require("core.1e.tables")

local M = rules.get("1e.saves")
if M then return M end
M = {}

-- The columns of TBL-SAVE-CHAR by category.
M.col = {
  paralyzation = "Paralyzation, Poison or Death Magic", poison = "Paralyzation, Poison or Death Magic",
  death = "Paralyzation, Poison or Death Magic",
  petrification = "Petrification or Polymorph*", polymorph = "Petrification or Polymorph*",
  wand = "Rod, Staff or Wand", rod = "Rod, Staff or Wand", staff = "Rod, Staff or Wand",
  breath = "Breath Weapon**", spell = "Spell***",
}

-- 1E-SAVE-02: the class groups of the table: (a) cleric includes druids,
-- (b) fighter paladins, rangers and 0-level, (c) magic-user illusionists,
-- (d) thief assassins and monks.
M.group = {
  cleric = "cleric", druid = "cleric", fighter = "fighter", paladin = "fighter", ranger = "fighter",
  normal = "fighter", ["magic-user"] = "magic-user", illusionist = "magic-user",
  thief = "thief", assassin = "thief", monk = "thief",
}
-- [K] PHB: a bard has fighter, thief and druid levels.
M.bard_classes = { "fighter", "thief", "druid" }

-- number(class, level, category): the d20 roll that saves.
function M.number(class, level, category)
  local g = M.group[class]
  if not g then error("no saving throw group for class " .. tostring(class), 2) end
  local col = M.col[category]
  if not col then error("unknown saving throw category " .. tostring(category), 2) end
  return T["TBL-SAVE-CHAR"][g]:lookup(level, col)
end

-- 1E-SAVE-05: a multi-classed, dual-classed character or bard checks every
-- class it has and uses the best (lowest) number. classes = {{class,
-- level}, ...}.
function M.best(classes, category)
  local best
  for _, cl in ipairs(classes) do
    local n = M.number(cl[1], cl[2], category)
    if not best or n < best then best = n end
  end
  return best
end

-- 1E-SAVE-06: a monster saves at its hit dice as level, one level more
-- for any plus and another per further 4 points (1+1..1+4 -> 2, 1+5..1+8
-- -> 3: level = HD + ceil(plus / 4)); non-intelligent creatures at half
-- their HD rounded up, except against poison and death magic.
function M.monster_level(d, p, mindless, category)
  local lvl = d
  if p and p > 0 then lvl = d + math.ceil(p / 4) end
  if mindless and category ~= "poison" and category ~= "death" and category ~= "paralyzation_poison" then
    lvl = math.ceil(d / 2)
    if p and p > 0 then lvl = math.ceil((d + math.ceil(p / 4)) / 2) end
  end
  return lvl
end

-- The save number of a creature: characters by their classes and level
-- (bards as fighter, thief and druid); monsters by save level, as
-- fighters unless tagged "saves_as:<class>" (1E-SAVE-06: the most
-- favourable of the classes whose abilities they have, or their ability
-- type when they have no real offensive ability).
function M.for_creature(c, category)
  if lib.is_monster(c) then
    local d, p = lib.hd(c)
    local lvl = M.monster_level(d, p, c:has_tag("mindless"), category)
    local classes = {}
    for _, k in ipairs({ "cleric", "magic-user", "thief", "fighter" }) do
      if c:has_tag("saves_as:" .. k) then classes[#classes + 1] = { k, math.max(lvl, k == "fighter" and 0 or 1) } end
    end
    if #classes == 0 then classes[1] = { "fighter", lvl } end
    return M.best(classes, category)
  end
  local lvl = lib.level(c)
  local classes = {}
  for _, k in ipairs(lib.classes(c)) do
    if k == "bard" then
      for _, b in ipairs(M.bard_classes) do classes[#classes + 1] = { b, math.max(1, lvl) } end
    else
      classes[#classes + 1] = { k, lvl }
    end
  end
  if #classes == 0 then classes[1] = { "normal", 0 } end
  return M.best(classes, category)
end

-- 1E-SAVE-04 (variant 1e.save_natural_20) sets this.
M.natural_20 = false

-- 1E-SAVE-01, -03, -07: roll 1d20 + modifiers (cumulative unless stated:
-- magic items, spells, the DM, the environment) against the number; a
-- natural 1 always fails. Returns {success, natural, total, need}.
function M.roll(need, mods)
  local nat = dice.total("1d20")
  local total = nat
  for _, m in ipairs(mods or {}) do
    total = total + (type(m) == "table" and m.value or m)
  end
  local ok = total >= need
  if nat == 1 then ok = false end
  if M.natural_20 and nat == 20 then ok = true end
  return { success = ok, natural = nat, total = total, need = need }
end

-- save(c, category, mods): a creature's saving throw.
function M.save(c, category, mods)
  return M.roll(M.for_creature(c, category), mods)
end

-- Damage with a save for half (a fireball): the dice rolled and halved on
-- a save (1E-SAVE-01: the effect avoided "wholly or partly").
function M.half(dmg, saved) if saved then return math.floor(dmg / 2) end return dmg end

-- 1E-SAVE-07: the DM may raise or lower each damage die by the situation
-- (adjust per die); returns the total of faces adjusted by per_die.
function M.adjust_dice(faces, per_die)
  local n = 0
  for _, f in ipairs(faces) do n = n + math.max(0, f + per_die) end
  return n
end

-- 1E-SAVE-08: poison is all or nothing for characters: a failed save is
-- death, a made one no harm; partial damage only where the rules allow it
-- (poison applied to a wound: opts.partial = damage on a save).
function M.poison(c, opts)
  opts = opts or {}
  local r = M.save(c, "poison", opts.mods)
  if r.success then
    return opts.partial and "partial" or "unharmed", r
  end
  return "dead", r
end

-- 1E-SAVE-09: injected poison does not affect swine (wereboars too) from a
-- creature that cannot get through their fat, and very large creatures
-- are at most swollen by very small ones' poison.
function M.poison_applies(victim, source)
  if victim:has_tag("swine") and not source:has_tag("penetrates_fat") then return false, "fat" end
  local vr, sr = victim:get("size_rank"), source:get("size_rank")
  if victim:has_tag("huge") and sr <= 1 and vr - sr >= 2 then return false, "swelling" end
  return true
end

-- 1E-SAVE-10: does magic armour's bonus (its plus, [K]) count against an
-- attack form? Not against gas, poison, or spells without physical damage;
-- yes against acid (not immersion), disintegration, falls, fire and
-- damaging spells; metal armour not against electricity. Never grants a
-- save where none is allowed.
M.armour_no = { gas = true, poison = true, petrification = true, polymorph = true, magic_jar = true, charm = true,
                nonphysical_spell = true, acid_immersion = true }
M.armour_yes = { acid = true, disintegration = true, fall = true, fire = true, magical_fire = true,
                 physical_spell = true, electricity = true, lightning = true }
function M.armour_bonus(form, plus, metal, save_allowed)
  if save_allowed == false then return 0 end
  if M.armour_no[form] then return 0 end
  if (form == "electricity" or form == "lightning") and metal then return 0 end
  if M.armour_yes[form] then return plus end
  return 0
end

-- ------------------------------------------------------------ items
M.forms = { "1 Acid", "2 Crushing blow", "3 Normal blow", "4 Disintegrate", "5 Fall", "6 Fireball",
            "7 Magical fire", "8 Normal fire", "9 Magical cold", "10 Lightning", "11 Electricity" }
M.form = {
  acid = "1 Acid", crushing = "2 Crushing blow", normal = "3 Normal blow", disintegrate = "4 Disintegrate",
  fall = "5 Fall", fireball = "6 Fireball", magical_fire = "7 Magical fire", normal_fire = "8 Normal fire",
  magical_cold = "9 Magical cold", lightning = "10 Lightning", electricity = "11 Electricity",
}

-- 1E-ITEMSAVE-05: minimum exposure to normal fire before damage, rounds.
M.fire_exposure = { ["Parchment or paper"] = 1, ["Cloth"] = 2, ["Bone or ivory"] = 3 }

-- item_number(material, form): the d20 roll an item needs (0: always
-- survives).
function M.item_number(material, form)
  local v = T["TBL-ITEMSAVE"]:lookup(material, M.form[form] or form)
  -- AMB-38: hard metal against magical cold prints "1*"
  if type(v) == "string" then v = tonumber(v:match("^(%d+)")) end
  return v
end

-- item_mods(o): the modifiers of an item save:
--   o.magic = plus: +2, +1 per plus above +1 (1E-ITEMSAVE-03: plus + 1);
--   o.designed = true: +5 against the form it resists (magic or not,
--   1E-ITEMSAVE-03/-04); o.frozen_then_struck: -10 (1E-ITEMSAVE-02);
--   o.fall_ft, o.surface ("hard"|"wood"|"soft_body") for falls
--   (1E-ITEMSAVE-05); o.artifact: the variant 1e.artifacts' bonus.
function M.item_mods(o)
  local n = 0
  if o.magic and o.magic > 0 then n = n + o.magic + 1 end
  if o.designed then n = n + 5 end
  if o.frozen_then_struck then n = n - 10 end
  if o.surface == "wood" then n = n + 1 elseif o.surface == "soft_body" then n = n + 5 end
  if o.fall_ft and o.fall_ft > 5 then n = n - math.floor((o.fall_ft - 5) / 5) end
  if o.artifact then n = n + (M.artifact_bonus or 0) end
  return n
end

-- item_save(material, form, o): 1E-ITEMSAVE-01 (roll 1d20 >= the number;
-- 0 always survives) with the modifiers; 1E-ITEMSAVE-04: an item not in
-- the table saves as its analogue (o.as). 1E-ITEMSAVE-06: a failed potion
-- or liquid is marked secret (the DM notes it; players learn it only when
-- they examine the container).
function M.item_save(material, form, o)
  o = o or {}
  if o.indestructible then return { success = true, need = 0, natural = 0, total = 0 } end
  local need = M.item_number(o.as or material, form)
  if need == 0 then return { success = true, need = 0, natural = 0, total = 0 } end
  local nat = dice.total("1d20")
  local total = nat + M.item_mods(o)
  local r = { success = total >= need, need = need, natural = nat, total = total }
  if not r.success and (material == "Liquid*" or o.liquid) then r.secret = true end
  return r
end

rules.define("1e.saves", M)
return M
