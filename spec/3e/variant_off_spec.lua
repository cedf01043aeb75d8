-- ruleset: 3e
-- The same situations as the 3.0 variant specs (variant_*_spec.lua) with
-- the variants off: quick ability loss, psionics are not magic, scent as
-- a feat.
-- covers: DMG-SA-07 DMG-SA-35 DMG-SA-40
local S = require("core.3e.statblock")
local AD = require("monsters.abilities.ability_damage")
local TY = require("monsters.abilities.types")
local SR = require("monsters.abilities.spell_resistance")

test("quick ability loss off: Str 15 losing 5 is Str 10 (recomputed), no penalty; Con loss costs hit points", function()
  local c = creature.new(S.build{ id = "pc", hp = 60, level = 7, abilities = { str = 15, con = 16 },
    weapons = { { name = "Waraxe", damage = "1d10" } } })
  AD.damage(c, "str", 5)
  eq({ c:ability("str"), AD.quick_penalty(c, "str", "attack") }, { 10, 0 })
  AD.damage(c, "con", 3)
  eq(c:get("max_hp"), 46)
end)

test("psionics off: a psionic power is a spell-like ability: spell resistance and antimagic stop it", function()
  eq({ TY.sr_applies("psionic"), TY.suppressed_by_antimagic("psionic"), TY.antimagic{ kind = "psionic" } },
     { true, true, "suppressed" })
  local stat = { id = "golem", hp = 30, natural = { { name = "Slam", damage = "1d8" } } }
  SR.apply(stat, { value = 30 })
  local c = creature.new(S.build(stat))
  dice.force{ 5 }
  eq(SR.check({ caster_level = 10 }, c, { ability = "psionic" }).affected, false)
end)

test("scent feat off: no such feat", function()
  local okk, err = pcall(S.build, { id = "krusk", hp = 10, race = "half-orc", player = true, abilities = { wis = 12 },
    feats = { "scent" }, weapons = { { name = "Axe", damage = "1d12" } } })
  ok(not okk and string.find(err, "unknown feat \"scent\"", 1, true), err)
end)
