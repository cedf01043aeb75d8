-- The modded 5e's kits for fights that play themselves: a trip or a
-- grapple in place of the first attack, and a side standing in
-- obscurement (core.mod5e.tactics).
-- ruleset: mod5e

local tactics = require("core.mod5e.tactics")

local function brute(id)
  return { id = id, hp = 40, ac = 10, init = 20, abilities = { str = 18, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    multiattack = { "Fist", "Fist" }, attacks = { { name = "Fist", bonus = 6, damage = "4", type = "bludgeoning", tags = { "unarmed" } } } }
end

local function victim()
  return { id = "victim", hp = 100, ac = 10, abilities = { str = 8, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Club", bonus = 0, damage = "1", type = "bludgeoning" } } }
end

test("a tripping kit trips first, then strikes the prone target with 1 adv more", function()
  -- initiative 10 and 5; the trip: Athletics 15 + 4 against 3 - 1; the fist at 1 adv (prone within 5 ft): 2, 12
  dice.force{ 10, 5, 15, 3, 2, 12 }
  local out = fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = tactics.trip(brute("wrestler")) } } },
    { name = "b", members = { { stat = victim(), tactics = function() return nil end } } } } }, { trace = true })
  local log = table.concat(out.log, "\n")
  matches(log, "wrestler trips victim: prone")
  matches(log, "wrestler hits victim with Fist: 18 vs 10")
  eq(#dice.pending(), 0)
end)

test("a grappling kit holds its target: both are grappled", function()
  local held
  local h = rules.on("turn.end", function(e)
    if e.fighter:get("id") == "wrestler" then held = { fight.get("victim"):has("grappled"), e.fighter:has("grappled") } end
  end, { phase = "after" })
  dice.force({ 10, 5, 15, 3 }, { mixed = true })
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = tactics.grapple(brute("wrestler")) } } },
    { name = "b", members = { { stat = victim(), tactics = function() return nil end } } } } })
  rules.off(h)
  eq(held, { true, true })
end)

test("a side in dim light from the start: its attacks 1 adv, its foes' 1 dis", function()
  tactics.obscure("a", "dim")
  local seen
  local h = rules.on("turn.act", function(e)
    if seen then return end
    local a, b = fight.get("wrestler"), fight.get("victim")
    local x, y = fight.assess(a, b, "Fist"), fight.assess(b, a, "Club")
    seen = { x.adv - x.dis, y.adv - y.dis }
    e.acted = true
  end, { phase = "after" })
  dice.force({ 10, 5 }, { mixed = true })
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = brute("wrestler") } } },
    { name = "b", members = { { stat = victim() } } } } })
  rules.off(h)
  eq(seen, { 1, -1 })
end)
