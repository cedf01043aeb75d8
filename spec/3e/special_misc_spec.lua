-- ruleset: 3e
-- Mounted combat, splash weapons, aid another and unarmed attacks
-- (3E-MOUNT, 3E-SPLASH, 3E-AID, 3E-UNARMED, Table X-3), as rules and in
-- table fights.
-- covers: 3E-MOUNT-01 3E-MOUNT-04 3E-MOUNT-05 3E-MOUNT-06 3E-MOUNT-07 3E-MOUNT-08 3E-MOUNT-09 3E-MOUNT-10 3E-MOUNT-11
-- covers: 3E-TRIP-04 3E-AID-01 3E-SPLASH-02 3E-SPLASH-03 3E-UNARMED-01 3E-UNARMED-02 3E-UNARMED-03 3E-UNARMED-04
local mounted = require("core.3e.special.mounted")
local splash = require("core.3e.special.splash")
local unarmed = require("core.3e.special.unarmed")
local magic = require("core.3e.magic")

test("3E-MOUNT-01: a frightened mount takes Ride DC 20 (a move-equivalent that provokes); a warhorse none", function()
  local rider = { ride = 5 }
  eq(mounted.control(rider, { tags = { "war_trained" } }), { needed = false, success = true, after = "normal" })
  dice.force{ 15 }
  local r = mounted.control(rider, { tags = {} })
  eq({ r.needed, r.success, r.after, r.action, r.provokes }, { true, true, "partial", "move", true }, "15 + 5 = 20")
  dice.force{ 14 }
  r = mounted.control(rider, {})
  eq({ r.success, r.after }, { false, "none" }, "the turn ends")
end)

test("3E-MOUNT-04..06, -08: knees DC 5; one melee attack after the mount moves more than 5 ft; +1 high; ranged -4/-8", function()
  dice.force{ 4 }
  eq(mounted.knees({ ride = 1 }).success, true)
  dice.force{ 3 }
  eq(mounted.knees({ ride = 1 }).success, false)
  eq({ mounted.melee_attacks(5, 3), mounted.melee_attacks(10, 3) }, { 3, 1 })
  eq({ mounted.melee_mod({ size = "medium" }), mounted.melee_mod({ size = "small" }), mounted.melee_mod({ size = "large" }),
       mounted.melee_mod({ size = "medium", mounted = true }) }, { 1, 1, 0, 0 })
  eq({ mounted.ranged_mod("double"), mounted.ranged_mod("run"), mounted.ranged_mod("move") }, { -4, -8, 0 })
end)

test("3E-MOUNT-09: casting on a moving mount: DC 10 + level mid-move, 15 + level running, none before or after", function()
  local spell = { name = "magic missile", level = 1 }
  eq({ magic.dc_mounted(spell, "moving"), magic.dc_mounted(spell, "running"), magic.dc_mounted(spell, "before") },
     { 11, 16, nil })
  dice.force{ 9 }
  eq(magic.concentration({ concentration = 1 }, magic.dc_mounted(spell, "moving")).lost, true, "10 < 11: the spell is lost")
end)

test("3E-MOUNT-10: a falling mount: Ride DC 15 or 1d6; knocked out: 50% (75% military saddle) to stay on", function()
  dice.force{ 12 }
  local r = mounted.mount_falls({ ride = 3 })
  eq({ r.check.success, r.damage }, { true, 0 }, "12 + 3 = 15 lands softly")
  dice.force{ 11, 4 }
  r = mounted.mount_falls({ ride = 3 })
  eq({ r.check.success, r.damage }, { false, 4 })
  dice.force{ 50 }
  eq(mounted.knocked_out(false), { stays = true, roll = 50, damage = 0 })
  dice.force{ 51, 6 }
  eq(mounted.knocked_out(false), { stays = false, roll = 51, damage = 6 })
  dice.force{ 75 }
  eq(mounted.knocked_out(true).stays, true, "a military saddle: 75%")
end)

test("3E-SPLASH-02: a miss lands 1d6 ft away in the direction of 1d8 (Table X-3)", function()
  dice.force{ 4, 1 }
  eq(splash.miss(), { feet = 4, roll = 1, direction = "long", along = 4, across = 0 })
  dice.force{ 6, 7 }
  eq(splash.miss(), { feet = 6, roll = 7, direction = "left", along = 0, across = -6 })
  dice.force{ 3, 5 }
  eq(splash.miss(), { feet = 3, roll = 5, direction = "short", along = -3, across = 0 })
  dice.force{ 4, 2 }
  eq(splash.miss(), { feet = 4, roll = 2, direction = "long and right", along = 3, across = 3 }, "diagonal: 4 ft at 45 degrees")
end)

test("3E-SPLASH-03: everything within 5 ft of where it lands is splashed", function()
  -- thrower at (0, 0), target 4 squares east at (4, 0); "long" is east
  local at = splash.landing({ x = 0, y = 0 }, { x = 4, y = 0 }, { along = 6, across = 0 })
  near(at.x, 4.5 * 5 + 6)
  near(at.y, 2.5)
  local hit = splash.splashed(at, { { id = "target", x = 4, y = 0 }, { id = "beyond", x = 5, y = 0 },
    { id = "far", x = 7, y = 0 }, { id = "beside", x = 5, y = 1 }, { id = "thrower", x = 0, y = 0 } })
  eq(hit, { "target", "beyond", "beside" }, "the target is 3.5 ft from the point, 'beyond' under it")
  -- "right" of an eastward throw is south (y grows down)
  at = splash.landing({ x = 0, y = 0 }, { x = 4, y = 0 }, { along = 0, across = 5 })
  near(at.x, 22.5)
  near(at.y, 7.5)
end)

test("3E-UNARMED-01/02, 3E-MON-06: unarmed attacks provoke from armed targets; some count as armed", function()
  local peasant, guard, archer = { armed = false }, { armed = true }, { armed = false }
  eq({ unarmed.provokes(peasant, guard), unarmed.provokes(peasant, peasant), unarmed.provokes(peasant, archer) },
     { true, false, false }, "a bow threatens nothing")
  local monk = { tags = { "improved_unarmed_strike" } }
  local wolf = { tags = { "natural_weapons" } }
  eq({ unarmed.provokes(monk, guard), unarmed.provokes(wolf, guard), unarmed.provokes(peasant, guard, { touch_spell = true }) },
     { false, false, false })
  eq({ unarmed.provokes(peasant, monk), unarmed.provokes(peasant, wolf) }, { true, true }, "and they threaten")
end)

test("3E-UNARMED-03/04: 1d3 or 1d2 + Str, subdual; normal damage at -4; a light weapon", function()
  eq(unarmed.damage({ str = 14 }), { expr = "1d3+2", subdual = true, penalty = 0 })
  eq(unarmed.damage({ str = 9, size = "small" }), { expr = "1d2-1", subdual = true, penalty = 0 })
  eq(unarmed.damage({ str = 14 }, { normal = true }), { expr = "1d3+2", subdual = false, penalty = -4 })
  eq(unarmed.damage({ str = 14, tags = { "monk_unarmed" } }, { damage = "1d6+2" }), { expr = "1d6+2", subdual = false, penalty = 0 })
  eq(unarmed.light, true)
end)

test("3E-AID-01: AC 10; +2 on the ally's next attack against that opponent, or +2 AC against its next attack", function()
  local aid = require("core.3e.special.aid")
  local S = require("core.3e.statblock")
  local function pc(id) return S.build{ id = id, hp = 20, bab = 1, weapons = { { name = "Sword", damage = "1d8" } } } end
  fight.table()
  local lidda = fight.add(pc("lidda"), { side = "party" })[1]
  local tordek = fight.add(pc("tordek"), { side = "party" })[1]
  local orc = fight.add(pc("orc"), { side = "foes" })[1]
  local gob = fight.add(pc("gob"), { side = "foes" })[1]
  dice.force{ 20, 19, 18, 17 }
  fight.begin()
  for _, c in ipairs({ lidda, tordek, orc, gob }) do c:remove_condition("flat_footed") end
  dice.force{ 9 }
  eq(aid.aid(lidda, tordek, orc, "attack").aided, true, "9 + 1 vs AC 10")
  dice.force{ 8 }
  eq(aid.aid(lidda, tordek, orc, "ac").aided, false)
  -- tordek's next attack on the orc: 10 + 1 + 2
  dice.force{ 10, 1 }
  eq(fight.strike(tordek, orc, "Sword").total, 13)
  dice.force{ 10, 1 }
  eq(fight.strike(tordek, orc, "Sword").total, 11, "one attack only")
  dice.force{ 9 }
  aid.aid(lidda, tordek, orc, "attack")
  dice.force{ 10, 1, 10, 1 }
  eq({ fight.strike(tordek, gob, "Sword").total, fight.strike(tordek, orc, "Sword").total }, { 11, 13 },
     "only against that opponent")
  dice.force{ 20 }
  eq(aid.aid(lidda, tordek, orc, "ac").aided, true, "a natural 20 hits AC 10 whatever the bonus")
  dice.force{ 10 }
  eq(fight.strike(orc, tordek, "Sword").total, 9, "+2 AC against the orc: its roll counts 2 less")
  dice.force{ 9 }
  aid.aid(lidda, tordek, orc, "ac")
  aid.expire(lidda)
  dice.force{ 10, 1 }
  eq(fight.strike(orc, tordek, "Sword").total, 11, "the aid ended when lidda's turn started")
  fails(function() aid.apply(lidda, tordek, orc, "damage") end, 'choice "damage" (want attack or ac)')
end)

test("3E-MOUNT-07: a lance on a mounted charge doubles damage; with a critical the multipliers combine (3E-DMG-10)", function()
  local A = require("core.3e.attack")
  eq({ mounted.damage_multiplier({ lance = true }, true), mounted.damage_multiplier({ lance = true }, false),
       mounted.damage_multiplier({ lance = false }, true) }, { 2, 1, 1 })
  eq(A.multiplier{ mounted.damage_multiplier({ lance = true }, true), 3 }, 4, "x2 and a x3 critical make x4")
end)

test("3E-TRIP-04, 3E-MOUNT-11: a rider resists a trip with Ride, and a tripped rider falls off", function()
  local trip = require("core.3e.special.trip")
  local S = require("core.3e.statblock")
  fight.table()
  local knight = fight.add(S.build{ id = "knight", hp = 20, abilities = { str = 16, dex = 8 }, tags = { "mounted" },
    weapons = { { name = "Lance", damage = "1d8" } } }, { side = "foes" })[1]
  local x = fight.add(S.build{ id = "x", hp = 20, bab = 1, abilities = { str = 14 }, weapons = { { name = "Flail", damage = "1d8" } } },
    { side = "party" })[1]
  dice.force{ 20, 19 }
  fight.begin()
  -- touch 10 + 3; Str 10 + 2 against the knight's Ride +4 (not his Str +3): 12 vs 14
  dice.force{ 10, 10, 10 }
  local r = trip.attempt(x, knight, { ride = 4, no_counter = true })
  eq({ r.check.a, r.check.b, r.tripped }, { 12, 14, nil })
  dice.force{ 10, 15, 5 }
  r = trip.attempt(x, knight, { ride = 4 })
  eq({ r.tripped, r.dismounted }, { true, true })
end)
