-- Ghoul [K] Monster Manual: HD 2, AC 6, move 9", claw 1-3 / claw 1-3 /
-- bite 1-6, each hit paralyses for 3-12 rounds unless the victim saves vs
-- paralyzation (elves are immune); undead, turned on the Ghoul row.
local lib = require("core.1e.lib")
local ab = require("monsters.abilities.1e")
local fight = require("fight")
return lib.monster{
  id = "ghoul", name = { en = "Ghoul", zh = "食尸鬼" },
  hd = "2", ac = 6, move = 9, int = 6, size = "M", undead = "ghoul",
  tags = { "evil", "touch_harms" },
  attacks = {
    { name = "Claw", damage = "1d3", type = "slashing" },
    { name = "Bite", damage = "1d6", type = "piercing" },
  },
  multiattack = { "Claw", "Claw", "Bite" },
  on = {
    -- after the blow lands (the hook of damage.apply, scoped to the ghoul
    -- as the attacker)
    ["damage.apply"] = { phase = "after", only = "actor", fn = function(e)
      if not fight.is(e.target, "out") then ab.paralyze(e.target, "3d4") end
    end },
  },
}
