-- The modded 5e, inventory section 5 and T-1, T-2: the turn, the swift
-- action, the reaction, incidental actions and the standard actions
-- (TV-06).
-- ruleset: mod5e
-- covers: HB-TURN-01 HB-TURN-02 HB-TURN-03 HB-TURN-04 HB-TURN-05 HB-TURN-06
-- covers: HB-ACT-00 HB-ACT-01 HB-ACT-02 HB-ACT-03 HB-ACT-04 HB-ACT-05 HB-ACT-06 HB-ACT-09 HB-ACT-10 HB-ACT-11

local ch = require("core.5e.character")
local turn = rules.need("mod5e.turn")
local core = rules.need("mod5e.core")
local names = rules.need("mod5e.names")

local function pc(id, pos)
  local c = ch.new{ id = id, max_hp = 20, level = 1, abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    skills = { "athletics" } }
  c:set("speed", { walk = 30 })
  c:set("ac", 12)
  c:set("pos", pos or { x = 0, y = 0 })
  return c
end

local function levels(a) return a.adv - a.dis end

test("a turn: one move, one swift action, one standard action, one reaction (HB-TURN-01)", function()
  local t = turn.start(pc("c"), { swift = { "second_wind" } })
  eq({ t.actions, t.swifts, t.move:left() }, { 1, 1, 30 })
  eq(rules.need("combat").slots, { action = 1, swift = 1, reaction = { count = 1, off_turn = true } },
    "the fights' slots")
  ok(t:act("dash"))
  eq((t:act("dodge")), false, "one standard action")
end)

test("the swift action: only what a feature grants, one a turn, none while actions are taken away (HB-TURN-02)", function()
  local c = pc("c")
  local t = turn.start(c)
  eq((t:swift("cunning_action")), false, "no feature grants it")
  c:add_tag("swift:cunning_action")
  t = turn.start(c)
  ok(t:swift("cunning_action"))
  eq((t:swift("cunning_action")), false, "one a turn")
  c:add_condition("stunned")
  t = turn.start(c)
  eq({ t.actions, t.swifts }, { 0, 0 })
  eq((t:swift("cunning_action")), false)
end)

test("the reaction: off one's turn, once, back at the start of the next turn; not while actions are lost (HB-TURN-03)", function()
  local c = pc("c")
  turn.start(c)
  ok(turn.reaction(c))
  eq((turn.reaction(c)), false)
  turn.start(c)
  ok(turn.reaction(c), "back at the start of its turn")
  c:add_condition("stunned")
  turn.start(c)
  eq((turn.reaction(c)), false, "stunned: no reactions")
end)

test("the move: up to the speed (HB-TURN-04)", function()
  local t = turn.start(pc("c"))
  ok(t:move_feet(25))
  eq((t:move_feet(10)), false)
  ok(t:move_feet(5))
end)

test("the incidental action: one effortless thing while attacking or moving; a second takes the action (HB-TURN-05, HB-ACT-10)", function()
  eq(#names.incidental, 16)
  eq(names.incidental[1].zh, "将一把武器拔出或收起")
  local t = turn.start(pc("c"))
  eq({ t:incidental("draw_weapon") }, { true, "free" })
  eq({ t:incidental("door") }, { true, "action" }, "a second interaction uses the action (Use an Object)")
  eq((t:incidental("torch")), false, "and then there is none left")
  local t2 = turn.start(pc("d"))
  eq({ t2:incidental("bomb", { complex = true }) }, { true, "action" }, "a complex one takes the action")
end)

test("a few words are free; a long speech or working machinery takes the action (HB-TURN-06)", function()
  local t = turn.start(pc("c"))
  eq({ t:speak() }, { true, "free" })
  eq({ t:speak(true) }, { true, "action" })
  eq((t:speak(true)), false)
  local d = pc("d")
  d:add_condition("incapacitated")
  eq((turn.start(d):speak()), false, "incapacitated: no speech")
end)

test("T-1: the eleven standard actions, and actions features grant (HB-ACT-00, HB-ACT-11)", function()
  local zh = {}
  for _, a in ipairs(names.actions) do zh[#zh + 1] = a.zh end
  eq(zh, { "攻击", "施法", "疾走", "撤离", "回避", "协助", "躲藏", "搜索", "预备", "物件交互", "其他即兴动作" })
  local t = turn.start(pc("c"))
  eq((t:act("lay_on_hands")), false, "not an action of the rules")
  ok(t:act("lay_on_hands", { feature = true }), "a feature's action")
  local t2 = turn.start(pc("d"))
  ok(t2:act("improvise"), "anything else: the GM rules on it")
end)

test("Attack: one attack, or more when a feature says so (HB-ACT-01)", function()
  local t = turn.start(pc("c"))
  ok(t:act("attack"))
  ok(t:melee_attack())
  eq((t:melee_attack()), false)
  local t2 = turn.start(pc("d"))
  t2:act("attack", { attacks = 2 })
  ok(t2:melee_attack()); ok(t2:melee_attack())
end)

test("Cast a Spell takes the action (HB-ACT-02)", function()
  local t = turn.start(pc("c"))
  ok(t:act("cast"))
  eq(t.actions, 0)
end)

test("Dash: another move equal to the speed (HB-ACT-03)", function()
  local t = turn.start(pc("c"))
  ok(t:act("dash"))
  eq(t.move:left(), 60)
end)

test("Disengage: the rest of the turn's movement provokes no opportunity attack (HB-ACT-04)", function()
  local c = pc("c")
  local t = turn.start(c)
  ok(t:act("disengage"))
  ok(c:has_tag("disengaged"))
  local foe = pc("foe", { x = 1, y = 0 })
  local ok_, why = rules.need("5e.attack").provokes(c, foe, "move")
  eq({ ok_, why }, { false, "disengaged" })
  turn.start(c)
  eq(c:has_tag("disengaged"), false, "the next turn moves as usual")
end)

test("Dodge: attacks against it 1 dis, its Reflex 1 adv, until its next turn; lost while incapacitated or at speed 0 (HB-ACT-05)", function()
  local c, foe = pc("c"), pc("foe", { x = 1, y = 0 })
  local t = turn.start(c)
  t:act("dodge")
  eq(levels(fight.assess(foe, c, nil, { distance = 5 })), -1, "whether it sees the attacker or not")
  dice.force{ 3, 16 }
  eq(core.test(c, { save = "reflex", dc = 10 }).natural, 16)
  c:add_condition("restrained")
  eq(levels(fight.assess(foe, c, nil, { distance = 5 })), 1, "speed 0: the dodge lapses (restrained +1 only)")
  dice.force{ 3, 16 }
  eq(core.test(c, { save = "reflex", dc = 10 }).net_adv, -1)
  c:remove_condition("restrained")
  turn.start(c)
  eq(c:has("dodging"), false, "over at the start of its next turn")
end)

test("TV-06: Help from 30 ft: the ally's next attack on that enemy 1 adv; implausible help is refused; helpers add (HB-ACT-06)", function()
  local helper, ally, other = pc("helper"), pc("archer"), pc("other")
  local enemy = pc("enemy", { x = 6, y = 0 })
  ok(turn.help(helper, ally, { against = enemy }))
  local atk = rules.need("mod5e.attack")
  dice.force{ 4, 15 }
  local r = atk.roll(ally, enemy, { attack = "ranged", range = { 80, 320 } })
  eq({ r.net_adv, r.natural }, { 1, 15 }, "helped")
  dice.force{ 4 }
  eq(atk.roll(ally, enemy, { attack = "ranged", range = { 80, 320 } }).net_adv, 0, "used up by that attack")
  turn.help(helper, ally, { against = enemy })
  dice.force{ 4 }
  eq(atk.roll(other, enemy, { attack = "ranged", range = { 80, 320 } }).net_adv, 0, "only the ally named")
  eq((turn.help(helper, ally, { skill = "athletics", plausible = false })), nil, "the GM rules it implausible")
  turn.help(helper, ally, { skill = "athletics" })
  turn.help(other, ally, { skill = "athletics" })
  dice.force{ 2, 9, 17 }
  r = core.test(ally, { skill = "athletics", dc = 10 })
  eq({ r.net_adv, r.natural }, { 2, 17 }, "two helpers: 2 adv (AMB-12)")
end)

test("Ready: a trigger and an action for the reaction; a held spell needs concentration and fades if never used (HB-ACT-09, AMB-13)", function()
  local c = pc("mage")
  c:set_resource("slot_1", { max = 2 })
  c:add_condition("concentrating", { source = "bless" })
  local t = turn.start(c)
  eq((t:ready("door opens", "cast", { spell = "sleep", casting_time = "bonus" })), false, "only 1-action spells")
  ok(t:ready("door opens", "cast", { spell = "magic missile", slot = "slot_1" }))
  eq(c:resource("slot_1").current, 1, "the slot is spent when it is cast to be held")
  eq(c:conditions("concentrating")[1].source, "readied:magic missile", "the earlier concentration ended")
  eq(turn.trigger(c, "door opens"), "cast")
  eq((turn.trigger(c, "door opens")), nil, "the reaction is used")
  local t2 = turn.start(c)
  ok(t2:ready("orc charges", "attack"))
  eq(turn.lapse(c), 1, "never triggered: lost at its next turn")
  eq(c:has("readied"), false)
end)
