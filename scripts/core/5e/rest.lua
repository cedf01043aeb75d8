-- Hit points, healing and rests (inventory sections 17, 19 and 21, and
-- appendix A "Short Rest" and "Long Rest" [K✓ SRD 5.2], reconstructed from
-- the published book): Bloodied, healing, Hit Point Dice spent on a Short
-- Rest, the Long Rest's recovery.
--
--   local rest = require("core.5e.rest")
--   rest.short_rest(c, { dice = 2 })   -- spends two Hit Point Dice
--   rest.long_rest(c)                  -- all HP, all Hit Point Dice, Exhaustion -1
--   rest.bloodied(c)
local rules = require("rules")
local dice = require("dice")

local M = rules.get("5e.rest")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- 5E-HP-03: a Short Rest lasts an hour, a Long Rest 8 hours (at least 6
-- asleep); a creature can't start a Long Rest within 16 hours of the last
-- one's end.
M.rests = {
  short = { en = "Short Rest", zh = "短休", hours = 1 },
  long = { en = "Long Rest", zh = "長休", hours = 8, sleep = 6 },
}
M.LONG_REST_GAP = 16

-- The 2024 rules restore every spent Hit Point Die on a Long Rest. A table
-- playing the 2014 rule sets this to "half" (half the total, at least 1).
M.long_rest_hit_dice = "all"

M.states = {
  bloodied = { en = "Bloodied", zh = "重傷" },
}

-- 5E-HP-02: Bloodied at half the maximum or less (2 x hp <= max, AMB-32).
function M.bloodied(c)
  return 2 * c:get("hp") <= c:get("max_hp")
end

-- 5E-HEAL-01: hit points come back by magic or by resting. A few healing
-- effects for the REPL (more with rules.merge("5e.rest", {healing = ...})).
M.healing = {
  potion_of_healing = { dice = "2d4 + 2", en = "Potion of Healing", zh = "治療藥水" },
}

-- heal adds n hit points up to the maximum and returns what was regained
-- (5E-HEAL-02); n may be a number or a healing effect's name.
function M.heal(c, n)
  local rolled
  if type(n) == "string" then
    local h = M.healing[n]
    rolled = dice.total(h and h.dice or n)
    n = rolled
  end
  return c:heal(n), rolled
end

-- reduce_max_hp lowers the hit point maximum until the next Long Rest
-- (the original is kept as the tag "max_hp_base=N").
function M.reduce_max_hp(c, n)
  local ch = rules.need("5e.character")
  if not ch.tag_value(c, "max_hp_base") then ch.set_tag_value(c, "max_hp_base", c:get("max_hp")) end
  local m = math.max(0, c:get("max_hp") - n)
  c:set("max_hp", m)
  if c:get("hp") > m then c:set("hp", m) end
  return m
end

-- spend_hit_die spends one Hit Point Die (die "d8", or nil for the largest
-- left): it heals its roll + Con modifier, at least 1. Returns {die, roll,
-- healed, regained}.
function M.spend_hit_die(c, die)
  local ch = rules.need("5e.character")
  local pick
  for _, h in ipairs(ch.hit_dice(c)) do
    if (die == nil or h.die == die) and h.current > 0 then
      pick = h
      break
    end
  end
  if pick == nil then error("no " .. (die or "Hit Point Die") .. " left to spend", 2) end
  c:spend("hit_dice:" .. pick.die)
  local roll = dice.total("1" .. pick.die)
  local healed = math.max(1, roll + (ch.mod(c, "con") or 0))
  return { die = pick.die, roll = roll, healed = healed, regained = c:heal(healed) }
end

local function start(c, kind)
  if c:get("hp") < 1 then
    error("a " .. M.rests[kind].en .. " needs at least 1 hit point to start", 3)
  end
end

-- short_rest (appendix A): an hour of light activity; at its end the
-- creature spends Hit Point Dice one at a time. opts.dice: how many (or a
-- list of die sizes); opts.until_full = true stops at the maximum.
-- opts.interrupted (Initiative rolled, a spell other than a cantrip cast,
-- damage taken): no benefit. Resources recharging on a short rest refill.
-- Returns {finished, spent = {...}, regained}.
function M.short_rest(c, opts)
  opts = opts or {}
  start(c, "short")
  if opts.interrupted then return { finished = false, spent = {}, regained = 0 } end
  local out = { finished = true, spent = {}, regained = 0 }
  local plan = opts.dice or 0
  local n = type(plan) == "table" and #plan or plan
  for i = 1, n do
    if opts.until_full and c:get("hp") >= c:get("max_hp") then break end
    local die = type(plan) == "table" and plan[i] or nil
    local s = M.spend_hit_die(c, die)
    out.spent[#out.spent + 1] = s
    out.regained = out.regained + s.regained
  end
  c:rest("short")
  return out
end

-- long_rest (appendix A): at its end the creature regains all hit points
-- and its spent Hit Point Dice, hit point maximum reductions end,
-- Exhaustion drops by 1 (5E-CND-06; not levels locked by thirst or
-- hunger), temporary hit points end (5E-THP-02), a Resourceful character
-- (Human) gains Heroic Inspiration (5E-ADV-08), and resources that
-- recharge on a long or a short rest refill.
-- opts.interrupted_after = hours rested before an interruption (1 or more:
-- the benefits of a Short Rest instead, with opts.dice; else nothing).
-- opts.hours_since_last: hours since the last Long Rest ended.
function M.long_rest(c, opts)
  opts = opts or {}
  start(c, "long")
  if opts.hours_since_last and opts.hours_since_last < M.LONG_REST_GAP then
    error("a Long Rest can't start within 16 hours of the last one", 2)
  end
  if opts.interrupted_after then
    if opts.interrupted_after >= 1 then
      local s = M.short_rest(c, { dice = opts.dice, until_full = opts.until_full })
      s.finished, s.kind = false, "short"
      return s
    end
    return { finished = false, kind = "none", regained = 0 }
  end
  local ch = rules.need("5e.character")
  local out = { finished = true, kind = "long" }
  local base = tonumber(ch.tag_value(c, "max_hp_base"))
  if base then
    c:set("max_hp", base)
    ch.set_tag_value(c, "max_hp_base", nil)
  end
  out.regained = c:heal(c:get("max_hp"))
  out.hit_dice = 0
  for _, h in ipairs(ch.hit_dice(c)) do
    local n = h.max
    if M.long_rest_hit_dice == "half" then n = math.max(1, math.floor(h.max / 2)) end
    out.hit_dice = out.hit_dice + c:restore("hit_dice:" .. h.die, n)
  end
  out.exhaustion_removed = rules.need("5e.hazards").remove_exhaustion(c, 1)
  c:set("temp_hp", 0)
  if c:has_tag("resourceful") then
    out.inspiration = rules.need("5e.checks").gain_inspiration(c)
  end
  c:rest("long")
  c:rest("short")
  return out
end

rules.define("5e.rest", M)
return M
