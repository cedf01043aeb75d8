-- DMG-SA-35 (variant): psionics are not magic. Antimagic does not affect
-- psionic powers and psionics cannot affect magic; spell resistance
-- (magic resistance) and immunities to magic do not stop them. The book
-- warns that psionic creatures then need psionic defences in treasure and
-- spell lists.
local rules = require("rules")
rules.variant{ id = "3e.psionics_not_magic", system = "3e", implements = { "DMG-SA-35" },
               name = { en = "Psionics are not magic", zh = "非魔法的灵能" } }
local types = require("monsters.abilities.types")
types.table.psionic = { dispel = false, sr = false, antimagic = false, provokes = true }
types.psionics_affect_magic = false
