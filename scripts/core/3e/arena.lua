-- A table fight on a battle map set up in one call (require("core.3e.arena")),
-- for the REPL and for specs: arena(rows, list, opts) draws the map from
-- rows, adds each {id, side, at = {x, y}, stat, unaware, group, player} of
-- list (stat: a kernel
-- stat block, as statblock.lua builds), rolls initiative with the faces
-- given in opts.init (default: 20, 19, ... in list order, so the order is
-- the list's) and returns the creature handles by id. Everyone starts
-- flat-footed (3E-INIT-04) and stops being so at its first turn; with
-- opts.acted every creature has already acted (not flat-footed).
local dice = require("dice")
local fight = require("fight")

return function(rows, list, opts)
  opts = opts or {}
  fight.table()
  fight.set_map({ rows = rows })
  local out = {}
  for _, m in ipairs(list) do
    local c = fight.add(m.stat, { side = m.side, id = m.id, unaware = m.unaware, group = m.group, player = m.player })[1]
    fight.place(c, m.at[1], m.at[2])
    out[m.id] = c
  end
  local faces = opts.init
  if not faces then
    faces = {}
    for i = 1, #list do faces[i] = 21 - i end
  end
  dice.force(faces)
  fight.begin()
  if opts.acted then
    for _, c in pairs(out) do c:remove_condition("flat_footed") end
  end
  return out
end
