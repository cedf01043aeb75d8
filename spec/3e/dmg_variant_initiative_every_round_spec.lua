-- ruleset: 3e
-- variants: 3e.initiative_every_round
-- DMG-INIT-11 (variant), TV-08, TV-09 and A-09: everyone rerolls at the
-- start of each round; "until X's next action" follows the new order; a
-- ready or delay within the round costs a cumulative -2 on later rolls,
-- into the next round nothing; refocus clears it. The roll-once control
-- case is in dmg_variants_off_spec.lua.
-- covers: DMG-INIT-11
local I = require("core.3e.initiative")

local function mk(id, dex)
  return creature.new{ id = id, hp = 10, abilities = { dex = dex } }
end

local function ids(order)
  local out = {}
  for _, o in ipairs(order) do out[#out + 1] = o.id .. ":" .. o.count end
  return table.concat(out, " ")
end

test("TV-08: the monk stuns the wizard until its next action; rerolled, the monk goes first and the stun ends first", function()
  local enc = I.new{ mk("wizard", 10), mk("monk", 10) }
  dice.force{ 15, 10 } -- wizard 15, monk 10
  enc:begin()
  eq(enc:current(), { "wizard" })
  enc:next_turn() -- the monk stuns the wizard until the monk's next action
  enc:add_effect({ id = "stun", owner = "monk", target = "wizard", ends = { at = "turn_start", who = "monk" } })
  dice.force{ 5, 18 } -- round B: wizard 5, monk 18
  enc:next_turn()
  eq(enc:round(), 2)
  eq(ids(enc:order()), "monk:18 wizard:5")
  eq(enc:current(), { "monk" })
  eq(enc:effect("stun"), nil, "ended at the monk's action")
  enc:next_turn()
  eq(enc:current(), { "wizard" }, "the wizard acts, not stunned: it can cast")
end)

test("TV-09: delay in round 1 -> -2; ready within round 2 -> -4; into the next round -> still -4; refocus -> 0", function()
  local enc = I.new{ mk("c", 10), mk("x", 10) }
  dice.force{ 10, 5 }
  enc:begin()
  eq(I.held(enc, "c", false), 1)
  enc:next_turn()
  dice.force{ 10, 5 }
  enc:next_turn()
  eq(ids(enc:order()), "c:8 x:5", "10 - 2")
  eq(I.held(enc, "c", false), 2)
  enc:next_turn()
  dice.force{ 10, 5 }
  enc:next_turn()
  eq(ids(enc:order()), "c:6 x:5", "10 - 4")
  eq(I.held(enc, "c", true), 2, "readied into the next round: no more")
  enc:next_turn()
  dice.force{ 10, 5 }
  enc:next_turn()
  eq(ids(enc:order()), "c:6 x:5", "still -4")
  I.refocus(enc, "c")
  enc:next_turn()
  dice.force{ 10, 5 }
  enc:next_turn()
  eq(ids(enc:order()), "c:10 x:5", "refocus cleared it")
  eq(I.held_count(enc, "c"), 0)
end)

test("fights that play themselves reroll every round", function()
  eq(I.config().initiative.reroll_each_round, true)
  local S = require("core.3e.statblock")
  local function man(id)
    return S.build{ id = id, hp = 30, abilities = { str = 10, dex = 10 }, ac = { armor = 30 }, weapons = { { name = "Club", damage = "1d6" } } }
  end
  -- round 1: a 15, b 5; round 2: a 2, b 18; every attack misses (2)
  dice.force{ 15, 5, 2, 2, 2, 18, 2, 2 }
  local r = fight.run(fight.encounter{ map = { rows = { "....", ".12.", "...." } },
    sides = { { name = "a", members = { { stat = man("a") } } }, { name = "b", members = { { stat = man("b") } } } }, max_rounds = 2 },
    { trace = true })
  eq({ r.log[1], r.log[2], r.log[3], r.log[4], r.log[5], r.log[6] }, { "-- round 1", "a attacks b with Club at 5 ft: 2 vs 40, miss",
    "b attacks a with Club at 5 ft: 2 vs 40, miss", "-- round 2", "b attacks a with Club at 5 ft: 2 vs 40, miss",
    "a attacks b with Club at 5 ft: 2 vs 40, miss" })
end)
