-- ruleset: 3e
-- Hit points and subdual damage (inventory §§9-10): disabled at 0, dying
-- from -1 to -9 and bleeding each round, dead at -10, massive damage,
-- stabilising, healing, recovery, natural healing (EX-15), the 3.0
-- temporary hit points (EX-13), a change of Constitution (EX-14), and the
-- subdual track (EX-16).
-- covers: 3E-HP-01 3E-HP-02 3E-HP-04 3E-HP-05 3E-HP-06 3E-HP-07 3E-HP-08 3E-HP-09 3E-HP-10 3E-HP-11
-- covers: 3E-HP-12 3E-HP-13 3E-HP-14 3E-HP-15 3E-HP-16 3E-HP-17 3E-HP-18 3E-SUBD-01 3E-SUBD-02 3E-SUBD-03
-- covers: 3E-SUBD-04 3E-SUBD-05 3E-SUBD-06 3E-SUBD-07 3E-SUBD-08 3E-DMG-11
local S = require("core.3e.statblock")
local H = require("core.3e.hp")
local SD = require("core.3e.subdual")
local arena = require("core.3e.arena")

local ROWS = { "........", "........", "........" }

local function man(id, extra)
  local t = { id = id, hp = 13, bab = 1, abilities = { str = 15, dex = 10, con = 12 }, saves = { fort = 2 },
    weapons = { { name = "Axe", damage = "1d10" }, { name = "Fist", damage = "1d3", subdual_weapon = true } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return S.build(t)
end

local function two(b)
  return arena(ROWS, { { id = "a", side = "a", at = { 1, 1 }, stat = man("a") },
    { id = "b", side = "b", at = { 2, 1 }, stat = b or man("b") } }, { acted = true })
end

test("the thresholds: normal, disabled at 0, dying -1 to -9, dead at -10", function()
  eq({ H.state(1), H.state(0), H.state(-1), H.state(-9), H.state(-10), H.state(-15) },
    { "normal", "disabled", "dying", "dying", "dead", "dead" })
  local all = two()
  fight.damage(all.b, 13, "slashing", all.a)
  eq(all.b:get("hp"), 0)
  ok(all.b:has("disabled"))
  eq(fight.is(all.b, "out"), false, "disabled is conscious: still in the fight")
  eq(rules.need("3e.turn").limited(all.b), true, "only a partial action")
  fight.damage(all.b, 5, "slashing", all.a)
  eq(all.b:get("hp"), -5)
  eq({ fight.is(all.b, "out"), fight.is(all.b, "dead"), all.b:has("dying"), all.b:has("disabled") }, { true, false, true, false })
  fight.damage(all.b, 7, "slashing", all.a)
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { -10, true }, "dead at -10 (its floor)")
end)

test("a dying creature rolls d% when each round ends: 01-10 stable, else it loses 1 hp", function()
  local all = two()
  fight.damage(all.b, 21, "slashing", all.a) -- -8
  dice.force{ 50 }
  fight.next() fight.next() -- the round ends
  eq(all.b:get("hp"), -9)
  dice.force{ 11 }
  fight.next() fight.next()
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { -10, true }, "bled to death")
  all = two()
  fight.damage(all.b, 20, "slashing", all.a) -- -7
  dice.force{ 10 }
  fight.next() fight.next()
  eq({ all.b:get("hp"), fight.is(all.b, "stable"), all.b:has("stable"), all.b:has("dying") }, { -7, true, true, false })
  fight.next() fight.next()
  eq(all.b:get("hp"), -7, "a stable creature no longer bleeds")
end)

test("massive damage: one hit of 50 or more, survived: Fort DC 15 or die", function()
  local all = two(man("b", { hp = 80 }))
  dice.force{ 5 } -- 5 + 3 = 8 fails DC 15
  fight.damage(all.b, 50, "slashing", all.a)
  eq({ all.b:get("hp"), fight.is(all.b, "dead") }, { 30, true })
  all = two(man("b", { hp = 200 }))
  dice.force{ 12 } -- 12 + 3 = 15
  fight.damage(all.b, 50, "slashing", all.a)
  eq(fight.is(all.b, "dead"), false)
  fight.damage(all.b, 29, "slashing", all.a)
  fight.damage(all.b, 25, "slashing", all.a)
  eq(fight.is(all.b, "dead"), false, "49 and 25 do not add up to massive damage")
end)

test("a disabled creature that attacks takes 1 damage after it: dying at -1", function()
  local r = fight.run(fight.encounter{
    map = { rows = { "....", ".12.", "...." } },
    sides = {
      { name = "a", members = { { stat = man("hurt", { hp = 0, max_hp = 13, init = 30 }) } } },
      { name = "b", members = { { stat = man("foe", { hp = 30, ac = { armor = 30 } }) } } },
    }, max_rounds = 1 }, { trace = true })
  local hurt
  for _, f in ipairs(r.fighters) do if f.id == "hurt" then hurt = f end end
  eq(hurt.hp, -1)
  eq(hurt.out, true)
end)

test("stabilising: Heal DC 15, or any healing; healed to 0 it wakes disabled, to 1 it is well", function()
  local all = two()
  fight.damage(all.b, 18, "slashing", all.a) -- -5
  dice.force{ 13 }
  eq(H.stabilize(2, all.b), true, "13 + 2 = 15")
  eq(fight.is(all.b, "stable"), true)
  all = two()
  fight.damage(all.b, 18, "slashing", all.a) -- -5: the worked fight's Mialee
  H.heal(all.b, 1)
  eq({ all.b:get("hp"), fight.is(all.b, "stable"), fight.is(all.b, "out") }, { -4, true, true }, "+1: stable, still unconscious")
  H.heal(all.b, 4)
  eq({ all.b:get("hp"), fight.is(all.b, "out") }, { 0, false }, "at 0: conscious again")
  ok(all.b:has("disabled"))
  H.heal(all.b, 20)
  eq({ all.b:get("hp"), all.b:has("disabled") }, { 13, false }, "never above the maximum (3E-HP-15)")
  dice.force{ 9 }
  eq(H.stabilize(2, all.b), false)
end)

test("recovery with and without help; natural healing and bed rest (EX-15)", function()
  local c = creature.new(man("c", { hp = -3, max_hp = 13 }))
  dice.force{ 10 }
  eq(H.recover_hour(c, false), "awake")
  dice.force{ 11 }
  eq(H.recover_hour(c, true), "unconscious")
  eq(c:get("hp"), -3, "tended: no loss")
  dice.force{ 11 }
  eq(H.recover_hour(c, false), "unconscious")
  eq(c:get("hp"), -4, "alone: 1 hp lost")
  dice.force{ 5 }
  eq(H.recover_day(c), "recovering")
  dice.force{ 40 }
  eq(H.recover_day(c), "losing")
  eq(c:get("hp"), -5)
  eq({ H.natural(5), H.natural(5, true) }, { 5, 7 })
  eq({ H.ability_heal(false), H.ability_heal(true) }, { 1, 2 })
  eq(H.con_dead(0), true)
end)

test("3.0 temporary hit points: a recorded value, not a pool (EX-13)", function()
  local c = creature.new{ id = "tordek", hp = 26, max_hp = 30 }
  eq(H.gain_temp(c, 6), 26)
  eq(c:get("hp"), 32)
  c:damage(3)
  eq(c:get("hp"), 29)
  H.end_temp(c)
  eq({ c:get("hp"), c:get("max_hp") }, { 26, 30 }, "above the recorded 26: back to 26")
  H.gain_temp(c, 6)
  c:damage(10)
  H.end_temp(c)
  eq(c:get("hp"), 22, "below it: nothing more is lost")
  H.gain_temp(c, 6)
  c:damage(4)
  H.heal(c, 10)
  eq(c:get("hp"), 30, "lost temporary hit points cannot be healed back")
end)

test("a higher Constitution: +2 modifier x 3 levels = 6, not temporary; when it ends (EX-14)", function()
  local c = creature.new{ id = "krusk", hp = 31, max_hp = 31, floor = -10 }
  eq(H.con_change(c, 14, 18, 3), 6)
  eq({ c:get("hp"), c:get("max_hp") }, { 37, 37 })
  c:damage(5)
  H.heal(c, 10)
  eq(c:get("hp"), 37, "healed like any hit points")
  c:set("hp", 5)
  H.con_change(c, 18, 14, 3)
  eq({ c:get("hp"), c:get("max_hp") }, { -1, 31 }, "dying")
end)

test("subdual damage: its own total; equal to hp staggers, more knocks out; normal damage counts too (EX-16)", function()
  local all = arena(ROWS, { { id = "tordek", side = "a", at = { 1, 1 }, stat = man("tordek") },
    { id = "half_orc", side = "b", at = { 2, 1 }, stat = man("half_orc", { hp = 4 }) },
    { id = "other", side = "b", at = { 1, 2 }, stat = man("other") } }, { acted = true })
  local t, h = all.tordek, all.half_orc
  SD.deal(t, 4)
  eq({ t:get("hp"), t:get("nonlethal"), SD.status(t) }, { 13, 4, "ok" })
  SD.deal(h, 4)
  eq(SD.status(h), "staggered")
  ok(h:has("staggered"))
  eq(rules.need("3e.turn").limited(h), true)
  SD.deal(h, 1)
  eq({ SD.status(h), h:has("unconscious"), fight.is(h, "out"), fight.is(h, "dead") }, { "unconscious", true, true, false })
  SD.deal(t, 5)
  eq(t:get("nonlethal"), 9)
  fight.damage(t, 5, "piercing", all.other)
  eq({ t:get("hp"), SD.status(t), fight.is(t, "out") }, { 8, "unconscious", true }, "normal damage: 8 hp < 9 subdual")
  H.heal(t, 4)
  eq({ t:get("hp"), t:get("nonlethal"), fight.is(t, "out") }, { 12, 5, false }, "cure light wounds heals both; he wakes")
end)

test("waking from subdual: d% 01-10 a minute, staggered until hp exceed subdual; recovery per hour per level", function()
  local c = creature.new(man("c", { hp = 4 }))
  c:set("nonlethal", 6)
  c:add_condition("unconscious")
  dice.force{ 11 }
  eq(SD.wake_minute(c), false)
  dice.force{ 3 }
  eq(SD.wake_minute(c), true)
  eq({ c:has("unconscious"), c:has("staggered") }, { false, true })
  local w = creature.new{ id = "wizard", hp = 20, abilities = { level = 7 } }
  w:set("nonlethal", 10)
  eq(SD.recover(w, 1), 7, "a 7th-level wizard heals 7 an hour")
end)

test("dealing the other kind of damage: -4 (a sword's subdual, a fist's normal)", function()
  eq(SD.attack_penalty("normal", "subdual"), -4)
  eq(SD.attack_penalty("subdual", "normal"), -4)
  eq(SD.attack_penalty("normal", "normal"), 0)
  local s = S.build{ id = "s", hp = 5, bab = 2, abilities = { str = 12 }, weapons = {
    { name = "Sword", damage = "1d8", deal = "subdual" }, { name = "Fist", damage = "1d3", subdual_weapon = true },
    { name = "Hard fist", damage = "1d3", subdual_weapon = true, deal = "normal" } } }
  eq({ s.attacks[1].bonus, s.attacks[1].nonlethal }, { -1, true })
  eq({ s.attacks[2].bonus, s.attacks[2].nonlethal }, { 3, true })
  eq({ s.attacks[3].bonus, s.attacks[3].nonlethal }, { -1, false })
  fails(function() S.build{ id = "x", hp = 1, weapons = { { name = "Y", damage = "1d4", deal = "pain" } } } end, "deal")
end)

test("ability damage lowers the score; Constitution 0 kills", function()
  local all = two()
  eq(H.ability_damage(all.b, "str", 4), 11)
  eq(all.b:get("abilities").str, 11)
  eq(H.ability_damage(all.b, "con", 5), 7)
  eq(fight.is(all.b, "dead"), false)
  eq(H.ability_damage(all.b, "con", 9), 0, "never below 0")
  eq(fight.is(all.b, "dead"), true)
  fails(function() H.ability_damage(all.b, "luck", 1) end, "no ability")
end)
