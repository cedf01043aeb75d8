-- D&D 5e (2024) space rules on the battle map (inventory sections 13, 14, 22; T-16, T-17;
-- TV-16..TV-56): cases written from the inventory alone, apart from map_spec.lua. They found
-- the kernel's Frightened, forced-move and repeated-Dash fixes and Sneak Attack's distance.
-- ruleset: 5e

local util = require("core.5e.util")
local mv = rules.need("5e.movement")

local BOW = { name = "Bow", bonus = 4, damage = "1d6+2", type = "piercing", ranged = true, range = { 80, 320 } }
local CLUB = { name = "Club", bonus = 4, damage = "1d6+2", type = "bludgeoning" }
local PIKE = { name = "Pike", bonus = 4, damage = "1d10+2", type = "piercing", reach = 10 }

local function who(id, at, extra)
  local st = { name = id, hp = 30, ac = 10, speed = { walk = 30 }, attacks = { CLUB, BOW },
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } }
  for k, v in pairs(extra or {}) do st[k] = v end
  return { id = id, at = at, stat = st }
end

-- on_map plays fn(all, actor) on the turn of the creature `actor_id` (or the
-- first to act when nil); nobody else acts by itself. Then everyone is killed.
local function on_map(rows, heroes, foes, fn, actor_id)
  local done = false
  local h = rules.on("turn.act", function(e)
    e.acted = true
    if done then return end
    if actor_id and e.fighter:get("id") ~= actor_id then return end
    done = true
    local all = {}
    for _, c in ipairs(fight.all()) do all[c:get("id")] = c end
    fn(all, e.fighter)
    for _, c in ipairs(fight.all()) do
      if not fight.is(c, "out") then fight.kill(c) end
    end
  end, { phase = "after" })
  dice.force({}, { mixed = true }) -- initiative is not forced
  fight.run(fight.encounter{ max_rounds = 2, map = { rows = rows },
    sides = { { name = "heroes", members = heroes }, { name = "foes", members = foes } } })
  rules.off(h)
  eq(done, true, "the scene ran")
end

-- ---------------------------------------------------------------- movement

-- covers: 5E-MOV-04 5E-MOV-05
-- vectors: TV-16
test("TV-16 on the map: 6 diagonal squares cost 30 ft (no 5-10-5), the 7th needs 35", function()
  on_map({ "........", "........", "........", "........", "........", "........", "........", "........" },
    { who("hero", { 0, 0 }) }, { who("foe", { 7, 0 }) }, function(all)
      local p = fight.path(all.hero, { x = 6, y = 6 }, { budget = 100 })
      eq({ p.ok, p.cost }, { true, 30 })
      eq(fight.path(all.hero, { x = 7, y = 7 }, { budget = 100 }).cost, 35)
      eq(fight.path(all.hero, { x = 7, y = 7 }).ok, false, "Speed 30 can't reach the 7th diagonal square")
    end)
end)

-- covers: 5E-MOV-03 5E-MOV-05
test("Difficult Terrain is paid on entering: a diagonal step into it costs 10, a step out of it 5; a low wall is difficult", function()
  on_map({ "~....", ".~=..", "....." }, { who("hero", { 0, 0 }) }, { who("foe", { 4, 2 }) }, function(all)
    eq(fight.path(all.hero, { x = 1, y = 1 }).cost, 10, "diagonal into '~'")
    eq(fight.path(all.hero, { x = 1, y = 0 }).cost, 5, "out of '~' onto open ground")
    local r = fight.move(all.hero, { x = 1, y = 1 })
    eq({ r.cost, fight.movement_left(all.hero) }, { 10, 20 })
    eq(fight.path(all.hero, { x = 2, y = 1 }).cost, 10, "onto the low wall: difficult")
  end, "hero")
end)

-- covers: 5E-CND-14 5E-MOV-03
-- vectors: AMB-25
test("crawling diagonally into Difficult Terrain costs 15 ft, crawling over a low wall 15, Speed 30 crawls 2 such squares", function()
  on_map({ ".....", ".~=..", "..~..", "....." }, { who("hero", { 0, 0 }) }, { who("foe", { 4, 3 }) }, function(all)
    all.hero:add_condition("prone")
    eq(fight.path(all.hero, { x = 1, y = 1 }).cost, 15, "1 + 1 + 1 per foot, not 2 x 2")
    eq(fight.path(all.hero, { x = 1, y = 0 }).cost, 10, "crawling on open ground")
    eq(fight.path(all.hero, { x = 2, y = 2 }).cost, 30, "two difficult squares crawled")
  end, "hero")
end)

-- covers: 5E-MOV-12 5E-MOV-13
-- vectors: TV-51
test("TV-51 on the map: through a hostile Tiny creature freely (not difficult), not through a hostile Medium one", function()
  on_map({ "....." }, { who("hero", { 0, 0 }) }, { who("rat", { 1, 0 }, { size = "tiny" }), who("orc", { 4, 0 }) },
    function(all)
      local p = fight.path(all.hero, { x = 2, y = 0 })
      eq({ p.ok, p.cost }, { true, 10 }, "a Tiny creature's space is not Difficult Terrain")
      local q = fight.path(all.hero, { x = 4, y = 0 }, { budget = 100 })
      eq(q.ok, false, "the orc's square")
    end, "hero")
end)

-- covers: 5E-MOV-12 5E-MOV-13 5E-MOV-03
-- vectors: TV-51 TV-17
test("TV-51: a hostile Huge creature's space is Difficult Terrain (3 squares: 30 ft), and '~' under it doesn't add (5E-MOV-03)", function()
  on_map({ "......", "......", "......" }, { who("hero", { 0, 1 }) }, { who("giant", { 1, 0 }, { size = "huge" }) },
    function(all)
      local p = fight.path(all.hero, { x = 4, y = 1 }, { budget = 100 })
      eq({ p.ok, p.cost }, { true, 35 }, "10 + 10 + 10 through the Huge space, 5 out of it")
    end, "hero")

  on_map({ "......", ".~~~..", "......" }, { who("hero", { 0, 1 }) }, { who("giant", { 1, 0 }, { size = "huge" }) },
    function(all)
      local p = fight.path(all.hero, { x = 4, y = 1 }, { budget = 100 })
      eq({ p.ok, p.cost }, { true, 35 })
    end, "hero")
end)

-- covers: 5E-MOV-12
-- vectors: AMB-14
test("a Large mover passes a hostile Small creature (2 sizes apart) but not a hostile Medium one (1 size)", function()
  on_map({ "......", "......" }, { who("ogre", { 0, 0 }, { size = "large" }) },
    { who("kobold", { 2, 0 }, { size = "small" }) }, function(all)
      eq(fight.path(all.ogre, { x = 4, y = 0 }, { budget = 100 }).ok, true, "through the Small creature")
    end, "ogre")
  on_map({ "......", "......" }, { who("ogre", { 0, 0 }, { size = "large" }) },
    { who("orc", { 2, 0 }), who("orc2", { 2, 1 }) }, function(all)
      eq(fight.path(all.ogre, { x = 4, y = 0 }, { budget = 100 }).ok, false, "Medium: one size apart")
    end, "ogre")
end)

-- covers: 5E-MOV-12 5E-MOV-13 5E-MOV-14
test("an ally's space: passed at normal cost, never ended in; an Incapacitated foe's space is passed as Difficult Terrain", function()
  on_map({ "....", "####" }, { who("hero", { 0, 0 }), who("pal", { 1, 0 }) }, { who("orc", { 3, 0 }) },
    function(all)
      eq(fight.path(all.hero, { x = 2, y = 0 }).cost, 10, "through the ally: 5 + 5")
      eq(fight.path(all.hero, { x = 1, y = 0 }).ok, false, "can't end in the ally's square")
    end, "hero")
  on_map({ "....", "####" }, { who("hero", { 0, 0 }) }, { who("orc", { 1, 0 }), who("orc2", { 3, 0 }) },
    function(all)
      all.orc:add_condition("stunned")
      local p = fight.path(all.hero, { x = 2, y = 0 })
      eq({ p.ok, p.cost }, { true, 15 }, "Stunned (Incapacitated): passable, difficult")
    end, "hero")
end)

-- covers: 5E-MOV-07 5E-ATK-09
-- vectors: AMB-26
test("range counts to the nearest square of a Huge footprint, diagonals 1; a Huge creature's 5-ft reach touches a corner neighbour", function()
  local claw = { name = "Claw", bonus = 4, damage = "1d6", type = "slashing" }
  on_map({ "........", "........", "........", "........", "........", "........" },
    { who("hero", { 5, 4 }), who("near", { 3, 3 }) }, { who("giant", { 0, 0 }, { size = "huge", attacks = { claw } }) },
    function(all)
      eq(fight.distance(all.giant, all.hero), 15, "(2,2) to (5,4): 3 squares")
      eq(fight.distance(all.giant, all.near), 5, "diagonal neighbour of (2,2)")
      eq(fight.reaches(all.giant, all.near, "Claw"), true)
      eq(fight.reaches(all.giant, all.hero, "Claw"), false)
    end)
end)

-- covers: 5E-CND-08 5E-CND-18 5E-CND-06
-- vectors: TV-56
test("TV-56: Grappled, Speed 0 even after Dash; Dash doubles a Speed of 25 (Exhaustion 1) to 50; Exhaustion 2 moves 4 squares", function()
  on_map({ "....." }, { who("hero", { 0, 0 }) }, { who("orc", { 4, 0 }) }, function(all, me)
    eq(me, all.hero)
    me:add_condition("exhaustion", { level = 1 })
    eq(fight.speed(me), 25)
    fight.dash(me)
    eq(fight.movement_left(me), 50)
    me:add_condition("grappled", { source = "orc" })
    eq({ fight.speed(me), fight.movement_left(me) }, { 0, 0 }, "locked at 0")
    eq(fight.move(me, { x = 1, y = 0 }).steps, 0)
  end, "hero")

  on_map({ "......" }, { who("hero", { 0, 0 }) }, { who("foe", { 5, 0 }) }, function(all, me)
    me:add_condition("exhaustion", { level = 2 })
    eq(fight.movement_left(me), 20)
    local r = fight.move(me, { x = 5, y = 0 })
    eq({ r.steps, r.cost }, { 4, 20 })
  end, "hero")
end)

-- covers: 5E-CND-08
-- vectors: AMB-25
test("dragging a grappled creature: +1 ft per ft unless it is Tiny or 2 sizes smaller; with Difficult Terrain 3 ft per ft", function()
  local function c(id, size)
    local x = creature.new{ id = id, hp = 10, speed = { walk = 30 } }
    mv.set_size(x, size)
    return x
  end
  local med, large, small, tiny = c("med", "medium"), c("large", "large"), c("small", "small"), c("tiny", "tiny")
  eq(mv.cost(10, { drag = small, mover = med }), 20, "Small is only one size smaller than Medium")
  eq(mv.cost(10, { drag = tiny, mover = med }), 10, "Tiny: free")
  eq(mv.cost(10, { drag = small, mover = large }), 10, "two sizes smaller: free")
  eq(mv.cost(10, { drag = med, mover = med, difficult = true }), 30)
end)

-- covers: 5E-CND-07
test("Frightened: can't willingly move closer to the source; moving away is allowed", function()
  on_map({ "........" }, { who("hero", { 2, 0 }) }, { who("orc", { 7, 0 }) }, function(all)
    all.hero:add_condition("frightened", { source = "orc" })
    local r = fight.move(all.hero, { x = 4, y = 0 })
    eq(fight.pos(all.hero), { x = 2, y = 0 }, "no step toward the orc")
    eq({ r.steps, r.stopped }, { 0, "fear" })
    r = fight.move(all.hero, { x = 0, y = 0 })
    eq({ r.steps, fight.pos(all.hero) }, { 2, { x = 0, y = 0 } }, "away is fine")
  end, "hero")
end)

-- ------------------------------------------------------ opportunity attacks

-- covers: 5E-ATK-09 5E-ATK-10
test("reach 10: 10 -> 5 ft, around, 5 -> 10 ft provoke nothing, 10 -> 15 ft one; along a Large creature's side none, stepping off it one", function()
  on_map({ ".......", "......." }, { who("hero", { 2, 0 }) }, { who("pikeman", { 0, 0 }, { attacks = { PIKE } }) },
    function(all)
      local r = fight.move(all.hero, { x = 1, y = 0 })
      eq(#r.opportunity, 0, "closer")
      r = fight.move(all.hero, { x = 1, y = 1 })
      eq(#r.opportunity, 0, "around, still within 5 ft")
      r = fight.move(all.hero, { x = 2, y = 1 })
      eq(#r.opportunity, 0, "5 -> 10 ft: still within reach 10")
      dice.force{ 2 } -- a miss
      r = fight.move(all.hero, { x = 3, y = 1 })
      eq(#r.opportunity, 1, "15 ft: out of reach")
    end, "hero")

  on_map({ "......", "......", "......" }, { who("hero", { 0, 2 }) }, { who("ogre", { 2, 0 }, { size = "large" }) },
    function(all)
      -- (0,2) -> (1,2): now diagonal to the ogre's square (2,1); along row 2 to (3,2), still next to it
      local r = fight.move(all.hero, { x = 3, y = 2 })
      eq(#r.opportunity, 0, "along its side")
      dice.force{ 1 }
      r = fight.move(all.hero, { x = 5, y = 2 })
      eq(#r.opportunity, 1, "(4,2) is next to (3,1); (5,2) is out")
    end, "hero")
end)

-- covers: 5E-ATK-10
test("an Opportunity Attack is one melee attack: a creature armed only with a bow makes none", function()
  on_map({ "....." }, { who("hero", { 1, 0 }) }, { who("archer", { 2, 0 }, { attacks = { BOW } }) }, function(all)
    local r = fight.move(all.hero, { x = 0, y = 0 })
    eq(#r.opportunity, 0)
  end, "hero")
end)

-- covers: 5E-ATK-10 5E-CND-03 5E-CND-09 5E-CND-10
test("no Opportunity Attack by a Blinded or Incapacitated reactor, nor against an Invisible mover it can't see", function()
  local function leave(setup)
    local n
    on_map({ "....." }, { who("hero", { 1, 0 }) }, { who("orc", { 2, 0 }) }, function(all)
      setup(all)
      n = #fight.move(all.hero, { x = 0, y = 0 }).opportunity
    end, "hero")
    return n
  end
  eq(leave(function(a) a.orc:add_condition("blinded") end), 0, "Blinded reactor")
  eq(leave(function(a) a.orc:add_condition("incapacitated") end), 0, "Incapacitated reactor: no Reaction")
  eq(leave(function(a) a.hero:add_condition("invisible") end), 0, "Invisible mover")
end)

-- covers: 5E-ATK-11
-- vectors: TV-50
test("TV-50: leaving reach by a forced move or a teleport provokes nothing; by walking it does", function()
  on_map({ "......" }, { who("hero", { 2, 0 }) }, { who("orc", { 3, 0 }) }, function(all)
    eq(#fight.move(all.hero, { x = 0, y = 0 }, { cause = "forced", budget = 100 }).opportunity, 0, "flung")
    fight.move(all.hero, { x = 2, y = 0 }, { cause = "forced", budget = 100 })
    eq(#fight.move(all.hero, { x = 0, y = 0 }, { cause = "teleport", budget = 100 }).opportunity, 0, "teleported")
    fight.move(all.hero, { x = 2, y = 0 }, { cause = "forced", budget = 100 })
    dice.force{ 1 }
    eq(#fight.move(all.hero, { x = 0, y = 0 }, { budget = 100 }).opportunity, 1, "walked")
  end, "hero")
end)

-- covers: 5E-ATK-11 5E-MOV-01
test("a creature flung 10 ft (moved without using its own movement) still has all 30 ft of its own movement", function()
  on_map({ "......" }, { who("hero", { 2, 0 }) }, { who("orc", { 5, 0 }) }, function(all, me)
    eq(fight.movement_left(me), 30)
    local r = fight.move(me, { x = 0, y = 0 }, { cause = "forced", budget = 10 })
    eq({ r.steps, fight.pos(me) }, { 2, { x = 0, y = 0 } })
    eq(fight.movement_left(me), 30, "a forced move doesn't use its movement")
    fight.move(me, { x = 2, y = 0 }, { cause = "teleport", budget = 10 })
    eq(fight.movement_left(me), 30, "nor does a teleport")
  end, "hero")
end)

-- covers: 5E-ATK-10
-- vectors: AMB-33
test("the Opportunity Attack lands before the mover leaves: dropped to 0 HP, it stays in its square", function()
  on_map({ "......" }, { who("hero", { 2, 0 }, { hp = 3 }) }, { who("orc", { 3, 0 }) }, function(all)
    dice.force{ 15, 4 } -- hits AC 10; 4 + 2 = 6 damage
    local r = fight.move(all.hero, { x = 0, y = 0 })
    eq({ r.steps, all.hero:get("hp") }, { 0, 0 })
    eq(fight.pos(all.hero), { x = 2, y = 0 })
  end, "hero")
end)

-- ------------------------------------------------------ attacks and space

-- covers: 5E-ATK-08 5E-MOV-07
-- vectors: TV-45
test("TV-45: ranged attack next to an enemy: Disadvantage; not if that enemy is Incapacitated, Blinded, an ally, or 10 ft away", function()
  local function dis(setup, rows, foes)
    local d
    on_map(rows or { "......" }, { who("archer", { 0, 0 }), who("pal", { 0, 1 }) },
      foes or { who("orc", { 1, 0 }), who("target", { 5, 0 }) }, function(all)
        if setup then setup(all) end
        local a = fight.assess(all.archer, all.target, "Bow")
        d = { a.allowed, a.adv, a.dis }
      end)
    return d
  end
  local rows = { "......", "......" }
  eq(dis(nil, rows), { true, 0, 1 }, "an enemy adjacent")
  eq(dis(function(a) a.orc:add_condition("incapacitated") end, rows), { true, 0, 0 }, "Incapacitated enemy")
  eq(dis(function(a) a.orc:add_condition("blinded") end, rows)[3], 0, "the enemy can't see the archer")
  eq(dis(nil, rows, { who("orc", { 2, 0 }), who("target", { 5, 0 }) }), { true, 0, 0 }, "enemy 10 ft away")
  eq(dis(nil, rows, { who("target", { 5, 0 }) }), { true, 0, 0 }, "only an ally adjacent")

  on_map({ "........", "........", "........" }, { who("giant", { 0, 0 }, { size = "large" }) },
    { who("orc", { 2, 1 }), who("target", { 7, 0 }) }, function(all)
      local a = fight.assess(all.giant, all.target, "Bow")
      eq({ a.allowed, a.dis }, { true, 1 })
    end)
end)

-- covers: 5E-ATK-07
-- vectors: TV-21
test("TV-21 at the band edges: 80 ft normal, 85 and 320 ft Disadvantage, 325 ft not allowed; a single range: nothing beyond it", function()
  local row = string.rep(".", 70)
  on_map({ row }, { who("archer", { 0, 0 }) },
    { who("t80", { 16, 0 }), who("t85", { 17, 0 }), who("t320", { 64, 0 }), who("t325", { 65, 0 }) }, function(all)
      local a = fight.assess(all.archer, all.t80, "Bow")
      eq({ a.distance, a.allowed, a.dis }, { 80, true, 0 })
      a = fight.assess(all.archer, all.t85, "Bow")
      eq({ a.distance, a.allowed, a.dis }, { 85, true, 1 })
      a = fight.assess(all.archer, all.t320, "Bow")
      eq({ a.distance, a.allowed, a.dis }, { 320, true, 1 })
      eq(fight.assess(all.archer, all.t325, "Bow").allowed, false)
    end)

  local RAY = { name = "Ray", bonus = 4, damage = "1d8", type = "fire", ranged = true, range = { 30 } }
  on_map({ "..........", ".........." }, { who("mage", { 0, 0 }, { attacks = { RAY } }) },
    { who("t30", { 6, 0 }), who("t35", { 7, 1 }) }, function(all)
      local a = fight.assess(all.mage, all.t30, "Ray")
      eq({ a.allowed, a.dis }, { true, 0 })
      eq(fight.assess(all.mage, all.t35, "Ray").allowed, false)
    end)
end)

-- covers: 5E-ATK-03 5E-ATK-09
-- vectors: T-17
test("T-17: a creature in between gives half cover (+2 AC), the attacker's own ally too, and against a reach-10 melee attack", function()
  on_map({ "......" }, { who("archer", { 0, 0 }), who("pal", { 2, 0 }) }, { who("target", { 4, 0 }) }, function(all)
    local a = fight.assess(all.archer, all.target, "Bow")
    eq({ a.cover, a.ac_bonus, a.ac }, { "half", 2, 12 })
  end)

  on_map({ "....." }, { who("pikeman", { 0, 0 }, { attacks = { PIKE } }), who("pal", { 1, 0 }) },
    { who("target", { 2, 0 }) }, function(all)
      local a = fight.assess(all.pikeman, all.target, "Pike")
      eq({ a.allowed, a.cover, a.ac }, { true, "half", 12 })
    end)
end)

-- covers: 5E-ATK-03
-- vectors: T-17 TV-47
test("TV-47: behind a creature (half) and a wall's corner (three-quarters): +5 only, not +7", function()
  on_map({ "......", "......", "..#...", "......" }, { who("a2", { 0, 1 }) },
    { who("t3", { 4, 3 }), who("screen", { 3, 2 }) }, function(all)
      local a = fight.assess(all.a2, all.t3, "Bow")
      eq({ a.cover, a.ac_bonus }, { "three-quarters", 5 })
    end)
end)

-- covers: 5E-ATK-03
-- vectors: T-17
test("T-17: behind a full wall a target has Total Cover and can't be attacked", function()
  on_map({ "..#..", "..#..", "..#.." }, { who("archer", { 0, 1 }) }, { who("target", { 4, 1 }) }, function(all)
    eq(fight.cover(all.target, all.archer), "total")
    eq(fight.assess(all.archer, all.target, "Bow").allowed, false)
  end)
end)

-- covers: 5E-ATK-03 5E-DMG-04
-- vectors: T-17
test("cover adds to Dexterity saves only: a creature between gives +2 on a Dex save from the breath's source, nothing on a Con save", function()
  on_map({ "......" }, { who("front", { 2, 0 }), who("back", { 4, 0 }) }, { who("wyrm", { 0, 0 }) }, function(all)
    eq(fight.cover(all.back, all.wyrm), "half")
    -- 2d6 = 3 + 3 = 6; Dex saves: front 11 < 12 fails; back 10 + 2 = 12 saves
    dice.force{ 3, 3, 11, 10 }
    local total, out = util.area_save(all.wyrm, { all.front, all.back },
      { ability = "dex", dc = 12, damage = "2d6", type = "fire", half = true })
    eq({ total, out[1].saved, out[1].damage, out[2].saved, out[2].damage }, { 6, false, 6, true, 3 })
    -- the same layout, a Con save: 10 + 0 < 12 fails
    dice.force{ 3, 3, 13, 10 }
    total, out = util.area_save(all.wyrm, { all.front, all.back },
      { ability = "con", dc = 12, damage = "2d6", type = "poison", half = true })
    eq({ total, out[1].saved, out[2].saved, out[2].damage }, { 6, true, false, 6 })
  end)
end)

-- covers: 5E-CND-11 5E-CND-17 5E-MOV-07
-- vectors: TV-55
test("TV-55: Paralyzed target hit by a reach-10 pike from 10 ft is not critical, from 5 ft it is; a Large attacker's nearest square counts", function()
  on_map({ "....." }, { who("near", { 1, 0 }, { attacks = { PIKE } }), who("far", { 4, 0 }, { attacks = { PIKE } }) },
    { who("foe", { 2, 0 }, { hp = 100 }) }, function(all)
      all.foe:add_condition("paralyzed")
      dice.force{ 12, 3, 5 } -- Advantage: 12; 1d10 5 + 2
      local r = fight.strike(all.far, all.foe, "Pike")
      eq({ r.distance, r.hit, r.crit, r.damage }, { 10, true, false, 7 })
      dice.force{ 12, 3, 5, 4 } -- critical: 2d10 5 + 4 + 2
      r = fight.strike(all.near, all.foe, "Pike")
      eq({ r.distance, r.hit, r.crit, r.damage }, { 5, true, true, 11 })
    end)

  on_map({ "......", "......" }, { who("ogre", { 0, 0 }, { size = "large" }) }, { who("foe", { 2, 1 }, { hp = 100 }) },
    function(all)
      all.foe:add_condition("unconscious")
      dice.force{ 12, 3, 1, 2 }
      local r = fight.strike(all.ogre, all.foe, "Club")
      eq({ r.distance, r.hit, r.crit, r.damage }, { 5, true, true, 5 })
    end)
end)

-- covers: 5E-CND-14 5E-CND-17
-- vectors: TV-44
test("Prone beyond 5 ft: a reach-10 melee attack has Disadvantage; on an Unconscious target (Adv) it is a straight roll", function()
  on_map({ "....." }, { who("far", { 0, 0 }, { attacks = { PIKE } }) }, { who("foe", { 2, 0 }, { hp = 100, ac = 30 }) },
    function(all)
      all.foe:add_condition("prone")
      local a = fight.assess(all.far, all.foe, "Pike")
      eq({ a.distance, a.adv, a.dis }, { 10, 0, 1 }, "Prone, attacker 10 ft away")
      all.foe:add_condition("unconscious")
      a = fight.assess(all.far, all.foe, "Pike")
      eq({ a.adv, a.dis, a.crit }, { 1, 1, false }, "Advantage and Disadvantage: one d20, no auto-crit at 10 ft")
      dice.force{ 6 }
      eq(fight.strike(all.far, all.foe, "Pike").natural, 6, "one d20")
    end)

  on_map({ "....", "....", "...." }, { who("near", { 1, 1 }), who("far", { 2, 2 }) }, { who("foe", { 0, 0 }, { ac = 30 }) },
    function(all)
      all.foe:add_condition("prone")
      local a = fight.assess(all.near, all.foe, "Club")
      eq({ a.distance, a.adv, a.dis }, { 5, 1, 0 })
      a = fight.assess(all.far, all.foe, "Bow")
      eq({ a.distance, a.adv, a.dis }, { 10, 0, 1 })
    end)
end)

-- covers: 5E-ATK-03
-- vectors: T-17
test("an area's cover comes from its point of origin: a low wall between gives half, +2 on the Dex save", function()
  on_map({ "......", "..=...", "......" }, { who("t", { 4, 1 }) }, { who("mage", { 0, 1 }) }, function(all)
    local a = fight.area{ shape = "sphere", from = { x = 0, y = 1 }, length = 20 }
    local got
    for _, e in ipairs(a) do if e.c == all.t then got = { e.cover, e.save } end end
    eq(got, { "half", 2 })
  end)
end)

-- ------------------------------------------------------------- more edges

-- covers: 5E-ACT-04 5E-CMB-08
test("Dash is extra movement equal to the Speed each time it is taken: Dash action + Bonus Action Dash = 90 ft", function()
  on_map({ "......" }, { who("hero", { 0, 0 }) }, { who("foe", { 5, 0 }) }, function(all, me)
    fight.move(me, { x = 2, y = 0 })
    eq(fight.movement_left(me), 20)
    fight.dash(me)
    eq(fight.movement_left(me), 50, "+30")
    fight.dash(me)
    eq(fight.movement_left(me), 80, "+30 again")
  end, "hero")
end)

-- covers: 5E-ATK-03
-- vectors: T-17
-- (the area's own rule is SRD 5.2.1's [K✓]: no unblocked line from the point of origin, not in the area)
test("Total Cover from an area's point of origin: the creature behind a full wall is not in the area", function()
  on_map({ "...#...", "...#...", "...#..." }, { who("safe", { 4, 1 }), who("open", { 2, 1 }) }, { who("mage", { 0, 0 }) },
    function(all)
      local a = fight.area{ shape = "sphere", from = { x = 1, y = 1 }, length = 20 }
      local got = {}
      for _, e in ipairs(a) do got[#got + 1] = e.c:get("id") end
      table.sort(got)
      eq(got, { "mage", "open" })
      eq(fight.cover(all.safe, { x = 1, y = 1 }), "total", "the wall still gives it total cover")
    end)
end)

-- covers: 5E-DMG-03
-- vectors: TV-22
test("on a map, Sneak Attack without Advantage needs an ally within 5 ft of the target: one 25 ft away doesn't count", function()
  local weapons = require("core.5e.weapons")
  local rogue = require("core.5e.classes.rogue")
  local s = util.character({ id = "rogue", name = "Rogue", hp = 30, ac = 15,
    abilities = { str = 8, dex = 16, con = 12, int = 10, wis = 12, cha = 10 } }, { level = 1 })
  weapons.arm(s, { "dagger" })
  rogue.apply(s, 1)
  on_map({ "........" }, { { id = "rogue", at = { 0, 0 }, stat = s }, who("pal", { 6, 0 }) },
    { who("target", { 1, 0 }, { hp = 100 }) }, function(all)
      dice.force({ 15, 2, 6 }, { mixed = true }) -- d20 15 hits; 1d4 2; a Sneak Attack d6 would take the 6
      local r = fight.strike(all.rogue, all.target, "Dagger")
      dice.clear()
      eq({ r.hit, r.damage }, { true, 5 }, "2 + 3, no Sneak Attack")
    end, "rogue")
end)
