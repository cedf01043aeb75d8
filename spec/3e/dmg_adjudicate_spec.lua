-- ruleset: 3e
-- Adjudicating actions (DMG ch.3 §4; adjudicate.lua), TV-11 to TV-15; the
-- critical-hit sidebar's rules (TV-21) and the DM's subdual damage.
-- covers: DMG-ACT-01 DMG-ACT-02 DMG-ACT-03 DMG-ACT-04 DMG-ACT-05 DMG-ACT-06 DMG-ACT-07
-- covers: DMG-ATK-05 DMG-DAM-01
local AJ = require("core.3e.adjudicate")
local A = require("core.3e.attack")
local S = require("core.3e.statblock")
local arena = require("core.3e.arena")

local OPEN = { "......", "......", "......" }

test("DMG-ACT-01: an Int 1 burrower takes the first foe; an Int 7 phase spider the spellcaster", function()
  local fighter = creature.new{ id = "fighter", hp = 5, abilities = { int = 10 } }
  local wizard = creature.new{ id = "wizard", hp = 9, tags = { "caster" }, abilities = { int = 16 } }
  local burrower = creature.new{ id = "ankheg", hp = 20, abilities = { int = 1 } }
  local spider = creature.new{ id = "spider", hp = 20, abilities = { int = 7 } }
  eq(AJ.target(burrower, { fighter, wizard }):get("id"), "fighter")
  eq(AJ.target(spider, { fighter, wizard }):get("id"), "wizard", "the biggest threat, though it has more hp")
end)

test("TV-11: the stuck door opens a crack only on a Str check DC 13; then Tordek's 14 + 3 = 17 holds against 12 + 2", function()
  dice.force{ 10 }
  eq(AJ.hold_door(3, 2, { stuck = true }), "shut", "10 + 2 < 13: not even a crack")
  dice.force{ 11, 12, 14 }
  eq(AJ.hold_door(3, 2, { stuck = true }), "shut", "forced a crack (13), then 14 vs 17")
  dice.force{ 16, 10 }
  eq(AJ.hold_door(3, 2), "open", "18 vs 13")
end)

test("TV-12: the chandelier: Dex DC 13; 9 + 3 fails, 11 + 3 swings as a charge (+2)", function()
  dice.force{ 9 }
  eq({ AJ.swing(3) }, { false, 0 })
  dice.force{ 11 }
  eq({ AJ.swing(3) }, { true, 2 })
  dice.force{ 7 }
  eq({ AJ.swing(3, { tumble = 8 }) }, { true, 2 }, "Tumble instead")
end)

test("TV-13: a spell readied against the antimagic ray: Wis 11 + 2 = 13 vs Dex 14: the ray first; 15 vs 10: the spell", function()
  dice.force{ 11, 14 }
  eq(AJ.race_ray(2, 0), "ray")
  dice.force{ 13, 10 }
  eq(AJ.race_ray(2, 0), "spell")
end)

test("TV-14: the lever: the initiative winner pulls it; else a melee touch attack, then a grapple if Lidda resists", function()
  local lidda = { init = 7, touch_ac = 14 }
  local mialee = { init = 3, touch = 2 }
  dice.force{ 10, 10 }
  eq(AJ.contest(lidda, mialee), "acts", "17 vs 13")
  dice.force{ 2, 15, 12 }
  eq(AJ.contest(lidda, mialee, { resist = true }), "grapple", "9 vs 18; 12 + 2 = 14 touches")
  dice.force{ 2, 15, 12 }
  eq(AJ.contest(lidda, mialee), "held", "she does not resist")
  dice.force{ 2, 15, 11 }
  eq(AJ.contest(lidda, mialee, { resist = true }), "acts", "13 misses touch 14: she pulls it")
end)

test("DMG-ACT-04: a readied action names its action, trigger and (for a spell) target; too fine a trigger is refused", function()
  local r = AJ.ready{ action = "attack", trigger = { event = "enters", from = "door" } }
  eq(r.action, "attack")
  fails(function() AJ.ready{ trigger = { event = "enters" } } end, "must be named")
  fails(function() AJ.ready{ action = "attack" } end, "trigger must be stated")
  fails(function() AJ.ready{ action = "cast", spell = "hold person", trigger = { event = "enters" } } end, "names its target")
  fails(function() AJ.ready{ action = "attack", trigger = { event = "enters", too_specific = "the first unwounded ghoul" } } end,
    "too specific")
end)

test("TV-15: the ally comes through first: the ready stays by default; with the Wis check DC 15, 12 + 1 shoots the ally", function()
  eq(AJ.unwanted_trigger(1), "stays")
  eq(AJ.unwanted_trigger(1, "lost"), "lost")
  dice.force{ 12 }
  eq(AJ.unwanted_trigger(1, "check"), "acts")
  dice.force{ 14 }
  eq(AJ.unwanted_trigger(1, "check"), "stays")
end)

test("DMG-ACT-06: aiming at the door outside combat: a surprise partial action if the newcomer did not notice", function()
  eq(AJ.watch(false), "surprise_partial")
  eq(AJ.watch(true), "initiative")
end)

test("DMG-ACT-07: each kind of NPC action gives the same tell, as an event", function()
  local seen = {}
  local h = rules.on("npc.tell", function(e) seen[#seen + 1] = e.kind .. ": " .. e.text end)
  local liz = creature.new{ id = "lizardfolk", hp = 11 }
  eq(AJ.tell(liz, "ready"), "lizardfolk holds still, watching, weapon ready")
  AJ.tell(liz, "ready")
  rules.off(h)
  eq(seen, { "ready: lizardfolk holds still, watching, weapon ready", "ready: lizardfolk holds still, watching, weapon ready" })
  fails(function() AJ.tell(liz, "dance") end, "no tell")
end)

test("TV-21: a critical multiplies every part of the damage: 1d8 + 15 x2 is 2d8 + 30, not 2d8 + 15", function()
  eq(A.damage_expr("1d8", 15, 2), "2d8+30")
  local a = S.build{ id = "a", hp = 30, abilities = { str = 30, dex = 10 }, weapons = { { name = "Longsword", damage = "1d8" } } }
  a.attacks[1].damage = "1d8+15"
  local b = S.build{ id = "b", hp = 100, abilities = { str = 10, dex = 10 }, weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "b", side = "b", at = { 3, 2 }, stat = b } },
    { acted = true })
  dice.force{ 20, 15, 4, 5 }
  local r = fight.strike(all.a, all.b, "Longsword")
  eq({ r.crit, r.damage }, { true, 4 + 5 + 30 })
  eq({ AJ.crit_value(2), AJ.crit_value(3), AJ.crit_value(4) }, { 1, 2, 3 }, "x2 ~ one extra hit, x3 two, x4 three")
end)

test("DMG-ATK-05: a new weapon's base statistics: x3 threatens only on 20, 19-20/x3 is unbalanced", function()
  eq(AJ.weapon_design("x3"), true)
  eq(AJ.weapon_design("19-20/x2"), true)
  local ok_, why = AJ.weapon_design("19-20/x3")
  eq(ok_, false)
  matches(why, "unbalanced")
end)

test("DMG-DAM-01: the DM may make damage subdual (a villager's rock), but never piercing or fire", function()
  local a = S.build{ id = "a", hp = 30, abilities = { str = 10, dex = 10 }, weapons = { { name = "Rock", damage = "1d4" } } }
  local b = S.build{ id = "b", hp = 10, abilities = { str = 10, dex = 10 }, weapons = { { name = "Club", damage = "1d6" } } }
  local all = arena(OPEN, { { id = "a", side = "a", at = { 2, 2 }, stat = a }, { id = "b", side = "b", at = { 3, 2 }, stat = b } },
    { acted = true })
  AJ.subdual(all.b, 4, "bludgeoning")
  eq({ all.b:get("hp"), all.b:get("nonlethal") }, { 10, 4 }, "kept apart from normal damage")
  fails(function() AJ.subdual(all.b, 4, "piercing") end, "cannot be subdual")
  fails(function() AJ.subdual(all.b, 4, "fire") end, "cannot be subdual")
end)
