-- ruleset: 3e
-- variants: 3e.psionics_not_magic
-- covers: DMG-SA-35
local S = require("core.3e.statblock")
local TY = require("monsters.abilities.types")
local SR = require("monsters.abilities.spell_resistance")

test("(on) antimagic does not touch psionic powers; spell resistance does not stop them (no roll)", function()
  eq({ TY.sr_applies("psionic"), TY.suppressed_by_antimagic("psionic"), TY.antimagic{ kind = "psionic" } },
     { false, false, "works" })
  local stat = { id = "golem", hp = 30, natural = { { name = "Slam", damage = "1d8" } } }
  SR.apply(stat, { value = 30 })
  local c = creature.new(S.build(stat))
  eq(SR.check({ caster_level = 10 }, c, { ability = "psionic" }).affected, true)
  eq(TY.psionics_affect_magic, false)
  -- spells are still magic
  dice.force{ 5 }
  eq(SR.check({ caster_level = 10 }, c, { ability = "spell" }).affected, false)
end)
