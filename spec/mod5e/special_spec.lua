-- The modded 5e, inventory section 11: special attacks (TV-28..30).
-- ruleset: mod5e
-- covers: HB-SPECIAL-01 HB-SPECIAL-02 HB-SPECIAL-03 HB-SPECIAL-04 HB-SPECIAL-05 HB-SPECIAL-06
-- covers: HB-SPECIAL-07 HB-SPECIAL-08 HB-SPECIAL-09 HB-SPECIAL-10 HB-SPECIAL-11 HB-SPECIAL-12 HB-SPECIAL-13

local ch = require("core.5e.character")
local sp = rules.need("mod5e.special")
local mv = rules.need("mod5e.movement")
local turn = rules.need("mod5e.turn")

local function pc(id, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 30, level = 1, abilities = { str = opts.str or 14, dex = opts.dex or 12, con = 10,
    int = 10, wis = 10, cha = 10 }, skills = opts.skills }
  c:set("ac", 12)
  c:set("pos", opts.pos or { x = 0, y = 0 })
  c:set("speed", opts.speed or { walk = 30 })
  mv.set_size(c, opts.size or "medium")
  return c
end

local function levels(a) return a.adv - a.dis end

local LONGSWORD = { name = "longsword" }
local DAGGER = { name = "dagger", light = true, thrown = true }
local SHORTSWORD = { name = "shortsword", light = true }

test("the unarmed strike: a melee attack, no weapon, always proficient, 1 + Str bludgeoning (HB-SPECIAL-01)", function()
  local c = pc("monk", { str = 16 })
  local u = sp.unarmed(c)
  eq({ u.bonus, u.damage, u.type, u.tags[1] }, { 5, "4", "bludgeoning", "unarmed" }, "PB 2 + Str 3; 1 + 3")
  local foe = pc("foe", { pos = { x = 1, y = 0 } })
  dice.force{ 8 }
  local r = rules.need("mod5e.attack").attack(c, foe, { attack = "unarmed", damage = "1", damage_type = "bludgeoning" })
  eq({ r.total, r.damage }, { 13, 4 }, "8 + 3 + 2; damage 1 + Str 3")
end)

test("the opportunity attack: leaving a hostile's reach, one melee attack for its reaction; Disengage stops it (HB-SPECIAL-02)", function()
  local made = {}
  local h = rules.on("turn.act", function(e)
    if e.fighter:get("id") ~= "runner" or made.done then return end
    made.done = true
    e.fighter:add_tag("disengaged")
    made.disengaged = #fight.move(e.fighter, { x = 0, y = 1 }).opportunity
    e.fighter:remove_tag("disengaged")
    fight.move(e.fighter, { x = 3, y = 1 }, { budget = 100 })
    made.first = #fight.move(e.fighter, { x = 0, y = 1 }, { budget = 100 }).opportunity
    made.reaction_left = fight.remaining(fight.get("guard"), "reaction")
    fight.move(e.fighter, { x = 3, y = 1 }, { budget = 100 })
    made.second = #fight.move(e.fighter, { x = 0, y = 1 }, { budget = 100 }).opportunity
    e.acted = true
  end, { phase = "after" })
  dice.force{ 15, 5, 3, 2, 2 } -- initiative, the opportunity attack (a miss), the guard's two misses
  fight.run(fight.encounter{ max_rounds = 1, map = { rows = { "........", "........", "........" } }, sides = {
    { name = "a", members = { { stat = { id = "runner", hp = 50, ac = 10, attacks = { { name = "Fist", bonus = 0, damage = "1" } } },
      at = { 3, 1 } } } },
    { name = "b", members = { { stat = { id = "guard", hp = 50, ac = 30, multiattack = { "Spear", "Spear" },
      attacks = { { name = "Spear", bonus = 0, damage = "1d6", type = "piercing" } } },
      at = { 4, 1 } } } } } })
  rules.off(h)
  eq({ made.disengaged, made.first, made.reaction_left, made.second }, { 0, 1, 0, 0 },
    "none after Disengage; then one attack, not two for its multiattack; no reaction left for a second")
end)

test("two-weapon fighting: after attacking with a light melee weapon, the swift action attacks with the other (HB-SPECIAL-03)", function()
  local c, foe = pc("duelist", { dex = 16 }), pc("foe", { pos = { x = 1, y = 0 } })
  sp.set_hands(c, SHORTSWORD, DAGGER)
  local t = turn.start(c)
  eq((sp.off_hand(c, foe, t, { damage = "1d4" })), nil, "no Attack action yet")
  ok(t:act("attack", { weapon = SHORTSWORD }))
  dice.force{ 12, 3 }
  local r = sp.off_hand(c, foe, t, { damage = "1d4", damage_type = "piercing", finesse = true })
  eq({ r.hit, r.damage }, { true, 6 }, "the attribute is added (AMB-21): 3 + Dex 3")
  eq((sp.off_hand(c, foe, t, { damage = "1d4" })), nil, "one swift action a turn")
  rules.merge("mod5e.options", { twf_offhand_attr = false })
  local t2 = turn.start(c)
  t2:act("attack", { weapon = SHORTSWORD })
  dice.force{ 12, 3 }
  eq(sp.off_hand(c, foe, t2, { damage = "1d4", damage_type = "piercing", finesse = true }).damage, 3,
    "5e's way: no positive attribute")
  rules.merge("mod5e.options", { twf_offhand_attr = true })
  local t3 = turn.start(c)
  t3:act("attack", { weapon = LONGSWORD })
  eq((sp.off_hand(c, foe, t3, { damage = "1d4" })), nil, "the first attack was not with a light weapon")
end)

test("with two weapons in hand either hand attacks, unless an effect needs a particular one (HB-SPECIAL-04)", function()
  local c = pc("c")
  sp.set_hands(c, SHORTSWORD, DAGGER)
  local t = turn.start(c)
  ok(t:act("attack", { weapon = DAGGER }), "the Attack action with the dagger in the left hand")
  eq(sp.off_hand_allowed(c, t), SHORTSWORD, "then two-weapon fighting needs the other hand's weapon")
  sp.set_hands(c, LONGSWORD, DAGGER)
  eq(sp.off_hand_allowed(c, t), false, "the other hand holds a longsword")
end)

test("TV-29: shove: at most one size larger; Athletics contest; prone or pushed 5 ft any way; auto against the incapacitated (HB-SPECIAL-05)", function()
  local a = pc("a")
  eq(sp.shove(a, pc("huge", { size = "huge" })).allowed, false, "two sizes larger")
  local large = pc("large", { size = "large", pos = { x = 1, y = 0 } })
  dice.force{ 14, 11 }
  local r = sp.shove(a, large, { choice = "push", to = { x = 1, y = 1 } })
  eq({ r.allowed, r.success }, { true, true })
  eq({ large:get("pos").x, large:get("pos").y }, { 1, 1 }, "sideways: any horizontal direction")
  local b = pc("b", { pos = { x = 1, y = 0 } })
  dice.force{ 10, 10 }
  eq(sp.shove(a, b).success, false, "a tie: the shover fails")
  b:add_condition("paralyzed")
  r = sp.shove(a, b)
  eq({ r.success, r.auto, b:has("prone") }, { true, true, true })
  eq(#dice.pending(), 0, "no roll against an incapacitated target")
end)

test("disarm: a free hand; Athletics contest; the target drops an item the attacker takes or lets fall (HB-SPECIAL-06)", function()
  local a, b = pc("a"), pc("b")
  sp.set_hands(a, LONGSWORD, SHORTSWORD)
  eq(sp.disarm(a, b).allowed, false, "no free hand")
  sp.set_hands(a, LONGSWORD, nil)
  sp.set_hands(b, DAGGER, nil)
  dice.force{ 15, 8 }
  local r = sp.disarm(a, b)
  eq({ r.success, r.item.name, r.taken }, { true, "dagger", true })
  eq({ sp.hands(b).main, sp.hands(a).off.name }, { nil, "dagger" })
end)

test("TV-28: trip: the target gets 1 adv a size it is larger; a legless one can't fall (HB-SPECIAL-07)", function()
  local a = pc("a")
  local huge = pc("huge", { size = "huge" })
  dice.force{ 15, 3, 6, 18 }
  local r = sp.trip(a, huge)
  eq(r.target_adv, 2, "Huge against Medium: 2 adv")
  eq({ r.contest.b.natural, r.success }, { 18, false }, "three dice, the best kept")
  local ooze = pc("ooze")
  rules.need("mod5e.types").no_legs(ooze)
  eq(sp.trip(a, ooze).allowed, false)
  local b = pc("b")
  dice.force{ 15, 3 }
  eq({ sp.trip(a, b).success, b:has("prone") }, { true, true })
end)

test("TV-29: grapple: at most one size larger, a free hand, a contest; both are grappled (HB-SPECIAL-08)", function()
  local a = pc("a")
  eq(sp.grapple(a, pc("huge", { size = "huge" })).allowed, false)
  local large = pc("large", { size = "large" })
  dice.force{ 15, 3 }
  eq(sp.grapple(a, large).success, true)
  eq({ large:has("grappled"), a:has("grappled"), sp.grappling(a)[1] }, { true, true, "large" })
  local t = turn.start(pc("c"))
  t:act("attack", { attacks = 1 })
  dice.force{ 15, 3 }
  sp.grapple(pc("c2"), pc("d"), { turn = t })
  eq(t.attacks, 0, "it replaced the attack")
end)

test("TV-30: grappled: speed 0; non-light attacks 1 dis for both; no two-handed or somatic (HB-SPECIAL-09)", function()
  local g, t = pc("grappler"), pc("held", { pos = { x = 1, y = 0 } })
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  eq({ fight.speed(g), fight.speed(t) }, { 0, 0 })
  eq(levels(fight.assess(g, t, nil, { distance = 5 })), -1, "the longsword")
  eq(levels(fight.assess(g, t, nil, { distance = 5, tags = { "light" } })), 0, "the dagger")
  eq(levels(fight.assess(t, g, nil, { distance = 5 })), -1, "the held one too")
  eq(levels(fight.assess(t, g, nil, { distance = 5, tags = { "unarmed" } })), 0)
  eq(levels(fight.assess(g, t, nil, { distance = 30, ranged = true, range = { 80 }, tags = { "light" } })), -1,
    "a thrown light weapon is not a melee attack")
  eq({ sp.somatic_allowed(g), sp.two_handed_allowed(t) }, { false, false })
end)

test("escape: the held creature's action for a contest against the grappler (HB-SPECIAL-10)", function()
  local g, t = pc("g"), pc("t")
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  local tt = turn.start(t)
  dice.force{ 9, 9 }
  local r = sp.escape(t, g, { turn = tt })
  eq({ r.success, t:has("grappled") }, { false, true }, "a tie keeps the hold")
  eq(tt.actions, 0)
  dice.force{ 12, 9 }
  eq(sp.escape(t, g).success, true)
  eq({ t:has("grappled"), g:has("grappled") }, { false, false })
end)

test("the grappler lets go at any time, and must when unconscious or incapacitated (HB-SPECIAL-11)", function()
  local g, t = pc("g"), pc("t", { pos = { x = 1, y = 0 } })
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  ok(sp.release(g, t))
  eq(t:has("grappled"), false)
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  eq(sp.check_grapple(g, t), false, "still holding")
  g:add_condition("stunned")
  eq(sp.check_grapple(g, t), false, "stunned is neither unconscious nor incapacitated: it holds on")
  g:add_condition("incapacitated")
  ok(sp.check_grapple(g, t), "it can't hold on")
  eq(t:has("grappled"), false)
end)

test("an effect that moves the held creature out of the grappler's reach ends the grapple (HB-SPECIAL-12)", function()
  local g, t = pc("g"), pc("t", { pos = { x = 1, y = 0 } })
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  t:set("pos", { x = 3, y = 0 })
  ok(sp.check_grapple(g, t))
  eq(g:has("grappled"), false)
end)

test("TV-30: dragging: the grappler moves the held creature at half its unmodified speed: 30 → 15 (HB-SPECIAL-13)", function()
  local g, t = pc("g"), pc("t")
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  eq(sp.drag_speed(g), 15, "half of 30, though its speed is now 0")
  eq(sp.drag_speed(pc("slow", { speed = { walk = 25 } })), 10, "12.5 rounded down to 5 ft")
end)
