-- D&D 5e (2024): Concentration (appendix A [K✓ SRD 5.2, corrected]) and
-- the Bless spell of the Cleric and the Paladin that uses it, with forced
-- dice.
-- ruleset: 5e
-- covers: 5E-CND-09

local ch = require("core.5e.character")
local conc = rules.need("5e.concentration")
local dmg = rules.need("5e.damage")
local cleric = require("core.5e.classes.cleric")
local util = require("core.5e.util")

local function caster(id, con)
  return ch.new{ id = id or "caster", max_hp = 40, level = 5,
    abilities = { str = 10, dex = 10, con = con or 10, int = 10, wis = 16, cha = 10 } }
end

-- an effect that records how it ended
local function effect(name, log)
  return { name = name, ends = function(_, why) log[#log + 1] = name .. ":" .. why end }
end

test("one Concentration effect at a time: starting another ends the first; the creator may drop it", function()
  local c, log = caster(), {}
  conc.start(c, effect("bless", log))
  eq({ conc.holds(c), conc.effect(c).name, c:has("concentrating") }, { true, "bless", true })
  conc.start(c, effect("hold", log))
  eq(log, { "bless:replaced" })
  eq(conc.effect(c).name, "hold")
  conc.stop(c)
  eq(log, { "bless:replaced", "hold:dropped" })
  eq({ conc.holds(c), c:has("concentrating") }, { false, false })
end)

test("damage: a Constitution save against max(10, half the damage), at most 30", function()
  eq({ conc.dc(1), conc.dc(21), conc.dc(22), conc.dc(59), conc.dc(60), conc.dc(100) }, { 10, 10, 11, 29, 30, 30 })
  local c, log = caster(), {}
  conc.start(c, effect("bless", log))
  -- 5 damage: DC 10, d20 10 (Con +0) holds
  dice.force{ 10 }
  eq(dmg.apply(c, 5, "slashing").concentration, true)
  -- 22 damage: DC 11, d20 10 fails
  dice.force{ 10 }
  eq(dmg.apply(c, 22, "slashing").concentration, false)
  eq(log, { "bless:damage" })
  -- 100 damage capped at DC 30: d20 20 + Con 30 (+10) holds (DC 50 would not)
  local big, log2 = caster("big", 30), {}
  big:set("max_hp", 200)
  big:set("hp", 200)
  conc.start(big, effect("bless", log2))
  dice.force{ 20 }
  eq({ conc.damaged(big, 100) }, { true, 30 })
  eq(log2, {})
  -- no damage, no save (a save would draw a die)
  eq(conc.damaged(big, 0), true)
end)

test("Incapacitated or dead: the Concentration breaks (5E-CND-09)", function()
  local c, log = caster(), {}
  conc.start(c, effect("bless", log))
  c:add_condition("stunned")
  eq(conc.holds(c), false, "Stunned includes Incapacitated")
  eq(log, { "bless:incapacitated" })
  fails(function() conc.start(c, effect("again", log)) end, "cannot concentrate")
  c:remove_condition("stunned")
  conc.start(c, effect("again", log))
  dmg.apply(c, 40, "slashing")
  eq(conc.holds(c), false, "at 0 HP: Unconscious")
  eq(log, { "bless:incapacitated", "again:incapacitated" })
end)

test("Bless: +1d4 on attack rolls and saves of up to three creatures while the caster concentrates", function()
  local cl, ally, third, fourth = caster("cleric"), caster("ally"), caster("third"), caster("fourth")
  cleric.cast_bless(cl, { cl, ally, third })
  eq({ ally:has("blessed"), fourth:has("blessed") }, { true, false })
  -- a save: d20 9, then the 1d4 3: 12 (Con +0)
  dice.force{ 9, 3 }
  eq({ util.save(ally, "con", 12) }, { true, 12, 9 })
  -- a D20 Test attack: the 1d4 (2) first, then the d20 10
  dice.force{ 2, 10 }
  local r = rules.need("5e.d20_test")(ally, { kind = "attack", ability = "str", ac = 12 })
  eq({ r.natural, r.total, r.success }, { 10, 12, true })
  -- the caster (blessed itself) fails its Concentration save, d20 1 + 1d4
  -- 1: everyone's Bless ends
  dice.force{ 1, 1 }
  dmg.apply(cl, 22, "slashing")
  eq({ cl:has("blessed"), ally:has("blessed"), third:has("blessed"), cl:has("concentrating") }, { false, false, false, false })
  dice.force{ 9 }
  eq(util.save(ally, "con", 12), false, "no 1d4 any more")
end)

-- A fight: a 1st-level cleric (setting bless) and a fighter against an
-- orc. Initiative cleric 20, fighter 15, orc 1.
local function party(bless)
  local c = util.character({ id = "cleric", name = "Cleric", hp = 9, ac = 10, plan = { bless = bless },
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 16, cha = 10 },
    attacks = { { name = "Mace", bonus = 2, damage = "1d6", type = "bludgeoning" } } }, { level = 1 })
  cleric.apply(c, 1)
  local f = { id = "fighter", name = "Fighter", hp = 20, ac = 30, tactics = "first",
    attacks = { { name = "Sword", bonus = 0, damage = "1d8", type = "slashing" } } }
  local orc = { id = "orc", name = "Orc", hp = 30, ac = 15, tactics = "first",
    attacks = { { name = "Axe", bonus = 5, damage = "1d12", type = "slashing" } } }
  return fight.encounter{ max_rounds = 2, sides = {
    { name = "party", members = { { stat = c }, { stat = f } } }, { name = "foes", members = { { stat = orc } } } } }
end

test("in a fight: the cleric blesses itself and the fighter; a hit it fails to shrug off ends Bless for both", function()
  local totals = {}
  rules.on("attack.roll", function(e)
    totals[#totals + 1] = e.attacker:get("id") .. ":" .. e.natural .. "=" .. e.total
  end, { phase = "result" })
  -- round 1: the cleric casts Bless (cleric, fighter); the fighter: its
  -- 1d4 (3), d20 10 = 13, a miss; the orc hits the cleric (d20 15, 1d12 =
  -- 4: DC 10), the cleric's Constitution save: d20 2 + 1d4 (Bless) 1 = 3,
  -- failed: Bless ends for both. Round 2: the cleric, concentrating on
  -- nothing, casts it again with its second slot; the fighter: 1d4 2, d20
  -- 6 = 8; the orc (not blessed) misses, d20 1
  dice.force{ 20, 15, 1, 3, 10, 15, 4, 2, 1, 2, 6, 1 }
  local r = fight.run(party(true), { trace = true })
  eq(totals, { "fighter:10=13", "orc:15=20", "fighter:6=8", "orc:1=6" })
  local casts, lost = {}, {}
  for _, l in ipairs(r.log) do
    if l:match("casts Bless") then casts[#casts + 1] = l end
    if l:match("loses Concentration") then lost[#lost + 1] = l end
  end
  eq(casts, { "cleric casts Bless (level 1): cleric, fighter", "cleric casts Bless (level 1): cleric, fighter" })
  eq(lost, { "cleric loses Concentration on bless (damage)" })
end)

test("in a fight: Bless is off by default (the slots are kept for healing)", function()
  local totals = {}
  rules.on("attack.roll", function(e) totals[#totals + 1] = e.attacker:get("id") .. ":" .. e.total end, { phase = "result" })
  -- round 1: the cleric's Mace d20 5, the fighter's 1, the orc's 6 hits
  -- (1d12 = 1); round 2: 1, 1, 1
  dice.force{ 20, 15, 1, 5, 1, 6, 1, 1, 1, 1 }
  fight.run(party(nil))
  eq(totals, { "cleric:7", "fighter:1", "orc:11", "cleric:3", "fighter:1", "orc:6" })
end)
