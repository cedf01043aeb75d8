-- Audit (independent cases): the remaining resolutions of section 17
-- (falling, multipliers that double, a stable creature's 1d4 hours,
-- levels capped by the option) and a few section-0 differences.
-- ruleset: mod5e
-- covers: HB-MOVE-20 HB-DMG-08 HB-CORE-03 HB-HP-07 HB-MOVE-21 HB-MOVE-12

local ch = require("core.5e.character")
local mv = rules.need("mod5e.movement")
local mdmg = rules.need("mod5e.damage")
local core = rules.need("mod5e.core")

local function pc(id, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = opts.hp or 300, level = 1, abilities = { str = 10, dex = 10, con = 10, int = 10,
    wis = 10, cha = 10 } }
  c:set("speed", opts.speed or { walk = 30 })
  c:set("pos", { x = 0, y = 0 })
  return c
end

test("audit: a fall of 250 ft is 20d6 at most; 19 ft is 1d6 (full 10 ft only) (HB-MOVE-20, AMB-14)", function()
  local c = pc("c")
  local faces = {}
  for i = 1, 20 do faces[i] = 1 end
  dice.force(faces)
  eq(mv.fall(c, 250).dice, 20)
  dice.force{ 4 }
  local r = mv.fall(pc("d"), 19)
  eq({ r.dice, r.damage, r.prone }, { 1, 4, true })
end)

test("audit: a doubling comes before the flat resistance: 10 doubled to 20, resistance 5: 15 (HB-DMG-08)", function()
  local c = pc("c")
  mdmg.resist(c, "fire", 5)
  local hp = c:get("hp")
  mdmg.apply(c, 10, "fire", { adjust = { { num = 2, den = 1, source = "double" } } })
  eq(hp - c:get("hp"), 15, "not (10 - 5) x 2 = 10")
end)

test("audit: the adv cap option caps both ways: 3 dis with a cap of 2 rolls three d20s (HB-CORE-03, AMB-01)", function()
  rules.merge("mod5e.options", { adv_cap = 2 })
  dice.force{ 9, 4, 12 }
  local r = core.test(nil, { ability = "str", adv = -3 })
  rules.merge("mod5e.options", { adv_cap = 0 })
  eq({ r.net_adv, #r.dice, r.natural }, { -2, 3, 4 })
end)

test("audit: mounting and dismounting each cost half the speed, at speed 25: 10 (HB-MOVE-12)", function()
  local c = pc("rider", { speed = { walk = 25 } })
  local b = mv.budget(c)
  eq(mv.mount(c, b), 10)
  eq(b:left(), 15)
end)

test("audit: a dive to a target straight below 40 ft costs 40; a dive of equal legs the same (HB-MOVE-21)", function()
  eq({ mv.dive_distance(0, 40), mv.dive_distance(25, 25) }, { 40, 25 })
end)

test("audit: dropping prone with less than half the speed left is refused (HB-MOVE-12)", function()
  local c = pc("c")
  local b = mv.budget(c)
  ok(b:move(20))
  eq((mv.drop_prone(c, b)), nil, "10 ft left, half the speed is 15: can't lie down")
  eq(c:has("prone"), false)
end)
