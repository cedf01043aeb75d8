-- ruleset: 1e
-- Alcohol and drugs, and insanity (inventory sections 25, 26).
-- covers: 1E-INTOX-01 1E-INTOX-03 1E-INSANE-01 1E-INSANE-02 1E-INSANE-03 1E-INSANE-06 1E-INSANE-07
-- covers: 1E-INSANE-08 1E-INSANE-11 1E-INSANE-12 1E-INSANE-13 1E-INSANE-15 1E-INSANE-16 1E-INSANE-17
-- covers: 1E-INSANE-18 1E-INSANE-19 1E-INSANE-20 1E-INSANE-21
local a = require("core.1e.afflictions")

test("intoxication by degree; beyond great, 7-10 hours of sleep", function()
  eq(a.intox("slight"), { courage = 1, morale = 5, int = -1, wis = -1, dex = 0, cha = 0, attack = 0, hp = 0 })
  local g = a.intox("great")
  eq({ g.dex, g.attack, g.hp, g.morale }, { -5, -5, 3, 15 })
  dice.force{ 2 }
  eq(a.intox("beyond"), { unconscious_hours = 8 })
  eq(a.morale_mod("moderate", true), -10, "a bonus: off the roll (AMB-17)")
  eq(a.morale_mod("moderate", false), 0, "NPCs only")
end)

-- covers: 1E-INTOX-02
test("intoxication is put on the creature: abilities, armour class by Dexterity, extra hit points; sober undoes it (1E-INTOX-02)", function()
  local classes = require("core.1e.classes")
  local c = creature.new(classes.character{ id = "c", class = "fighter", hp = 10, dex = 16, int = 12, wis = 11, cha = 9 })
  local ac = c:get("ac")
  a.intoxicate(c, "great")
  eq({ c:ability("int"), c:ability("wis"), c:ability("dex"), c:ability("cha") }, { 6, 4, 11, 5 })
  eq(c:get("ac"), ac + 2, "Dexterity 16 (-2 AC) down to 11 (none)")
  eq(c:get("temp_hp"), 3, "the body absorbs 3 more")
  eq({ c:has("intoxicated"), a.degree(c), a.attack_penalty(c) }, { true, "great", -5 })
  a.intoxicate(c, "slight")
  eq({ c:ability("int"), c:ability("dex"), a.degree(c), c:get("ac") }, { 11, 16, "slight", ac }, "a new degree replaces the old")
  a.sober(c)
  eq({ c:ability("int"), c:ability("wis"), c:ability("dex"), c:ability("cha"), c:get("ac"), c:has("intoxicated") },
     { 12, 11, 16, 9, ac, false })
end)

test("in a fight: an intoxicated fighter's blows have its penalty; an intoxicated orc's morale its bonus (1E-INTOX-02)", function()
  local classes = require("core.1e.classes")
  local enc = require("core.1e.encounter")
  local morale = require("core.1e.morale")
  -- a 1st-level fighter needs 14 against the orc's AC 6: d20 14 hits sober,
  -- misses with the great degree's -5
  local function blow(degree)
    enc.setup{ surprise = false, distance = 0, roll_hp = false }
    local h = rules.on("encounter.start", function()
      if degree then a.intoxicate(fight.get("f"), degree) end
    end)
    dice.force{ 6, 1, 14, 8, 1 }
    local r = fight.run(fight.encounter{ max_rounds = 1, sides = {
      { name = "party", members = { { stat = classes.character{ id = "f", class = "fighter", weapon = "Long sword", hp = 20 } } } },
      { name = "foes", members = { { monster = "orc", hp = 30 } } } } }, { trace = true })
    rules.off(h)
    return r.log[2]
  end
  matches(blow(nil), "f hits orc with Long sword: 14 vs 14")
  matches(blow("great"), "f attacks orc with Long sword: 9 vs 14, miss")
  -- morale: the orc left when the other falls checks in round 2; drunk, its
  -- check has the degree's bonus (-15 off the roll)
  local function check(degree)
    enc.setup{ surprise = false, distance = 0, roll_hp = false }
    local seen
    local real = morale.check
    morale.check = function(score, mods)
      local r = real(score, mods)
      seen = r.total
      return r
    end
    local h = rules.on("encounter.start", function()
      if degree then a.intoxicate(fight.get("orc2"), degree) end
    end)
    -- round 1: party 6 to 1, f kills orc1 (20, 8); orc2 misses (1). Round
    -- 2: 6 to 1, orc2's morale d% 10 (held either way); f misses (1), orc2 misses (1)
    dice.force{ 6, 1, 20, 8, 1, 6, 1, 10, 1, 1 }
    fight.run(fight.encounter{ max_rounds = 2, sides = {
      { name = "party", members = { { stat = classes.character{ id = "f", class = "fighter", weapon = "Long sword", hp = 40 } } } },
      { name = "foes", members = { { monster = "orc", hp = 1, count = 2 } } } } })
    morale.check = real
    rules.off(h)
    return seen
  end
  local sober, drunk = check(nil), check("great")
  ok(sober ~= nil)
  eq(drunk, sober - 15)
end)

test("recovery: one degree at a time; stimulants shorten it", function()
  eq(a.multiplier("slight", "mild"), 0.8)
  eq(a.multiplier("great", "strong"), 0.55)
  eq(a.multiplier("moderate", nil), 1)
  dice.force{ 2, 2 }
  eq(a.recovery_hours("moderate"), 3 + 2, "moderate 2-4 then slight 1-2")
  dice.force{ 1 }
  near(a.recovery_hours("slight", "strong"), 0.5, 1e-9)
  dice.force{ 5 }
  eq(a.strong_stimulant_cost(), true, "5% a use")
  dice.force{ 6 }
  eq(a.strong_stimulant_cost(), false)
end)

test("choosing an insanity: d20, minor types 1-4", function()
  dice.force{ 2 }
  eq(a.roll_insanity(), { roll = 2, type = "Kleptomania", minor = true, dm_plays = true })
  dice.force{ 17 }
  local r = a.roll_insanity()
  eq({ r.type, r.minor }, { "Homicidal mania", false })
end)

test("the minor insanities", function()
  dice.force{ 50, 51, 10 }
  eq(a.dipsomania_continues(true), true)
  eq(a.dipsomania_continues(true), false)
  eq(a.dipsomania_continues(false), true)
  dice.force{ 90 }
  eq(a.kleptomania_seen(true), true)
  eq(a.kleptomania_seen(false), false)
  eq(a.kleptomania_skill, -10)
end)

test("monomania, dementia praecox, melancholia", function()
  eq(a.monomania("normal", "goal_found"), "obsessed")
  eq(a.monomania("obsessed", "goal_reached"), "dementia praecox")
  dice.force{ 25, 26, 50 }
  eq(a.ignores("Dementia praecox"), true)
  eq(a.ignores("Dementia praecox"), false)
  eq(a.ignores("Melancholia"), true)
end)

test("schizophrenia and mania", function()
  dice.force{ 3, 1, 2 }
  eq(a.personalities(), 3)
  eq(a.schizophrenia_onset(), true)
  eq(a.schizophrenia_onset(), false)
  dice.force{ 5, 4, 3 }
  eq(a.mania(), { state = "frenzy", str = 18, str_pct = 100, rounds = 7 })
  dice.force{ 1, 6 }
  eq(a.mania_onset(), true)
  eq(a.mania_recovers(), false)
end)

test("lunacy and manic-depressive", function()
  eq(a.lunacy("full"), "mania")
  eq(a.lunacy("first_quarter"), "melancholia")
  eq(a.lunacy("waxing"), "normal")
  dice.force{ 3 }
  eq(a.manic_cycle_days(), 3)
  dice.force{ 90, 91 }
  eq(a.manic_depressive("elated"), "mania")
  eq(a.manic_depressive("frustrated"), "normal")
end)

test("hallucinations, sado-masochism, homicidal mania", function()
  dice.force{ 51, 12 }
  eq({ a.hallucinates(false) }, { true, 0 })
  eq({ a.hallucinates(true) }, { true, 12 })
  dice.force{ 2, 3 }
  eq({ a.sado_masochism() }, { "masochistic", 3 })
  dice.force{ 4, 5 }
  eq(a.homicidal_interval(), 4)
  eq({ a.homicidal(false) }, { "melancholia", 5 })
  eq(a.homicidal(true), "mania")
end)

test("hebephrenia, suicidal mania, catatonia", function()
  dice.force{ 75, 76, 4 }
  eq(a.hebephrenia_irritated(), "rage")
  eq({ a.hebephrenia_irritated() }, { "catatonia", 4 })
  dice.force{ 81, 3 }
  eq({ a.suicidal(95) }, { "melancholia", 3 }, "the chance is at most 80%")
  dice.force{ 5, 3, 4, 6, 6 }
  eq({ a.suicidal(5, true) }, { "mania", 7, 12 }, "at least 10%; thwarted: mania 2-8, melancholia 2-12")
  dice.force{ 3, 4 }
  eq({ a.catatonia_prodded(3) }, { true, 3 }, "1% a round, cumulative")
  eq({ a.catatonia_prodded(3) }, { false, 3 })
end)
