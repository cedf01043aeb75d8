-- Orc [K] Monster Manual: HD 1, AC 6, move 9", one weapon (1-8), average
-- (low) intelligence, lawful evil. Morale from its hit dice (50%,
-- 1E-MORALE-05).
local lib = require("core.1e.lib")
return lib.monster{
  id = "orc", name = { en = "Orc", zh = "兽人" },
  hd = "1", ac = 6, move = 9, int = 8, size = "M",
  tags = { "humanoid", "evil", "living", "light_sensitive" },
  attacks = { { name = "Weapon", damage = "1d8", type = "edged" } },
}
