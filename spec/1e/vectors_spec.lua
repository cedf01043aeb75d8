-- ruleset: 1e
-- The inventory's 27 test vectors (rules/adnd1e-dmg-combat.md section 27),
-- with forced dice where a vector rolls. TV-19 needs the optional rule and
-- is in variants_natural_twenties_spec.lua.
-- covers: 1E-SURP-01 1E-SURP-02 1E-SURP-03 1E-SURP-04 1E-SURP-07 1E-DIST-04 1E-DIST-06
-- covers: 1E-MISS-02 1E-MISS-06 1E-INIT-05 1E-CAST-03 1E-TURN-05 1E-MOVE-05 1E-STRIKE-03
-- covers: 1E-SUBDUE-01 1E-UNARMED-02 1E-TOHIT-03 1E-SAVE-06 1E-ITEMSAVE-03 1E-HP-02 1E-SEQ-03
-- covers: 1E-PURSUIT-03 1E-UNARMED-04 1E-PSI-10 1E-PSI-04 1E-PSI-05 1E-INTOX-02 1E-MORALE-05 1E-MORALE-06
local enc = require("core.1e.encounter")
local lib = require("core.1e.lib")
local classes = require("core.1e.classes")

test("TV-01 both sides surprised: the difference is lost", function()
  -- A is surprised on 1-2, B only on a 1 (on = 1); A rolls first.
  dice.force{ 2, 1 }
  local r = enc.roll({ on = 2 }, { on = 1 })
  eq(r.a.surprised, true)
  eq(r.b.surprised, true)
  eq(r.a.lost, 1, "A loses 1 segment")
  eq(r.b.lost, 0)
  dice.force{ 2, 2 }
  r = enc.roll({ on = 2 }, { on = 1 })
  eq(r.b.surprised, false, "2 > 1: B is not surprised")
  eq(r.a.lost, 2)
  dice.force{ 1, 1 }
  r = enc.roll({ on = 2 }, { on = 1 })
  eq({ r.a.lost, r.b.lost }, { 0, 0 }, "(derived) equal rolls cancel")
end)

test("TV-02 modified chances: A surprised on 1-4 against B's 5 in 6", function()
  eq(enc.combined(1, 5), 4)
  dice.force{ 4, 1 }
  local r = enc.roll({ on = 1 }, { surprises = 5 })
  eq(r.a.lost, 3, "4 - 1")
  dice.force{ 4, 2 }
  eq(enc.roll({ on = 1 }, { surprises = 5 }).a.lost, 2, "4 - 2")
  for b = 3, 6 do
    dice.force{ 4, b }
    eq(enc.roll({ on = 1 }, { surprises = 5 }).a.lost, 4, "(derived) B not surprised")
  end
end)

test("TV-03 both at 2 in 6: the rule, not the printed table's last rows", function()
  local cases = {
    { 4, 5, 0, 0 }, { 1, 1, 0, 0 }, { 2, 2, 0, 0 }, { 1, 4, 1, 0 }, { 2, 6, 2, 0 },
    { 3, 1, 0, 1 }, { 6, 2, 0, 2 }, { 1, 2, 0, 1 }, { 2, 1, 1, 0 },
  }
  for _, c in ipairs(cases) do
    dice.force{ c[1], c[2] }
    local r = enc.roll({}, {})
    eq({ r.a.lost, r.b.lost }, { c[3], c[4] }, "party " .. c[1] .. " monsters " .. c[2])
  end
end)

test("TV-04 a door into a 20 ft room: 1d6 for distance", function()
  local want = { 0, 0, 1, 1, 2, 2 }
  for face = 1, 6 do
    dice.force{ face }
    local d, how = enc.distance({ room = true })
    eq(d, want[face], "d6 " .. face)
    eq(how, "confined")
  end
  eq(enc.feet(2), 20)
end)

test("TV-05 surprise in a 40 x 60 ft room: still 1-3 inches", function()
  for face = 1, 3 do
    dice.force{ face }
    local d = enc.distance({ surprise = true, room_ft = 60 })
    eq(enc.feet(d), 10 * face)
  end
end)

test("TV-06 firing seven missiles into a melee", function()
  local m = rules.need("1e.missiles")
  local a, b = m.weight({ "M", "M", "M", "M" }), m.weight({ "S", "S", "S", "L" })
  eq({ a, b }, { 4, 3 })
  local s = m.split(7, a, b)
  eq({ s.a, s.b }, { 4, 3 })
  eq(s.pct_a, { 56, 60 }, "1/7 as 14% or 15%")
end)

test("TV-07 a giant's boulder ignores Dexterity: AC -2 becomes 0", function()
  local m = rules.need("1e.missiles")
  eq(m.engine_ac(-2, -2), 0)
  local t = creature.new(classes.character{ id = "a", class = "fighter", level = 1, dex = 16, ac = 0, hp = 8 })
  eq(t:get("ac"), -2)
  eq(rules.need("1e.tohit").ac_of(t, { no_dex = true }), 0)
end)

test("TV-08 a 12th-level fighter: 2 routines in odd rounds, 3 hasted", function()
  local melee = rules.need("1e.melee")
  local f = creature.new(classes.character{ id = "f", class = "fighter", level = 12, hp = 60 })
  eq({ melee.routines(f, 1), melee.routines(f, 2), melee.routines(f, 3) }, { 2, 1, 2 })
  eq({ melee.routines(f, 1, true), melee.routines(f, 2, true) }, { 3, 3 })
  local ini = rules.need("1e.initiative")
  local slots = ini.slots({ { name = "party", multi = { { "f", 2 } } }, { name = "orcs", single = { "o1", "o2" } } })
  eq(slots[1], { "f", 1 }, "first")
  eq(slots[#slots], { "f", 2 }, "and last")
  eq(#slots, 4)
end)

test("TV-09 attacks on a caster whose side won with a 5 come in segment 5", function()
  local sp = rules.need("1e.spells")
  eq(sp.attack_segment(5, 3), 5)
end)

test("TV-10 an evil 9th-level cleric compels service", function()
  local tu = rules.need("1e.turning")
  eq(tu.cell("lich", 9), 16)
  eq(tu.command_hours(tu.cell("lich", 9)), 8)
  eq(tu.cell("vampire", 9), 10)
  eq(tu.command_hours(tu.cell("vampire", 9)), 14)
  eq(tu.command_hours(tu.cell("wraith", 9)), 24, "(derived) T: 24 hours")
  local hours, renew = tu.command_hours(tu.cell("wight", 9))
  eq({ hours, renew }, { math.huge, 6 }, "(derived) D: renewed every 6 days")
  -- the lich, needs 16, roll 20; then 1d12 affected
  dice.force{ 20, 1 }
  local r = tu.attempt(9, { { "lich", 1 } }, { evil = true })
  eq(r.success, true)
  eq(r.affected[1], { "lich", 1, "commanded" })
end)

test("TV-11 a set spear against a leaping toad: d8 x 2", function()
  local mv = rules.need("1e.moves")
  dice.force{ 5 }
  eq(mv.set_damage(dice.total("1d8")), 10)
  eq(mv.can_set(lib.weapon("Spear")), true)
  eq(mv.set_triggers.leap, true)
end)

test("TV-12 weapon speed against a fireball (3 segments)", function()
  local m = rules.need("1e.melee")
  local rows = {
    { 5, 1, "spell" }, { 5, 2, "simultaneous" }, { 5, 3, "blow" }, { 5, 4, "blow" }, { 5, 5, "blow" },
    { 2, 1, "blow" }, { 2, 2, "blow" }, { 2, 3, "blow" }, { 2, 4, "blow" }, { 2, 5, "simultaneous" },
  }
  for _, r in ipairs(rows) do
    eq(m.versus_spell(r[1], r[2], 3, false), r[3], "WSF " .. r[1] .. " die " .. r[2])
  end
  for die = 1, 5 do
    eq(m.versus_spell(10, die, 3, false), "spell", "two-handed sword")
    eq(m.versus_spell(9, die, 3, false), "spell", "WSF 9")
  end
  eq(m.versus_spell(5, 0, 3, true), "spell", "tied: raw 5 against 3")
  eq(m.versus_spell(2, 2, 1, false), "blow", "(derived) dagger against a 1-segment spell")
end)

test("TV-13 subdual: 40 points are 10 real, 30 temporary", function()
  local m = rules.need("1e.melee")
  eq({ m.subdue(40) }, { 10, 30 })
end)

test("TV-14 pummelled to -4: unconscious 5 rounds", function()
  local u = rules.need("1e.unarmed")
  eq(u.knockout_rounds(-4), 5)
  local c = creature.new{ id = "v", hp = 6 }
  eq(u.hit(c, "pummel", 10), 5)
  eq(c:get("hp"), 4, "2 real")
  ok(c:has("unconscious"))
end)

test("TV-15 a 6+6 HD monster attacks as 7 HD", function()
  local th = rules.need("1e.tohit")
  eq(th.attack_hd(6, 6), 7)
  eq(th.mon_col(6, 6), "6-7+")
  local troll = creature.new(lib.monster{ id = "t", hd = "6+6", attacks = { { name = "Claw", damage = "1d4" } } })
  eq(th.raw(troll, 5), 8)
  local one = creature.new(lib.monster{ id = "o", hd = "1", attacks = { { name = "W", damage = "1d8" } } })
  eq(th.raw(one, 10), 9, "(derived)")
  local big = creature.new(lib.monster{ id = "b", hd = "16", attacks = { { name = "W", damage = "1d8" } } })
  eq(th.raw(big, -10), 17, "(derived)")
end)

test("TV-16 monster save levels", function()
  local sv = rules.need("1e.saves")
  for p = 1, 4 do eq(sv.monster_level(1, p), 2) end
  for p = 5, 8 do eq(sv.monster_level(1, p), 3) end
  for p = 1, 4 do eq(sv.monster_level(2, p), 3) end
  for p = 5, 8 do eq(sv.monster_level(2, p), 4) end
  eq(sv.monster_level(3, 4), 4, "(derived)")
  eq(sv.number("fighter", 4, "breath"), 16)
end)

test("TV-17 magic items' saving throw bonuses", function()
  local sv = rules.need("1e.saves")
  eq(sv.item_mods{ magic = 1 }, 2)
  eq(sv.item_mods{ magic = 2 }, 3)
  eq(sv.item_mods{ magic = 3, designed = true }, 9, "(derived) +3 shield against a crushing blow")
end)

test("TV-18 recovery by rest", function()
  local hp = rules.need("1e.hp")
  eq(hp.rest(7, 4, 100), 7, "week 1")
  eq(hp.rest(14, 4, 100) - hp.rest(7, 4, 100), 11, "week 2: 7 + 4")
  eq(hp.rest(7, -2, 100), 5, "at most 5 a week")
  eq(hp.rest(2, -2, 100), 0, "nothing on days 1 and 2")
  eq(hp.rest(28, 0, 57), 57, "4 weeks: all")
end)

test("TV-20 a declared sequence takes a little over 2 rounds", function()
  local q = enc.queue()
  q:add("throw oil", 2)
  q:add("find potion", 4)
  q:add("quaff", 1)
  q:add("sneak behind", 10)
  q:add("backstab", 10)
  eq(q:total(), 27)
  ok(q:total() > 20 and q:total() < 30, "a little over 2 rounds")
  eq(q:advance(10), { "throw oil", "find potion", "quaff" })
  local ok_, why = q:order("attack", 10)
  eq(ok_, false)
  matches(why, "still carrying out")
  eq(q:advance(10), { "sneak behind" })
  q:change()
  eq(q:busy(), false, "a changed plan starts from where the character is")
end)

test("TV-21 20 copper coins distract a low-intelligence pursuer: +20%", function()
  eq(rules.need("1e.pursuit").treasure_chance(6, 20), 20)
end)

test("TV-22 pummel base chance by AC: AC 0 or below is no chance, or a negative one; only the final chance stops at 0", function()
  local u = rules.need("1e.unarmed")
  eq(u.pummel_base(10), 100)
  eq(u.pummel_base(9), 90)
  eq(u.pummel_base(0), 0)
  -- the seed: "AC 0 and negative mean no chance to hit, or a negative
  -- chance"; the adjustments work on the negative base
  eq(u.pummel_base(-3), -30)
  eq(u.pummel_chance(-3, {}), 0, "no chance")
  eq(u.pummel_chance(-3, { attacker_dex = 17, stunned = true }), -30 + 17 + 20)
  eq(u.pummel_chance(-3, { attacker_dex = 5 }), 0, "-25: no chance, not a negative one")
end)

test("TV-23 linked psionic range", function()
  local p = rules.need("1e.psionics")
  eq(p.linked_range(100, 2), 200)
  eq(p.linked_range(100, 3), 250)
  eq(p.linked_range(p.range("Mind Thrust", "short"), 2), 6)
end)

test("TV-24 Dexterity and surprise", function()
  eq(enc.dex_lost(3, 17), 1, "+2")
  eq(enc.dex_lost(3, 5), 4, "-1")
  eq(enc.dex_lost(2, 18), 0, "+3 against 2")
  eq(enc.dex_lost(0, 3), 0, "never surprises")
end)

test("TV-25 psionic look-ups", function()
  local p = rules.need("1e.psionics")
  eq(p.a_cell(60, "Mind Thrust", "Thought Shield"), 9)
  eq(p.a_cell(130, "Psychic Crush", "Mind Blank"), 27)
  eq(p.b_cell(30, "Psionic Blast", 80), "D")
end)

test("TV-26 an intoxicated caster's opponents save better", function()
  local a = rules.need("1e.afflictions")
  eq({ a.caster_save_bonus(-1) }, { 1, 5 })
  eq({ a.caster_save_bonus(-5) }, { 5, 25 })
end)

test("TV-27 an intelligent 4+4 HD monster's morale", function()
  local m = rules.need("1e.morale")
  eq(m.monster_score(4, 4), 69)
  local o = creature.new(lib.monster{ id = "o", hd = "4+4", attacks = { { name = "W", damage = "1d8" } } })
  eq(o:ability("morale"), 69)
  dice.force{ 35 }
  local r = m.check(69, { m.trigger("leader_slain"), m.adj("friend_slain") })
  eq(r.total, 75)
  eq(r.margin, 6)
  eq(r.reaction, "Fall back, fighting")
  dice.force{ 80 }
  r = m.check(69, { 30, 10 })
  eq(r.margin, 51)
  eq(r.reaction, "Surrender")
  eq(r.act, "surrender")
end)
