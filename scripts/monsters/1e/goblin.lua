-- Goblin [K] Monster Manual: HD 1-1, AC 6, move 6", one weapon (1-6),
-- low to average intelligence, small.
local lib = require("core.1e.lib")
return lib.monster{
  id = "goblin", name = { en = "Goblin", zh = "地精" },
  hd = "1-1", ac = 6, move = 6, int = 7, size = "S",
  tags = { "humanoid", "evil", "living", "light_sensitive" },
  attacks = { { name = "Weapon", damage = "1d6", type = "edged" } },
}
