-- ruleset: 3e
-- luacheck: no max line length (the inventory's rows as printed)
-- The special-attack tables of the inventory (rules/dnd3e-phb-combat.md
-- section 17: Tables 8-11 to 8-16, X-2 to X-4), copied here as plain
-- Markdown exactly as the inventory prints them (specs cannot read files),
-- compared cell by cell with the data the scripts use
-- (scripts/core/3e/special/tables.lua) and, for Table 8-16, with the
-- function that reads it.
-- covers: 3E-OBJ-04 3E-BREAK-01
local T = require("core.3e.special.tables")
local turning = require("core.3e.special.turning")

local INV = {}
INV["8-11"] = [[
| Size (example) | AC modifier |
|---|---|
| Colossal (broad side of a barn) | −8 |
| Gargantuan (narrow side of a barn) | −4 |
| Huge (wagon) | −2 |
| Large (big door) | −1 |
| Medium-size (barrel) | +0 |
| Small (chair) | +1 |
| Tiny (tome) | +2 |
| Diminutive (scroll) | +4 |
| Fine (potion in a vial) | +8 |
]]
INV["8-12"] = [[
| Substance | Hardness | Hit points |
|---|---|---|
| Paper | 0 | 2 / inch of thickness |
| Rope | 0 | 2 / inch of thickness |
| Glass | 1 | 1 / inch of thickness |
| Ice | 0 | 3 / inch of thickness |
| Wood | 5 | 10 / inch of thickness |
| Stone | 8 | 15 / inch of thickness |
| Iron | 10 | 30 / inch of thickness |
| Mithral | 15 | 30 / inch of thickness |
| Adamantine | 20 | 40 / inch of thickness |
]]
INV["8-13"] = [[
| Weapon or shield | Example | Hardness | Hit points |
|---|---|---|---|
| Tiny blade | dagger | 10 | 1 |
| Small blade | short sword | 10 | 2 |
| Medium-size blade | longsword | 10 | 5 |
| Large blade | greatsword | 10 | 10 |
| Small metal-hafted weapon | light mace | 10 | 10 |
| Medium-size metal-hafted weapon | heavy mace | 10 | 25 |
| Small hafted weapon | handaxe | 5 | 2 |
| Medium-size hafted weapon | battleaxe | 5 | 5 |
| Large hafted weapon | greataxe | 5 | 10 |
| Huge club | ogre's greatclub | 5 | 60 |
| Buckler | — | 10 | 5 |
| Small wooden shield | — | 5 | 10 |
| Large wooden shield | — | 5 | 15 |
| Small steel shield | — | 10 | 10 |
| Large steel shield | — | 10 | 20 |
| Tower shield | — | 5 | 20 |
]]
INV["8-14"] = [[
| Strength check to… | DC |
|---|---|
| Break down a simple door | 13 |
| Break down a good door | 18 |
| Break down a strong door | 23 |
| Burst rope bonds | 23 |
| Bend iron bars | 24 |
| Break down a barred door | 25 |
| Burst chain bonds | 26 |
| Break down an iron door | 28 |
]]
INV["8-15"] = [[
| Object | Hardness | Hit points | Break DC |
|---|---|---|---|
| Rope (1 inch diameter) | 0 | 2 | 23 |
| Simple wooden door | 5 | 10 | 13 |
| Spear | 5 | 2 | 14 |
| Small chest | 5 | 1 | 17 |
| Good wooden door | 5 | 15 | 18 |
| Treasure chest (储藏柜) | 5 | 15 | 23 |
| Strong wooden door | 5 | 20 | 23 |
| Masonry wall (1 ft thick) | 8 | 90 | 35 |
| Hewn stone (3 ft thick) | 8 | 540 | 50 |
| Chain | 10 | 5 | 26 |
| Manacles | 10 | 10 | 26 |
| Masterwork manacles | 10 | 10 | 28 |
| Iron door (2 in. thick) | 10 | 60 | 28 |
]]
INV["8-16"] = [[
| Turning check result | Most powerful undead affected (maximum HD) |
|---|---|
| 0 or lower | cleric level − 4 |
| 1–3 | cleric level − 3 |
| 4–6 | cleric level − 2 |
| 7–9 | cleric level − 1 |
| 10–12 | cleric level |
| 13–15 | cleric level + 1 |
| 16–18 | cleric level + 2 |
| 19–21 | cleric level + 3 |
| 22 or higher | cleric level + 4 |
]]
INV["X-2"] = [[
| Colossal | Gargantuan | Huge | Large | Medium-size | Small | Tiny | Diminutive | Fine |
|---|---|---|---|---|---|---|---|---|
| +16 | +12 | +8 | +4 | +0 | −4 | −8 | −12 | −16 |
]]
INV["X-3"] = [[
| 1d8 | Direction |
|---|---|
| 1 | long (beyond the target) |
| 2 | long and right |
| 3 | right |
| 4 | short and right |
| 5 | short (toward the thrower) |
| 6 | short and left |
| 7 | left |
| 8 | long and left |
]]
INV["X-4"] = [[
| Check | Modifier |
|---|---|
| Bull rush (Str) | ±4 per size category away from Medium-size (+4 per category larger, −4 per category smaller), applied to **both** sides |
| Trip (Str vs Str/Dex) | +4 per size category the **attacker** is larger than the defender, −4 per category smaller |
| Disarm (attack vs attack) | +4 per size category of difference to the **larger weapon**; +4 to a defender wielding its weapon two-handed |
| Bull rush / trip stability | +4 to a defender with more than two legs or otherwise exceptionally stable |
]]

-- rows(text) -> the cells of a Markdown table's body rows.
local function rows(text)
  local out, header = {}, nil
  for line in text:gmatch("[^\n]+") do
    if not line:match("^|[%s%-:|]+|$") then
      local cells = {}
      for cell in line:sub(2, -2):gmatch("([^|]*)|?") do cells[#cells + 1] = cell:match("^%s*(.-)%s*$") end
      if cells[#cells] == "" then cells[#cells] = nil end
      if header then out[#out + 1] = cells else header = cells end
    end
  end
  return out
end

-- num("−8") -> -8; "+0" -> 0; "2 / inch of thickness" -> 2.
local function num(s)
  s = s:gsub("−", "-"):gsub("^%+", "")
  return tonumber(s:match("^(%-?%d+)"))
end

-- size names as the inventory prints them
local SIZE = { Colossal = "colossal", Gargantuan = "gargantuan", Huge = "huge", Large = "large",
  ["Medium-size"] = "medium", Small = "small", Tiny = "tiny", Diminutive = "diminutive", Fine = "fine" }

test("Table 8-11: size and AC of objects, row by row", function()
  local r = rows(INV["8-11"])
  eq(#r, #T.object_ac)
  for i, row in ipairs(r) do
    local size, example = row[1]:match("^(%S+) %((.*)%)$")
    eq({ T.object_ac[i].size, T.object_ac[i].example, T.object_ac[i].mod }, { SIZE[size], example, num(row[2]) }, row[1])
  end
end)

test("Table 8-12: substances, hardness and hit points per inch", function()
  local r = rows(INV["8-12"])
  eq(#r, #T.substances)
  for i, row in ipairs(r) do
    local s = T.substances[i]
    eq({ s.name.en, s.hardness, s.hp_per_inch }, { row[1], num(row[2]), num(row[3]) }, row[1])
    matches(row[3], "/ inch of thickness")
  end
end)

test("Table 8-13: weapons and shields, hardness and hit points", function()
  local r = rows(INV["8-13"])
  eq(#r, #T.weapons)
  for i, row in ipairs(r) do
    local w = T.weapons[i]
    eq({ w.name.en, w.example or "—", w.hardness, w.hp }, { row[1], row[2], num(row[3]), num(row[4]) }, row[1])
  end
  -- the shields' sizes for striking a weapon (3E-SUNDER-01)
  eq({ T.weapon.buckler.size, T.weapon.small_wooden_shield.size, T.weapon.large_steel_shield.size,
       T.weapon.tower_shield.size }, { "small", "medium", "large", "huge" })
end)

test("Table 8-14: DCs to break or burst items", function()
  local r = rows(INV["8-14"])
  eq(#r, #T.break_dc)
  for i, row in ipairs(r) do
    eq({ T.break_dc[i].name.en, T.break_dc[i].dc }, { row[1], num(row[2]) }, row[1])
  end
end)

test("Table 8-15: objects, hardness, hit points and break DC", function()
  local r = rows(INV["8-15"])
  eq(#r, #T.objects)
  for i, row in ipairs(r) do
    local o = T.objects[i]
    -- the inventory glosses one name with the seed's term: "Treasure chest (储藏柜)"
    local name = row[1]:gsub(" %([\128-\255][^)]*%)$", "")
    eq({ o.name.en, o.hardness, o.hp, o.dc }, { name, num(row[2]), num(row[3]), num(row[4]) }, row[1])
    if name ~= row[1] then eq("(" .. o.name.zh .. ")", row[1]:sub(#name + 2), row[1]) end
  end
end)

test("Table 8-16: every turning result in every row gives the printed maximum HD", function()
  local r = rows(INV["8-16"])
  eq(#r, #T.turning)
  for i, row in ipairs(r) do
    local key = row[1]
    local lo, hi
    if key:match("or lower") then
      hi = num(key)
      lo = hi - 5
    elseif key:match("or higher") then
      lo = num(key)
      hi = lo + 5
    else
      lo, hi = key:match("^(%d+)–(%d+)$")
      lo, hi = tonumber(lo), tonumber(hi)
    end
    eq({ T.turning[i].lo or "open", T.turning[i].hi or "open" },
       { key:match("or lower") and "open" or lo, key:match("or higher") and "open" or hi }, key)
    local off = row[2]:match("^cleric level (.*)$")
    local offset = off and num((off:gsub(" ", ""))) or 0
    eq(row[2]:match("^cleric level") ~= nil, true, row[2])
    eq(T.turning[i].offset, offset, key)
    for check = lo, hi do
      eq(turning.max_hd(5, check), 5 + offset, "check " .. check)
    end
  end
end)

test("Table X-2: the special grapple size modifier", function()
  local r = rows(INV["X-2"])
  eq(#r, 1)
  local header = { "colossal", "gargantuan", "huge", "large", "medium", "small", "tiny", "diminutive", "fine" }
  for i, size in ipairs(header) do eq(T.grapple_size[size], num(r[1][i]), size) end
end)

test("Table X-3: the splash weapon's miss direction by 1d8", function()
  local r = rows(INV["X-3"])
  eq(#r, 8)
  for i, row in ipairs(r) do
    local d = T.splash_direction[i]
    eq(d.roll, num(row[1]))
    -- the printed direction, without its gloss in parentheses
    eq(d.name.en, (row[2]:gsub(" %(.*%)$", "")), row[1])
    local long = row[2]:match("^long") and 1 or (row[2]:match("^short") and -1 or 0)
    local side = row[2]:match("right") and 1 or (row[2]:match("left") and -1 or 0)
    eq({ d.along, d.across }, { long, side }, row[2])
  end
end)

test("Table X-4: the special attacks' size modifiers, each row", function()
  local r = rows(INV["X-4"])
  eq(#r, 4)
  matches(r[1][1], "^Bull rush")
  matches(r[1][2], "±4 per size category away from Medium-size")
  eq({ T.opposed.bull_rush("large"), T.opposed.bull_rush("huge"), T.opposed.bull_rush("small"),
       T.opposed.bull_rush("medium") }, { 4, 8, -4, 0 })
  matches(r[2][1], "^Trip")
  matches(r[2][2], "+4 per size category the **attacker** is larger than the defender")
  eq({ T.opposed.trip("large", "medium"), T.opposed.trip("medium", "large"), T.opposed.trip("huge", "small"),
       T.opposed.trip("large", "large") }, { 4, -4, 12, 0 }, "relative to the defender, not to Medium-size")
  matches(r[3][1], "^Disarm")
  matches(r[3][2], "+4 per size category of difference to the **larger weapon**; +4 to a defender wielding its weapon two-handed")
  eq({ T.opposed.disarm("large", "small"), T.opposed.disarm("small", "large"), T.opposed.two_handed }, { 8, 0, 4 })
  matches(r[4][1], "stability")
  matches(r[4][2], "+4 to a defender with more than two legs")
  eq(T.opposed.stability, 4)
end)
