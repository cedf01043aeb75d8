-- ruleset: 1e
-- AD&D 1e on the battle map (combat.space: one square is one inch of the
-- DMG's map, 10 ft indoors): closing and charging along paths at the
-- movement rates in inches, missile range bands and cover from the map's
-- distances, firing into a melee by the shares of the creatures joined to
-- the target, and the free attack routine on a creature that breaks off
-- from melee ([K] DMG p. 70, "Breaking off from melee": the seed names the
-- section, 1E-AVOID-01, but does not print it). The fights force every die:
-- the sides' initiative d6 (the party's first), then each attack's d20 and
-- damage in the order they happen.
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")
local tohit = require("core.1e.tohit")

-- pc(t, at): a party member at square at.
local function pc(t, at) return { stat = classes.character(t), at = at } end

-- on_map(rows, party, foes, o) plays a fight on the map drawn by rows
-- (o.rounds rounds, default 1; no surprise; the monsters keep their stat
-- blocks' hit points) and returns its result with the log.
local function on_map(rows, party, foes, o)
  o = o or {}
  enc.setup{ surprise = false, roll_hp = false }
  return fight.run(fight.encounter{ max_rounds = o.rounds or 1, map = { rows = rows },
    sides = { { name = "party", members = party }, { name = "foes", members = foes } } }, { trace = true })
end

-- scene(rows, party, foes, fn) runs fn(all) as the first round starts (the
-- creatures on the map, initiative rolled and not forced, before anyone
-- acts), then ends the fight.
local function scene(rows, party, foes, fn)
  local ran = false
  local h = rules.on("round.start", function()
    if ran then return end
    local all = {}
    for _, c in ipairs(fight.all()) do all[c:get("id")] = c end
    fn(all)
    ran = true
    for _, c in ipairs(fight.all()) do
      if not fight.is(c, "out") then fight.kill(c) end
    end
  end, { phase = "declare", priority = -1000 })
  on_map(rows, party, foes)
  rules.off(h)
  eq(ran, true, "the scene ran")
end

local function lines(log, pat)
  local out = {}
  for _, l in ipairs(log) do
    if l:match(pat) then out[#out + 1] = l end
  end
  return out
end

local ROW = { "..........................." } -- 27 squares: x 0 to 26

-- covers: 1E-MOVE-01
test("closing: an orc 25\" away moves its 9\" a round along the map and strikes no blow that round", function()
  -- initiative 1 to 6: the orc first. It cannot charge home (18" of a
  -- charge would leave it 8" short), so it closes at its base rate: 9
  -- squares, 9 inches. The magic-user (no spell, no missile) awaits.
  dice.force{ 1, 6 }
  local r = on_map(ROW, { pc({ id = "mage", class = "magic-user", hp = 6, weapon = "Dagger", spells = {} }, { 0, 0 }) },
    { { monster = "orc", hp = 8, at = { 25, 0 } } })
  eq(lines(r.log, "^orc moves"), { "orc moves to (16,0) (9 in)" })
  eq(#lines(r.log, "attacks"), 0, "no melee in a round of closing")
  eq(#lines(r.log, "charges"), 0)
end)

-- covers: 1E-MOVE-02 1E-MOVE-03 1E-MOVE-04
test("a charge: twice the base rate indoors, ends in striking range, +2 to hit, and the charger's AC 1 worse", function()
  -- the orc 16" off (15 squares to stand beside the mage): 9" cannot, a
  -- charge's 18" can. Initiative 1 to 6: the orc charges; its d20 7 + 2
  -- = 9 meets the 9 a 1 HD monster needs against AC 10 (7 alone would
  -- miss); 1d8 3. The mage's dagger strikes back: d20 14 against the
  -- charging orc's AC 7 (6 + 1) needs 14 (AC 6 would need 15); 1d4 2.
  dice.force{ 1, 6, 7, 3, 14, 2 }
  local r = on_map(ROW, { pc({ id = "mage", class = "magic-user", hp = 6, weapon = "Dagger", spells = {} }, { 0, 0 }) },
    { { monster = "orc", hp = 8, at = { 16, 0 } } })
  eq(lines(r.log, "^orc moves"), { "orc moves to (1,0) (15 in)" })
  eq(lines(r.log, "charges"), { "orc charges" })
  eq(lines(r.log, " mage"), { "orc hits mage with Weapon at 1 in: 9 vs 9, 3 damage" })
  eq(lines(r.log, "^mage "), { "mage hits orc with Dagger at 1 in: 14 vs 14, 2 damage" })
  eq({ r.fighters[1].hp, r.fighters[2].hp }, { 3, 6 })
end)

-- covers: 1E-MOVE-02
test("no charge out of range: 20\" off, the orc's 18\" charge would end 1\" short, so it closes 9\"", function()
  dice.force{ 1, 6 }
  local r = on_map(ROW, { pc({ id = "mage", class = "magic-user", hp = 6, weapon = "Dagger", spells = {} }, { 0, 0 }) },
    { { monster = "orc", hp = 8, at = { 20, 0 } } })
  eq(lines(r.log, "^orc moves"), { "orc moves to (11,0) (9 in)" })
  eq(#lines(r.log, "charges"), 0, "a charge must end within 10 ft (one square)")
end)

-- covers: 1E-TOHIT-03 1E-TOHIT-08
test("missile range bands from the map's distances: a short bow's 5/10/15\", medium -2, long -5, none beyond", function()
  scene(ROW, { pc({ id = "thief", class = "thief", level = 3, dex = 17, hp = 11, missile = "Short bow" }, { 0, 0 }) },
    { { monster = "orc", hp = 30, at = { 5, 0 } } }, function(all)
    local function band_at(x)
      fight.place(all.orc, x, 0)
      local a = fight.assess(all.thief, all.orc, "Short bow")
      return { a.distance, a.allowed, a.bonus }
    end
    eq(band_at(5), { 5, true, 0 }, "5\": short")
    eq(band_at(6), { 6, true, -2 }, "6\": medium")
    eq(band_at(10), { 10, true, -2 })
    eq(band_at(11), { 11, true, -5 }, "11\": long")
    eq(band_at(15), { 15, true, -5 })
    eq(band_at(16)[2], false, "16\": out of range")
    -- the band is in the attack itself: d20 13 + 2 (Dexterity) hits the
    -- orc's AC 6 (a 3rd-level thief needs 15) at short range, and misses
    -- at medium (13 + 2 - 2 = 13) and long range (10)
    fight.place(all.orc, 5, 0)
    dice.force{ 13, 4 }
    local r = fight.strike(all.thief, all.orc, "Short bow")
    eq({ r.hit, r.total }, { true, 15 })
    fight.place(all.orc, 8, 0)
    dice.force{ 13 }
    r = fight.strike(all.thief, all.orc, "Short bow")
    eq({ r.hit, r.total }, { false, 13 })
    fight.place(all.orc, 12, 0)
    dice.force{ 13 }
    r = fight.strike(all.thief, all.orc, "Short bow")
    eq({ r.hit, r.total }, { false, 10 })
  end)
end)

-- covers: 1E-MISS-07
test("cover from the map (TBL-COVER): a low wall between is 50% cover, +4 to AC", function()
  local thief = { id = "thief", class = "thief", level = 3, dex = 17, hp = 11, missile = "Short bow" }
  scene({ "......", "......", "..=...", "......" }, { pc(thief, { 0, 2 }) }, { { monster = "orc", hp = 30, at = { 5, 2 } } },
    function(all)
    local g, ef = fight.cover(all.orc, all.thief)
    eq({ g, ef.ac }, { "half", 4 })
    -- the orc's AC 6 becomes 2: the thief needs 19 (15 + 4), so d20 16 + 2
    -- = 18 misses, 17 + 2 = 19 hits
    dice.force{ 16 }
    eq(fight.strike(all.thief, all.orc, "Short bow").hit, false)
    dice.force{ 17, 3 }
    eq(fight.strike(all.thief, all.orc, "Short bow").hit, true)
  end)
end)

-- covers: 1E-MISS-07
test("cover from the map (TBL-COVER): behind a wall's corner 75% cover, +7 to AC", function()
  local thief = { id = "thief", class = "thief", level = 3, dex = 17, hp = 11, missile = "Short bow" }
  scene({ "......", "......", "..#...", "......" }, { pc(thief, { 0, 1 }) }, { { monster = "orc", hp = 30, at = { 4, 3 } } },
    function(all)
    local g, ef = fight.cover(all.orc, all.thief)
    eq({ g, ef.ac }, { "three-quarters", 7 })
    -- AC 6 - 7 = -1: the thief needs 20
    dice.force{ 17 }
    eq(fight.strike(all.thief, all.orc, "Short bow").hit, false, "17 + 2 = 19 < 20")
    dice.force{ 18, 2 }
    eq(fight.strike(all.thief, all.orc, "Short bow").hit, true, "18 + 2 = 20")
  end)
end)

-- covers: 1E-MISS-02
test("a missile into a melee: only the creatures joined to the target by striking range share it", function()
  -- orc1 fights the fighter; orc2 stands apart. The melee is orc1 and the
  -- fighter: shares 1 to 1, 50% for orc1. d% 51: the fighter is hit (d1 1),
  -- d20 20, 1d6 4. (Counting orc2 too would give orc1's side 2/3 and the
  -- 51 would go to orc1.)
  scene(ROW, { pc({ id = "thief", class = "thief", level = 3, dex = 17, hp = 11, missile = "Short bow" }, { 0, 0 }),
               pc({ id = "fighter", class = "fighter", level = 1, hp = 10, weapon = "Long sword" }, { 4, 0 }) },
    { { monster = "orc", count = 2, hp = 30, at = { { 5, 0 }, { 9, 0 } } } }, function(all)
    eq(enc.mapped(), true)
    local m = enc.melee_of(all.orc1)
    eq({ m[all.orc1], m[all.fighter], m[all.orc2], m[all.thief] }, { true, true, nil, nil })
    local tactics = rules.need("1e.tactics")
    dice.force{ 51, 1, 20, 4 }
    -- one shot: the thief picks orc1 (the fewest hit points left after it is hurt)
    all.orc1:set("hp", 5)
    tactics.shoot(all.thief, 1)
    eq({ all.fighter:get("hp"), all.orc1:get("hp") }, { 6, 5 }, "the missile hit the fighter")
  end)
end)

-- covers: 1E-AVOID-01 1E-UNARMED-10 1E-TOHIT-02
test("breaking off from melee: the opponent gets a free attack routine at the back, +4, no shield, no Dexterity", function()
  -- the coward (chain mail and shield, Dexterity 16: AC 4 - 2 = 2) runs
  -- from the orc it fights. The orc's free attack meets AC 5 (2, shield
  -- +1, Dexterity +2) at +4: a 1 HD monster needs 14 there, so d20 10 + 4
  -- hits (at AC 2 it would need 17: 10 + 4 misses; without the +4, 10
  -- misses AC 5). 1d8 5. Then the coward runs its 12" away and is gone.
  scene(ROW, { pc({ id = "coward", class = "fighter", level = 1, hp = 10, dex = 16, armour = "Chain mail + shield",
                    weapon = "Long sword" }, { 10, 0 }) },
    { { monster = "orc", hp = 8, at = { 11, 0 } } }, function(all)
    eq({ all.coward:get("ac"), tohit.free_attack_bonus() }, { 2, 4 })
    dice.force{ 10, 5 }
    fight.flee(all.coward, { budget = 12 })
    eq({ all.coward:get("hp"), fight.is(all.coward, "fled") }, { 5, true })
    eq(fight.pos(all.coward), { x = 0, y = 0 }, "10\" to the end of the row, as far as it could")
  end)
end)

-- covers: 1E-AVOID-01
test("passing by is not breaking off; a surrender stays where it is; a helpless opponent makes no free attack", function()
  local tactics = rules.need("1e.tactics")
  scene({ ".......", ".......", "......." }, { pc({ id = "fighter", class = "fighter", level = 1, hp = 10, weapon = "Long sword" }, { 3, 1 }) },
    { { monster = "orc", count = 3, hp = 8, at = { { 2, 0 }, { 4, 0 }, { 5, 2 } } } }, function(all)
    -- alternate diagonals: (2,0) to (5,2) is 3 + 1 inches (every diagonal
    -- at one inch would make it 3)
    eq(fight.distance(all.orc1, all.orc3), 4)
    dice.force{ 1 }
    dice.roll("1d20") -- from here every die drawn must be forced: none is
    local drawn = dice.draws()
    -- orc3 walks past the fighter: into its striking range and out again,
    -- not engaged when it began: no free attack
    local r = fight.move(all.orc3, { x = 0, y = 2 }, { budget = 9 })
    eq({ r.steps, fight.pos(all.orc3) }, { 5, { x = 0, y = 2 } })
    -- orc1 surrenders (a failed morale's "Surrender"): it leaves the fight
    -- where it stands, no free attack
    tactics.leave(all.orc1, true)
    eq({ fight.is(all.orc1, "fled"), fight.pos(all.orc1) }, { true, { x = 2, y = 0 } })
    -- the fighter is asleep: orc2 (engaged with it) runs and nothing hits it
    all.fighter:add_condition("asleep")
    tactics.leave(all.orc2)
    eq({ all.orc2:get("hp"), fight.is(all.orc2, "fled"), fight.pos(all.orc2) }, { 8, true, { x = 6, y = 0 } })
    eq(dice.draws(), drawn, "no die drawn")
  end)
end)

-- covers: 1E-MELEE-02
test("room around a defender: a man-sized defender can have 6 man-sized attackers; a seventh orc goes elsewhere", function()
  -- six orcs round the fighter, two squares beside it free; orc7 does not
  -- take one but heads for the magic-user 21" off (too far to charge).
  -- Initiative 1 to 6: orcs 1-6 strike the fighter (d20 1, misses), orc7
  -- closes 9"; then the fighter strikes (1); the magic-user awaits.
  local rows = { ".........................", ".........................", "........................." }
  local at = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 0, 1 }, { 2, 1 }, { 0, 2 }, { 3, 2 } }
  dice.force{ 1, 6, 1, 1, 1, 1, 1, 1, 1 }
  local r = on_map(rows, { pc({ id = "fighter", class = "fighter", level = 1, hp = 30, weapon = "Long sword", ac = -5 }, { 1, 1 }),
                           pc({ id = "mage", class = "magic-user", level = 1, hp = 30, weapon = "Dagger", spells = {} }, { 24, 1 }) },
    { { monster = "orc", count = 7, hp = 8, at = at } })
  eq(#lines(r.log, "^orc%d attacks fighter"), 6)
  eq(lines(r.log, "^orc7"), { "orc7 moves to (12,2) (9 in)" }, "toward the magic-user, not into the free squares (1,2), (2,2)")
end)

-- covers: 1E-AVOID-01
test("at the table too: moving a creature out of an engagement gives the free attack, by the same pipeline", function()
  fight.table()
  fight.add(classes.character{ id = "coward", class = "fighter", level = 1, hp = 10, dex = 16, armour = "Chain mail + shield",
                               weapon = "Long sword" }, { side = "party" })
  fight.add("orc", { id = "orc", side = "foes", hp = 8 })
  fight.set_map{ rows = { "......" } }
  fight.place(fight.get("coward"), 2, 0)
  fight.place(fight.get("orc"), 3, 0)
  dice.force{ 1, 1 } -- side initiative: a tie
  fight.begin()
  -- as in the self-playing fight: d20 10 + 4 against AC 5, 1d8 5
  dice.force{ 10, 5 }
  local r = fight.move(fight.get("coward"), { x = 0, y = 0 })
  eq({ r.steps, fight.get("coward"):get("hp") }, { 2, 5 })
  -- stepping back beside the orc and away again is breaking off again
  dice.force{ 1 }
  fight.move(fight.get("coward"), { x = 2, y = 0 })
  fight.move(fight.get("coward"), { x = 0, y = 0 })
  eq(fight.get("coward"):get("hp"), 5, "d20 1 + 4 misses")
end)
