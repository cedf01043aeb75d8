-- The modded side of the REPL's table commands: the names they accept and
-- show (the seed's Chinese: the damage types with sonic, the attributes,
-- the standard actions, the skills the chapter names), and saving throws
-- by the modded rules (graded advantage, natural 20 and 1; "reflex" is
-- the Dexterity save, HB-CORE-07). Attacks, damage and dying at the table
-- are the kernel's, from the combat table.
local rules = require("rules")

local N = rules.need("mod5e.names")
local skills = {}
local ours = {}
for _, s in ipairs(N.skills) do ours[s.id] = s end
for _, s in ipairs(rules.need("5e.character").skills) do
  skills[#skills + 1] = ours[s.id] or s
end

rules.define("table.names", {
  damage = N.damage_types,
  ability = { N.abilities[1], N.abilities[2], N.abilities[3], N.abilities[4], N.abilities[5], N.abilities[6],
    { id = "reflex", en = "Reflex", zh = "反射豁免" } },
  action = N.actions,
  skill = skills,
})

rules.wrap("save", function(orig, c, ability, dc, opts)
  if ability == "reflex" or ability == "反射豁免" or ability == "反射" then ability = "dex" end
  return orig(c, ability, dc, opts)
end)
