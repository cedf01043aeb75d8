-- Turning undead (inventory section 11) and TBL-TURN.
local rules = require("rules")
local dice = require("dice")
local T = require("core.1e.tables")

local M = rules.get("1e.turning")
if M then return M end
M = {}

-- The undead types in the table's order: fewest hit dice first
-- (1E-TURN-03).
M.order = { "Skeleton", "Zombie", "Ghoul", "Shadow", "Wight", "Ghast", "Wraith", "Mummy", "Spectre",
            "Vampire", "Ghost", "Lich", "Special" }
M.rank = {}
for i, n in ipairs(M.order) do M.rank[n:lower()] = i end

-- The row name of a type ("ghoul" -> "Ghoul").
function M.row(kind)
  local i = M.rank[kind:lower()]
  if not i then error("no undead type " .. tostring(kind) .. " in TBL-TURN", 2) end
  return M.order[i]
end

-- 1E-TURN-01: the cell for a cleric level (paladins turn as clerics two
-- levels lower; below 1st level there is no chance).
function M.cell(kind, level, o)
  if o and o.paladin then level = level - 2 end
  if level < 1 then return "—" end
  return T["TBL-TURN"]:lookup(M.row(kind), level)
end

-- Area penalties (variant 1e.evil_areas, 1E-TURN-07) by name.
M.area_penalty = {}

-- result(cell, roll, penalty) -> "turned", "destroyed", "destroyed*" or
-- nil. A number is turned on a d20 roll >= it (less the penalty of an
-- evil area); T turns, D destroys, D* destroys 7-12.
function M.result(cell, roll, penalty)
  if cell == "T" then return "turned" end
  if cell == "D" then return "destroyed" end
  if cell == "D*" then return "destroyed*" end
  if type(cell) == "number" and roll and roll - (penalty or 0) >= cell then return "turned" end
  return nil
end

-- attempt(level, groups, o): one turning attempt. groups = {{kind, n}, ...}
-- (the undead present); o.paladin, o.evil, o.penalty, o.leader (the kind
-- that leads intelligent followers, for the variant 1e.mixed_undead). The
-- d20 is rolled once; types are taken weakest first until the number
-- affected (1d12, 1d6+6 for D*) is used up. Returns {roll, count,
-- affected = {{kind, n, how}...}, success}.
M.mixed_rule = false
function M.attempt(level, groups, o)
  o = o or {}
  -- each group's rank and cell, asked once
  local sorted, rank, cell = {}, {}, {}
  for i = 1, #groups do
    local g = groups[i]
    sorted[i] = g
    rank[g] = M.rank[g[1]:lower()]
  end
  table.sort(sorted, function(a, b) return rank[a] < rank[b] end)
  local roll = dice.total("1d20")
  local out = { roll = roll, affected = {}, success = false }
  local first
  for i = 1, #sorted do
    local g = sorted[i]
    cell[g] = M.cell(g[1], level, o)
    local r = M.result(cell[g], roll, o.penalty)
    if r then
      first = first or r
    end
  end
  if not first then return out end
  -- variant: a strongest (non-mindless) leader unaffected stops it all
  if M.mixed_rule and o.leader then
    local r = M.result(M.cell(o.leader, level, o), roll, o.penalty)
    if not r then return out end
  end
  local count = first == "destroyed*" and dice.total("1d6+6") or dice.total("1d12")
  out.count = count
  for i = 1, #sorted do
    local g = sorted[i]
    if count <= 0 then break end
    local r = M.result(cell[g], roll, o.penalty)
    if r then
      local n = math.min(g[2], count)
      count = count - n
      local how = r == "turned" and "turned" or "destroyed"
      if o.evil then how = M.evil_result(cell[g]) end
      out.affected[#out.affected + 1] = { g[1], n, how }
    end
  end
  out.success = #out.affected > 0
  return out
end

-- 1E-TURN-02: one attempt per cleric per encounter, except against a
-- group of several types: after a success the same cleric may try again
-- next round against the rest, until an attempt fails.
function M.may_try(record)
  if record.failed then return false end
  if record.tries == nil or record.tries == 0 then return true end
  return record.remaining == true
end

-- 1E-TURN-05: an evil cleric compels service instead. Numeric success:
-- 24 hours minus the number needed (TV-10: lich 16 -> 8, vampire 10 -> 14);
-- T: 24 hours; D: as long as control is renewed every 6 days.
function M.evil_result(cell)
  if cell == "D" or cell == "D*" then return "commanded" end
  return "commanded"
end
function M.command_hours(cell)
  if type(cell) == "number" then return 24 - cell end
  if cell == "T" then return 24 end
  if cell == "D" or cell == "D*" then return math.huge, 6 end
  return 0
end
-- AMB-31: the cleric chooses neutrality or service (intelligent, powerful
-- undead may be held to neutrality by the DM).
function M.command_kind(choice, powerful)
  if powerful then return "neutral" end
  return choice or "serve"
end
-- What ends the influence: any hostile act by the cleric or his
-- associates; the cleric unconscious (not asleep) or dead frees them all,
-- and mindless undead then just stop.
M.hostile_acts = { enter_guarded = true, take_guarded = true, hinder = true, harm = true }
function M.influence_ends(event, mindless)
  if M.hostile_acts[event] then return true, "hostile act" end
  if event == "cleric_unconscious" or event == "cleric_dead" then
    return true, mindless and "stop" or "free"
  end
  return false
end

-- 1E-TURN-06: a cleric of the opposed alignment rolls on the table to
-- cancel another's effect; undead already destroyed stay destroyed; the
-- freed creatures cannot act the next round.
function M.counter(level, kind, o)
  local cell = M.cell(kind, level, o)
  local roll = dice.total("1d20")
  local r = M.result(cell, roll, o and o.penalty)
  return { success = r ~= nil, roll = roll, cell = cell, frozen_rounds = r and 1 or 0 }
end

-- 1E-TURN-07 (variant): the plane rules of evil areas.
function M.plane_allows(cleric_good, plane, target)
  if plane == "lower" and cleric_good and target:has_tag("native_lower") then return false end
  if plane == "upper" and not cleric_good and target:has_tag("paladin") then return false end
  return true
end

rules.define("1e.turning", M)
return M
