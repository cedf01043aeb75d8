-- ruleset: 3e
-- Cover, concealment, helpless defenders and saving throws (inventory §§8,
-- 13): Table 8-9 on the map and by the DM's judgement, the best cover only
-- (EX-19), hitting the cover, concealment's d% miss chance (Table 8-10),
-- senses against darkness, the coup de grace, saves and cover's Reflex
-- bonus.
-- covers: 3E-COVER-01 3E-COVER-02 3E-COVER-03 3E-COVER-05 3E-COVER-06 3E-COVER-07 3E-COVER-08 3E-COVER-09
-- covers: 3E-CONC-01 3E-CONC-02 3E-CONC-03 3E-HELP-02 3E-HELP-03 3E-SAVE-01 3E-SAVE-02 3E-SAVE-03
-- covers: 3E-SAVE-04 3E-SAVE-05
local S = require("core.3e.statblock")
local D = require("core.3e.defense")
local saves = require("core.3e.saves")
local arena = require("core.3e.arena")

local function soldier(id, extra)
  local t = { id = id, hp = 20, bab = 2, abilities = { str = 14, dex = 12, con = 12, wis = 10 }, ac = { armor = 4 },
    saves = { fort = 3, ref = 0, will = 1 },
    weapons = { { name = "Sword", damage = "1d8" }, { name = "Bow", damage = "1d6", range = 60 },
      { name = "Spear", damage = "1d8", reach = true } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

test("cover on the map: a wall's corner gives half, more gives three-quarters, a wall total (Table 8-9)", function()
  local rows = { "........", "...#....", "...#....", "...#....", "........" }
  local all = arena(rows, { { id = "archer", side = "a", at = { 0, 2 }, stat = soldier("archer") },
    { id = "t", side = "b", at = { 5, 2 }, stat = soldier("t") } }, { acted = true })
  local a = fight.assess(all.archer, all.t, "Bow")
  eq({ a.allowed, a.why }, { false, "cover total" }, "behind a solid wall: cannot be attacked")
  fight.place(all.t, 4, 0)
  a = fight.assess(all.archer, all.t, "Bow")
  eq(a.cover, "half")
  eq(a.ac, 15 + 4, "half cover: +4 AC")
  a = fight.assess(all.archer, all.t, "Bow", { cover = "three-quarters" })
  eq(a.ac, 15 + 7, "three-quarters: +7")
  eq({ D.cover_ac("quarter"), D.cover_ac("nine_tenths") }, { 2, 10 })
  eq({ D.cover_reflex("half"), D.cover_reflex("three_quarters"), D.cover_reflex("nine_tenths") }, { 2, 3, 4 })
  eq(D.grade("three-quarters"), "three_quarters")
end)

test("the DM's grades: a quarter, nine-tenths; only the best cover counts (EX-19)", function()
  local all = arena({ "........", "........", "........" }, { { id = "archer", side = "a", at = { 0, 1 }, stat = soldier("archer") },
    { id = "t", side = "b", at = { 5, 1 }, stat = soldier("t") } }, { acted = true })
  all.t:add_condition("cover_quarter")
  eq(fight.assess(all.archer, all.t, "Bow").ac, 17)
  all.t:add_condition("cover_nine_tenths")
  eq(fight.assess(all.archer, all.t, "Bow").ac, 25, "the better cover only, not 2 + 10")
  eq(D.best_cover({ "quarter", "three_quarters" }), "three_quarters", "crouching behind a low wall: the wall's 3/4")
  eq(D.opportunity_allowed("quarter"), true)
  eq(D.opportunity_allowed("half"), false)
  fails(function() D.best_cover({ "most" }) end, "unknown cover")
end)

test("a creature between gives half cover to a reach attack past it; a haft's hit deals nothing", function()
  local all = arena({ "........", "........", "........" }, { { id = "pike", side = "a", at = { 1, 1 }, stat = soldier("pike") },
    { id = "friend", side = "a", at = { 2, 1 }, stat = soldier("friend") },
    { id = "t", side = "b", at = { 3, 1 }, stat = soldier("t") } }, { acted = true })
  local a = fight.assess(all.pike, all.t, "Spear")
  eq(a.cover, "half")
  eq(a.ac, 15 + 4)
  eq(D.reach_over("medium", "medium"), "half")
  eq(D.through("slashing", "slit"), false, "an arrow slit: no battleaxe (3E-COVER-09)")
  eq(D.through("piercing", "slit"), true)
end)

test("hitting the cover, and a covering creature that dodges", function()
  eq(D.hit_cover(19, 15, "half"), "target", "19 beats 15 + 4")
  eq(D.hit_cover(16, 15, "half"), "cover", "hits without the cover's +4, misses with it")
  eq(D.hit_cover(14, 15, "half"), "miss")
  eq(D.covering_creature(16, 15, 2, false), "cover", "it hits the covering creature")
  eq(D.covering_creature(14, 15, 2, false), "target", "only its Dex and dodge made it miss: it dodged, the target is hit")
  eq(D.covering_creature(14, 15, 2, true), "cover", "it gives them up to shield the target")
  eq(D.covering_creature(12, 15, 2, false), "miss")
end)

test("concealment: a d% within the miss chance turns a hit into a miss; only the highest counts", function()
  local all = arena({ "........", "........", "........" }, { { id = "a", side = "a", at = { 1, 1 }, stat = soldier("a") },
    { id = "t", side = "b", at = { 2, 1 }, stat = soldier("t") } }, { acted = true })
  all.t:add_condition("concealed_half")
  all.t:add_condition("concealed_quarter")
  eq(fight.assess(all.a, all.t, "Sword").miss_chance, 20, "fog and blur: the highest only (3E-CONC-02)")
  dice.force{ 15, 20 }
  local r = fight.strike(all.a, all.t, "Sword")
  eq({ r.hit, r.miss_roll }, { false, 20 }, "20 on d% is within 20%: a miss")
  dice.force{ 15, 21, 4 }
  r = fight.strike(all.a, all.t, "Sword")
  eq({ r.hit, r.miss_roll, r.damage }, { true, 21, 6 })
  dice.force{ 2 }
  r = fight.strike(all.a, all.t, "Sword")
  eq(r.miss_roll, nil, "a miss rolls no d%")
  eq(D.miss_chance({ "quarter", "nine_tenths" }), 40)
  eq(D.miss_chance({ "total" }), 50)
end)

test("an attacker who cannot see its target: total concealment, 50%", function()
  local all = arena({ "........", "........", "........" }, { { id = "a", side = "a", at = { 1, 1 }, stat = soldier("a") },
    { id = "t", side = "b", at = { 2, 1 }, stat = soldier("t") } }, { acted = true })
  all.t:add_condition("invisible")
  eq(fight.assess(all.a, all.t, "Sword").miss_chance, 50)
  all.t:remove_condition("invisible")
  all.a:add_condition("blinded")
  eq(fight.assess(all.a, all.t, "Sword").miss_chance, 50, "attacker blind (Table 8-10)")
end)

test("darkness against senses (B-28)", function()
  eq(D.darkness("dim", {}), "quarter")
  eq(D.darkness("dim", { low_light = true }), "none")
  eq(D.darkness("total", { low_light = true }), "total")
  eq(D.darkness("total", { darkvision = true }), "none")
  eq(D.darkness("near_total", {}), "nine_tenths")
end)

test("coup de grace: automatic critical hit, then Fort DC 10 + damage or die; it provokes", function()
  local all = arena({ "........", "........", "........" }, { { id = "killer", side = "a", at = { 1, 1 }, stat = soldier("killer") },
    { id = "victim", side = "b", at = { 2, 1 }, stat = soldier("victim", { hp = 40 }) },
    { id = "guard", side = "b", at = { 1, 0 }, stat = soldier("guard") } }, { acted = true })
  eq(D.coup_de_grace(all.killer, all.victim, "Sword"), nil, "not helpless")
  all.victim:add_condition("asleep")
  dice.force{ 1, 3, 5, 10 } -- the guard's attack of opportunity misses; 2 x (1d8+2) = 5 + 7 = 12; Fort 10 + 4 = 14 < 22
  local r = D.coup_de_grace(all.killer, all.victim, "Sword")
  eq({ r.damage, r.crit, r.saved, r.dead }, { 12, true, false, true })
  all = arena({ "........", "........", "........" }, { { id = "killer", side = "a", at = { 1, 1 }, stat = soldier("killer") },
    { id = "golem", side = "b", at = { 2, 1 }, stat = soldier("golem", { crit_immune = true }) } }, { acted = true })
  all.golem:add_condition("paralyzed")
  dice.force{ 6 } -- DMG-COND-23: the blow's normal damage, 1d8 + 2, no doubling and no Fort save
  local im = D.coup_de_grace(all.killer, all.golem, "Sword")
  eq({ im.damage, im.crit, im.immune, im.dead, all.golem:get("hp") }, { 8, false, true, false, 12 })
end)

test("saving throws: d20 + base save + ability >= DC (the stat block's fort, ref, will)", function()
  local c = creature.new(soldier("s"))
  eq({ saves.bonus(c, "fort"), saves.bonus(c, "ref"), saves.bonus(c, "will") }, { 4, 1, 1 },
    "Fort base 3 + Con 1, Ref 0 + Dex 1, Will 1 + Wis 0")
  dice.force{ 7 }
  eq(saves.roll(c, "fort", 11), true, "7 + 4 = 11 meets the centipede's DC 11")
  dice.force{ 6 }
  eq(saves.roll(c, "fort", 11), false)
  dice.force{ 14 }
  eq(saves.roll(c, "ref", 17, { cover = "three_quarters" }), true, "14 + 1 + 3 (3/4 cover) = 18")
  dice.force{ 14 }
  eq(saves.roll(c, "will", 17, { cover = "three_quarters" }), false, "cover helps only Reflex")
  fails(function() saves.bonus(c, "luck") end, "unknown save")
  eq(saves.reflex_damage(20, true), 10)
  eq(saves.reflex_damage(20, true, { cover = "nine_tenths" }), 0, "9/10: none on a success")
  eq(saves.reflex_damage(20, false, { cover = "nine_tenths" }), 10, "half on a failure")
  eq(saves.reflex_damage(20, false, { cover = "half" }), 20)
end)
