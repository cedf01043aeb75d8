-- ruleset: 1e
-- Saving throws for characters, monsters and items (sections 22, 23).
-- covers: 1E-SAVE-01 1E-SAVE-02 1E-SAVE-03 1E-SAVE-05 1E-SAVE-07 1E-SAVE-08 1E-SAVE-09 1E-SAVE-10
-- covers: 1E-ITEMSAVE-01 1E-ITEMSAVE-02 1E-ITEMSAVE-04 1E-ITEMSAVE-05 1E-ITEMSAVE-06
local lib = require("core.1e.lib")
local classes = require("core.1e.classes")
local sv = require("core.1e.saves")

local function pc(t)
  t.hp = t.hp or 10
  return creature.new(classes.character(t))
end

test("roll 1d20 at or above the number", function()
  dice.force{ 14, 13 }
  eq(sv.roll(14).success, true)
  eq(sv.roll(14).success, false)
  dice.force{ 10 }
  local r = sv.roll(14, { 2, { value = 2, source = "ring" } })
  eq({ r.total, r.success }, { 14, true }, "modifiers add up")
end)

test("the characters' table by class group", function()
  eq(sv.number("cleric", 2, "paralyzation"), 10)
  eq(sv.number("druid", 2, "paralyzation"), 10, "(a) druids as clerics")
  eq(sv.number("paladin", 5, "breath"), 13, "(b)")
  eq(sv.number("normal", 0, "spell"), 19, "0-level")
  eq(sv.number("illusionist", 11, "wand"), 7, "(c)")
  eq(sv.number("assassin", 9, "petrification"), 10, "(d)")
  eq(sv.number("monk", 21, "breath"), 11)
  eq(sv.number("fighter", 20, "breath"), 4, "17+ (AMB-37)")
  fails(function() sv.number("fighter", 1, "sneezing") end, "unknown saving throw category")
end)

test("a natural 1 always fails", function()
  dice.force{ 1 }
  eq(sv.roll(2, { 30 }).success, false)
end)

test("multi-classed characters and bards use the best number", function()
  eq(sv.best({ { "fighter", 5 }, { "magic-user", 5 } }, "wand"), 11)
  eq(sv.best({ { "fighter", 5 }, { "magic-user", 5 } }, "paralyzation"), 11)
  local bard = pc{ id = "b", class = "bard", level = 5 }
  eq(sv.for_creature(bard, "paralyzation"), 9, "the druid's (cleric) 4-6 row")
  local mc = pc{ id = "m", class = { "fighter", "thief" }, level = 4 }
  eq(sv.for_creature(mc, "breath"), 16)
end)

test("monsters save as fighters of their save level", function()
  local orc = creature.new(lib.monster{ id = "o", hd = "1", attacks = { { name = "W", damage = "1d8" } } })
  eq(sv.for_creature(orc, "breath"), 17)
  local ogre = creature.new(lib.monster{ id = "g", hd = "4+1", attacks = { { name = "C", damage = "1d10" } } })
  eq(sv.for_creature(ogre, "breath"), 13, "4+1 saves at 5")
  local zombie = creature.new(lib.monster{ id = "z", hd = "6", int = "non", attacks = { { name = "B", damage = "1d8" } } })
  eq(sv.for_creature(zombie, "spell"), 16, "mindless: half, 3")
  eq(sv.for_creature(zombie, "poison"), 11, "but not against poison")
  local witch = creature.new(lib.monster{ id = "w", hd = "6", tags = { "saves_as:magic-user" }, attacks = { { name = "T", damage = "1" } } })
  eq(sv.for_creature(witch, "wand"), 9, "the better of magic-user 6 and fighter 6")
end)

test("modifiers: the DM, magic, the environment, per damage die", function()
  dice.force{ 12 }
  eq(sv.roll(15, { 1, 2, -1 }).total, 14, "cumulative unless stated")
  eq(sv.adjust_dice({ 1, 4, 6 }, -1), 8)
  eq(sv.half(17, true), 8)
  eq(sv.half(17, false), 17)
end)

test("poison: all or nothing for characters", function()
  local c = pc{ id = "c", class = "fighter", level = 1 }
  dice.force{ 13 }
  eq(sv.poison(c), "dead")
  dice.force{ 14 }
  eq(sv.poison(c), "unharmed")
  dice.force{ 14 }
  eq(sv.poison(c, { partial = true }), "partial")
end)

test("poison and monsters: swine, and the very large", function()
  local boar = creature.new{ id = "b", hp = 30, tags = { "swine" }, size_rank = 2 }
  local spider = creature.new{ id = "s", hp = 3, size_rank = 1 }
  eq({ sv.poison_applies(boar, spider) }, { false, "fat" })
  local apatosaurus = creature.new{ id = "a", hp = 150, tags = { "huge" }, size_rank = 4 }
  eq({ sv.poison_applies(apatosaurus, spider) }, { false, "swelling" })
  eq(sv.poison_applies(creature.new{ id = "m", hp = 5, size_rank = 2 }, spider), true)
end)

test("magic armour's bonus counts against some forms only", function()
  eq(sv.armour_bonus("fire", 2, true), 2)
  eq(sv.armour_bonus("gas", 2, false), 0)
  eq(sv.armour_bonus("poison", 2, false), 0)
  eq(sv.armour_bonus("charm", 2, false), 0)
  eq(sv.armour_bonus("electricity", 2, true), 0, "metal against electricity")
  eq(sv.armour_bonus("electricity", 2, false), 2)
  eq(sv.armour_bonus("fire", 2, false, false), 0, "never a save where none is allowed")
end)

test("items: the matrix, liquids, cold then a blow", function()
  eq(sv.item_number("Bone or ivory", "crushing"), 16)
  eq(sv.item_number("Liquid*", "normal"), 0)
  eq(sv.item_save("Liquid*", "normal").success, true, "0 always survives")
  dice.force{ 16 }
  eq(sv.item_save("Glass", "crushing").success, false)
  dice.force{ 12 }
  local r = sv.item_save("Metal, hard", "normal", { frozen_then_struck = true })
  eq({ r.total, r.success }, { 2, true })
  dice.force{ 12 }
  eq(sv.item_save("Metal, hard", "magical_cold", { frozen_then_struck = true }).total, 2)
end)

test("non-magic items: +5 against what they are made for; analogues", function()
  dice.force{ 7 }
  local r = sv.item_save("Wood or rope, thick", "crushing", { designed = true })
  eq({ r.total, r.success }, { 12, true })
  dice.force{ 5 }
  eq(sv.item_save("shield boss", "normal", { as = "Metal, hard" }).success, true)
end)

test("falls and exposure to fire", function()
  eq(sv.item_mods{ surface = "wood" }, 1)
  eq(sv.item_mods{ surface = "soft_body" }, 5)
  eq(sv.item_mods{ fall_ft = 20 }, -3)
  eq(sv.fire_exposure["Cloth"], 2)
end)

test("a failed potion is noted in secret", function()
  dice.force{ 3 }
  local r = sv.item_save("Liquid*", "fireball")
  eq(r.success, false)
  eq(r.secret, true)
end)
