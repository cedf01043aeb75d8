-- Shared helpers of the 1e scripts: the Players Handbook ability tables the
-- DMG refers to (not in the seed: [K] PHB), hit-dice expressions, what a
-- creature is (class, level, hit dice), the PHB weapon table [K] and the
-- monster stat-block builder.
--
-- A 1e creature keeps its numbers as kernel abilities (any name is allowed):
-- str, str_pct (exceptional strength), int, wis, dex, con, cha, level
-- (characters), hd and hd_plus (monsters: "4+4" is hd 4, hd_plus 4; "1-1" is
-- hd 1, hd_plus -1; "1/2" is hd 0), morale (a score in %), move (inches),
-- surprised_on / surprises / surprise_die (1E-SURP-01, -04). Its kind is in
-- tags: "pc", "monster", the class ("fighter", "cleric", ...), "undead",
-- "undead:<type>" (its row of TBL-TURN), "mindless", "fearless", "evil",
-- "good", "leader", "caster", "weaponless", "hugger", "living" ...
local rules = require("rules")

local M = rules.get("1e.lib")
if M then return M end
M = {}

local floor = math.floor

-- ---------------------------------------------------------------- abilities
-- [K] PHB Strength table: to-hit and damage adjustments (18/xx is str 18
-- with str_pct 1..100, 00 = 100).
function M.str_hit(str, pct)
  str = str or 10
  if str <= 3 then return -3 elseif str <= 5 then return -2 elseif str <= 7 then return -1
  elseif str <= 16 then return 0 elseif str == 17 then return 1 end
  pct = pct or 0
  if str == 18 and pct == 0 then return 1 end
  if str == 18 and pct <= 99 then return 2 end
  return 3
end

function M.str_dmg(str, pct)
  str = str or 10
  if str <= 5 then return -1 elseif str <= 15 then return 0 elseif str == 16 then return 1
  elseif str == 17 then return 1 end
  pct = pct or 0
  if str == 18 and pct == 0 then return 2 end
  if str == 18 and pct <= 75 then return 3 end
  if str == 18 and pct <= 90 then return 4 end
  if str == 18 and pct <= 99 then return 5 end
  return 6
end

-- [K] PHB Dexterity Table I: reaction/attacking adjustment (surprise,
-- missile fire and missile initiative) and defensive adjustment (to AC:
-- negative is better).
local DEX_REACT = { [3] = -3, [4] = -2, [5] = -1, [16] = 1, [17] = 2, [18] = 3 }
local DEX_DEF = { [3] = 4, [4] = 3, [5] = 2, [6] = 1, [15] = -1, [16] = -2, [17] = -3, [18] = -4 }
function M.dex_reaction(dex)
  if not dex then return 0 end
  if dex > 18 then dex = 18 elseif dex < 3 then dex = 3 end
  return DEX_REACT[dex] or 0
end
function M.dex_defense(dex)
  if not dex then return 0 end
  if dex > 18 then dex = 18 elseif dex < 3 then dex = 3 end
  return DEX_DEF[dex] or 0
end

-- [K] PHB Constitution hit point adjustment per die (fighters get +3 and +4
-- at 17 and 18).
function M.con_hp(con, fighter)
  if not con then return 0 end
  if con <= 3 then return -2 elseif con <= 6 then return -1 elseif con <= 14 then return 0
  elseif con == 15 then return 1 elseif con == 16 then return 2 end
  if fighter then return con == 17 and 3 or 4 end
  return 2
end

-- [K] PHB Charisma reaction adjustment, in % (1E-REACT-01).
local CHA = { [3] = -30, [4] = -25, [5] = -20, [6] = -15, [7] = -10, [8] = -5,
              [13] = 5, [14] = 10, [15] = 15, [16] = 25, [17] = 30, [18] = 35 }
function M.cha_reaction(cha)
  if not cha then return 0 end
  if cha > 18 then cha = 18 elseif cha < 3 then cha = 3 end
  return CHA[cha] or 0
end

-- Monster intelligence classes (Monster Manual [K]) as scores.
M.int_class = {
  non = 0, animal = 1, semi = 3, low = 6, average = 9, very = 11, high = 13,
  exceptional = 15, genius = 17, ["supra-genius"] = 19, godlike = 21,
}
-- The class name of an intelligence score (TBL-PSI-WIS rows).
function M.int_name(score)
  if score <= 0 then return "non" elseif score <= 1 then return "animal"
  elseif score <= 4 then return "semi" elseif score <= 7 then return "low"
  elseif score <= 10 then return "average" elseif score <= 12 then return "very"
  elseif score <= 14 then return "high" elseif score <= 16 then return "exceptional"
  elseif score <= 18 then return "genius" elseif score <= 20 then return "supra-genius" end
  return "godlike"
end

-- ---------------------------------------------------------------- hit dice
-- parse_hd("4+4") -> 4, 4; "1-1" -> 1, -1; "1/2" or "0" -> 0, 0; 6 -> 6, 0.
function M.parse_hd(s)
  if type(s) == "number" then return s, 0 end
  s = tostring(s):gsub("%s", ""):gsub("\226\136\146", "-")
  if s == "1/2" or s == "½" then return 0, 0 end
  local d, sign, p = s:match("^(%d+)([%+%-])(%d+)$")
  if d then
    p = tonumber(p)
    if sign == "-" then p = -p end
    return tonumber(d), p
  end
  local n = tonumber(s)
  if not n then error("bad hit dice " .. s, 2) end
  return n, 0
end

function M.hd_text(d, p)
  if p > 0 then return d .. "+" .. p elseif p < 0 then return d .. "-" .. (-p) end
  return tostring(d)
end

-- ---------------------------------------------------------------- creatures
local CLASSES = { "fighter", "paladin", "ranger", "bard", "normal", "cleric", "druid", "monk",
                  "magic-user", "illusionist", "thief", "assassin" }
M.class_list = CLASSES

function M.ability(c, name, default)
  local v = c:ability(name)
  if v == nil then return default end
  return v
end

function M.is_monster(c) return c:has_tag("monster") end

-- The classes of a character (a multi-classed one has several), in the
-- order of CLASSES (written into the table into when given: its entries
-- after them cleared). One call asks c:has_tag of each class.
local tags_among = require("fight").tags_among
function M.classes(c, into)
  return tags_among(c, CLASSES, into)
end

function M.level(c) return M.ability(c, "level", 0) end

-- The hit dice of a creature: characters count their level.
function M.hd(c)
  local d = c:ability("hd")
  if d == nil then return M.level(c), 0 end
  return d, c:ability("hd_plus") or 0 -- M.ability(c, "hd_plus", 0)
end

function M.dex(c) return M.ability(c, "dex", 10) end
function M.str(c) return M.ability(c, "str", 10), M.ability(c, "str_pct", 0) end

-- The creature's Dexterity part of its armour class (0 for monsters).
function M.dex_ac(c)
  local dex = c:ability("dex")
  if dex == nil then return 0 end
  return M.dex_defense(dex)
end

-- ---------------------------------------------------------------- weapons
-- [K] PHB weapon table: damage against small/medium and large, weapon speed
-- factor (the seed gives lance 13, two-handed sword 10, long and broad sword
-- 5, dagger 2: 1E-STRIKE-01), missiles' rate of fire per round, pierce
-- (can be set against a charge: 1E-MOVE-05), length in feet for charges
-- (1E-MOVE-04). "Weapon" is the generic weapon of monsters whose damage is
-- "by weapon" (speed factor 5).
M.weapons = {
  ["Fist"] = { dmg = "1d2", dmg_l = "1d2", wsf = 1, natural = true, blunt = true },
  ["Dagger"] = { dmg = "1d4", dmg_l = "1d3", wsf = 2, length = 1, thrown = 2 },
  ["Hand axe"] = { dmg = "1d6", dmg_l = "1d4", wsf = 4, length = 2 },
  ["Battle axe"] = { dmg = "1d8", dmg_l = "1d8", wsf = 7, length = 4 },
  ["Club"] = { dmg = "1d6", dmg_l = "1d3", wsf = 4, length = 3, blunt = true },
  ["Flail"] = { dmg = "1d6+1", dmg_l = "2d4", wsf = 7, length = 4, blunt = true },
  ["Hammer"] = { dmg = "1d4+1", dmg_l = "1d4", wsf = 4, length = 2, blunt = true },
  ["Mace"] = { dmg = "1d6+1", dmg_l = "1d6", wsf = 7, length = 3, blunt = true },
  ["Morning star"] = { dmg = "2d4", dmg_l = "1d6+1", wsf = 7, length = 4, blunt = true },
  ["Spear"] = { dmg = "1d6", dmg_l = "1d8", wsf = 6, length = 8, pierce = true },
  ["Pike"] = { dmg = "1d6", dmg_l = "1d12", wsf = 13, length = 18, pierce = true },
  ["Trident"] = { dmg = "1d6+1", dmg_l = "3d4", wsf = 7, length = 6, pierce = true },
  ["Halberd"] = { dmg = "1d10", dmg_l = "2d6", wsf = 9, length = 8 },
  ["Glaive"] = { dmg = "1d6", dmg_l = "1d10", wsf = 8, length = 10, pierce = true },
  ["Lance"] = { dmg = "2d4+1", dmg_l = "3d6", wsf = 13, length = 14, pierce = true },
  ["Quarterstaff"] = { dmg = "1d6", dmg_l = "1d6", wsf = 4, length = 6, blunt = true },
  ["Scimitar"] = { dmg = "1d8", dmg_l = "1d8", wsf = 4, length = 3 },
  ["Short sword"] = { dmg = "1d6", dmg_l = "1d8", wsf = 3, length = 2 },
  ["Long sword"] = { dmg = "1d8", dmg_l = "1d12", wsf = 5, length = 3.5 },
  ["Broad sword"] = { dmg = "2d4", dmg_l = "1d6+1", wsf = 5, length = 3.5 },
  ["Two-handed sword"] = { dmg = "1d10", dmg_l = "3d6", wsf = 10, length = 6 },
  ["Weapon"] = { dmg = "1d8", dmg_l = "1d8", wsf = 5, length = 3 },
  ["Short bow"] = { dmg = "1d6", dmg_l = "1d6", wsf = 7, missile = true, rate = 2, range = { 5, 10, 15 } },
  ["Long bow"] = { dmg = "1d6", dmg_l = "1d6", wsf = 8, missile = true, rate = 2, range = { 7, 14, 21 } },
  ["Light crossbow"] = { dmg = "1d4+1", dmg_l = "1d4+1", wsf = 7, missile = true, rate = 1, range = { 6, 12, 18 } },
  ["Heavy crossbow"] = { dmg = "1d4+2", dmg_l = "1d6+2", wsf = 10, missile = true, rate = 0.5, range = { 8, 16, 24 } },
  ["Sling"] = { dmg = "1d4+1", dmg_l = "1d6+1", wsf = 6, missile = true, rate = 1, range = { 5, 10, 20 }, blunt = true },
  ["Javelin"] = { dmg = "1d6", dmg_l = "1d6", wsf = 4, missile = true, rate = 1, range = { 2, 4, 6 } },
  ["Dart"] = { dmg = "1d3", dmg_l = "1d2", wsf = 2, missile = true, rate = 3, range = { 1.5, 3, 4.5 } },
  ["Thrown dagger"] = { dmg = "1d4", dmg_l = "1d3", wsf = 2, missile = true, rate = 2, range = { 1, 2, 3 } },
  ["Boulder"] = { dmg = "2d8", dmg_l = "2d8", wsf = 10, missile = true, rate = 1, range = { 10, 20, 30 }, giant = true },
}

-- weapon(name) -> the weapon entry of an attack name, or nil for natural
-- attacks (claw, bite). A trailing "+N" is a magic weapon's bonus and
-- "silver" marks a silver weapon: weapon("Long sword +1") is the long sword
-- with magic = 1.
local wcache = {}
function M.weapon(name)
  if not name then return nil end
  local w = wcache[name]
  if w ~= nil then return w or nil end
  local base, plus = name:match("^(.-)%s*%+(%d+)$")
  base = base or name
  local silver = false
  if base:lower():find("silver") then
    silver = true
    base = base:gsub("%s*[Ss]ilver%s*", " "):gsub("^%s+", ""):gsub("%s+$", "")
  end
  local e = M.weapons[base]
  if not e then
    for k, v in pairs(M.weapons) do
      if k:lower() == base:lower() then base, e = k, v end
    end
  end
  if not e then
    wcache[name] = false
    return nil
  end
  w = setmetatable({ name = base, magic = tonumber(plus) or 0, silver = silver }, { __index = e })
  wcache[name] = w
  return w
end

-- The weapon speed factor of an attack (nil for natural attacks).
function M.wsf(name)
  local w = M.weapon(name)
  return w and not w.natural and w.wsf or nil
end

-- ---------------------------------------------------------------- builders
-- The attacks of a 1e creature are also kept as tags, so that the scripts
-- that make fights play themselves know them: "atk:<name>" (melee),
-- "missile:<name>" (ranged), "multi:<a>|<b>|<c>" (one routine of several
-- attacks).
function M.attack_tags(tags, attacks, multi)
  for _, a in ipairs(attacks or {}) do
    tags[#tags + 1] = (a.ranged and "missile:" or "atk:") .. a.name
  end
  if multi and #multi > 0 then tags[#tags + 1] = "multi:" .. table.concat(multi, "|") end
  return tags
end

-- range_of(w) -> a missile weapon's short, medium and long range as the
-- battle map counts them (combat.space: whole inches, the squares of the
-- map; 1.5" reaches what 1" does), or nil.
function M.range_of(w)
  if not (w and w.range) then return nil end
  local out = {}
  for i, r in ipairs(w.range) do out[i] = floor(r) end
  return out
end

-- attacks_of(c) -> {melee = {names}, missile = {names}, multi = {names} or nil}.
local tag_parts = {} -- a tag's kind and name ("atk", "Long sword"), split once
local function attacks_in(tags)
  local out = { melee = {}, missile = {} }
  for i = 1, #tags do
    local t = tags[i]
    local kv = tag_parts[t]
    if not kv then
      local k, v = t:match("^(%a+):(.+)$")
      kv = { k or false, v }
      tag_parts[t] = kv
    end
    local k, v = kv[1], kv[2]
    if k == "atk" then out.melee[#out.melee + 1] = v
    elseif k == "missile" then out.missile[#out.missile + 1] = v
    elseif k == "multi" then
      out.multi = {}
      for n in v:gmatch("[^|]+") do out.multi[#out.multi + 1] = n end
    end
  end
  return out
end
function M.attacks_of(c) return attacks_in(c:get("tags")) end

-- shared_attacks(c) -> attacks_of(c), one table for every creature with the
-- same tags: read it, never change it.
local shared = {}
function M.shared_attacks(c)
  local tags = c:get("tags")
  local key = table.concat(tags, "\0")
  local a = shared[key]
  if not a then
    a = attacks_in(tags)
    shared[key] = a
  end
  return a
end

local SIZE_RANK = { S = 1, M = 2, L = 3 }

local function copy(t)
  local o = {}
  for k, v in pairs(t) do o[k] = v end
  return o
end

-- monster(t) turns a 1e monster entry into a kernel stat block:
--   hd = "4+4", ac = 5 (descending), move = 9, int = "low" (a class or a
--   score), size = "S"|"M"|"L", morale = n (else 50 + 5/HD + 1/plus for
--   intelligent monsters, 1E-MORALE-05), undead = "ghoul", tags = {...},
--   attacks, multiattack, hp (else the average of the dice, rerolled at the
--   start of each fight unless fixed_hp = true), on = {hooks}.
function M.monster(t)
  local d, p = M.parse_hd(t.hd or 1)
  local out = copy(t)
  out.hd, out.move, out.int, out.morale, out.undead, out.fixed_hp = nil, nil, nil, nil, nil, nil
  local ab = copy(t.abilities or {})
  ab.hd, ab.hd_plus = d, p
  local int = t.int or "average"
  if type(int) == "string" then int = M.int_class[int] or 9 end
  ab.int = ab.int or int
  ab.move = t.move or 12
  local tags = { "monster" }
  for _, tag in ipairs(t.tags or {}) do tags[#tags + 1] = tag end
  if t.undead then
    tags[#tags + 1] = "undead"
    tags[#tags + 1] = "undead:" .. t.undead
    tags[#tags + 1] = "fearless"
  end
  if ab.int <= 0 then tags[#tags + 1] = "mindless" end
  if t.fixed_hp or t.hp then tags[#tags + 1] = "fixed_hp" end
  M.attack_tags(tags, t.attacks, t.multiattack)
  -- a missile attack without its own range has its weapon's (the map's bands)
  for i, a in ipairs(t.attacks or {}) do
    if a.ranged and a.range == nil and M.range_of(M.weapon(a.name)) then
      if out.attacks == t.attacks then out.attacks = copy(t.attacks) end
      local o = copy(a)
      o.range = M.range_of(M.weapon(a.name))
      out.attacks[i] = o
    end
  end
  if t.morale then
    ab.morale = t.morale
  elseif ab.int >= 5 then
    ab.morale = 50 + 5 * math.max(0, d - 1) + math.max(0, p)
  end
  out.abilities, out.tags = ab, tags
  out.ac_descending = true
  local avg = math.max(1, floor(d * 4.5 + p))
  if d == 0 then avg = 2 end
  out.hp = t.hp or avg
  out.max_hp = t.max_hp or out.hp
  out.size = t.size or "M"
  out.size_rank = SIZE_RANK[out.size] or 2
  out.speed = { walk = ab.move }
  out.init = t.init or 0
  out.level = out.level or d
  return out
end

-- roll_hp(c): a monster's hit points for a new fight (d8 per hit die plus
-- its plus; "1/2" HD is 1d4; at least 1).
local hd_dice = {} -- "4d8" by hit dice, made once
function M.roll_hp(c, dice)
  local d, p = M.hd(c)
  local n
  if d == 0 then
    n = dice.total("1d4")
  else
    local expr = hd_dice[d]
    if not expr then
      expr = d .. "d8"
      hd_dice[d] = expr
    end
    n = dice.total(expr) + p
  end
  return math.max(1, n)
end

rules.define("1e.lib", M)
return M
