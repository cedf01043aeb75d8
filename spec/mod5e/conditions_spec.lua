-- The modded 5e, inventory section 14: conditions with levels that add
-- (TV-19, TV-27, TV-31, TV-35).
-- ruleset: mod5e
-- covers: HB-COND-00 HB-COND-01 HB-COND-02 HB-COND-03 HB-COND-04 HB-COND-05 HB-COND-06 HB-COND-07
-- covers: HB-COND-08 HB-COND-09 HB-COND-10 HB-COND-11 HB-COND-12 HB-COND-13 HB-COND-14 HB-COND-15
-- covers: HB-COND-16

local ch = require("core.5e.character")
local cond = rules.need("5e.conditions")
local core = rules.need("mod5e.core")
local ex = rules.need("mod5e.exhaustion")

local function pc(id, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = opts.hp or 40, level = 1, abilities = { str = 10, dex = 10, con = 10, int = 10,
    wis = 10, cha = 10 }, skills = opts.skills }
  c:set("speed", opts.speed or { walk = 30 })
  return c
end

local function levels(a) return a.adv - a.dis end

test("one condition's instances don't add, each keeps its duration; different conditions add (HB-COND-00)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "restrained", { source = "net" })
  cond.add(c, "restrained", { source = "web" })
  eq(#c:conditions("restrained"), 2, "two instances, each its own")
  eq(levels(fight.assess(foe, c, nil, { distance = 5 })), 1, "still 1 adv against it, not 2")
  cond.remove(c, "restrained", { source = "net" })
  ok(c:has("restrained"), "the web's instance remains")
  cond.add(c, "stunned")
  eq(levels(fight.assess(foe, c, nil, { distance = 5 })), 2, "restrained 1 + stunned 1")
  -- halvings multiply: exhaustion 2 and stunned quarter speed 30: 7.5, so 5
  local d = pc("d")
  ex.gain(d, 2)
  cond.add(d, "stunned")
  eq(fight.speed(d), 5)
end)

test("blinded: sight checks fail, Reflex 1 dis, all terrain difficult, everyone unseen; blindsight ignores it (HB-COND-01)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "blinded")
  eq(core.test(c, { skill = "perception", needs = "sight", dc = 1 }).auto, "blinded")
  dice.force{ 14, 6 }
  eq(core.test(c, { save = "reflex", dc = 5 }).natural, 6, "1 dis on Reflex")
  eq(fight.price_path(c, { { x = 0, y = 0 }, { x = 1, y = 0 } }).cost, 10)
  local a = fight.assess(c, foe, nil, { distance = 5 })
  eq({ a.sees, levels(a) }, { false, -2 }, "its target is an unseen enemy")
  eq(levels(fight.assess(foe, c, nil, { distance = 5 })), 2, "it can't see its attacker")
  local bat = pc("bat")
  bat:set("senses", { blindsight = 30 })
  local r = cond.add(bat, "blinded")
  eq({ r.immune, bat:has("blinded") }, { true, false })
end)

test("charmed: can't attack the charmer; the charmer has 1 adv on social checks against it (HB-COND-02)", function()
  local c, charmer, other = pc("c"), pc("charmer"), pc("other")
  cond.add(c, "charmed", { source = charmer })
  local a = fight.assess(c, charmer, nil, { distance = 5 })
  eq(a.allowed, false)
  eq(fight.assess(c, other, nil, { distance = 5 }).allowed, true)
  dice.force{ 3, 16 }
  local r = core.test(charmer, { skill = "persuasion", social = true, with = c, dc = 10 })
  eq({ r.net_adv, r.natural }, { 1, 16 })
end)

test("deafened: hearing checks fail; Perception and Insight 1 dis (HB-COND-03)", function()
  local c = pc("c")
  cond.add(c, "deafened")
  eq(core.test(c, { skill = "perception", needs = "hearing", dc = 1 }).auto, "deafened")
  dice.force{ 15, 4 }
  eq(core.test(c, { skill = "insight", dc = 1 }).net_adv, -1)
  dice.force{ 15, 4 }
  eq(core.test(c, { skill = "perception", dc = 1 }).natural, 4)
  dice.force{ 15 }
  eq(core.test(c, { skill = "athletics", dc = 1 }).net_adv, 0, "other skills are not hampered")
end)

test("frightened: with its source in sight, skill checks and attacks 1 dis (HB-COND-04)", function()
  local c, dragon, goblin = pc("c"), pc("dragon"), pc("goblin")
  cond.add(c, "frightened", { source = dragon })
  dice.force{ 15, 4 }
  eq(core.test(c, { skill = "athletics", dc = 1 }).net_adv, -1)
  dice.force{ 15 }
  eq(core.test(c, { skill = "athletics", dc = 1, fear_in_sight = false }).net_adv, 0, "out of sight")
  eq(levels(fight.assess(c, goblin, nil, { distance = 5 })), -1)
  eq(levels(fight.assess(c, goblin, nil, { distance = 5, source_seen = false })), 0)
  eq(cond.def("frightened").no_approach, true, "can't willingly move toward its source")
end)

test("TV-35: prone: melee from 5 ft 1 adv, ranged from 30 ft 1 dis, its own attacks 1 dis; it crawls (HB-COND-05)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "prone")
  eq(levels(fight.assess(foe, c, nil, { distance = 5 })), 1)
  eq(levels(fight.assess(foe, c, nil, { distance = 30, ranged = true, range = { 80, 320 } })), -1)
  eq(levels(fight.assess(c, foe, nil, { distance = 5 })), -1)
end)

test("TV-27: exhaustion 3 gains 2 levels: level 5, skill/attack/save 3 dis, speed 15, HP max 20 (HB-COND-06, 07)", function()
  local c = pc("c", { hp = 40 })
  ex.gain(c, 3)
  eq(c:get("max_hp"), 40, "level 3 leaves the HP maximum")
  ex.gain(c, 2)
  eq(ex.level(c), 5, "levels add")
  local s = ex.summary(c)
  eq({ s.skill, s.attack, s.save }, { -3, -3, -3 }, "1 + 2 each: the levels' effects add (AMB-02)")
  eq(fight.speed(c), 15)
  eq({ c:get("max_hp"), c:get("hp") }, { 20, 20 }, "HP max halved, current HP clamped")
  dice.force{ 18, 2, 11, 7 }
  local r = core.test(c, { skill = "athletics", dc = 1 })
  eq({ r.net_adv, r.natural }, { -3, 2 }, "four d20s, the lowest")
  local foe = pc("foe")
  eq(levels(fight.assess(c, foe, nil, { distance = 5 })), -3)
  dice.force{ 9, 3, 12, 14 }
  eq(core.test(c, { save = "reflex", dc = 1 }).net_adv, -3)
  ex.gain(c, 1)
  eq(fight.speed(c), 0, "level 6: speed 0")
  ex.gain(c, 1)
  ok(c:has("dead"), "level 7: death")
end)

test("exhaustion levels come off as removed, a fed long rest and coming back from the dead each take 1 (HB-COND-08)", function()
  local c = pc("c", { hp = 40 })
  ex.gain(c, 4)
  eq(c:get("max_hp"), 20)
  eq(ex.remove(c, 1), 1)
  eq({ ex.level(c), c:get("max_hp") }, { 3, 40 }, "below level 4 the maximum comes back")
  eq(ex.long_rest(c, { fed = false }), 0, "without enough food and drink")
  eq(ex.long_rest(c), 1)
  eq(ex.level(c), 2)
  ex.remove(c, 5)
  eq({ ex.level(c), c:has("exhaustion") }, { 0, false }, "level 0: not exhausted")
  local d = pc("d")
  ex.gain(d, 2)
  rules.need("5e.dying").kill(d, "test")
  rules.need("5e.dying").raise(d, 5)
  eq(ex.level(d), 1, "raised from the dead: one level less")
end)

test("restrained: speed 0 with no bonus, attacks against 1 adv, its attacks and Reflex 1 dis (HB-COND-09)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "restrained")
  eq(fight.speed(c), 0)
  eq(rules.need("mod5e.movement").speed(c, "walk", { bonus = 10 }), 0, "no speed bonus")
  eq(levels(fight.assess(foe, c, nil, { distance = 5 })), 1)
  eq(levels(fight.assess(c, foe, nil, { distance = 5 })), -1)
  dice.force{ 15, 5 }
  eq(core.test(c, { save = "reflex", dc = 1 }).net_adv, -1)
end)

test("TV-31: incapacitated: 2 adv against it, a hit from within 5 ft a critical; Str/Dex/Int checks and saves fail (HB-COND-10)", function()
  local c, a, b = pc("c"), pc("A"), pc("B")
  cond.add(c, "incapacitated")
  local near = fight.assess(a, c, nil, { distance = 5 })
  local far = fight.assess(b, c, nil, { distance = 10, reach = 10 })
  eq({ levels(near), near.crit }, { 2, true })
  eq({ levels(far), far.crit }, { 2, false }, "a reach weapon at 10 ft: no automatic critical")
  eq(core.test(c, { save = "reflex", dc = 1 }).auto, "incapacitated")
  eq(core.test(c, { ability = "int", dc = 1 }).auto, "incapacitated")
  dice.force{ 12 }
  eq(core.test(c, { save = "wis", dc = 1 }).success, true, "a Wisdom save is rolled")
  eq({ cond.can_act(c), cond.can_speak(c), fight.speed(c) }, { false, false, 0 }, "no action, no speech, no move (AMB-25)")
end)

test("stunned: speed halved, no actions or reactions, Str/Dex/Int checks and saves 1 dis, attacks against 1 adv (HB-COND-11)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "stunned")
  eq(fight.speed(c), 15)
  eq({ cond.can_act(c), cond.can_speak(c) }, { false, false })
  eq(cond.has(c, "incapacitated"), false, "not incapacitated")
  dice.force{ 12, 7 }
  local r = core.test(c, { save = "reflex", dc = 1 })
  eq({ r.net_adv, r.natural }, { -1, 7 }, "rolled at 1 dis, not failed")
  eq(levels(fight.assess(foe, c, nil, { distance = 5 })), 1)
  eq(fight.assess(foe, c, nil, { distance = 5 }).crit, false)
end)

test("TV-19: petrified: resistance 10 but psychic and sonic, bludgeoning vulnerability 10, poison immunity (HB-COND-12)", function()
  local dmg = rules.need("mod5e.damage")
  local c = pc("statue", { hp = 200 })
  cond.add(c, "petrified")
  local function took(amount, typ)
    local hp = c:get("hp")
    dmg.apply(c, amount, typ)
    local lost = hp - c:get("hp")
    c:set("hp", 200)
    return lost
  end
  eq({ took(4, "bludgeoning"), took(15, "bludgeoning"), took(15, "fire"), took(15, "psychic"), took(15, "poison") },
    { 10, 15, 5, 15, 0 })
  eq(took(15, "thunder"), 15, "a 5e stat block's thunder is sonic")
  ok(cond.has(c, "unconscious") and cond.has(c, "incapacitated"))
  eq(fight.assess(pc("foe"), c, nil, { distance = 5 }).crit, true)
  -- poison and disease: immune, and a running poisoning is suspended
  local d = pc("d", { hp = 50 })
  d:add_condition("poisoned", { source = "spider" })
  cond.add(d, "petrified")
  eq({ d:has("poisoned"), d:has("suspended") }, { false, true })
  eq(cond.add(d, "poisoned").immune, true)
  cond.remove(d, "petrified")
  ok(d:has("poisoned"), "the poisoning resumes")
  eq(d:conditions("poisoned")[1].source, "spider")
end)

test("paralyzed is just incapacitated (HB-COND-13)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "paralyzed")
  ok(cond.has(c, "incapacitated"))
  local a = fight.assess(foe, c, nil, { distance = 5 })
  eq({ levels(a), a.crit }, { 2, true }, "as incapacitated: nothing more (5e adds none here either)")
  eq(fight.speed(c), 0)
end)

test("poisoned: attack rolls and skill checks 1 dis (HB-COND-14, AMB-03)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "poisoned")
  eq(levels(fight.assess(c, foe, nil, { distance = 5 })), -1)
  dice.force{ 13, 2 }
  eq(core.test(c, { skill = "stealth", dc = 1 }).natural, 2)
  dice.force{ 13 }
  eq(core.test(c, { save = "con", dc = 1 }).net_adv, 0, "saves are not hampered")
end)

test("unconscious: incapacitated and prone, and it stays prone when it wakes (HB-COND-15)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "unconscious")
  ok(cond.has(c, "incapacitated") and cond.has(c, "prone"))
  local a = fight.assess(foe, c, nil, { distance = 5 })
  eq({ levels(a), a.crit }, { 3, true }, "incapacitated 2 + prone within 5 ft 1: they add")
  eq(levels(fight.assess(foe, c, nil, { distance = 30, ranged = true, range = { 80, 320 } })), 1, "2 - 1 from afar")
  eq(cond.def("unconscious").drops, true)
  cond.remove(c, "unconscious")
  eq({ c:has("unconscious"), c:has("prone") }, { false, true })
end)

test("invisible and hidden make a creature unseen; concentration and the long rest are states (HB-COND-16, AMB-24)", function()
  local c, foe, other = pc("c"), pc("foe"), pc("other")
  cond.add(c, "invisible")
  local a = fight.assess(foe, c, nil, { distance = 5 })
  eq({ a.sees, levels(a) }, { false, -2 })
  cond.remove(c, "invisible")
  c:add_condition("hidden", { source = "foe", level = 17, stacking = "independent" })
  eq(fight.assess(foe, c, nil, { distance = 5 }).sees, false, "hidden from the foe")
  eq(fight.assess(other, c, nil, { distance = 5 }).sees, true, "but not from another")
  ok(rules.get("condition.concentrating") and rules.get("5e.rest").long_rest)
end)
