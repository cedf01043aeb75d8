-- ruleset: 1e
-- variants: 1e.artifacts
-- covers: 1E-ITEMSAVE-07
local sv = require("core.1e.saves")

test("artifacts: +3 on item saves, or indestructible", function()
  eq(sv.item_mods{ artifact = true, magic = 1 }, 5)
  dice.force{ 14 }
  eq(sv.item_save("Metal, hard", "disintegrate", { artifact = true }).success, true)
  eq(sv.item_save("Metal, hard", "disintegrate", { indestructible = true }).success, true)
  eq(sv.artifact_destroyed_by("artifact"), true)
  eq(sv.artifact_destroyed_by("fireball"), false)
end)
