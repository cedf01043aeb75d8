-- ruleset: 3e
-- DMG 3.0 chapter 3, the condition summary (inventory §9; test vectors
-- TV-49 to TV-53). Where the summary restates a PHB condition the spec
-- drives the PHB's code (conditions.lua, hp.lua, subdual.lua, defense.lua,
-- the kernel's fight); what the summary adds is condsum.lua's, the wind's
-- weather.lua's.
-- covers: DMG-COND-01 DMG-COND-02 DMG-COND-04 DMG-COND-05 DMG-COND-06 DMG-COND-07 DMG-COND-08
-- covers: DMG-COND-09 DMG-COND-10 DMG-COND-11 DMG-COND-12 DMG-COND-13 DMG-COND-14 DMG-COND-16
-- covers: DMG-COND-17 DMG-COND-18 DMG-COND-19 DMG-COND-20 DMG-COND-21 DMG-COND-22 DMG-COND-23
-- covers: DMG-COND-24 DMG-COND-26 DMG-COND-27 DMG-COND-28 DMG-COND-29 DMG-COND-30 DMG-COND-31
-- covers: DMG-COND-32 DMG-COND-33 DMG-COND-34 DMG-COND-35 DMG-COND-36 DMG-COND-37 DMG-COND-38
-- covers: DMG-COND-39 DMG-COND-40
local S = require("core.3e.statblock")
local C = require("core.3e.condsum")
local H = require("core.3e.hp")
local SD = require("core.3e.subdual")
local D = require("core.3e.defense")
local W = require("core.3e.weather")
local I = require("core.3e.initiative")
local saves = require("core.3e.saves")
local turn = require("core.3e.turn")
local arena = require("core.3e.arena")

local ROWS = { "........", "........", "........", "........" }

local function soldier(id, extra)
  local t = { id = id, hp = 20, bab = 2, abilities = { str = 14, dex = 12, con = 12, wis = 10, int = 10, cha = 10 },
    ac = { armor = 4 }, saves = { fort = 3, ref = 0, will = 1 },
    weapons = { { name = "Sword", damage = "1d8" }, { name = "Crossbow", damage = "1d8", range = 80, group = "crossbow" },
      { name = "Bow", damage = "1d6", range = 60 } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function two(b, opts)
  local all = arena(ROWS, { { id = "a", side = "a", at = { 1, 1 }, stat = soldier("a") },
    { id = "d", side = "b", at = { 2, 1 }, stat = b or soldier("d") } }, opts or { acted = true })
  return all.a, all.d
end

-- the attacker's bonus and the defender's AC against a melee attack and,
-- from 6 squares away, a ranged one
local function vs(a, d)
  local melee = fight.assess(a, d, "Sword")
  fight.place(d, 7, 1)
  local ranged = fight.assess(a, d, "Crossbow")
  fight.place(d, 2, 1)
  return { melee.bonus, ranged.bonus, melee.ac, ranged.ac }
end

local function man(extra) return creature.new(soldier("m", extra)) end

-- whether C.can allows it (its first result only)
local function can(c, what, o) return (C.can(c, what, o)) end

test("DMG-COND-01: combined conditions all apply; of those that cannot combine the most severe governs", function()
  local c = man()
  c:add_condition("confused")
  eq(C.behaviour(c), "random")
  c:add_condition("dazed")
  eq({ C.behaviour(c) }, { "none", "dazed" }, "dazed beats confused: it does nothing")
  local t = turn.start(c)
  eq({ t.n_standard, t.n_move, t.n_partial }, { 0, 0, 0 })
  c:remove_condition("dazed")
  c:add_condition("frightened")
  eq(C.behaviour(c), "flee", "fleeing beats confusion's random action")
  c:add_condition("shaken")
  c:add_condition("dazzled")
  dice.force{ 10 }
  local _, r = saves.roll(c, "will", 15)
  eq(r.total, 10 + 1 - 2, "both fear conditions: the worst morale penalty only")
  eq(C.normal(man()), true, "DMG-COND-29: normal: no condition")
  eq(C.normal(c), false)
end)

test("DMG-COND-02: ability damage heals a point a day; an effective loss ends with its condition", function()
  local c = man()
  eq(H.ability_damage(c, "str", 3), 11)
  eq(H.ability_heal(false), 1)
  c:add_condition("fatigued")
  eq(C.effective(c, "str"), 9)
  c:remove_condition("fatigued")
  eq(C.effective(c, "str"), 11, "the fatigue's -2 is gone; the damage is not")
  eq(pcall(C.effective, c, "luck"), false)
end)

test("DMG-COND-04: blinded: 50% miss chance, no Dex bonus, +2 to foes, half speed, -4 on Str/Dex skills and Search", function()
  local a, d = two()
  local base = vs(a, d)
  d:add_condition("blinded")
  local b = vs(a, d)
  eq({ b[3], b[4] }, { base[3] - 1, base[4] - 1 }, "its Dex bonus (+1) lost")
  d:remove_condition("blinded")
  a:add_condition("blinded")
  eq(fight.assess(a, d, "Sword").miss_chance, 50)
  eq(C.speed(a, 30), 15)
  eq(C.check_mods(a, { ability = "dex" })[1].value, -4)
  eq(C.check_mods(a, { id = "search", ability = "int" })[1].value, -4)
  eq(#C.check_mods(a, { ability = "cha" }), 0)
  eq({ can(a, "spot"), can(a, "read") }, { false, false })
end)

test("DMG-COND-05, -06, -27: blown away, checked, knocked down (Table 3-17's effects)", function()
  local c = man()
  dice.force{ 2, 1, 3 } -- rolled 1d4 = 2: 20 ft, 2d4 = 4 subdual
  local r = W.apply_wind(c, "blown_away")
  eq({ r.feet, r.subdual, c:get("nonlethal"), c:has("prone"), c:has("blown_away") }, { 20, 4, 4, true, true })
  local f = man()
  dice.force{ 6, 6, 1, 2 }
  r = W.apply_wind(f, "blown_away", { flying = true })
  eq({ r.feet, r.subdual }, { 120, 3 }, "flying: 2d6 x 10 ft and 2d6 subdual")
  local g = man()
  W.apply_wind(g, "checked")
  eq({ g:has("checked"), C.speed(g, 30) }, { true, 0 }, "on the ground it cannot move forward")
  dice.force{ 3 }
  eq(W.apply_wind(man(), "checked", { flying = true }).feet, 15, "a checked flier is pushed back 1d6 x 5 ft")
  local k = man()
  W.apply_wind(k, "knocked_down")
  eq(k:has("prone"), true)
  dice.force{ 2 }
  eq(W.apply_wind(man(), "knocked_down", { flying = true }).feet, 20)
end)

test("TV-49, DMG-COND-07: confusion: d10 1 wanders a minute, 2-6 nothing, 7-9 attacks the nearest, 10 normal; attacked, it hits back", function()
  local c = man()
  c:add_condition("confused")
  dice.force{ 4 }
  eq(C.confusion(c), { action = "nothing", roll = 4 })
  dice.force{ 8 }
  eq(C.confusion(c).action, "attack_nearest")
  dice.force{ 10 }
  eq(C.confusion(c).action, "normal")
  dice.force{ 7 }
  eq(C.confusion(c).action, "attack_nearest", "7 attacks")
  dice.force{ 6 }
  eq(C.confusion(c).action, "nothing", "6 does nothing")
  dice.force{ 1 }
  eq(C.confusion(c), { action = "wander", roll = 1 })
  for _ = 1, 9 do eq(C.confusion(c).action, "wander", "no new roll for the minute") end
  dice.force{ 9 }
  eq(C.confusion(c).action, "attack_nearest", "a minute later it rolls again")
  eq(C.confusion(c, { attacked_by = "x" }), { action = "attack", target = "x" }, "whatever the roll: no roll")
  eq(C.confusion(man()).action, "normal", "not confused")
end)

test("DMG-COND-08, -38: cowering and stunned: no Dex bonus, +2 to foes, no actions", function()
  local a, d = two()
  local base = vs(a, d)
  for _, name in ipairs({ "cowering", "stunned" }) do
    d:add_condition(name)
    eq(vs(a, d), { base[1] + 2, base[2] + 2, base[3] - 1, base[4] - 1 }, name)
    eq(C.behaviour(d), "none")
    local t = turn.start(d)
    eq(t.n_standard + t.n_move + t.n_partial, 0)
    d:remove_condition(name)
  end
end)

test("DMG-COND-09, -10: dazed: no actions but defends normally; dazzled: -1 on attack rolls", function()
  local a, d = two()
  local base = vs(a, d)
  d:add_condition("dazed")
  eq(vs(a, d), base, "its defence is unchanged")
  eq(C.behaviour(d), "none")
  d:remove_condition("dazed")
  a:add_condition("dazzled")
  local z = vs(a, d)
  eq({ z[1], z[2] }, { base[1] - 1, base[2] - 1 })
  eq(fight.assess(a, d, "Sword").miss_chance, 0, "A-36: no concealment")
end)

test("DMG-COND-11: dead at -10; a dead creature regains no hit points", function()
  local a, d = two()
  fight.damage(d, 30, "slashing", a)
  eq({ d:get("hp"), fight.is(d, "dead") }, { -10, true })
  eq(H.heal(d, 15), 0)
  eq(d:get("hp"), -10)
end)

test("DMG-COND-12: deafened: -4 initiative, 20% to fail a verbal spell, no Listen", function()
  local c = man()
  eq(I.modifier(c), 1)
  c:add_condition("deafened")
  eq(I.modifier(c), -3)
  dice.force{ 20 }
  eq(C.verbal_fails(c), true)
  dice.force{ 21 }
  eq(C.verbal_fails(c), false)
  eq(C.verbal_fails(man()), false, "not deafened: no roll")
  eq(can(c, "listen"), false)
end)

test("DMG-COND-13: disabled: a partial action; a strenuous one costs 1 hp; alone, 10% a day to start recovering", function()
  local a, d = two()
  fight.damage(d, 20, "slashing", a)
  eq({ d:get("hp"), d:has("disabled"), turn.limited(d) }, { 0, true, true })
  local t = turn.start(d)
  eq({ t.n_standard, t.n_move, t.n_partial }, { 0, 0, 1 })
  local c = man({ hp = -2, max_hp = 20 })
  dice.force{ 11 }
  eq(H.recover_day(c), "losing")
  eq(c:get("hp"), -3)
  dice.force{ 10 }
  eq(H.recover_day(c), "recovering")
end)

test("TV-50, DMG-COND-14, -36: dying at -3: d% 07 stable, d% 55 -4; stable alone: hourly d% 10 wakes, 11 loses 1", function()
  local a, d = two()
  fight.damage(d, 23, "slashing", a)
  eq(d:get("hp"), -3)
  dice.force{ 55 }
  fight.next() fight.next()
  eq(d:get("hp"), -4)
  dice.force{ 7 }
  fight.next() fight.next()
  eq({ d:get("hp"), fight.is(d, "stable") }, { -4, true })
  local c = man({ hp = -4, max_hp = 20 })
  dice.force{ 10 }
  eq(H.recover_hour(c, false), "awake", "conscious and disabled")
  dice.force{ 11 }
  eq(H.recover_hour(c, false), "unconscious")
  eq(c:get("hp"), -5)
  dice.force{ 11 }
  eq(H.recover_hour(c, true), "unconscious", "stabilised by help: no loss")
  eq(c:get("hp"), -5)
end)

test("DMG-COND-16: entangled: -2 attack, -4 Dex, half speed (anchored: none), no running, Concentration 15 to cast", function()
  local a, d = two()
  local base = vs(a, d)
  a:add_condition("entangled")
  local e = vs(a, d)
  eq({ e[1], e[2] }, { base[1] - 2, base[2] - 2 })
  eq(C.effective(a, "dex"), 8)
  eq(C.speed(a, 30), 15)
  eq({ can(a, "run"), can(a, "charge") }, { false, false })
  d:add_condition("entangled")
  eq(vs(a, d)[3], base[3] - 2, "-4 Dex: -2 AC")
  local c = man()
  c:add_condition("entangled", { source = "anchored" })
  eq(C.speed(c, 30), 0)
  dice.force{ 13 } -- Concentration: Con +1 + 0 ranks: 14 < 15
  eq(C.entangled_cast(c), false)
  dice.force{ 14 }
  eq(C.entangled_cast(c), true)
  eq(C.entangled_cast(man()), true, "not entangled: no check")
end)

test("DMG-COND-17, -18: fatigued -2 Str and Dex, no run; fatiguing again, exhausted (-6, half speed); rest 1 h, then 8 h", function()
  local c = man()
  eq(C.fatigue(c), "fatigued")
  eq({ C.effective(c, "str"), C.effective(c, "dex"), can(c, "run"), C.speed(c, 30) }, { 12, 10, false, 30 })
  eq(C.fatigue(c), "exhausted")
  eq({ c:has("fatigued"), C.effective(c, "str"), C.effective(c, "dex"), C.speed(c, 30) }, { false, 8, 6, 15 })
  eq(C.rest(c, 0.5), "exhausted")
  eq(C.rest(c, 1), "fatigued", "an hour of complete rest")
  eq(C.rest(c, 7), "fatigued")
  eq(C.rest(c, 8), nil, "8 hours")
  local x = man()
  C.fatigue(x)
  C.fatigue(x)
  eq(C.rest(x, 9), nil, "1 + 8 hours in one rest")
  -- in a fight: the effective -2 Str and Dex is -1 to hit and AC, -1 melee damage
  local a, d = two()
  local base = vs(a, d)
  a:add_condition("fatigued")
  local f = vs(a, d)
  eq({ f[1], f[2] }, { base[1] - 1, base[2] - 1 })
  dice.force{ 19, 5 }
  eq(fight.strike(a, d, "Sword").damage, 5 + 2 - 1)
  a:remove_condition("fatigued")
  a:add_condition("exhausted")
  dice.force{ 19, 5 }
  eq(fight.strike(a, d, "Sword").damage, 5 + 2 - 3)
end)

test("DMG-COND-19: flat-footed until it first acts: no Dex bonus", function()
  local all = arena(ROWS, { { id = "a", side = "a", at = { 1, 1 }, stat = soldier("a") },
    { id = "d", side = "b", at = { 2, 1 }, stat = soldier("d") } }, {})
  ok(all.d:has("flat_footed"))
  local ff = fight.assess(all.a, all.d, "Sword").ac
  fight.next()
  eq(all.d:has("flat_footed"), false)
  eq(fight.assess(all.a, all.d, "Sword").ac, ff + 1)
end)

test("DMG-COND-20, -30, -35, A-29: fear: -2 morale on attacks, weapon damage, saves and checks; panicked saves only", function()
  local a, d = two()
  local base = vs(a, d)
  a:add_condition("shaken")
  local s = vs(a, d)
  eq({ s[1], s[2] }, { base[1] - 2, base[2] - 2 })
  dice.force{ 19, 5 }
  eq(fight.strike(a, d, "Sword").damage, 5 + 2 - 2, "weapon damage -2")
  dice.force{ 19, 1 }
  eq(fight.strike(a, d, "Sword").damage, 1, "never below 1")
  dice.force{ 12 }
  local _, r = saves.roll(a, "fort", 10)
  eq(r.total, 12 + 4 - 2)
  eq(C.check_mods(a, { ability = "str" })[1].value, -2)
  a:remove_condition("shaken")
  a:add_condition("frightened")
  eq(C.behaviour(a), "flee")
  eq(vs(a, d)[1], base[1] - 2, "cornered, it fights at -2")
  eq(C.cornered(a), "fight")
  a:remove_condition("frightened")
  a:add_condition("panicked")
  eq(vs(a, d)[1], base[1], "panicked: saves only")
  dice.force{ 12 }
  _, r = saves.roll(a, "fort", 10)
  eq(r.total, 12 + 4 - 2)
  dice.force{ 50 }
  eq(C.panic_drop(a), true)
  dice.force{ 51 }
  eq(C.panic_drop(a), false)
  eq(C.cornered(a), "cower")
  ok(a:has("cowering"))
end)

test("DMG-COND-21, -33: grappled: threatens nothing, no Dex bonus but against its grappler, no spells or ranged; pinned is not helpless", function()
  local a, d = two()
  local base = vs(a, d)
  d:add_condition("grappling")
  eq(fight.assess(a, d, "Sword").ac, base[3] - 1)
  eq(fight.opportunity(d, a), false, "no attack of opportunity: it threatens no area")
  eq({ can(d, "cast"), can(d, "ranged", { crossbow = true }), can(d, "move") }, { false, false, false })
  d:remove_condition("grappling")
  d:add_condition("pinned")
  eq(fight.assess(a, d, "Sword").ac, base[3] - 1)
  eq(D.helpless(d), false)
end)

test("DMG-COND-22, -24, -31, -32: held, incapacitated, paralysed and petrified creatures are helpless", function()
  local a, d = two()
  local base = vs(a, d)
  for _, name in ipairs({ "held", "incapacitated", "paralyzed", "petrified" }) do
    d:add_condition(name)
    eq(D.helpless(d), true, name)
    local h = vs(a, d)
    eq({ h[1], h[2], h[3] }, { base[1] + 4, base[2], base[3] - 1 - 5 }, name .. ": +4 melee, Dex 0 (-5)")
    eq(C.behaviour(d), "none")
    eq(C.speed(d, 30), 0)
    d:remove_condition(name)
  end
  local p = man()
  p:add_condition("paralyzed")
  eq({ C.effective(p, "str"), C.effective(p, "dex"), C.effective(p, "con") }, { 0, 0, 12 })
  local s = man()
  s:add_condition("petrified")
  eq({ C.effective(s, "str"), C.effective(s, "dex") }, { 0, 0 })
end)

test("TV-51, TV-52, DMG-COND-23: helpless: +4 melee, +0 ranged, Dex 0; the coup de grace", function()
  local all = arena(ROWS, { { id = "k", side = "a", at = { 1, 1 }, stat = soldier("k", { abilities = { str = 16, dex = 12, con = 12 } }) },
    { id = "v", side = "b", at = { 2, 1 }, stat = soldier("v", { hp = 20 }) },
    { id = "g", side = "b", at = { 6, 3 }, stat = soldier("g", { crit_immune = true, hp = 20 }) } }, { acted = true })
  all.v:add_condition("asleep")
  dice.force{ 5, 5, 9 } -- 2 x (1d8 + 3) = 16; Fort 9 + 4 = 13 < 26
  local r = D.coup_de_grace(all.k, all.v, "Sword")
  eq({ r.damage, r.crit, r.saved, r.dead }, { 16, true, false, true })
  -- the Fort DC is 10 + the damage dealt: 26 made, 25 not
  for _, case in ipairs({ { 12, false }, { 11, true } }) do
    local w = arena(ROWS, { { id = "k", side = "a", at = { 1, 1 }, stat = soldier("k", { abilities = { str = 16, dex = 12, con = 12 } }) },
      { id = "v", side = "b", at = { 2, 1 }, stat = soldier("v", { hp = 20, saves = { fort = 13 } }) } }, { acted = true })
    w.v:add_condition("asleep")
    dice.force{ 5, 5, case[1] } -- 16 damage; Fort case + 14
    local cg = D.coup_de_grace(w.k, w.v, "Sword")
    eq({ cg.damage, cg.dead == true, w.v:get("hp") }, { 16, case[2], case[2] and w.v:get("hp") or 4 }, "Fort " .. (case[1] + 14) .. " against DC 26")
  end
  all = arena(ROWS, { { id = "k", side = "a", at = { 1, 1 }, stat = soldier("k", { abilities = { str = 16, dex = 12, con = 12 } }) },
    { id = "g", side = "b", at = { 6, 3 }, stat = soldier("g", { crit_immune = true, hp = 20 }) } }, { acted = true })
  all.g:add_condition("asleep")
  fight.place(all.g, 2, 2)
  dice.force{ 5 }
  r = D.coup_de_grace(all.k, all.g, "Sword")
  eq({ r.damage, r.crit, r.immune, all.g:get("hp") }, { 8, false, true, 12 }, "immune to crits: 8, no Fort save")
end)

test("DMG-COND-26: invisible: +2 to its attacks, its foes lose their Dex bonus", function()
  local a, d = two()
  local base = vs(a, d)
  a:add_condition("invisible")
  local v = vs(a, d)
  eq(v, { base[1] + 2, base[2] + 2, base[3] - 1, base[4] - 1 })
  eq(fight.assess(d, a, "Sword").miss_chance, 50, "its foes cannot see it: total concealment")
  -- A-37: a foe that perceives the invisible keeps its Dex bonus and sees it
  for _, sense in ipairs({ "blindsight", "see_invisibility", "true_seeing" }) do
    local a2, d2 = two(soldier("d", { senses = { [sense] = 60 } }))
    a2:add_condition("invisible")
    eq(fight.assess(a2, d2, "Sword").ac, base[3], sense .. ": no Dex bonus lost")
    eq(fight.assess(d2, a2, "Sword").miss_chance, 0, sense .. ": no miss chance")
  end
end)

test("DMG-COND-28: nauseated: one move-equivalent action a turn; no attacks, spells or concentration", function()
  local c = man()
  c:add_condition("nauseated")
  local t = turn.start(c)
  eq({ t.n_standard, t.n_move, t.n_partial }, { 0, 1, 0 })
  eq(t:attack(), false)
  eq({ can(c, "attack"), can(c, "cast"), can(c, "concentrate") }, { false, false, false })
  eq(C.behaviour(c), "move_only")
end)

test("DMG-COND-34: prone: -4 on its melee attacks, no ranged but a crossbow; +4 melee, -4 ranged against it; standing is move-equivalent", function()
  local a, d = two()
  local base = vs(a, d)
  d:add_condition("prone")
  local p = vs(a, d)
  eq({ p[1], p[2] }, { base[1] + 4, base[2] - 4 })
  d:remove_condition("prone")
  a:add_condition("prone")
  eq(vs(a, d)[1], base[1] - 4)
  fight.place(d, 7, 1)
  eq(fight.assess(a, d, "Bow").allowed, false, "A-38: it cannot shoot a bow")
  eq(fight.assess(a, d, "Crossbow").allowed, true)
  eq(can(a, "ranged"), false)
  eq(can(a, "ranged", { crossbow = true }), true)
  local t = turn.start(a)
  eq(t:move_equivalent("stand_up"), true)
  eq({ a:has("prone"), t.n_move }, { false, 0 })
end)

test("TV-53, DMG-COND-37, -40: hp 12: subdual 12 staggered (a partial action), 13 unconscious", function()
  local a, d = two(soldier("d", { hp = 12 }))
  SD.deal(d, 12, a)
  eq({ SD.status(d), d:has("staggered"), turn.limited(d) }, { "staggered", true, true })
  SD.deal(d, 1, a)
  eq({ SD.status(d), d:has("unconscious"), fight.is(d, "out") }, { "unconscious", true, true })
  local a2, x = two(soldier("d", { hp = 12 }))
  fight.damage(x, 13, "slashing", a2)
  eq({ x:get("hp"), x:has("dying"), x:has("unconscious") or x:has("dying") }, { -1, true, true }, "at -1: unconscious and dying")
end)

test("DMG-COND-39: turned: flees 10 rounds (1 minute); cornered, it cowers", function()
  local c = man()
  c:add_condition("turned")
  eq(C.turned_rounds, 10)
  eq(C.behaviour(c), "flee")
  eq(C.cornered(c), "cower")
  eq(C.behaviour(c), "none", "cowering: no actions")
end)

test("bad input: clear errors", function()
  eq(pcall(C.behaviour, "orc"), false)
  local okc, err = pcall(C.can, man(), "juggle")
  eq(okc, false)
  matches(tostring(err), "juggle")
end)
