-- Audit (independent cases): inventory sections 2-5: graded levels that
-- cancel, natural 20 / 1 on saves only, opposed checks, initiative ties,
-- the surprise round, durations on an initiative count, the turn.
-- ruleset: mod5e
-- covers: HB-CORE-02 HB-CORE-03 HB-CORE-04 HB-CORE-08 HB-INIT-01 HB-INIT-03 HB-INIT-05 HB-INIT-06 HB-FLOW-03
-- covers: HB-TURN-01 HB-TURN-02 HB-TURN-05 HB-ACT-03 HB-ACT-05 HB-ACT-06 HB-ACT-09

local ch = require("core.5e.character")
local core = rules.need("mod5e.core")
local flow = rules.need("mod5e.flow")
local ini = rules.need("5e.initiative")
local turn = rules.need("mod5e.turn")

local function pc(id, abilities, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 20, level = 1, abilities = abilities or { str = 10, dex = 10, con = 10, int = 10,
    wis = 10, cha = 10 }, skills = opts.skills, saves = opts.saves }
  c:set("speed", { walk = 30 })
  c:set("ac", 12)
  c:set("pos", opts.pos or { x = 0, y = 0 })
  return c
end

test("audit: 3 adv and 3 dis cancel to one d20 (HB-CORE-02)", function()
  dice.force{ 7 }
  local r = core.test(nil, { ability = "str", adv = { 1, 1, 1, -1, -1, -1 } })
  eq({ r.net_adv, #r.dice, r.natural }, { 0, 1, 7 })
end)

test("audit: 2 adv and 1 dis: two d20s, the higher (HB-CORE-02, 03)", function()
  dice.force{ 3, 16 }
  local r = core.test(nil, { ability = "str", adv = { 2, -1 } })
  eq({ r.net_adv, #r.dice, r.natural }, { 1, 2, 16 })
end)

test("audit: a save's natural 20 succeeds at 2 dis only when the 20 is the kept die (HB-CORE-08)", function()
  dice.force{ 20, 5, 8 }
  local r = core.test(nil, { save = "reflex", dc = 25, adv = -2 })
  eq({ r.natural, r.success }, { 5, false }, "the lowest is kept")
  dice.force{ 20, 20, 20 }
  eq(core.test(nil, { save = "reflex", dc = 25, adv = -2 }).success, true)
end)

test("audit: a save of exactly the DC succeeds; a natural 1 at +30 against DC 10 fails (HB-CORE-01, 08)", function()
  dice.force{ 12 }
  eq(core.test(nil, { save = "wis", dc = 12 }).success, true)
  dice.force{ 1 }
  eq(core.test(nil, { save = "wis", dc = 10, mods = { 30 } }).success, false)
end)

test("audit: an opposed check has no natural 20 rule: 20 + 0 loses to 2 + 20 (HB-CORE-04, 08)", function()
  local a, b = pc("a"), pc("b")
  dice.force{ 20, 2 }
  local r = core.opposed(a, { skill = "athletics" }, b, { skill = "athletics", mods = { 20 } })
  eq({ r.success, r.winner }, { false, "b" })
end)

test("audit: initiative: a higher bonus wins a tie though its die was lower (HB-INIT-01, 03)", function()
  local a = pc("A", { str = 10, dex = 18, con = 10, int = 10, wis = 10, cha = 10 })
  local b = pc("B", { str = 10, dex = 12, con = 10, int = 10, wis = 10, cha = 10 })
  dice.force{ 13, 10 }
  local order = ini.roll({ b, a })
  eq({ order[1].id, order[1].count, order[2].id, order[2].count }, { "A", 14, "B", 14 })
end)

test("audit: initiative: the roll-off orders only the tied; the others keep their place (HB-INIT-03)", function()
  local a, b, c = pc("A"), pc("B"), pc("C")
  dice.force{ 12, 12, 18, 3, 9 }
  local order = ini.roll({ a, b, c })
  local ids = {}
  for i, o in ipairs(order) do ids[i] = o.id end
  eq(ids, { "C", "B", "A" }, "C 18 first; A and B tied at 12, the roll-off 3 against 9")
end)

test("audit: the surprise round: an unaware creature can't react in it; an aware one with a low roll still acts (HB-INIT-05, AMB-06)", function()
  local enc = flow.new()
  enc:add({ id = "scout", side = "s", init = 0, aware = true })
  enc:add({ id = "thug", side = "s", init = 0, aware = true })
  enc:add({ id = "mark", side = "m", init = 0, aware = false })
  dice.force{ 2, 17 }
  enc:begin()
  eq(#enc:order(), 2)
  eq(enc:can_act("scout"), true)
  eq(enc:can_act("mark"), false)
  fails(function() enc:spend("mark", "reaction") end, "unaware")
end)

test("audit: after the surprise round the newcomer's count slots in among the kept counts (HB-INIT-06, AMB-05)", function()
  local enc = flow.new()
  enc:add({ id = "a", side = "x", init = 0, aware = true })
  enc:add({ id = "b", side = "x", init = 0, aware = true })
  enc:add({ id = "c", side = "y", init = 0, aware = false })
  dice.force{ 18, 4 }
  enc:begin()
  enc:next_turn()
  dice.force{ 11 }
  enc:next_turn()
  local o = enc:order()
  eq({ o[1].id, o[1].count, o[2].id, o[2].count, o[3].id, o[3].count }, { "a", 18, "c", 11, "b", 4 },
    "a and b keep 18 and 4, c rolled 11")
end)

test("audit: a 1-round effect begun in a reaction on count 20 ends just before count 20 acts next round (HB-FLOW-03)", function()
  local enc = flow.new()
  enc:add({ id = "fast", side = "fast", count = 20 })
  enc:add({ id = "caster", side = "caster", count = 15 })
  enc:begin()
  eq(enc:current()[1], "fast")
  local id = enc:add_effect({ id = "shield", owner = "caster", ends = flow.duration(enc, 1) })
  enc:next_turn()
  ok(enc:effect(id) ~= nil, "still on at count 15 of round 1")
  local rep = enc:next_turn()
  eq({ enc:round(), enc:current()[1], enc:effect(id) }, { 2, "fast", nil })
  eq(rep.expired[1].id, id)
end)

test("audit: a 1-round effect begun on count 10 lasts through count 15 of the next round, ends before 10 (HB-FLOW-03)", function()
  local enc = flow.new()
  enc:add({ id = "a", side = "a", count = 15 })
  enc:add({ id = "b", side = "b", count = 10 })
  enc:begin()
  enc:next_turn()
  eq(enc:current()[1], "b")
  local id = enc:add_effect({ id = "bane", owner = "b", ends = flow.duration(enc, 1) })
  enc:next_turn()
  eq({ enc:round(), enc:current()[1] }, { 2, "a" })
  ok(enc:effect(id) ~= nil)
  enc:next_turn()
  eq(enc:effect(id), nil)
end)

test("audit: no swift action without a feature, even with a Dash taken; two-weapon fighting grants its own (HB-TURN-02)", function()
  local c = pc("c")
  local t = turn.start(c)
  ok(t:act("dash"))
  eq((t:swift("dash")), false)
  ok(t:swift("two_weapon_fighting"))
  eq((t:swift("two_weapon_fighting")), false, "one a turn")
end)

test("audit: a stunned creature's turn: no action, no swift action, its halved speed to move (HB-TURN-02, AMB-26)", function()
  local c = pc("c")
  c:add_tag("swift:cunning_action")
  c:add_condition("stunned")
  local t = turn.start(c)
  eq({ t.actions, t.swifts, t.move:left() }, { 0, 0, 15 })
  ok(t:move_feet(15))
end)

test("audit: the one free incidental action is shared by moving and attacking (HB-TURN-05, AMB-36)", function()
  local t = turn.start(pc("c"))
  ok(t:act("attack"))
  eq({ t:incidental("draw_weapon") }, { true, "free" })
  eq((t:incidental("door")), false, "the action is already spent on the attack")
end)

test("audit: Dash with difficult terrain: 60 ft of movement, six difficult squares (HB-ACT-03, HB-MOVE-09)", function()
  local t = turn.start(pc("c"))
  ok(t:act("dash"))
  eq(t.move:left(), 60)
  ok(t:move_feet(60))
end)

test("audit: Dodge and prone: attacks from 5 ft 1 adv and 1 dis cancel; from afar 2 dis (HB-ACT-05, HB-COND-05)", function()
  local c, foe = pc("c"), pc("foe", nil, { pos = { x = 1, y = 0 } })
  turn.start(c):act("dodge")
  c:add_condition("prone")
  local a = fight.assess(foe, c, nil, { distance = 5 })
  eq(a.adv - a.dis, 0)
  a = fight.assess(foe, c, nil, { distance = 30, ranged = true, range = { 80, 320 } })
  eq(a.adv - a.dis, -2)
  dice.force{ 4, 15 }
  eq(core.test(c, { save = "reflex", dc = 1 }).natural, 15, "prone leaves the Reflex save's 1 adv")
end)

test("audit: Help lapses at the start of the helper's next turn if unused (HB-ACT-06)", function()
  local helper, ally = pc("helper"), pc("ally")
  local enemy = pc("enemy", nil, { pos = { x = 1, y = 0 } })
  turn.start(helper)
  ok(turn.help(helper, ally, { against = enemy }))
  turn.start(ally)
  turn.start(helper)
  dice.force{ 9 }
  eq(rules.need("mod5e.attack").roll(ally, enemy, { attack = "melee" }).net_adv, 0, "the help has lapsed")
end)

test("audit: Help and another source add: helped and the foe restrained: 2 adv (HB-ACT-06, AMB-12)", function()
  local helper, ally = pc("helper"), pc("ally")
  local enemy = pc("enemy", nil, { pos = { x = 1, y = 0 } })
  enemy:add_condition("restrained")
  turn.help(helper, ally, { against = enemy })
  dice.force{ 3, 4, 17 }
  local r = rules.need("mod5e.attack").roll(ally, enemy, { attack = "melee" })
  eq({ r.net_adv, r.natural }, { 2, 17 })
end)

test("audit: a readied action lost at the start of the next turn frees nothing else: the new turn is whole (HB-ACT-09)", function()
  local c = pc("c")
  local t = turn.start(c)
  ok(t:ready("orc moves", "attack"))
  eq(turn.lapse(c), 1)
  local t2 = turn.start(c)
  eq({ t2.actions, t2.move:left() }, { 1, 30 })
  eq((turn.trigger(c, "orc moves")), nil)
end)

test("audit: a readied action never triggered is gone once the next turn starts (HB-ACT-09)", function()
  local c = pc("c")
  local t = turn.start(c)
  ok(t:ready("orc moves", "attack"))
  turn.start(c)
  eq((turn.trigger(c, "orc moves")), nil)
  eq(c:has("readied"), false)
end)
