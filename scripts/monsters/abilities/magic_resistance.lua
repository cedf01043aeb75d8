-- Magic Resistance (monsters.abilities.magic_resistance): Advantage on
-- saving throws against spells and other magical effects. The creature
-- gets the tag "magic_resistance"; core.5e.util.save gives Advantage to a
-- save made with opts.magic (the class features and monster effects that
-- are magical pass it). Systems: 5e. No parameters.
local M = {}

function M.apply(stat)
  stat.tags = stat.tags or {}
  stat.tags[#stat.tags + 1] = "magic_resistance"
  return stat
end

return M
