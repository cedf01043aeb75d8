-- ruleset: 1e
-- Psionic combat (inventory section 21).
-- covers: 1E-PSI-01 1E-PSI-02 1E-PSI-03 1E-PSI-06 1E-PSI-07 1E-PSI-08 1E-PSI-09 1E-PSI-11
local p = require("core.1e.psionics")

local function psionic(id, attack, defence)
  return creature.new{ id = id, hp = 20, resources = { psi_attack = attack, psi_defense = defence } }
end

test("psionic combat: segments, one activity besides defence", function()
  eq(p.segments, true)
  eq(p.allowed({ "defend", "attack" }), true)
  eq(p.allowed({ "defend", "discipline" }), true)
  eq(p.allowed({ "attack", "discipline" }), false)
  eq(p.allowed({ "discipline", "discipline" }), false)
end)

test("the defender picks its most suitable defence", function()
  eq(p.best_defence(60, "Mind Thrust", { "Mind Blank", "Thought Shield", "Mental Barrier" }), "Mental Barrier")
  eq(p.best_defence(60, "Ego Whip", { "Tower of Iron Will", "Intellect Fortress", "Mental Barrier" }), "Mental Barrier",
     "equal losses (1 each): the cheaper")
end)

test("a segment of mental combat: both sides at once, costs and losses", function()
  local a, d = psionic("a", 40, 30), psionic("d", 30, 20)
  local r = p.segment(a, d, "Mind Thrust", "Thought Shield", "Ego Whip", "Mental Barrier")
  -- a (band 51-75) thrusts against the barrier: 2; d (26-50) whips against the shield: 4
  eq(r.a_lost, 4 + 2 + 4)
  eq(r.d_lost, 7 + 3 + 2)
  eq(p.total(a), 70 - 10)
  eq(p.total(d), 50 - 12)
  -- a Psychic Crush that kills: only the winner's total changes
  local x, y = psionic("x", 100, 40), psionic("y", 10, 10)
  dice.force{ 10 }
  r = p.segment(x, y, "Psychic Crush", "Mind Blank", nil, "Mind Blank")
  eq(r.killed, "d")
  eq(p.total(x), 140 - 15)
  eq(p.total(y), 20)
end)

test("a defenceless psionic: points, hit points, letters, Mind Bar", function()
  local v = psionic("v", 30, 0)
  eq(p.defenceless(v, 40), { points = 30, hp = 10 })
  eq(v:get("hp"), 10)
  dice.force{ 3 }
  local r = p.defenceless(psionic("w", 50, 50), "D")
  eq(r.effect, { effect = "dazed", unit = "turn", duration = 3 })
  eq(p.defenceless(psionic("z", 50, 50), "W", { mind_bar = true }), { points = 40, hp = 0 })
  eq(p.defenceless(psionic("c", 50, 50), "72%"), { crush = 72 })
  dice.force{ 2, 3 }
  eq(p.letter("C"), { effect = "confused", unit = "round", duration = 5 })
  eq(p.letters.S.taken_for_dead, 99)
  eq(p.letters.K.psionics_lost, true)
end)

test("Psionic Blast on a non-psionic: strength 100, save by Int+Wis, then the effect", function()
  eq(p.blast(99, 20, "short"), { allowed = false })
  -- 11 fails 12; d% 15 in the Int+Wis 18-21 row: Stun (02-15), 16 Confusion
  dice.force{ 11, 15 }
  local r = p.blast(100, 20, "short")
  eq({ r.need, r.saved, r.effect }, { 12, false, "Stun" })
  dice.force{ 11, 16 }
  eq(p.blast(100, 20, "short").effect, "Confusion")
  dice.force{ 9, 50 }
  r = p.blast(110, 12, "long", 2)
  eq({ r.need, r.total, r.saved }, { 14, 11, false })
  eq(r.effect, "Sleep")
  dice.force{ 12 }
  eq(p.blast(110, 20, "short").saved, true)
end)

test("the blast's effects last their dice", function()
  dice.force{ 4, 3 }
  eq({ p.duration("Coma") }, { 7, "day" })
  dice.force{ 2, 2, 2, 2, 2 }
  eq({ p.duration("Sleep") }, { 10, "round" }, "5-20 as 5d4")
  eq(p.effects["Permanent insanity"].forms, 2)
  eq(p.duration("Death"), nil)
end)

test("save adjustments, and who cannot be attacked", function()
  eq(p.save_adjust({ "Dwarf", "Mind Bar" }), 10)
  eq(p.save_adjust({ "Cleric", "Stunned", "Using an ESP device" }), -6)
  local mad = creature.new{ id = "m", hp = 5 }
  mad:add_condition("insane")
  eq(p.attackable(mad), false)
  mad:add_tag("minor_insanity")
  eq(p.attackable(mad), true, "the four minor insanities")
end)

test("monsters' Wisdom from their intelligence", function()
  dice.force{ 2, 3 }
  eq(p.monster_wis("low"), 5, "2d4")
  dice.force{ 4, 5 }
  eq(p.monster_wis("genius"), 15, "2d6+6")
  eq(p.monster_wis("semi"), 0, "below low: negligible")
end)

test("range bands and boosted ranges", function()
  eq(p.range("Psychic Crush", "short"), 5)
  eq(p.range("Psychic Crush", "medium"), nil)
  eq({ p.boosted_range("Ego Whip", 4, 3) }, { 12, "Thought Shield" })
  eq(p.boosted_range("Psionic Blast", 2, 2), 2)
  eq({ p.range_damage(11, "medium", 60) }, { 9, 60 })
  eq({ p.range_damage(11, "long", 60) }, { 9, 35 }, "one band lower")
  eq({ p.range_damage(11, "long", 20) }, { 5, 20 }, "-50% in the lowest band")
end)
