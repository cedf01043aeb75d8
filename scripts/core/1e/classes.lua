-- Character classes for fights that play themselves: the character
-- stat-block builder and the class features the chapter relies on.
-- Numbers not in the seed are [K] Players Handbook: fighters' attacks per
-- round (melee.lua), spells per day, thieves' backstab, weapon damage.
--
--   local classes = require("core.1e.classes")
--   stat = classes.character{ id = "thorn", class = "fighter", level = 5,
--     str = 17, dex = 14, con = 16, hp = 42, ac = 3, weapon = "Long sword",
--     weapon_magic = 1, missile = "Short bow" }
local rules = require("rules")
local dice = require("dice")
local lib = require("core.1e.lib")
local T = require("core.1e.tables")

local M = rules.get("1e.classes")
if M then return M end
M = {}

-- [K] PHB spells per day by level (first, second, third level spells),
-- without Wisdom bonuses.
M.spells_per_day = {
  cleric = { { 1 }, { 2 }, { 2, 1 }, { 3, 2 }, { 3, 3, 1 }, { 3, 3, 2 }, { 3, 3, 2, 1 } },
  ["magic-user"] = { { 1 }, { 2 }, { 2, 1 }, { 3, 2 }, { 4, 2, 1 }, { 4, 2, 2 }, { 4, 3, 2, 1 } },
}
-- What a self-playing caster prepares, by spell level.
M.prepared = {
  cleric = { { "bless", "cure_light_wounds", "cure_light_wounds" }, { "hold_person" } },
  ["magic-user"] = { { "sleep", "magic_missile", "magic_missile", "magic_missile" } },
}

function M.default_spells(class, level)
  local per = M.spells_per_day[class]
  if not per then return nil end
  local row = per[math.min(level, #per)]
  local out = {}
  for sl, n in ipairs(row) do
    local list = (M.prepared[class] or {})[sl]
    if list then
      for i = 1, n do
        local name = list[math.min(i, #list)]
        out[name] = (out[name] or 0) + 1
      end
    end
  end
  return out
end

-- character(t) -> a kernel stat block for a player character or henchman.
function M.character(t)
  local classes = t.class
  if type(classes) == "string" then classes = { classes } end
  local level = t.level or 1
  local ab = { str = t.str or 10, str_pct = t.str_pct or 0, int = t.int or 10, wis = t.wis or 10,
               dex = t.dex or 10, con = t.con or 10, cha = t.cha or 10, level = level, move = t.move or 12 }
  if t.morale then ab.morale = t.morale end
  -- 1E-SURP-01/-04: a ranger is surprised only on a 1 and surprises others
  -- on 1-3 [K PHB]; an entry may give its own values.
  for _, k in ipairs(classes) do
    if k == "ranger" then ab.surprised_on, ab.surprises = 1, 3 end
  end
  if t.surprised_on then ab.surprised_on = t.surprised_on end
  if t.surprises then ab.surprises = t.surprises end
  local tags = { "pc", "humanoid", "living", "intelligent" }
  for _, k in ipairs(classes) do tags[#tags + 1] = k end
  if t.race then tags[#tags + 1] = t.race end
  if t.henchman then tags[#tags + 1] = "henchman" end
  for _, x in ipairs(t.tags or {}) do tags[#tags + 1] = x end
  -- A shield (t.shield, or armour "... + shield") is part of the armour
  -- class; an attack from behind negates it (1E-UNARMED-10, tohit.ac_of).
  if t.shield or (t.armour and t.armour:lower():find("shield", 1, true)) then tags[#tags + 1] = "shield" end
  local attacks = {}
  local sh, sd = lib.str_hit(ab.str, ab.str_pct), lib.str_dmg(ab.str, ab.str_pct)
  local function add_melee(wname, magic)
    local w = lib.weapon(wname)
    if not w then error("unknown weapon " .. tostring(wname), 3) end
    local name = wname
    if magic and magic > 0 then name = wname .. " +" .. magic end
    local dmg = w.dmg
    local plus = sd + (magic or 0)
    if plus > 0 then dmg = dmg .. "+" .. plus elseif plus < 0 then dmg = dmg .. plus end
    attacks[#attacks + 1] = { name = name, bonus = sh + (magic or 0), damage = dmg,
                              type = w.blunt and "bludgeoning" or "edged" }
  end
  if t.weapon then add_melee(t.weapon, t.weapon_magic) end
  if t.missile then
    local w = lib.weapon(t.missile)
    if not w then error("unknown missile weapon " .. tostring(t.missile), 2) end
    -- 1E-MISS-04/-05: Dexterity, not Strength, for missiles.
    attacks[#attacks + 1] = { name = t.missile, bonus = lib.dex_reaction(ab.dex), damage = w.dmg,
                              type = w.blunt and "bludgeoning" or "edged", ranged = true, reach = 0,
                              range = lib.range_of(w) }
  end
  if #attacks == 0 then add_melee("Fist", 0) end
  lib.attack_tags(tags, attacks, nil)
  local resources = {}
  for _, k in ipairs(classes) do
    local sp = t.spells or M.default_spells(k, level)
    if sp then
      for name, n in pairs(sp) do resources[name] = n end
      tags[#tags + 1] = "caster"
    end
  end
  local armour_ac = t.ac or 10
  if t.armour then armour_ac = require("core.1e.tohit").armour_ac(t.armour) - (t.armour_magic or 0) end
  local stat = {
    id = t.id, name = t.name or t.id, hp = t.hp, max_hp = t.max_hp or t.hp, player = t.player ~= false,
    ac = armour_ac + lib.dex_defense(ab.dex), ac_descending = true, abilities = ab, tags = tags,
    attacks = attacks, level = level, size = t.size or "M", size_rank = 2, speed = { walk = ab.move },
    resources = resources, on = t.on, init = 0,
  }
  return stat
end

-- ------------------------------------------------------------ thieves
-- [K] PHB backstab: +4 to hit, damage x2 at 1st-4th level, x3 5th-8th, x4
-- 9th-12th, x5 13th and up (the bands the I.D matrix marks).
M.backstab_bonus = 4
function M.backstab_multiplier(level)
  if level >= 13 then return 5 elseif level >= 9 then return 4 elseif level >= 5 then return 3 end
  return 2
end
function M.can_backstab(c)
  return c:has_tag("thief") or c:has_tag("assassin")
end

-- ------------------------------------------------------------ assassins
-- 1E-ASSN-01, TBL-ASSASSIN: the chance (%) that an assassination kills
-- outright, by assassin level and victim level (monsters: hit dice); the
-- DM adjusts it (o.adjust) for trust, sleep, drink, wariness or guards;
-- "—" is no chance. With o.any_class (AMB-42) any character striking an
-- unsuspecting victim uses its own level.
function M.assassin_chance(level, victim_level, o)
  local v = T["TBL-ASSASSIN"]:lookup(math.max(1, level), math.max(0, victim_level))
  if type(v) ~= "number" then v = 0 end
  v = v + ((o and o.adjust) or 0)
  if v < 0 then v = 0 elseif v > 100 then v = 100 end
  return v
end

-- assassinate(level, victim_level, o) -> {chance, roll, killed}. Weapon
-- damage is dealt whether or not it succeeds (the caller deals it).
function M.assassinate(level, victim_level, o)
  local chance = M.assassin_chance(level, victim_level, o)
  local roll = dice.total("1d100")
  return { chance = chance, roll = roll, killed = roll <= chance }
end

function M.victim_level(c)
  local d = lib.hd(c)
  return d
end

rules.define("1e.classes", M)
return M
