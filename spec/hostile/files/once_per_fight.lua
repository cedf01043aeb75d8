-- ruleset: 5e
-- State a trial must not pass to the next: a module-level "once per fight"
-- flag, a table the hooks fill, and a hook registered in the middle of a
-- fight. Played in one runtime without isolation, only a worker's first
-- trial would get the once-per-fight damage, so -j 1 and -j 2 would differ
-- and `dndsh run --trial I` would not replay trial I of a sim.
local fight = require("fight")
local rules = require("rules")

local used = false -- once per fight: the first hit of the fight deals 20 more
local seen = {}    -- hits this fight; from the fifth on, +1 to hit

return fight.encounter{
  name = "once per fight",
  sides = {
    { name = "heroes", members = {
      { id = "hero", count = 2, stat = {
        name = "Hero", hp = 24, ac = 15, init = 1,
        attacks = { { name = "Sword", bonus = 3, damage = "1d8+2", type = "slashing" } },
        on = {
          ["attack.roll"] = { phase = "modify", fn = function(e)
            if #seen >= 4 then
              e.bonus = e.bonus + 1
            end
          end },
          ["damage.roll"] = { phase = "result", fn = function(e)
            seen[#seen + 1] = e.target
            if not used then
              used = true
              e.damage = e.damage + 20
              -- registered once per fight, mid-fight: it must not outlive it
              rules.on("damage.roll", function(d) d.damage = d.damage + 1 end, { phase = "result" })
            end
          end },
        },
      } },
    } },
    { name = "orcs", members = {
      { id = "orc", count = 2, stat = {
        name = "Orc", hp = 15, ac = 13, init = 0,
        attacks = { { name = "Axe", bonus = 5, damage = "1d12+3", type = "slashing" } },
      } },
    } },
  },
}
