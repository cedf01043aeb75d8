-- Gnoll [K] Monster Manual: HD 2, AC 5, move 9", one weapon (2-8), low to
-- average intelligence, large (7 ft).
local lib = require("core.1e.lib")
return lib.monster{
  id = "gnoll", name = { en = "Gnoll", zh = "豺狼人" },   -- not in source
  hd = "2", ac = 5, move = 9, int = 7, size = "L",
  tags = { "humanoid", "evil", "living" },
  attacks = { { name = "Weapon", damage = "2d4", type = "edged" } },
}
