-- D&D 5e (2024), inventory section 15: mounted combat (TV-19).
-- ruleset: 5e
-- covers: 5E-MNT-01 5E-MNT-02 5E-MNT-03 5E-MNT-04 5E-MNT-05

local M = rules.need("5e.mounted")
local mv = rules.need("5e.movement")
local I = rules.need("5e.initiative")

local function rider(id, extra)
  local spec = { id = id or "rider", hp = 12, speed = 30, side = "party", pos = { x = 0, y = 0 },
    abilities = { dex = 10 } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  local c = creature.new(spec)
  mv.set_size(c, spec.size or "medium")
  return c
end

local function horse(id, extra)
  local spec = { id = id or "horse", hp = 13, speed = 60, side = "party", pos = { x = 1, y = 0 }, tags = { "trained" },
    abilities = { dex = 10 } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  local c = creature.new(spec)
  mv.set_size(c, spec.size or "large")
  return c
end

test("a mount is a willing creature at least one size larger, with a suitable anatomy (5E-MNT-01)", function()
  local r = rider()
  eq(M.can_mount(r, horse()), true)
  local pony = horse("pony", { size = "medium" })
  eq({ M.can_mount(r, pony) }, { false, "not larger than the rider" })
  local halfling = rider("halfling", { size = "small" })
  eq(M.can_mount(halfling, pony), true, "a Medium mount for a Small rider")
  eq({ M.can_mount(r, horse(), { willing = false }) }, { false, "not willing" })
  eq({ M.can_mount(r, horse(), { anatomy = false }) }, { false, "unsuitable anatomy" })
end)

test("TV-19: mounting within 5 ft costs half the Speed: 30 -> 15 ft, 25 -> 12 ft; so does dismounting (5E-MNT-02)", function()
  local r, h = rider(), horse()
  eq(M.cost(r), 15)
  eq(M.cost(rider("slow", { speed = 25 })), 12)
  local b = mv.budget(r)
  local res = M.mount(r, h, b)
  eq({ res.cost, b:left() }, { 15, 15 })
  eq(M.mount_of(r), "horse")
  eq(M.dismount(r, h, b), 15)
  eq({ b:left(), M.mount_of(r) }, { 0, nil })
  eq({ M.mount(r, h, b) }, { nil, "only 0 ft of movement left" })
  local far = horse("far", { pos = { x = 3, y = 0 } })
  eq({ M.can_mount(r, far) }, { false, "not within 5 ft" })
end)

test("a controlled mount takes its rider's Initiative and only Dashes, Disengages or Dodges (5E-MNT-03)", function()
  local r, h, orc = rider(), horse(), rider("orc", { side = "foes" })
  dice.force{ 8, 17, 12 }
  local order = I.roll({ r, h, orc })
  eq({ order[1].id, order[2].id, order[3].id }, { "horse", "orc", "rider" })
  local res = M.mount(r, h)
  eq(res.controlled, true, "trained to accept a rider")
  eq(M.actions(h), { "dash", "disengage", "dodge" })
  M.link_initiative(order, r, h)
  eq({ order[1].id, order[2].id, order[3].id, order[3].count }, { "orc", "rider", "horse", 8 }, "it acts on the rider's turn")
  -- it keeps that place after a dismount (AMB-35)
  M.dismount(r, h)
  eq(M.actions(h), nil)
  eq(order[3].id, "horse")
end)

test("an independent mount keeps its own place and acts as it likes (5E-MNT-04)", function()
  local r = rider()
  local wild = horse("wild", { tags = {} })
  dice.force{ 8, 17 }
  local order = I.roll({ r, wild })
  local res = M.mount(r, wild)
  eq(res.controlled, false)
  eq(M.actions(wild), nil)
  M.link_initiative(order, r, wild)
  eq({ order[1].id, order[2].id }, { "wild", "rider" })
  local trained = horse("trained")
  local r2 = rider("r2")
  eq(M.mount(r2, trained, nil, { control = false }).controlled, false, "the rider may let it act freely")
end)

test("DC 10 Dex save when the mount is moved against its will or either is knocked Prone; a failure: Prone within 5 ft (5E-MNT-05)", function()
  local r, h = rider(), horse()
  M.mount(r, h)
  dice.force{ 10 }
  local s = M.fall_save(r, h)
  eq({ s.total, s.fell, M.mount_of(r) }, { 10, false, "horse" })
  dice.force{ 9 }
  s = M.fall_save(r, h, { land = { x = 0, y = 1 } })
  eq({ s.total, s.fell, M.mount_of(r), r:has("prone") }, { 9, true, nil, true })
  eq(r:get("pos"), { x = 0, y = 1, z = 0 })
  eq(h:has("ridden"), false)
  -- Restrained: Disadvantage on the Dex save
  local r2, h2 = rider("r2"), horse("h2")
  M.mount(r2, h2)
  r2:add_condition("restrained")
  dice.force{ 15, 4 }
  eq(M.fall_save(r2, h2).fell, true)
end)
