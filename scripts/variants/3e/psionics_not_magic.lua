-- DMG-SA-35 (variant): psionics are not magic. Antimagic does not affect
-- psionic powers and psionics cannot affect magic; spell resistance
-- (magic resistance) and immunities to magic do not stop them. The book
-- warns that psionic creatures then need psionic defences in treasure and
-- spell lists.
local rules = require("rules")
rules.variant{ id = "3e.psionics_not_magic", system = "3e", implements = { "DMG-SA-35" },
               name = { en = "Psionics are not magic", zh = "非魔法的灵能" } }
local types = require("monsters.abilities.types")
local tbl = {}
for k, v in pairs(types.table) do tbl[k] = v end
tbl.psionic = { dispel = false, sr = false, antimagic = false, provokes = true }
rules.merge("abilities.types", { table = tbl, psionics_affect_magic = false })
