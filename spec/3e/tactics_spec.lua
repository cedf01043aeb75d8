-- ruleset: 3e
-- Tactics of 3.0 fights that play themselves: the 5-foot step instead of a
-- move that provokes, a full attack when adjacent, a charge when not, a
-- target an ally already threatens (flanking), falling back when badly hurt.
-- covers: 3E-ACTION-05 3E-ACTION-14 3E-ATK-17 3E-POS-01
local S = require("core.3e.statblock")
local tactics = require("core.3e.tactics")

local function fighter(id, extra)
  local t = { id = id, hp = 30, bab = 6, abilities = { str = 14, dex = 10 }, ac = { armor = 4 }, speed = 30,
    weapons = { { name = "Sword", damage = "1d8" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function run(rows, a, b, rounds)
  return fight.run(fight.encounter{ map = { rows = rows }, max_rounds = rounds or 1, sides = {
    { name = "a", members = a }, { name = "b", members = b } } }, { trace = true })
end

local function lines(r, pat)
  local out = {}
  for _, l in ipairs(r.log) do if string.find(l, pat, 1, true) then out[#out + 1] = l end end
  return out
end

test("adjacent: a full attack (+6/+1), no move", function()
  local r = run({ "....", ".12.", "...." }, { { stat = fighter("f", { init = 20 }) } },
    { { stat = fighter("g", { hp = 200, ac = { armor = 30 } }) } })
  eq(#lines(r, "f attacks g"), 2, "two attacks")
  eq(#lines(r, "f moves"), 0)
end)

test("a 5-foot step to a foe provokes nothing from another, and still allows the full attack", function()
  -- f at (1,1) goes for g at (3,1): one step to (2,1), out of the squares
  -- h's longspear threatens (10 ft from h at (1,3))
  local function pick_g(_, enemies)
    for _, e in ipairs(enemies) do if e:get("id") == "g" then return e end end
    return enemies[1]
  end
  local r = fight.run(fight.encounter{ map = { rows = { ".....", ".....", ".....", "....." } }, max_rounds = 1, sides = {
    { name = "a", tactics = pick_g, members = { { stat = fighter("f", { init = -20, hp = 300 }), at = { 1, 1 } } } },
    { name = "b", members = { { stat = fighter("g", { hp = 200, ac = { armor = 30 }, speed = 0, init = 10 }), at = { 3, 1 } },
      { stat = fighter("h", { hp = 200, ac = { armor = 30 }, init = 30,
        weapons = { { name = "Longspear", damage = "1d8", reach = true } } }),
        at = { 1, 3 } } } } } }, { trace = true })
  eq(#lines(r, "f moves to (2,1) (5 ft)"), 1)
  eq(#lines(r, "h attacks f") + #lines(r, "h hits f"), 2, "h acted first (a full attack): not flat-footed")
  eq(#lines(r, "opportunity attack on f"), 0, "the 5-foot step provokes nothing")
  eq(#lines(r, "f attacks g"), 2, "the full attack after it")
end)

test("out of reach: a charge in a straight line, +2, one attack", function()
  local r = run({ "..........", ".1......2.", ".........." }, { { stat = fighter("f", { init = 20 }) } },
    { { stat = fighter("g", { hp = 200 }) } })
  eq(#lines(r, "f charges g"), 1)
  eq(#lines(r, "f attacks g") + #lines(r, "f hits g"), 1, "one attack after a charge")
end)

test("a target an ally already threatens comes first (flanking)", function()
  local all = require("core.3e.arena")({ ".....", ".....", "....." }, {
    { id = "a", side = "a", at = { 1, 1 }, stat = fighter("a") }, { id = "ally", side = "a", at = { 3, 1 }, stat = fighter("ally") },
    { id = "x", side = "b", at = { 2, 1 }, stat = fighter("x", { hp = 40 }) }, { id = "y", side = "b", at = { 1, 2 }, stat = fighter("y", { hp = 10 }) } },
    { acted = true })
  eq(tactics.target(all.a, { all.x, all.y }), all.x, "x is flanked though y has fewer hit points")
  eq(fight.assess(all.a, all.x, "Sword").bonus, 2)
end)

test("falling back when badly hurt", function()
  local hurt = tactics.kit(fighter("h", { hp = 5, max_hp = 30, init = 20 }), { fall_back_below = 0.25 })
  local r = run({ "......", ".12...", "......" }, { { stat = hurt } }, { { stat = fighter("g", { hp = 200 }) } })
  eq(#lines(r, "h falls back, badly hurt"), 1)
  eq(#lines(r, "h attacks"), 0)
  eq(tactics.badly_hurt(creature.new{ id = "z", hp = 8, max_hp = 30 }), false)
end)
