-- Movement and position (inventory section 13, 5E-MOV-01..14, T-16) and
-- the Speed parts of the conditions (5E-CND-06, 08, 14, 18): Speed with
-- its penalties and locks, the extra cost of Difficult Terrain and of slow
-- ways of moving, a per-turn movement budget that can be split around
-- actions, creature sizes and spaces, moving through other creatures, and
-- grid moves priced by the kernel (module grid).
--
-- T-16 (creature size and space) and the Climbing/Swimming/Crawling costs
-- are [K] reconstructions from the published book, checked against SRD
-- 5.2.1 (appendix A of the inventory).
local rules = require("rules")
local grid = require("grid")
local fight = require("fight")

local M = {}

local function cond()
  return rules.need("5e.conditions")
end

-- T-16 [K✓ SRD 5.2]: rank (for "two sizes larger"), space in feet and in
-- squares a side (Tiny: four to a square, sharing one).
M.sizes = {
  tiny = { rank = 1, feet = 2.5, squares = 1, shared = true, en = "Tiny", zh = "微型" },
  small = { rank = 2, feet = 5, squares = 1, en = "Small", zh = "小型" },
  medium = { rank = 3, feet = 5, squares = 1, en = "Medium", zh = "中型" },
  large = { rank = 4, feet = 10, squares = 2, en = "Large", zh = "大型" },
  huge = { rank = 5, feet = 15, squares = 3, en = "Huge", zh = "巨型" },
  gargantuan = { rank = 6, feet = 20, squares = 4, en = "Gargantuan", zh = "超巨型" },
}
M.size_order = { "tiny", "small", "medium", "large", "huge", "gargantuan" }

-- M.set_size gives c a size category (5E-MOV-10, 11: from its species or
-- stat block): its rank and the space it controls.
function M.set_size(c, size)
  local s = M.sizes[size]
  if not s then error("unknown size " .. tostring(size) .. " (tiny, small, medium, large, huge, gargantuan)", 2) end
  c:set("size", size)
  c:set("size_rank", s.rank)
  c:set("space", { w = s.squares, h = s.squares, shared = s.shared or false })
  return s
end

-- M.rank returns c's size rank (Medium when it has none).
function M.rank(c)
  local r = c:get("size_rank")
  if r and r > 0 then return r end
  local s = M.sizes[c:get("size") or ""]
  return s and s.rank or M.sizes.medium.rank
end

-- M.squares converts feet to grid squares of 5 ft, rounding down
-- (5E-MOV-04: Speed 30 is 6 squares).
function M.squares(feet)
  return math.floor(feet / 5)
end

M.DEFAULT_SPEED = 30

-- M.speed returns c's Speed in feet for a movement mode (default walk;
-- 5E-MOV-02): minus 5 ft per Exhaustion level (5E-CND-06), never below 0,
-- and 0 whatever the bonuses while a condition locks it (5E-CND-18:
-- Grappled, Paralyzed, Petrified, Restrained, Unconscious). opts.bonus adds
-- feet; opts.dash doubles the result (the Dash action adds the current
-- Speed; TV-56).
function M.speed(c, mode, opts)
  opts = opts or {}
  if cond().speed_locked(c) then return 0 end
  local speeds = c:get("speed") or {}
  local base = speeds[mode or "walk"]
  if base == nil then
    -- a stat block with no speed at all walks the usual 30 ft
    base = (next(speeds) == nil and (mode or "walk") == "walk") and M.DEFAULT_SPEED or 0
  end
  local s = base + (opts.bonus or 0) + cond().def("exhaustion").speed_per_level * c:level("exhaustion")
  if s < 0 then s = 0 end
  if opts.dash then s = s * 2 end
  return s
end

-- M.cost returns what moving feet costs (5E-MOV-01, 03; appendix A): each
-- foot costs 1 more in Difficult Terrain (however many features make it
-- difficult: opts.difficult is a flag or a count, it counts once), 1 more
-- crawling, climbing or swimming without a matching speed (opts.crawl,
-- opts.climb, opts.swim with opts.mover), 1 more dragging a grappled
-- creature unless it is Tiny or two sizes smaller (opts.drag, 5E-CND-08).
-- The extras add up (AMB-25).
function M.cost(feet, opts)
  opts = opts or {}
  local extra = 0
  if opts.difficult and opts.difficult ~= 0 then extra = extra + 1 end
  if opts.crawl then extra = extra + 1 end
  for _, how in ipairs({ "climb", "swim" }) do
    if opts[how] and not (opts.mover and ((opts.mover:get("speed") or {})[how] or 0) > 0) then
      extra = extra + 1
    end
  end
  if opts.drag and opts.mover and M.drag_costs(opts.mover, opts.drag) then extra = extra + 1 end
  return feet * (1 + extra)
end

-- M.drag_costs: dragging or carrying a grappled creature costs 1 extra
-- foot per foot unless it is Tiny or two or more sizes smaller (5E-CND-08).
function M.drag_costs(grappler, grappled)
  local r = M.rank(grappled)
  return not (r == M.sizes.tiny.rank or M.rank(grappler) - r >= 2)
end

-- ---- the turn's movement (5E-MOV-01, 08) ----

local Budget = {}
Budget.__index = Budget

-- M.budget starts c's movement for a turn: up to its Speed, spent in
-- pieces before and after actions (split movement). opts as M.speed.
function M.budget(c, opts)
  return setmetatable({ c = c, mode = (opts and opts.mode) or "walk", speed = M.speed(c, opts and opts.mode, opts),
    used = 0 }, Budget)
end

function Budget:left()
  return self.speed - self.used
end

-- b:move spends cost feet; it fails (false, reason) when not enough is left.
function Budget:move(cost)
  if cost > self:left() then return false, "only " .. self:left() .. " ft of movement left" end
  self.used = self.used + cost
  return true
end

-- b:dash adds the creature's current Speed (the Dash action; 0 while a
-- condition locks it at 0).
function Budget:dash()
  local s = M.speed(self.c, self.mode)
  self.speed = self.speed + s
  return s
end

-- ---- Prone (5E-MOV-09, 5E-CND-14) ----

-- M.drop_prone: on its turn a creature can give itself Prone for free, but
-- not with Speed 0.
function M.drop_prone(c)
  if M.speed(c) == 0 then return false end
  c:add_condition("prone", { source = "dropped" })
  return true
end

-- M.stand_cost is the movement that standing up takes: half the Speed,
-- rounded down; nil when the creature can't stand (Speed 0; TV-20).
function M.stand_cost(c)
  local s = M.speed(c)
  if s == 0 then return nil end
  return math.floor(s / 2)
end

-- M.stand_up ends Prone (not while Unconscious), spending half the Speed
-- from budget when one is given. Returns the cost, or nil and a reason.
function M.stand_up(c, budget)
  if not c:has("prone") then return 0 end
  if cond().has(c, "unconscious") then return nil, "unconscious" end
  local cost = rules.need("5e.movement").stand_cost(c) -- the rule system's
  if not cost then return nil, "speed 0" end
  if budget then
    local ok, why = budget:move(cost)
    if not ok then return nil, why end
  end
  c:remove_condition("prone")
  return cost
end

-- M.crawl_cost: crawling costs 1 extra foot per foot, 2 in Difficult
-- Terrain (appendix A; a Prone creature's only movement, 5E-CND-14).
function M.crawl_cost(feet, difficult)
  return M.cost(feet, { crawl = true, difficult = difficult })
end

-- ---- other creatures' spaces (5E-MOV-12..14) ----

-- M.can_pass reports whether mover may move through other's space: an
-- ally, an Incapacitated creature, a Tiny one, or one two or more sizes
-- larger or smaller (AMB-14); else no (a hostile's space blocks). These are
-- combat.space.pass, applied by the kernel (fight.price_path), as in fights.
local function step_into(mover, other, opts)
  local p = other:get("pos")
  local from = { x = p.x - mover:get("space").w, y = p.y }
  local o = { creatures = { other } }
  if opts and opts.allies ~= nil then o.allies = opts.allies end
  return fight.price_path(mover, { from, { x = p.x - mover:get("space").w + 1, y = p.y } }, o)
end

function M.can_pass(mover, other, opts)
  return step_into(mover, other, opts).steps == 1
end

-- M.space_is_difficult: another creature's space is Difficult Terrain
-- unless that creature is Tiny or an ally (the kernel's rule, as above).
function M.space_is_difficult(mover, other, opts)
  local r = step_into(mover, other, opts)
  return r.steps == 1 and r.cost > rules.need("combat").space.square
end

-- M.can_end_in: nobody willingly ends a move in an occupied space.
function M.can_end_in(_, _)
  return false
end

-- M.end_turn_in: a creature that ends its turn in another's space falls
-- Prone unless it is Tiny or larger than that creature (AMB-29). Returns
-- whether it fell.
function M.end_turn_in(mover, other)
  local a = M.rank(mover)
  if a == M.sizes.tiny.rank or a > M.rank(other) then return false end
  mover:add_condition("prone", { source = "shared space" })
  return true
end

-- ---- moves on the grid (5E-MOV-04..07) ----

-- M.distance: range between two things on the grid counts from a square
-- next to one to the other's space by the shortest route, diagonals one
-- square each (AMB-26): Chebyshev distance between nearest squares.
function M.distance(a, b)
  return grid.distance(a, b)
end

-- M.path prices mover's move along squares (the start, then one
-- neighbouring square per step) by the kernel's movement rules
-- (combat.space, the same as in fights; fight.price_path): 5 ft a square,
-- diagonal or not (no 5-10-5); each foot in Difficult Terrain (opts.difficult
-- squares, whose sources don't stack) 1 extra foot, and crawling (a Prone
-- mover) 1 more; never past the corner of a wall (opts.walls, 5E-MOV-06);
-- through others' spaces by 5E-MOV-12, 13 (opts.creatures; opts.allies);
-- a Frightened mover never steps closer to its fear's source
-- (opts.fear_source, 5E-CND-07). Returns {ok, why, cost, squares, events
-- (leaving hostile reach, for Opportunity Attacks: {id, step}),
-- end_occupied}, where ok also needs the cost to fit opts.budget (feet,
-- default the mover's Speed). opts.crawl prices the move as a crawl.
function M.path(mover, squares, opts)
  opts = opts or {}
  local added = false
  if opts.crawl and not mover:has("prone") then
    mover:add_condition("prone", { source = "crawl" })
    added = true
  end
  local r = fight.price_path(mover, squares, { creatures = opts.creatures, walls = opts.walls,
    difficult = opts.difficult, allies = opts.allies })
  if added then mover:remove_condition("prone", { source = "crawl" }) end
  local res = { ok = r.ok, why = r.why, cost = r.cost, squares = r.steps, end_occupied = not r.end_free, events = {} }
  for _, l in ipairs(r.leaves) do res.events[#res.events + 1] = { id = l.id, step = l.step } end
  if r.steps < #squares - 1 then
    res.ok = false
    return res
  end
  local budget = opts.budget or M.speed(mover)
  if res.ok and res.cost > budget then res.ok, res.why = false, "costs " .. res.cost .. " ft, " .. budget .. " ft left" end
  if opts.fear_source and cond().has(mover, "frightened") then
    local d = grid.distance(squares[1], opts.fear_source)
    for i = 2, #squares do
      local d2 = grid.distance(squares[i], opts.fear_source)
      if d2 < d then
        res.ok, res.why = false, "frightened: can't move closer to its source"
        break
      end
      d = d2
    end
  end
  return res
end

rules.define("5e.movement", M)
