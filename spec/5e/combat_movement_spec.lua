-- D&D 5e (2024), inventory section 13: movement and position (TV-16,
-- TV-17, TV-18, TV-20, TV-51, TV-56), with grid moves priced by the kernel
-- (module grid).
-- ruleset: 5e
-- covers: 5E-MOV-01 5E-MOV-02 5E-MOV-03 5E-MOV-04 5E-MOV-05 5E-MOV-06 5E-MOV-07
-- covers: 5E-MOV-08 5E-MOV-09 5E-MOV-10 5E-MOV-11 5E-MOV-12 5E-MOV-13 5E-MOV-14

local grid = require("grid")
local mv = rules.need("5e.movement")

local function walker(id, extra)
  local spec = { id = id or "walker", hp = 10, speed = 30, side = "party", pos = { x = 0, y = 0 } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  return creature.new(spec)
end

local function line(n, dx, dy)
  local out = {}
  for i = 0, n do out[#out + 1] = { x = i * (dx or 1), y = i * (dy or 0) } end
  return out
end

test("a turn's move: up to the Speed, each part deducted; climbing, swimming and crawling cost more (5E-MOV-01)", function()
  local c = walker()
  local b = mv.budget(c)
  eq(b:move(mv.cost(10)), true)
  eq(b:move(mv.cost(5, { climb = true, mover = c })), true, "climbing without a Climb Speed: 10")
  eq(b:left(), 10)
  eq(b:move(mv.cost(10, { crawl = true })), false, "crawling 10 ft costs 20")
  eq(b:move(mv.cost(5, { crawl = true })), true)
  eq(b:left(), 0)
  local frog = walker("frog", { speed = { walk = 20, swim = 40 } })
  eq(mv.cost(10, { swim = true, mover = frog }), 10, "a Swim Speed swims at cost")
  eq(mv.cost(10, { swim = true, mover = c }), 20)
  eq(mv.crawl_cost(10, true), 30, "crawling in Difficult Terrain: +2 per foot (AMB-25)")
end)

test("Speeds come from the stat block, special speeds included; a stat block with none walks 30 ft (5E-MOV-02)", function()
  local owl = walker("owl", { speed = { walk = 5, fly = 60 } })
  eq({ mv.speed(owl), mv.speed(owl, "fly"), mv.speed(owl, "swim") }, { 5, 60, 0 })
  local plain = creature.new{ id = "plain", hp = 5 }
  eq(mv.speed(plain), 30)
  local stone = walker("stone", { speed = 0 })
  eq(mv.speed(stone), 0)
  -- Exhaustion takes 5 ft per level from every speed
  owl:add_condition("exhaustion", { level = 2 })
  eq({ mv.speed(owl), mv.speed(owl, "fly") }, { 0, 50 })
end)

test("TV-17: Difficult Terrain costs 1 extra foot per foot, once however many features make it so (5E-MOV-03)", function()
  eq(mv.cost(10, { difficult = true }), 20)
  eq(mv.cost(10, { difficult = 2 }), 20, "rubble and undergrowth in one space: still 20, not 30")
  eq(mv.cost(10), 10)
end)

test("TV-16: on a grid Speed 30 is 6 squares; 3 difficult squares use all 6; 6 diagonal squares cost 6 (5E-MOV-04, 05)", function()
  local c = walker()
  eq(mv.squares(mv.speed(c)), 6)
  eq(mv.squares(25), 5)
  local r = mv.path(c, line(3), { difficult = { { x = 1, y = 0 }, { x = 2, y = 0 }, { x = 3, y = 0 } } })
  eq({ r.ok, r.cost }, { true, 30 })
  local d = mv.path(c, line(6, 1, 1))
  eq({ d.ok, d.cost, d.squares }, { true, 30, 6 }, "diagonal or not, 5 ft a square")
  local far = mv.path(c, line(7, 1, 1))
  eq({ far.ok, far.cost }, { false, 35 })
  -- the kernel does the pricing: 5-10-5 is only a grid option
  eq(grid.path({ x = 0, y = 0 }, line(2, 1, 1), { diagonal = "alternate" }).cost, 15)
  -- an occupied-by-a-foe square that the mover may pass costs like Difficult Terrain (see 5E-MOV-13)
end)

test("a diagonal step can't cut the corner of a wall (5E-MOV-06)", function()
  local c = walker()
  local wall = { { x = 1, y = 0 } }
  local r = mv.path(c, { { x = 0, y = 0 }, { x = 1, y = 1 } }, { walls = wall })
  eq(r.ok, false)
  matches(r.why, "cuts the corner")
  local around = mv.path(c, { { x = 0, y = 0 }, { x = 0, y = 1 }, { x = 1, y = 1 } }, { walls = wall })
  eq({ around.ok, around.cost }, { true, 10 })
  eq(mv.path(c, { { x = 0, y = 0 }, { x = 1, y = 0 } }, { walls = wall }).ok, false, "nor enter it")
end)

test("range on a grid: from a square next to one to the other's space by the shortest route, diagonals 1 (5E-MOV-07)", function()
  local a = walker("a", { pos = { x = 0, y = 0 } })
  local b = walker("b", { pos = { x = 3, y = 6 } })
  eq(mv.distance(a, b), 30)
  local giant = walker("giant", { pos = { x = 2, y = 2 } })
  mv.set_size(giant, "huge")
  eq(mv.distance(a, giant), 10, "to the nearest of its 9 squares")
  eq(mv.distance({ x = 0, y = 0 }, { x = 1, y = 0 }), 5, "adjacent")
end)

test("TV-18: movement split around the action: Speed 30, move 10, act, move 20 (5E-MOV-08)", function()
  local t = rules.need("5e.turn").start(walker())
  eq(t:move_feet(10), true)
  eq(t:act("attack"), true)
  eq(t:move_feet(20), true)
  eq(t.move:left(), 0)
end)

test("dropping Prone costs no action or movement, but not with Speed 0; TV-20: standing costs half the Speed (5E-MOV-09, 5E-CND-14)", function()
  local c = walker()
  eq(mv.drop_prone(c), true)
  ok(c:has("prone"))
  local b = mv.budget(c)
  eq(b:left(), 30, "dropping was free")
  eq(mv.stand_up(c, b), 15)
  eq({ c:has("prone"), b:left() }, { false, 15 })
  local tired = walker("tired")
  tired:add_condition("exhaustion", { level = 2 })
  tired:add_condition("prone")
  eq(mv.stand_cost(tired), 10, "Exhaustion 2: Speed 20, 10 to stand")
  local held = walker("held")
  held:add_condition("grappled")
  eq(mv.drop_prone(held), false, "Speed 0: can't drop Prone")
  held:add_condition("prone")
  eq(mv.stand_cost(held), nil)
  eq(select(2, mv.stand_up(held)), "speed 0")
  ok(held:has("prone"))
end)

test("T-16 sizes and spaces; a creature's size from its species or stat block (5E-MOV-10, 11)", function()
  local sizes = {}
  for _, s in ipairs(mv.size_order) do
    local d = mv.sizes[s]
    sizes[#sizes + 1] = { s, d.rank, d.feet, d.squares }
  end
  eq(sizes, { { "tiny", 1, 2.5, 1 }, { "small", 2, 5, 1 }, { "medium", 3, 5, 1 }, { "large", 4, 10, 2 },
    { "huge", 5, 15, 3 }, { "gargantuan", 6, 20, 4 } })
  local halfling = walker("halfling")
  mv.set_size(halfling, "small")
  local ogre = creature.new{ id = "ogre", hp = 59, size = "large", size_rank = 4, space = 2 }
  eq({ mv.rank(halfling), halfling:get("space").w }, { 2, 1 })
  eq({ mv.rank(ogre), ogre:get("space").w }, { 4, 2 })
  local dragon = walker("dragon")
  mv.set_size(dragon, "gargantuan")
  eq(dragon:get("space"), { w = 4, h = 4, shared = false })
  local sprite = walker("sprite")
  mv.set_size(sprite, "tiny")
  eq(sprite:get("space").shared, true, "four to a square")
  fails(function() mv.set_size(sprite, "colossal") end, "unknown size")
end)

test("TV-51: a Medium creature moves through a hostile Huge one (Difficult Terrain), not a Large one, and a Tiny one freely (5E-MOV-12, 13)", function()
  local me = walker("me", { pos = { x = 0, y = 0 } })
  local function foe(id, size, x)
    local f = walker(id, { side = "foes", pos = { x = x, y = 0 } })
    mv.set_size(f, size)
    return f
  end
  local huge, large, tiny = foe("huge", "huge", 1), foe("large", "large", 1), foe("tiny", "tiny", 1)
  eq({ mv.can_pass(me, huge), mv.can_pass(me, large), mv.can_pass(me, tiny) }, { true, false, true })
  eq({ mv.space_is_difficult(me, huge), mv.space_is_difficult(me, tiny) }, { true, false })
  local r = mv.path(me, line(4), { creatures = { huge }, budget = 35 })
  eq({ r.ok, r.cost }, { true, 35 }, "three squares of the Huge creature's space cost double")
  local blocked = mv.path(me, line(3), { creatures = { large } })
  eq(blocked.ok, false)
  matches(blocked.why, "can't move through large")
  eq(mv.path(me, line(2), { creatures = { tiny } }).cost, 10)
  -- an ally or an Incapacitated creature can be passed, an ally's space is not difficult
  local friend = walker("friend", { pos = { x = 1, y = 0 } })
  eq({ mv.can_pass(me, friend), mv.space_is_difficult(me, friend) }, { true, false })
  eq(mv.path(me, line(2), { creatures = { friend } }).cost, 10)
  local orc = foe("orc", "medium", 1)
  eq(mv.can_pass(me, orc), false)
  orc:add_condition("paralyzed")
  eq(mv.can_pass(me, orc), true, "Paralyzed: Incapacitated")
  eq(mv.path(me, line(2), { creatures = { orc } }).cost, 15)
end)

test("no one willingly ends a move in an occupied space; ending a turn in one knocks Prone (5E-MOV-14)", function()
  local me = walker("me", { pos = { x = 0, y = 0 } })
  local friend = walker("friend", { pos = { x = 1, y = 0 } })
  local r = mv.path(me, line(1), { creatures = { friend } })
  eq(r.ok, false)
  matches(r.why, "occupied")
  eq(mv.can_end_in(me, friend), false)
  eq(mv.end_turn_in(me, friend), true, "same size: Prone (AMB-29)")
  ok(me:has("prone"))
  local ogre = walker("ogre")
  mv.set_size(ogre, "large")
  eq(mv.end_turn_in(ogre, friend), false, "larger than the other")
  local pixie = walker("pixie")
  mv.set_size(pixie, "tiny")
  eq(mv.end_turn_in(pixie, ogre), false, "Tiny")
end)

-- covers: 5E-CND-14
test("crawling on the grid: the extra costs add, 5 ft crawled through Difficult Terrain costs 15 (5E-MOV-03, 05, 5E-CND-14, AMB-25)", function()
  local c = walker()
  local one = { { x = 1, y = 0 } }
  local r = mv.path(c, line(1), { crawl = true, difficult = one })
  eq({ r.ok, r.cost }, { true, 15 }, "1 + 1 (difficult) + 1 (crawling) feet a foot, not 2 x 2")
  eq(mv.path(c, line(1), { crawl = true }).cost, 10, "crawling on open ground: 2 feet a foot")
  eq(mv.path(c, line(1), { difficult = one }).cost, 10, "walking through Difficult Terrain: 2 feet a foot")
  -- the grid agrees with the rule for loose feet
  eq(r.cost, mv.crawl_cost(5, true))
  -- Speed 30 crawls 2 difficult squares (30 ft), not 1 (40 ft would not fit)
  local two = mv.path(c, line(2), { crawl = true, difficult = { { x = 1, y = 0 }, { x = 2, y = 0 } } })
  eq({ two.ok, two.cost }, { true, 30 })
end)
