-- D&D 5e (2024), inventory section 12: combat order and turns (TV-18,
-- TV-42, TV-43): rounds and turns in self-playing fights and in the
-- kernel's encounter (module combat) under the 5e configuration, Initiative
-- as a Dexterity check with groups and Surprise, and the budget of a turn.
-- ruleset: 5e
-- covers: 5E-CMB-01 5E-CMB-02 5E-CMB-03 5E-CMB-04 5E-CMB-05 5E-CMB-06 5E-CMB-07
-- covers: 5E-CMB-08 5E-CMB-09 5E-CMB-10 5E-CMB-11 5E-CMB-12 5E-CMB-13

local ch = require("core.5e.character")
local I = rules.need("5e.initiative")
local T = rules.need("5e.turn")

local function stat(name, hp, extra)
  local s = { name = name, hp = hp, ac = 10, abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Club", bonus = 4, damage = "1d6+2", type = "bludgeoning" } } }
  for k, v in pairs(extra or {}) do s[k] = v end
  return s
end

local function being(id, dex, extra)
  local spec = { id = id, hp = 10, abilities = { dex = dex or 10 } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  return creature.new(spec)
end

-- turns lists "round:id" for each turn a fighter takes, from a fight's log.
local function turns(log)
  local out, round = {}, 0
  for _, l in ipairs(log) do
    local r = l:match("^%-%- round (%d+)")
    if r then round = tonumber(r) end
    local who = l:match("^(%S+) attacks") or l:match("^(%S+) hits")
    if who then out[#out + 1] = round .. ":" .. who end
  end
  return out
end

test("rounds of 6 seconds; everyone takes one turn a round in the same order until a side is defeated (5E-CMB-01, 02, 06, 12)", function()
  eq(rules.need("combat").round_seconds, 6)
  eq(combat.convert(1, "round", "second", I.config()), 6)
  eq(combat.convert(1, "minute", "round", I.config()), 10)
  local enc = fight.encounter{ max_rounds = 3, sides = {
    { name = "a", members = { { id = "ann", stat = stat("ann", 100) } } },
    { name = "b", members = { { id = "bob", stat = stat("bob", 100) } } } } }
  -- Initiative: ann 5, bob 15 (the 5e ties never come up); the attacks'
  -- dice are random (mixed): only the order of the turns counts here
  dice.force({ 5, 15 }, { mixed = true })
  local res = fight.run(enc, { trace = true })
  eq(turns(res.log), { "1:bob", "1:ann", "2:bob", "2:ann", "3:bob", "3:ann" })
  eq(res.winner, "draw", "nobody defeated after 3 rounds")
  -- a fight ends as soon as one side is defeated: killed, or fled
  local short = fight.encounter{ sides = {
    { name = "a", members = { { id = "ann", stat = stat("ann", 100, { attacks = { { name = "Axe", bonus = 20, damage = "50" } } }) } } },
    { name = "b", members = { { id = "bob", stat = stat("bob", 50) }, { id = "cid", stat = stat("cid", 50) } } } } }
  -- Initiative ann 20, bob 1, cid 2; ann hits (10 + 20), cid misses (5 + 4),
  -- ann hits again
  dice.force{ 20, 1, 2, 10, 5, 10 }
  local r2 = fight.run(short, { trace = true })
  eq({ r2.winner, r2.rounds }, { "a", 2 }, "two kills, one a round")
  local h = rules.on("turn.act", function(e)
    if e.fighter:get("id") ~= "ann" then return end
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
    e.acted = true
  end)
  local r3 = fight.run(short)
  rules.off(h)
  eq({ r3.winner, r3.rounds }, { "a", 1 }, "surrender or flight defeats a side too")
end)

test("the kernel's encounter under the 5e rules: initiative, then turns in order, round after round (5E-CMB-02, 06)", function()
  local order, enc = I.roll({ being("ann", 10), being("bob", 14), being("cid", 8) })
  -- no dice forced: read the counts from the order
  eq(#order, 3)
  ok(order[1].count >= order[2].count and order[2].count >= order[3].count, "highest first")
  local first = enc:current()[1]
  eq(first, order[1].id)
  enc:next_turn()
  eq(enc:current()[1], order[2].id)
  enc:next_turn()
  enc:next_turn()
  eq(enc:round(), 2)
  eq(enc:current()[1], first, "the order does not change from round to round")
  eq(enc:order(), { { id = order[1].id, count = order[1].count }, { id = order[2].id, count = order[2].count },
    { id = order[3].id, count = order[3].count } })
end)

test("Initiative is a Dexterity check: the Dex modifier, Exhaustion, Poisoned (5E-CMB-03)", function()
  local quick = being("quick", 16)
  local tired = being("tired", 16)
  tired:add_condition("exhaustion", { level = 2 })
  local sick = being("sick", 10)
  sick:add_condition("poisoned")
  dice.force{ 10, 10, 12, 4 }
  local order, enc = I.roll({ quick, tired, sick })
  eq(order, { { id = "quick", c = quick, count = 13 }, { id = "tired", c = tired, count = 9 },
    { id = "sick", c = sick, count = 4 } }, "16 -> +3; +3 - 4; Poisoned: Disadvantage on checks")
  eq(enc:rolls()[3].faces, { 12, 4 })
end)

test("TV-42: four identical goblins roll once, d20 = 13 with Dex +2: all four at 15 (5E-CMB-04)", function()
  local entries = { { c = being("hero", 10) } }
  for i = 1, 4 do entries[#entries + 1] = { c = being("gob" .. i, 14), group = "goblins" } end
  dice.force{ 11, 13 }
  local order, enc = I.roll(entries)
  eq(#enc:rolls(), 2, "one roll for the hero, one for the four goblins")
  local counts = {}
  for _, o in ipairs(order) do counts[o.id] = o.count end
  eq(counts, { hero = 11, gob1 = 15, gob2 = 15, gob3 = 15, gob4 = 15 })
end)

test("TV-43: Surprise gives Disadvantage; Surprised and Invisible cancel: one d20 (5E-CMB-05)", function()
  local ambushed = being("ambushed", 10)
  local ghost = being("ghost", 10)
  ghost:add_condition("invisible")
  local dazed = being("dazed", 10)
  dazed:add_condition("stunned")
  dice.force{ 17, 6, 9, 3, 19 }
  local _, enc = I.roll({ { c = ambushed, surprised = true }, { c = ghost, surprised = true }, dazed })
  local r = enc:rolls()
  eq({ r[1].faces, r[1].natural }, { { 17, 6 }, 6 }, "surprised: the lower of two")
  eq(#r[2].faces, 1, "surprised and invisible: one die")
  eq({ r[3].faces, r[3].natural }, { { 3, 19 }, 3 }, "Incapacitated: Disadvantage")
end)

test("ties: the higher modifier, then a roll-off; the DM and players may order them (5E-CMB-07)", function()
  local a, b = being("a", 10), being("b", 12)
  dice.force{ 12, 11 }
  local order = I.roll({ a, b })
  eq({ order[1].id, order[2].id, order[1].count }, { "b", "a", 12 }, "tied at 12: +1 first")
  local c, d = being("c", 10), being("d", 10)
  dice.force{ 8, 8, 3, 5 }
  order = I.roll({ c, d })
  eq({ order[1].id, order[2].id }, { "d", "c" }, "same modifier: the roll-off 5 beats 3")
  local e, f = being("e", 10), being("f", 10)
  dice.force{ 8, 8, 5, 3 }
  order = I.roll({ e, f }, { tie = function(x, y) return x.id == "f" and y.id == "e" end })
  eq({ order[1].id, order[2].id }, { "f", "e" }, "the table's choice")
end)

test("static Initiative: 10 + the modifier, +5 with Advantage, -5 with Disadvantage (5E-CMB-13)", function()
  local a, b, c = being("a", 14), being("b", 14), being("c", 14)
  b:add_condition("invisible")
  local order = I.roll({ a, b, { c = c, surprised = true } }, { static = true })
  local counts = {}
  for _, o in ipairs(order) do counts[o.id] = o.count end
  eq(counts, { a = 12, b = 17, c = 7 })
end)

test("TV-18: on a turn, move up to the Speed and take one action, in any order, movement split around it (5E-CMB-08)", function()
  local c = ch.new{ id = "pc", hp = 10, level = 1, speed = 30, abilities = { dex = 10 } }
  local t = T.start(c)
  eq(t:move_feet(10), true)
  eq(t:act("attack"), true)
  eq(t:move_feet(20), true)
  local ok2, why = t:move_feet(5)
  eq(ok2, false)
  matches(why, "0 ft of movement left")
  local again, why2 = t:act("dash")
  eq({ again, why2 }, { false, "no action left" })
  eq(t:bonus_action("offhand"), false, "no Bonus Action without a feature")
  local rogue = T.start(ch.new{ id = "rogue", hp = 10, level = 2, speed = 30 }, { bonus_action = true })
  eq(rogue:bonus_action("cunning_action"), true)
  eq(rogue:act("dash"), true)
  eq(rogue.move:left(), 60, "Dash adds the Speed")
  local stunned = creature.new{ id = "s", hp = 5 }
  stunned:add_condition("stunned")
  eq(T.start(stunned):act("attack"), false, "Incapacitated: no action")
end)

test("brief words are free; extended communication takes the action (Influence) (5E-CMB-09)", function()
  local t = T.start(creature.new{ id = "bard", hp = 8 })
  eq({ t:speak(false) }, { true, "free" })
  eq({ t:speak(false) }, { true, "free" }, "as often as you like")
  eq({ t:speak(true) }, { true, "influence" })
  eq(t.actions, 0)
  eq(t:speak(true), false, "a second persuasion needs a second action")
end)

test("one object interaction is free; a second takes the Utilize action (5E-CMB-10)", function()
  local t = T.start(creature.new{ id = "pc", hp = 8 })
  eq({ t:interact("door") }, { true, "free" })
  eq({ t:interact("lever") }, { true, "utilize" })
  eq(t.actions, 0)
  eq(t:interact("chest"), false)
  local u = T.start(creature.new{ id = "pc2", hp = 8 })
  eq({ u:interact("wand", { action = true }) }, { true, "utilize" }, "an item that always takes an action")
end)

test("a creature may do nothing on its turn; Dodge or Ready are the fallbacks (5E-CMB-11)", function()
  local t = T.start(creature.new{ id = "pc", hp = 8, speed = 25 })
  eq(t:finish(), { actions = 1, movement = 25, fallbacks = { "dodge", "ready" } })
  -- in a fight, a turn.act hook that sets acted does nothing with the turn
  local enc = fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { id = "ann", stat = stat("ann", 10) } } },
    { name = "b", members = { { id = "bob", stat = stat("bob", 10) } } } } }
  local h = rules.on("turn.act", function(e) e.acted = true end)
  local res = fight.run(enc, { trace = true })
  rules.off(h)
  eq({ #turns(res.log), res.winner }, { 0, "draw" })
end)
