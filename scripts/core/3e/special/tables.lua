-- The special-attack tables of the 3.0 combat chapter as data
-- (rules/dnd3e-phb-combat.md section 17: Tables 8-11 to 8-16 and the
-- inline lists X-2 to X-4; seed 003_e701afb9189489b8.txt). The scripts
-- read these tables and nothing else; spec/3e/special_tables_spec.lua
-- compares every cell with its own copy of the inventory's Markdown.
--
-- Sizes are keyed by the engine's size names (fine ... colossal); "medium"
-- is the seed's Medium-size. Rows keep the inventory's order.
local rules = require("rules")

local M = rules.get("3e.special.tables")
if M then return M end
M = {}

-- The nine sizes, smallest first (the core's list, Table X-1); the
-- special attacks count size categories from Medium-size (rank 0).
local CT = require("core.3e.tables")
M.sizes = CT.sizes
M.size_rank = {}
for i, s in ipairs(M.sizes) do M.size_rank[s] = i - 5 end
M.size_names = {
  fine = { en = "Fine", zh = "超微型" }, diminutive = { en = "Diminutive", zh = "微型" },
  tiny = { en = "Tiny", zh = "超小型" }, small = { en = "Small", zh = "小型" },
  medium = { en = "Medium-size", zh = "中型" }, large = { en = "Large", zh = "大型" },
  huge = { en = "Huge", zh = "超大型" }, gargantuan = { en = "Gargantuan", zh = "巨型" },
  colossal = { en = "Colossal", zh = "超巨型" },
}

-- rank(size) -> the size's rank (Medium-size 0, Large 1, Small -1, ...);
-- an unknown size is an error naming the known ones.
function M.rank(size)
  local r = M.size_rank[type(size) == "string" and size:lower() or size]
  if not r then
    error(string.format("unknown size %q (want one of %s)", tostring(size), table.concat(M.sizes, ", ")), 2)
  end
  return r
end

-- Table 8-11: Size and AC of Objects (the object's size modifier to AC).
M.object_ac = {
  { size = "colossal", example = "broad side of a barn", mod = -8 },
  { size = "gargantuan", example = "narrow side of a barn", mod = -4 },
  { size = "huge", example = "wagon", mod = -2 },
  { size = "large", example = "big door", mod = -1 },
  { size = "medium", example = "barrel", mod = 0 },
  { size = "small", example = "chair", mod = 1 },
  { size = "tiny", example = "tome", mod = 2 },
  { size = "diminutive", example = "scroll", mod = 4 },
  { size = "fine", example = "potion in a vial", mod = 8 },
}

-- Table 8-12: Substance Hardness and Hit Points (hp per inch of thickness).
-- The seed prints the first rows run together ("02/每吋厚度"): hardness 0,
-- 2 hp per inch (inventory A-04).
M.substances = {
  { key = "paper", name = { en = "Paper", zh = "纸张" }, hardness = 0, hp_per_inch = 2 },
  { key = "rope", name = { en = "Rope", zh = "绳索" }, hardness = 0, hp_per_inch = 2 },
  { key = "glass", name = { en = "Glass", zh = "玻璃" }, hardness = 1, hp_per_inch = 1 },
  { key = "ice", name = { en = "Ice", zh = "冰" }, hardness = 0, hp_per_inch = 3 },
  { key = "wood", name = { en = "Wood", zh = "木头" }, hardness = 5, hp_per_inch = 10 },
  { key = "stone", name = { en = "Stone", zh = "石头" }, hardness = 8, hp_per_inch = 15 },
  { key = "iron", name = { en = "Iron", zh = "铁" }, hardness = 10, hp_per_inch = 30 },
  { key = "mithral", name = { en = "Mithral", zh = "秘银" }, hardness = 15, hp_per_inch = 30 },
  { key = "adamantine", name = { en = "Adamantine", zh = "精金" }, hardness = 20, hp_per_inch = 40 },
}

-- Table 8-13: Common Weapon and Shield Hardness and Hit Points. size is the
-- item's size for striking a weapon (3E-SUNDER-01: buckler Small, small
-- shield Medium-size, large shield Large, tower shield Huge).
M.weapons = {
  { key = "tiny_blade", name = { en = "Tiny blade", zh = "微型利器" }, example = "dagger", size = "tiny", hardness = 10, hp = 1 },
  { key = "small_blade", name = { en = "Small blade", zh = "小型利器" }, example = "short sword", size = "small", hardness = 10, hp = 2 },
  { key = "medium_blade", name = { en = "Medium-size blade", zh = "中型利器" }, example = "longsword", size = "medium", hardness = 10, hp = 5 },
  { key = "large_blade", name = { en = "Large blade", zh = "大型利器" }, example = "greatsword", size = "large", hardness = 10, hp = 10 },
  { key = "small_metal_hafted", name = { en = "Small metal-hafted weapon", zh = "小型金属柄武器" }, example = "light mace", size = "small", hardness = 10, hp = 10 },
  { key = "medium_metal_hafted", name = { en = "Medium-size metal-hafted weapon", zh = "中型金属柄武器" },
    example = "heavy mace", size = "medium", hardness = 10, hp = 25 },
  { key = "small_hafted", name = { en = "Small hafted weapon", zh = "小型有柄武器" }, example = "handaxe", size = "small", hardness = 5, hp = 2 },
  { key = "medium_hafted", name = { en = "Medium-size hafted weapon", zh = "中型有柄武器" }, example = "battleaxe", size = "medium", hardness = 5, hp = 5 },
  { key = "large_hafted", name = { en = "Large hafted weapon", zh = "大型有柄武器" }, example = "greataxe", size = "large", hardness = 5, hp = 10 },
  { key = "huge_club", name = { en = "Huge club", zh = "巨型杵" }, example = "ogre's greatclub", size = "huge", hardness = 5, hp = 60 },
  { key = "buckler", name = { en = "Buckler", zh = "小圆盾" }, size = "small", hardness = 10, hp = 5 },
  { key = "small_wooden_shield", name = { en = "Small wooden shield", zh = "小木盾" }, size = "medium", hardness = 5, hp = 10 },
  { key = "large_wooden_shield", name = { en = "Large wooden shield", zh = "大木盾" }, size = "large", hardness = 5, hp = 15 },
  { key = "small_steel_shield", name = { en = "Small steel shield", zh = "小铁盾" }, size = "medium", hardness = 10, hp = 10 },
  { key = "large_steel_shield", name = { en = "Large steel shield", zh = "大铁盾" }, size = "large", hardness = 10, hp = 20 },
  { key = "tower_shield", name = { en = "Tower shield", zh = "塔盾" }, size = "huge", hardness = 5, hp = 20 },
}

-- Table 8-14: DC to Break or Burst Items (Strength checks).
M.break_dc = {
  { key = "simple_door", name = { en = "Break down a simple door", zh = "打破简易门" }, dc = 13 },
  { key = "good_door", name = { en = "Break down a good door", zh = "打破优质门" }, dc = 18 },
  { key = "strong_door", name = { en = "Break down a strong door", zh = "打破高强度门" }, dc = 23 },
  { key = "rope_bonds", name = { en = "Burst rope bonds", zh = "挣断绳索禁锢" }, dc = 23 },
  { key = "iron_bars", name = { en = "Bend iron bars", zh = "扭弯铁棒" }, dc = 24 },
  { key = "barred_door", name = { en = "Break down a barred door", zh = "打破铁栅门" }, dc = 25 },
  { key = "chain_bonds", name = { en = "Burst chain bonds", zh = "挣断镣铐" }, dc = 26 },
  { key = "iron_door", name = { en = "Break down an iron door", zh = "打破铁门" }, dc = 28 },
}

-- Table 8-15: Object Hardness and Hit Points, with the break DC.
M.objects = {
  { key = "rope", name = { en = "Rope (1 inch diameter)", zh = "绳索（直径1吋）" }, hardness = 0, hp = 2, dc = 23 },
  { key = "simple_wooden_door", name = { en = "Simple wooden door", zh = "简易木门" }, hardness = 5, hp = 10, dc = 13 },
  { key = "spear", name = { en = "Spear", zh = "矛" }, hardness = 5, hp = 2, dc = 14 },
  { key = "small_chest", name = { en = "Small chest", zh = "小箱子" }, hardness = 5, hp = 1, dc = 17 },
  { key = "good_wooden_door", name = { en = "Good wooden door", zh = "优质木门" }, hardness = 5, hp = 15, dc = 18 },
  { key = "treasure_chest", name = { en = "Treasure chest", zh = "储藏柜" }, hardness = 5, hp = 15, dc = 23 },
  { key = "strong_wooden_door", name = { en = "Strong wooden door", zh = "坚固木门" }, hardness = 5, hp = 20, dc = 23 },
  { key = "masonry_wall", name = { en = "Masonry wall (1 ft thick)", zh = "石墙（厚1呎）" }, hardness = 8, hp = 90, dc = 35 },
  { key = "hewn_stone", name = { en = "Hewn stone (3 ft thick)", zh = "毛石（厚3呎）" }, hardness = 8, hp = 540, dc = 50 },
  { key = "chain", name = { en = "Chain", zh = "链条" }, hardness = 10, hp = 5, dc = 26 },
  { key = "manacles", name = { en = "Manacles", zh = "镣铐" }, hardness = 10, hp = 10, dc = 26 },
  { key = "masterwork_manacles", name = { en = "Masterwork manacles", zh = "大师制品镣铐" }, hardness = 10, hp = 10, dc = 28 },
  { key = "iron_door", name = { en = "Iron door (2 in. thick)", zh = "铁门（厚2吋）" }, hardness = 10, hp = 60, dc = 28 },
}

-- Table 8-16: Turning Undead. Each row: the lowest and highest turning
-- check of the row (nil: open-ended) and the most powerful undead
-- affected as an offset to the cleric's level.
M.turning = {
  { lo = nil, hi = 0, offset = -4 },
  { lo = 1, hi = 3, offset = -3 },
  { lo = 4, hi = 6, offset = -2 },
  { lo = 7, hi = 9, offset = -1 },
  { lo = 10, hi = 12, offset = 0 },
  { lo = 13, hi = 15, offset = 1 },
  { lo = 16, hi = 18, offset = 2 },
  { lo = 19, hi = 21, offset = 3 },
  { lo = 22, hi = nil, offset = 4 },
}

-- Table X-2: the special grapple size modifier, which replaces the normal
-- size modifier in grapple checks (3E-GRAP-01).
M.grapple_size = {
  fine = -16, diminutive = -12, tiny = -8, small = -4, medium = 0,
  large = 4, huge = 8, gargantuan = 12, colossal = 16,
}

-- Table X-3: where a missed splash weapon lands, by 1d8. dx is across the
-- line of the throw (+1 right), dy along it (+1 long: beyond the target).
M.splash_direction = {
  { roll = 1, name = { en = "long", zh = "偏远" }, along = 1, across = 0 },
  { roll = 2, name = { en = "long and right", zh = "偏远偏右" }, along = 1, across = 1 },
  { roll = 3, name = { en = "right", zh = "偏右" }, along = 0, across = 1 },
  { roll = 4, name = { en = "short and right", zh = "偏近偏右" }, along = -1, across = 1 },
  { roll = 5, name = { en = "short", zh = "偏近" }, along = -1, across = 0 },
  { roll = 6, name = { en = "short and left", zh = "偏近偏左" }, along = -1, across = -1 },
  { roll = 7, name = { en = "left", zh = "偏左" }, along = 0, across = -1 },
  { roll = 8, name = { en = "long and left", zh = "偏远偏左" }, along = 1, across = -1 },
}

-- Table X-4: size modifiers to the special attacks' opposed checks, as
-- functions of the two sizes (ranks: Medium-size 0). per_size is the +4
-- each row uses; stability is the defender's +4.
M.opposed = {
  per_size = 4,
  stability = 4,
  -- bull rush: each side by its own distance from Medium-size.
  bull_rush = function(own) return 4 * M.rank(own) end,
  -- trip: the attacker by how many categories larger than the defender.
  trip = function(attacker, defender) return 4 * (M.rank(attacker) - M.rank(defender)) end,
  -- disarm: the larger weapon gets +4 per category of difference.
  disarm = function(own_weapon, other_weapon)
    local d = M.rank(own_weapon) - M.rank(other_weapon)
    return d > 0 and 4 * d or 0
  end,
  two_handed = 4,   -- a defender wielding its weapon in two hands (disarm)
}

-- lookups by key
local function index(list)
  local out = {}
  for _, r in ipairs(list) do out[r.key or r.size] = r end
  return out
end
M.substance = index(M.substances)
M.weapon = index(M.weapons)
M.object = index(M.objects)
M.break_by = index(M.break_dc)
M.object_ac_by = index(M.object_ac)

rules.define("3e.special.tables", M)
return M
