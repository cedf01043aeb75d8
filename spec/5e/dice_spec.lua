-- D&D 5e (2024), inventory section 2: dice.
-- ruleset: 5e
-- covers: 5E-DICE-01 5E-DICE-02 5E-DICE-03 5E-DICE-04 5E-DICE-05 5E-DICE-06

local rolls = require("core.5e.rolls")

test("NdX + M: 3d8 + 5 rolling 2, 7, 4 is 18 (TV-01, 5E-DICE-01)", function()
  dice.force{ 2, 7, 4 }
  local r = rolls.roll("3d8 + 5")
  eq(r.total, 18)
  eq(#r.dice, 3)
  eq(rolls.dice, { "d4", "d6", "d8", "d10", "d12", "d20", "d100", "d3" })
  for _, d in ipairs({ "1d4", "1d6", "1d8", "1d10", "1d12", "1d20", "1d100", "1d3" }) do
    ok(dice.valid(d), d)
  end
end)

test("d100 from two d10s entered by hand (TV-02, 5E-DICE-02)", function()
  eq(rolls.d100(7, 1), 71)
  eq(rolls.d100(0, 0), 100, "two zeros are 100")
  eq(rolls.d100(70, 1), 71, "a tens die marked 70")
  eq(rolls.d100("00", 0), 100, "00 and 0")
  eq(rolls.d100(0, 5), 5)
  fails(function() rolls.d100(3, 10) end, "ones 0-9")
  -- The digital roller draws 1-100 uniformly.
  local d = dice.dist("1d100")
  eq(#d.outcomes, 100)
  near(d.outcomes[1].p, 0.01, 1e-12)
end)

test("d3 from a d6: divide by 2, round up (TV-03, 5E-DICE-03)", function()
  local got = {}
  for face = 1, 6 do got[face] = rolls.d3(face) end
  eq(got, { 1, 1, 2, 2, 3, 3 })
  dice.force{ 4 }
  eq(rolls.roll_d3(), 2, "a rolled d6 of 4 reads 2")
end)

test("a random table: roll the header's die, read the row holding it (TV-05, 5E-DICE-04)", function()
  local t = rolls.table([[
die: d10
| d10 | Result |
|---|---|
| 1-3 | row 1 |
| 4-8 | row 2 |
| 9-10 | row 3 |
]])
  dice.force{ 6 }
  local r = t:roll()
  eq(r.sum, 6)
  eq(r.value, "row 2")
  eq(t:lookup(9), "row 3")
end)

test("an X% chance happens on a d100 of X or less: 5% on 05, not on 06 (TV-04, 5E-DICE-05)", function()
  dice.force{ 5, 6 }
  eq(rolls.chance(5).success, true, "05 happens")
  eq(rolls.chance(5).success, false, "06 doesn't")
end)

test("each weapon and spell states its damage dice: dagger 1d4, greataxe 1d12, Fireball 8d6 (5E-DICE-06)", function()
  eq(rolls.damage_dice.dagger.dice, "1d4")
  eq(rolls.damage_dice.greataxe.dice, "1d12")
  eq(rolls.damage_dice.fireball.dice, "8d6")
  dice.force{ 3, 11, 1, 2, 3, 4, 5, 6, 1, 2 }
  local d = rolls.damage("dagger", 2)
  eq(d.total, 5)
  eq(d.type, "piercing")
  eq(rolls.damage("greataxe").total, 11)
  local fb = rolls.damage("fireball")
  eq(#fb.dice, 8)
  eq(fb.total, 24)
  eq(fb.type, "fire")
  eq(dice.dist("8d6").mean, 28)
end)
