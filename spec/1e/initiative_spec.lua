-- ruleset: 1e
-- Side initiative, ties, damage timing, Dexterity in missile fire, weapon
-- speed, closing, charging and set weapons, subdual and melee limits. The
-- fights here force every die: the sides' initiative d6 (the party's
-- first), then each attack's d20 and damage in the order they happen.
-- covers: 1E-INIT-01 1E-INIT-03 1E-INIT-04 1E-INIT-06 1E-STRIKE-01 1E-STRIKE-02
-- covers: 1E-MOVE-01 1E-MOVE-02 1E-MOVE-03 1E-MOVE-04 1E-MOVE-05 1E-SUBDUE-01 1E-MELEE-01 1E-MELEE-02 1E-MELEE-03
local lib = require("core.1e.lib")
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")
local ini = require("core.1e.initiative")
local melee = require("core.1e.melee")
local moves = require("core.1e.moves")

local function run(party, foe, o)
  o = o or {}
  enc.setup{ surprise = false, distance = o.distance or 0, roll_hp = false }
  local foe_member = type(foe) == "string" and { monster = foe, hp = o.hp or 5 } or { stat = foe }
  return fight.run(fight.encounter{
    sides = {
      { name = "party", members = { { stat = classes.character(party) } } },
      { name = "foes", members = { foe_member } },
    },
    max_rounds = o.rounds or 1,
  }, { trace = true })
end

test("each side rolls 1d6; the higher acts first; equal dice tie", function()
  dice.force{ 2, 5 }
  local r = ini.roll({ "party", "orcs" })
  eq(r.order, { "orcs", "party" })
  eq(r.tied, false)
  dice.force{ 4, 4 }
  eq(ini.roll({ "party", "orcs" }).tied, true)
  dice.force{ 1, 6 }
  eq(ini.roll({ "party", "orcs" }, { party = 5 }).results, { party = 6, orcs = 6 })
  eq(rules.need("combat").initiative.die, "1d6")
  -- in a fight the orcs' 6 beats the party's 1: the orc strikes first
  dice.force{ 1, 6, 1, 1 }
  local f = run({ id = "fighter", class = "fighter", weapon = "Long sword", hp = 8 }, "orc")
  matches(f.log[2], "^orc attacks fighter")
  matches(f.log[3], "^fighter attacks orc")
end)

-- covers: 1E-SEQ-02
test("the next round's initiative is rolled as that round begins, after the round-end blows; none once the fight is decided (1E-SEQ-02, 1E-INIT-01)", function()
  local init = {}
  local h = rules.on("round.start", function(e) init[e.round] = fight.initiative() end)
  -- a 12th-level fighter (2 routines in odd rounds) against an orc of 50 hp.
  -- Round 1: initiative 1 to 6; the lord's first routine (d20 1), the
  -- orc's blow (1), the lord's last routine (1) at the round's end; only
  -- then round 2's initiative, 6 to 1, and the orc's morale check (twice
  -- its attacks came at it: d% 01 holds); the lord (1 routine) strikes
  -- first (1), then the orc (1). Max 2 rounds: no initiative for a round 3.
  dice.force{ 1, 6, 1, 1, 1, 6, 1, 1, 1, 1 }
  local f = run({ id = "lord", class = "fighter", level = 12, weapon = "Long sword", hp = 80 }, "orc", { hp = 50, rounds = 2 })
  eq(init, { [1] = { party = 1, foes = 6 }, [2] = { party = 6, foes = 1 } })
  local order = {}
  for _, l in ipairs(f.log) do
    local who = l:match("^(%S+) attacks")
    if who then order[#order + 1] = who end
    if l:match("^%-%- round") then order[#order + 1] = l end
  end
  eq(order, { "-- round 1", "lord", "orc", "lord", "-- round 2", "lord", "orc" })
  eq(f.winner, "draw")
  -- decided in round 1 (the lord wins 6 to 1 and kills the orc with his
  -- first routine): no more dice, not even the next round's initiative
  local before = dice.draws()
  dice.force{ 6, 1, 20, 8 }
  f = run({ id = "lord", class = "fighter", level = 12, weapon = "Long sword", hp = 80 }, "orc", { hp = 1, rounds = 2 })
  rules.off(h)
  eq({ f.winner, f.rounds, dice.draws() - before }, { "party", 1, 4 })
end)

test("a tie: blows are simultaneous and both sides take their damage", function()
  -- fighter (long sword, speed 5) and orc (weapon, speed 5) tie on 3:
  -- the orc, slain first, still strikes before it falls
  dice.force{ 3, 3, 20, 8, 20, 8 }
  local f = run({ id = "fighter", class = "fighter", weapon = "Long sword", hp = 9 }, "orc")
  matches(f.log[2], "fighter hits orc with Long sword: 20 vs 14, 8 damage")
  matches(f.log[3], "orc hits fighter with Weapon: 20 vs 9, 8 damage")
  matches(f.log[4], "orc dies")
  eq(f.winner, "party")
  eq(f.fighters[1].hp, 1)
  eq(ini.still_strikes(true, false, 5, 5), true)
  eq(ini.still_strikes(false, false, 5, 5), false)
  eq(ini.still_strikes(true, true, 5, 5), false)
end)

test("both using weapons on a tie: the lower speed factor strikes first", function()
  eq(melee.tie_order(2, 5), "a")
  eq(melee.tie_order(10, 5), "b")
  eq(melee.tie_order(nil, 5), "simultaneous", "a claw is no weapon")
  eq(melee.tie_order(5, 5), "simultaneous")
  -- a dagger (2) beats the orc's weapon (5): the orc dies before striking
  dice.force{ 3, 3, 20, 4 }
  local f = run({ id = "fighter", class = "fighter", weapon = "Dagger", hp = 9 }, "orc", { hp = 3 })
  matches(f.log[2], "fighter hits orc with Dagger: 20 vs 14, 4 damage")
  matches(f.log[3], "orc dies")
  eq(#f.log, 3)
end)

test("much faster weapons strike two or three times on a tie", function()
  eq({ melee.extra(2, 5) }, { 1, 1 })
  eq({ melee.extra(2, 7) }, { 2, 2 }, "difference 5")
  eq({ melee.extra(3, 9) }, { 2, 2 }, "difference twice the lower")
  eq({ melee.extra(2, 13) }, { 2, 3 }, "difference 10 or more")
  eq({ melee.extra(2, 13, true) }, { 1, 1 }, "not when closing or charging")
  local pikeman = lib.monster{ id = "pikeman", hd = "1", ac = 10, hp = 30, attacks = { { name = "Pike", damage = "1d6" } } }
  dice.force{ 2, 2, 1, 1, 1, 1 }
  local f = run({ id = "fighter", class = "fighter", weapon = "Dagger", hp = 9 }, pikeman)
  local n = 0
  for _, l in ipairs(f.log) do
    if l:match("^fighter attacks pikeman") then n = n + 1 end
  end
  eq(n, 3)
  matches(f.log[5], "^pikeman attacks fighter")
end)

test("the third blow of a much faster weapon falls with the slower one's: if it kills, the slow blow still lands (1E-STRIKE-02)", function()
  local pikeman = lib.monster{ id = "pikeman", hd = "1", ac = 10, hp = 3, attacks = { { name = "Pike", damage = "1d6" } } }
  -- a tie (2, 2); the dagger (2) against the pike (13): two blows first
  -- (1, 1: misses), the third (20, 1d4 = 4) kills the pikeman, whose pike
  -- blow is simultaneous with it: 20, 1d6 = 5
  dice.force{ 2, 2, 1, 1, 20, 4, 20, 5 }
  local f = run({ id = "fighter", class = "fighter", weapon = "Dagger", hp = 9 }, pikeman)
  local seen = {}
  for _, l in ipairs(f.log) do
    local a = l:match("^(%a+ %a+)")
    if a then seen[#seen + 1] = a end
  end
  eq(seen, { "fighter attacks", "fighter attacks", "fighter hits", "pikeman hits", "pikeman dies" })
  eq(f.fighters[1].hp, 4, "the slow blow landed")
  eq(f.winner, "party")
  -- the second blow of a merely faster weapon (d >= 5, < 10) comes before
  -- the slow one's: a kill with it stops the slow blow
  local spear = lib.monster{ id = "spearman", hd = "1", ac = 10, hp = 3, attacks = { { name = "Spear", damage = "1d6" } } }
  dice.force{ 2, 2, 1, 20, 4 }
  f = run({ id = "fighter", class = "fighter", weapon = "Dagger", hp = 9 }, spear)
  eq({ f.fighters[1].hp, f.winner }, { 9, "party" })
end)

test("damage applies at once: a creature must survive to finish its routine", function()
  local alive, made = true, {}
  local attacks = {
    function() made[#made + 1] = 1 end,
    function() made[#made + 1] = 2; alive = false end,
    function() made[#made + 1] = 3 end,
  }
  eq(ini.finish(attacks, function() return alive end), 2)
  eq(made, { 1, 2 })
end)

test("Dexterity changes a shooter's own initiative die", function()
  eq(ini.missile_die(3, 18), 6)
  eq(ini.fires_before(3, 18, 5), true)
  eq(ini.fires_before(3, 10, 5), false)
  eq(ini.fires_before(6, 5, 5), false, "-1: after the other side though his side won")
  -- the party loses 3 to 5 but the archer (Dex 18) shoots before the orc charges
  dice.force{ 3, 5, 1, 1, 1 }
  local f = run({ id = "archer", class = "fighter", dex = 18, missile = "Short bow", weapon = "Short sword", hp = 9 },
                "orc", { distance = 3 })
  matches(f.log[3], "^archer attacks orc with Short bow")
  matches(f.log[4], "^archer attacks orc with Short bow")
  matches(f.log[5], "^orc charges")
end)

test("closing and charging", function()
  eq(moves.close(100, 9), 10)
  eq(moves.close(30, 12), 0)
  eq(moves.close(100, 3, true), 10, "outdoors 10 yd an inch")
  eq(moves.charge_rate(12), 24, "indoors twice")
  eq(moves.charge_rate(12, { outdoors = true }), 16, "a biped +33 1/3%")
  eq(moves.charge_rate(12, { outdoors = true, quadruped = true }), 18)
  eq(moves.charge_rate(12, { encumbered = true }), nil)
  eq({ moves.charge_strikes(200, 9) }, { false, 20 }, "must end within 10 ft")
  eq({ moves.charge_strikes(185, 9) }, { true, 5 })
end)

test("a charger's armour class and first blows", function()
  eq(moves.charge_ac(3, -2), 5, "loses its Dexterity bonus")
  eq(moves.charge_ac(5, 0), 6, "no bonus: 1 worse")
  eq(moves.charge_ac(10, 0), 10)
  local th = rules.need("1e.tohit")
  local c = creature.new{ id = "c", hp = 5, ac = 5 }
  c:add_condition("charging")
  eq(th.ac_of(c), 6)
  eq(moves.first_strike(3, 8), "defender")
  eq(moves.first_strike(8, 3), "charger")
  eq(moves.can_charge(nil, 1), true)
  eq(moves.can_charge(1, 9), false, "9 rounds between charges")
  eq(moves.can_charge(1, 11), true)
  -- in a fight: the charge round's +2 (d20 12 + 2 = 14 against 14)
  dice.force{ 6, 1, 12, 8 }
  local f = run({ id = "fighter", class = "fighter", weapon = "Long sword", hp = 9 }, "orc", { distance = 3 })
  matches(f.log[1], "the sides are 30 ft apart")
  matches(f.log[3], "fighter charges")
  matches(f.log[4], "fighter hits orc with Long sword: 14 vs 14")
end)

test("a set spear meets a charge first, for double damage", function()
  dice.force{ 6, 1, 20, 4 }
  local f = run({ id = "spearman", class = "fighter", weapon = "Spear", hp = 9, tags = { "sets_weapon" } }, "orc",
                { distance = 3, hp = 8 })
  matches(f.log[3], "spearman sets Spear against a charge")
  matches(f.log[4], "orc charges")
  matches(f.log[5], "spearman's set Spear meets the charge")
  matches(f.log[6], "spearman hits orc with Spear: 20 vs 13, 8 damage", "the charging orc is AC 7")
  eq(f.winner, "party")
end)

test("subdual and the kinds of melee", function()
  local orc = creature.new(lib.monster{ id = "o", hd = "1", hp = 8, tags = { "humanoid" }, attacks = { { name = "W", damage = "1d8" } } })
  eq(melee.can_subdue(orc), true)
  eq(melee.can_subdue(creature.new{ id = "p", hp = 5, tags = { "pc", "humanoid" } }), false, "never player characters")
  local rec, subdued = melee.subdue_hit(orc, 12)
  eq(rec.hp_lost, 3)
  eq(orc:get("nonlethal"), 9)
  eq(subdued, true)
  eq(melee.is_melee({ name = "Claw" }), true)
  eq(melee.is_melee({ name = "Short bow", ranged = true }), false)
  eq(melee.is_melee({ spell = "sleep" }), false)
  eq(melee.max_attackers("M", "M"), 6)
  eq(melee.max_attackers("S", "S"), 6)
  eq(melee.max_attackers("L", "S"), 12)
  eq(melee.max_attackers("S", "L"), 2)
  local ghoul = creature.new{ id = "g", hp = 9, tags = { "undead", "touch_harms" } }
  eq(melee.monk_stun_applies(ghoul), false)
  eq(melee.monk_touch_harms(ghoul), true)
  eq(melee.monk_stun_applies(orc), true)
end)
