-- 1E-ITEMSAVE-07 (optional): artifacts and relics are indestructible by
-- normal or magical means, or get +3 on item saves, or yield only to other
-- artifacts or the gods.
local rules = require("rules")
rules.variant{ id = "1e.artifacts", system = "1e", implements = { "1E-ITEMSAVE-07" },
               name = { en = "Artifacts and relics", zh = "神器与遗物" } }
local saves = require("core.1e.saves")
saves.artifact_bonus = 3
function saves.artifact_destroyed_by(source)
  return source == "artifact" or source == "deity"
end
