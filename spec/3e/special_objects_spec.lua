-- ruleset: 3e
-- Attacking objects, striking a weapon and breaking objects (3E-OBJ,
-- 3E-SUNDER, 3E-BREAK), with EX-17 (Krusk breaks a wooden chest) as the
-- test vector.
-- covers: 3E-OBJ-01 3E-OBJ-02 3E-OBJ-03 3E-OBJ-05 3E-OBJ-06 3E-OBJ-07 3E-OBJ-08 3E-OBJ-09 3E-OBJ-12
-- covers: 3E-SUNDER-02 3E-BREAK-02
local O = require("core.3e.special.objects")

test("EX-17: wood, hardness 5, planks an inch thick: 10 hp; hits of 10, 4 and 12", function()
  local chest = O.new{ name = "chest", material = "wood", thickness = 1, size = "small" }
  eq({ chest.hardness, chest.hp }, { 5, 10 })
  eq(O.damage(chest, 10), { dealt = 5, hp = 5, broken = false })
  eq(O.damage(chest, 4), { dealt = 0, hp = 5, broken = false }, "at or below hardness does nothing")
  eq(O.damage(chest, 12), { dealt = 7, hp = -2, broken = true })
  local exact = O.new{ material = "wood", thickness = 1 }
  eq(O.damage(exact, 15).broken, true, "destroyed at exactly 0 hp")
end)

test("3E-OBJ-01: an immobile object's AC is 10 - 5 + size; +4 in melee, lined up: melee hits, ranged +5, no AoO", function()
  eq({ O.ac(O.new{ size = "medium" }), O.ac(O.new{ size = "large" }), O.ac(O.new{ size = "fine" }),
       O.ac(O.new{ size = "colossal" }) }, { 5, 4, 13, -3 })
  local door = O.new{ key = "good_wooden_door", size = "large" }
  eq(O.attack_mods(door, {}), { bonus = 4, auto_hit = false, provokes = false })
  eq(O.attack_mods(door, { line_up = true }), { bonus = 4, auto_hit = true, provokes = false })
  eq(O.attack_mods(door, { ranged = true }), { bonus = 0, auto_hit = false, provokes = false })
  eq(O.attack_mods(door, { ranged = true, line_up = true }), { bonus = 5, auto_hit = false, provokes = false })
  ok(O.immune(door, "coup_de_grace"), "immune to coup de grace itself")
end)

test("3E-OBJ-02/03: an animated object is a creature; a held object uses its holder's Dex, +5 in a hand, and provokes", function()
  local statue = O.new{ size = "large", animated = true }
  eq(O.attack_mods(statue, {}).bonus, 0, "no +4 against an animated object")
  eq(O.attack_mods(statue, {}).creature, true)
  local staff = O.new{ name = "staff", size = "medium", held = true, dex = 3, deflection = 1, hardness = 5, hp = 10 }
  eq(O.ac(staff), 10 + 3 + 0 + 1 + 5)
  eq(O.attack_mods(staff, { line_up = true }), { bonus = 0, auto_hit = false, provokes = true })
  local worn = O.new{ name = "amulet", size = "tiny", attended = true, dex = 2 }
  eq(O.ac(worn), 10 + 2 + 2, "worn, not held: no +5")
end)

test("3E-OBJ-07/08/09: no subdual, ranged and energy damage halved (cold quartered) before hardness", function()
  local door = O.new{ key = "simple_wooden_door" }
  eq(door.hardness, 5)
  eq(O.damage_after(door, 13, { subdual = true }), 0)
  eq(O.damage_after(door, 13, { ranged = true }), 1, "floor(13 / 2) - 5; hardness first would give 4")
  eq(O.damage_after(door, 13, { ranged = true, siege = true }), 8)
  eq(O.damage_after(door, 13, { type = "fire" }), 1)
  eq(O.damage_after(door, 13, { type = "acid" }), 1)
  eq(O.damage_after(door, 13, { type = "electricity" }), 1)
  eq(O.damage_after(door, 24, { type = "cold" }), 1, "24 / 4 - 5")
  eq(O.damage_after(door, 13, { type = "sonic" }), 8)
  eq(O.damage_after(door, 13, { type = "slashing" }), 8)
  ok(O.immune(door, "critical") and O.immune(door, "subdual"))
end)

test("3E-OBJ-12: unattended objects fail, attended ones use the holder's save, magic items +2 + half caster level", function()
  eq(O.save(O.new{}, 15), { success = false, automatic = true })
  eq(O.save_bonus(O.new{ attended = true }, 4), 4)
  eq(O.save_bonus(O.new{ magic = true, caster_level = 9 }), 6)
  eq(O.save_bonus(O.new{ magic = true, caster_level = 9, held = true }, 4), 6, "the better of its own and its holder's")
  eq(O.save_bonus(O.new{ magic = true, caster_level = 9, held = true }, 8), 8)
  dice.force{ 9 }
  eq(O.save(O.new{ magic = true, caster_level = 9 }, 15).success, true, "9 + 6 >= 15")
end)

test("3E-BREAK-01/02: a Strength check against the break DC; 2 lower once half the hp are gone", function()
  local door = O.new{ key = "good_wooden_door" }
  eq({ door.hp, O.break_dc(door) }, { 15, 18 })
  dice.force{ 15 }
  eq(O.break_check(door, 2).broken, false, "15 + 2 < 18")
  O.damage(door, 12)   -- 7 past hardness: 8 of 15 left
  eq(O.break_dc(door), 18, "7 of 15 lost is less than half")
  O.damage(door, 6)    -- 1 more: 7 left, more than half lost
  eq(O.break_dc(door), 16)
  local even = O.new{ hardness = 0, hp = 10, break_dc = 20 }
  O.damage(even, 5)
  eq(O.break_dc(even), 18, "exactly half lost counts (B-26)")
  dice.force{ 14 }
  eq(O.break_check(even, 4).broken, true, "14 + 4 >= 18")
  fails(function() O.new{ colour = "red" } end, 'object: unknown field "colour"')
  fails(function() O.new{ key = "castle" } end, 'no row "castle"')
  fails(function() O.break_dc(O.new{}) end, "has no break DC")
end)

test("3E-SUNDER-02: a magic shield adds its enhancement to hardness and hp; only an equal or better weapon harms it", function()
  local shield = O.new{ key = "large_steel_shield", enhancement = 2 }
  eq({ shield.hardness, shield.hp }, { 12, 22 })
  eq({ O.sunder_damages(1, shield), O.sunder_damages(2, shield), O.sunder_damages(3, shield) }, { false, true, true })
end)
