-- Exposure clocks (DMG inventory §10 "common machinery", §16.2 item 3): a
-- game clock outside the initiative order that counts seconds and fires
-- timers on their own intervals (round, minute, 10 minutes, hour, 6 hours,
-- day), and the escalating save series the hazards roll on them (the k-th
-- check of a series at DC base + (k - 1) x step). The units are the
-- kernel's (combat.convert under the 3.0 configuration: a round is 6
-- seconds); a fight's rounds reach the clock through clock:advance(1,
-- "round") (clock:follow(): at every round.end of the fight).
local rules = require("rules")
local combat = require("combat")
local check = require("check")
local A = require("core.3e.attack")
local I = require("core.3e.initiative")
local saves = require("core.3e.saves")

local M = rules.get("3e.clock")
if M then return M end
M = {}

-- M.seconds(n, unit): n units (round, minute, hour, day; plural too) in
-- seconds, by the kernel's conversion. A bad unit or a fraction is an error.
function M.seconds(n, unit)
  if type(n) ~= "number" or n < 0 or n % 1 ~= 0 then
    error(string.format("a whole number of %s expected, got %s", tostring(unit), tostring(n)), 2)
  end
  if n == 0 then return 0 end
  return combat.convert(n, unit, "second", I.config())
end

local Clock = {}
Clock.__index = Clock

-- M.new(): a clock at time 0 with no timers.
function M.new()
  return setmetatable({ now = 0, timers = {}, made = 0 }, Clock)
end

local Timer = {}
Timer.__index = Timer

-- clock:every(n, unit, fn [, opts]): a timer that calls fn(timer, clock)
-- every n units, the first time one interval after opts.after ({n, unit}:
-- a grace period, default none); timer.fired counts the calls made before
-- this one (so a series' DC is base + timer.fired). fn may stop it.
function Clock:every(n, unit, fn, opts)
  opts = opts or {}
  if type(fn) ~= "function" then error("clock:every: a function expected as the third argument", 2) end
  local step = M.seconds(n, unit)
  if step <= 0 then error("clock:every: the interval must be positive", 2) end
  local after = 0
  if opts.after then after = M.seconds(opts.after[1], opts.after[2]) end
  self.made = self.made + 1
  local t = setmetatable({ step = step, due = self.now + after + step, fn = fn, fired = 0, seq = self.made,
    name = opts.name, live = true }, Timer)
  self.timers[#self.timers + 1] = t
  return t
end

-- timer:stop(): no more calls.
function Timer:stop() self.live = false end

-- clock:advance(n, unit): moves the time on by n units, calling every timer
-- that falls due on the way, in time order (timers due at the same moment
-- in the order they were made). Returns the number of calls.
function Clock:advance(n, unit)
  local stop = self.now + M.seconds(n, unit)
  local calls = 0
  while true do
    local best
    for _, t in ipairs(self.timers) do
      if t.live and t.due <= stop and (not best or t.due < best.due or (t.due == best.due and t.seq < best.seq)) then
        best = t
      end
    end
    if not best then break end
    self.now = best.due
    best.due = best.due + best.step
    best.fn(best, self)
    best.fired = best.fired + 1
    calls = calls + 1
  end
  self.now = stop
  local live = {}
  for _, t in ipairs(self.timers) do if t.live then live[#live + 1] = t end end
  self.timers = live
  return calls
end

-- clock:follow(): advances the clock with the fight's rounds: when a round
-- starts, by the rounds since the last one started (so once a round has
-- ended, before the next one's turns; the fight's round.start event, which
-- fights played by hand raise too). Returns the hook handle.
function Clock:follow()
  local last
  return rules.on("round.start", function(e)
    local r = e.round
    if type(r) ~= "number" then return end
    -- a fight played by hand raises no round.start for its first round
    if not last then last = r == 1 and 1 or r - 1 end
    if r > last then self:advance(r - last, "rounds") end
    last = r
  end)
end

-- M.con_check(c, dc, mods): a Constitution check (d20 + Con modifier, no
-- automatic success or failure) against dc. Returns success, the record.
function M.con_check(c, dc, mods)
  local list = { { value = A.mod((c:get("abilities") or {}).con or 10), source = "Con" } }
  for _, m in ipairs(mods or {}) do list[#list + 1] = m end
  local r = check.roll({ mods = list, target = dc })
  return r.success, r
end

-- M.series(kind, base [, step]): an escalating series of checks: kind "fort"
-- (a Fortitude save), "ref", "will" or "con" (a Constitution check); the
-- k-th check is at base + (k - 1) x step (step default 1; 0: a flat DC).
-- series:roll(c [, mods]) rolls the next one: success, its DC, the record.
local Series = {}
Series.__index = Series

function M.series(kind, base, step)
  if kind ~= "con" and not saves.kinds[kind] then
    error(string.format("unknown check %q (fort, ref, will, con)", tostring(kind)), 2)
  end
  if type(base) ~= "number" then error("series: a base DC expected", 2) end
  return setmetatable({ kind = kind, base = base, step = step or 1, done = 0 }, Series)
end

function Series:dc() return self.base + self.done * self.step end

function Series:roll(c, mods)
  local dc = self:dc()
  self.done = self.done + 1
  local ok, r
  if self.kind == "con" then
    ok, r = M.con_check(c, dc, mods)
  else
    ok, r = saves.roll(c, self.kind, dc, { mods = mods })
  end
  return ok, dc, r
end

rules.define("3e.clock", M)
return M
