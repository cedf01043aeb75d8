-- Ogre [K] Monster Manual: HD 4+1, AC 5, move 9", one attack (1-10), low
-- intelligence, large. Its blows count as crushing blows against items
-- (TBL-ITEMSAVE-FORMS).
local lib = require("core.1e.lib")
return lib.monster{
  id = "ogre", name = { en = "Ogre", zh = "食人魔" },
  hd = "4+1", ac = 5, move = 9, int = 6, size = "L",
  tags = { "giant_class", "evil", "living", "crushing_blows" },
  attacks = { { name = "Club", damage = "1d10", type = "bludgeoning" } },
}
