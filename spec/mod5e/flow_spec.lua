-- The modded 5e, inventory sections 3 and 4: combat flow and rounds,
-- initiative with its tie-break chain, the surprise round (TV-17, TV-33).
-- ruleset: mod5e
-- covers: HB-FLOW-01 HB-FLOW-02 HB-FLOW-03 HB-FLOW-04
-- covers: HB-INIT-01 HB-INIT-02 HB-INIT-03 HB-INIT-04 HB-INIT-05 HB-INIT-06 HB-INIT-07

local ch = require("core.5e.character")
local flow = rules.need("mod5e.flow")
local ini = rules.need("5e.initiative")

local function pc(id, dex, opts)
  opts = opts or {}
  return ch.new{ id = id, max_hp = 10, level = 1, abilities = { str = 10, dex = dex or 10, con = 10, int = 10, wis = opts.wis or 10,
    cha = 10 }, skills = opts.skills }
end

local function fighter(id, hp, init, bonus)
  return { stat = { id = id, name = id, hp = hp, ac = 10, init = init or 0,
    attacks = { { name = "Club", bonus = bonus or 5, damage = "1d4", type = "bludgeoning" } } } }
end

test("TV-17: ties go to the higher initiative bonus, then the tied re-roll among themselves (HB-INIT-01, 03)", function()
  local a, b, c, d = pc("A", 16), pc("B", 14), pc("C", 14), pc("D", 14)
  eq(ini.bonus(a), 3, "initiative bonus = Dex attribute value")
  dice.force{ 12, 13, 13, 13, 5, 8, 14 }
  local order = ini.roll({ a, b, c, d })
  local ids, counts = {}, {}
  for i, o in ipairs(order) do ids[i], counts[i] = o.id, o.count end
  eq(ids, { "A", "D", "C", "B" })
  eq(counts, { 15, 15, 15, 15 }, "the roll-off orders them; everyone's initiative stays 15")
  -- a roll-off that ties again is rolled again, by those still tied only
  dice.force{ 12, 13, 13, 13, 5, 5, 14, 2, 9 }
  order = ini.roll({ a, b, c, d })
  ids = {}
  for i, o in ipairs(order) do ids[i] = o.id end
  eq(ids, { "A", "D", "C", "B" }, "B and C tied at 5, then 2 against 9")
end)

test("initiative is rolled once at the start and kept for the whole fight (HB-INIT-02)", function()
  local enc = flow.new()
  enc:add({ id = "x", side = "x", init = 0 })
  enc:add({ id = "y", side = "y", init = 0 })
  dice.force{ 4, 17 }
  enc:begin()
  eq(enc:order()[1].id, "y")
  for _ = 1, 4 do enc:next_turn() end
  eq(enc:round(), 3)
  eq({ enc:order()[1].id, enc:order()[1].count, enc:order()[2].count }, { "y", 17, 4 }, "no new roll in later rounds")
end)

test("the surprise round: only aware creatures roll and act; the others roll after it and join (HB-INIT-04..06)", function()
  local enc = flow.new()
  enc:add({ id = "ambusher", side = "ambusher", init = 2, aware = true })
  enc:add({ id = "guard", side = "guard", init = 5, aware = false })
  dice.force{ 10 }
  enc:begin()
  eq(enc:in_surprise(), true)
  eq(#enc:order(), 1, "only the aware rolled")
  eq({ enc:order()[1].id, enc:order()[1].count }, { "ambusher", 12 })
  eq(enc:can_act("guard"), false, "the unaware can't act in the surprise round")
  fails(function() enc:spend("guard", "reaction") end, "unaware")
  eq(enc:remaining("ambusher", "action"), 1, "an aware creature gets a full turn")
  eq(enc:remaining("ambusher", "swift"), 1)
  dice.force{ 3 }
  enc:next_turn()
  eq(enc:round(), 1)
  local o = enc:order()
  eq({ o[1].id, o[1].count, o[2].id, o[2].count }, { "ambusher", 12, "guard", 8 },
    "the ambusher keeps its 12; the guard rolled 3 + 5 and joined")
  eq(enc:remaining("guard", "reaction"), 1, "a reaction from round 1 on (AMB-06)")
end)

test("everyone aware: no surprise round (HB-INIT-07)", function()
  local enc = flow.new()
  enc:add({ id = "a", side = "a", init = 0, aware = true })
  enc:add({ id = "b", side = "b", init = 0, aware = true })
  dice.force{ 9, 11 }
  enc:begin()
  eq({ enc:in_surprise(), enc:round(), #enc:order() }, { false, 1, 2 })
end)

test("awareness by Perception against the surprisers' Stealth; a tie leaves it aware (HB-INIT-04, AMB-11)", function()
  local guard = pc("guard", 10, { wis = 14 })
  local thief = pc("thief", 14, { skills = { "stealth" } })
  dice.force{ 10, 11 }
  eq(ini.aware(guard, { thief }), false, "Stealth 10 + 2 + 2 = 14 beats Perception 11 + 2")
  dice.force{ 10, 12 }
  eq(ini.aware(guard, { thief }), true, "14 against 14: the surprise fails")
end)

test("a fight's surprise round: the unaware take no turn in it; the fight goes on by rounds (HB-FLOW-01, HB-INIT-05)", function()
  local turns = {}
  local h = rules.on("turn.start", function(e)
    turns[#turns + 1] = fight.round() .. ":" .. e.fighter:get("id")
  end, { phase = "declare" })
  dice.force({ 10, 15, 1, 8, 1, 5, 1 }, { mixed = true })
  local out = fight.run(fight.encounter{ max_rounds = 2, sides = {
    { name = "ambush", members = { fighter("ambusher", 30, 0, -20) } },
    { name = "camp", members = { { stat = fighter("sentry", 30, 0, -20).stat, unaware = true } } } } })
  rules.off(h)
  eq(turns[1], "0:ambusher", "the surprise round: the ambusher alone")
  eq(turns[2] ~= "0:sentry", true)
  local sentry_round0 = false
  for _, t in ipairs(turns) do if t == "0:sentry" then sentry_round0 = true end end
  eq(sentry_round0, false)
  eq(out.rounds, 2)
end)

test("a round is 6 seconds (HB-FLOW-02)", function()
  eq(combat.convert(1, "round", "second", flow.config()), 6)
  eq(combat.convert(10, "rounds", "minute", flow.config()), 1)
end)

test("TV-33: an effect begun on count 15 in round 1 lasting 2 rounds ends in round 3 just before count 15 acts (HB-FLOW-03)", function()
  local enc = flow.new()
  enc:add({ id = "fast", side = "fast", count = 20 })
  enc:add({ id = "caster", side = "caster", count = 15 })
  enc:add({ id = "slow", side = "slow", count = 10 })
  enc:begin()
  enc:next_turn() -- the caster's turn, round 1
  eq(enc:current()[1], "caster")
  local id = enc:add_effect({ id = "bless", owner = "caster", ends = flow.duration(enc, 2) })
  for _ = 1, 4 do enc:next_turn() end -- slow, then round 2: fast, caster, slow
  eq({ enc:round(), enc:current()[1] }, { 2, "slow" })
  enc:next_turn() -- round 3, fast
  eq({ enc:round(), enc:current()[1] }, { 3, "fast" })
  ok(enc:effect(id) ~= nil, "still on while count 20 acts in round 3")
  local rep = enc:next_turn() -- count 15 in round 3
  eq(enc:effect(id), nil, "gone before count 15 acts")
  eq(rep.expired[1].id, id)
  eq(enc:current()[1], "caster")
end)

test("the fight ends when one side is left, or on a victory condition the GM sets (HB-FLOW-04)", function()
  local enc = flow.new()
  enc:add({ id = "hero", side = "party", init = 0 })
  enc:add({ id = "orc", side = "orcs", init = 0 })
  dice.force{ 5, 6 }
  enc:begin()
  eq(flow.over(enc), false)
  local grabbed = false
  local function victory() return grabbed end
  eq(flow.over(enc, victory), false)
  grabbed = true
  eq({ flow.over(enc, victory) }, { true, "victory condition" })
  enc:deactivate("orc")
  eq({ flow.over(enc) }, { true, "one side left" })
  eq(#flow.steps, 6, "surprise, positions, initiative, rounds, repeat, end")
  eq(flow.steps[1].zh, "突袭阶段")
end)
