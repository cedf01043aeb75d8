-- ruleset: 3e
-- Audit of hit points and subdual damage (inventory §§9-10), written from
-- the inventory alone: each threshold exactly (0, -1, -9, -10), massive
-- damage at 49 and 50 and at the save's DC exactly, a hit that kills
-- outright asks no save, a hit that leaves its target dying does, healing
-- out of dying, the subdual track's equal and above, healing both tracks.
-- covers: 3E-HP-02 3E-HP-04 3E-HP-05 3E-HP-06 3E-HP-07 3E-HP-09 3E-HP-15 3E-SUBD-01 3E-SUBD-02 3E-SUBD-03
-- covers: 3E-SUBD-05 3E-SUBD-06 3E-HELP-02
local S = require("core.3e.statblock")
local H = require("core.3e.hp")
local SD = require("core.3e.subdual")
local D = require("core.3e.defense")
local arena = require("core.3e.arena")

local ROWS = { "........", "........", "........" }

-- Fort +3 (base 2, Con 12)
local function man(id, extra)
  local t = { id = id, hp = 13, bab = 1, abilities = { str = 15, dex = 10, con = 12 }, saves = { fort = 2 },
    weapons = { { name = "Axe", damage = "1d10", crit = "x3" }, { name = "Fist", damage = "1d3", subdual_weapon = true } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function two(b, a)
  return arena(ROWS, { { id = "a", side = "a", at = { 1, 1 }, stat = a or man("a") },
    { id = "b", side = "b", at = { 2, 1 }, stat = b or man("b") } }, { acted = true })
end

test("audit: 1 hp is normal, 0 disabled, -1 and -9 dying, -10 dead", function()
  local all = two()
  fight.damage(all.b, 12, "slashing", all.a)
  eq({ all.b:get("hp"), all.b:has("disabled"), fight.is(all.b, "out") }, { 1, false, false })
  fight.damage(all.b, 1, "slashing", all.a)
  eq({ all.b:get("hp"), all.b:has("disabled"), fight.is(all.b, "out") }, { 0, true, false })
  fight.damage(all.b, 1, "slashing", all.a)
  eq({ all.b:get("hp"), all.b:has("dying"), fight.is(all.b, "out"), fight.is(all.b, "dead") }, { -1, true, true, false })
  fight.damage(all.b, 8, "slashing", all.a)
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { -9, false })
  fight.damage(all.b, 1, "slashing", all.a)
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { -10, true })
end)

test("audit: one hit straight from full to exactly -10 kills", function()
  local all = two()
  fight.damage(all.b, 23, "slashing", all.a)
  eq(fight.is(all.b, "dead"), true)
end)

test("audit: massive damage: 49 asks no save; 50 does, and 15 exactly saves", function()
  local all = two(man("b", { hp = 120 }))
  fight.damage(all.b, 49, "slashing", all.a) -- a save would draw an unforced die and fail the spec
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { 71, false })
  dice.force{ 12 }
  fight.damage(all.b, 50, "slashing", all.a)
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { 21, false }, "12 + 3 = 15 meets DC 15")
  all = two(man("b", { hp = 120 }))
  dice.force{ 11 }
  fight.damage(all.b, 50, "slashing", all.a)
  eq(fight.is(all.b, "dead"), true, "11 + 3 = 14 fails")
end)

test("audit: massive damage that leaves its target dying still asks the save; one that kills outright asks none", function()
  local all = two(man("b", { hp = 45 }))
  dice.force{ 20 }
  fight.damage(all.b, 50, "slashing", all.a)
  eq({ all.b:get("hp"), fight.is(all.b, "dead"), fight.is(all.b, "out") }, { -5, false, true })
  all = two(man("b", { hp = 40 }))
  fight.damage(all.b, 50, "slashing", all.a)
  eq(fight.is(all.b, "dead"), true)
end)

test("audit: massive damage from one critical hit counts as one attack", function()
  local brute = man("a", { bab = 10, abilities = { str = 30, dex = 10, con = 12 } }) -- Str +10: 1d10+10 x3
  local all = two(man("b", { hp = 200 }), brute)
  dice.force{ 20, 15, 10, 10, 1, 5 }
  local r = fight.strike(all.a, all.b, "Axe")
  eq({ r.crit, r.damage }, { true, 20 + 20 + 11 })
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { 149, true }, "51 in one hit; 5 + 3 fails the Fortitude save")
end)

test("audit: healing a dying creature: 1 point stabilises; to exactly 0 disabled and awake; to 1 well", function()
  local all = two()
  fight.damage(all.b, 14, "slashing", all.a) -- -1
  H.heal(all.b, 1)
  eq({ all.b:get("hp"), fight.is(all.b, "out"), all.b:has("disabled") }, { 0, false, true })
  H.heal(all.b, 1)
  eq({ all.b:get("hp"), all.b:has("disabled") }, { 1, false })
  all = two()
  fight.damage(all.b, 22, "slashing", all.a) -- -9
  H.heal(all.b, 3)
  eq({ all.b:get("hp"), fight.is(all.b, "out"), fight.is(all.b, "stable") }, { -6, true, true })
  fight.next() fight.next()
  eq(all.b:get("hp"), -6, "stable: no bleeding at the round's end")
end)

test("audit: a disabled creature that is hit again for 1 is dying at -1", function()
  local all = two()
  fight.damage(all.b, 13, "slashing", all.a)
  ok(all.b:has("disabled"))
  fight.damage(all.b, 1, "slashing", all.a)
  eq({ all.b:get("hp"), all.b:has("disabled"), fight.is(all.b, "out") }, { -1, false, true })
end)

test("audit: a dying creature at -9 that bleeds dies; d% exactly 10 saves it", function()
  local all = two()
  fight.damage(all.b, 22, "slashing", all.a) -- -9
  dice.force{ 10 }
  fight.next() fight.next()
  eq({ all.b:get("hp"), fight.is(all.b, "stable"), fight.is(all.b, "dead") }, { -9, true, false })
  all = two()
  fight.damage(all.b, 22, "slashing", all.a)
  dice.force{ 11 }
  fight.next() fight.next()
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { -10, true })
end)

test("audit: subdual damage equal to the hit points staggers; one more knocks out; hp loss can too", function()
  local all = two(man("b", { hp = 10 }))
  SD.deal(all.b, 9, all.a)
  eq({ all.b:get("hp"), SD.status(all.b), all.b:has("staggered") }, { 10, "ok", false })
  SD.deal(all.b, 1, all.a)
  eq({ all.b:get("hp"), SD.status(all.b), all.b:has("staggered"), fight.is(all.b, "out") }, { 10, "staggered", true, false })
  eq(rules.need("3e.turn").limited(all.b), true, "only a partial action")
  fight.damage(all.b, 1, "slashing", all.a)
  eq({ all.b:get("hp"), SD.status(all.b), fight.is(all.b, "out"), fight.is(all.b, "dead") }, { 9, "unconscious", true, false },
    "9 hp, 10 subdual: out, not by lethal damage")
  eq(fight.assess(all.a, all.b, "Axe").bonus, 4, "unconscious is helpless: +4 melee (3E-HELP-01)")
end)

test("audit: magical healing removes as much subdual damage as hit points it heals", function()
  local all = two(man("b", { hp = 10 }))
  fight.damage(all.b, 4, "slashing", all.a)
  SD.deal(all.b, 8, all.a)
  eq({ all.b:get("hp"), all.b:get("nonlethal"), fight.is(all.b, "out") }, { 6, 8, true })
  H.heal(all.b, 3)
  eq({ all.b:get("hp"), all.b:get("nonlethal"), fight.is(all.b, "out") }, { 9, 5, false })
  H.heal(all.b, 5)
  eq({ all.b:get("hp"), all.b:get("nonlethal") }, { 10, 0 }, "hp capped at the maximum, subdual healed in full")
end)

test("audit: subdual damage never lowers the hit points, however much", function()
  local all = two(man("b", { hp = 10 }))
  SD.deal(all.b, 40, all.a)
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { 10, false })
end)

test("audit: coup de grace: automatic critical; a survivor saves at 10 + damage", function()
  local all = two(man("b", { hp = 40 }))
  all.b:add_condition("asleep")
  -- x3 critical: 3 x (1d10+2); 4+2, 4+2, 4+2 = 18; Fort DC 28: 20 + 3 = 23 fails
  dice.force{ 4, 4, 4, 15 }
  local r = D.coup_de_grace(all.a, all.b, "Axe")
  eq(r.damage, 18)
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { 22, true }, "15 + 3 = 18 fails DC 28")
  all = two(man("b", { hp = 40 }))
  all.b:add_condition("asleep")
  dice.force{ 1, 1, 1, 1 }
  r = D.coup_de_grace(all.a, all.b, "Axe")
  eq({ r.damage, fight.is(all.b, "dead") }, { 9, true }, "DC 19: 1 + 3 fails")
end)
