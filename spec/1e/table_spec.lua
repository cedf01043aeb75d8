-- ruleset: 1e
-- A fight played by hand (fight.table(), the REPL's table) resolves an
-- attack as a fight that plays itself does: the same attack matrix
-- (combat.attack.needed) and the same dice give the same result.
-- covers: 1E-TOHIT-01
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")

local hero = { id = "hero", class = "fighter", level = 1, weapon = "Long sword", hp = 20 }

-- table_strike: the hero's blow at an orc at the table, with faces forced
-- after the initiative (6 to 1).
local function table_strike(faces)
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  fight.table()
  local h = fight.add(classes.character(hero), { side = "party", player = true })[1]
  local o = fight.add("orc", { hp = 20 })[1]
  dice.force{ 6, 1 }
  fight.begin()
  dice.force(faces)
  return fight.strike(h, o, "Long sword")
end

-- sim_strike: the same blow in a fight that plays itself (made through
-- fight.strike as the hero's turn starts), with the same faces.
local function sim_strike(faces)
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  local out
  local h = rules.on("turn.start", function(e)
    if out or e.fighter:get("id") ~= "hero" then return end
    dice.force(faces)
    out = fight.strike(e.fighter, fight.get("orc"), "Long sword")
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
    e.skip = true
  end)
  dice.force{ 6, 1 }
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "party", members = { { stat = classes.character(hero), player = true } } },
    { name = "foes", members = { { monster = "orc", hp = 20 } } } } })
  rules.off(h)
  return out
end

test("a table attack uses the attack matrix: a 3 does not hit AC 6, a 14 does, as in a fight that plays itself", function()
  for _, faces in ipairs({ { 3 }, { 13 }, { 14, 5 }, { 20, 8 } }) do
    local t, s = table_strike(faces), sim_strike(faces)
    eq({ t.hit, t.total, t.damage }, { s.hit, s.total, s.damage }, "d20 " .. faces[1])
  end
  eq(table_strike({ 3 }).hit, false, "I.B level 1 against AC 6 needs 14")
  eq(table_strike({ 13 }).hit, false)
  eq(table_strike({ 14, 5 }).hit, true)
end)

test("an error in the to-hit rule at the table is reported, not taken for a miss", function()
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  local combat = rules.need("combat")
  local needed = combat.attack.needed
  combat.attack.needed = function() error("no matrix here") end
  fight.table()
  local h = fight.add(classes.character(hero), { side = "party", player = true })[1]
  local o = fight.add("orc", { hp = 20 })[1]
  dice.force{ 6, 1 }
  fight.begin()
  local msg = fails(function() fight.strike(h, o, "Long sword") end, "no matrix here")
  combat.attack.needed = needed
  ok(msg ~= nil)
end)

test("at the table the self-playing tactics stay out: no rolled hit points, distance, morale or automatic blows", function()
  enc.setup{}
  fight.table()
  fight.add(classes.character{ id = "lord", class = "fighter", level = 12, weapon = "Long sword", hp = 80 },
    { side = "party", player = true })
  local o = fight.add("orc", { hp = 20 })[1]
  local before = dice.draws()
  dice.force{ 6, 1 }
  fight.begin()
  eq(dice.draws() - before, 2, "the two initiative dice only")
  eq(o:get("hp"), 20, "the hit points the game master gave")
  fight.next()
  eq(dice.draws() - before, 2, "nobody struck by itself")
end)
