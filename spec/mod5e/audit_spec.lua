-- The modded 5e on the battle map (reach, opportunity attacks, passing spaces, cover, areas)
-- and its check core at the edges: cases written from the inventory alone. They found the
-- fixes of Frightened, standing up (TV-36), the shove's push and the grapple it breaks.
-- ruleset: mod5e

local ch = require("core.5e.character")
local mv = rules.need("mod5e.movement")
local sp = rules.need("mod5e.special")
local core = rules.need("mod5e.core")
local turn = rules.need("mod5e.turn")

local function body(id, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 30, level = 1, abilities = { str = opts.str or 14, dex = opts.dex or 10, con = 10,
    int = 10, wis = 10, cha = 10 }, skills = opts.skills }
  c:set("speed", opts.speed or { walk = 30 })
  mv.set_size(c, opts.size or "medium")
  c:set("pos", opts.pos or { x = 0, y = 0 })
  c:set("ac", opts.ac or 12)
  if opts.side then c:set("side", opts.side) end
  return c
end

local function line(n, y)
  local out = {}
  for i = 0, n do out[#out + 1] = { x = i, y = y or 0 } end
  return out
end

local FIST = { name = "Fist", bonus = 0, damage = "1", type = "bludgeoning" }

-- stat: an inline stat block.
local function stat(id, o)
  o = o or {}
  return { id = id, hp = o.hp or 60, ac = o.ac or 10, init = o.init, size = o.size, speed = o.speed,
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 }, attacks = o.attacks or { FIST } }
end

-- play: a one-round fight on a map; fn(fighter) runs once on the first
-- turn taken (give the actor the highest init), then the other side leaves
-- where it stands and the fight ends. Returns what fn returned.
local function play(rows, a, b, fn, opts)
  opts = opts or {}
  local out, done
  local h = rules.on("turn.act", function(e)
    if done then return end
    if opts.who and e.fighter:get("id") ~= opts.who then return end
    done = true
    out = fn(e.fighter)
    e.acted = true
    for _, c in ipairs(fight.enemies(e.fighter)) do
      if not fight.is(c, "out") then fight.flee(c, { stay = true }) end
    end
  end, { phase = "after" })
  local hs = opts.start and rules.on("turn.start", opts.start) or nil
  dice.force(opts.dice or {}, { mixed = true })
  fight.run(fight.encounter{ max_rounds = opts.rounds or 1, map = { rows = rows }, sides = {
    { name = "a", members = a }, { name = "b", members = b } } })
  rules.off(h)
  if hs then rules.off(hs) end
  return out
end

local ROWS = { "..........", "..........", "..........", ".........." }

-- ---------------------------------------------------------------- reach and opportunity attacks

-- covers: HB-SPECIAL-02 HB-SIZE-02 HB-SIZE-05
test("audit: a reach-10 guard: stepping from 5 to 10 ft stays in reach (no OA); 10 to 15 ft leaves it (one OA)", function()
  local got = play(ROWS,
    { { stat = stat("runner", { init = 20 }), at = { 4, 1 } } },
    { { stat = stat("guard", { attacks = { { name = "Glaive", bonus = 0, damage = "1d10", type = "slashing", reach = 10 } } }),
      at = { 5, 1 } } },
    function(me)
      local first = #fight.move(me, { x = 3, y = 1 }, { budget = 100 }).opportunity
      local second = #fight.move(me, { x = 2, y = 1 }, { budget = 100 }).opportunity
      return { first, second }
    end)
  eq(got, { 0, 1 })
end)

-- covers: HB-SIZE-05 HB-SPECIAL-02
test("audit: circling a foe from one adjacent square to another never leaves its reach: no OA (leave-reach, not 3e's threatened squares)", function()
  local got = play(ROWS,
    { { stat = stat("runner", { init = 20 }), at = { 4, 1 } } },
    { { stat = stat("guard"), at = { 5, 1 } } },
    function(me)
      local r = fight.move(me, { x = 6, y = 2 }, { budget = 100, path = { { x = 4, y = 2 }, { x = 5, y = 2 }, { x = 6, y = 2 } } })
      return { #r.opportunity, r.pos.x, r.pos.y }
    end)
  eq(got, { 0, 6, 2 })
end)

-- covers: HB-SPECIAL-02 HB-SIZE-05
test("audit: one step out of two hostiles' reach provokes both (each its own reaction)", function()
  local got = play(ROWS,
    { { stat = stat("runner", { init = 20 }), at = { 4, 1 } } },
    { { stat = stat("g1"), at = { 5, 1 } }, { stat = stat("g2"), at = { 5, 2 } } },
    function(me)
      return #fight.move(me, { x = 3, y = 1 }, { budget = 100 }).opportunity
    end)
  eq(got, 2)
end)

-- covers: HB-SPECIAL-02
test("audit: a guard with only a ranged attack makes no opportunity attack (never ranged)", function()
  local got = play(ROWS,
    { { stat = stat("runner", { init = 20 }), at = { 4, 1 } } },
    { { stat = stat("archer", { attacks = { { name = "Bow", bonus = 0, damage = "1d6", type = "piercing", ranged = true,
      range = { 80, 320 } } } }), at = { 5, 1 } } },
    function(me)
      return #fight.move(me, { x = 2, y = 1 }, { budget = 100 }).opportunity
    end)
  eq(got, 0)
end)

-- covers: HB-SPECIAL-02 HB-VIS-11
-- vectors: AMB-20
test("audit: an invisible mover still provokes, and the opportunity attack is made at 2 dis (unseen target)", function()
  local seen = {}
  local ha = rules.on("attack.roll", function(e)
    seen[#seen + 1] = { e.attacker:get("id"), e.adv - e.dis }
  end, { phase = "result" })
  local got = play(ROWS,
    { { stat = stat("runner", { init = 20 }), at = { 4, 1 } } },
    { { stat = stat("guard"), at = { 5, 1 } } },
    function(me)
      me:add_condition("invisible")
      return #fight.move(me, { x = 2, y = 1 }, { budget = 100 }).opportunity
    end)
  rules.off(ha)
  eq({ got, seen[1] }, { 1, { "guard", -2 } })
end)

-- covers: HB-SIZE-05 HB-MOVE-05 HB-SIZE-01
test("audit: a Large guard (2x2): sliding along its side keeps in reach; stepping off provokes", function()
  local got = play(ROWS,
    { { stat = stat("runner", { init = 20 }), at = { 3, 0 } } },
    { { stat = stat("ogre", { size = "large" }), at = { 4, 0 } } },
    function(me)
      local a = #fight.move(me, { x = 3, y = 2 }, { budget = 100, path = { { x = 3, y = 1 }, { x = 3, y = 2 } } }).opportunity
      local b = #fight.move(me, { x = 2, y = 3 }, { budget = 100, path = { { x = 2, y = 3 } } }).opportunity
      return { a, b }
    end)
  eq(got, { 0, 1 })
end)

-- ---------------------------------------------------------------- passing and ending in spaces, terrain

-- covers: HB-SIZE-03 HB-SIZE-04 HB-MOVE-09
test("audit: a Medium mover passes a Tiny hostile's space (two sizes smaller) as difficult terrain and may stop there", function()
  local c = body("c", { side = "us" })
  local cat = body("cat", { side = "them", size = "tiny", pos = { x = 1, y = 0 } })
  local r = fight.price_path(c, line(2), { creatures = { cat } })
  eq({ r.ok, r.cost }, { true, 15 }, "10 through the cat's square, 5 after")
  r = fight.price_path(c, line(1), { creatures = { cat } })
  eq({ r.ok, r.cost }, { true, 10 }, "ending in its square: allowed, two sizes apart")
end)

-- covers: HB-COND-01 HB-MOVE-09
test("audit: blinded in difficult terrain: still 10 ft a square (difficult kinds don't stack), not 20", function()
  local c = body("c")
  c:add_condition("blinded")
  local d = { { x = 1, y = 0 }, { x = 2, y = 0 } }
  eq(fight.price_path(c, line(2), { difficult = d }).cost, 20)
end)

-- covers: HB-COND-01 HB-MOVE-11 HB-COND-05
test("audit: blinded and prone: crawling on terrain that is difficult to it costs 20 a square; speed 30 crawls one square", function()
  local c = body("c")
  c:add_condition("blinded")
  c:add_condition("prone")
  eq(fight.price_path(c, line(1)).cost, 20)
  eq(mv.path(c, line(2)).ok, false)
end)

-- covers: HB-COND-04
test("audit: frightened: it can't willingly move toward the source of its fear", function()
  local got = play(ROWS,
    { { stat = stat("coward", { init = 20 }), at = { 0, 1 } } },
    { { stat = stat("dread"), at = { 8, 1 } } },
    function(me)
      me:add_condition("frightened", { source = "dread" })
      local before = fight.distance(me, fight.get("dread"))
      fight.move(me, { x = 5, y = 1 }, { budget = 30 })
      return { before, fight.distance(me, fight.get("dread")) }
    end)
  eq(got, { 40, 40 }, "the move toward the source is refused")
end)

-- covers: HB-MOVE-12 HB-COND-05
test("audit: TV-36 in a fight: a prone creature that stands on its turn has half its movement left (15 of 30)", function()
  local got
  local h = rules.on("turn.act", function(e)
    local me = e.fighter
    if me:get("id") ~= "sleeper" then e.acted = true return end
    if fight.round() == 1 then
      require("core.5e.effects").knock_prone(me, "foe")
    elseif got == nil then
      got = { me:has("prone"), fight.movement_left(me) }
    end
    e.acted = true
  end, { phase = "after" })
  dice.force({}, { mixed = true })
  fight.run(fight.encounter{ max_rounds = 2, map = { rows = ROWS }, sides = {
    { name = "a", members = { { stat = stat("sleeper", { init = 20 }), at = { 0, 1 } } } },
    { name = "b", members = { { stat = stat("foe"), at = { 8, 1 } } } } } })
  rules.off(h)
  eq(got, { false, 15 })
end)

-- ---------------------------------------------------------------- cover and areas on the map

local BOW = { name = "Bow", bonus = 0, damage = "1", type = "piercing", ranged = true, range = { 80, 320 } }

-- covers: HB-VIS-08 HB-VIS-06
test("audit: a pillar on the diagonal gives strong cover on the map: +4 AC and +4 Reflex (not 5e's +5)", function()
  local got = play({ "....", "....", "..#.", "...." },
    { { stat = stat("archer", { init = 20, attacks = { BOW } }), at = { 0, 0 } } },
    { { stat = stat("t", { ac = 10 }), at = { 3, 3 } } },
    function(me)
      local t = fight.get("t")
      local g, b = fight.cover(t, me)
      local a = fight.assess(me, t, "Bow")
      return { g, b.ac, b.save, a.ac_bonus, a.ac }
    end)
  eq(got, { "three-quarters", 4, 4, 4, 14 })
end)

-- covers: HB-VIS-06 HB-VIS-07
test("audit: cover counts only against effects from its far side: an area from the west covers the east creature, from the east the west one", function()
  local got = play({ "........", "...=....", "........" },
    { { stat = stat("caster", { init = 20 }), at = { 0, 0 } } },
    { { stat = stat("west"), at = { 2, 1 } }, { stat = stat("east"), at = { 4, 1 } } },
    function(me)
      local function saves(from)
        local out = {}
        for _, e in ipairs(fight.area{ shape = "sphere", from = from, length = 20 }) do out[e.c:get("id")] = e.save end
        return out
      end
      local w, e = saves({ x = 0, y = 1 }), saves({ x = 6, y = 1 })
      return { w.west, w.east, e.west, e.east }
    end)
  eq(got, { 0, 2, 2, 0 })
end)

-- covers: HB-VIS-09 HB-VIS-10
test("audit: a wall that fully blocks: total cover, the attack can't be made at all", function()
  local got = play({ "....#.", "....#.", "....#." },
    { { stat = stat("archer", { init = 20, attacks = { BOW } }), at = { 0, 1 } } },
    { { stat = stat("t"), at = { 5, 1 } } },
    function(me)
      local a = fight.assess(me, fight.get("t"), "Bow")
      return { a.allowed, a.cover }
    end)
  eq(got, { false, "total" })
end)

-- ---------------------------------------------------------------- position and the attack

-- covers: HB-ATTACK-11
test("audit: a ranged attack with an adjacent ally and a hostile 10 ft away: no disadvantage", function()
  local got = play({ "........", "........", "........" },
    { { stat = stat("archer", { init = 20, attacks = { BOW } }), at = { 1, 1 } }, { stat = stat("pal"), at = { 2, 1 } } },
    { { stat = stat("orc"), at = { 3, 1 } }, { stat = stat("t"), at = { 7, 1 } } },
    function(me)
      local a = fight.assess(me, fight.get("t"), "Bow")
      return a.adv - a.dis
    end)
  eq(got, 0)
end)

-- covers: HB-ATTACK-11 HB-VIS-12
test("audit: an invisible archer with a hostile beside it: that hostile can't see it, so no 1 dis; the target can't either: +2", function()
  local got = play({ "........", "........", "........" },
    { { stat = stat("archer", { init = 20, attacks = { BOW } }), at = { 1, 1 } } },
    { { stat = stat("orc"), at = { 2, 1 } }, { stat = stat("t"), at = { 7, 1 } } },
    function(me)
      me:add_condition("invisible")
      local a = fight.assess(me, fight.get("t"), "Bow")
      return a.adv - a.dis
    end)
  eq(got, 2)
end)

-- covers: HB-COND-10 HB-MOVE-05
test("audit: a Large attacker whose nearest square is next to an incapacitated target: 5 ft, a hit is a critical", function()
  local got = play({ "......", "......", "......" },
    { { stat = stat("ogre", { init = 20, size = "large" }), at = { 0, 0 } } },
    { { stat = stat("t"), at = { 2, 1 } } },
    function(me)
      local t = fight.get("t")
      t:add_condition("paralyzed")
      local a = fight.assess(me, t, "Fist")
      return { fight.distance(me, t), a.adv - a.dis, a.crit }
    end)
  eq(got, { 5, 2, true })
end)

-- covers: HB-COND-05 HB-MOVE-05
test("audit: a prone target next to a Large attacker's nearest square: +1 (within 5 ft), not -1", function()
  local got = play({ "......", "......", "......" },
    { { stat = stat("ogre", { init = 20, size = "large" }), at = { 0, 0 } } },
    { { stat = stat("t"), at = { 2, 1 } } },
    function(me)
      local t = fight.get("t")
      t:add_condition("prone")
      local a = fight.assess(me, t, "Fist")
      return a.adv - a.dis
    end)
  eq(got, 1)
end)

-- ---------------------------------------------------------------- shove and grapple on the map

-- covers: HB-SPECIAL-05
test("audit: a shove's push moves a prone target 5 ft (forced movement is not crawling)", function()
  local got = play(ROWS,
    { { stat = stat("bully", { init = 20 }), at = { 3, 1 } } },
    { { stat = stat("t"), at = { 4, 1 } } },
    function(me)
      local t = fight.get("t")
      t:add_condition("prone", { source = "test" })
      dice.force{ 15, 3 }
      local r = sp.shove(me, t, { choice = "push", to = { x = 5, y = 1 } })
      local p = t:get("pos")
      return { r.success, p.x, p.y }
    end)
  eq(got, { true, 5, 1 })
end)

-- covers: HB-SPECIAL-05 HB-MOVE-09
test("audit: a shove's push into difficult terrain still moves the target 5 ft", function()
  local got = play({ "..........", ".....~....", ".........." },
    { { stat = stat("bully", { init = 20 }), at = { 3, 1 } } },
    { { stat = stat("t"), at = { 4, 1 } } },
    function(me)
      local t = fight.get("t")
      dice.force{ 15, 3 }
      local r = sp.shove(me, t, { choice = "push", to = { x = 5, y = 1 } })
      local p = t:get("pos")
      return { r.success, p.x, p.y }
    end)
  eq(got, { true, 5, 1 })
end)

-- covers: HB-SPECIAL-12 HB-SPECIAL-05
test("audit: a grappled creature shoved out of its grappler's reach is free at once (the grapple ends automatically)", function()
  local got = play(ROWS,
    { { stat = stat("holder", { init = 20 }), at = { 3, 1 } }, { stat = stat("bully", { init = 1 }), at = { 5, 2 } } },
    { { stat = stat("t"), at = { 4, 1 } } },
    function(me)
      local t = fight.get("t")
      dice.force{ 15, 3 }
      sp.grapple(me, t)
      local held = t:has("grappled")
      dice.force{ 15, 3 }
      sp.shove(fight.get("bully"), t, { choice = "push", to = { x = 5, y = 1 } })
      return { held, t:get("pos").x, t:has("grappled"), me:has("grappled") }
    end)
  eq(got, { true, 5, false, false })
end)

-- ---------------------------------------------------------------- initiative in a fight

-- covers: HB-INIT-03 HB-INIT-01
test("audit: in a fight, a tied count goes to the higher bonus though its die was lower; equal bonuses roll off", function()
  local order = {}
  local h = rules.on("turn.act", function(e)
    if fight.round() == 1 then order[#order + 1] = e.fighter:get("id") end
    e.acted = true
  end, { phase = "after" })
  -- draws in member order: B 13+2, A 12+3 (tie at 15: A's bonus wins); C 13+2, D 13+2 (tie at 15 with B too)
  dice.force({ 13, 12, 13, 13, 4, 9, 6 }, { mixed = true })
  fight.run(fight.encounter{ max_rounds = 1, map = { rows = ROWS }, sides = {
    { name = "a", members = { { stat = stat("B", { init = 2 }), at = { 0, 0 } }, { stat = stat("A", { init = 3 }), at = { 0, 1 } } } },
    { name = "b", members = { { stat = stat("C", { init = 2 }), at = { 9, 0 } }, { stat = stat("D", { init = 2 }), at = { 9, 1 } } } } } })
  rules.off(h)
  eq(order[1], "A", "bonus 3 beats bonus 2 at 15")
  eq(order, { "A", "C", "D", "B" }, "B, C, D roll off 4, 9, 6")
end)

-- ---------------------------------------------------------------- the check core and conditions

-- covers: HB-ACT-05 HB-CORE-07
test("audit: Dodge gives 1 adv to Reflex saves only: a Con save is rolled straight", function()
  local c = body("c")
  local t = turn.start(c)
  t:act("dodge")
  dice.force{ 3, 16 }
  eq(core.test(c, { save = "reflex", dc = 10 }).net_adv, 1)
  dice.force{ 3 }
  local r = core.test(c, { save = "con", dc = 10 })
  eq({ r.net_adv, r.natural, r.success }, { 0, 3, false })
end)

-- covers: HB-VIS-07 HB-VIS-08 HB-CORE-07
test("audit: cover adds to AC and Reflex saves, not to a Con or Wis save", function()
  local c = body("c")
  dice.force{ 10 }
  eq(core.test(c, { save = "reflex", dc = 1, cover = "three-quarters" }).total, 14)
  dice.force{ 10 }
  eq(core.test(c, { save = "con", dc = 1, cover = "three-quarters" }).total, 10)
  dice.force{ 10 }
  eq(core.test(c, { save = "wis", dc = 1, cover = { "weak", "strong" } }).total, 10)
end)

-- covers: HB-COND-10 HB-CORE-05
test("audit: incapacitated: Str/Dex/Int saves fail automatically, but a Wis save and a Cha check are rolled", function()
  local c = body("c")
  c:add_condition("incapacitated")
  local r = core.test(c, { save = "str", dc = 5 })
  eq(r.success, false)
  dice.force{ 12 }
  r = core.test(c, { save = "wis", dc = 10 })
  eq({ r.natural, r.success }, { 12, true })
  dice.force{ 12 }
  r = core.test(c, { ability = "cha", dc = 10 })
  eq({ r.natural, r.success }, { 12, true })
end)

-- covers: HB-ACT-06
test("audit: Help on an Athletics check: that check 1 adv, a Stealth check none, the next Athletics none (used up)", function()
  local helper, ally = body("helper"), body("ally")
  ok(turn.help(helper, ally, { skill = "athletics" }))
  dice.force{ 4 }
  eq(core.test(ally, { skill = "stealth", dc = 10 }).net_adv, 0, "another task")
  dice.force{ 4, 15 }
  local r = core.test(ally, { skill = "athletics", dc = 10 })
  eq({ r.net_adv, r.natural }, { 1, 15 })
  dice.force{ 4 }
  eq(core.test(ally, { skill = "athletics", dc = 10 }).net_adv, 0)
end)

-- covers: HB-MOVE-08 HB-ACT-03
test("audit: Dash with walk 30 and fly 60: each budget doubles and so does the cap (walk 60, all 120)", function()
  local c = body("c", { speed = { walk = 30, fly = 60 } })
  local t = turn.start(c)
  ok(t:act("dash"))
  ok(t:move_feet(60, "walk"))
  eq((t:move_feet(5, "walk")), false, "walk budget used up")
  ok(t:move_feet(60, "fly"))
  eq(t.move:left(), 0, "120 in all")
end)
