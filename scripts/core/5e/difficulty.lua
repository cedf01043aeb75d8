-- Encounter difficulty by XP budget (require("core.5e.difficulty"); `dndsh
-- balance` prints it next to the simulated difficulty).
--
-- [K] Dungeon Master's Guide (2024), "Building a Combat Encounter": the XP
-- budget per character by level for Low, Moderate and High difficulty; the
-- party's budget is the sum over its characters, and an encounter's XP is
-- the sum of its monsters' XP (no multiplier for their number, unlike the
-- 2014 rules). Neither the seed nor SRD 5.2.1 has the table: it is
-- reconstructed from the published book, not checked against an open SRD.
--
--   budget(levels) -> {low, moderate, high}  levels: a list of character levels
--   rate(levels, xp) -> label, budget       the least difficulty whose budget covers xp:
--                                           "Low", "Moderate", "High", or "beyond High"
local M = {}

-- XP budget per character: {Low, Moderate, High} by level 1..20 ([K]).
M.BUDGET = {
  { 50, 75, 100 }, { 100, 150, 200 }, { 150, 225, 400 }, { 250, 375, 500 }, { 500, 750, 1100 },
  { 600, 1000, 1400 }, { 750, 1300, 1700 }, { 1000, 1700, 2100 }, { 1300, 2000, 2600 }, { 1600, 2300, 3100 },
  { 1900, 2900, 4100 }, { 2200, 3700, 4700 }, { 2600, 4200, 5400 }, { 2900, 4900, 6200 }, { 3300, 5400, 7800 },
  { 3800, 6100, 9800 }, { 4500, 7200, 11700 }, { 5000, 8700, 14200 }, { 5500, 10700, 17200 }, { 6400, 13200, 22000 },
}

function M.budget(levels)
  local b = { low = 0, moderate = 0, high = 0 }
  for _, l in ipairs(levels) do
    local row = M.BUDGET[math.max(1, math.min(20, math.floor(l)))]
    b.low, b.moderate, b.high = b.low + row[1], b.moderate + row[2], b.high + row[3]
  end
  return b
end

function M.rate(levels, xp)
  local b = M.budget(levels)
  local label = "beyond High"
  if xp <= b.low then
    label = "Low"
  elseif xp <= b.moderate then
    label = "Moderate"
  elseif xp <= b.high then
    label = "High"
  end
  return label, b
end

return M
