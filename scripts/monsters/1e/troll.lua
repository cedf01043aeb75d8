-- Troll [K] Monster Manual: HD 6+6 (attacks as 7 HD, TV-15), AC 4, move
-- 12", claw 5-8 / claw 5-8 / bite 2-12, low intelligence, large.
-- Regenerates 3 hp a round from the 3rd round after it is first hurt;
-- downed by anything but fire or acid it goes on regenerating and rises
-- again while the fight lasts.
local lib = require("core.1e.lib")
local ab = require("monsters.abilities.1e")
return lib.monster{
  id = "troll", name = { en = "Troll", zh = "巨魔" },   -- not in source
  hd = "6+6", ac = 4, move = 12, int = 6, size = "L",
  tags = { "giant_class", "evil", "living", "regenerates" },
  attacks = {
    { name = "Claw", damage = "1d4+4", type = "slashing" },
    { name = "Bite", damage = "2d6", type = "piercing" },
  },
  multiattack = { "Claw", "Claw", "Bite" },
  on = {
    ["turn.start"] = function(e) ab.regenerate(e.fighter, 3, 3) end,
    ["dying.turn"] = function(e)
      local c = e.fighter
      if ab.regenerate(c, 3, 3) > 0 then ab.rise(c) end
    end,
  },
}
