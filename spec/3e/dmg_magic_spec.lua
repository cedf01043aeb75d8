-- ruleset: 3e
-- Magic as the DM runs it (DMG 3.0 pp. 93-96, inventory §12, TV-75..77):
-- what a target notices, divinations from the DM, reviewing new spells,
-- the damage caps; the variants' "off" cases (fixed DCs, XP paid, generic
-- summons).
-- covers: DMG-MAG-01 DMG-MAG-02 DMG-MAG-03 DMG-MAG-04
local S = require("core.3e.statblock")
local magic = require("core.3e.magic")
local MD = require("core.3e.magic_dmg")

local function goblin(id, will)
  return S.build{ id = id, hp = 5, level = 1, saves = { will = will or 0 }, natural = { { name = "Bite", damage = "1d4" } } }
end

test("DMG-MAG-01: a creature that saves senses a hostile force; one the spell takes notices nothing", function()
  fight.table()
  local m = fight.add(S.build{ id = "mialee", hp = 6, level = 1, abilities = { int = 15 }, tags = { "wizard" },
    weapons = { { name = "Dagger", damage = "1d4" } } }, { side = "party" })[1]
  local g1 = fight.add(goblin("g1"), { side = "foes" })[1]
  local g2 = fight.add(goblin("g2"), { side = "foes" })[1]
  dice.force{ 20, 19, 18 }
  fight.begin()
  local sensed = {}
  rules.on("spell.sensed", function(e) sensed[#sensed + 1] = e.target:get("id") .. ":" .. e.spell end)
  -- 2d4 = 2 + 2 HD: both goblins; Will DC 10 + 1 + Int 2 = 13: g1 5 fails, g2 15 saves
  dice.force{ 2, 2, 5, 15 }
  eq(magic.sleep(m, magic.spell.sleep, { { c = g1 }, { c = g2 } }), { "g1" })
  eq(sensed, { "g2:sleep" }, "only g2, which resisted, feels it")
  eq(MD.sensed(m, g1, magic.spell.sleep, false), false)
end)

test("DMG-MAG-02: a divination is answered by the DM's oracle, truthfully, a riddle still saying the truth", function()
  fails(function() MD.divine("augury", "is the bridge safe?") end, "oracle")
  fails(function() MD.divine("fireball", "?") end, "not a divination")
  MD.oracle = function(spell, q)
    if spell == "augury" then return "woe" end
    return { cryptic = true, truth = "silver door" }
  end
  eq(MD.divine("augury", "is the bridge safe?"), "woe")
  eq({ MD.divine("commune", "where is the crown?", 2) }, { "Seek the silver door, and the door will open.", "silver door" })
  MD.oracle = nil
end)

test("DMG-MAG-03: a new spell reviewed: class flavour, benchmarks, narrow use one level lower", function()
  local notes = MD.review{ level = 2, classes = { "wizard", "cleric" }, heals = true }
  eq({ #notes, notes[1].rule }, { 1, "flavour" }, "a wizard has no healing; a cleric may")
  eq(#MD.review{ level = 3, classes = { "paladin" }, attack = true }, 1)
  eq(#MD.review{ level = 3, classes = { "sorcerer" }, attack = true }, 0, "flashy attack magic is a sorcerer's")
  eq(MD.review{ level = 4, narrow = true }[1].text, "narrow use: may be one level lower (3)")
  eq(MD.review{ level = 1, benchmark = "above_sleep" }[1].rule, "benchmark")
  eq(MD.review{ level = 1, always = true }[1].rule, "level")
end)

test("DMG-MAG-04 (TV-75): Tables 3-22 and 3-23 [K] cell by cell; a cleric's d8 counts twice", function()
  local want = {
    { 5, nil, 1, nil }, { 10, 5, 5, 1 }, { 10, 10, 10, 5 }, { 15, 10, 10, 10 }, { 15, 15, 15, 10 },
    { 20, 15, 15, 15 }, { 20, 20, 20, 15 }, { 25, 20, 20, 20 }, { 25, 25, 25, 20 } }
  for lv, w in ipairs(want) do
    local c = MD.damage_caps
    eq({ c.arcane.single[lv], c.arcane.multiple[lv], c.divine.single[lv], c.divine.multiple[lv] }, w, "level " .. lv)
  end
  eq({ MD.within_cap{ level = 3, dice = 12, die = "d6" } }, { false, 12, 10 }, "12d6 at 3rd level: too strong")
  eq({ MD.within_cap{ level = 4, dice = 5, die = "d8", divine = true } }, { true, 10, 10 }, "5d8 divine counts 10")
  eq(MD.within_cap{ level = 4, dice = 6, die = "d8", divine = true }, false)
  eq(MD.within_cap{ level = 4, dice = 6, die = "d8" }, true, "an arcane d8 counts once")
  eq(MD.within_cap{ level = 1, dice = 1, die = "d6", multiple = true }, false, "no 1st-level multiple-target damage")
  fails(function() MD.within_cap{ level = 10, dice = 1 } end, "level = 1..9")
end)

test("variants off: a fixed DC; the XP paid; n creatures of the kind", function()
  eq(magic.spell_dc(3, 3), 16, "no die rolled (strict dice would fail one)")
  local caster = { id = "jozan", xp = 10000 }
  eq(MD.pay(caster, 500, { gp = 10000 }), "xp")
  eq(caster.xp, 9500, "a power component does nothing without the variant")
  local R = MD.roster("formian worker", { "Ssruu", "Ssrii", "Ssraa" })
  R.killed("Ssruu", 0)
  eq(R.summon(2, 5), { "formian worker", "formian worker" })
end)
