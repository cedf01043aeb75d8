-- Turning and rebuking undead (inventory 3E-TURN-01..14, Table 8-16).
--
-- The procedure is pure: M.attempt takes the cleric's numbers and the
-- undead around it as plain records and returns what happened, so the
-- REPL, the specs and the fight (M.turn, which reads the creatures on the
-- map) run the same code.
--
--   local turning = require("core.3e.special.turning")
--   turning.attempt{ level = 3, cha = 1, undead = {
--     { id = "g1", hd = 2, distance = 10 }, { id = "ghast", hd = 4, distance = 20 } } }
--   --> { check, max_hd, damage, affected = {{id, hd, how}...}, wasted, ... }
local rules = require("rules")
local dice = require("dice")
local T = require("core.3e.special.tables")

local M = rules.get("3e.special.turning")
if M then return M end
M = {}

M.range_ft = 60        -- 3E-TURN-03
M.duration_rounds = 10 -- 3E-TURN-06, 3E-TURN-08, 3E-TURN-11: 1 minute
M.cower_bonus = 2      -- attacks against cowering (turned, cornered) or rebuked undead
M.base_uses = 3        -- 3E-TURN-02: 3 + Cha modifier a day
M.extra_turning = 4    -- [K] PHB 3.0 Extra Turning: +4 turnings a day per feat
M.check_die = "1d20"   -- 3E-TURN-04: 1d20 + Cha modifier
M.damage_dice = "2d6"  -- 3E-TURN-05: 2d6 + cleric level + Cha modifier
M.destroy_factor = 2   -- 3E-TURN-07: level at least twice the HD destroys

M.names = {
  turn = { en = "Turn undead", zh = "超度不死生物" },
  rebuke = { en = "Rebuke undead", zh = "威慑不死生物" },
  command = { en = "Command undead", zh = "控制不死生物" },
  bolster = { en = "Bolster undead", zh = "支援不死生物" },
  counter = { en = "Counter a turning", zh = "抵消超度" },
  turned = { en = "Turned", zh = "被超度" },
  rebuked = { en = "Rebuked (cowering in awe)", zh = "被威慑" },
  commanded = { en = "Commanded", zh = "被控制" },
  destroyed = { en = "Destroyed", zh = "被摧毁" },
  bolstered = { en = "Bolstered", zh = "被支援" },
}

-- max_hd(level, check): Table 8-16, the most powerful undead affected.
function M.max_hd(level, check)
  for _, r in ipairs(T.turning) do
    if (r.lo == nil or check >= r.lo) and (r.hi == nil or check <= r.hi) then return level + r.offset end
  end
  error("Table 8-16 has no row for turning check " .. tostring(check))
end

-- uses_per_day(cha_mod [, extra_turning_feats]): 3E-TURN-02.
function M.uses_per_day(cha_mod, feats)
  return math.max(0, M.base_uses + cha_mod + M.extra_turning * (feats or 0))
end

-- turning_level(class, level): the level a creature turns at. Clerics at
-- their level; paladins as clerics two levels lower, from 3rd level
-- (3E-TURN-13); other classes do not turn (0).
function M.turning_level(class, level)
  if class == "cleric" then return level end
  if class == "paladin" then return level >= 3 and level - 2 or 0 end
  return 0
end

-- energy(alignment, choice): which energy a cleric channels. Good clerics
-- turn, evil ones rebuke, neutral ones as chosen at character creation
-- (3E-TURN-12; a neutral cleric without a choice is an error).
function M.energy(alignment, choice)
  local a = (alignment or ""):lower()
  if a:find("good") then return "positive" end
  if a:find("evil") then return "negative" end
  if choice == "positive" or choice == "negative" then return choice end
  if choice == "turn" then return "positive" end
  if choice == "rebuke" then return "negative" end
  error(string.format("a neutral cleric (%s) must choose turn or rebuke (3E-TURN-12)", tostring(alignment)), 2)
end

-- eligible(u, o): may this undead be affected at all (in range, not behind
-- total cover, not one of those already affected that the cleric skips)?
local function eligible(u, o)
  if (u.distance or 0) > M.range_ft then return false, "out of range" end
  if u.total_cover then return false, "total cover" end
  if o.skip_affected and u.affected then return false, "already affected" end
  return true
end

-- resist_hd(u): the HD the undead resists turning with (bolstered undead
-- resist as the bolstering's HD, 3E-TURN-11).
local function resist_hd(u) return math.max(u.hd, u.bolstered or 0) end

-- attempt(o): one turning or rebuking attempt.
--   o.level      the turning level (M.turning_level)
--   o.cha        the Charisma modifier
--   o.energy     "positive" (turn, destroy) or "negative" (rebuke, command)
--   o.undead     {{id, hd, distance, total_cover, affected, bolstered, protected}...}
--   o.skip_affected  skip undead already turned and still in range (3E-TURN-03)
--   o.commanded_hd   HD already commanded (3E-TURN-09's cap)
--   o.check      a turning check already rolled (else 1d20 + Cha is rolled)
-- Returns {check, max_hd, damage (nil when nothing could be affected),
-- affected = {{id, hd, how}...}, wasted, skipped = {{id, why}...}}; how is
-- turned, destroyed, rebuked or commanded. A protected undead (counter-
-- turned, M.counter) is skipped as if it were not there.
function M.attempt(o)
  local level, cha = o.level or 0, o.cha or 0
  local negative = o.energy == "negative"
  local out = { affected = {}, skipped = {}, wasted = 0 }
  if level < 1 then
    out.refused = "cannot turn undead (turning level below 1)"
    return out
  end
  local cands = {}
  for i, u in ipairs(o.undead or {}) do
    local ok, why = eligible(u, o)
    if ok and u.protected then ok, why = false, "protected by a counter-turning" end
    if ok then cands[#cands + 1] = { u = u, i = i } else out.skipped[#out.skipped + 1] = { u.id, why } end
  end
  -- nearest first; ties in the order given
  table.sort(cands, function(a, b)
    local da, db = a.u.distance or 0, b.u.distance or 0
    if da ~= db then return da < db end
    return a.i < b.i
  end)
  -- o.check: a check already rolled (a counter-turning's)
  out.check = o.check or dice.total(M.check_die) + cha
  out.max_hd = M.max_hd(level, out.check)
  local any = false
  for _, x in ipairs(cands) do
    if resist_hd(x.u) <= out.max_hd then any = true break end
  end
  if not any then return out end
  -- 3E-TURN-05: turning damage is the total HD affected, nearest first;
  -- what cannot cover the next creature is wasted.
  local left = dice.total(M.damage_dice) + level + cha
  out.damage = left
  local commanded = o.commanded_hd or 0
  for _, x in ipairs(cands) do
    local u = x.u
    local hd = resist_hd(u)
    if hd <= out.max_hd then
      if hd > left then break end
      left = left - hd
      local how
      if level >= M.destroy_factor * u.hd then
        how = negative and "commanded" or "destroyed"
      else
        how = negative and "rebuked" or "turned"
      end
      -- 3E-TURN-09: no more HD commanded at once than the cleric's level;
      -- those beyond the cap are rebuked instead.
      if how == "commanded" then
        if commanded + u.hd > level then
          how = "rebuked"
        else
          commanded = commanded + u.hd
        end
      end
      out.affected[#out.affected + 1] = { u.id, u.hd, how }
    end
  end
  out.wasted = left
  out.commanded_hd = commanded
  return out
end

-- counter(o): 3E-TURN-10, an evil cleric cancels a good cleric's turning.
-- o.check is the good cleric's turning check; o.level, o.cha the evil
-- cleric's; o.undead as for attempt. The evil cleric rolls its own check:
-- at least the good one's, it protects up to 2d6 + level + Cha HD of the
-- undead (nearest first, as if rebuking them). Returns {check, success,
-- damage, protected = {ids}}.
function M.counter(o)
  local out = { protected = {} }
  out.check = dice.total(M.check_die) + (o.cha or 0)
  out.success = out.check >= o.check
  if not out.success then return out end
  local r = M.attempt{ level = o.level, cha = o.cha, energy = "negative", undead = o.undead,
                       check = out.check }
  -- the protection uses the same allocation: re-read affected ids
  out.damage = r.damage
  for _, a in ipairs(r.affected) do out.protected[#out.protected + 1] = a[1] end
  out.attempt = r
  return out
end

-- bolster(o): 3E-TURN-11. An evil cleric's turning check gives an HD
-- value (Table 8-16); undead in range with fewer HD resist turning as if
-- they had that many, for 10 rounds. Returns {check, hd, bolstered = {{id, hd}...}}.
function M.bolster(o)
  local out = { bolstered = {} }
  out.check = dice.total(M.check_die) + (o.cha or 0)
  out.hd = M.max_hd(o.level, out.check)
  for _, u in ipairs(o.undead or {}) do
    if eligible(u, {}) and u.hd < out.hd then
      out.bolstered[#out.bolstered + 1] = { u.id, out.hd }
    end
  end
  return out
end

-- opens(o): 3E-TURN-14, a door that opens only for a good cleric whose
-- turning check would affect undead of o.needed HD.
function M.opens(o)
  if o.energy ~= "positive" then return false end
  return M.max_hd(o.level, o.check) >= o.needed
end

rules.define("3e.special.turning", M)
return M
