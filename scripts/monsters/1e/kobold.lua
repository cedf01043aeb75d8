-- Kobold [K] Monster Manual: HD 1/2 (1-4 hp), AC 7, move 6", one weapon
-- (1-4), average (low) intelligence, small. It attacks on the "up to 1-1"
-- column of TBL-MATRIX-MON.
local lib = require("core.1e.lib")
return lib.monster{
  id = "kobold", name = { en = "Kobold", zh = "狗头人" },
  hd = "1/2", ac = 7, move = 6, int = 8, size = "S",
  tags = { "humanoid", "evil", "living" },
  attacks = { { name = "Weapon", damage = "1d4", type = "edged" } },
}
