-- The Lua combat module: encounters with side and individual initiative,
-- ties, 1e surprise segments, the 3e surprise round and newcomers, delay,
-- durations that end on an initiative count, action budgets with composite
-- slots, and time units. Worked examples come from the inventories under
-- rules/ (adnd1e-dmg-combat.md, dmg-running-the-game.md) and restate the
-- kernel's own tests through Lua.
-- ruleset: base

local combat = require("combat")

-- trail renders a report as "kind:who, ...", expiries in their place.
local function trail(rep)
  local out, x = {}, 1
  local function flush(upto)
    while rep.expired[x] and rep.expired[x].after <= upto do
      out[#out + 1] = "expired:" .. rep.expired[x].id .. "(" .. rep.expired[x].cause .. ")"
      x = x + 1
    end
  end
  for i, t in ipairs(rep.transitions) do
    flush(i - 1)
    local s = t.kind
    if t.id then
      s = s .. ":" .. t.id
    elseif t.kind == "segment_start" then
      s = s .. ":" .. t.segment
    else
      s = s .. ":" .. t.round
    end
    out[#out + 1] = s
  end
  flush(#rep.transitions)
  return table.concat(out, ", ")
end

-- 1e: a d6 per side every round, ties act at the same time, one-minute
-- rounds of ten segments, surprise as lost segments.
local function side_config()
  return {
    initiative = { mode = "side", die = "1d6", ties = { "simultaneous" }, reroll_each_round = true },
    surprise = { kind = "lost_segments", die = "1d6" },
    segments = 10, round_seconds = 60, rounds_per_turn = 10,
    slots = { routine = 1 },
  }
end

local function side_party()
  local enc = combat.new(side_config())
  enc:add_side{ name = "party" }
  enc:add_side{ name = "monsters", hidden = true }
  for _, p in ipairs{ { "fighter", "party" }, { "cleric", "party" },
                      { "orc1", "monsters" }, { "orc2", "monsters" }, { "orc3", "monsters" } } do
    enc:add{ id = p[1], side = p[2] }
  end
  return enc
end

-- 3e: individual d20, ties by the tie-break score then a roll-off, a
-- surprise round of one partial action, aware newcomers on top, standard
-- and move actions with a full-round composite.
local function d20_config()
  return {
    initiative = { die = "1d20", ties = { "score", "reroll" }, aware_newcomers_first = true },
    surprise = { kind = "round", slots = { standard = 0, move = 0, partial = 1 } },
    round_seconds = 6,
    slots = { standard = 1, move = 1, partial = 0, free = "unlimited",
              aoo = { count = 1, off_turn = true, reset = "turn_start" } },
    composites = { full = { "standard", "move" } },
    delay = { floor = -10, floor_minus_modifier = true },
    ready = { moves_initiative = true },
  }
end

-- 5e: individual d20, ties by the higher modifier, advantage that cancels,
-- surprise as disadvantage on initiative, one reaction usable off-turn.
local function five_config()
  return {
    initiative = { ties = { "modifier" }, advantage = "cancel" },
    surprise = "disadvantage",
    round_seconds = 6,
    slots = { action = 1, bonus = 1, move = 1, reaction = { count = 1, off_turn = true } },
  }
end

test("1e side initiative: a d6 per side each round, the higher side's step first, a tie acts at once", function()
  local enc = side_party()
  dice.force{5, 3}
  local rep = enc:begin()
  eq(trail(rep), "round_start:1, segment_start:1, turn_start:fighter, turn_start:cleric")
  eq(rep.transitions[3], {kind = "turn_start", round = 1, segment = 1, id = "fighter", count = 5})
  eq(enc:steps(), {{"fighter", "cleric"}, {"orc1", "orc2", "orc3"}})
  eq(enc:current(), {"fighter", "cleric"})
  eq(enc:sides(), {{name = "party", result = 5}, {name = "monsters", result = 3}})
  local rolls = enc:rolls()
  eq(#rolls, 2)
  eq({rolls[2].who, rolls[2].kind, rolls[2].die, rolls[2].total, rolls[2].hidden}, {"monsters", "side", "1d6", 3, true})
  eq(trail(enc:next_turn()), "turn_end:fighter, turn_end:cleric, turn_start:orc1, turn_start:orc2, turn_start:orc3")

  dice.force{2, 2} -- round 2: a tie
  rep = enc:next_turn()
  eq(enc:steps(), {{"fighter", "cleric", "orc1", "orc2", "orc3"}}, "one step for both sides")
  eq(trail(rep), "turn_end:orc1, turn_end:orc2, turn_end:orc3, round_end:1, round_start:2, segment_start:1, " ..
    "turn_start:fighter, turn_start:cleric, turn_start:orc1, turn_start:orc2, turn_start:orc3")
  eq(enc:elapsed(), 10, "ten segments to a round")

  enc:set_side("party", {init = 1})
  enc:deactivate("orc2")
  dice.force{1, 6} -- round 3: party 1+1, monsters 6
  enc:next_turn()
  eq(enc:steps(), {{"orc1", "orc3"}, {"fighter", "cleric"}})
  enc:deactivate("orc1")
  enc:deactivate("orc3")
  eq(enc:active_sides(), {"party"})
end)

-- The segments each side loses to a surprise roll of d6 (A) against d6 (B).
local function losses(a_on, b_on, a, b)
  local enc = side_party()
  dice.force{a, b}
  local res = enc:surprise{ {side = "party", surprised_on = a_on}, {side = "monsters", surprised_on = b_on} }
  return res[1].lost, res[2].lost, res
end

test("1e surprise TV-01: A surprised on 1-2, B on 1; both surprised lose the difference", function()
  local a, b, res = losses(2, 1, 2, 1)
  eq({a, b}, {1, 0}, "A=2 B=1: A loses 1")
  eq(res[1], {side = "party", rolled = true, face = 2, surprised = true, lost = 1})
  a, b = losses(2, 1, 2, 2)
  eq({a, b}, {2, 0}, "A=2 B=2: B is not surprised, A loses its roll")
  a, b = losses(2, 1, 1, 1)
  eq({a, b}, {0, 0}, "equal rolls: no effect")
end)

test("1e surprise TV-02: A surprised on 1-4 against B's 1-5 surpriser, rolls 4", function()
  for bdie, want in ipairs{3, 2, 4, 4, 4, 4} do
    local a, b = losses(4, 2, 4, bdie)
    eq({a, b}, {want, 0}, "B=" .. bdie)
  end
end)

test("1e surprise TV-03: both sides on the normal 2/6; the higher roll loses the difference (AMB-01)", function()
  local rows = { -- party d6 range, monsters d6 range, party loses, monsters lose
    {3, 6, 3, 6, 0, 0}, {1, 1, 1, 1, 0, 0}, {2, 2, 2, 2, 0, 0},
    {1, 1, 3, 6, 1, 0}, {2, 2, 3, 6, 2, 0}, {3, 6, 1, 1, 0, 1}, {3, 6, 2, 2, 0, 2},
    {1, 1, 2, 2, 0, 1}, {2, 2, 1, 1, 1, 0},
  }
  for _, r in ipairs(rows) do
    for p = r[1], r[2] do
      for m = r[3], r[4] do
        local lp, lm = losses(2, 2, p, m)
        eq({lp, lm}, {r[5], r[6]}, "party " .. p .. " monsters " .. m)
      end
    end
  end
end)

test("1e surprise segments: the surprised sit out their segments, then side initiative is rolled", function()
  local enc = side_party()
  dice.force{3, 2} -- party not surprised, monsters surprised: 2 segments
  enc:surprise{ {side = "party", surprised_on = 2}, {side = "monsters", surprised_on = 2} }
  enc:adjust_lost_segments("orc3", -1) -- a quick orc loses only one
  eq(enc:participant("orc1").lost_segments, 2)
  local rep = enc:begin()
  eq(trail(rep), "round_start:0, segment_start:1, turn_start:fighter, turn_start:cleric")
  eq(rep.transitions[3].count, nil, "surprise segments have no initiative count")
  eq(enc:in_surprise(), true)
  eq(enc:spend("fighter", "routine"), 0)
  fails(function() enc:spend("orc1", "routine") end, "surprised this segment")
  eq(enc:can_act("orc1"), false)

  eq(trail(enc:next_turn()), "turn_end:fighter, turn_end:cleric, segment_start:2, " ..
    "turn_start:fighter, turn_start:cleric, turn_start:orc3")
  eq(enc:spend("fighter", "routine"), 0, "a full routine in each surprise segment")

  dice.force{4, 6}
  eq(trail(enc:next_turn()), "turn_end:fighter, turn_end:cleric, turn_end:orc3, round_end:0, " ..
    "round_start:1, segment_start:1, turn_start:orc1, turn_start:orc2, turn_start:orc3")
  eq(enc:steps(), {{"orc1", "orc2", "orc3"}, {"fighter", "cleric"}})
  eq({enc:round(), enc:segment(), enc:elapsed()}, {1, 1, 2})
  local kinds = {}
  for _, r in ipairs(enc:rolls()) do kinds[#kinds + 1] = r.kind .. ":" .. r.who end
  eq(kinds, {"surprise:party", "surprise:monsters", "side:party", "side:monsters"})
end)

test("3e surprise round (TV-06) then newcomers (TV-07): aware newcomers on top by Dexterity, unaware ones roll", function()
  local enc = combat.new(d20_config())
  enc:add{ id = "lidda", side = "party", aware = true }
  for _, id in ipairs{"tordek", "mialee", "jozan"} do enc:add{ id = id, side = "party" } end
  enc:add{ id = "gargoyle", side = "naga", aware = true }
  dice.force{18, 4} -- only Lidda and the gargoyle are aware: they roll first
  enc:begin()
  eq(enc:round(), 0)
  eq(enc:steps(), {{"lidda"}, {"gargoyle"}})
  eq(enc:spend("lidda", "partial"), 0, "one partial action")
  fails(function() enc:spend("lidda", "standard") end, 'no "standard" left')
  fails(function() enc:spend("tordek", "aoo") end, "unaware during the surprise round")
  enc:next_turn()
  dice.force{15, 12, 9} -- the others roll after the partial actions
  enc:next_turn()
  eq(enc:round(), 1)
  eq(enc:steps(), {{"lidda"}, {"tordek"}, {"mialee"}, {"jozan"}, {"gargoyle"}})
  eq(enc:remaining("lidda", "full"), 1, "the full budget again")

  -- End of round 3: two aware nagas (Dex 15 and 13) and unaware orcs arrive.
  while enc:round() < 3 or enc:current()[1] ~= "gargoyle" do enc:next_turn() end
  enc:join({
    { id = "naga13", side = "naga", score = 13, aware = true },
    { id = "naga15", side = "naga", score = 15, aware = true },
    { id = "orc1", side = "orcs", group = "orcs" },
    { id = "orc2", side = "orcs", group = "orcs" },
  }, { at = "round_start" })
  eq(enc:participant("orc1").waiting, true, "newcomers join between rounds")
  eq(#enc:steps(), 5)
  dice.force{2}
  eq(trail(enc:next_turn()), "turn_end:gargoyle, round_end:3, round_start:4, turn_start:naga15")
  local want = {
    {id = "naga15", count = 19}, {id = "naga13", count = 19}, {id = "lidda", count = 18},
    {id = "tordek", count = 15}, {id = "mialee", count = 12}, {id = "jozan", count = 9},
    {id = "gargoyle", count = 4}, {id = "orc1", count = 2}, {id = "orc2", count = 2},
  }
  eq(enc:order(), want)
  eq(enc:participant("orc1").acted, false, "the orcs are flat-footed until they act")
  while enc:current()[1] ~= "orc1" do enc:next_turn() end
  eq(enc:participant("orc1").acted, true)
  while enc:round() < 5 do enc:next_turn() end
  eq(enc:order(), want, "the same order in later rounds")
end)

test("a duration made at count 15 for 2 rounds ends at count 15 of round 3, though its maker delayed away", function()
  local enc = combat.new(d20_config())
  for _, id in ipairs{"monk", "target", "other"} do enc:add{ id = id, side = id } end
  dice.force{15, 12, 8}
  enc:begin()
  eq(enc:add_effect{ id = "bless", owner = "monk", ends = { rounds_from_now = 2 } }, "bless")
  eq(enc:effect("bless"), {id = "bless", owner = "monk", save = false, ends = {round = 3, count = 15}})
  enc:next_turn()
  enc:next_turn()
  eq(trail(enc:next_turn()), "turn_end:other, round_end:1, round_start:2, turn_start:monk")
  enc:delay("monk")
  eq(enc:steps(), {{"target"}, {"other"}})
  eq(enc:participant("monk").delaying, true)
  fails(function() enc:resume("monk", 16) end, "count 15 or lower")
  eq(trail(enc:next_turn()), "turn_start:target", "the delayed turn pauses: no turn end")
  enc:next_turn() -- other, at 8
  enc:resume("monk", 5)
  eq(trail(enc:next_turn()), "turn_end:other, turn_resume:monk")
  eq(enc:participant("monk").count, 5)
  local rep = enc:next_turn()
  eq(trail(rep), "turn_end:monk, round_end:2, round_start:3, expired:bless(initiative_count), turn_start:target",
    "nobody is at 15 any more: the order passes it")
  eq(rep.expired, {{id = "bless", cause = "initiative_count", after = 3, owner = "monk"}})
  eq(enc:steps(), {{"target"}, {"other"}, {"monk"}})
  eq(enc:effects(), {})
end)

test("effects: turn boundaries, time, saves and linked effects", function()
  local enc = combat.new(five_config())
  enc:add{ id = "a", side = "a" }
  enc:add{ id = "b", side = "b" }
  dice.force{15, 10}
  enc:begin()
  enc:add_effect{ id = "dodge", owner = "a", ends = { at = "turn_start", who = "a" } }
  enc:add_effect{ id = "this-turn", owner = "a", ends = { at = "turn_end", who = "a" } }
  enc:add_effect{ id = "minute", owner = "a", ends = { after = 1, unit = "minute" } }
  enc:add_effect{ id = "hold", owner = "a", target = "b", ends = "save" }
  enc:add_effect{ id = "prone", target = "b", parent = "hold" }
  eq(enc:effect("minute").ends, {after = 1, unit = "minute"})
  eq(enc:effect("minute").end_tick, 10)
  eq(trail(enc:next_turn()), "turn_end:a, expired:this-turn(turn_end), turn_start:b")
  eq(trail(enc:next_turn()), "turn_end:b, round_end:1, round_start:2, turn_start:a, expired:dodge(turn_start)")
  fails(function() enc:end_by_save("minute") end, "does not end on a save")
  eq(enc:end_by_save("hold"), {{id = "hold", cause = "save", after = 0, owner = "a", target = "b"},
                               {id = "prone", cause = "parent_ended", after = 0, target = "b", parent = "hold"}})
  eq(enc:end_effect("minute")[1].cause, "ended")
  eq(#enc:effects(), 0)
end)

test("5e individual initiative: a tie broken by the modifier, a group's one roll, surprise as disadvantage", function()
  local enc = combat.new(five_config())
  enc:add{ id = "fighter", side = "pcs", init = 1 }
  enc:add{ id = "rogue", side = "pcs", init = 4 }
  enc:add{ id = "wizard", side = "pcs", init = 1, surprised = true }
  for i = 1, 4 do enc:add{ id = "gob" .. i, side = "goblins", group = "goblins", init = 2 } end
  enc:add{ id = "cleric", side = "pcs", surprised = true, adv = 1 }
  -- fighter 15, rogue 12, wizard 18 and 9 (disadvantage), goblins 13, cleric 11 (advantage cancels it)
  dice.force{15, 12, 18, 9, 13, 11}
  enc:begin()
  eq(enc:steps(), {{"rogue"}, {"fighter"}, {"gob1"}, {"gob2"}, {"gob3"}, {"gob4"}, {"cleric"}, {"wizard"}})
  eq({enc:participant("rogue").count, enc:participant("fighter").count}, {16, 16}, "tied at 16: +4 goes first")
  local w = enc:rolls()[3]
  eq({w.who, w.faces, w.natural, w.modifier, w.total, w.adv}, {"wizard", {18, 9}, 9, 1, 10, -1})
  local g = enc:rolls()[4]
  eq({g.who, g.total, #enc:rolls()}, {"goblins", 15, 5}, "four goblins, one roll")
  eq(enc:participant("gob3").count, 15)
end)

test("action budgets: slots spent on and off turn, refills, composites, unlimited slots", function()
  local enc = combat.new(five_config())
  enc:add{ id = "a", side = "a" }
  enc:add{ id = "b", side = "b" }
  dice.force{15, 10}
  enc:begin()
  eq(enc:spend("a", "action"), 0)
  fails(function() enc:spend("a", "action") end, '"a" has no "action" left this turn')
  fails(function() enc:spend("b", "action") end, "during its own turn")
  eq(enc:spend("b", "reaction"), 0, "a reaction on another's turn")
  fails(function() enc:spend("a", "swift") end, 'no action slot "swift"')
  enc:next_turn()
  eq(enc:remaining("b", "reaction"), 1, "back at the start of b's turn")
  enc:next_turn()
  eq(enc:remaining("a", "action"), 1, "a's action back on its turn")
  enc:set_slot("a", "action", 2) -- a feature grants an extra action
  eq({enc:spend("a", "action"), enc:spend("a", "action")}, {1, 0})

  local e3 = combat.new(d20_config())
  e3:add{ id = "x", side = "x" }
  e3:add{ id = "y", side = "y" }
  dice.force{15, 10}
  e3:begin()
  eq(e3:remaining("x", "full"), 1, "one full-round action")
  eq(e3:spend("x", "full"), 0)
  fails(function() e3:spend("x", "standard") end, 'no "standard" left')
  fails(function() e3:spend("x", "full") end, 'no "standard" left this turn ("full" needs it)')
  eq(e3:spend("x", "free"), math.huge)
  eq(e3:spend("y", "aoo"), 0, "an attack of opportunity off-turn")
end)

test("ready: a readied action fires on its trigger and takes the trigger's count", function()
  local enc = combat.new(d20_config())
  for _, id in ipairs{"cleric", "ogre", "tordek"} do enc:add{ id = id, side = id } end
  dice.force{14, 8, 6}
  enc:begin()
  enc:next_turn()
  enc:ready("ogre", "enters reach")
  eq(enc:participant("ogre").readied, "enters reach")
  enc:next_turn()
  eq(enc:trigger("enters reach", "tordek"), {"ogre"})
  eq(enc:trigger("enters reach", "tordek"), {}, "fired once")
  enc:next_turn()
  eq(enc:order(), {{id = "cleric", count = 14}, {id = "ogre", count = 6}, {id = "tordek", count = 6}})
end)

test("time units convert under a config or an encounter's", function()
  eq(combat.convert(1, "minute", "rounds", {round_seconds = 6}), 10)
  eq(combat.convert(1, "turn", "segments", side_config()), 100)
  eq(combat.convert(30, "rounds", "minutes", combat.new{round_seconds = 6}), 3)
  fails(function() combat.convert(5, "seconds", "rounds", {round_seconds = 6}) end, "not a whole number")
  fails(function() combat.convert(1, "fortnight", "rounds", {round_seconds = 6}) end, "unknown time unit")
end)

test("restart puts the encounter back before its first roll", function()
  local enc = combat.new(five_config())
  enc:add{ id = "a", side = "a" }
  enc:add{ id = "b", side = "b" }
  dice.force{15, 10}
  enc:begin()
  enc:join({{ id = "late", side = "b" }})
  enc:restart()
  eq({enc:round(), #enc:rolls(), enc:participants()}, {0, 0, {"a", "b"}})
  dice.force{3, 19}
  enc:begin()
  eq(enc:current(), {"b"})
  ok(combat.is(enc) and not combat.is({}))
  matches(tostring(enc), "combat.encounter round 1, 2 participants")
end)

test("misuse names the argument and the key", function()
  fails(function() combat.new{ initiative = { mode = "fast" } } end, 'initiative: mode "fast": want individual or side')
  fails(function() combat.new{ initiativ = {} } end, 'unknown key "initiativ"')
  fails(function() combat.new{ slots = { action = "one" } } end, "slots.action: count")
  local enc = combat.new(five_config())
  fails(function() enc:add{ id = "a" } end, "side: string expected, got nil")
  fails(function() enc:spend("nobody", "action") end, 'no participant "nobody"')
end)
