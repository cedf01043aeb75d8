-- ruleset: 5e
-- A hook whose generic for (with a break) sits inside a numeric for: the
-- loop gopher-lua v1.1.2 miscompiles (upstream issue 540).
local fight = require("fight")

local function first_alive(enemies)
  for _ = 1, 2 do
    for _ in ipairs(enemies) do break end -- luacheck: ignore 512 (the construct under test)
  end
  return enemies[1]
end

return fight.encounter{
  sides = {
    { name = "heroes", members = {
      { id = "hero", stat = { name = "Hero", hp = 40, ac = 16, attacks = { { name = "Sword", bonus = 5, damage = "1d8+3" } },
        tactics = function(_, enemies) return first_alive(enemies) end } },
    } },
    { name = "goblins", members = {
      { id = "goblin", count = 2, stat = { name = "Goblin", hp = 7, ac = 13, attacks = { { name = "Scimitar", bonus = 4, damage = "1d6+2" } } } },
    } },
  },
}
