-- ruleset: 3e
-- The situations of the DMG variant specs (dmg_variant_*_spec.lua) played
-- with no variant on, with the same dice: what each variant changes is the
-- difference between the two files. The PHB rules decide here.
-- covers: DMG-ATK-01 DMG-ATK-04
local S = require("core.3e.statblock")
local I = require("core.3e.initiative")
local arena = require("core.3e.arena")

local OPEN = { "........", "........", "........" }

local function duel(bonus, ac, extra)
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 12 },
    weapons = { { name = "Sword", damage = "1d8", crit = "19-20/x2" } } }
  a.attacks[1].bonus = bonus
  local t = { id = "d", hp = 60, abilities = { str = 10, dex = 10 }, ac = { armor = ac - 10 },
    weapons = { { name = "Club", damage = "1d6" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "d", side = "d", at = { 3, 2 }, stat = S.build(t) } },
    { acted = true })
  return all.a, all.d
end

local function mk(id, dex)
  return creature.new{ id = id, hp = 10, abilities = { dex = dex } }
end

test("no variant is on", function()
  for _, v in ipairs({ "3e.defense_roll", "3e.instant_kill", "3e.fumbles", "3e.clobbered", "3e.stray_missiles",
                       "3e.specific_areas", "3e.no_auto_hits", "3e.surprise_round", "3e.initiative_every_round",
                       "3e.massive_by_size" }) do
    eq(rules.enabled(v), false, v)
  end
end)

test("DMG-ATK-01 (no_auto_hits off): a natural 1 always misses, a natural 20 always hits and threatens", function()
  local a, d = duel(23, 13)
  dice.force{ 1 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.total, r.hit }, { 24, false }, "1 + 23 = 24 beats AC 13 but a natural 1 misses")
  a, d = duel(-2, 29)
  dice.force{ 20, 9, 5 }
  r = fight.strike(a, d, "Sword")
  eq({ r.total, r.hit, r.crit, r.confirm_total, r.damage }, { 18, true, false, 7, 5 }, "18 < 29 but a natural 20 hits")
  a, d = duel(23, 13)
  dice.force{ 20, 1, 4 }
  r = fight.strike(a, d, "Sword")
  eq({ r.hit, r.crit, r.damage }, { true, false, 4 }, "a confirmation's natural 1 fails")
end)

test("defense_roll off: the static AC; no defense die", function()
  local a, d = duel(10, 21)
  dice.force{ 13, 6 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.needed, r.total, r.hit, r.damage }, { 21, 23, true, 6 })
  eq(fight.ac(d), { ac = 21, touch = 10 }, "fight.ac: the stat block's AC and touch AC (armour left out)")
end)

test("DMG-ATK-04 and instant_kill off: 20 confirmed on 20 is only a critical; crit-immune targets take none", function()
  local a, d = duel(12, 18)
  dice.force{ 20, 20, 3, 4 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.crit, r.damage, fight.is(d, "dead") }, { true, 7, false })
  a, d = duel(12, 18, { tags = { "crit_immune" } })
  dice.force{ 20, 20, 5 }
  r = fight.strike(a, d, "Sword")
  eq({ r.hit, r.crit, r.damage }, { true, false, 5 }, "a threat on a creature with no vital spots: a plain hit")
end)

test("fumbles off: a natural 1 is only a miss, with no Dex check", function()
  local a, d = duel(0, 10)
  dice.force{ 1 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.hit, a:has("recovering") }, { false, false })
end)

test("clobbered off: 15 at 30 hp leaves a full turn", function()
  local a, d = duel(0, 10, { hp = 30 })
  fight.damage(d, 15, "slashing", a)
  eq({ d:get("hp"), rules.need("3e.turn").limited(d) }, { 15, false })
end)

test("massive_by_size off: 50 for every size (3E-HP-04): a Large creature's 55 calls for the save, a Small one's 40 does not", function()
  local a, d = duel(0, 10, { hp = 200, size = "large" })
  dice.force{ 3 }
  fight.damage(d, 55, "slashing", a)
  eq(fight.is(d, "dead"), true)
  a, d = duel(0, 10, { hp = 200, size = "small" })
  fight.damage(d, 40, "slashing", a)
  eq(fight.is(d, "dead"), false, "no die drawn")
end)

test("specific_areas and stray_missiles off: nothing to injure, a miss is a miss", function()
  eq(rules.get("3e.specific_areas"), nil)
  eq(rules.get("3e.stray_missiles"), nil)
  local a, d = duel(0, 10)
  dice.force{ 10, 5 }
  local r = fight.strike(a, d, "Sword")
  eq({ r.total, r.hit, r.damage }, { 10, true, 5 }, "no -2: 10 hits AC 10")
end)

test("surprise_round off: everyone aware, no surprise round; the full attack in round 1", function()
  local enc = I.new{ mk("archer", 18), mk("orc", 10) }
  dice.force{ 15, 5 }
  enc:begin()
  eq({ enc:round(), enc:in_surprise(), enc:remaining("archer", "standard") }, { 1, false, 1 })
  local f = S.build{ id = "f", hp = 40, bab = 6, abilities = { str = 10, dex = 10 }, weapons = { { name = "Sword", damage = "1d8" } } }
  local o = S.build{ id = "o", hp = 40, abilities = { str = 10, dex = 10 }, ac = { armor = 30 }, weapons = { { name = "Club", damage = "1d6" } } }
  f.init = 30
  dice.force{ 10, 10, 2, 2, 2 }
  local r = fight.run(fight.encounter{ map = { rows = { "....", ".12.", "...." } },
    sides = { { name = "f", members = { { stat = f } } }, { name = "o", members = { { stat = o } } } }, max_rounds = 1 },
    { trace = true })
  local n = 0
  for _ in string.gmatch(table.concat(r.log, "\n"), "f attacks o") do n = n + 1 end
  eq(n, 2, "round 1's full attack only")
end)

test("initiative_every_round off (TV-08's control): roll once, the wizard first, still stunned on its round-B turn", function()
  local enc = I.new{ mk("wizard", 10), mk("monk", 10) }
  dice.force{ 15, 10 }
  enc:begin()
  enc:next_turn()
  enc:add_effect({ id = "stun", owner = "monk", target = "wizard", ends = { at = "turn_start", who = "monk" } })
  enc:next_turn()
  eq(enc:round(), 2)
  eq(enc:current(), { "wizard" })
  ok(enc:effect("stun") ~= nil, "stunned on its turn")
  -- the fight of the variant's spec: round 2 keeps round 1's order
  local function man(id)
    return S.build{ id = id, hp = 30, abilities = { str = 10, dex = 10 }, ac = { armor = 30 }, weapons = { { name = "Club", damage = "1d6" } } }
  end
  dice.force{ 15, 5, 2, 2, 2, 2 }
  local r = fight.run(fight.encounter{ map = { rows = { "....", ".12.", "...." } },
    sides = { { name = "a", members = { { stat = man("a") } } }, { name = "b", members = { { stat = man("b") } } } }, max_rounds = 2 },
    { trace = true })
  eq({ r.log[4], r.log[5] }, { "-- round 2", "a attacks b with Club at 5 ft: 2 vs 40, miss" })
end)
