-- ruleset: 3e
-- Magic in combat (3E-MAGIC): casting times and actions, what provokes,
-- components, Concentration (defensively, damaged, lost spells), touch
-- spells and the held charge, items and special abilities, spell
-- resistance. Spells cast in fights are in special_magic_fight_spec.lua.
-- covers: 3E-MAGIC-01 3E-MAGIC-02 3E-MAGIC-03 3E-MAGIC-05 3E-MAGIC-06 3E-MAGIC-07 3E-MAGIC-08 3E-MAGIC-09
-- covers: 3E-MAGIC-15 3E-MAGIC-16 3E-MAGIC-17 3E-MAGIC-18 3E-MAGIC-19 3E-MAGIC-20 3E-MAGIC-21 3E-MAGIC-22 3E-MAGIC-23
local magic = require("core.3e.magic")

local missile = { name = "magic missile", level = 1, time = "action", components = { V = true, S = true } }
local sleep = { name = "sleep", level = 1, time = "round", components = { V = true, S = true, M = true } }
local long = { name = "summon", level = 1, time = "minute", components = { V = true, S = true, F = true } }
local grasp = { name = "shocking grasp", level = 1, time = "action", touch = true, components = { V = true, S = true } }
local word = { name = "word", level = 2, time = "action", components = { V = true } }

test("3E-MAGIC-01..03: 1 action a standard action at once; 1 round a full round, effect before the next turn; 1 minute 10 rounds", function()
  eq(magic.casting(missile), { action = "standard", rounds = 0 })
  eq(magic.casting(sleep), { action = "full", rounds = 1, five_foot_step = true })
  eq(magic.casting(long), { action = "full", rounds = 10, five_foot_step = true })
  eq(magic.casting(missile, { partial = true }), { action = "partial", rounds = 0 })
  eq(magic.casting(sleep, { partial = true }), { action = "start_full_round", rounds = 1 })
  eq(magic.casting(long, { partial = true }).rounds, 20, "3E-ACTION-12: twice as long with partial actions")
  fails(function() magic.casting{ name = "x", time = "week" } end, 'unknown casting time "week"')
end)

test("3E-MAGIC-05..07: verbal, somatic, material components", function()
  eq({ magic.can_cast(missile, { silenced = true }) }, { false, "a verbal component cannot be spoken (gagged or silenced)" })
  eq({ magic.can_cast(missile, { gagged = true }) }, { false, "a verbal component cannot be spoken (gagged or silenced)" })
  eq({ magic.can_cast(missile, { deafened = true }) }, { true, nil, 20 }, "deafened: 20% failure of V spells")
  eq({ magic.can_cast({ name = "s", components = { S = true } }, { deafened = true }) }, { true, nil, 0 })
  eq({ magic.can_cast(missile, { hands_free = 0 }) }, { false, "a somatic component needs a free hand" })
  eq({ magic.can_cast(missile, { bound = true }) }, { false, "a somatic component needs a free hand" })
  eq({ magic.can_cast(missile, { hands_free = 1 }) }, { true, nil, 0 })
  eq({ magic.can_cast(sleep, { has_material = false }) }, { false, "the material component or focus is not in hand" })
  eq({ magic.can_cast(long, { has_material = true }) }, { true, nil, 0 })
end)

test("3E-GRAP-12 (spells): in a grapple, at most 1 action, no somatic component, material in hand, DC 20 + level", function()
  eq({ magic.can_cast(missile, { grappling = true }) }, { false, "a somatic component cannot be made in a grapple" })
  eq({ magic.can_cast(word, { pinned = true }) }, { true, nil, 0 }, "even pinned")
  eq({ magic.can_cast({ name = "x", time = "round", components = { V = true } }, { grappling = true }) },
     { false, "in a grapple only spells of at most 1 action can be cast" })
  eq({ magic.can_cast({ name = "circle", precise = true, components = { V = true } }, { grappling = true }) },
     { false, "a spell that needs precise, careful work cannot be cast in a grapple" })
  eq({ magic.can_cast({ name = "x", components = { V = true, M = true } }, { grappling = true }) },
     { false, "the material component is not in hand" })
  eq(magic.dc_grapple(word), 22)
end)

test("3E-MAGIC-08: XP may not cost a level; the XP is spent either way", function()
  eq({ magic.can_cast({ name = "wish", components = { XP = 100 } }, { xp = 1050, xp_floor = 1000 }) },
     { false, "paying the XP would lose a level" })
  eq({ magic.can_cast({ name = "wish", components = { XP = 100 } }, { xp = 1100, xp_floor = 1000 }) }, { true, nil, 0 })
  eq({ magic.can_cast({ name = "wish", components = { XP = 100 } }, { xp = 2950, xp_floor = 1000 }) }, { true, nil, 0 },
     "XP earned toward the next level may be spent instead of taking it")
end)

test("3E-MAGIC-09..11: Concentration DCs; a failure loses a prepared spell or a spontaneous slot", function()
  local w = { concentration = 6, prepared = { ["magic missile"] = 2 } }
  eq({ magic.dc_defensive(missile), magic.dc_defensive({ level = 3 }), magic.dc_damaged(7) }, { 16, 18, 17 })
  dice.force{ 10 }
  local r = magic.cast_defensively(w, missile)
  eq({ r.total, r.dc, r.kept }, { 16, 16, true }, "16 = DC 15 + 1 keeps it")
  dice.force{ 9 }
  r = magic.cast_defensively(w, missile)
  eq({ r.total, r.lost }, { 15, true })
  eq(magic.lose(w, missile), "prepared")
  eq(w.prepared["magic missile"], 1)
  local s = { concentration = 6, spontaneous = true, slots = { [1] = 4 } }
  eq(magic.lose(s, missile), "slot")
  eq(s.slots[1], 3)
  fails(function() magic.lose({ prepared = {} }, missile) end, "is not prepared")
  eq(magic.disrupted(w, 0), nil, "no damage, no check")
  dice.force{ 11 }
  r = magic.disrupted(w, 7)
  eq({ r.dc, r.total, r.kept }, { 17, 17, true })
  ok(magic.provokes(missile), "casting provokes")
  eq(magic.provokes(missile, { defensively = true }), false, "casting defensively does not")
  eq(magic.provokes({ name = "feather fall", time = "free" }), false)
  eq({ magic.provokes(grasp, { on_self = true }), magic.provokes(grasp) }, { false, true },
     "casting a touch spell on yourself does not provoke (Table 8-4)")
end)

test("3E-MAGIC-15/16: a held charge lasts until it is touched off or another spell is cast; touching allies", function()
  local st = {}
  magic.hold(st, grasp, 1)
  eq(magic.touch_needs_roll("self"), false)
  eq(magic.touch_needs_roll("ally"), false)
  eq(magic.touch_needs_roll("enemy"), true)
  eq(magic.discharge(st).name, "shocking grasp")
  eq(st.charge, nil)
  magic.hold(st, grasp, 1)
  eq(magic.cast_other(st), true, "casting another spell dissipates the charge")
  eq(st.charge, nil)
  fails(function() magic.discharge(st) end, "no charge held")
  eq(magic.touch_allies(1), { action = "standard", provokes = false })
  eq(magic.touch_allies(6), { action = "full", provokes = true })
  eq({ magic.touch_allies(7) }, { nil, "at most 6 allies in one action" })
end)

test("3E-MAGIC-17..23: items and abilities: what provokes, what needs concentration, what can be disrupted", function()
  local function row(k) local u = magic.use(k) return { u.provokes, u.concentration, u.disrupt } end
  eq(row("spell_completion"), { true, true, true }, "a scroll is like casting")
  eq(magic.use("spell_completion").defensive, true, "and can be used defensively")
  eq(row("spell_trigger"), { false, false, false })
  eq(row("command_word"), { false, false, false })
  eq(row("use_activated"), { false, false, false })
  eq(magic.use("continuous").action, "none", "most items need no activation")
  eq(magic.use("spell_trigger").action, "standard")
  eq(row("spell_like"), { true, true, true })
  eq(magic.use("spell_like").used_on_failure, true)
  eq(row("supernatural"), { false, false, false })
  eq(magic.use("supernatural").action, "standard")
  eq(row("extraordinary"), { false, false, false })
  eq(magic.use("extraordinary").action, "none")
  fails(function() magic.use("psionic") end, 'unknown kind of magic "psionic"')
end)

test("3E-MAGIC-21: a spell-like ability used defensively: DC 15; a failed use counts and costs a pool at least 1", function()
  local p = { concentration = 2 }
  local pool = { left = 10 }
  dice.force{ 12 }
  local r = magic.spell_like_defensively(p, pool, 0)
  eq({ r.dc, r.total, r.lost, pool.left }, { 15, 14, true, 9 })
  dice.force{ 13 }
  r = magic.spell_like_defensively(p, pool, 4)
  eq({ r.kept, pool.left }, { true, 5 })
end)

test("spell resistance [K]: 1d20 + caster level against SR; none, affected", function()
  eq(magic.penetrates({ caster_level = 5 }, { sr = 0 }), { affected = true })
  dice.force{ 10 }
  eq(magic.penetrates({ caster_level = 5 }, { sr = 15 }).affected, true, "15 >= 15")
  dice.force{ 9 }
  eq(magic.penetrates({ caster_level = 5 }, { sr = 15 }).affected, false)
  dice.force{ 20 }
  eq(magic.penetrates({ caster_level = 1 }, { sr = 25 }).affected, false, "a natural 20 is no automatic success")
end)
