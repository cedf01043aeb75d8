-- Audit (independent cases): inventory sections 6, 7 and 11: movement,
-- size and the special attacks at their edges (half of an odd speed,
-- exactly the DC, one size apart against two).
-- ruleset: mod5e
-- covers: HB-MOVE-04 HB-MOVE-08 HB-MOVE-09 HB-MOVE-12 HB-MOVE-13 HB-MOVE-17 HB-MOVE-18
-- covers: HB-SIZE-03 HB-SIZE-04 HB-INIT-05
-- covers: HB-SPECIAL-01 HB-SPECIAL-02 HB-SPECIAL-05 HB-SPECIAL-06 HB-SPECIAL-07 HB-SPECIAL-08 HB-SPECIAL-09
-- covers: HB-SPECIAL-10 HB-SPECIAL-11 HB-SPECIAL-13

local ch = require("core.5e.character")
local mv = rules.need("mod5e.movement")
local sp = rules.need("mod5e.special")
local turn = rules.need("mod5e.turn")
local ex = rules.need("mod5e.exhaustion")

local function body(id, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 30, level = 1, abilities = { str = opts.str or 14, dex = 10, con = 10, int = 10,
    wis = 10, cha = 10 }, skills = opts.skills }
  c:set("speed", opts.speed or { walk = 30 })
  mv.set_size(c, opts.size or "medium")
  c:set("pos", opts.pos or { x = 0, y = 0 })
  c:set("ac", 12)
  if opts.side then c:set("side", opts.side) end
  return c
end

local function line(n, y)
  local out = {}
  for i = 0, n do out[#out + 1] = { x = i, y = y or 0 } end
  return out
end

test("audit: speed 30 through difficult terrain: three squares exactly, not a fourth (HB-MOVE-09)", function()
  local c = body("c")
  local d = { { x = 1, y = 0 }, { x = 2, y = 0 }, { x = 3, y = 0 }, { x = 4, y = 0 } }
  eq(mv.path(c, line(3), { difficult = d }).ok, true)
  eq(mv.path(c, line(4), { difficult = d }).ok, false)
end)

test("audit: a diagonal into difficult terrain costs 10, like any other (HB-MOVE-03, 09)", function()
  local c = body("c")
  eq(fight.price_path(c, { { x = 0, y = 0 }, { x = 1, y = 1 } }, { difficult = { { x = 1, y = 1 } } }).cost, 10)
end)

test("audit: an ally standing in difficult terrain: 10 ft, the kinds don't stack (HB-MOVE-09)", function()
  local c = body("c", { side = "us" })
  local ally = body("ally", { side = "us", pos = { x = 1, y = 0 } })
  eq(fight.price_path(c, line(2), { creatures = { ally }, difficult = { { x = 1, y = 0 } } }).cost, 15)
end)

test("audit: speed 35 halved by stunned is 15 (17.5 rounded down to 5) (HB-MOVE-04)", function()
  local c = body("c", { speed = { walk = 35 } })
  c:add_condition("stunned")
  eq(fight.speed(c), 15)
end)

test("audit: standing up at speed 25 costs 10 (half, rounded down), leaving 15 (HB-MOVE-12)", function()
  local c = body("c", { speed = { walk = 25 } })
  c:add_condition("prone")
  local b = mv.budget(c)
  eq(mv.stand_up(c, b), 10)
  eq(b:left(), 15)
end)

test("audit: after a Dash, standing still costs half the speed (15), not half of 60 (HB-MOVE-12, HB-ACT-03)", function()
  local c = body("c")
  c:add_condition("prone")
  local t = turn.start(c)
  ok(t:act("dash"))
  eq(mv.stand_up(c, t.move), 15)
  eq(t.move:left(), 45)
end)

test("audit: with exhaustion 2 (speed 15) standing costs 5 (7.5 → 5), leaving 10 (HB-MOVE-12, HB-COND-06)", function()
  local c = body("c")
  ex.gain(c, 2)
  c:add_condition("prone")
  local b = mv.budget(c)
  eq(mv.stand_up(c, b), 5)
  eq(b:left(), 10)
end)

test("audit: mixed speeds: fly 60 alone is the whole move; walk 30 then fly 30 uses the 60 cap (HB-MOVE-08)", function()
  local c = body("c", { speed = { walk = 30, fly = 60 } })
  local b = mv.budget(c)
  ok(b:move(60, "fly"))
  eq((b:move(5, "walk")), false, "the cap of 60 is used")
  b = mv.budget(c)
  ok(b:move(30, "walk"))
  ok(b:move(30, "fly"))
  eq((b:move(5, "fly")), false)
end)

test("audit: a swim check of exactly DC 10 gives 10 ft, 19 gives 15, 20 gives 20 (HB-MOVE-13)", function()
  local c = body("c", { speed = { walk = 40 } })
  local want = { [10] = 10, [19] = 15, [20] = 20 }
  for _, total in ipairs({ 10, 19, 20 }) do
    dice.force{ total - 2 }
    eq(mv.athletics_speed(c, "climb", { mods = { 0 } }), want[total], "total " .. total)
  end
end)

test("audit: a swim check failed by exactly 5 is the hazard, by 4 not (HB-MOVE-13, AMB-09)", function()
  local c = body("c", { str = 10 })
  dice.force{ 5 }
  local s, _, hazard = mv.athletics_speed(c, "swim")
  eq({ s, hazard }, { 0, true })
  dice.force{ 6 }
  s, _, hazard = mv.athletics_speed(c, "swim")
  eq({ s, hazard }, { 0, false })
end)

test("audit: long jump totals 10, 14, 15 with a run-up: 10, 10, 15; 14 without one: 5 (HB-MOVE-16, 17)", function()
  local c = body("c")
  eq({ (mv.long_jump(c, { total = 10 })), (mv.long_jump(c, { total = 14 })), (mv.long_jump(c, { total = 15 })) }, { 10, 10, 15 })
  eq(mv.long_jump(c, { total = 14, run_up = false }), 5)
end)

test("audit: high jump: exactly DC 10 is 3 ft; 9 fails; 15 without a run-up is 2 (HB-MOVE-18)", function()
  local c = body("c")
  eq({ (mv.high_jump(c, { total = 10 })), (mv.high_jump(c, { total = 9 })), (mv.high_jump(c, { total = 15, run_up = false })) },
    { 3, 0, 2 })
end)

test("audit: a Tiny creature may pass through and stop in a Medium foe's space; a Small one may not (HB-SIZE-03, 04)", function()
  local foe = body("foe", { side = "them", pos = { x = 1, y = 0 } })
  local rat = body("rat", { side = "us", size = "tiny" })
  eq(fight.price_path(rat, line(1), { creatures = { foe } }).ok, true, "two sizes apart")
  local imp = body("imp", { side = "us", size = "small" })
  eq(fight.price_path(imp, line(2), { creatures = { foe } }).ok, false, "one size apart")
end)

test("audit: the unarmed strike with Str 10 deals 1 + 0 = 1, with proficiency (HB-SPECIAL-01)", function()
  local c = body("c", { str = 10 })
  local u = sp.unarmed(c)
  eq({ u.bonus, u.damage }, { 2, "1" })
end)

test("audit: shove: a Large target allowed, a Tiny one allowed, a Huge one not (HB-SPECIAL-05)", function()
  local a = body("a")
  dice.force{ 15, 3 }
  eq(sp.shove(a, body("l", { size = "large" })).allowed, true)
  dice.force{ 15, 3 }
  eq(sp.shove(a, body("t", { size = "tiny" })).allowed, true)
  eq(sp.shove(a, body("h", { size = "huge" })).allowed, false)
  local tiny = body("tiny", { size = "tiny" })
  eq(sp.shove(tiny, body("m")).allowed, false, "Tiny shoving Medium: two sizes larger")
end)

test("audit: grapple against an incapacitated target: its Athletics fails, the grappler wins without its roll (HB-SPECIAL-08, HB-CORE-05)", function()
  local a, b = body("a"), body("b")
  b:add_condition("paralyzed")
  dice.force{ 2 }
  local r = sp.grapple(a, b)
  eq({ r.success, b:has("grappled"), a:has("grappled") }, { true, true, true })
end)

test("audit: grapple needs a free hand; a tie fails (HB-SPECIAL-08, AMB-11)", function()
  local a, b = body("a"), body("b")
  sp.set_hands(a, { name = "longsword" }, { name = "shield" })
  eq(sp.grapple(a, b).allowed, false)
  sp.set_hands(a, { name = "longsword" }, nil)
  dice.force{ 10, 10 }
  eq({ sp.grapple(a, b).success, b:has("grappled") }, { false, false })
end)

test("audit: trip: a Large target 1 adv, a Small one 0 (never dis for smaller) (HB-SPECIAL-07)", function()
  local a = body("a")
  dice.force{ 15, 3, 4 }
  eq(sp.trip(a, body("l", { size = "large" })).target_adv, 1)
  dice.force{ 15, 3 }
  eq(sp.trip(a, body("s", { size = "small" })).target_adv, 0)
end)

test("audit: a Tiny creature tripping a Gargantuan: 5 adv for the target, six d20s (HB-SPECIAL-07, T-3)", function()
  local a = body("a", { size = "tiny" })
  dice.force{ 15, 3, 4, 5, 6, 7, 8 }
  local r = sp.trip(a, body("g", { size = "gargantuan" }))
  eq({ r.target_adv, r.contest.b.natural }, { 5, 8 }, "Tiny 0 to Gargantuan 5")
end)

test("audit: disarm has no size limit: a Huge giant can be disarmed (HB-SPECIAL-06)", function()
  local a, g = body("a"), body("g", { size = "huge" })
  sp.set_hands(a, nil, nil)
  sp.set_hands(g, { name = "greatclub" }, nil)
  dice.force{ 15, 3 }
  local r = sp.disarm(a, g)
  eq({ r.allowed, r.success, r.item.name }, { true, true, "greatclub" })
  local b, c = body("b"), body("c")
  sp.set_hands(b, nil, nil)
  sp.set_hands(c, { name = "dagger" }, nil)
  dice.force{ 15, 3 }
  r = sp.disarm(b, c, { take = false })
  eq({ r.success, r.taken, sp.hands(b).main }, { true, false, nil }, "let fall at its feet")
end)

test("audit: both grappled: speed 0 even after a Dash, for the held and the holder (HB-SPECIAL-09)", function()
  local g, t = body("g"), body("t", { pos = { x = 1, y = 0 } })
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  local tt = turn.start(t)
  tt:act("dash")
  eq(tt.move:left(), 0)
  eq(mv.speed(g, "walk", { bonus = 10 }), 0)
end)

test("audit: escape needs the held creature's action; without one it can't try (HB-SPECIAL-10)", function()
  local g, t = body("g"), body("t")
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  local tt = turn.start(t)
  tt:act("dodge")
  local r = sp.escape(t, g, { turn = tt })
  eq(r.allowed == false or r.success == false, true)
  eq(t:has("grappled"), true)
end)

test("audit: the grappler falling unconscious ends the grapple (HB-SPECIAL-11)", function()
  local g, t = body("g"), body("t", { pos = { x = 1, y = 0 } })
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  g:add_condition("unconscious")
  ok(sp.check_grapple(g, t))
  eq(t:has("grappled"), false)
end)

test("audit: dragging at half the unmodified speed even when exhausted: 30 → 15 (HB-SPECIAL-13, AMB-22)", function()
  local g, t = body("g"), body("t")
  ex.gain(g, 2)
  dice.force{ 15, 16, 3 }
  sp.grapple(g, t)
  eq(sp.drag_speed(g), 15)
end)

test("audit: opportunity attacks: forced movement provokes none; the foe's own move does (HB-SPECIAL-02, AMB-20)", function()
  local made = {}
  local h = rules.on("turn.act", function(e)
    if e.fighter:get("id") ~= "runner" or made.done then return end
    made.done = true
    made.forced = #fight.move(e.fighter, { x = 1, y = 1 }, { cause = "forced", budget = 100 }).opportunity
    fight.move(e.fighter, { x = 3, y = 1 }, { budget = 100 })
    made.own = #fight.move(e.fighter, { x = 0, y = 1 }, { budget = 100 }).opportunity
    e.acted = true
  end, { phase = "after" })
  dice.force({ 15, 5, 3, 2 }, { mixed = true })
  fight.run(fight.encounter{ max_rounds = 1, map = { rows = { "........", "........", "........" } }, sides = {
    { name = "a", members = { { stat = { id = "runner", hp = 50, ac = 10, attacks = { { name = "Fist", bonus = 0, damage = "1" } } },
      at = { 3, 1 } }, { stat = { id = "pal", hp = 50, ac = 10, attacks = { { name = "Fist", bonus = 0, damage = "1" } } },
      at = { 3, 2 } } } },
    { name = "b", members = { { stat = { id = "guard", hp = 50, ac = 30,
      attacks = { { name = "Spear", bonus = 0, damage = "1d6", type = "piercing" } } },
      at = { 4, 1 } } } } } })
  rules.off(h)
  eq({ made.forced, made.own }, { 0, 1 })
end)

-- run_leave: a fight on a map where the runner (side a) steps out of the
-- guard's reach on its first turn, after prep(runner); returns the round
-- it moved in and how many opportunity attacks it drew.
local function run_leave(prep, guard_extra)
  local made = {}
  local h = rules.on("turn.act", function(e)
    if e.fighter:get("id") ~= "runner" or made.done then return end
    made.done = true
    made.round = fight.round()
    if prep then prep(e.fighter) end
    made.oa = #fight.move(e.fighter, { x = 0, y = 1 }, { budget = 100 }).opportunity
    e.acted = true
  end, { phase = "after" })
  dice.force({ 15, 5, 3, 2 }, { mixed = true })
  local guard = { stat = { id = "guard", hp = 50, ac = 30, attacks = { { name = "Spear", bonus = 0, damage = "1d6", type = "piercing" } } },
    at = { 4, 1 } }
  for k, v in pairs(guard_extra or {}) do guard[k] = v end
  fight.run(fight.encounter{ max_rounds = 1, map = { rows = { "........", "........", "........" } }, sides = {
    { name = "a", members = { { stat = { id = "runner", hp = 50, ac = 10, attacks = { { name = "Fist", bonus = 0, damage = "1" } } },
      at = { 3, 1 } } } },
    { name = "b", members = { guard } } } })
  rules.off(h)
  return made.round, made.oa
end

test("audit: an invisible creature leaving reach still provokes: the trigger needs no sight (HB-SPECIAL-02, AMB-20)", function()
  local _, oa = run_leave(function(r) r:add_condition("invisible") end)
  eq(oa, 1)
end)

test("audit: in the surprise round an unaware guard makes no opportunity attack (HB-INIT-05, AMB-06)", function()
  local round, oa = run_leave(nil, { unaware = true })
  eq({ round, oa }, { 0, 0 })
end)
