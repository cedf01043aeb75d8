-- D&D 5e (2024) on the battle map: the rules of space (inventory sections
-- 13, 14, 22; T-16, T-17) as the kernel applies them with positions, in
-- fights that play themselves, the same rules fight.assess and the table
-- use. Cover's table (T-17) and the Opportunity Attack trigger's ways of
-- leaving are [K] reconstructions checked against SRD 5.2.1.
-- ruleset: 5e

local A = rules.need("5e.attack")
local util = require("core.5e.util")

local BOW = { name = "Bow", bonus = 4, damage = "1d6+2", type = "piercing", ranged = true, range = { 80, 320 } }
local CLUB = { name = "Club", bonus = 4, damage = "1d6+2", type = "bludgeoning" }

-- who is a member at square {x, y} with a plain stat block (AC 10, 30 HP,
-- speed 30, a club and a bow); extra fields join the stat block.
local function who(id, at, extra)
  local st = { name = id, hp = 30, ac = 10, speed = { walk = 30 }, attacks = { CLUB, BOW },
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } }
  for k, v in pairs(extra or {}) do st[k] = v end
  return { id = id, at = at, stat = st }
end

-- on_map runs fn(all) in the first turn of a fight on the map drawn by rows
-- (after initiative, which nobody forces), then ends the fight without a
-- die. heroes and foes are lists of members.
local function on_map(rows, heroes, foes, fn)
  local done = false
  local h = rules.on("turn.act", function(e)
    if done then return end
    done = true
    local all = {}
    for _, c in ipairs(fight.all()) do all[c:get("id")] = c end
    fn(all)
    e.acted = true
    for _, c in ipairs(fight.all()) do
      if not fight.is(c, "out") then fight.kill(c) end
    end
  end, { phase = "after" })
  fight.run(fight.encounter{ max_rounds = 1, map = { rows = rows },
    sides = { { name = "heroes", members = heroes }, { name = "foes", members = foes } } })
  rules.off(h)
  eq(done, true, "the scene ran")
end

-- covers: 5E-ATK-10 5E-ATK-11 5E-ACT-05
test("leaving reach provokes one Opportunity Attack on the fight's Reaction; Disengage provokes none", function()
  on_map({ "....." }, { who("hero", { 1, 0 }) }, { who("orc", { 2, 0 }) }, function(all)
    -- Disengage first: no attack, so no die may be drawn (strict dice)
    dice.force{ 1 }
    dice.roll("1d20")
    A.disengage(all.hero)
    local r = fight.move(all.hero, { x = 0, y = 0 })
    eq({ r.steps, r.cost, #r.opportunity }, { 1, 5, 0 }, "disengaged: no Opportunity Attack")
    fight.move(all.hero, { x = 1, y = 0 })
    all.hero:remove_tag("disengaged")
    -- now the orc hits as the hero steps away: d20 15 + 4, 1d6 4 + 2
    dice.force{ 15, 4 }
    r = fight.move(all.hero, { x = 0, y = 0 })
    eq({ #r.opportunity, r.opportunity[1], all.hero:get("hp") }, { 1, all.orc, 24 })
    eq(fight.remaining(all.orc, "reaction"), 0, "the orc's one Reaction is spent")
    -- no Reaction left, no second Opportunity Attack
    fight.move(all.hero, { x = 1, y = 0 })
    r = fight.move(all.hero, { x = 0, y = 0 })
    eq(#r.opportunity, 0)
  end)
end)

-- covers: 5E-ACT-05 5E-ATK-10
test("Shield and the Opportunity Attack spend the same Reaction, which comes back at the start of its turn", function()
  local seen = {}
  local h = rules.on("turn.start", function(e)
    if e.fighter:get("id") == "orc" then seen[#seen + 1] = fight.remaining(e.fighter, "reaction") end
  end)
  local moved = false
  local h2 = rules.on("turn.act", function(e)
    local id = e.fighter:get("id")
    e.acted = true
    if id == "hero" and not moved then
      moved = true
      local orc = fight.get("orc")
      eq(fight.spend(orc, "reaction"), true, "a Reaction spent on something else (Shield)")
      local r = fight.move(e.fighter, { x = 0, y = 0 })
      eq(#r.opportunity, 0, "no Reaction left for the Opportunity Attack")
    end
  end, { phase = "after" })
  dice.force({ 10, 5 }, { mixed = true }) -- initiative: the hero first
  fight.run(fight.encounter{ max_rounds = 1, map = { rows = { "....." } },
    sides = { { name = "heroes", members = { who("hero", { 1, 0 }, { init = 10 }) } },
              { name = "foes", members = { who("orc", { 2, 0 }) } } } })
  rules.off(h)
  rules.off(h2)
  eq({ moved, seen }, { true, { 1 } }, "back to one at the start of the orc's turn")
end)

-- covers: 5E-ATK-09 5E-ATK-10
test("reach 10 ft: the troll hits 10 ft away and its reach is left only beyond 10 ft", function()
  local claw = { name = "Claw", bonus = 7, damage = "1d6+4", type = "slashing", reach = 10 }
  on_map({ "......" }, { who("hero", { 2, 0 }) }, { who("troll", { 0, 0 }, { attacks = { claw } }) }, function(all)
    eq({ fight.reaches(all.troll, all.hero, "Claw"), fight.distance(all.troll, all.hero) }, { true, 10 })
    eq(fight.reaches(all.hero, all.troll, "Club"), false, "the hero's club reaches 5 ft")
    -- the hero steps to 15 ft: out of the troll's reach, an Opportunity Attack
    dice.force{ 2 } -- a miss
    local r = fight.move(all.hero, { x = 3, y = 0 })
    eq({ #r.opportunity, fight.reaches(all.troll, all.hero, "Claw") }, { 1, false })
  end)
end)

-- covers: 5E-MOV-10 5E-MOV-07 5E-MOV-14
test("a Large creature fills 2 by 2 squares; range counts from its nearest square; nobody ends on it", function()
  on_map({ "......", "......" }, { who("hero", { 4, 0 }) }, { who("ogre", { 0, 0 }, { size = "large" }) }, function(all)
    eq(all.ogre:get("space"), { w = 2, h = 2, shared = false })
    eq(fight.distance(all.ogre, all.hero), 15, "from (1,0), its nearest square, to (4,0)")
    local p = fight.path(all.hero, { x = 1, y = 1 })
    eq(p.ok, false, "the ogre's own square")
    fails(function() fight.place(all.hero, 1, 1) end, "ogre fills")
  end)
end)

-- covers: 5E-ATK-03
test("T-17: a low wall gives half cover, a wall's corner three-quarters: to AC and to Dexterity saves", function()
  local rows = { "......", "......", "..=...", "......" }
  on_map(rows, { who("a1", { 0, 2 }), who("a2", { 0, 1 }) }, { who("t1", { 5, 2 }), who("t3", { 4, 3 }) }, function(all)
    eq(fight.cover(all.t1, all.a1), "half", "the low wall between")
    local r = fight.assess(all.a1, all.t1, "Bow")
    eq({ r.cover, r.ac_bonus }, { "half", 2 })
    dice.force{ 7 }
    eq(fight.strike(all.a1, all.t1, "Bow").hit, false, "7 + 4 = 11 misses AC 10 + 2")
    -- a Dexterity save behind it: +2
    dice.force{ 11 }
    local ok, total = util.save(all.t1, "dex", 13, { cover = fight.cover(all.t1, all.a1) })
    eq({ ok, total }, { true, 13 }, "11 + 0 + 2 cover")
  end)
end)

-- covers: 5E-ATK-03
test("T-17: three-quarters cover behind a wall's corner: +5 to AC and to Dexterity saves", function()
  on_map({ "......", "......", "..#...", "......" }, { who("a2", { 0, 1 }) }, { who("t3", { 4, 3 }) }, function(all)
    local g, eff = fight.cover(all.t3, all.a2)
    eq({ g, eff.ac, eff.save }, { "three-quarters", 5, 5 })
    dice.force{ 8 }
    local ok, total = util.save(all.t3, "dex", 13, { cover = g })
    eq({ ok, total }, { true, 13 }, "8 + 0 + 5")
    dice.force{ 8 }
    eq(rules.need("5e.d20_test")(all.t3, { kind = "save", ability = "dex", dc = 13, cover = g }).total, 13,
      "the same in the d20 test")
  end)
end)

-- covers: 5E-DMG-04 5E-ATK-03
test("a breath weapon's area save on the map: one damage roll, cover from its source on each Dexterity save", function()
  on_map({ "......", "..=...", "......" }, { who("near", { 3, 0 }), who("hidden", { 4, 1 }) },
    { who("wyrm", { 0, 1 }) }, function(all)
      -- 4d6 = 1+2+3+4 = 10; saves: near 11 + 0 = 11 < 12 fails; hidden 10 + 0 + 2 = 12 succeeds
      dice.force{ 1, 2, 3, 4, 11, 10 }
      local total, out = util.area_save(all.wyrm, { all.near, all.hidden },
        { ability = "dex", dc = 12, damage = "4d6", type = "fire", half = true })
      eq(total, 10)
      eq({ out[1].saved, out[1].damage, out[2].saved, out[2].damage }, { false, 10, true, 5 })
    end)
end)

-- covers: 5E-MOV-03 5E-MOV-05 5E-CND-14
test("5 ft of crawling through Difficult Terrain costs 15 ft; walking it 10; crawling open ground 10", function()
  on_map({ ".~.." }, { who("hero", { 0, 0 }) }, { who("foe", { 3, 0 }) }, function(all)
    eq(fight.path(all.hero, { x = 1, y = 0 }).cost, 10, "difficult: 1 + 1 per foot")
    all.hero:add_condition("prone")
    eq(fight.path(all.hero, { x = 1, y = 0 }).cost, 15, "crawling in it: 1 + 1 + 1")
    local r = fight.move(all.hero, { x = 1, y = 0 })
    eq({ r.cost, fight.movement_left(all.hero) }, { 15, 15 })
    eq(fight.path(all.hero, { x = 2, y = 0 }).cost, 10, "crawling on open ground: 1 + 1")
  end)
end)

-- covers: 5E-CND-11 5E-CND-17
test("Paralyzed: any attack that hits from within 5 ft is critical, a ranged one too; not from 10 ft", function()
  on_map({ "....." }, { who("archer", { 0, 0 }), who("far", { 3, 0 }) }, { who("foe", { 1, 0 }) }, function(all)
    all.foe:add_condition("paralyzed")
    -- adjacent bow shot: Advantage (Paralyzed) 12, 3; hit; critical 2d6: 1, 2 + 2
    dice.force{ 12, 3, 1, 2 }
    local r = fight.strike(all.archer, all.foe, "Bow")
    eq({ r.hit, r.crit, r.damage }, { true, true, 5 })
    -- from 10 ft the same hit is not critical
    dice.force{ 12, 3, 1 }
    r = fight.strike(all.far, all.foe, "Bow")
    eq({ r.hit, r.crit, r.damage }, { true, false, 3 })
  end)
end)

-- covers: 5E-CND-08
test("Grappled: Disadvantage on attacks against anyone but the grappler", function()
  on_map({ "...", "..." }, { who("hero", { 1, 0 }) },
    { who("ogre", { 0, 0 }, { ac = 30 }), who("imp", { 2, 0 }, { ac = 30 }) }, function(all)
    all.hero:add_condition("grappled", { source = "ogre" })
    dice.force{ 9 } -- one d20 against the grappler
    eq(fight.strike(all.hero, all.ogre, "Club").natural, 9)
    dice.force{ 15, 4 } -- two against anyone else: the lower
    eq(fight.strike(all.hero, all.imp, "Club").natural, 4)
  end)
end)

-- covers: 5E-CND-14
-- covers: 5E-CND-14 5E-ATK-08
test("Prone: Advantage to attacks from within 5 ft, Disadvantage from farther, by distance not by weapon", function()
  on_map({ "......" }, { who("near", { 0, 0 }), who("far", { 4, 0 }) }, { who("foe", { 1, 0 }, { ac = 30 }) }, function(all)
    all.foe:add_condition("prone")
    dice.force{ 3, 17 }
    eq(fight.strike(all.near, all.foe, "Club").natural, 17, "a club from 5 ft: Advantage")
    dice.force{ 17, 3 }
    eq(fight.strike(all.far, all.foe, "Bow").natural, 3, "a bow from 15 ft: Disadvantage")
    -- a bow from 5 ft: Prone's Advantage, and the Disadvantage of a ranged
    -- attack with an enemy within 5 ft (5E-ATK-08): they cancel
    dice.force{ 3 }
    eq(fight.strike(all.near, all.foe, "Bow").natural, 3, "a bow from 5 ft: one d20")
  end)
end)

-- covers: 5E-EXP-10 5E-EXP-11 5E-CND-10 5E-ATK-05
test("a hidden attacker gets no Advantage against a watcher with Truesight: one d20", function()
  on_map({ "....", "...." }, { who("rogue", { 0, 0 }) },
    { who("seer", { 1, 0 }, { senses = { truesight = 30 }, ac = 30 }), who("dupe", { 0, 1 }, { ac = 30 }) }, function(all)
      all.rogue:add_condition("hidden", { level = 18 })
      all.rogue:add_condition("invisible", { source = "hide" })
      dice.force{ 6 }
      eq(fight.strike(all.rogue, all.seer, "Club").natural, 6, "Truesight sees it: a straight roll")
      dice.force{ 6, 14 }
      eq(fight.strike(all.rogue, all.dupe, "Club").natural, 14, "the other one can't: Advantage")
    end)
end)

-- covers: 5E-DMG-04
test("a 15-ft cone and a 20-ft sphere catch exactly the creatures in them", function()
  local rows = { "..........", "..........", "..........", "..........", "..........", ".........." }
  on_map(rows, { who("caster", { 0, 2 }), who("pal", { 1, 1 }) },
    { who("g1", { 1, 2 }), who("g2", { 3, 2 }), who("g3", { 3, 4 }), who("g4", { 4, 2 }), who("g5", { 8, 2 }) },
    function(all)
      local function ids(list)
        local out = {}
        for _, e in ipairs(list) do out[#out + 1] = e.c:get("id") end
        table.sort(out)
        return out
      end
      -- a cone from the caster's east side toward g4: 15 ft long, as wide as
      -- it is far; g4 at 25 ft from the caster's edge is beyond it
      local cone = fight.area{ shape = "cone", from = all.caster, toward = { x = 5, y = 2 }, length = 15 }
      eq(ids(cone), { "g1", "g2" }, "g1 and g2 in line; g3 off to the side; g4, g5 too far")
      -- a 20-ft sphere centred on g2's square: every creature with a square
      -- whose centre is within 20 ft of that centre (the boundary counts)
      local ball = fight.area{ shape = "sphere", from = { x = 3, y = 2 }, length = 20 }
      eq(ids(ball), { "caster", "g1", "g2", "g3", "g4", "pal" }, "the caster at 15 ft is in, g5 at 25 ft out")
      -- aimed by the kernel to catch the most enemies and fewest allies
      local aim = fight.aim(all.caster, { shape = "cone", length = 15 })
      eq({ aim.enemies, aim.allies }, { 2, 0 })
    end)
end)

-- covers: 5E-ATK-10
test("a move made inside another's Opportunity Attack lists its own attackers; the outer move keeps both of its", function()
  on_map({ ".......", ".......", ".......", ".......", "......." },
    { who("hero", { 1, 1 }), who("elf", { 5, 4 }), who("scout", { 5, 0 }) },
    { who("orc", { 2, 1 }), who("orc2", { 0, 1 }), who("goblin", { 4, 4 }), who("wolf", { 6, 0 }) }, function(all)
      -- a move before, with an Opportunity Attack (a miss): the fight's
      -- lists of attackers have room when the next moves begin
      dice.force{ 1 }
      eq(#fight.move(all.scout, { x = 4, y = 0 }).opportunity, 1)
      local inner
      local h = rules.on("attack.declare", function(e)
        if e.attacker:get("id") == "orc2" and not inner then
          inner = fight.move(all.elf, { x = 6, y = 4 }) -- leaves the goblin's reach
        end
      end, { phase = "declare" })
      -- the second step leaves both orcs' reach; the second orc's attack
      -- moves the elf first: three misses, the goblin's between the orcs'
      dice.force{ 1, 1, 1 }
      local r = fight.move(all.hero, { x = 1, y = 3 })
      rules.off(h)
      eq({ #r.opportunity, r.opportunity[1], r.opportunity[2] }, { 2, all.orc, all.orc2 })
      eq({ #inner.opportunity, inner.opportunity[1] }, { 1, all.goblin })
    end)
end)
