-- The Lua dice module: forced faces, totals, labels, exact chances.
-- ruleset: base

test("forced faces reproduce a worked roll", function()
  dice.force{5, 4, 6, 1}
  local r = dice.roll("4d6kh3")
  eq(r.total, 15)
  eq(r.text, "4d6kh3 (5, 4, 6, ~~1~~) = 15")
  eq(#r.dice, 4)
  eq(r.dice[4].kept, false)
end)

test("labelled damage reports a subtotal per type", function()
  dice.force{3, 4, 5}
  local r = dice.roll("2d6[fire] + 1d8[cold] + 3")
  eq(r.labels.fire, 7)
  eq(r.labels.cold, 8)
  eq(r.total, 15)
end)

test("advantage keeps the higher d20", function()
  dice.force{14, 9}
  eq(dice.total("1d20+5 adv"), 19)
end)

test("exact chance of a hit", function()
  near(dice.chance("1d20+5 >= 15"), 11 / 20, 1e-12)
  near(dice.dist("4d6kh3").mean, 15869 / 1296, 1e-12)
end)

test("bad notation is an error naming the column", function()
  fails(function() dice.total("1d20+") end, "col 6")
  local valid, msg = dice.valid("2d")
  eq(valid, false)
  matches(msg, "col 3")
end)
