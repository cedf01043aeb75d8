-- Pursuit and evasion (inventory section 17). 1E-PURSUIT-07 (fatigue)
-- gives no rules: the DM judges.
local rules = require("rules")
local dice = require("dice")
local T = require("core.1e.tables")

local M = rules.get("1e.pursuit")
if M then return M end
M = {}

-- 1E-PURSUIT-01 (AMB-11): the chance (%) that monsters pursue a fleeing
-- party underground. o.always (the key or the Monster Manual says so);
-- o.int (intelligence score); o.motivated (hungry, angry, aggressive or
-- trained: item 2 for non- and semi-intelligent pursuers, item 3 for low
-- and above); o.numbers = "party_more" | "equal" | "party_fewer";
-- o.far_stronger. Returns the chance and a roll d100 <= it.
function M.chance(o)
  if o.always then return 100 end
  if not o.motivated then return 0 end
  if (o.int or 0) < 5 then return 80 end
  if o.numbers == "party_more" then return 20 end
  if o.numbers == "equal" then return 40 end
  if o.far_stronger then return 100 end
  return 80
end
function M.pursues(o)
  local ch = M.chance(o)
  if ch >= 100 then return true, ch end
  if ch <= 0 then return false, ch end
  -- stated as d10 rolls (item 2: 1d10, 1-8)
  return dice.total("1d10") * 10 <= ch, ch
end

-- 1E-PURSUIT-02: when underground pursuit ends. speeds: "pursued_faster",
-- "same", "pursuer_faster"; s: {in_sight, gap_ft, gap_when_lost_ft,
-- rounds_without_gain, exhausted, special (a ranger, invisible stalker,
-- slithering tracker)}.
function M.ends(speeds, s)
  if speeds == "pursued_faster" then
    if s.special then return false end
    if s.in_sight and s.gap_ft > 100 then return true, "A" end
    if not s.in_sight and (s.gap_when_lost_ft or 0) > 50 then return true, "B" end
    if (s.rounds_without_gain or 0) > 5 then return true, "C" end
    return false
  elseif speeds == "same" then
    if s.in_sight and s.gap_ft > 150 then return true, "A" end
    if not s.in_sight and (s.gap_when_lost_ft or 0) > 80 then return true, "B" end
    if (s.rounds_without_gain or 0) > 10 then return true, "C" end
    return false
  end
  if not s.in_sight and (s.gap_when_lost_ft or 0) > 200 then return true, "A" end
  if s.exhausted then return true, "B" end
  return false
end

-- 1E-PURSUIT-03: distractions. Food distracts pursuers of low intelligence
-- or less: a base chance of 1d10 x 10% when nothing is known, +10% per
-- Intelligence point below 5, 100% for non-intelligent ones; a second d10
-- x 10 <= the chance stops them 1 round. Treasure distracts low
-- intelligence or more: +10% per 10 items dropped (low intelligence,
-- TV-21) or per 100 gp of value (average or better) (AMB-13: the sum of
-- the increments, else 1d10 x 10% plus them); success stops them 1 round
-- or until it is gathered.
function M.food_chance(int, base)
  if int <= 0 then return 100 end
  if int > 7 then return 0 end
  local ch = base or dice.total("1d10") * 10
  if int < 5 then ch = ch + 10 * (5 - int) end
  return math.min(100, ch)
end
function M.treasure_chance(int, items, gp, base)
  if int < 5 then return 0 end
  local inc
  if int <= 7 then inc = 10 * math.floor((items or 0) / 10) else inc = 10 * math.floor((gp or 0) / 100) end
  local ch = inc
  if base then ch = base + inc end
  return math.min(100, ch)
end
function M.distracted(chance)
  if chance >= 100 then return true end
  return dice.total("1d10") * 10 <= chance
end

-- 1E-PURSUIT-04: at a 3-way choice 2/3 to choose wrong, a door against a
-- corridor 1/2, when nothing gives the route away; clues: sight (60 ft
-- after a corner), noise (metal armour 90 ft, hard boots 60 ft, quiet 30
-- ft), scent. Returns the chance (in %) of a wrong choice.
M.hearing_ft = { metal_armour = 90, hard_boots = 60, quiet = 30 }
M.corner_sight_ft = 60
function M.wrong_way(ways, o)
  o = o or {}
  if o.seen or o.heard or o.scent then return 0 end
  if ways == "door_or_corridor" then return 50 end
  return math.floor(100 * (ways - 1) / ways)
end
function M.heard(noise, ft) return ft <= (M.hearing_ft[noise] or 0) end

-- 1E-PURSUIT-05, AMB-12: underground evasion moves in phases (3 a round):
-- the pursued at their slowest member's rate, the pursuers at their
-- fastest; units per phase = inches / 3 (10 ft each). After each phase a
-- fugitive within 10 ft of a pursuer must engage. No mapping in flight.
M.phases_per_round = 3
function M.units(move) return math.floor(move / 3 + 0.5) end
function M.phase(gap_ft, pursued_moves, pursuer_moves)
  local slow, fast = math.huge, 0
  for _, m in ipairs(pursued_moves) do slow = math.min(slow, m) end
  for _, m in ipairs(pursuer_moves) do fast = math.max(fast, m) end
  local gap = gap_ft + 10 * M.units(slow) - 10 * M.units(fast)
  if gap < 0 then gap = 0 end
  return gap, gap <= 10
end

-- 1E-PURSUIT-06: outdoor evasion: automatic if the party surprised the
-- creatures, impossible if the party was surprised; else base 80% with
-- TBL-EVADE-OUT, a d% at or under it shakes pursuit off; checked every
-- hour; 0% or less: the encounter happens.
M.base = 80
M.evade_rows = {
  speed = { pursued_faster = "Pursued is faster", same = "Same speed", pursuer_faster = "Pursuer is faster" },
  terrain = { open = "Plain, desert, open water", rough = "Scrub, rough ground, hills, marsh", forest = "Forest, mountains" },
  light = { daylight = "Near daylight", twilight = "Twilight", moonlight = "Bright moonlight",
            starlight = "Starlight", dark = "Dark night" },
}
local function adj(row)
  return T["TBL-EVADE-OUT"]:lookup(row, "Adjustment to evasion chance")
end
function M.pursued_row(n)
  if n < 6 then return "fewer than 6 creatures" elseif n <= 11 then return "6-11 creatures"
  elseif n <= 50 then return "12-50 creatures" end
  return "more than 50 creatures"
end
function M.pursuer_row(n)
  if n < 12 then return "fewer than 12 creatures" elseif n <= 24 then return "12-24 creatures" end
  return "more than 24 creatures"
end
function M.evade_chance(o)
  local ch = M.base
  ch = ch + adj(M.evade_rows.speed[o.speed or "same"])
  if o.terrain then ch = ch + adj(M.evade_rows.terrain[o.terrain]) end
  ch = ch + adj(M.pursued_row(o.pursued or 1))
  ch = ch + adj(M.pursuer_row(o.pursuers or 1))
  if o.light then ch = ch + adj(M.evade_rows.light[o.light]) end
  return ch
end
function M.evade(o)
  if o.party_surprised_them then return true, "automatic" end
  if o.party_surprised then return false, "engage" end
  local ch = M.evade_chance(o)
  if ch <= 0 then return false, "engage", ch end
  local r = dice.total("1d100")
  return r <= ch, r <= ch and "evaded" or "pursued", ch, r
end

rules.define("1e.pursuit", M)
return M
