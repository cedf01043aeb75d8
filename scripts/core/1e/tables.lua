-- The inventory's tables as data the scripts use (rules/adnd1e-dmg-combat.md;
-- seed line ranges in each caption). Most are check.table / check.matrix
-- handles built from the inventory's Markdown; where a key had to be
-- rewritten for the parser the comment says how. spec/1e/tables_spec.lua
-- compares every cell with its own copy of the inventory's tables.
--
-- M["TBL-..."] is the table; M.text["TBL-..."] the text it was built from.
-- TBL-MATRIX-IA..ID are [K] tables reconstructed from the published DMG
-- (inventory section 15), not from the seed.
-- luacheck: no max line length (the tables are the inventory's rows as printed)
local rules = require("rules")
local check = require("check")

local M = rules.get("1e.tables")
if M then return M end
M = { text = {} }

-- The tables are built on first use: M[id] runs its builder then (most
-- runs read a few of them; building all was most of the 1e start-up).
-- M.text holds every text from the start.
local build = {}
local function later(id, f) build[id] = f end
setmetatable(M, { __index = function(t, k)
  local f = build[k]
  if not f then return nil end
  build[k] = nil
  f()
  return rawget(t, k)
end })

-- md_rows(text) -> the cells of a Markdown table's body rows.
local function md_rows(text)
  local rows, header = {}, nil
  for line in text:gmatch("[^\n]+") do
    local s = line:match("^%s*(|.*|)%s*$")
    if s and not s:match("^|[%s%-:|]+|$") then
      local cells = {}
      for cell in s:sub(2, -2):gmatch("([^|]*)|?") do
        cells[#cells + 1] = cell:match("^%s*(.-)%s*$")
      end
      if cells[#cells] == "" then cells[#cells] = nil end
      if header then rows[#rows + 1] = cells else header = cells end
    end
  end
  return rows, header
end
M.md_rows = md_rows

local function tbl(id, text, opts)
  M.text[id] = text
  if opts then M[id .. ":opts"] = opts end
  later(id, function() M[id] = check.table(text, { name = id }) end)
end

local function mx(id, text)
  M.text[id] = text
  later(id, function() M[id] = check.matrix(text, { name = id }) end)
end

-- A matrix from rows of cells: key column k, value columns cols (names).
local function mx_rows(id, corner, cols, rows)
  local spec = { corner = corner, cols = cols, rows = rows }
  M[id] = check.matrix(spec, { name = id })
end

-- TBL-SURP-DIFF (seed 42-46). The printed keys "1 (2-1, 3-2, etc.)" are
-- written as plain numbers; the table extends by one segment per point of
-- difference beyond 3 (AMB-02: no cap).
tbl("TBL-SURP-DIFF", [[
above: extend +1
| Difference between the two surprise dice | Segments the more-surprised side cannot act |
|---|---|
| 0 | 0 |
| 1 | 1 |
| 2 | 2 |
| 3 | 3 |
]])

-- TBL-SURP-CASES (seed 50-57), as printed: {party d6, monsters d6, result}.
-- The last two rows contradict the rule and both worked examples (AMB-01);
-- encounter.lua follows the rule (TV-03), this data is kept for reference.
M.text["TBL-SURP-CASES"] = [[
| Party d6 | Monsters d6 | Result as printed |
|---|---|---|
| 3-6 | 3-6 | none |
| 1 | 1 | both surprised |
| 2 | 2 | both surprised |
| 1 or 2 | 3-6 | party surprised |
| 3-6 | 1 or 2 | monsters surprised |
| 1 | 2 | party surprised |
| 2 | 1 | monsters surprised |
]]
later("TBL-SURP-CASES", function()
  local out = {}
  for _, r in ipairs(md_rows(M.text["TBL-SURP-CASES"])) do
    out[#out + 1] = { party = r[1], monsters = r[2], printed = r[3] }
  end
  M["TBL-SURP-CASES"] = out
end)

-- TBL-REACT (seed 110-117): d100, results below 01 and above 00 stay in the
-- end rows (AMB-20).
tbl("TBL-REACT", [[
die: d100
below: clamp
above: clamp
| Adjusted roll | Reaction |
|---|---|
| 01 (or less) - 05 | Violently hostile, immediate attack* |
| 06-25 | Hostile, immediate action* |
| 26-45 | Uncertain, but 55% prone toward negative |
| 46-55 | Neutral: uninterested / uncertain |
| 56-75 | Uncertain, but 55% prone toward positive |
| 76-95 | Friendly, immediate action |
| 96 - 00 (or more) | Enthusiastically friendly, immediate acceptance |
]])

-- TBL-COVER (seed 166-170). A matrix's numeric rows may have no gaps, so the
-- printed 25%, 50%, 75%, 90% are written as the brackets they start
-- (25-49% ...): a target with 60% cover has the 50% bonus.
mx("TBL-COVER", [[
| Portion of target protected / screened | AC bonus from cover (hard) | AC bonus from concealment (soft) |
|---|---|---|
| 25-49% | +2 | +1 |
| 50-74% | +4 | +2 |
| 75-89% | +7 | +3 |
| 90-100% | +10 | +4 |
]])

-- TBL-GREN-CAP (seed 180-184) and TBL-GREN-EFF (seed 188-192).
mx("TBL-GREN-CAP", [[
| Liquid | Capacity |
|---|---|
| Acid | 1/2 pint (8 oz) |
| Holy / unholy water | 1/4 pint (4 oz) |
| Oil | 1 pint (16 oz) |
| Poison | 1/4 pint (4 oz) |
]])
mx("TBL-GREN-EFF", [[
| Liquid | Area of effect | Splash damage | Direct-hit damage |
|---|---|---|---|
| Acid | 1 ft diameter | 1 hp | 2-8 hp |
| Holy / unholy water | 1 ft diameter | 2 hp | 2-7 hp |
| Burning oil | 3 ft diameter | 1-3 hp* | 2-12 hp; plus 1-6 hp** |
| Poison | 1 ft diameter | special | special |
]])

-- TBL-SCATTER (seed 212-216): the printed two pairs of columns as one d8
-- table.
M.text["TBL-SCATTER"] = [[
| d8 | Direction of miss | d8 | Direction of miss |
|---|---|---|---|
| 1 | long right | 5 | short left |
| 2 | right | 6 | left |
| 3 | short right | 7 | long left |
| 4 | short (lands in front of target) | 8 | long (over / beyond target) |
]]
later("TBL-SCATTER", function()
  local rows = {}
  for _, r in ipairs(md_rows(M.text["TBL-SCATTER"])) do
    rows[#rows + 1] = { r[1], r[2] }
    rows[#rows + 1] = { r[3], r[4] }
  end
  M["TBL-SCATTER"] = check.table({ die = "d8", rows = rows }, { name = "TBL-SCATTER" })
end)

-- TBL-SPECIAL-TOHIT (seed 322-325).
mx("TBL-SPECIAL-TOHIT", [[
| Opponent condition | To-hit bonus |
|---|---|
| Over-encumbered, held by one leg, off balance, etc. | +2 |
| Stunned, held by both legs, slowed, partially bound, etc. | +4 |
| Magically asleep, held, paralyzed, or totally immobile | automatic hit |
]])

-- TBL-MATRIX-MON (seed 691-712), as printed: AC -8 / 8-9+ keeps the seed's
-- 19 (AMB-28; the variant 1e.matrix_correction reads 20 there). Beyond
-- AC -10 the numbers go on by 1E-TOHIT-05 (+1 per step after six 20s);
-- AC worse than 10 (cursed items) goes on by -1 per step.
mx("TBL-MATRIX-MON", [[
rows below: extend +1 plateau 20 hold 6
rows above: extend -1
| Opponent AC | up to 1-1 | 1-1 | 1 | 1+ | 2-3+ | 4-5+ | 6-7+ | 8-9+ | 10-11+ | 12-13+ | 14-15+ | 16+ |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
| -10 | 26 | 25 | 24 | 23 | 21 | 20 | 20 | 20 | 20 | 19 | 18 | 17 |
| -9 | 25 | 24 | 23 | 22 | 20 | 20 | 20 | 20 | 19 | 18 | 17 | 16 |
| -8 | 24 | 23 | 22 | 21 | 20 | 20 | 20 | 19 | 18 | 17 | 16 | 15 |
| -7 | 23 | 22 | 21 | 20 | 20 | 20 | 20 | 19 | 17 | 16 | 15 | 14 |
| -6 | 22 | 21 | 20 | 20 | 20 | 20 | 19 | 18 | 16 | 15 | 14 | 13 |
| -5 | 21 | 20 | 20 | 20 | 20 | 20 | 18 | 17 | 15 | 14 | 13 | 12 |
| -4 | 20 | 20 | 20 | 20 | 20 | 19 | 17 | 16 | 14 | 13 | 12 | 11 |
| -3 | 20 | 20 | 20 | 20 | 19 | 18 | 16 | 15 | 13 | 12 | 11 | 10 |
| -2 | 20 | 20 | 20 | 20 | 18 | 17 | 15 | 14 | 12 | 11 | 10 | 9 |
| -1 | 20 | 20 | 20 | 19 | 17 | 16 | 14 | 13 | 11 | 10 | 9 | 8 |
| 0 | 20 | 20 | 19 | 18 | 16 | 15 | 13 | 12 | 10 | 9 | 8 | 7 |
| 1 | 20 | 19 | 18 | 17 | 15 | 14 | 12 | 11 | 9 | 8 | 7 | 6 |
| 2 | 19 | 18 | 17 | 16 | 14 | 13 | 11 | 10 | 8 | 7 | 6 | 5 |
| 3 | 18 | 17 | 16 | 15 | 13 | 12 | 10 | 9 | 7 | 6 | 5 | 4 |
| 4 | 17 | 16 | 15 | 14 | 12 | 11 | 9 | 8 | 6 | 5 | 4 | 3 |
| 5 | 16 | 15 | 14 | 13 | 11 | 10 | 8 | 7 | 5 | 4 | 3 | 2 |
| 6 | 15 | 14 | 13 | 12 | 10 | 9 | 7 | 6 | 4 | 3 | 2 | 1 |
| 7 | 14 | 13 | 12 | 11 | 9 | 8 | 6 | 5 | 3 | 2 | 1 | 0 |
| 8 | 13 | 12 | 11 | 10 | 8 | 7 | 5 | 4 | 2 | 1 | 0 | -1 |
| 9 | 12 | 11 | 10 | 9 | 7 | 6 | 4 | 3 | 1 | 0 | -1 | -2 |
| 10 | 11 | 10 | 9 | 8 | 6 | 5 | 3 | 2 | 0 | -1 | -2 | -3 |
]])

-- TBL-MAGICWEAPON (seed 716-720).
mx("TBL-MAGICWEAPON", [[
| Defender can be hit only by | Attacker must wield | OR attacker has at least (HD) |
|---|---|---|
| +1 or better | +1 or better | 4+1 or more |
| +2 or better | +2 or better | 6+2 or more |
| +3 or better | +3 or better | 8+3 or more |
| +4 or better | +4 or better | 10+4 or more |
]])

-- TBL-TURN (seed 726-739). The header's "Cleric level 1" is written "1" so
-- that the columns read as levels (9 falls in 9-13, 20 in 14+).
mx("TBL-TURN", [[
| Undead type | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9-13 | 14+ |
|---|---|---|---|---|---|---|---|---|---|---|
| Skeleton | 10 | 7 | 4 | T | T | D | D | D | D* | D* |
| Zombie | 13 | 10 | 7 | T | T | D | D | D | D* | D* |
| Ghoul | 16 | 13 | 10 | 4 | T | T | D | D | D | D |
| Shadow | 19 | 16 | 13 | 7 | 4 | T | T | D | D | D |
| Wight | 20 | 19 | 16 | 10 | 7 | 4 | T | T | D | D |
| Ghast | — | 20 | 19 | 13 | 10 | 7 | 4 | T | T | D |
| Wraith | — | — | 20 | 16 | 13 | 10 | 7 | 4 | T | D |
| Mummy | — | — | — | 20 | 16 | 13 | 10 | 7 | 4 | T |
| Spectre | — | — | — | — | 20 | 16 | 13 | 10 | 7 | T |
| Vampire | — | — | — | — | — | 20 | 16 | 13 | 10 | 4 |
| Ghost | — | — | — | — | — | — | 20 | 16 | 13 | 7 |
| Lich | — | — | — | — | — | — | — | 19 | 16 | 10 |
| Special | — | — | — | — | — | — | — | 20 | 19 | 13 |
]])

-- TBL-AC (seed 893-902).
tbl("TBL-AC", [[
| AC | Armour worn |
|---|---|
| 2 | Plate mail + shield |
| 3 | Splint or banded + shield / Plate mail |
| 4 | Chain mail + shield / Splint or banded |
| 5 | Scale mail + shield / Chain mail |
| 6 | Studded leather or ring mail + shield / Scale mail |
| 7 | Leather or padded + shield / Studded leather or ring mail |
| 8 | Leather or padded |
| 9 | Shield only |
| 10 | None |
]])

-- TBL-MATRIX-IA [K]: I.A clerics, druids, monks. Not in the seed: reconstructed from the
-- published DMG (inventory section 15, cross-checked against public
-- transcriptions). Rows AC 10 to -10; beyond -10 the six-20s rule.
mx("TBL-MATRIX-IA", [[
rows below: extend +1 plateau 20 hold 6
rows above: extend -1
| Opponent AC | 1-3 | 4-6 | 7-9 | 10-12 | 13-15 | 16-18 | 19+ |
|---|---|---|---|---|---|---|---|
| 10 | 10 | 8 | 6 | 4 | 2 | 0 | -1 |
| 9 | 11 | 9 | 7 | 5 | 3 | 1 | 0 |
| 8 | 12 | 10 | 8 | 6 | 4 | 2 | 1 |
| 7 | 13 | 11 | 9 | 7 | 5 | 3 | 2 |
| 6 | 14 | 12 | 10 | 8 | 6 | 4 | 3 |
| 5 | 15 | 13 | 11 | 9 | 7 | 5 | 4 |
| 4 | 16 | 14 | 12 | 10 | 8 | 6 | 5 |
| 3 | 17 | 15 | 13 | 11 | 9 | 7 | 6 |
| 2 | 18 | 16 | 14 | 12 | 10 | 8 | 7 |
| 1 | 19 | 17 | 15 | 13 | 11 | 9 | 8 |
| 0 | 20 | 18 | 16 | 14 | 12 | 10 | 9 |
| -1 | 20 | 19 | 17 | 15 | 13 | 11 | 10 |
| -2 | 20 | 20 | 18 | 16 | 14 | 12 | 11 |
| -3 | 20 | 20 | 19 | 17 | 15 | 13 | 12 |
| -4 | 20 | 20 | 20 | 18 | 16 | 14 | 13 |
| -5 | 20 | 20 | 20 | 19 | 17 | 15 | 14 |
| -6 | 21 | 20 | 20 | 20 | 18 | 16 | 15 |
| -7 | 22 | 20 | 20 | 20 | 19 | 17 | 16 |
| -8 | 23 | 21 | 20 | 20 | 20 | 18 | 17 |
| -9 | 24 | 22 | 20 | 20 | 20 | 19 | 18 |
| -10 | 25 | 23 | 21 | 20 | 20 | 20 | 19 |
]])

-- TBL-MATRIX-IB [K]: I.B fighters, paladins, rangers, bards, 0-level. Not in the seed: reconstructed from the
-- published DMG (inventory section 15, cross-checked against public
-- transcriptions). Rows AC 10 to -10; beyond -10 the six-20s rule.
mx("TBL-MATRIX-IB", [[
rows below: extend +1 plateau 20 hold 6
rows above: extend -1
| Opponent AC | 0 | 1-2 | 3-4 | 5-6 | 7-8 | 9-10 | 11-12 | 13-14 | 15-16 | 17+ |
|---|---|---|---|---|---|---|---|---|---|---|
| 10 | 11 | 10 | 8 | 6 | 4 | 2 | 0 | -2 | -4 | -6 |
| 9 | 12 | 11 | 9 | 7 | 5 | 3 | 1 | -1 | -3 | -5 |
| 8 | 13 | 12 | 10 | 8 | 6 | 4 | 2 | 0 | -2 | -4 |
| 7 | 14 | 13 | 11 | 9 | 7 | 5 | 3 | 1 | -1 | -3 |
| 6 | 15 | 14 | 12 | 10 | 8 | 6 | 4 | 2 | 0 | -2 |
| 5 | 16 | 15 | 13 | 11 | 9 | 7 | 5 | 3 | 1 | -1 |
| 4 | 17 | 16 | 14 | 12 | 10 | 8 | 6 | 4 | 2 | 0 |
| 3 | 18 | 17 | 15 | 13 | 11 | 9 | 7 | 5 | 3 | 1 |
| 2 | 19 | 18 | 16 | 14 | 12 | 10 | 8 | 6 | 4 | 2 |
| 1 | 20 | 19 | 17 | 15 | 13 | 11 | 9 | 7 | 5 | 3 |
| 0 | 20 | 20 | 18 | 16 | 14 | 12 | 10 | 8 | 6 | 4 |
| -1 | 20 | 20 | 19 | 17 | 15 | 13 | 11 | 9 | 7 | 5 |
| -2 | 20 | 20 | 20 | 18 | 16 | 14 | 12 | 10 | 8 | 6 |
| -3 | 20 | 20 | 20 | 19 | 17 | 15 | 13 | 11 | 9 | 7 |
| -4 | 20 | 20 | 20 | 20 | 18 | 16 | 14 | 12 | 10 | 8 |
| -5 | 21 | 20 | 20 | 20 | 19 | 17 | 15 | 13 | 11 | 9 |
| -6 | 22 | 21 | 20 | 20 | 20 | 18 | 16 | 14 | 12 | 10 |
| -7 | 23 | 22 | 20 | 20 | 20 | 19 | 17 | 15 | 13 | 11 |
| -8 | 24 | 23 | 21 | 20 | 20 | 20 | 18 | 16 | 14 | 12 |
| -9 | 25 | 24 | 22 | 20 | 20 | 20 | 19 | 17 | 15 | 13 |
| -10 | 26 | 25 | 23 | 21 | 20 | 20 | 20 | 18 | 16 | 14 |
]])

-- TBL-MATRIX-IC [K]: I.C magic-users, illusionists. Not in the seed: reconstructed from the
-- published DMG (inventory section 15, cross-checked against public
-- transcriptions). Rows AC 10 to -10; beyond -10 the six-20s rule.
mx("TBL-MATRIX-IC", [[
rows below: extend +1 plateau 20 hold 6
rows above: extend -1
| Opponent AC | 1-5 | 6-10 | 11-15 | 16-20 | 21+ |
|---|---|---|---|---|---|
| 10 | 11 | 9 | 6 | 3 | 1 |
| 9 | 12 | 10 | 7 | 4 | 2 |
| 8 | 13 | 11 | 8 | 5 | 3 |
| 7 | 14 | 12 | 9 | 6 | 4 |
| 6 | 15 | 13 | 10 | 7 | 5 |
| 5 | 16 | 14 | 11 | 8 | 6 |
| 4 | 17 | 15 | 12 | 9 | 7 |
| 3 | 18 | 16 | 13 | 10 | 8 |
| 2 | 19 | 17 | 14 | 11 | 9 |
| 1 | 20 | 18 | 15 | 12 | 10 |
| 0 | 20 | 19 | 16 | 13 | 11 |
| -1 | 20 | 20 | 17 | 14 | 12 |
| -2 | 20 | 20 | 18 | 15 | 13 |
| -3 | 20 | 20 | 19 | 16 | 14 |
| -4 | 20 | 20 | 20 | 17 | 15 |
| -5 | 21 | 20 | 20 | 18 | 16 |
| -6 | 22 | 20 | 20 | 19 | 17 |
| -7 | 23 | 21 | 20 | 20 | 18 |
| -8 | 24 | 22 | 20 | 20 | 19 |
| -9 | 25 | 23 | 20 | 20 | 20 |
| -10 | 26 | 24 | 21 | 20 | 20 |
]])

-- TBL-MATRIX-ID [K]: I.D thieves, assassins. Not in the seed: reconstructed from the
-- published DMG (inventory section 15, cross-checked against public
-- transcriptions). Rows AC 10 to -10; beyond -10 the six-20s rule.
mx("TBL-MATRIX-ID", [[
rows below: extend +1 plateau 20 hold 6
rows above: extend -1
| Opponent AC | 1-4 | 5-8 | 9-12 | 13-16 | 17-20 | 21+ |
|---|---|---|---|---|---|---|
| 10 | 11 | 9 | 6 | 4 | 2 | 0 |
| 9 | 12 | 10 | 7 | 5 | 3 | 1 |
| 8 | 13 | 11 | 8 | 6 | 4 | 2 |
| 7 | 14 | 12 | 9 | 7 | 5 | 3 |
| 6 | 15 | 13 | 10 | 8 | 6 | 4 |
| 5 | 16 | 14 | 11 | 9 | 7 | 5 |
| 4 | 17 | 15 | 12 | 10 | 8 | 6 |
| 3 | 18 | 16 | 13 | 11 | 9 | 7 |
| 2 | 19 | 17 | 14 | 12 | 10 | 8 |
| 1 | 20 | 18 | 15 | 13 | 11 | 9 |
| 0 | 20 | 19 | 16 | 14 | 12 | 10 |
| -1 | 20 | 20 | 17 | 15 | 13 | 11 |
| -2 | 20 | 20 | 18 | 16 | 14 | 12 |
| -3 | 20 | 20 | 19 | 17 | 15 | 13 |
| -4 | 20 | 20 | 20 | 18 | 16 | 14 |
| -5 | 21 | 20 | 20 | 19 | 17 | 15 |
| -6 | 22 | 20 | 20 | 20 | 18 | 16 |
| -7 | 23 | 21 | 20 | 20 | 19 | 17 |
| -8 | 24 | 22 | 20 | 20 | 20 | 18 |
| -9 | 25 | 23 | 20 | 20 | 20 | 19 |
| -10 | 26 | 24 | 21 | 20 | 20 | 20 |
]])

-- TBL-MORALE-WHEN (seed 333-338), TBL-MORALE-ADJ (seed 345-352),
-- TBL-MORALE-FAIL (seed 362-366).
mx("TBL-MORALE-WHEN", [[
| Morale check when | Adjustment to the check roll |
|---|---|
| Faced by obviously superior force* | check every round (no % given) |
| 25% of group eliminated or slain | +5% |
| Leader unconscious | +10% |
| 50% or more of group eliminated or slain | +15% |
| Leader slain or deserts | +30% |
]])
mx("TBL-MORALE-ADJ", [[
| Situation | Adjustment |
|---|---|
| Each enemy that fled | -5% |
| Each enemy slain | -10% |
| Inflicted casualties with no loss to own side | -20% |
| Each friend slain | +10% |
| Suffered casualties with no loss to enemy | +10% |
| Each friend that fled | +15% |
| Enemy superior in numbers or strength by 3:1 or more | +20% |
]])
tbl("TBL-MORALE-FAIL", [[
| Failure margin (roll minus score) | Reaction |
|---|---|
| 1%-15% | Fall back, fighting |
| 16%-30% | Disengage and retreat |
| 31%-50% | Break and run (panic) |
| 51% or more | Surrender |
]])

-- TBL-EVADE-OUT (seed 426-444): rows keyed by the situation (every
-- situation is named once), columns Factor and Adjustment.
M.text["TBL-EVADE-OUT"] = [[
| Factor | Situation | Adjustment to evasion chance |
|---|---|---|
| Movement rate | Pursued is faster | +10% |
| Movement rate | Same speed | 0% |
| Movement rate | Pursuer is faster | -20% |
| Terrain | Plain, desert, open water | -50% |
| Terrain | Scrub, rough ground, hills, marsh | +10% |
| Terrain | Forest, mountains | +30% |
| Number of pursued | fewer than 6 creatures | +10% |
| Number of pursued | 6-11 creatures | 0% |
| Number of pursued | 12-50 creatures | -20% |
| Number of pursued | more than 50 creatures | -50% |
| Number of pursuers | fewer than 12 creatures | -20% |
| Number of pursuers | 12-24 creatures | 0% |
| Number of pursuers | more than 24 creatures | +10% |
| Light available | Near daylight | -30% |
| Light available | Twilight | -10% |
| Light available | Bright moonlight | 0% |
| Light available | Starlight | +20% |
| Light available | Dark night | +50% |
]]
later("TBL-EVADE-OUT", function()
  local rows = {}
  for _, r in ipairs(md_rows(M.text["TBL-EVADE-OUT"])) do rows[#rows + 1] = { r[2], r[1], r[3] } end
  mx_rows("TBL-EVADE-OUT", "Situation", { "Factor", "Adjustment to evasion chance" }, rows)
end)

-- TBL-OPPONENTS (built from the prose of 1E-MELEE-02).
mx("TBL-OPPONENTS", [[
| Defender size | Max Small attackers | Max Medium attackers | Max Large attackers |
|---|---|---|---|
| S | 6 (if room) | 4 | 2 |
| M | 8 | 6 | 4 |
| L | 12 | 8 | 6 |
]])

-- TBL-PUMMEL-HIT (seed 502-510).
mx("TBL-PUMMEL-HIT", [[
| Factor | Adjustment to hit chance |
|---|---|
| Attacker Dexterity, per point | +1% |
| Attacker Strength, per point above 15 | +1% |
| Attacker AC, per point | +1% (source note: "negative AC taken as positive by armour type"; see AMB-21) |
| Opponent slowed | +10% |
| Opponent stunned | +20% |
| Opponent prone and without shield or readied weapon, and/or helpless | automatic hit |
| Opponent base move above 12"* | -5% |
| Opponent hasted (incl. potion of speed) | -10% |
]])

-- TBL-PUMMEL-MOD (seed 518-534).
mx("TBL-PUMMEL-MOD", [[
| Factor | Adjustment to d% result roll |
|---|---|
| Attacker Strength, per point above 12 | +1% |
| Attacker exceptional Strength, per 10% above 18 | +2% |
| Wooden butt/pommel, or armoured (gauntleted) fist | +5% |
| Metal pommel / hilt | +10% |
| Opponent slowed | +10% |
| Opponent stunned | +20% |
| Opponent helpless | +30% |
| Defender Dexterity, per point above 14 | -2% |
| Defender has shield | -10% |
| Defender in leather or padded | -10% |
| Defender in chain, ring, scale or studded | -20% |
| Defender has magic cloak or ring | -30% |
| Defender in banded, plate or splint | -40% |
| Defender wears open-faced helm | -5% |
| Defender wears nasal-guard (otherwise open) helm | -10% |
| Defender wears visored or slit helm | -20% |
]])

-- TBL-GRAPPLE-BASE (seed 558-565).
mx("TBL-GRAPPLE-BASE", [[
| Factor | Adjustment to success chance |
|---|---|
| Attacker Dexterity, per point | +1% |
| Defender in leather or padded | +10% |
| Defender in chain, ring or scale | +20% |
| Defender in banded, plate or splint | +30% |
| Opponent slowed or stunned | +20% |
| Opponent base move, per 3" faster | -10% |
| Opponent hasted (incl. potion of speed) | -20% |
]])

-- TBL-GRAPPLE-HOLD-ATT (seed 569-577).
mx("TBL-GRAPPLE-HOLD-ATT", [[
| Factor | Adjustment to d% result roll |
|---|---|
| Attacker Dexterity, per point | +1% |
| Attacker Strength, per point | +1% |
| Attacker exceptional Strength, per 10% above 18 | +1% |
| Opponent slowed | +10% |
| Opponent stunned | +20% |
| Opponent helpless | +30% |
| Attacker weight, per 10% difference | +25% |
| Attacker height, per 10% difference* | +25% |
]])

-- TBL-GRAPPLE-HOLD-DEF (seed 581-587).
mx("TBL-GRAPPLE-HOLD-DEF", [[
| Factor | Adjustment to d% result roll |
|---|---|
| Opponent Dexterity, per point above 14 | -2% |
| Opponent Strength, per point above 12 | -1% |
| Opponent exceptional Strength, per 10% above 18 | -1% |
| Opponent in banded or plate | -10% |
| Opponent wears gorget and helm | -10% |
| Opponent has shield | -10% |
]])

-- TBL-OVERBEAR-MOD (seed 612-623).
mx("TBL-OVERBEAR-MOD", [[
| Factor | Adjustment to d% result roll |
|---|---|
| Attacker Strength, per point | +1% |
| Attacker exceptional Strength, per 10% above 18 | +2% |
| Opponent slowed or held by one foot | +10% |
| Charging or leaping attack | +15% |
| Opponent stunned or held by both feet | +20% |
| Per 10% weight difference | +10% |
| Per 10% height difference | +25% |
| Opponent Strength, per point above 14 | -1% |
| Opponent exceptional Strength, per 10% above 18 | -2% |
| Opponent Dexterity, per point above 14* | -2% |
| Opponent braced | -10% |
]])

-- TBL-PUMMEL (seed 538-545), TBL-GRAPPLE (seed 593-600), TBL-OVERBEAR (seed
-- 629-635). The open keys are written for the parser: "below 01" as
-- "0 or less", "above 00 (over 100)" as "101 or more", "below 21" as
-- "20 or less", "above 95" as "96 or more". A value is "result | damage".
tbl("TBL-PUMMEL", [[
| Adjusted roll | Result | Damage (hp) |
|---|---|---|
| 0 or less | Miss; opponent may counter | none |
| 01-20 | Ineffective blow; continue with next blow | none |
| 21-40 | Glancing blow, opponent off balance* | 2 + Str damage bonus |
| 41-60 | Glancing blow; continue with next blow | 4 + Str damage bonus |
| 61-80 | Solid punch, opponent off balance* | 6 + Str damage bonus |
| 81-00 | Solid punch; continue with next blow | 8 + Str damage bonus |
| 101 or more | Heavy blow (haymaker), opponent stunned** | 10 + Str damage bonus |
]])
tbl("TBL-GRAPPLE", [[
| Adjusted roll | Result | Damage (hp) or special |
|---|---|---|
| 20 or less | Waist grab; opponent may counter | none |
| 21-40 | Arm lock / forearm or elbow smash | 1 + Str damage bonus |
| 41-55 | Finger lock / bite | 2 + Str damage bonus |
| 56-70 | Bear hug / trip | 3 + Str damage bonus |
| 71-85 | Head lock / throw or flip | 5 + Str damage bonus |
| 86-95 | Strangle / head butt | 6 + Str damage bonus |
| 96 or more | Kick / knee / gouge | 8 + Str damage bonus; opponent stunned |
]])
tbl("TBL-OVERBEAR", [[
| Adjusted roll | Result | Damage (hp) |
|---|---|---|
| 20 or less | Bounced off or dodged; opponent may counter | none |
| 21-40 | Slipped, grabbed one leg | none |
| 41-60 | Opponent staggered; continue attack | 1 + Str damage bonus |
| 61-80 | Opponent knocked to knees | 2 + Str damage bonus |
| 81-00 | Opponent knocked to hands and knees | 3 + Str damage bonus |
| 101 or more | Opponent knocked flat, stunned 1 round | 4 + Str damage bonus |
]])

-- TBL-ASSASSIN (seed 668-683). The headers "Victim 0-1" ... are written as
-- the level bands; assassins above 15th level read the 15th-level row.
mx("TBL-ASSASSIN", [[
rows above: clamp
cols above: clamp
| Assassin level | 0-1 | 2-3 | 4-5 | 6-7 | 8-9 | 10-11 | 12-13 | 14-15 | 16-17 | 18+ |
|---|---|---|---|---|---|---|---|---|---|---|
| 1 | 50% | 45% | 35% | 25% | 10% | 1% | — | — | — | — |
| 2 | 55% | 50% | 40% | 30% | 15% | 2% | — | — | — | — |
| 3 | 60% | 55% | 45% | 35% | 20% | 5% | — | — | — | — |
| 4 | 65% | 60% | 50% | 40% | 25% | 10% | 1% | — | — | — |
| 5 | 70% | 65% | 55% | 45% | 30% | 15% | 5% | — | — | — |
| 6 | 75% | 70% | 60% | 50% | 35% | 20% | 10% | 1% | — | — |
| 7 | 80% | 75% | 65% | 55% | 40% | 25% | 15% | 5% | — | — |
| 8 | 85% | 80% | 70% | 60% | 45% | 30% | 20% | 10% | 2% | — |
| 9 | 95% | 90% | 80% | 70% | 55% | 40% | 30% | 20% | 5% | — |
| 10 | 99% | 95% | 85% | 75% | 60% | 45% | 35% | 25% | 10% | 1% |
| 11 | 100% | 99% | 90% | 80% | 65% | 50% | 40% | 30% | 15% | 5% |
| 12 | 100% | 100% | 95% | 85% | 70% | 55% | 45% | 35% | 20% | 10% |
| 13 | 100% | 100% | 99% | 95% | 80% | 65% | 50% | 40% | 25% | 15% |
| 14 | 100% | 100% | 100% | 99% | 90% | 75% | 60% | 50% | 35% | 25% |
| 15 | 100% | 100% | 100% | 100% | 99% | 85% | 70% | 60% | 40% | 30% |
]])

-- TBL-PSI-A (seed 754-784) and TBL-PSI-B (seed 794-824): one matrix per
-- strength band, rows the attack modes (the letters dropped), columns the
-- defence modes or the defender's unreduced psionic total.
local function by_band(id, text, corner)
  M.text[id] = text
  later(id, function()
    local rows, header = md_rows(text)
    local bands, order = {}, {}
    for _, r in ipairs(rows) do
      local band = r[1]
      if not bands[band] then
        bands[band] = {}
        order[#order + 1] = band
      end
      local mode = r[2]:gsub("^%u ", ""):gsub(" %(%d+%)$", "")
      local row = { mode }
      for i = 3, #r do row[#row + 1] = r[i] end
      bands[band][#bands[band] + 1] = row
    end
    local cols = {}
    for i = 3, #header do cols[#cols + 1] = header[i]:gsub("^%u ", ""):gsub(" %(%d+%)$", "") end
    local out = { bands = order, cols = cols }
    for _, band in ipairs(order) do
      out[band] = check.matrix({ corner = corner, cols = cols, rows = bands[band] }, { name = id .. " " .. band })
    end
    M[id] = out
  end)
end

by_band("TBL-PSI-A", [[
| Current psionic strength | Attack mode (cost) | F Mind Blank (1) | G Thought Shield (2) | H Mental Barrier (3) | I Intellect Fortress (8) | J Tower of Iron Will (10) |
|---|---|---|---|---|---|---|
| 1-25 | A Psionic Blast (20) | 3 | 7 | 4 | 1 | 0 |
| 1-25 | B Mind Thrust (4) | 12 | 4 | 0 | 0 | 1 |
| 1-25 | C Ego Whip (7) | 8 | 3 | 0 | 0 | 0 |
| 1-25 | D Id Insinuation (10) | 1 | 6 | 8 | 1 | 1 |
| 1-25 | E Psychic Crush (14) | 2% | — | — | — | — |
| 26-50 | A Psionic Blast (20) | 6 | 9 | 6 | 2 | 0 |
| 26-50 | B Mind Thrust (4) | 15 | 6 | 1 | 0 | 2 |
| 26-50 | C Ego Whip (7) | 12 | 4 | 0 | 0 | 0 |
| 26-50 | D Id Insinuation (10) | 2 | 8 | 10 | 3 | 3 |
| 26-50 | E Psychic Crush (14) | 5% | 2% | 1% | — | — |
| 51-75 | A Psionic Blast (20) | 10 | 12 | 9 | 4 | 1 |
| 51-75 | B Mind Thrust (4) | 18 | 9 | 2 | 2 | 3 |
| 51-75 | C Ego Whip (7) | 17 | 6 | 1 | 1 | 1 |
| 51-75 | D Id Insinuation (10) | 4 | 11 | 13 | 7 | 6 |
| 51-75 | E Psychic Crush (14) | 9% | 4% | 2% | 1% | — |
| 76-100 | A Psionic Blast (20) | 15 | 16 | 13 | 7 | 2 |
| 76-100 | B Mind Thrust (4) | 22 | 13 | 5 | 4 | 5 |
| 76-100 | C Ego Whip (7) | 23 | 9 | 3 | 2 | 3 |
| 76-100 | D Id Insinuation (10) | 7 | 15 | 17 | 12 | 10 |
| 76-100 | E Psychic Crush (14) | 14% | 7% | 5% | 3% | 2% |
| 101-125 | A Psionic Blast (20) | 21 | 21 | 18 | 11 | 4 |
| 101-125 | B Mind Thrust (4) | 26 | 18 | 9 | 7 | 8 |
| 101-125 | C Ego Whip (7) | 30 | 13 | 6 | 4 | 6 |
| 101-125 | D Id Insinuation (10) | 11 | 20 | 22 | 18 | 15 |
| 101-125 | E Psychic Crush (14) | 20% | 11% | 9% | 6% | 4% |
| 126+ | A Psionic Blast (20) | 28 | 27 | 24 | 16 | 7 |
| 126+ | B Mind Thrust (4) | 30 | 24 | 16 | 11 | 12 |
| 126+ | C Ego Whip (7) | 38 | 18 | 10 | 7 | 10 |
| 126+ | D Id Insinuation (10) | 16 | 26 | 28 | 25 | 21 |
| 126+ | E Psychic Crush (14) | 27% | 16% | 14% | 10% | 7% |
]], "Attack mode")
by_band("TBL-PSI-B", [[
| Attacker current attack strength | Attack mode | 10-59 | 60-109 | 110-159 | 160-209 | 210-259 | 260-309 | 310+ |
|---|---|---|---|---|---|---|---|---|
| 1-25 | Psionic Blast | D | C | C | 15 | 10 | 5 | 5 |
| 1-25 | Mind Thrust | W | W | 40 | 35 | 30 | 25 | 20 |
| 1-25 | Ego Whip | 30 | 25 | 20 | 15 | 10 | 5 | 5 |
| 1-25 | Id Insinuation | 40 | 35 | 30 | 25 | 20 | 15 | 10 |
| 1-25 | Psychic Crush | 72% | 60% | 50% | 40% | 30% | 20% | 10% |
| 26-50 | Psionic Blast | S | D | C | C | 15 | 10 | 5 |
| 26-50 | Mind Thrust | W | W | W | 40 | 35 | 30 | 25 |
| 26-50 | Ego Whip | 35 | 30 | 25 | 20 | 15 | 10 | 5 |
| 26-50 | Id Insinuation | R | 40 | 35 | 30 | 25 | 20 | 15 |
| 26-50 | Psychic Crush | 75% | 62% | 52% | 42% | 32% | 22% | 12% |
| 51-75 | Psionic Blast | W | S | D | C | C | 15 | 10 |
| 51-75 | Mind Thrust | P | W | W | W | 40 | 35 | 30 |
| 51-75 | Ego Whip | 40 | 35 | 30 | 25 | 20 | 15 | 10 |
| 51-75 | Id Insinuation | R | R | 40 | 35 | 30 | 25 | 20 |
| 51-75 | Psychic Crush | 79% | 65% | 55% | 45% | 35% | 25% | 15% |
| 76-100 | Psionic Blast | P | W | S | D | C | C | 15 |
| 76-100 | Mind Thrust | P | P | W | W | W | 40 | 35 |
| 76-100 | Ego Whip | P | 40 | 35 | 30 | 25 | 20 | 15 |
| 76-100 | Id Insinuation | R | R | R | 40 | 35 | 30 | 25 |
| 76-100 | Psychic Crush | 84% | 69% | 59% | 49% | 39% | 29% | 19% |
| 101-125 | Psionic Blast | K | P | W | S | D | C | C |
| 101-125 | Mind Thrust | P | P | P | W | W | W | 40 |
| 101-125 | Ego Whip | I | P | 40 | 35 | 30 | 25 | 20 |
| 101-125 | Id Insinuation | R | R | R | R | 40 | 35 | 30 |
| 101-125 | Psychic Crush | 90% | 74% | 64% | 54% | 44% | 34% | 24% |
| 126+ | Psionic Blast | K | K | P | W | S | D | C |
| 126+ | Mind Thrust | P | P | P | P | W | W | W |
| 126+ | Ego Whip | I | I | P | 40 | 35 | 30 | 25 |
| 126+ | Id Insinuation | R | R | R | R | R | 40 | 35 |
| 126+ | Psychic Crush | 97% | 80% | 70% | 60% | 50% | 40% | 30% |
]], "Attack mode")

-- TBL-PSI-C-SAVE (seed 834-845).
mx("TBL-PSI-C-SAVE", [[
| Defender Int + Wis total | Save, short range | Save, medium range | Save, long range |
|---|---|---|---|
| 0-5 | 20 | 19 | 18 |
| 6-9 | 18 | 17 | 16 |
| 10-13 | 16 | 15 | 14 |
| 14-17 | 14 | 13 | 12 |
| 18-21 | 12 | 11 | 10 |
| 22-25 | 10 | 9 | 8 |
| 26-29 | 8 | 7 | 6 |
| 30-33 | 6 | 5 | 4 |
| 34-35 | 4 | 3 | 2 |
| 36-37 | 2 | 1 | 0 |
| 38+ | 0 | -1 | -2 |
]])

-- TBL-PSI-C-EFFECT (seed 847-858): each Int+Wis row is a d% table; a "-"
-- cell is an effect that row cannot give.
M.text["TBL-PSI-C-EFFECT"] = [[
| Defender Int + Wis total | Death | Coma | Sleep | Stun | Confusion | Rage | Panic | Feeblemind | Permanent insanity | Temporary insanity | Minor insanity |
|---|---|---|---|---|---|---|---|---|---|---|---|
| 0-5 | 01-85 | 86-99 | 00 | — | — | — | — | — | — | — | — |
| 6-9 | 01-10 | 11-90 | 91-99 | 00 | — | — | — | — | — | — | — |
| 10-13 | 01 | 02-15 | 16-90 | 91-99 | 00 | — | — | — | — | — | — |
| 14-17 | — | 01 | 02-10 | 11-90 | 91-99 | 00 | — | — | — | — | — |
| 18-21 | — | — | 01 | 02-15 | 16-90 | 91-99 | 00 | — | — | — | — |
| 22-25 | — | — | — | 01 | 02-15 | 16-90 | 91-99 | 00 | — | — | — |
| 26-29 | — | — | — | — | 01 | 02-15 | 16-90 | 91-99 | 00 | — | — |
| 30-33 | — | — | — | — | — | 01 | 02-15 | 16-90 | 91-99 | 00 | — |
| 34-35 | — | — | — | — | — | — | 01 | 02-20 | 21-85 | 86-99 | 00 |
| 36-37 | — | — | — | — | — | — | — | 01 | 02-15 | 16-90 | 91-00 |
| 38+ | — | — | — | — | — | — | — | — | 01 | 02-15 | 16-00 |
]]
later("TBL-PSI-C-EFFECT", function()
  local rows, header = md_rows(M.text["TBL-PSI-C-EFFECT"])
  local out = { bands = {}, effects = {} }
  for i = 2, #header do out.effects[#out.effects + 1] = header[i] end
  for _, r in ipairs(rows) do
    local trows = {}
    for i = 2, #r do
      if r[i] ~= "—" then trows[#trows + 1] = { r[i], header[i] } end
    end
    out.bands[#out.bands + 1] = r[1]
    out[r[1]] = check.table({ die = "d100", rows = trows }, { name = "TBL-PSI-C-EFFECT " .. r[1] })
  end
  M["TBL-PSI-C-EFFECT"] = out
end)

-- TBL-PSI-SAVEADJ (seed 864-874): the bonus and penalty column pairs as one
-- list of sources.
M.text["TBL-PSI-SAVEADJ"] = [[
| Bonus source | Adjustment | Penalty source | Adjustment |
|---|---|---|---|
| Magic-user | +1 | Panicked | -1 |
| Cleric | +2 | Raging | -1 |
| Elf | +2 | Confused | -2 |
| Intellect Fortress (within 10 ft) | +2 | Despair | -3 |
| Mind Blank in use | +2 | Stunned | -3 |
| Dwarf | +4 | Using psionic-related ability or spell* | -4 |
| Halfling | +4 | Using an ESP device | -5 |
| Helm of telepathy† | +4 | Feebleminded | ** |
| Tower of Iron Will (within 3 ft) | +6 | Insane | *** |
| Mind Bar | +6 |  |  |
]]
later("TBL-PSI-SAVEADJ", function()
  local bonus, penalty = {}, {}
  for _, r in ipairs(md_rows(M.text["TBL-PSI-SAVEADJ"])) do
    if r[1] and r[1] ~= "" then bonus[#bonus + 1] = { r[1], r[2] } end
    if r[3] and r[3] ~= "" then penalty[#penalty + 1] = { r[3], r[4] } end
  end
  for _, p in ipairs(penalty) do bonus[#bonus + 1] = p end
  mx_rows("TBL-PSI-SAVEADJ", "Source", { "Adjustment" }, bonus)
end)

-- TBL-PSI-D (seed 880-885), TBL-PSI-WIS (seed 915-921).
mx("TBL-PSI-D", [[
| Attack mode | Short | Medium | Long | Area of effect |
|---|---|---|---|---|
| Psionic Blast | 2" | 4" | 6" | cone: 1/2" wide at origin, 6" long, 2" wide at far end |
| Mind Thrust | 3" | 6" | 9" | 1 creature |
| Ego Whip | 4" | 8" | 12" | 1 creature |
| Id Insinuation | 6" | 12" | 18" | 2" x 2" area within range |
| Psychic Crush* | 5" | — | — | 1 creature |
]])
mx("TBL-PSI-WIS", [[
| Monster intelligence | Wisdom range |
|---|---|
| Low | 2-8 |
| Average | 3-12 |
| Very / High | 4-16 |
| Exceptional / Genius | 8-18 (2d6+6) |
| Supra-genius | 8-20 (4d4+4) |
| Godlike | 9-24 (3d6+6) |
]])

-- TBL-SAVE-CHAR (seed 927-955): one matrix per class group, rows the level
-- bands ("Cleric (a) 1-3" is the cleric matrix's row 1-3). Levels above the
-- last band read it; monsters use these by their save level (1E-SAVE-06).
M.text["TBL-SAVE-CHAR"] = [[
| Class and level | Paralyzation, Poison or Death Magic | Petrification or Polymorph* | Rod, Staff or Wand | Breath Weapon** | Spell*** |
|---|---|---|---|---|---|
| Cleric (a) 1-3 | 10 | 13 | 14 | 16 | 15 |
| Cleric (a) 4-6 | 9 | 12 | 13 | 15 | 14 |
| Cleric (a) 7-9 | 7 | 10 | 11 | 13 | 12 |
| Cleric (a) 10-12 | 6 | 9 | 10 | 12 | 11 |
| Cleric (a) 13-15 | 5 | 8 | 9 | 11 | 10 |
| Cleric (a) 16-18 | 4 | 7 | 8 | 10 | 9 |
| Cleric (a) 19+ | 2 | 5 | 6 | 8 | 7 |
| Fighter (b) 0 | 16 | 17 | 18 | 20 | 19 |
| Fighter (b) 1-2 | 14 | 15 | 16 | 17 | 17 |
| Fighter (b) 3-4 | 13 | 14 | 15 | 16 | 16 |
| Fighter (b) 5-6 | 11 | 12 | 13 | 13 | 14 |
| Fighter (b) 7-8 | 10 | 11 | 12 | 12 | 13 |
| Fighter (b) 9-10 | 8 | 9 | 10 | 9 | 11 |
| Fighter (b) 11-12 | 7 | 8 | 9 | 8 | 10 |
| Fighter (b) 13-14 | 5 | 6 | 7 | 5 | 8 |
| Fighter (b) 15-16 | 4 | 5 | 6 | 4 | 7 |
| Fighter (b) 17+ | 3 | 4 | 5 | 4 | 6 |
| Magic-user (c) 1-5 | 14 | 13 | 11 | 15 | 12 |
| Magic-user (c) 6-10 | 13 | 11 | 9 | 13 | 10 |
| Magic-user (c) 11-15 | 11 | 9 | 7 | 11 | 8 |
| Magic-user (c) 16-20 | 10 | 7 | 5 | 9 | 6 |
| Magic-user (c) 21+ | 8 | 5 | 3 | 7 | 4 |
| Thief (d) 1-4 | 13 | 12 | 14 | 16 | 15 |
| Thief (d) 5-8 | 12 | 11 | 12 | 15 | 13 |
| Thief (d) 9-12 | 11 | 10 | 10 | 14 | 11 |
| Thief (d) 13-16 | 10 | 9 | 8 | 13 | 9 |
| Thief (d) 17-20 | 9 | 8 | 6 | 12 | 7 |
| Thief (d) 21+ | 8 | 7 | 4 | 11 | 5 |
]]
later("TBL-SAVE-CHAR", function()
  local rows, header = md_rows(M.text["TBL-SAVE-CHAR"])
  local groups, order = {}, {}
  for _, r in ipairs(rows) do
    local g, band = r[1]:match("^(%S+) %(%a%) (.+)$")
    g = g:lower()
    if not groups[g] then
      groups[g] = {}
      order[#order + 1] = g
    end
    local row = { band }
    for i = 2, #r do row[#row + 1] = r[i] end
    groups[g][#groups[g] + 1] = row
  end
  local cols = {}
  for i = 2, #header do cols[#cols + 1] = header[i] end
  local out = { groups = order, cols = cols }
  for _, g in ipairs(order) do
    out[g] = check.matrix({ corner = "Level", cols = cols, rows = groups[g], row_above = "clamp" },
      { name = "TBL-SAVE-CHAR " .. g })
  end
  M["TBL-SAVE-CHAR"] = out
end)

-- TBL-ITEMSAVE (seed 970-984) and TBL-ITEMSAVE-FORMS (seed 992-1003).
mx("TBL-ITEMSAVE", [[
| Item | 1 Acid | 2 Crushing blow | 3 Normal blow | 4 Disintegrate | 5 Fall | 6 Fireball | 7 Magical fire | 8 Normal fire | 9 Magical cold | 10 Lightning | 11 Electricity |
|---|---|---|---|---|---|---|---|---|---|---|---|
| Bone or ivory | 11 | 16 | 10 | 20 | 6 | 17 | 9 | 3 | 2 | 8 | 1 |
| Ceramic | 4 | 18 | 12 | 19 | 11 | 5 | 3 | 2 | 4 | 2 | 1 |
| Cloth | 12 | 6 | 3 | 20 | 2 | 20 | 16 | 13 | 1 | 18 | 1 |
| Crystal or vial | 6 | 19 | 14 | 20 | 13 | 10 | 6 | 3 | 7 | 15 | 5 |
| Glass | 5 | 20 | 15 | 20 | 14 | 11 | 7 | 4 | 6 | 17 | 1 |
| Leather or book | 10 | 4 | 2 | 20 | 1 | 13 | 6 | 4 | 3 | 13 | 1 |
| Liquid* | 15 | 0 | 0 | 20 | 0 | 15 | 14 | 13 | 12 | 18 | 15 |
| Metal, hard | 7 | 6 | 2 | 17 | 2 | 6 | 2 | 1 | 1* | 11 | 1 |
| Metal, soft, or jewelry** | 13 | 14 | 9 | 19 | 4 | 18 | 13 | 5 | 1 | 16 | 1 |
| Mirror*** | 12 | 20 | 15 | 20 | 13 | 14 | 9 | 5 | 6 | 18 | 1 |
| Parchment or paper | 16 | 11 | 6 | 20 | 0 | 25 | 21 | 18 | 2 | 20 | 1 |
| Stone, small, or gem | 3 | 17 | 7 | 18 | 4 | 7 | 3 | 2 | 1 | 14 | 2 |
| Wood or rope, thin | 9 | 13 | 6 | 20 | 2 | 15 | 11 | 9 | 1 | 10 | 1 |
| Wood or rope, thick | 8 | 10 | 3 | 19 | 1 | 11 | 7 | 5 | 1 | 12 | 1 |
]])
mx("TBL-ITEMSAVE-FORMS", [[
| Attack form | Meaning |
|---|---|
| 1. Acid | Large amounts of strong acid (e.g. black dragon or giant slug spittle), or immersion long enough to damage the item. |
| 2. Crushing blow | A heavy falling object, or a weapon blow from an ogre, giant, etc. Also a ceramic oil flask or a crystal/glass holy-water vial hurled at a hard surface or dropped from a height. A crushing blow can also tear cloth. |
| 3. Normal blow | A blow from an opponent of normal strength, or a hit by a fairly heavy object. Also a ceramic oil flask or crystal/glass holy-water vial hurled at a hard but somewhat flexible surface. |
| 4. Disintegrate | Any magical disintegration. |
| 5. Fall | About a 5-ft fall onto a hard (stone-like) surface. Wood or similar softer surface +1; soft body +5; −1 per extra 5 ft beyond the first 5 ft. |
| 6. Fireball | Magical fireball, meteor swarm, red dragon breath, etc. |
| 7. Magical fire | Wall of fire, fire storm, flame strike, etc. |
| 8. Normal fire | Hot fire such as burning wood or oil. The item must be exposed long enough: paper or parchment about 1 melee round, cloth 2 rounds, bone or ivory 3 rounds, and so on. |
| 9. Magical cold | White dragon breath, cone of cold, ice storm, etc. |
| 10. Lightning | Lightning called from the sky, blue dragon breath, etc. |
| 11. Electricity | An electric eel's shock, electrical magic items or traps, etc. |
]])

-- TBL-INTOX (seed 1106-1114), TBL-INTOX-REC (seed 1134-1138).
mx("TBL-INTOX", [[
| Effect | Slight | Moderate | Great* |
|---|---|---|---|
| Courage | +1 | +2 | +4 |
| Morale | +5% | +10% | +15% |
| Intelligence | -1 | -3 | -6 |
| Wisdom | -1 | -4 | -7 |
| Dexterity | 0 | -2 | -5 |
| Charisma | 0 | -1 | -4 |
| Attack (to-hit) rolls | 0 | -1 | -5 |
| Hit points | 0 | +1 | +3 |
]])
mx("TBL-INTOX-REC", [[
| Degree of intoxication* | Recovery time | Mild stimulant | Strong stimulant |
|---|---|---|---|
| Slight | 1-2 hours | ×0.80 | ×0.50 |
| Moderate | 2-4 hours | ×0.85 | ×0.55 |
| Great | 4-6 hours | ×0.90 | ×0.55 |
| Unconscious | 7-10 hours | ×0.95 | ×0.60 |
]])

-- TBL-INSANITY (seed 1152-1162): the two pairs of columns as one d20 table.
M.text["TBL-INSANITY"] = [[
| d20 | Type | d20 | Type |
|---|---|---|---|
| 1 | Dipsomania* | 11 | Mania |
| 2 | Kleptomania* | 12 | Lunacy |
| 3 | Schizoid* | 13 | Paranoia |
| 4 | Pathological liar* | 14 | Manic-depressive |
| 5 | Monomania | 15 | Hallucinatory insanity |
| 6 | Dementia praecox | 16 | Sado-masochism |
| 7 | Melancholia | 17 | Homicidal mania |
| 8 | Megalomania | 18 | Hebephrenia |
| 9 | Delusional insanity | 19 | Suicidal mania |
| 10 | Schizophrenia | 20 | Catatonia |
]]
later("TBL-INSANITY", function()
  local first, second = {}, {}
  for _, r in ipairs(md_rows(M.text["TBL-INSANITY"])) do
    first[#first + 1] = { r[1], r[2] }
    second[#second + 1] = { r[3], r[4] }
  end
  for _, r in ipairs(second) do first[#first + 1] = r end
  M["TBL-INSANITY"] = check.table({ die = "d20", rows = first }, { name = "TBL-INSANITY" })
end)

-- cell(m, row, col) -> the number in a matrix cell, or its text ("T", "—").
function M.cell(m, row, col)
  return m:lookup(row, col)
end

rules.define("1e.tables", M)
return M
