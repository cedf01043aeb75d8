-- ruleset: 3e
-- The 3.0 monsters' special attacks and qualities in fights (hooks scoped
-- to the creature: monsters/abilities/3e.lua): the wolf's trip, the
-- owlbear's improved grab, the troll's regeneration and rend, the ghoul's
-- paralysis, the zombie's partial actions, the dragon's breath.
-- covers: 3E-TRIP-01 3E-GRAP-03 3E-MON-01 3E-MON-03 3E-MON-04 3E-MON-05
local S = require("core.3e.statblock")

local function tordek(opts)
  opts = opts or {}
  return S.build{ id = opts.id or "tordek", hp = opts.hp or 13, level = 1, bab = 1, speed = 20,
    abilities = { str = 15, dex = 12, con = 14 }, ac = { armor = 4, shield = 2 }, saves = { fort = 2 },
    weapons = { { name = "Waraxe", damage = "1d10", crit = "x3" } }, tags = opts.tags }
end

-- a table fight of these stat blocks (monster ids or stat blocks), with
-- initiative forced in the order given
local function table_fight(list)
  fight.table()
  local out = {}
  local faces = {}
  for i, x in ipairs(list) do
    out[i] = fight.add(x[1], { side = x[2] })[1]
    faces[#faces + 1] = 21 - i
  end
  dice.force(faces)
  fight.begin()
  return out
end

test("the wolf's bite trips: no touch attack, Str +1 against the better of Str or Dex, no trip back", function()
  local f = table_fight{ { "wolf", "wolves" }, { tordek(), "party" } }
  local wolf, t = f[1], f[2]
  -- bite 15 + 3 hits AC 16 (flat-footed: 16); 1d6 = 2 + 1; trip: wolf d20 12 + 1, tordek d20 10 + 2
  dice.force{ 15, 2, 12, 10 }
  local r = fight.strike(wolf, t, "Bite")
  eq({ r.hit, r.damage }, { true, 3 })
  ok(t:has("prone"), "13 beats 12: tordek is prone")
  t:remove_condition("prone")
  -- a failed trip: tordek cannot trip the wolf back
  dice.force{ 15, 2, 5, 10 }
  fight.strike(wolf, t, "Bite")
  eq({ t:has("prone"), wolf:has("prone") }, { false, false })
  -- a miss: no trip
  dice.force{ 2 }
  fight.strike(wolf, t, "Bite")
  eq(t:has("prone"), false)
end)

test("a trip by a fighter: touch attack, opposed checks with size and stability, one counter-trip", function()
  local trip = require("core.3e.special.trip")
  local f = table_fight{ { tordek(), "party" }, { "wolf", "wolves" }, { "ogre", "giants" } }
  local t, wolf, ogre = f[1], f[2], f[3]
  -- touch: d20 8 + 3 (BAB 1, Str 2) = 11 misses the wolf's touch AC 12
  -- (10, Dex 2, natural armour ignored)
  dice.force{ 8 }
  local touch = trip.attempt(t, wolf).touch
  eq({ touch.hit, touch.crit, touch.damage, touch.natural, touch.total, touch.needed }, { false, false, 0, 8, 11, 12 })
  -- 9 + 3 hits; Str: 10 + 2 against the wolf's Dex 2 + 4 stable: 12 vs
  -- 12 + 2 + 4 = 18 fails; the wolf trips back: Str 1 + d20 14 = 15 against tordek's
  -- Str 2 + d20 11 = 13: tordek is prone
  dice.force{ 9, 10, 12, 14, 11 }
  local r = trip.attempt(t, wolf)
  eq({ r.touch.hit, r.check.a, r.check.b, r.tripped }, { true, 12, 18, nil })
  eq({ r.counter.a, r.counter.b, r.tripped_back }, { 15, 13, true })
  ok(t:has("prone"))
  -- the ogre's touch AC: 10 - 1 size - 1 Dex = 8 (its hide and natural
  -- armour ignored; AC 16)
  t:remove_condition("prone")
  dice.force{ 5, 15, 2 }
  r = trip.attempt(t, ogre)
  eq({ r.touch.hit, r.check.a, r.check.b, r.tripped }, { true, 17 - 4, 2 + 5, true }, "an ogre is one size larger: -4")
  ok(ogre:has("prone"))
  local huge = S.build{ id = "giant", size = "huge", hp = 100, natural = { { name = "Fist", damage = "1d8" } } }
  local g = fight.add(huge, { side = "giants" })[1]
  eq(trip.attempt(t, g).refused, "the defender is more than one size category larger")
end)

test("the owlbear's claw grabs: no attack of opportunity, no touch attack; then each won check deals claw damage", function()
  local G = require("core.3e.special.grapple")
  local f = table_fight{ { "owlbear", "beasts" }, { tordek({ hp = 40 }), "party" } }
  local o, t = f[1], f[2]
  -- claw 10 + 7 hits AC 16; 1d6 2 + 5 = 7; grapple: owlbear 11 + 3 + 5 + 4 = 23, tordek 10 + 1 + 2 = 13
  dice.force{ 10, 2, 11, 10 }
  fight.strike(o, t, "Claw")
  eq({ t:get("hp"), G.grappling(o, t), G.grappling(t, o) }, { 33, true, true })
  eq(fight.remaining(t, "aoo"), 1, "no attack of opportunity")
  -- in the grapple a won check deals the claw's damage (normal damage):
  -- owlbear 5 + 12 = 17 against tordek 10 + 3 = 13; 1d6 3 + 5
  dice.force{ 5, 10, 3 }
  local r = G.act(o, "damage", { target = t, damage = "1d6+5", type = "slashing" })
  eq({ r.won, r.check.a, r.check.b, r.damage, t:get("hp"), t:get("nonlethal") }, { true, 17, 13, 8, 25, 0 })
  -- tordek's attack on the owlbear that holds him is an escape attempt:
  -- 19 + 3 = 22 beats 5 + 12 = 17
  dice.force{ 19, 5 }
  local a = fight.strike(t, o, "Waraxe")
  eq({ a.hit, G.grappling(t), G.grappling(o) }, { false, false, false })
  -- a creature two sizes smaller may be grabbed; one as large is not
  local o2 = fight.add("owlbear", { side = "beasts", id = "owlbear2" })[1]
  dice.force{ 10, 2 }
  fight.strike(o, o2, "Claw")
  eq(G.grappling(o, o2), false, "improved grab works only on smaller creatures")
end)

test("in a fight that plays itself the owlbear holds and mauls; its prey tries to escape", function()
  dice.force({ 20, 1 }, { mixed = true })
  local r = fight.run(fight.encounter{ sides = {
    { name = "beasts", members = { { monster = "owlbear" } } },
    { name = "party", members = { { stat = tordek({ hp = 60 }) } } },
  }, max_rounds = 3 }, { trace = true })
  local log = table.concat(r.log, "\n")
  matches(log, "owlbear grapples tordek")
  matches(log, "owlbear damages tordek in the grapple")
  matches(log, "tordek (fails to escape|escapes) the grapple")
end)

test("the troll: damage but fire and acid is subdual, 5 of it regenerates each turn; rend when both claws hit", function()
  local f = table_fight{ { "troll", "giants" }, { tordek({ hp = 60 }), "party" } }
  local troll, t = f[1], f[2]
  -- waraxe 15 + 3 hits AC 18? 18 >= 18; 1d10 6 + 2: subdual, not hit points
  dice.force{ 15, 6 }
  fight.strike(t, troll, "Waraxe")
  eq({ troll:get("hp"), troll:get("nonlethal") }, { 63, 8 })
  fight.damage(troll, 10, "fire", t)
  eq({ troll:get("hp"), troll:get("nonlethal") }, { 53, 8 }, "fire deals normal damage")
  -- its turn: 5 subdual regenerated
  fight.next()
  fight.next()
  eq(troll:get("nonlethal"), 3)
  -- rend: both claws hit tordek: + 2d6 + 9
  dice.force{ 15, 3, 15, 4, 5, 6 }
  fight.strike(troll, t, "Claw")
  fight.strike(troll, t, "Claw 2")
  eq(t:get("hp"), 60 - (3 + 6) - (4 + 6) - (5 + 6 + 9))
end)

test("the ghoul's bite paralyses on a failed Fortitude save (DC 12) for 1d4+1 rounds; elves are immune", function()
  local f = table_fight{ { "ghoul", "undead" }, { tordek({ hp = 60 }), "party" }, { tordek({ id = "elf", tags = { "elf" } }), "party" } }
  local g, t, elf = f[1], f[2], f[3]
  -- bite 15 + 2 hits AC 16; 1d6 3 + 1; Fort 8 + 4 = 12 saves
  dice.force{ 15, 3, 8 }
  fight.strike(g, t, "Bite")
  eq(t:has("paralyzed"), false)
  dice.force{ 15, 3, 7, 2 }
  fight.strike(g, t, "Bite")
  eq({ t:has("paralyzed"), t:level("paralyzed") }, { true, 3 })
  -- paralysed: helpless: +4 in melee (3E-HELP-01)
  dice.force{ 10, 1 }
  eq(fight.strike(g, t, "Bite").total, 10 + 2 + 4)
  dice.force{ 15, 3 }
  fight.strike(g, elf, "Bite")
  eq(elf:has("paralyzed"), false)
end)

test("3E-MON-04, 3E-HELP-03: creatures immune to critical hits take a natural 20 as an ordinary hit", function()
  local f = table_fight{ { tordek(), "party" }, { "skeleton", "undead" } }
  local t, sk = f[1], f[2]
  dice.force{ 20, 18, 4 }
  local r = fight.strike(t, sk, "Waraxe")
  eq({ r.hit, r.crit }, { true, false })
end)

test("3E-MON-01: the dragon's breath: a cone aimed at the most enemies, Reflex DC 14 for half, then 1d4 rounds to recover", function()
  -- initiative 20, 1, 2; the breath recovers in 1d4 = 3 rounds; 2d6 5 + 6
  dice.force({ 20, 1, 2, 3, 5, 6, 10, 15 }, { mixed = true })
  local r = fight.run(fight.encounter{
    map = { rows = { "..........", "..........", "..........", ".........." } },
    sides = {
      { name = "dragon", members = { { monster = "white_dragon", at = { 1, 1 } } } },
      { name = "party", members = { { stat = tordek({ id = "a", hp = 60 }), at = { 3, 1 } },
                                    { stat = tordek({ id = "b", hp = 60 }), at = { 4, 2 } } } },
    }, max_rounds = 1 }, { trace = true })
  local log = table.concat(r.log, "\n")
  matches(log, "white_dragon breathes (cone 20 ft): 11 cold")
  eq({ r.fighters[2].hp, r.fighters[3].hp }, { 60 - 11, 60 - 5 }, "a fails (10 + 1), b saves (15 + 1): half")
end)

test("the zombie takes only partial actions: a move or an attack", function()
  local f = table_fight{ { tordek(), "party" }, { "zombie", "undead" } }
  fight.next()
  ok(f[2]:has("partial_actions_only"), "from its first turn")
end)
