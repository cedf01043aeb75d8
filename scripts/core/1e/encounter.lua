-- The encounter (inventory sections 1, 2, 3, 5, 6): time units, the
-- encounter procedure, declared action queues, surprise, encounter
-- distance, reactions, avoiding, parley and awaiting.
--
-- In fights that play themselves, the encounter.start hook below rolls each
-- monster's hit points, works out surprise (each side's d6, Dexterity per
-- individual) and gives the kernel every creature's lost segments
-- (fight.surprise), and sets the distance between the sides. An encounter
-- file chooses with setup{...} (see M.setup).
--
-- Space. A fight has one model of space, never two:
--   * no map: the distance between the sides is rolled (section 3) and
--     each creature keeps its own gap in feet to the other side (M.rec(c).
--     gap), which closing and charging shrink; c can strike t when either
--     has closed to 10 ft, a missile flies the larger of the two gaps, and
--     every creature within 10 ft is in the melee. This is the no-map
--     abstraction of the same rules: it knows no walls, no cover, no one
--     side of a melee from another.
--   * a map (encounter map = {...}, combat.space): positions replace the
--     gaps (which are nil), no distance is rolled; distances are the map's
--     in inches, striking range is the squares around a creature, a missile's
--     range band and cover come from the kernel, the melee a missile flies
--     into is the creatures joined to its target by striking range.
-- M.engaged and M.inches answer for either model, M.melee_of on the map; tactics.lua and
-- missiles.lua ask them, not the gaps or the map.
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local lib = require("core.1e.lib")
local T = require("core.1e.tables")

local M = rules.get("1e.encounter")
if M then return M end
M = {}

-- ------------------------------------------------------------ time (1E-SEQ-01)
M.time = { segment_seconds = 6, round_segments = 10, turn_rounds = 10 }

-- seconds(n, unit): a span in seconds; units segment, round, turn, hour,
-- day, week.
function M.seconds(n, unit)
  local t = M.time
  local per = {
    segment = t.segment_seconds,
    round = t.segment_seconds * t.round_segments,
    turn = t.segment_seconds * t.round_segments * t.turn_rounds,
    hour = 3600, day = 86400, week = 604800,
  }
  local s = per[unit]
  if not s then error("unknown time unit " .. tostring(unit), 2) end
  return n * s
end

-- ------------------------------------------------------------ procedure (1E-SEQ-02)
M.steps = { "surprise", "distance", "initiative", "winner_acts", "loser_acts", "repeat" }
M.options = { "avoid", "parley", "await", "missile", "close", "set", "strike", "grapple_hold" }
M.option_letter = { avoid = "A", parley = "B", await = "C", missile = "D", device = "D", cast = "D",
                    turn = "D", close = "E", charge = "E", set = "F", strike = "G", subdue = "G",
                    grapple_hold = "H" }

-- procedure(e): runs one melee round of the encounter procedure over the
-- table e through the events "1e.<step>" (scripts hook any step), and
-- returns the list of steps run. Surprise and distance are settled once;
-- initiative (skipped when exactly one side is surprised) and the
-- actions (winner, then loser) every round.
function M.procedure(e)
  local done = {}
  local function step(name)
    rules.emit("1e." .. name, e)
    done[#done + 1] = name
  end
  if not e.surprise_done then
    step("surprise")
    e.surprise_done = true
  end
  if not e.distance then step("distance") end
  if e.surprised_side == nil then step("initiative") end
  step("winner_acts")
  step("loser_acts")
  return done
end

-- ------------------------------------------------------------ declared actions (1E-SEQ-03)
-- A queue of declared actions with segment costs, carried across rounds: a
-- new order is refused until the queue is done unless the plan changes.
local Queue = {}
Queue.__index = Queue

function M.queue()
  return setmetatable({ items = {}, elapsed = 0, done = {} }, Queue)
end

function Queue:add(action, segments)
  self.items[#self.items + 1] = { action = action, segments = segments }
end

-- Total segments the queue takes.
function Queue:total()
  local n = 0
  for _, it in ipairs(self.items) do n = n + it.segments end
  return n
end

-- advance(segments): time passes; returns the actions completed.
function Queue:advance(segments)
  self.elapsed = self.elapsed + segments
  local out, t = {}, 0
  for _, it in ipairs(self.items) do
    t = t + it.segments
    if t <= self.elapsed and not it.complete then
      it.complete = true
      out[#out + 1] = it.action
      self.done[#self.done + 1] = it.action
    end
  end
  return out
end

function Queue:busy() return self.elapsed < self:total() end

-- order(action, segments): a new order is taken only when the queue is done.
function Queue:order(action, segments)
  if self:busy() then return false, "still carrying out the declared actions" end
  self:add(action, segments)
  return true
end

-- change(): the player changes the plan: what is not done is dropped and a
-- new plan starts from where the character now is.
function Queue:change()
  local keep = {}
  for _, it in ipairs(self.items) do
    if it.complete then keep[#keep + 1] = it end
  end
  self.items = keep
  local t = 0
  for _, it in ipairs(keep) do t = t + it.segments end
  self.elapsed = t
end

-- Segment costs from the worked example (TV-20).
M.costs = { oil_from_pouch = { 1, 2 }, potion_from_pack = { 3, 4 }, quaff = { 1, 1 }, sneak_behind = { 10, 10 } }

-- ------------------------------------------------------------ surprise (section 2)
-- surprised_on(members): a side is surprised as its most favourable
-- member (1E-SURP-01): the lowest surprised_on (default 2 in 6) and its die.
function M.side_chance(members)
  local on, die = 2, 6
  for i = 1, #members do
    local c = members[i]
    local v = c:ability("surprised_on") or 2 -- lib.ability(c, "surprised_on", 2)
    local d = c:ability("surprise_die") or 6
    if i == 1 or v / d < on / die then on, die = v, d end
  end
  return on, die
end

-- The best "surprises others on" value of a side (default 2).
function M.side_surprises(members)
  local s = 2
  for i = 1, #members do
    local v = members[i]:ability("surprises") or 2 -- lib.ability(c, "surprises", 2)
    if v > s then s = v end
  end
  return s
end

-- 1E-SURP-04: A is surprised on d <= B's surprise-others value minus A's
-- advantage in sixths (2 - A's own surprised-on value), from 0 to 6.
function M.combined(own_on, other_surprises)
  local n = other_surprises - (2 - own_on)
  if n < 0 then n = 0 elseif n > 6 then n = 6 end
  return n
end

-- 1E-SURP-02/03, TBL-SURP-DIFF: segments a side loses.
function M.lost(own, own_surprised, other, other_surprised)
  if not own_surprised then return 0 end
  if not other_surprised then return own end
  local diff = own - other
  if diff <= 0 then return 0 end
  return T["TBL-SURP-DIFF"]:lookup(diff)
end

-- 1E-SURP-07: an individual's Dexterity reaction adjustment changes only
-- surprise it already has (never below 0, never surprising anyone).
function M.dex_lost(lost, dex)
  if lost <= 0 then return 0 end
  return math.max(0, lost - lib.dex_reaction(dex))
end

-- roll(a, b): both sides' surprise. a and b are {on = n, die = d,
-- surprises = n, cannot = bool}; the result is {a = {roll, surprised,
-- lost}, b = {...}}. A side that cannot be surprised (1E-SURP-06) does not
-- roll.
function M.roll(a, b)
  local ra, rb = { roll = 0, surprised = false }, { roll = 0, surprised = false }
  local on_a = M.combined(a.on or 2, b.surprises or 2)
  local on_b = M.combined(b.on or 2, a.surprises or 2)
  if not a.cannot then
    ra.roll = dice.total("1d" .. (a.die or 6))
    ra.surprised = ra.roll <= on_a
  end
  if not b.cannot then
    rb.roll = dice.total("1d" .. (b.die or 6))
    rb.surprised = rb.roll <= on_b
  end
  ra.lost = M.lost(ra.roll, ra.surprised, rb.roll, rb.surprised)
  rb.lost = M.lost(rb.roll, rb.surprised, ra.roll, ra.surprised)
  return { a = ra, b = rb }
end

-- 1E-SURP-05: what the surprising side may do in a surprise segment, and
-- its missile rate: 3x the per-round rate with weapon and ammunition ready
-- (AMB-03: per segment), else the normal rate.
M.surprise_actions = { "avoid", "parley", "await", "missile", "set", "cast", "close", "charge", "strike", "grapple_hold" }
function M.surprise_missiles(rate, ready)
  if ready then return 3 * rate end
  return rate
end
-- Only spells of 1-segment casting time fit in a surprise segment.
function M.fits_segment(casting_time) return casting_time <= 1 end

-- ------------------------------------------------------------ distance (section 3)
-- distance(o) -> inches (1" = 10 ft underground, 10 yd outdoors):
--   base 1d6+4 (1E-DIST-01); o.clear_sight: a clear line of sight and
--   light, the sides detect each other as far as they can see: the DM's
--   o.sight_range, else practically unlimited (math.huge), no roll
--   (1E-DIST-02); o.screened = n (screening terrain) caps it at n;
--   o.hid_from_noise: 1d4 (1E-DIST-03); o.room = true (a door opened into
--   a room): the 20 ft room table (1E-DIST-04, TV-04: d6 1-2 striking
--   range, 3-4 10 ft, 5-6 20 ft); o.room_ft, the size of the space the
--   sides are in, caps every distance (1E-DIST-04: the distance cannot
--   exceed the space in which they can detect each other); o.sudden: as a
--   confined space (1E-DIST-05); o.surprise: 1d3 (1E-DIST-06);
--   o.light_radius: at most twice it; o.vision: at most the
--   infravision/ultravision range (1E-DIST-07). Returns inches and how it
--   was decided.
function M.distance(o)
  o = o or {}
  local d, how
  if o.clear_sight and not o.surprise and not o.hid_from_noise and not o.room and not o.sudden then
    d, how = o.sight_range or math.huge, "sight"
  elseif o.surprise then
    d, how = dice.total("1d3"), "surprise"
  elseif o.hid_from_noise then
    d, how = dice.total("1d4"), "noise"
  elseif o.room or o.sudden then
    local r = dice.total("1d6")
    how = "confined"
    if r <= 2 then d = 0 elseif r <= 4 then d = 1 else d = 2 end
  else
    d, how = dice.total("1d6+4"), "base"
  end
  local cap = math.huge
  if o.room_ft then cap = math.min(cap, math.floor(o.room_ft / 10)) end
  if o.screened then cap = math.min(cap, o.screened) end
  if o.light_radius then cap = math.min(cap, 2 * o.light_radius) end
  if o.vision then cap = math.min(cap, o.vision) end
  if d > cap then d = cap end
  return d, how
end

-- feet(inches, outdoors): an inch is 10 ft underground, 10 yd outdoors.
function M.feet(inches, outdoors)
  if outdoors then return inches * 30 end
  return inches * 10
end

-- ------------------------------------------------------------ reactions (section 5)
-- 1E-REACT-01: d% + Charisma reaction adjustment + loyalty adjustments on
-- TBL-REACT; an "uncertain" result leans its way on a second d% of 01-55
-- (AMB-45). Returns {roll, key, reaction, lean}.
function M.reaction(cha, loyalty)
  local mods = {}
  local adj = lib.cha_reaction(cha)
  if adj ~= 0 then mods[#mods + 1] = { value = adj, source = "Charisma" } end
  if loyalty and loyalty ~= 0 then mods[#mods + 1] = { value = loyalty, source = "loyalty" } end
  local r = T["TBL-REACT"]:roll(mods)
  local out = { roll = r.sum, key = r.key, reaction = r.value, row = r.row, lean = nil }
  if r.row == 3 or r.row == 5 then
    local lean = dice.total("1d100")
    local toward = r.row == 3 and "negative" or "positive"
    out.lean_roll = lean
    out.lean = lean <= 55 and toward or "neutral"
  end
  return out
end

-- ------------------------------------------------------------ avoiding (section 6)
-- 1E-AVOID-01: fleeing is possible when the other side is surprised or
-- this side has the initiative, never once the opponent is in striking
-- range.
function M.can_avoid(o)
  if o.in_striking_range then return false end
  return o.other_surprised or o.has_initiative or false
end

-- 1E-AVOID-02: does the other side pursue? The first rule that applies:
-- the DM's note, the creature's stated nature, an obstacle, what the
-- pursuer noticed, relative speed, else 1d6: 1-3 pursue.
function M.pursues(o)
  o = o or {}
  if o.dm ~= nil then return o.dm, "dm" end
  if o.nature ~= nil then return o.nature, "nature" end
  if o.obstacle then return false, "obstacle" end
  if o.noticed ~= nil then return o.noticed, "noticed" end
  if o.cannot_catch then return false, "speed" end
  local r = dice.total("1d6")
  return r <= 3, "roll", r
end

-- 1E-AVOID-03: parley is attempted by the side with the initiative; the
-- result is the DM's, through the event "1e.parley" (a hook sets e.result).
-- Without a ruling, an intelligent listener reacts by TBL-REACT.
function M.parley(e)
  if not e.has_initiative then return { result = "no chance to parley" } end
  rules.emit("1e.parley", e)
  if e.result == nil then
    local r = M.reaction(e.cha, e.loyalty)
    e.result = r.reaction
  end
  return e
end

-- 1E-AVOID-04: awaiting the other side's action does nothing.
function M.await() return { acted = false, action = "await" } end

-- ------------------------------------------------------------ fights
-- setup{...} chooses how fights that play themselves begin:
--   surprise = true: roll surprise for every side that can be surprised;
--   sides = { [name] = { cannot_be_surprised = true, surprised = n (force
--     the lost segments), outdoors = true } };
--   distance = inches (else rolled by M.distance with the options below),
--   room_ft, room, light_radius, vision, clear_sight and sight_range,
--   screened; outdoors = true (inches of 10 yd);
--   roll_hp = false: keep the monsters' stat-block hit points.
M.config = {}
function M.setup(cfg)
  M.config = cfg or {}
  return M.config
end

-- Per-fight state shared by the 1e hooks: M.state.by[c] is a creature's
-- record. Reset at the start of each fight.
M.state = { by = {}, list = {}, sides = {} }

function M.rec(c)
  local r = M.state.by[c]
  if not r then
    r = { gap = (not M.state.map) and 0 or nil }
    M.state.by[c] = r
  end
  return r
end

-- ------------------------------------------------------------ space
-- Striking range: within 10 ft (1E-MOVE-02); on the map one inch, the
-- squares around a creature (combat.space: 1" squares).
M.strike_ft = 10
M.strike_in = 1

-- mapped() reports whether the current fight is on a map.
function M.mapped() return M.state.map == true end

-- engaged(c, t): can c strike t in melee where they stand? (With no map:
-- when either has closed to striking range, M.closed.)
function M.engaged(c, t)
  local st = M.state
  if st.map then return fight.distance(c, t) <= M.strike_in end
  local by, ft = st.by, M.strike_ft
  if (by[c] or M.rec(c)).gap <= ft then return true end
  return (by[t] or M.rec(t)).gap <= ft
end

-- closed(c): with no map, has c closed to striking range, so that it is
-- engaged with every enemy (M.engaged)? Always false on a map, where
-- each pair's distance decides.
function M.closed(c)
  local st = M.state
  if st.map then return false end
  return (st.by[c] or M.rec(c)).gap <= M.strike_ft
end

-- inches(c, t): how far a missile of c flies to t, in inches.
function M.inches(c, t)
  if M.state.map then return fight.distance(c, t) end
  return math.max(M.rec(c).gap, M.rec(t).gap) / 10
end

-- melee_of(t) -> the set of creatures in the melee t is in on the map
-- (1E-MISS-02's "participants"): t and every creature joined to it through
-- enemies in striking range of each other. (No map: everyone within 10 ft
-- of the other side, missiles.melee_target.)
function M.melee_of(t)
  local group = { [t] = true }
  local list, i = { t }, 1
  while i <= #list do
    local a = list[i]
    for _, b in ipairs(fight.enemies(a)) do
      if not group[b] and M.engaged(a, b) then
        group[b] = true
        list[#list + 1] = b
      end
    end
    i = i + 1
  end
  return group
end

-- The creatures of each side, in fight order.
local function sides_of(list)
  local sides, order = {}, {}
  for _, c in ipairs(list) do
    local s = fight.side(c)
    if not sides[s] then
      sides[s] = {}
      order[#order + 1] = s
    end
    sides[s][#sides[s] + 1] = c
  end
  return sides, order
end
M.sides_of = sides_of

-- M.surprise works out surprise between the two sides of a fight (sides:
-- {name = {creatures}}, order: their names): a side cfg.sides[name] says
-- is surprised for so many segments is, else both roll when cfg.surprise
-- (M.roll). Returns the segments each side loses {name = n} and the rolls
-- (nil when none were rolled).
function M.surprise(sides, order, cfg)
  local lost = {}
  if #order ~= 2 then return lost, nil end
  local a, b = order[1], order[2]
  local sa, sb = (cfg.sides or {})[a] or {}, (cfg.sides or {})[b] or {}
  if sa.surprised or sb.surprised then
    lost[a], lost[b] = sa.surprised or 0, sb.surprised or 0
    return lost, nil
  end
  if not cfg.surprise then return lost, nil end
  local on_a, die_a = M.side_chance(sides[a])
  local on_b, die_b = M.side_chance(sides[b])
  local res = M.roll({ on = on_a, die = die_a, surprises = M.side_surprises(sides[a]), cannot = sa.cannot_be_surprised },
                     { on = on_b, die = die_b, surprises = M.side_surprises(sides[b]), cannot = sb.cannot_be_surprised })
  lost[a], lost[b] = res.a.lost, res.b.lost
  return lost, res
end

-- M.apply_surprise gives every creature of a side that loses segments its
-- own loss (a character's Dexterity reaction, 1E-SURP-07): the condition
-- "surprised" and fight.surprise, before the first round; said(side, n)
-- hears of each side surprised. Returns whether anyone is.
function M.apply_surprise(sides, order, lost, said)
  local surprised = false
  for _, s in ipairs(order) do
    local n = lost[s] or 0
    if n > 0 then
      surprised = true
      for _, c in ipairs(sides[s]) do
        local m = c:has_tag("pc") and M.dex_lost(n, lib.dex(c)) or n
        if m > 0 then
          c:add_condition("surprised", { source = "surprise" })
          fight.surprise(c, m)
        end
        M.rec(c).lost = m
      end
      if said then said(s, n) end
    end
  end
  return surprised
end

rules.on("encounter.start", function()
  local cfg = M.config
  local S = { by = {}, list = fight.all(), round = 0, log = {}, fled = {}, slain = {}, map = fight.map() ~= nil }
  M.state = S
  local sides, order = sides_of(S.list)
  S.sides, S.side_order = sides, order
  -- A fight played by hand keeps the hit points, surprise and distance the
  -- game master gives it.
  if fight.by_hand() then return end
  -- Hit points: monsters roll theirs each fight.
  local list = S.list
  for i = 1, #list do
    local c = list[i]
    local r = M.rec(c)
    r.side = fight.side(c)
    if cfg.roll_hp ~= false and lib.is_monster(c) and not c:has_tag("fixed_hp") then
      local hp = lib.roll_hp(c, dice)
      c:set("max_hp", hp)
      c:set("hp", hp)
    end
  end
  -- Surprise (two sides).
  local lost, res = M.surprise(sides, order, cfg)
  if res then
    S.surprise = res
    fight.note(string.format("surprise: %s rolls %d, %s rolls %d", order[1], res.a.roll, order[2], res.b.roll))
  end
  local surprised = M.apply_surprise(sides, order, lost, function(side, n)
    fight.note(string.format("%s is surprised for %d segment(s)", side, n))
  end)
  -- On a map the creatures stand where the encounter put them: no gaps.
  if S.map then return end
  -- Distance, in feet, between the sides (per creature: each closes its own gap).
  local inches = cfg.distance
  if inches == nil then
    inches = M.distance({ surprise = surprised, room_ft = cfg.room_ft, light_radius = cfg.light_radius,
                          vision = cfg.vision, clear_sight = cfg.clear_sight, sight_range = cfg.sight_range,
                          screened = cfg.screened, room = cfg.room })
    if inches == math.huge then
      error("1e encounter: clear sight leaves the distance practically unlimited: give setup{sight_range = inches}", 0)
    end
  end
  S.distance = M.feet(inches, cfg.outdoors)
  local by = S.by
  for i = 1, #list do
    local c = list[i]
    local r = by[c] or M.rec(c)
    r.gap = S.distance
  end
  if S.distance > 0 then fight.note(string.format("the sides are %d ft apart", S.distance)) end
end, { phase = "declare", priority = -100 })

rules.define("1e.encounter", M)
return M
