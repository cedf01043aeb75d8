-- ruleset: 1e
-- Psionic combat (inventory section 21).
-- covers: 1E-PSI-01 1E-PSI-02 1E-PSI-03 1E-PSI-04 1E-PSI-05 1E-PSI-06 1E-PSI-07 1E-PSI-08 1E-PSI-09 1E-PSI-11
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
  -- an attack mode costs attack points, a defence mode and the loss it
  -- lets through cost defence points (1E-PSI-04, TV-25: "the defender
  -- loses defence points")
  local function pools(c) return { c:resource("psi_attack").current, c:resource("psi_defense").current } end
  eq(pools(a), { 40 - 4, 30 - 2 - 4 })
  eq(pools(d), { 30 - 7, 20 - 3 - 2 })
  -- a Psychic Crush that kills: only the winner's total changes
  local x, y = psionic("x", 100, 40), psionic("y", 10, 10)
  dice.force{ 10 }
  r = p.segment(x, y, "Psychic Crush", "Mind Blank", nil, "Mind Blank")
  eq(r.killed, "d")
  eq(p.total(x), 140 - 15)
  eq(pools(x), { 100 - 14, 40 - 1 }, "the crush from attack points, the blank from defence points")
  eq(p.total(y), 20)
  -- defence points run out: what is left comes off attack points (n, band
  -- 76-100: Mind Thrust against Thought Shield, 13)
  local m, n = psionic("m", 20, 3), psionic("n", 40, 40)
  p.segment(m, n, nil, "Thought Shield", "Mind Thrust", "Mind Blank")
  eq(pools(m), { 20 - (2 + 13 - 3), 0 }, "2 + 13 from 3 defence points: 12 from attack points")
  eq(pools(n), { 40 - 4, 40 - 1 })
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

test("letter results are conditions on the creature; P dazes as D; R ends only after its weeks and a save vs magic (1E-PSI-05, 1E-PSI-06)", function()
  local v = psionic("v", 50, 50)
  -- D: dazed 1d4 turns (3)
  dice.force{ 3 }
  local r = p.defenceless(v, "D")
  eq(r.effect, { effect = "dazed", unit = "turn", duration = 3 })
  eq({ v:has("dazed"), v:level("dazed") }, { true, 3 })
  -- P: a mode lost for good, and dazed as D (1d4 = 2)
  local w = psionic("w", 50, 50)
  dice.force{ 2 }
  r = p.defenceless(w, "P")
  eq(r.effect.effect, "permanent_loss")
  eq(r.effect.also, { effect = "dazed", unit = "turn", duration = 2 })
  eq({ w:has("psionic_mode_lost"), w:has("dazed"), w:level("dazed") }, { true, true, 2 })
  -- R: controlled by the victor (2d4 = 5 weeks), freed after them only on a
  -- save vs magic
  local x = psionic("x", 50, 50)
  dice.force{ 2, 3 }
  r = p.defenceless(x, "R", { by = "mind flayer" })
  eq(r.effect, { effect = "controlled", unit = "week", duration = 5, save = "spell" })
  eq(x:conditions("controlled")[1].source, "mind flayer")
  eq(p.release(x, 4), false, "not before the weeks have passed (no roll)")
  dice.force{ 1 }
  eq(p.release(x, 5), false, "the save fails: still controlled")
  eq(x:has("controlled"), true)
  dice.force{ 20 }
  eq(p.release(x, 6), true)
  eq(x:has("controlled"), false)
  -- C: confused 2d4 rounds, no psionics
  local y = psionic("y", 50, 50)
  dice.force{ 1, 4 }
  p.defenceless(y, "C")
  eq({ y:level("confused"), y:has_tag("no_psionics") }, { 5, true })
end)

test("Psionic Blast on a non-psionic creature: the effect is a condition on it (1E-PSI-07, 1E-PSI-08)", function()
  local orc = creature.new{ id = "orc", hp = 6, abilities = { int = 8, wis = 8 } }
  -- Int + Wis 16 at short range saves on 14: d20 3 fails; d% 50 in the
  -- 14-17 row: Stun, 2d4 = 2 + 3 turns
  dice.force{ 3, 50, 2, 3 }
  local r = p.blast_on(orc, 110, "short")
  eq({ r.need, r.saved, r.effect, r.duration, r.unit }, { 14, false, "Stun", 5, "turn" })
  eq({ orc:has("stunned"), orc:level("stunned") }, { true, 5 })
  local elf = creature.new{ id = "elf", hp = 6, abilities = { int = 8, wis = 8 } }
  dice.force{ 14 }
  eq(p.blast_on(elf, 110, "short").saved, true)
  eq(elf:has("stunned"), false)
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
