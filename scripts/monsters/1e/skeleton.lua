-- Skeleton [K] Monster Manual: HD 1, AC 7, move 12", one weapon (1-6),
-- mindless undead (no morale); edged and piercing weapons do half damage.
local lib = require("core.1e.lib")
return lib.monster{
  id = "skeleton", name = { en = "Skeleton", zh = "骷髅" },
  hd = "1", ac = 7, move = 12, int = "non", size = "M", undead = "skeleton",
  traits = { { kind = "resist", type = "edged" }, { kind = "resist", type = "slashing" }, { kind = "resist", type = "piercing" } },
  attacks = { { name = "Weapon", damage = "1d6", type = "edged" } },
}
