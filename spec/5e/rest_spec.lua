-- D&D 5e (2024), inventory sections 17, 19 and 21: hit points, Bloodied,
-- rests with Hit Point Dice, healing, temporary hit points.
-- ruleset: 5e
-- covers: 5E-HP-01 5E-HP-02 5E-HP-03 5E-HEAL-01 5E-HEAL-02
-- covers: 5E-THP-01 5E-THP-02 5E-THP-03 5E-THP-04

local ch = require("core.5e.character")
local rest = require("core.5e.rest")
local hz = require("core.5e.hazards")

local function fighter(spec)
  spec = spec or {}
  spec.id = spec.id or "fighter"
  spec.max_hp = spec.max_hp or 44
  spec.level = spec.level or 4
  spec.abilities = spec.abilities or { con = 14 }
  spec.hit_dice = spec.hit_dice or "d10"
  return ch.new(spec)
end

test("hit points run from 0 to the maximum; damage subtracts, 0 is the floor (5E-HP-01)", function()
  local c = fighter{ max_hp = 12 }
  c:damage(5)
  eq(c:get("hp"), 7)
  local rec = c:damage(20)
  eq(c:get("hp"), 0)
  eq(rec.past_zero, 13)
end)

test("Bloodied at half the maximum or less (TV-46, 5E-HP-02)", function()
  local c = fighter{ max_hp = 15 }
  c:set("hp", 7)
  eq(rest.bloodied(c), true)
  c:set("hp", 8)
  eq(rest.bloodied(c), false)
  eq(rest.states.bloodied.zh, "重傷")
end)

test("a Short Rest spends Hit Point Dice one at a time: roll + Con, at least 1 (5E-HP-03)", function()
  local c = fighter{ abilities = { con = 14 } }
  c:set("hp", 10)
  dice.force{ 7, 1 }
  local out = rest.short_rest(c, { dice = 2 })
  eq(out.spent[1], { die = "d10", roll = 7, healed = 9, regained = 9 })
  eq(out.spent[2].healed, 3, "1 + 2")
  eq(c:get("hp"), 22)
  eq(c:resource("hit_dice:d10").current, 2)
  local weak = fighter{ id = "weak", abilities = { con = 3 } }
  weak:set("hp", 1)
  dice.force{ 2 }
  eq(rest.short_rest(weak, { dice = 1 }).spent[1].healed, 1, "2 - 4 heals at least 1")
  local ko = fighter{ id = "ko" }
  ko:set("hp", 0)
  fails(function() rest.short_rest(ko) end, "at least 1 hit point")
  c:set("hp", 10)
  eq(rest.short_rest(c, { dice = 2, interrupted = true }).regained, 0, "interrupted: no benefit")
  eq(c:resource("hit_dice:d10").current, 2)
  eq({ rest.rests.short.hours, rest.rests.long.hours }, { 1, 8 })
end)

test("a Long Rest: all hit points and Hit Point Dice, Exhaustion -1, no temporary hit points (5E-HP-03, TV-38)", function()
  local c = fighter{ abilities = { con = 10 } }
  c:set("hp", 5)
  c:set("temp_hp", 6)
  hz.gain_exhaustion(c, 3, "forced march")
  dice.force{ 4, 4 }
  rest.short_rest(c, { dice = 2 })
  local out = rest.long_rest(c)
  eq(c:get("hp"), 44)
  eq(c:resource("hit_dice:d10").current, 4, "2024: every spent die")
  eq(c:level("exhaustion"), 2)
  eq(out.exhaustion_removed, 1)
  eq(c:get("temp_hp"), 0)
  fails(function() rest.long_rest(c, { hours_since_last = 8 }) end, "16 hours")
  -- Interrupted after 1 hour or more: a Short Rest's benefits instead.
  c:set("hp", 20)
  dice.force{ 6 }
  local part = rest.long_rest(c, { interrupted_after = 2, dice = 1 })
  eq(part.kind, "short")
  eq(c:get("hp"), 26)
  eq(rest.long_rest(c, { interrupted_after = 0.5 }).kind, "none")
  -- A reduced hit point maximum comes back.
  rest.reduce_max_hp(c, 10)
  eq(c:get("max_hp"), 34)
  rest.long_rest(c)
  eq(c:get("max_hp"), 44)
  eq(c:get("hp"), 44)
end)

test("healing comes from magic or rest (5E-HEAL-01)", function()
  local c = fighter()
  c:set("hp", 10)
  dice.force{ 3, 4 }
  local got, rolled = rest.heal(c, "potion_of_healing")
  eq(rolled, 9, "2d4 + 2")
  eq(got, 9)
  eq(c:get("hp"), 19)
  rest.long_rest(c)
  eq(c:get("hp"), 44)
end)

test("healing stops at the maximum: 14/20 healed 8 regains 6 (TV-29, 5E-HEAL-02)", function()
  local c = fighter{ max_hp = 20 }
  c:set("hp", 14)
  eq(rest.heal(c, 8), 6)
  eq(c:get("hp"), 20)
end)

test("temporary hit points are lost first: 5 temporary, 7 damage (TV-31, 5E-THP-01)", function()
  local c = fighter()
  c:gain_temp(5)
  local rec = c:damage(7)
  eq(c:get("temp_hp"), 0)
  eq(rec.hp_lost, 2)
  eq(c:get("hp"), 42)
end)

test("temporary hit points last until a Long Rest (5E-THP-02)", function()
  local c = fighter()
  c:gain_temp(8)
  rest.short_rest(c)
  eq(c:get("temp_hp"), 8)
  rest.long_rest(c)
  eq(c:get("temp_hp"), 0)
end)

test("temporary hit points don't add: 10 then 12 gives 10 or 12, never 22 (TV-32, 5E-THP-03)", function()
  local c = fighter()
  c:gain_temp(10)
  eq(c:gain_temp(12), 12, "keep the higher")
  local d = fighter{ id = "d" }
  d:gain_temp(10)
  eq(d:gain_temp(8), 10)
  eq(d:gain_temp(8, { replace = true }), 8, "or choose the new amount")
end)

test("temporary hit points are not healing: not added to HP, not restoring them, no waking at 0 (5E-THP-04)", function()
  local c = fighter{ max_hp = 20 }
  c:gain_temp(5)
  eq(c:get("hp"), 20, "a creature at full HP can still gain them")
  eq(c:get("max_hp"), 20)
  c:damage(3)
  eq(rest.heal(c, 10), 0, "healing doesn't restore them")
  eq(c:get("temp_hp"), 2)
  local down = fighter{ id = "down", max_hp = 20 }
  down:damage(20)
  down:add_condition("unconscious", { source = "0 hp" })
  down:gain_temp(10)
  eq(down:get("hp"), 0)
  eq(down:has("unconscious"), true)
end)

test("Hit Point Dice of several sizes: the largest first, or the one named (5E-HP-03)", function()
  local c = ch.new{ id = "mc", max_hp = 30, level = 3, abilities = { con = 12 }, hit_dice = { d10 = 2, d6 = 1 } }
  eq(#ch.hit_dice(c), 2)
  eq(ch.hit_dice(c)[1].die, "d10")
  c:set("hp", 5)
  dice.force{ 3, 8 }
  local out = rest.short_rest(c, { dice = { "d6", "d10" } })
  eq(out.spent[1].die, "d6")
  eq(out.spent[1].healed, 4)
  eq(out.spent[2].healed, 9)
  dice.force{ 2 }
  eq(rest.short_rest(c, { dice = 1 }).spent[1].die, "d10")
  fails(function() rest.short_rest(c, { dice = 1 }) end, "no Hit Point Die left")
  -- A table playing the 2014 rule regains half its Hit Point Dice.
  rest.long_rest_hit_dice = "half"
  rest.long_rest(c)
  eq(c:resource("hit_dice:d10").current, 1)
  eq(c:resource("hit_dice:d6").current, 1, "at least one")
  rest.long_rest_hit_dice = "all"
end)
