-- Position, size, face and reach (inventory §12, 3E-POS). Reach and face
-- come from Table 8-7 through the stat block (statblock.lua); flanking is
-- the kernel's (the combat table's space.flank: +2 to a melee attacker
-- with an ally directly opposite who also threatens the defender). This
-- file counts how many attackers fit around a defender (3E-POS-02/05/09).
local rules = require("rules")

local M = rules.get("3e.position")
if M then return M end
M = {}

local function wall(rows, x, y)
  local r = rows[y + 1]
  if not r or x < 0 or x >= #r then return true end
  return string.sub(r, x + 1, x + 1) == "#"
end

-- M.surround(rows, defender, attacker): the most attackers of footprint
-- attacker ({w, h} in squares) that can stand touching a defender at
-- defender ({x, y, w, h}) on a map drawn as rows ('#' a wall), without
-- overlapping each other, walls or the defender (an exact search).
function M.surround(rows, d, a)
  local aw, ah = a.w or 1, a.h or 1
  local spots = {}
  for y = d.y - ah, d.y + d.h do
    for x = d.x - aw, d.x + d.w do
      local free = true
      for yy = y, y + ah - 1 do
        for xx = x, x + aw - 1 do
          if wall(rows, xx, yy) or (xx >= d.x and xx < d.x + d.w and yy >= d.y and yy < d.y + d.h) then free = false end
        end
      end
      if free then spots[#spots + 1] = { x = x, y = y } end
    end
  end
  local function clash(p, q)
    return p.x < q.x + aw and q.x < p.x + aw and p.y < q.y + ah and q.y < p.y + ah
  end
  local best = 0
  local chosen = {}
  local function go(i, n)
    if n + (#spots - i + 1) <= best then return end
    if i > #spots then
      best = math.max(best, n)
      return
    end
    local ok = true
    for _, c in ipairs(chosen) do if clash(c, spots[i]) then ok = false break end end
    if ok then
      chosen[#chosen + 1] = spots[i]
      go(i + 1, n + 1)
      chosen[#chosen] = nil
    end
    go(i + 1, n)
  end
  go(1, 0)
  return best
end

rules.define("3e.position", M)
return M
