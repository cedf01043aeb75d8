-- ruleset: 3e
-- The 3.0 grapple (3E-GRAP-01..14, Table X-2, EX-21): the check bonus,
-- the head count, the hold's size limit, grapple damage, and the state
-- kept as conditions. The fights are in special_grapple_fight_spec.lua.
-- covers: 3E-GRAP-01 3E-GRAP-13
local G = require("core.3e.special.grapple")

test("3E-GRAP-01: BAB + Str + the special size modifier, which replaces the normal one", function()
  eq(G.bonus{ bab = 1, str = 15, size = "medium" }, 3)
  eq(G.bonus{ bab = 3, str = 21, size = "large" }, 3 + 5 + 4, "Large +4, not the attack roll's -1")
  eq(G.bonus{ bab = 0, str = 8, size = "small" }, -1 - 4, "Small -4, not +1")
  eq(G.bonus{ bab = 12, str = 30, size = "colossal" }, 12 + 10 + 16)
  eq(G.bonus({ bab = 1, str = 15 }, { mods = { { 2, "aid" } } }), 5)
  fails(function() G.bonus{ bab = 1, str = 10, size = "enormous" } end, 'unknown size "enormous"')
end)

test("EX-21: a Medium defender holds two Large, one Huge, or four goblins and one Large", function()
  eq({ G.counts_as("small", "medium"), G.counts_as("medium", "medium"), G.counts_as("large", "medium"),
       G.counts_as("huge", "medium"), G.counts_as("colossal", "medium") }, { 0.5, 1, 2, 4, 4 })
  eq({ G.room("medium", { "large", "large" }) }, { true, 4 })
  eq({ G.room("medium", { "huge" }) }, { true, 4 })
  eq({ G.room("medium", { "small", "small", "small", "small", "large" }) }, { true, 4 })
  eq({ G.room("medium", { "medium", "medium", "medium", "medium" }) }, { true, 4 })
  eq({ G.room("medium", { "medium", "medium", "medium", "medium", "small" }) }, { false, 4.5 })
  eq({ G.room("medium", { "huge", "small" }) }, { false, 4.5 })
  eq({ G.room("large", { "large", "medium", "medium", "huge" }) }, { true, 4 }, "relative to the defender's size")
end)

test("3E-GRAP-05: no hold on a creature two or more sizes larger (B-21)", function()
  eq({ (G.can_hold({ size = "medium" }, { size = "large" })), (G.can_hold({ size = "small" }, { size = "large" })) },
     { true, false })
  eq(select(2, G.can_hold({ size = "medium" }, { size = "huge" })), "cannot hold a creature two or more size categories larger")
end)

test("3E-GRAP-08: grapple damage is an unarmed strike, 1d3 Medium-size, 1d2 Small, + Str", function()
  eq({ G.damage_expr{ str = 15, size = "medium" }, G.damage_expr{ str = 8, size = "small" },
       G.damage_expr{ str = 10, size = "medium" } }, { "1d3+2", "1d2-1", "1d3" })
end)

test("the grapple's state is conditions on both creatures; a pin is one more pair", function()
  local a = creature.new{ id = "a", hp = 10 }
  local b = creature.new{ id = "b", hp = 10 }
  local c = creature.new{ id = "c", hp = 10 }
  G.link(a, b)
  G.link(c, b)
  eq({ G.grappling(a, b), G.grappling(b, a), G.grappling(b, c), G.grappling(a, c) }, { true, true, true, false })
  eq(G.opponents(b), { "a", "c" })
  eq({ G.dex_denied(a, b), G.dex_denied(a, c), G.dex_denied(c, b) }, { false, true, false },
     "3E-GRAP-14: Dex lost only against those it does not grapple")
  eq(G.threatens(a), false)
  G.pin(a, b)
  eq({ G.pinned_by(b), G.pinning(a), G.dex_denied(b, a) }, { "a", "b", true }, "pinned: Dex lost against all")
  eq({ G.weapon_ok(a, { light = true }) }, { false, "cannot attack with a weapon while pinning or pinned" })
  eq({ G.weapon_ok(c, { light = false }) }, { false, "only a light weapon can be used in a grapple" })
  eq({ G.weapon_ok(c, { light = true, two_weapon = true }) }, { false, "cannot fight with two weapons in a grapple" })
  eq(G.weapon_ok(c, { light = true }), true)
  G.unlink(a, b)
  eq({ G.grappling(a), b:has("pinned"), G.opponents(b) }, { false, false, { "c" } })
end)
