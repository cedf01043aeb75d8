-- Hobgoblin [K] Monster Manual: HD 1+1, AC 5, move 9", one weapon (1-8),
-- average intelligence.
local lib = require("core.1e.lib")
return lib.monster{
  id = "hobgoblin", name = { en = "Hobgoblin", zh = "大地精" },
  hd = "1+1", ac = 5, move = 9, int = 9, size = "M",
  tags = { "humanoid", "evil", "living" },
  attacks = { { name = "Weapon", damage = "1d8", type = "edged" } },
}
