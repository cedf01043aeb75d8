-- 1E-TOHIT-06 (optional): the repeated 20s of the attack matrices need a
-- natural 20. Bonuses count only up to a total of 20: 19 and the first 20
-- are reached with bonuses, any repeated 20 needs a natural 20, 21 a
-- natural 20 and +1, 22 a natural 20 and +2 (TV-19).
local rules = require("rules")
local tohit = require("core.1e.tohit")

rules.variant{ id = "1e.natural_twenties", system = "1e", implements = { "1E-TOHIT-06" },
               name = { en = "Repeated 20s need a natural 20", zh = "重复的 20 须掷出自然 20" } }

-- hits(natural, bonus, need, index): index is the cell's place among its
-- column's 20s (1 the first, 2-6 the repeated ones; tohit.twenty).
function tohit.natural_hits(natural, bonus, need, index)
  if need < 20 or (need == 20 and index <= 1) then return natural + bonus >= need end
  if need == 20 then return natural == 20 end
  return natural == 20 and bonus >= need - 20
end

rules.on("attack.roll", function(e)
  if e.needed < 20 then return end
  local ac = tohit.last_ac
  local index = tohit.twenty(e.attacker, ac)
  e.hit = tohit.natural_hits(e.natural, e.total - e.natural, e.needed, index)
end, { phase = "roll" })
