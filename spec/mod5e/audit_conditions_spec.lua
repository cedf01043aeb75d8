-- Audit (independent cases): inventory section 14, conditions and
-- exhaustion at their edges: levels that add or don't, halvings that
-- multiply, automatic failures against natural 20s.
-- ruleset: mod5e
-- covers: HB-COND-00 HB-COND-01 HB-COND-02 HB-COND-03 HB-COND-04 HB-COND-05 HB-COND-06 HB-COND-07 HB-COND-08
-- covers: HB-COND-09 HB-COND-10 HB-COND-11 HB-COND-12 HB-COND-13 HB-COND-14 HB-COND-15

local ch = require("core.5e.character")
local cond = rules.need("5e.conditions")
local core = rules.need("mod5e.core")
local ex = rules.need("mod5e.exhaustion")
local turn = rules.need("mod5e.turn")

local function pc(id, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = opts.hp or 40, level = 1, abilities = { str = 10, dex = 10, con = 10, int = 10,
    wis = 10, cha = 10 }, skills = opts.skills }
  c:set("speed", opts.speed or { walk = 30 })
  c:set("pos", opts.pos or { x = 0, y = 0 })
  return c
end

local function levels(a) return a.adv - a.dis end
local function lv(a, b, opts) return levels(fight.assess(a, b, nil, opts or { distance = 5 })) end

test("audit: two sources of poison give 1 dis, not 2; poisoned and frightened add to 2 (HB-COND-00, 04, 14)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "poisoned", { source = "spider" })
  cond.add(c, "poisoned", { source = "wyvern" })
  eq(lv(c, foe), -1)
  cond.add(c, "frightened", { source = foe })
  eq(lv(c, foe), -2)
  dice.force{ 18, 12, 3 }
  local r = core.test(c, { skill = "athletics", dc = 1 })
  eq({ r.net_adv, r.natural }, { -2, 3 }, "three d20s, the lowest")
end)

test("audit: blinded and restrained: Reflex 2 dis; blinded alone 1 dis (HB-COND-01, 09)", function()
  local c = pc("c")
  cond.add(c, "blinded")
  dice.force{ 17, 4 }
  eq(core.test(c, { save = "reflex", dc = 1 }).net_adv, -1)
  cond.add(c, "restrained")
  dice.force{ 17, 4, 9 }
  local r = core.test(c, { save = "reflex", dc = 1 })
  eq({ r.net_adv, r.natural }, { -2, 4 })
end)

test("audit: a blinded attacker against an invisible target: 2 dis once, not 4 (HB-COND-01, HB-VIS-11)", function()
  local c, foe = pc("c"), pc("foe", { pos = { x = 1, y = 0 } })
  cond.add(c, "blinded")
  cond.add(foe, "invisible")
  eq(lv(c, foe), -2)
end)

test("audit: blinded: a creature's attacks against it when it can't see them: 2 adv, with prone within 5 ft: 3 (HB-COND-01, 05)", function()
  local c, foe = pc("c"), pc("foe", { pos = { x = 1, y = 0 } })
  cond.add(c, "blinded")
  cond.add(c, "prone")
  eq(lv(foe, c), 3)
end)

test("audit: the charmer may still attack the charmed creature (HB-COND-02)", function()
  local c, charmer = pc("c"), pc("charmer")
  cond.add(c, "charmed", { source = charmer })
  eq(fight.assess(charmer, c, nil, { distance = 5 }).allowed ~= false, true)
  dice.force{ 11 }
  eq(core.test(pc("other"), { skill = "persuasion", social = true, with = c, dc = 10 }).net_adv, 0,
    "only the charmer gets the social advantage")
end)

test("audit: deafened: Insight 1 dis; with a Perception at a lightly obscured creature 2 dis (HB-COND-03, HB-VIS-02)", function()
  local c = pc("c")
  cond.add(c, "deafened")
  dice.force{ 15, 4 }
  eq(core.test(c, { skill = "insight", dc = 1 }).natural, 4)
  dice.force{ 15, 4, 9 }
  eq(core.test(c, { skill = "perception", dc = 1, adv = -1 }).net_adv, -2)
end)

test("audit: prone target, ranged from an adjacent square: +1 within 5 ft and -1 for the hostile next to it: 0 (HB-COND-05, HB-ATTACK-11)", function()
  local archer = pc("archer")
  archer:set("side", "us")
  local t = pc("t", { pos = { x = 1, y = 0 } })
  t:set("side", "them")
  cond.add(t, "prone")
  eq(lv(archer, t, { distance = 5, ranged = true, range = { 80, 320 }, enemies = { t } }), 0)
  eq(lv(archer, t, { distance = 10, ranged = true, range = { 80, 320 } }), -1, "from 10 ft: 1 dis")
end)

test("audit: prone attacker and prone target at 5 ft: -1 and +1 make 0 (HB-COND-05)", function()
  local a, b = pc("a"), pc("b", { pos = { x = 1, y = 0 } })
  cond.add(a, "prone")
  cond.add(b, "prone")
  eq(lv(a, b), 0)
end)

test("audit: exhaustion 1 hampers skill checks only: not attacks, not saves (HB-COND-06, T-8)", function()
  local c, foe = pc("c"), pc("foe")
  ex.gain(c, 1)
  dice.force{ 15, 4 }
  eq(core.test(c, { skill = "stealth", dc = 1 }).net_adv, -1)
  eq(lv(c, foe), 0)
  dice.force{ 15 }
  eq(core.test(c, { save = "reflex", dc = 1 }).net_adv, 0)
  eq(fight.speed(c), 30, "level 1: speed untouched")
end)

test("audit: exhaustion 2 halves speed 25 to 10; with a Dash the move is doubled from that (HB-COND-06, HB-MOVE-04)", function()
  local c = pc("c", { speed = { walk = 25 } })
  ex.gain(c, 2)
  eq(fight.speed(c), 10)
  local t = turn.start(c)
  ok(t:act("dash"))
  eq(t.move:left(), 20)
end)

test("audit: exhaustion 4 halves an odd HP maximum down: 41 to 20; current 30 clamped to 20 (HB-COND-06, AMB-23)", function()
  local c = pc("c", { hp = 41 })
  c:set("hp", 30)
  ex.gain(c, 4)
  eq({ c:get("max_hp"), c:get("hp") }, { 20, 20 })
  local d = pc("d", { hp = 41 })
  d:set("hp", 12)
  ex.gain(d, 4)
  eq({ d:get("max_hp"), d:get("hp") }, { 20, 12 }, "below the new maximum it stays")
end)

test("audit: exhaustion gained past 7 is death at 7 (HB-COND-07)", function()
  local c = pc("c")
  ex.gain(c, 5)
  ex.gain(c, 3)
  ok(c:has("dead"))
  eq(ex.level(c) <= 7, true)
end)

test("audit: exhaustion 6 then one removed: level 5, speed back to half (HB-COND-08)", function()
  local c = pc("c")
  ex.gain(c, 6)
  eq(fight.speed(c), 0)
  ex.remove(c, 1)
  eq({ ex.level(c), fight.speed(c) }, { 5, 15 })
  local s = ex.summary(c)
  eq({ s.skill, s.attack, s.save }, { -3, -3, -3 })
  ex.remove(c, 3)
  s = ex.summary(c)
  eq({ ex.level(c), s.skill, s.attack, s.save, fight.speed(c) }, { 2, -1, 0, 0, 15 })
end)

test("audit: exhaustion 3 and poisoned on an attack: 2 dis; on a save 1 dis (HB-COND-00, 06, 14)", function()
  local c, foe = pc("c"), pc("foe")
  ex.gain(c, 3)
  cond.add(c, "poisoned")
  eq(lv(c, foe), -2)
  dice.force{ 15, 4 }
  eq(core.test(c, { save = "wis", dc = 1 }).net_adv, -1)
end)

test("audit: restrained: a Dash adds nothing, speed stays 0 (HB-COND-09)", function()
  local c = pc("c")
  cond.add(c, "restrained")
  local t = turn.start(c)
  t:act("dash")
  eq(t.move:left(), 0)
end)

test("audit: incapacitated: a Dex save fails even on a natural 20, no roll is made (HB-COND-10, HB-CORE-05)", function()
  local c = pc("c")
  cond.add(c, "incapacitated")
  local r = core.test(c, { save = "reflex", dc = 5 })
  eq({ r.success, r.auto }, { false, "incapacitated" })
  eq(core.test(c, { save = "str", dc = 1 }).success, false)
  dice.force{ 12 }
  eq(core.test(c, { save = "cha", dc = 10 }).success, true, "a Cha save is rolled")
  dice.force{ 3 }
  eq(core.test(c, { skill = "insight", dc = 3 }).success, true, "a Wis check is rolled")
end)

test("audit: incapacitated: no reaction, no swift action, no movement (HB-COND-10, AMB-25)", function()
  local c = pc("c")
  c:add_tag("swift:cunning_action")
  cond.add(c, "incapacitated")
  local t = turn.start(c)
  eq({ t.actions, t.swifts, t.move:left() }, { 0, 0, 0 })
  eq((turn.reaction(c)), false)
end)

test("audit: incapacitated and dodging: the dodge lapses, attacks get the full 2 adv (HB-COND-10, HB-ACT-05)", function()
  local c, foe = pc("c"), pc("foe", { pos = { x = 1, y = 0 } })
  turn.start(c):act("dodge")
  eq(lv(foe, c), -1)
  cond.add(c, "incapacitated")
  eq(lv(foe, c), 2)
end)

test("audit: incapacitated target hit by a ranged attack from an adjacent square: a critical, 2 adv less the adjacent 0 (HB-COND-10)", function()
  local archer, t = pc("archer"), pc("t", { pos = { x = 1, y = 0 } })
  archer:set("side", "us")
  t:set("side", "them")
  cond.add(t, "incapacitated")
  local a = fight.assess(archer, t, nil, { distance = 5, ranged = true, range = { 80, 320 }, enemies = { t } })
  eq({ levels(a), a.crit }, { 2, true }, "the incapacitated neighbour does not hamper; within 5 ft: a critical")
end)

test("audit: stunned: an Int check 1 dis, a Wis check 0, a Cha save 0 (HB-COND-11)", function()
  local c = pc("c")
  cond.add(c, "stunned")
  dice.force{ 15, 4 }
  eq(core.test(c, { ability = "int", dc = 1 }).net_adv, -1)
  dice.force{ 15 }
  eq(core.test(c, { ability = "wis", dc = 1 }).net_adv, 0)
  dice.force{ 15 }
  eq(core.test(c, { save = "cha", dc = 1 }).net_adv, 0)
  eq((turn.reaction(c)), false)
end)

test("audit: stunned and prone: speed 30 halved to 15, crawling costs 10 a square (HB-COND-11, HB-MOVE-11)", function()
  local c = pc("c")
  cond.add(c, "stunned")
  eq(fight.speed(c), 15)
  cond.add(c, "prone")
  eq(fight.price_path(c, { { x = 0, y = 0 }, { x = 1, y = 0 } }).cost, 10)
end)

test("audit: stunned and exhaustion 2 with speed 25: 6.25, so 5 (HB-COND-00, 11)", function()
  local c = pc("c", { speed = { walk = 25 } })
  cond.add(c, "stunned")
  ex.gain(c, 2)
  eq(fight.speed(c), 5)
end)

test("audit: petrified: psychic and sonic untouched, cold 10 → 0, bludgeoning 12 → 12 (HB-COND-12)", function()
  local dmg = rules.need("mod5e.damage")
  local c = pc("statue", { hp = 200 })
  cond.add(c, "petrified")
  local function took(n, t)
    local hp = c:get("hp")
    dmg.apply(c, n, t)
    local l = hp - c:get("hp")
    c:set("hp", 200)
    return l
  end
  eq({ took(3, "psychic"), took(3, "sonic"), took(10, "cold"), took(12, "bludgeoning"), took(11, "slashing") },
    { 3, 3, 0, 12, 1 })
end)

test("audit: paralyzed: Str and Dex saves fail, attacks 2 adv, within 5 ft a critical (HB-COND-13)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "paralyzed")
  eq(core.test(c, { save = "str", dc = 1 }).success, false)
  local a = fight.assess(foe, c, nil, { distance = 5 })
  eq({ levels(a), a.crit }, { 2, true })
end)

test("audit: poisoned: saves and Reflex untouched, skill checks 1 dis (HB-COND-14)", function()
  local c = pc("c")
  cond.add(c, "poisoned")
  dice.force{ 15 }
  eq(core.test(c, { save = "reflex", dc = 1 }).net_adv, 0)
  dice.force{ 15, 4 }
  eq(core.test(c, { skill = "perception", dc = 1 }).net_adv, -1)
end)

test("audit: unconscious: Int save fails, attacks from 5 ft 3 adv and critical, it can't act (HB-COND-15)", function()
  local c, foe = pc("c"), pc("foe")
  cond.add(c, "unconscious")
  eq(core.test(c, { save = "int", dc = 1 }).success, false)
  local a = fight.assess(foe, c, nil, { distance = 5 })
  eq({ levels(a), a.crit }, { 3, true })
  eq(cond.can_act(c), false)
end)

test("audit: falling unconscious drops whatever it holds (HB-COND-15)", function()
  local sp = rules.need("mod5e.special")
  local c = pc("c")
  sp.set_hands(c, { name = "longsword" }, { name = "torch" })
  local r = cond.add(c, "unconscious")
  eq({ sp.hands(c).main, sp.hands(c).off, #r.dropped }, { nil, nil, 2 })
  ok(sp.free_hand(c))
  local s = pc("statue")
  sp.set_hands(s, { name = "spear" }, nil)
  cond.add(s, "petrified")
  eq(sp.hands(s).main.name, "spear", "a statue keeps its gear, turned to stone with it")
end)
