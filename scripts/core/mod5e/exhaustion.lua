-- Exhaustion with seven levels (HB-COND-06..08, T-8, TV-27): each level
-- reached adds its own effect and they all apply together (AMB-02: the
-- disadvantage of level 5 adds to that of levels 1 and 3):
--
--   1  skill checks 1 dis                     技能检定具有1劣势
--   2  speed halved                           速度减半
--   3  attack rolls and saves 1 dis           攻击和豁免检定具有1劣势
--   4  HP maximum halved                      生命值上限减半
--   5  attacks, saves and skill checks 2 dis  攻击、豁免和技能检定具有2劣势
--   6  speed 0                                速度降为0
--   7  death                                  死亡
--
-- New exhaustion adds to the level (HB-COND-07); removing it lowers the
-- level and ends the effects left behind, down to 0; a long rest with
-- enough food and drink, and being brought back from the dead, each lower
-- it by 1 (HB-COND-08). The attack and speed effects are kernel data
-- (fight.levels); the check and save effects are d20 data (5e.conditions);
-- the HP maximum and death are kept here. 5e.hazards' exhaustion
-- functions are replaced by these (so 5e's helpers, rests and raising the
-- dead use them).
local rules = require("rules")

local M = {}

M.MAX = 7
M.SPEED_ZERO = 6
M.HALF_HP = 4

-- T-8 as data; the variant mod5e.exhaustion_replace redefines it.
rules.define("condition.exhaustion", { name = { en = "Exhaustion", zh = "力竭" }, stacking = "levels", max_level = M.MAX,
  d20_per_level = 0, -- no flat penalty (5e.conditions helpers read it)
  d20 = {
    { kind = "skill", level = -1, min_level = 1 },
    { kind = "save", level = -1, min_level = 3 },
    { kind = "save", level = -2, min_level = 5 },
    { kind = "skill", level = -2, min_level = 5 },
  },
  fight = { levels = {
    { level = 2, speed_halvings = 1 },
    { level = 3, attack_adv = -1 },
    { level = 5, attack_adv = -2 },
    { level = 6, speed_zero = true },
  } } })

local function base_tag(c)
  for _, t in ipairs(c:get("tags")) do
    local v = t:match("^exhaustion_max_hp=(%d+)$")
    if v then return t, tonumber(v) end
  end
  return nil
end

-- sync applies level 4's halved HP maximum (AMB-23: rounded down, current
-- HP clamped to it) or gives the maximum back below level 4.
local function sync(c)
  local level = c:level("exhaustion")
  local tag, base = base_tag(c)
  if level >= M.HALF_HP and not tag then
    local max = c:get("max_hp")
    c:add_tag("exhaustion_max_hp=" .. max)
    c:set("max_hp", math.floor(max / 2))
    if c:get("hp") > c:get("max_hp") then c:set("hp", c:get("max_hp")) end
  elseif level < M.HALF_HP and tag then
    c:remove_tag(tag)
    c:set("max_hp", base)
  end
end

-- M.level returns c's exhaustion level (0 when not exhausted).
function M.level(c)
  return c:level("exhaustion")
end

-- M.gain adds n levels (HB-COND-06, 07); level 7 kills. Returns the level.
function M.gain(c, n, source)
  c:add_condition("exhaustion", { level = n or 1, source = source or "exhaustion", stacking = "levels",
    max_level = M.MAX })
  local level = c:level("exhaustion")
  sync(c)
  if level >= M.MAX then rules.need("5e.hazards").die(c, "exhaustion") end
  return level
end

-- M.remove lowers the level by up to n (HB-COND-08) and returns by how
-- much.
function M.remove(c, n)
  local before = c:level("exhaustion")
  if before == 0 then return 0 end
  c:reduce_level("exhaustion", math.min(n, before))
  sync(c)
  return before - c:level("exhaustion")
end

-- M.long_rest: a long rest lowers the level by 1 only with enough food and
-- drink (opts.fed, default true).
function M.long_rest(c, opts)
  if opts and opts.fed == false then return 0 end
  return M.remove(c, 1)
end

-- M.summary returns what the level does (TV-27): {level, skill, attack,
-- save (summed dis levels, negative), speed_halvings, speed_zero,
-- hp_halved, dead}.
function M.summary(c)
  local level = c:level("exhaustion")
  local out = { level = level, skill = 0, attack = 0, save = 0, speed_halvings = 0, speed_zero = false,
    hp_halved = level >= M.HALF_HP, dead = level >= M.MAX }
  local d = rules.need("condition.exhaustion")
  for _, e in ipairs(d.d20) do
    if level >= e.min_level then out[e.kind] = out[e.kind] + e.level end
  end
  for _, l in ipairs(d.fight.levels) do
    if level >= l.level then
      out.attack = out.attack + (l.attack_adv or 0)
      out.speed_halvings = out.speed_halvings + (l.speed_halvings or 0)
      out.speed_zero = out.speed_zero or l.speed_zero == true
    end
  end
  return out
end

rules.define("mod5e.exhaustion", M)

-- 5e.hazards with these exhaustion rules (5e's rest, raising the dead and
-- condition helpers call them).
local H5 = rules.need("5e.hazards")
local H = setmetatable({ MAX_EXHAUSTION = M.MAX }, { __index = H5 })
function H.gain_exhaustion(c, n, source) return M.gain(c, n, source) end
function H.remove_exhaustion(c, n) return M.remove(c, n) end
function H.exhausted_speed(c, speed)
  local s = M.summary(c)
  if s.speed_zero then return 0 end
  return math.floor(speed / 2 ^ s.speed_halvings / 5) * 5
end
rules.define("5e.hazards", H)
