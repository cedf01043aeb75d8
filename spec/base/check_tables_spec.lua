-- The Lua check module: range tables and two-way matrices, built from their
-- text (markdown tables copied from the inventories work) or from Lua
-- tables. Worked examples come from rules/adnd1e-dmg-combat.md.
-- ruleset: base

-- TBL-REACT, as printed in the inventory, with the die and edges declared.
local REACT = [[
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
]]

-- TBL-MORALE-FAIL: failure margin -> reaction (lookup only).
local MORALE_FAIL = [[
| Failure margin (roll minus score) | Reaction |
|---|---|
| 1%-15% | Fall back, fighting |
| 16%-30% | Disengage and retreat |
| 31%-50% | Break and run (panic) |
| 51% or more | Surrender |
]]

test("1e: a reaction roll shifted by the speaker's Charisma (1E-REACT-01)", function()
  local react = check.table(REACT, {name = "TBL-REACT"})
  dice.force{12, 3, 90}
  local r = react:roll({{value = -10, source = "Cha reaction"}})
  eq(r.faces, {12})
  eq(r.sum, 12)
  eq(r.key, 2)
  eq(r.row, 1)
  eq(r.label, "01 (or less) - 05")
  eq(r.value, "Violently hostile, immediate attack*")
  eq(r.mods[1].source, "Cha reaction")
  r = react:roll(-10)
  eq(r.key, -7, "below 01 still reads the open first row")
  eq(r.row, 1)
  eq(r.clamped, false)
  r = react:roll(15)
  eq(r.key, 105)
  eq(r.value, "Enthusiastically friendly, immediate acceptance")
  eq(react:lookup(50), "Neutral: uninterested / uncertain")
end)

test("1e: a failed morale check's margin picks the reaction (TV-27, 1E-MORALE-06)", function()
  local fail = check.table(MORALE_FAIL, {name = "TBL-MORALE-FAIL"})
  dice.force{35}
  local m = check.percentile(69, {mods = {10, 10, 20}})
  eq(m.success, false)
  eq(fail:lookup(-m.margin), "Fall back, fighting")
  eq(fail:lookup(80), "Surrender")
  local rows = fail:rows()
  eq(#rows, 4)
  eq(rows[4], {lo = 51, label = "51% or more", value = "Surrender", text = "Surrender"})
  fails(function() fail:lookup(0) end, "0 is below the first row")
end)

test("a table from a Lua spec: numbers stay numbers, edges extend", function()
  local t = check.table({
    die = "2d6",
    below = "clamp",
    above = "extend +1 every 2",
    rows = {{"2-6", 1}, {"7-9", 2}, {"10-12", 3}},
  }, {name = "toy"})
  dice.force{6, 6}
  local r = t:roll({4})
  eq(r.sum, 12)
  eq(r.key, 16)
  eq(r.value, 5)
  eq(r.extended, true)
  eq(r.beyond, 4)
  eq(t:lookup(0), 1)
  eq(t:find(0).clamped, true)
  eq(t:find(8), {value = 2, text = "2", row = 2, label = "7-9", beyond = 0, clamped = false, extended = false})
  matches(tostring(t), "check.table toy (2d6, 3 rows)")
end)

test("a table with a gap is an error naming the row", function()
  fails(function() check.table("d6\n1-2 a\n4-6 b") end, "gap before row \"4-6\"")
  fails(function() check.table({rows = {{"1-3", "a"}, {"x", "b"}}}) end, "not a number or a range")
  fails(function() check.table({rows = {{"1-3"}}}) end, "rows[1]: {key, value} expected")
end)

-- TBL-TURN with its columns written as levels.
local TURN = [[
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
]]

test("1e: turning undead, a 9th-level cleric (TV-10)", function()
  local turn = check.matrix(TURN, {name = "TBL-TURN"})
  eq(turn:lookup("Lich", 9), 16)
  eq(turn:lookup("Vampire", 9), 10)
  eq(turn:lookup("Wraith", 9), "T")
  eq(turn:lookup("Wight", 9), "D")
  eq(turn:lookup("skeleton", 20), "D*", "labels ignore case; 20 falls in 14+")
  eq(turn:lookup("Ghast", 1), "—")
  local hit = turn:find("Vampire", 12)
  eq(hit.col_label, "9-13")
  eq(hit.row_label, "Vampire")
  eq(#turn:rows(), 13)
  eq(turn:cols()[9], "9-13")
  fails(function() turn:lookup("Dracolich", 9) end, "Dracolich")
end)

-- TBL-MATRIX-MON, extended below AC -10 by 1E-TOHIT-05 (+1 per step after six 20s).
local MON = [[
rows below: extend +1 plateau 20 hold 6
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
]]

test("1e: the monsters' attack matrix and its extension (TV-15, 1E-TOHIT-05)", function()
  local mon = check.matrix(MON, {name = "TBL-MATRIX-MON"})
  eq(mon:lookup(5, "6-7+"), 8, "a 6+6 HD monster attacks as 7 HD: needs 8 against AC 5")
  eq(mon:lookup(10, "1"), 9)
  eq(mon:lookup(-10, "16+"), 17)
  eq(mon:lookup(-11, "16+"), 18, "one step beyond the table")
  eq(mon:lookup(-15, "10-11+"), 20, "the sixth 20")
  eq(mon:lookup(-16, "10-11+"), 21, "then 21")
  local hit = mon:find(-16, "10-11+")
  eq(hit.extended, true)
  eq(hit.row_beyond, -6)
  eq(hit.row_label, "-10")
  -- A to-hit roll against the needed number.
  dice.force{8}
  eq(check.roll{target = mon:lookup(5, "6-7+")}.success, true)
  fails(function() mon:lookup(11, "1") end, "11")
end)

test("a matrix from a Lua spec", function()
  local m = check.matrix({
    corner = "AC",
    cols = {"1", "2-3"},
    rows = {{5, 14, 13}, {6, 13, 12}},
    row_above = "clamp",
    col_above = "extend -1",
  })
  eq(m:lookup(5, 2), 13)
  eq(m:lookup(9, 1), 13, "rows clamp above")
  eq(m:lookup(6, 5), 10, "columns extend above")
  fails(function() m:lookup(4, 1) end, "below")
  fails(function() m.lookup(5, 1) end, "call it as t:lookup")
end)
