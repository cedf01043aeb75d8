-- The modded 5e's switches for its ambiguities, as variants: exhaustion
-- levels that replace (AMB-02), sight that cancels as in 5e (AMB-19),
-- mixed speeds without a cap (AMB-07).
-- ruleset: mod5e
-- variants: mod5e.exhaustion_replace mod5e.vis_symmetric_cancel mod5e.no_mixed_speed_cap
-- covers: HB-COND-06 HB-VIS-12 HB-MOVE-08

local ch = require("core.5e.character")

local function pc(id)
  local c = ch.new{ id = id, max_hp = 40, level = 1, abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } }
  c:set("speed", { walk = 30, fly = 60 })
  return c
end

test("exhaustion_replace: level 5's 2 dis replaces the lower levels' (AMB-02)", function()
  local c, foe = pc("c"), pc("foe")
  rules.need("mod5e.exhaustion").gain(c, 5)
  local a = fight.assess(c, foe, nil, { distance = 5 })
  eq(a.dis, 2, "not 3")
  dice.force{ 12, 4, 9 }
  eq(rules.need("mod5e.core").test(c, { skill = "athletics", dc = 1 }).net_adv, -2)
end)

test("vis_symmetric_cancel: two blind combatants cancel out (AMB-19)", function()
  local a, b = pc("a"), pc("b")
  a:add_condition("blinded")
  b:add_condition("blinded")
  local r = fight.assess(a, b, nil, { distance = 5 })
  eq(r.adv - r.dis, 0)
  eq(rules.need("mod5e.visibility").level("unseen", "unseen"), 0)
end)

test("no_mixed_speed_cap: walk 20, fly 10, walk 10, fly 30 = 70 ft (AMB-07, TV-03)", function()
  local b = rules.need("mod5e.movement").budget(pc("c"))
  ok(b:move(20, "walk")); ok(b:move(10, "fly")); ok(b:move(10, "walk"))
  ok(b:move(30, "fly"))
end)
