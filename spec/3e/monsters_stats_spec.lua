-- ruleset: 3e
-- The 3.0 monsters (scripts/monsters/3e): each loads, and its numbers are
-- the 3.0 Monster Manual's as its file says ([K]; the SRD 3.5 numbers
-- where 3.0 is the same). Attack bonuses are the stat-block builder's
-- (BAB + Str or Dex + size + feats; secondary natural attacks -5, -2
-- with Multiattack).
-- covers: 3E-MON-07
local S = require("core.3e.statblock")

local function load(id)
  fight.table()
  return fight.add(id, { side = "foes" })[1]
end

local function bonus(c, name) return fight.attack(c, name).bonus end
local function dmg(c, name) return (fight.attack(c, name).damage:gsub(" ", "")) end

test("every monster file loads and is a 3.0 stat block", function()
  local ids = { "orc", "goblin", "hobgoblin", "gnoll", "bugbear", "ogre", "troll", "skeleton", "zombie", "ghoul",
                "ghast", "wolf", "owlbear", "white_dragon", "kobold" }
  for _, id in ipairs(ids) do
    local c = load(id)
    eq(c:get("id"), id)
    ok(c:get("hp") > 0, id)
  end
  eq(#ids >= 12, true)
end)

test("humanoids: orc, goblin, hobgoblin, gnoll, bugbear, kobold", function()
  local orc = load("orc")
  eq({ orc:get("ac"), orc:get("hp"), bonus(orc, "Greataxe"), dmg(orc, "Greataxe") }, { 14, 4, 3, "1d12+3" },
     "3.0: Str 15, scale mail, greataxe (3.5: falchion)")
  eq(bonus(orc, "Javelin"), 1)
  local gob = load("goblin")
  eq({ gob:get("ac"), bonus(gob, "Morningstar"), dmg(gob, "Morningstar"), bonus(gob, "Javelin") }, { 15, 1, "1d8-1", 3 })
  eq(gob:get("size"), "small")
  local hob = load("hobgoblin")
  eq({ hob:get("ac"), hob:get("hp"), bonus(hob, "Longsword"), dmg(hob, "Longsword") }, { 15, 5, 1, "1d8" })
  local gnoll = load("gnoll")
  eq({ gnoll:get("ac"), gnoll:get("hp"), bonus(gnoll, "Battleaxe"), dmg(gnoll, "Battleaxe") }, { 15, 11, 3, "1d8+2" })
  local bug = load("bugbear")
  eq({ bug:get("ac"), bug:get("hp"), bonus(bug, "Morningstar"), dmg(bug, "Morningstar") }, { 17, 16, 4, "1d8+2" })
  local kob = load("kobold")
  eq({ kob:get("ac"), bonus(kob, "Spear"), dmg(kob, "Spear") }, { 15, 1, "1d6-1" })
end)

test("giants: the ogre and the troll, Large (tall) with 10-ft reach on a 5-ft face", function()
  local ogre = load("ogre")
  eq({ ogre:get("ac"), ogre:get("hp"), bonus(ogre, "Greatclub"), dmg(ogre, "Greatclub") }, { 16, 26, 8, "2d6+7" })
  eq({ fight.attack(ogre, "Greatclub").reach, ogre:get("space") }, { 10, { w = 1, h = 1, shared = false } }, "Table 8-7: Large (tall)")
  local troll = load("troll")
  eq({ troll:get("ac"), troll:get("hp"), bonus(troll, "Claw"), dmg(troll, "Claw"), bonus(troll, "Bite"), dmg(troll, "Bite") },
     { 18, 63, 9, "1d6+6", 4, "1d6+3" })
end)

test("undead: skeleton, zombie, ghoul, ghast", function()
  local sk = load("skeleton")
  eq({ sk:get("ac"), sk:get("hp"), bonus(sk, "Claw"), dmg(sk, "Claw") }, { 13, 6, 0, "1d4" })
  ok(sk:has_tag("undead") and sk:has_tag("crit_immune"))
  local z = load("zombie")
  eq({ z:get("ac"), z:get("hp"), bonus(z, "Slam"), dmg(z, "Slam") }, { 11, 16, 2, "1d6+1" })
  local g = load("ghoul")
  eq({ g:get("ac"), g:get("hp"), bonus(g, "Bite"), bonus(g, "Claw"), dmg(g, "Claw") }, { 14, 13, 2, 0, "1d3" })
  eq(g:ability("level"), 2, "EX-18: ghouls are 2 HD")
  local gh = load("ghast")
  eq({ gh:get("ac"), gh:get("hp"), bonus(gh, "Bite"), dmg(gh, "Bite"), bonus(gh, "Claw"), dmg(gh, "Claw") },
     { 17, 29, 5, "1d8+3", 3, "1d4+1" })
  eq(gh:ability("level"), 4, "EX-18: the ghast is 4 HD")
end)

test("beasts and a dragon: wolf, owlbear, very young white dragon", function()
  local w = load("wolf")
  eq({ w:get("ac"), w:get("hp"), bonus(w, "Bite"), dmg(w, "Bite"), w:get("speed") }, { 14, 13, 3, "1d6+1", { walk = 50 } })
  ok(w:has_tag("stable"), "four legs (3E-MON-05)")
  local o = load("owlbear")
  eq({ o:get("ac"), o:get("hp"), bonus(o, "Claw"), dmg(o, "Claw"), bonus(o, "Bite"), dmg(o, "Bite") },
     { 15, 47, 7, "1d6+5", 2, "1d8+2" })
  eq(o:get("space"), { w = 1, h = 2, shared = false }, "Large (long): 5 by 10 ft")
  local d = load("white_dragon")
  eq({ d:get("ac"), d:get("hp"), bonus(d, "Bite"), dmg(d, "Bite"), bonus(d, "Claw") }, { 16, 45, 8, "1d6+1", 3 })
  eq(d:resource("breath").max, 1)
end)

test("a 3.0 stat block with an unknown field is refused, naming the field", function()
  local msg = fails(function() S.build{ id = "x", hp = 1, natural = { { name = "Bite", damage = "1d4" } }, wings = 2 } end,
                    'unknown field "wings"')
  matches(msg, "known: ")
end)
