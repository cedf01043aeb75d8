-- The modded 5e, inventory sections 6-8: movement, size, space and reach,
-- unoccupied space (TV-01..05, TV-20..22, TV-36).
-- ruleset: mod5e
-- covers: HB-MOVE-01 HB-MOVE-02 HB-MOVE-03 HB-MOVE-04 HB-MOVE-05 HB-MOVE-06 HB-MOVE-07 HB-MOVE-08
-- covers: HB-MOVE-09 HB-MOVE-10 HB-MOVE-11 HB-MOVE-12 HB-MOVE-13 HB-MOVE-14 HB-MOVE-15 HB-MOVE-16
-- covers: HB-MOVE-17 HB-MOVE-18 HB-MOVE-19 HB-MOVE-20 HB-MOVE-21
-- covers: HB-SIZE-01 HB-SIZE-02 HB-SIZE-03 HB-SIZE-04 HB-SIZE-05 HB-SPACE-01

local ch = require("core.5e.character")
local mv = rules.need("mod5e.movement")
local turn = rules.need("mod5e.turn")

local function body(id, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 20, level = 1, abilities = { str = opts.str or 10, dex = 10, con = 10, int = 10,
    wis = 10, cha = 10 }, skills = opts.skills }
  c:set("speed", opts.speed or { walk = 30 })
  mv.set_size(c, opts.size or "medium")
  c:set("pos", opts.pos or { x = 0, y = 0 })
  if opts.side then c:set("side", opts.side) end
  return c
end

local function line(n, y)
  local out = {}
  for i = 0, n do out[#out + 1] = { x = i, y = y or 0 } end
  return out
end

test("a 5-ft grid: each square entered costs 5 ft, and a square needs 5 ft left to enter (HB-MOVE-01, 02)", function()
  local c = body("c")
  local r = fight.price_path(c, line(3))
  eq({ r.ok, r.cost, r.steps }, { true, 15, 3 })
  eq(mv.path(c, line(3), { budget = 14 }).ok, false, "14 ft can't pay for the third square")
  eq(mv.path(c, line(3), { budget = 15 }).ok, true)
end)

test("every diagonal costs 5 ft; none past a corner wholly filled by terrain (HB-MOVE-03)", function()
  local c = body("c")
  local diag = { { x = 0, y = 0 }, { x = 1, y = 1 }, { x = 2, y = 2 }, { x = 3, y = 3 } }
  eq(fight.price_path(c, diag).cost, 15, "5 + 5 + 5, not 5e 2014's 5/10/5")
  local r = fight.price_path(c, { { x = 0, y = 0 }, { x = 1, y = 1 } }, { walls = { { x = 1, y = 0 } } })
  eq(r.ok, false, "past a wall's corner")
  matches(r.why, "corner")
end)

test("TV-01: movement results round down to 5 ft: speed 25 halved is 10, two difficult squares and not a third (HB-MOVE-04, 09)", function()
  eq(mv.round_down(12.5), 10)
  local c = body("c", { speed = { walk = 25 } })
  c:add_condition("stunned")
  eq(fight.speed(c), 10, "stunned halves speed 25: 12.5, rounded down")
  c:remove_condition("stunned")
  local sq = line(3)
  local difficult = { { x = 1, y = 0 }, { x = 2, y = 0 }, { x = 3, y = 0 } }
  eq(mv.path(c, { sq[1], sq[2], sq[3] }, { difficult = difficult }).ok, true, "two difficult squares: 20 ft of 25")
  local r = mv.path(c, sq, { difficult = difficult })
  eq({ r.ok, r.cost }, { false, 30 }, "the third is refused")
end)

test("distance: from a square next to one to the other's, the shortest way (HB-MOVE-05)", function()
  local a = body("a")
  local b = body("b", { pos = { x = 3, y = 2 } })
  eq(mv.distance(a, b), 15, "Chebyshev: 3 squares")
  local big = body("big", { size = "large", pos = { x = 4, y = 0 } })
  eq(mv.distance(a, big), 20, "to its nearest square")
  eq(mv.distance(a, body("n", { pos = { x = 1, y = 1 } })), 5, "adjacent creatures are 5 ft apart")
end)

test("speed is movement: one move covers at most the speed (HB-MOVE-06, HB-MOVE-10)", function()
  local c = body("c", { speed = { walk = 30, swim = 20, climb = 15, fly = 60, burrow = 10 } })
  local b = mv.budget(c)
  eq({ b:move(30), (b:move(5)) }, { true, false })
  local modes = {}
  for _, m in ipairs(rules.need("mod5e.names").modes) do modes[#modes + 1] = m.id end
  eq(modes, { "walk", "fly", "swim", "climb", "burrow" }, "five ways of moving")
  eq(mv.speed(c, "burrow"), 10)
end)

test("TV-02: split movement: move 10, attack, move 10, attack, with 10 ft left (HB-MOVE-07)", function()
  local c = body("c")
  local t = turn.start(c)
  ok(t:act("attack", { attacks = 2 }))
  ok(t:move_feet(10))
  ok(t:melee_attack())
  ok(t:move_feet(10))
  ok(t:melee_attack())
  eq(t.move:left(), 10)
  eq((t:melee_attack()), false, "two attacks, no third")
end)

test("TV-03: mixed speeds: each mode its own budget, the whole move capped by the highest (HB-MOVE-08, AMB-07)", function()
  local c = body("c", { speed = { walk = 30, fly = 60 } })
  local b = mv.budget(c)
  ok(b:move(20, "walk"))
  ok(b:move(10, "fly"))
  ok(b:move(10, "walk"))
  eq((b:move(5, "walk")), false, "the walking budget is used up")
  eq((b:move(30, "fly")), false, "fly 30 would make 70 ft, over the cap of 60")
  eq(b:left("fly"), 20)
  ok(b:move(20, "fly"))
  rules.merge("mod5e.options", { mixed_speed_cap = false })
  b = mv.budget(c)
  ok(b:move(20, "walk")); ok(b:move(10, "fly")); ok(b:move(10, "walk"))
  ok(b:move(30, "fly"), "the source's example: 70 ft without the cap")
  rules.merge("mod5e.options", { mixed_speed_cap = true })
end)

test("difficult terrain halves speed, kinds don't stack, others' spaces are difficult, obstacles are not (HB-MOVE-09)", function()
  local c = body("c", { side = "us" })
  local d = { { x = 1, y = 0 } }
  eq(fight.price_path(c, line(1), { difficult = d }).cost, 10, "a difficult square costs 10 ft")
  eq(fight.price_path(c, line(1), { low = d }).cost, 10, "rubble that also gives cover: still 10, not 15 or 20")
  local ally = body("ally", { side = "us", pos = { x = 1, y = 0 } })
  eq(fight.price_path(c, line(2), { creatures = { ally } }).cost, 15, "through an ally's space: 10 + 5")
  local r = fight.price_path(c, line(1), { walls = d })
  eq(r.ok, false, "a wall is an obstacle, not difficult terrain")
  c:add_condition("blinded")
  eq(fight.price_path(c, line(2)).cost, 20, "blinded: all terrain is difficult")
end)

test("TV-04: crawling halves movement, in difficult terrain quarters it: speed 30 crawls 5 ft there (HB-MOVE-11)", function()
  local c = body("c")
  c:add_condition("prone")
  eq(fight.price_path(c, line(2)).cost, 20, "crawling: 10 ft a square")
  local d = { { x = 1, y = 0 }, { x = 2, y = 0 } }
  eq(fight.price_path(c, line(1), { difficult = d }).cost, 20, "crawling in difficult terrain: 20 a square")
  eq(mv.path(c, line(2), { difficult = d }).ok, false, "30 ft: one square, not two")
  eq(mv.path(c, line(1), { difficult = d }).ok, true)
end)

test("TV-36: standing up, dropping prone, mounting each cost half the movement (HB-MOVE-12)", function()
  local c = body("c")
  c:add_condition("prone")
  local b = mv.budget(c)
  eq(mv.stand_up(c, b), 15)
  eq({ c:has("prone"), b:left() }, { false, 15 })
  eq(mv.drop_prone(c, b), 15, "lying down is not free")
  eq({ c:has("prone"), b:left() }, { true, 0 })
  eq((mv.stand_up(c, b)), nil, "no movement left to stand")
  eq(mv.mount(body("rider")), 15)
end)

test("TV-20: a swim check: Athletics DC 10, 10 ft + 5 per full 5 over, at most the walking speed (HB-MOVE-13)", function()
  local c = body("c", { speed = { walk = 20 } })
  local want = { [9] = 0, [10] = 10, [14] = 10, [15] = 15, [27] = 20 }
  for _, total in ipairs({ 9, 10, 14, 15, 27 }) do
    dice.force{ math.min(total, 20) }
    local s = mv.athletics_speed(c, "swim", { mods = { total - math.min(total, 20) } })
    eq(s, want[total], "total " .. total)
  end
  -- a failure uses that mode up for the turn; failing by 5 or more is a hazard
  local b = mv.budget(c)
  dice.force{ 4 }
  local s, _, hazard = mv.swim_or_climb(c, b, "swim")
  eq({ s, hazard, b:left("swim") }, { 0, true, 0 })
  eq(mv.swim_or_climb(c, b, "swim"), 0, "only the first swim of the turn is checked")
end)

test("a creature with a swimming or climbing speed makes no check (HB-MOVE-14)", function()
  local c = body("c", { speed = { walk = 30, swim = 40 } })
  local s, r = mv.athletics_speed(c, "swim")
  eq({ s, r }, { 40, nil })
  eq(#dice.pending(), 0)
end)

test("climbing: 1 dis on attacks, a free hand, no somatic spells or two-handed weapons (HB-MOVE-15)", function()
  local c = body("c")
  local foe = body("foe", { pos = { x = 1, y = 0 } })
  local b = mv.budget(c)
  dice.force{ 15 }
  mv.swim_or_climb(c, b, "climb")
  ok(c:has("climbing"))
  local a = fight.assess(c, foe, nil, { distance = 5 })
  eq({ a.adv, a.dis }, { 0, 1 })
  local sp = rules.need("mod5e.special")
  eq({ sp.somatic_allowed(c), sp.two_handed_allowed(c) }, { false, false })
end)

test("TV-21: a long jump: total 16 with a run-up 15 ft, without it 7.5, so 5 ft (HB-MOVE-16, 17)", function()
  local c = body("c")
  eq(mv.long_jump(c, { total = 16 }), 15)
  eq(mv.long_jump(c, { total = 16, run_up = false }), 5)
  eq(mv.long_jump(body("d", { speed = { walk = 20 } }), { total = 30 }), 20, "no farther than the walking speed")
  dice.force{ 8 }
  local feet, _, okay = mv.long_jump(c)
  eq({ feet, okay }, { 5, false }, "a failure lands after half the distance (AMB-10)")
  eq(mv.jump_cost(15), 15, "jumped feet cost movement 1:1, difficult or not")
end)

test("TV-22: a high jump: total 21 is 3 + 2 = 5 ft; without a run-up half, whole feet (HB-MOVE-18)", function()
  local c = body("c")
  eq(mv.high_jump(c, { total = 21 }), 5)
  eq(mv.high_jump(c, { total = 21, run_up = false }), 2)
  eq(mv.high_jump(c, { total = 9 }), 0)
end)

test("landing in difficult terrain after a jump: Athletics DC 10, else prone (HB-MOVE-19)", function()
  local c = body("c")
  dice.force{ 9 }
  eq(mv.land(c), false)
  ok(c:has("prone"))
  c:remove_condition("prone")
  dice.force{ 10 }
  eq(mv.land(c), true)
  eq(c:has("prone"), false)
end)

test("a flying creature that falls prone or loses its speed falls (HB-MOVE-20, AMB-14)", function()
  local c = body("c", { speed = { walk = 30, fly = 60 } })
  c:add_tag("flying")
  eq(mv.falls(c), false)
  c:add_condition("prone")
  eq(mv.falls(c), true)
  c:remove_condition("prone")
  c:add_condition("restrained")
  eq(mv.falls(c), true, "speed 0")
  dice.force{ 3, 4, 5 }
  local r = mv.fall(c, 30)
  eq({ r.dice, r.damage, r.prone }, { 3, 12, true }, "1d6 per 10 ft, landing prone")
end)

test("TV-05: a dive moves the larger of the horizontal and vertical distance (HB-MOVE-21)", function()
  eq(mv.dive_distance(60, 30), 60)
  eq(mv.dive_distance(10, 40), 40)
end)

test("T-3: six sizes; a Tiny creature fills a whole square (HB-SIZE-01)", function()
  local cat = body("cat", { size = "tiny" })
  eq(cat:get("space"), { w = 1, h = 1, shared = false })
  local sizes = {}
  for _, s in ipairs(rules.need("mod5e.names").sizes) do sizes[#sizes + 1] = s.zh end
  eq(sizes, { "微型", "小型", "中型", "大型", "巨型", "超巨型" })
  eq({ mv.sizes.large.squares, mv.sizes.huge.squares, mv.sizes.gargantuan.squares }, { 2, 3, 4 })
  -- two Tiny creatures can't share a square as in 5e
  local rat = body("rat", { size = "tiny", pos = { x = 1, y = 0 } })
  local r = fight.price_path(cat, line(1), { creatures = { rat }, allies = true })
  eq(r.ok, false, "it may pass, not end there")
end)

test("melee reach is 5 ft unless a weapon or the creature reaches farther (HB-SIZE-02)", function()
  local a = body("a")
  local t = body("t", { pos = { x = 2, y = 0 } })
  eq(fight.assess(a, t, nil, {}).allowed, false, "10 ft away: out of reach")
  eq(fight.assess(a, t, nil, { reach = 10 }).allowed, true, "a reach weapon")
  eq(fight.assess(a, body("n", { pos = { x = 1, y = 0 } }), nil, {}).allowed, true)
end)

test("through a non-hostile freely; through a hostile only two sizes apart, as difficult terrain (HB-SIZE-03)", function()
  local c = body("c", { side = "us" })
  local foe = body("foe", { side = "them", pos = { x = 1, y = 0 } })
  local r = fight.price_path(c, line(2), { creatures = { foe } })
  eq(r.ok, false, "a hostile of the same size blocks")
  local huge = body("huge", { side = "them", size = "huge", pos = { x = 1, y = -1 } })
  r = fight.price_path(c, line(4), { creatures = { huge } })
  eq({ r.ok, r.cost }, { true, 35 }, "a Huge hostile: through its three squares at 10 ft each, then 5")
  local large = body("large", { side = "them", size = "large", pos = { x = 1, y = 0 } })
  eq(fight.price_path(c, line(3), { creatures = { large } }).ok, false, "one size apart: no")
end)

test("ending a move in another's space only when two sizes apart, friend or foe (HB-SIZE-04)", function()
  local c = body("c", { side = "us" })
  local ally = body("ally", { side = "us", pos = { x = 1, y = 0 } })
  eq(fight.price_path(c, line(1), { creatures = { ally } }).ok, false, "not in an ally's space of the same size")
  local huge = body("huge", { side = "them", size = "huge", pos = { x = 1, y = -1 } })
  eq(fight.price_path(c, line(1), { creatures = { huge } }).ok, true, "in a Huge creature's space: allowed here")
  eq({ mv.can_end_in(c, huge), mv.can_end_in(c, ally) }, { true, false })
end)

test("leaving an enemy's reach provokes its opportunity attack (HB-SIZE-05)", function()
  local c = body("c", { side = "us" })
  local foe = body("foe", { side = "them", pos = { x = 1, y = 1 } })
  local r = fight.price_path(c, { { x = 0, y = 0 }, { x = 0, y = -1 }, { x = 0, y = -2 } }, { creatures = { foe } })
  eq(#r.leaves, 1)
  eq({ r.leaves[1].id, r.leaves[1].step }, { "foe", 1 }, "the first step leaves its reach")
end)

test("unoccupied space: no creature and no object; it need not hold the creature up (HB-SPACE-01)", function()
  local a = body("a", { pos = { x = 2, y = 2 } })
  eq(mv.unoccupied({ x = 2, y = 2 }, { a }), false)
  eq(mv.unoccupied({ x = 3, y = 2 }, { a }, { { x = 3, y = 2 } }), false, "a chest is there")
  eq(mv.unoccupied({ x = 4, y = 2 }, { a }), true)
  eq(mv.arrive(a, { x = 9, y = 9 }, "air"), "falls", "teleported into open air")
  eq(mv.arrive(a, { x = 9, y = 9 }, "lava"), "burns")
  eq({ a:get("pos").x, a:get("pos").y }, { 9, 9 })
end)
