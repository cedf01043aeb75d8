-- D&D 5e (2024), inventory section 16: underwater combat (TV-48).
-- ruleset: 5e
-- covers: 5E-UW-01 5E-UW-02 5E-UW-03

local U = rules.need("5e.underwater")
local A = rules.need("5e.attack")
local dmg = rules.need("5e.damage")

local function diver(id, speed)
  return creature.new{ id = id, hp = 20, speed = speed or 30, side = "party", pos = { x = 0, y = 0 } }
end

test("TV-48: without a Swim Speed a longsword (Slashing) has Disadvantage, a spear (Piercing) doesn't (5E-UW-01)", function()
  local knight = diver("knight")
  eq(U.attack(knight, { damage_type = "slashing" }), { dis = true, auto_miss = false })
  eq(U.attack(knight, { damage_type = "piercing" }), { dis = false, auto_miss = false })
  local merfolk = diver("merfolk", { walk = 10, swim = 40 })
  eq(U.attack(merfolk, { damage_type = "slashing" }).dis, false, "a Swim Speed")
  local shark = creature.new{ id = "shark", hp = 20, side = "foes", pos = { x = 1, y = 0 } }
  eq(A.context(knight, shark, { underwater = true, weapon = { damage_type = "slashing" } }).roll, "disadvantage")
  eq(A.context(knight, shark, { underwater = true, weapon = { damage_type = "piercing" } }).roll, "normal")
end)

test("TV-48: a ranged weapon misses beyond its normal range underwater and has Disadvantage within it, Swim Speed or not (5E-UW-02)", function()
  local merfolk = diver("merfolk", { swim = 40 })
  eq(U.attack(merfolk, { ranged = true, distance = 100, normal = 80 }), { dis = false, auto_miss = true })
  eq(U.attack(merfolk, { ranged = true, distance = 60, normal = 80 }), { dis = true, auto_miss = false })
  local shark = creature.new{ id = "shark", hp = 20, side = "foes", pos = { x = 20, y = 0 } }
  local ctx = A.context(merfolk, shark, { underwater = true, ranged = true, range = { 80, 320 } })
  eq({ ctx.allowed, ctx.auto_miss }, { true, true }, "100 ft: allowed on land with Disadvantage, a miss underwater")
end)

test("everything underwater resists Fire, once even when already resistant (5E-UW-03)", function()
  local a = diver("a")
  U.submerge(a)
  eq(dmg.apply(a, 9, "fire").total, 4)
  eq(dmg.apply(a, 9, "cold").total, 9)
  local b = diver("b")
  b:add_trait({ kind = "resist", type = "fire", source = "ring" })
  U.submerge(b)
  U.submerge(b)
  eq(dmg.apply(b, 20, "fire").total, 10, "resistance counts once (5E-DMG-08)")
  U.surface(a)
  eq(dmg.apply(a, 9, "fire").total, 9)
end)
