-- Zombie [K] Monster Manual: HD 2, AC 8, move 6", one blow (1-8), mindless
-- undead that always strike last in a round.
local lib = require("core.1e.lib")
return lib.monster{
  id = "zombie", name = { en = "Zombie", zh = "僵尸" },
  hd = "2", ac = 8, move = 6, int = "non", size = "M", undead = "zombie",
  tags = { "strikes_last", "weaponless" },
  attacks = { { name = "Blow", damage = "1d8", type = "bludgeoning" } },
}
