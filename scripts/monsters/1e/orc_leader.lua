-- Orc leader [K] Monster Manual: a leader has 8 hit points and fights as a
-- gnoll (2 HD); its death or flight shakes the others' morale
-- (TBL-MORALE-WHEN: leader slain +30%).
local lib = require("core.1e.lib")
return lib.monster{
  id = "orc_leader", name = { en = "Orc leader", zh = "兽人首领" },
  hd = "2", hp = 8, ac = 6, move = 9, int = 9, size = "M",
  tags = { "humanoid", "evil", "living", "leader", "light_sensitive" },
  attacks = { { name = "Weapon", damage = "1d8", type = "edged" } },
}
