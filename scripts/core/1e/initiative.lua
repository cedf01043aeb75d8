-- Initiative and the order of blows (inventory section 4). The kernel rolls
-- the sides' d6 every round and orders them (combat.lua); these functions
-- are what the hooks of tactics.lua, the REPL and the specs use for the
-- rest: ties, damage timing, multiple attack routines and Dexterity in
-- missile fire.
local rules = require("rules")
local dice = require("dice")
local lib = require("core.1e.lib")

local M = rules.get("1e.initiative")
if M then return M end
M = {}

-- 1E-INIT-01: each side rolls 1d6 (plus a side modifier); the higher acts
-- first; equal dice act at once. roll({"party", "orcs"}, {orcs = 0}) ->
-- {results = {party = 4, orcs = 2}, order = {"party", "orcs"}, tied = false}.
-- With the variant 1e.individual_initiative, small groups roll per
-- individual: pass the individuals' names as the sides.
function M.roll(sides, mods)
  local res, order = {}, {}
  for _, s in ipairs(sides) do
    res[s] = dice.total("1d6") + ((mods or {})[s] or 0)
    order[#order + 1] = s
  end
  table.sort(order, function(a, b)
    if res[a] ~= res[b] then return res[a] > res[b] end
    return false
  end)
  local tied = #order >= 2 and res[order[1]] == res[order[2]]
  return { results = res, order = order, tied = tied }
end

-- 1E-INIT-02: during surprise segments the unsurprised (or less surprised)
-- side has the initiative; initiative is rolled normally afterwards.
function M.surprise_initiative(lost_a, lost_b)
  if lost_a == lost_b then return nil end
  if lost_a < lost_b then return "a" end
  return "b"
end

-- 1E-INIT-03 with 1E-STRIKE-01: does a creature killed in a tied round
-- still deliver its own blows? Yes when the blows are simultaneous, that
-- is unless both use weapons and the killer's is faster (lower speed
-- factor), and only if it has not acted yet this round.
function M.still_strikes(tied, target_acted, killer_wsf, target_wsf)
  if not tied or target_acted then return false end
  if killer_wsf and target_wsf and killer_wsf < target_wsf then return false end
  return true
end

-- 1E-INIT-04: a wounded creature must survive to finish its attack routine;
-- damage applies as soon as it is rolled. finish(attacks, alive) makes the
-- attacks of a routine while alive() holds and returns how many were made.
function M.finish(attacks, alive)
  local n = 0
  for _, a in ipairs(attacks) do
    if not alive() then break end
    a()
    n = n + 1
  end
  return n
end

-- 1E-INIT-05, AMB-46: the slots of a round's attacks. sides = {{name,
-- multi = {{id, routines}...}, single = {ids}}, ...} in initiative order
-- (the winner first). Multi-routine creatures take the first and the last
-- slots (both sides: the winner's the 1st and 3rd, the loser's the 2nd and
-- last); their middle routines and every single-routine creature fall in
-- between, in initiative order. Returns a list of {id, routine}.
function M.slots(sides)
  local first, middle, last = {}, {}, {}
  for _, s in ipairs(sides) do
    for _, m in ipairs(s.multi or {}) do
      if m[2] >= 2 then first[#first + 1] = { m[1], 1 } end
    end
  end
  for _, s in ipairs(sides) do
    for _, m in ipairs(s.multi or {}) do
      local n = m[2]
      if n == 1 then
        middle[#middle + 1] = { m[1], 1 }
      else
        for k = 2, n - 1 do middle[#middle + 1] = { m[1], k } end
      end
    end
    for _, id in ipairs(s.single or {}) do middle[#middle + 1] = { id, 1 } end
  end
  for _, s in ipairs(sides) do
    for _, m in ipairs(s.multi or {}) do
      if m[2] >= 2 then last[#last + 1] = { m[1], m[2] } end
    end
  end
  local out = {}
  for _, x in ipairs(first) do out[#out + 1] = x end
  for _, x in ipairs(middle) do out[#out + 1] = x end
  for _, x in ipairs(last) do out[#out + 1] = x end
  return out
end

-- 1E-INIT-06 (and 1E-MISS-05): for missile fire a character's own
-- initiative die is the side's die plus his Dexterity attacking
-- adjustment; fires_before(own, dex, other) says whether he shoots before
-- an opponent whose die is other.
function M.missile_die(side_die, dex)
  return side_die + lib.dex_reaction(dex)
end

function M.fires_before(side_die, dex, other_die)
  return M.missile_die(side_die, dex) > other_die
end

rules.define("1e.initiative", M)
return M
