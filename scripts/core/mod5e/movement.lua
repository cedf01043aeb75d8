-- Movement and position (inventory sections 6-8, HB-MOVE-01..21,
-- HB-SIZE-01..05, HB-SPACE-01, T-3, TV-01..05, TV-20..22, TV-36).
--
-- Moves on the map are the kernel's, by the combat table's space rules
-- (combat.lua): 5-ft squares, a square needs 5 ft of movement left
-- (HB-MOVE-02), every diagonal 5 ft and none past a wall's corner
-- (HB-MOVE-03), difficult terrain a square of 10 ft and crawling twice
-- that (HB-MOVE-09, 11: halvings multiply), Chebyshev distance between
-- nearest squares (HB-MOVE-05), creatures' spaces (HB-SIZE-03, 04),
-- leaving reach (HB-SIZE-05). Speed with its conditions is the kernel's
-- too (fight.speed: halvings multiply and round down to 5 ft, HB-MOVE-04).
-- This file is the turn's movement for scripts and the table: several
-- speeds mixed in one move (HB-MOVE-08), split movement (HB-MOVE-07),
-- standing up and dropping prone (HB-MOVE-12), swimming, climbing and
-- jumping by Athletics checks (HB-MOVE-13..19), falling (HB-MOVE-20),
-- diving (HB-MOVE-21), and the sizes of T-3. 5e.movement is 5e's helper
-- table with these replacing its own.
local rules = require("rules")
local fight = require("fight")
local grid = require("grid")

local V5 = rules.need("5e.movement")
local M = setmetatable({}, { __index = V5 })

local SQUARE = 5

local function cond() return rules.need("5e.conditions") end
local function core() return rules.need("mod5e.core") end

-- T-3, HB-SIZE-01: six sizes; a Tiny creature fills a whole 5-ft square.
M.sizes = {
  tiny = { rank = 1, feet = 5, squares = 1, en = "Tiny", zh = "微型" },
  small = { rank = 2, feet = 5, squares = 1, en = "Small", zh = "小型" },
  medium = { rank = 3, feet = 5, squares = 1, en = "Medium", zh = "中型" },
  large = { rank = 4, feet = 10, squares = 2, en = "Large", zh = "大型" },
  huge = { rank = 5, feet = 15, squares = 3, en = "Huge", zh = "巨型" },
  gargantuan = { rank = 6, feet = 20, squares = 4, en = "Gargantuan", zh = "超巨型" },
}

function M.set_size(c, size)
  local s = M.sizes[size]
  if not s then error("unknown size " .. tostring(size) .. " (tiny, small, medium, large, huge, gargantuan)", 2) end
  c:set("size", size)
  c:set("size_rank", s.rank)
  c:set("space", { w = s.squares, h = s.squares, shared = false })
  return s
end

function M.rank(c)
  local r = c:get("size_rank")
  if r and r > 0 then return r end
  local s = M.sizes[c:get("size") or ""]
  return s and s.rank or M.sizes.medium.rank
end

-- M.round_down rounds a movement result down to a multiple of 5 ft
-- (HB-MOVE-04: 25 halved is 12.5, so 10).
function M.round_down(feet)
  return math.floor(feet / SQUARE) * SQUARE
end

-- M.speed returns c's speed in a mode (default walk) this turn: what the
-- kernel makes of that mode's speed (fight.speed: its conditions' halvings
-- multiplied and rounded down to 5 ft, 0 while one locks it). opts.bonus
-- adds feet before the conditions (none while speed is locked).
function M.speed(c, mode, opts)
  mode = mode or "walk"
  local speeds = c:get("speed") or {}
  local base = speeds[mode]
  if base == nil then
    base = (next(speeds) == nil and mode == "walk") and V5.DEFAULT_SPEED or 0
  end
  if base == 0 then return 0 end
  return fight.speed(c, base + (opts and opts.bonus or 0))
end

-- M.cost: what moving feet costs (HB-MOVE-09, 11): difficult terrain (not
-- stacking however many kinds) and crawling each double it; they multiply
-- (crawling in difficult terrain quarters the speed, TV-04). A blinded
-- creature treats all terrain as difficult (HB-COND-01).
function M.cost(feet, opts)
  opts = opts or {}
  local mul = 1
  local difficult = (opts.difficult and opts.difficult ~= 0) or (opts.mover and cond().has(opts.mover, "blinded"))
  if difficult then mul = mul * 2 end
  if opts.crawl or (opts.mover and opts.mover:has("prone")) then mul = mul * 2 end
  return feet * mul
end

function M.crawl_cost(feet, difficult)
  return M.cost(feet, { crawl = true, difficult = difficult })
end

-- ---- the turn's movement (HB-TURN-04, HB-MOVE-06..08) ----

local Budget = {}
Budget.__index = Budget

-- M.budget starts c's movement for a turn: each of its speeds is a budget
-- used only by moving that way, and the whole move is capped by the
-- highest of them (HB-MOVE-08; mod5e.options.mixed_speed_cap = false
-- lifts the cap, AMB-07). It may be spent in pieces before, after and
-- between attacks (HB-MOVE-07, AMB-08).
function M.budget(c, opts)
  local b = setmetatable({ c = c, used = 0, modes = {}, order = {} }, Budget)
  local speeds = c:get("speed") or {}
  local names = {}
  for mode in pairs(speeds) do names[#names + 1] = mode end
  if #names == 0 then names = { "walk" } end
  table.sort(names)
  b.cap = 0
  for _, mode in ipairs(names) do
    local s = M.speed(c, mode, opts)
    b.modes[mode] = { speed = s, left = s }
    b.order[#b.order + 1] = mode
    if s > b.cap then b.cap = s end
  end
  return b
end

-- b:left returns the feet left in mode (default: any mode).
function Budget:left(mode)
  local capped = core().option("mixed_speed_cap")
  local total = capped and (self.cap - self.used) or math.huge
  if mode then
    local m = self.modes[mode]
    if not m then return 0 end
    return math.max(0, math.min(m.left, total))
  end
  local best = 0
  for _, name in ipairs(self.order) do best = math.max(best, math.min(self.modes[name].left, total)) end
  return best
end

-- b:move spends cost feet moving in mode (default walk); false and why
-- when the mode or the move has not enough left (TV-03).
function Budget:move(cost, mode)
  mode = mode or "walk"
  local m = self.modes[mode]
  if not m or m.speed == 0 then return false, "no " .. mode .. " speed" end
  local left = self:left(mode)
  if cost > left then return false, "only " .. left .. " ft of " .. mode .. " movement left" end
  m.left = m.left - cost
  self.used = self.used + cost
  return true
end

-- b:spend_mode uses up what is left of a mode (a failed swim or climb
-- check, AMB-09).
function Budget:spend_mode(mode)
  local m = self.modes[mode]
  if m then m.left = 0 end
end

-- b:set_mode sets a mode's speed for the turn (a swim or climb check's
-- result, HB-MOVE-13).
function Budget:set_mode(mode, speed)
  local m = self.modes[mode]
  if m == nil then
    m = { speed = speed, left = speed }
    self.modes[mode] = m
    self.order[#self.order + 1] = mode
  else
    m.left = math.max(0, speed - (m.speed - m.left))
    m.speed = speed
  end
end

-- b:dash adds another move equal to each speed (HB-ACT-03).
function Budget:dash()
  for _, name in ipairs(self.order) do
    local m = self.modes[name]
    m.left = m.left + m.speed
  end
  self.cap = self.cap * 2
  return self.cap / 2
end

-- ---- prone, mounts and vehicles (HB-MOVE-11, 12) ----

-- M.half_move is what standing up, dropping prone, mounting or
-- dismounting, and entering or leaving a vehicle cost: half the speed,
-- rounded down to 5 ft (TV-36); nil at speed 0.
function M.half_move(c)
  local s = M.speed(c)
  if s == 0 then return nil end
  return M.round_down(s / 2)
end
M.stand_cost = M.half_move

-- spend takes cost from budget when one is given; nil and why when it
-- can't.
local function spend(budget, cost)
  if not budget then return true end
  return budget:move(cost)
end

-- M.drop_prone: lying down costs half the movement (not free, as in 5e);
-- from budget when given. Returns the cost, or nil and why.
function M.drop_prone(c, budget)
  local cost = M.mount(c, budget)
  if not cost then return nil, budget and "not enough movement" or "speed 0" end
  c:add_condition("prone", { source = "dropped" })
  return cost
end

-- M.stand_up is 5e's: it ends prone on c's own turn for M.stand_cost.

-- M.mount costs the same half movement (mounting, dismounting, a vehicle).
function M.mount(c, budget)
  local cost = M.half_move(c)
  if not cost then return nil, "speed 0" end
  local ok, why = spend(budget, cost)
  if not ok then return nil, why end
  return cost
end

-- ---- others' spaces (HB-SIZE-03, 04) ----

-- M.can_end_in: a creature may end its move in another's space, friend or
-- foe, only when their sizes differ by two steps or more.
function M.can_end_in(mover, other)
  return math.abs(M.rank(mover) - M.rank(other)) >= 2
end

-- M.end_turn_in: nothing happens (5e's falling prone is not a rule here).
function M.end_turn_in()
  return false
end

-- M.path prices a move as 5e.movement.path does (the kernel's rules), with
-- the budget of the modded speed.
function M.path(mover, squares, opts)
  opts = opts or {}
  local o = {}
  for k, v in pairs(opts) do o[k] = v end
  o.budget = opts.budget or M.speed(mover)
  return V5.path(mover, squares, o)
end

-- ---- swimming, climbing, jumping (HB-MOVE-13..19) ----

M.DC = 10

-- M.athletics_speed: the first swim and the first climb of a turn take an
-- Athletics check, normally DC 10: success moves 10 ft + 5 ft for every
-- full 5 points above the DC, at most the walking speed; failure, none
-- this turn (HB-MOVE-13, TV-20). A creature with that speed needs no check
-- (HB-MOVE-14). Returns speed, the check (nil without one), and hazard
-- (failing by 5 or more: the GM's danger, AMB-09).
function M.athletics_speed(c, mode, opts)
  opts = opts or {}
  local own = (c:get("speed") or {})[mode]
  if own and own > 0 then return M.speed(c, mode), nil, false end
  local dc = opts.dc or M.DC
  local r = core().test(c, { skill = "athletics", dc = dc, adv = opts.adv, mods = opts.mods })
  if not r.success then return 0, r, (r.total or 0) <= dc - 5 end
  local s = 10 + 5 * math.floor((r.total - dc) / 5)
  return math.min(M.speed(c), s), r, false
end

-- M.swim_or_climb gives a budget its swim or climb speed for the turn
-- (the first time only), using the mode up on a failure. Returns the
-- speed and the check.
function M.swim_or_climb(c, budget, mode, opts)
  budget.checked = budget.checked or {}
  if budget.checked[mode] then return budget.modes[mode] and budget.modes[mode].speed or 0 end
  budget.checked[mode] = true
  local s, r, hazard = M.athletics_speed(c, mode, opts)
  budget:set_mode(mode, s)
  if s == 0 then budget:spend_mode(mode) end
  if mode == "climb" and s > 0 then c:add_condition("climbing", { source = "climb" }) end
  return s, r, hazard
end

-- jump_roll is a jump's Athletics check (opts.total: one already rolled).
local function jump_roll(c, opts, dc)
  if opts.total then return { total = opts.total, success = opts.total >= dc } end
  return core().test(c, { skill = "athletics", dc = dc, adv = opts.adv })
end

-- M.long_jump: an Athletics check, normally DC 10: 10 ft + 5 ft per full
-- 5 points above, at most the walking speed, in a straight line (HB-MOVE-17,
-- TV-21); without a 10-ft run-up the distance is halved, rounded down to
-- 5 ft (HB-MOVE-16, AMB-10). A failure lands after half the distance
-- (rounded down to 5 ft). Jumped distance uses movement 1:1 and crosses
-- difficult terrain at no extra cost. Returns feet and the check.
function M.long_jump(c, opts)
  opts = opts or {}
  local dc = opts.dc or M.DC
  local r = jump_roll(c, opts, dc)
  local ok = r.total >= dc
  local feet = ok and math.min(M.speed(c), 10 + 5 * math.floor((r.total - dc) / 5)) or 10
  if opts.run_up == false then feet = feet / 2 end
  if not ok then feet = feet / 2 end
  return M.round_down(feet), r, ok
end

-- M.high_jump: 3 ft + 1 ft per full 5 points above the DC (HB-MOVE-18,
-- TV-22); without a run-up half, whole feet rounded down (AMB-10).
function M.high_jump(c, opts)
  opts = opts or {}
  local dc = opts.dc or M.DC
  local r = jump_roll(c, opts, dc)
  if r.total < dc then return 0, r, false end
  local feet = 3 + math.floor((r.total - dc) / 5)
  if opts.run_up == false then feet = math.floor(feet / 2) end
  return feet, r, true
end

-- M.land: landing in difficult terrain after a jump takes an Athletics
-- check, normally DC 10; on a failure the jumper falls prone (HB-MOVE-19).
function M.land(c, opts)
  local r = core().test(c, { skill = "athletics", dc = (opts and opts.dc) or M.DC })
  if not r.success then c:add_condition("prone", { source = "landing" }) end
  return r.success, r
end

-- M.jump_cost: the squares of a jump cost 5 ft each, difficult or not.
function M.jump_cost(feet)
  return feet
end

-- ---- falling and three dimensions (HB-MOVE-20, 21) ----

-- M.falls: a flying creature falls when it falls prone or its speed drops
-- to 0 (HB-MOVE-20).
function M.falls(c)
  local speeds = c:get("speed") or {}
  if not (speeds.fly and speeds.fly > 0) or not c:has_tag("flying") then return false end
  return c:has("prone") or M.speed(c, "fly") == 0
end

-- M.fall: the chapter gives no falling damage (AMB-14): as 5e, 1d6
-- bludgeoning per full 10 ft (at most 20d6), landing prone.
function M.fall(c, feet, opts)
  return rules.need("5e.hazards").fall(c, feet, opts)
end

-- M.dive_distance: a dive (or a swim or burrow in three dimensions) moves
-- the larger of the horizontal and the vertical distance (TV-05).
function M.dive_distance(horizontal, vertical)
  return math.max(horizontal, vertical)
end

-- M.distance between two creatures or squares (HB-MOVE-05): from a square
-- next to one to the other's, by the shortest way: Chebyshev distance
-- between nearest squares, in feet.
function M.distance(a, b)
  return grid.distance(a, b)
end

-- ---- unoccupied space (HB-SPACE-01) ----

-- M.unoccupied: a square with no creature and no object in it is
-- unoccupied ("empty space"), solid ground or not.
function M.unoccupied(square, creatures, objects)
  for _, c in ipairs(creatures or {}) do
    local p, sp = c:get("pos"), c:get("space")
    if square.x >= p.x and square.x < p.x + sp.w and square.y >= p.y and square.y < p.y + sp.h then return false end
  end
  for _, o in ipairs(objects or {}) do
    if o.x == square.x and o.y == square.y then return false end
  end
  return true
end

-- M.arrive: a creature set down in an unoccupied square (by teleporting)
-- falls or suffers what the square is: "falls" in open air (unless it
-- flies), "swims" in water, "burns" in lava, "stands" on ground.
function M.arrive(c, square, ground)
  c:set("pos", { x = square.x, y = square.y })
  ground = ground or "ground"
  if ground == "air" then
    local fly = (c:get("speed") or {}).fly
    return (fly and fly > 0) and "flies" or "falls"
  end
  if ground == "water" then return "swims" end
  if ground == "lava" then return "burns" end
  return "stands"
end

rules.define("5e.movement", M)
rules.define("mod5e.movement", M)
