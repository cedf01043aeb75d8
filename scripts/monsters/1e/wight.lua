-- Wight [K] Monster Manual: HD 4+3, AC 5, move 12", touch 1-4 and energy
-- drain (a level per hit); hit only by silver or magic weapons; undead.
local lib = require("core.1e.lib")
local ab = require("monsters.abilities.1e")
local fight = require("fight")
return lib.monster{
  id = "wight", name = { en = "Wight", zh = "尸妖" },
  hd = "4+3", ac = 5, move = 12, int = 9, size = "M", undead = "wight",
  tags = { "evil", "hit_by:silver", "touch_harms" },
  attacks = { { name = "Touch", damage = "1d4", type = "cold" } },
  on = {
    -- after the blow lands (the hook of damage.apply, scoped to the wight
    -- as the attacker)
    ["damage.apply"] = { phase = "after", only = "actor", fn = function(e)
      if not fight.is(e.target, "dead") then ab.drain(e.target) end
    end },
  },
}
