-- ruleset: 3e
-- variants: 3e.power_components
-- covers: DMG-MAG-06
local MD = require("core.3e.magic_dmg")

test("TV-76: 500 XP -> a component of 5,000 gp (x10) or 10,000 gp (x20) is used up in its place", function()
  eq({ MD.power_component_gp(500), MD.power_component_gp(500, 20) }, { 5000, 10000 })
  fails(function() MD.power_component_gp(500, 15) end, "10 or 20")
  local caster = { id = "jozan", xp = 10000 }
  local horn = { gp = 10000 }
  eq(MD.pay(caster, 500, horn), "component")
  eq({ caster.xp, horn.used }, { 10000, true }, "greater restoration without the XP (off: 9,500, dmg_magic_spec)")
  eq(MD.pay(caster, 500, { gp = 4999 }), "xp", "worth too little")
  eq(MD.pay(caster, 500, { gp = 20000, allowed = false }), "xp", "the DM may restrict which spells allow it")
  eq(caster.xp, 9000)
end)
