-- Audit (independent cases): inventory sections 11 and 14: the grappled
-- state's hands, prone against reach, two-weapon fighting's off hand.
-- ruleset: mod5e
-- covers: HB-SPECIAL-03 HB-SPECIAL-09 HB-SPECIAL-11 HB-COND-05 HB-COND-11 HB-VIS-12 HB-ACT-05 HB-ATTACK-11

local ch = require("core.5e.character")
local sp = rules.need("mod5e.special")
local mv = rules.need("mod5e.movement")
local turn = rules.need("mod5e.turn")

local function pc(id, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 30, level = 1, abilities = { str = 14, dex = 16, con = 10, int = 10, wis = 10, cha = 10 } }
  c:set("ac", 12)
  c:set("pos", opts.pos or { x = 0, y = 0 })
  c:set("speed", { walk = 30 })
  mv.set_size(c, "medium")
  return c
end

local function lv(a, b, opts)
  local r = fight.assess(a, b, nil, opts or { distance = 5 })
  return r.adv - r.dis
end

test("audit: a prone target hit with a reach weapon from 10 ft: 1 dis (farther than 5 ft) (HB-COND-05)", function()
  local a, t = pc("a"), pc("t", { pos = { x = 2, y = 0 } })
  t:add_condition("prone")
  eq(lv(a, t, { distance = 10, reach = 10 }), -1)
end)

test("audit: an invisible attacker against a blinded target: 2 adv, not 4 (HB-VIS-12)", function()
  local a, t = pc("a"), pc("t", { pos = { x = 1, y = 0 } })
  a:add_condition("invisible")
  t:add_condition("blinded")
  eq(lv(a, t), 2)
end)

test("audit: grappled: a natural weapon that is not light has 1 dis; an unarmed strike none (HB-SPECIAL-09)", function()
  local g, t = pc("g"), pc("t", { pos = { x = 1, y = 0 } })
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  eq(lv(t, g, { distance = 5, tags = { "natural" } }), -1)
  eq(lv(t, g, { distance = 5, tags = { "unarmed" } }), 0)
  eq(sp.two_handed_allowed(g), false)
end)

test("audit: grappled and restrained: a longsword at 2 dis (the two add) (HB-SPECIAL-09, HB-COND-09)", function()
  local g, t = pc("g"), pc("t", { pos = { x = 1, y = 0 } })
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  t:add_condition("restrained")
  eq(lv(t, g), -2)
  eq(lv(g, t), 0, "the grappler: -1 grappled, +1 the target restrained")
end)

test("audit: two-weapon fighting's off-hand weapon must be a light melee weapon (HB-SPECIAL-03)", function()
  local c, foe = pc("c"), pc("foe", { pos = { x = 1, y = 0 } })
  local short = { name = "shortsword", light = true }
  sp.set_hands(c, short, { name = "handaxe", light = true, thrown = true })
  local t = turn.start(c)
  ok(t:act("attack", { weapon = short }))
  dice.force{ 14, 3 }
  local r = sp.off_hand(c, foe, t, { damage = "1d6", damage_type = "slashing", thrown = true, thrown_now = true,
    range = { 20, 60 } })
  eq({ r.hit, r.damage }, { true, 6 }, "thrown: Str or Dex (the source: thrown lets it use the other), Dex 3: 3 + 3")
  sp.set_hands(c, short, { name = "longsword" })
  local t2 = turn.start(c)
  t2:act("attack", { weapon = short })
  eq((sp.off_hand(c, foe, t2, { damage = "1d8" })), nil, "the longsword is not light")
end)

-- ---- stunned is not incapacitated (失能) in these rules ----

test("audit: a stunned grappler keeps its hold; an incapacitated one lets go (HB-SPECIAL-11, HB-COND-11)", function()
  local g, t = pc("g"), pc("t", { pos = { x = 1, y = 0 } })
  dice.force{ 15, 3 }
  sp.grapple(g, t)
  g:add_condition("stunned")
  eq(sp.check_grapple(g, t), false)
  ok(t:has("grappled"))
  g:add_condition("paralyzed")
  ok(sp.check_grapple(g, t))
end)

test("audit: a stunned dodger keeps its Dodge: attacks against it 1 dis + 1 adv = 0, Reflex 1 adv + 1 dis = 0 (HB-ACT-05, HB-COND-11)", function()
  local c, foe = pc("c"), pc("foe", { pos = { x = 1, y = 0 } })
  turn.start(c):act("dodge")
  c:add_condition("stunned")
  eq(lv(foe, c), 0, "stunned +1, dodging -1")
  dice.force{ 9 }
  eq(rules.need("mod5e.core").test(c, { save = "reflex", dc = 1 }).net_adv, 0)
  c:add_condition("incapacitated")
  eq(lv(foe, c), 3, "incapacitated: the dodge lapses; +2 and +1")
end)

test("audit: a stunned hostile next to an archer still hampers its shot; an incapacitated one not (HB-ATTACK-11)", function()
  local archer, t = pc("archer"), pc("t", { pos = { x = 6, y = 0 } })
  archer:set("side", "us")
  t:set("side", "them")
  local brute = pc("brute", { pos = { x = 1, y = 0 } })
  brute:set("side", "them")
  brute:add_condition("stunned")
  local opts = { ranged = true, range = { 80, 320 }, enemies = { brute } }
  eq(lv(archer, t, opts), -1)
  brute:add_condition("paralyzed")
  eq(lv(archer, t, opts), 0)
end)

test("audit: in a fight, a stunned dodger keeps its Dodge against the next attack (HB-ACT-05)", function()
  local got
  local h = rules.on("turn.act", function(e)
    if got then return end
    local orc = fight.get("orc")
    orc:add_condition("dodging", { source = "dodge" })
    orc:add_condition("stunned")
    local a = fight.assess(fight.get("knight"), orc, "Sword")
    got = a.adv - a.dis
    e.acted = true
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
  end, { phase = "after" })
  dice.force{ 15, 5 }
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = { id = "knight", hp = 10, ac = 10, attacks = { { name = "Sword", bonus = 0, damage = "1" } } } } } },
    { name = "b", members = { { stat = { id = "orc", hp = 10, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1" } } } } } } } })
  rules.off(h)
  eq(got, 0, "stunned +1, dodging -1")
end)
