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
local W = require("core.3e.special.who")

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

-- resist_hd(u): the HD the undead resists turning with: its HD plus its
-- turn resistance ([K] MM 3.0: added to its HD when a turning is
-- resolved against Table 8-16), or the bolstering's HD when that is more
-- (3E-TURN-11). The turning damage still counts its real HD.
local function resist_hd(u) return math.max(u.hd + (u.turn_resistance or 0), u.bolstered or 0) end
M.resist_hd = resist_hd

-- attempt(o): one turning or rebuking attempt.
--   o.level      the turning level (M.turning_level)
--   o.cha        the Charisma modifier
--   o.energy     "positive" (turn, destroy) or "negative" (rebuke, command)
--   o.undead     {{id, hd, distance, total_cover, affected, bolstered, protected, turn_resistance}...}
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
      if u.hd > left then break end
      left = left - u.hd
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

-- ------------------------------------------------------------ in a fight
-- The effects of a turning last 10 rounds from the cleric's count
-- (3E-ROUND-02): the condition's level holds the round the turning was
-- made in (plus one, so that the surprise round's 0 is a level), and
-- M.expired tells at the bearer's turn whether that time has passed.
local fight = require("fight")

M.effects = { turned = "turned", rebuked = "cowering", commanded = "commanded" }
-- The conditions a turning gives (rebuked undead cower: the core's
-- "cowering", Table 8-8's +2 and no Dex bonus).
rules.define("condition.turned", { name = M.names.turned, fight = {} })
rules.define("condition.commanded", { name = M.names.commanded, fight = { no_actions = true } })

local function count_of(id)
  for _, o in ipairs(fight.order()) do
    if o.id == id then return o.count end
  end
  return nil
end

-- expired(u, cond): whether u's turning effect has run its 10 rounds now,
-- at u's turn: a later round than the tenth after it, or the tenth when u
-- acts after the cleric's count.
function M.expired(u, cond)
  local k = u:conditions(cond)[1]
  if not k or not k.source then return false end
  local r0 = k.level - 1
  local now = fight.round()
  if now > r0 + M.duration_rounds then return true end
  if now < r0 + M.duration_rounds then return false end
  local mine, theirs = count_of(u:get("id")), count_of(k.source)
  return mine ~= nil and theirs ~= nil and mine <= theirs
end

-- gather(cleric): the undead among cleric's enemies as attempt's records.
local function gather(cleric)
  local list = {}
  for _, c in ipairs(fight.enemies(cleric)) do
    if c:has_tag("undead") then
      list[#list + 1] = { id = c:get("id"), c = c, hd = W.hd(c), distance = fight.distance(cleric, c),
        total_cover = fight.cover(c, cleric) == "total", affected = c:has("turned") or c:has("cowering"),
        turn_resistance = c:ability("turn_resistance"), bolstered = c:ability("bolstered_hd") }
    end
  end
  return list
end

-- turn(cleric [, opts]): 3E-TURN-01, a turning (or rebuking) in a fight:
-- a standard action that provokes no attack of opportunity, one of the
-- day's uses (the resource "turn_undead"). The cleric's class and level
-- come from its tags and level (who.lua); a cleric that
-- channels negative energy has the tag "rebukes". Destroyed undead die,
-- turned ones flee (M.flee_or_cower at their turns), rebuked ones cower,
-- commanded ones leave the fight on the cleric's side. Returns attempt's
-- record, or {refused = why}.
function M.turn(cleric, opts)
  opts = opts or {}
  local class = W.level(cleric, "cleric") > 0 and "cleric" or "paladin"
  local level = M.turning_level(class, W.level(cleric, class))
  if level < 1 then return { refused = cleric:get("id") .. " cannot turn undead" } end
  local use = cleric:resource("turn_undead")
  if not use or use.current < 1 then return { refused = "no turning attempts left today" } end
  if not opts.free and fight.remaining(cleric, "standard") < 1 then
    return { refused = "no standard action left this turn" }
  end
  local list = gather(cleric)
  if #list == 0 then return { refused = "no undead to turn" } end
  if not opts.free then fight.spend(cleric, "standard") end
  cleric:spend("turn_undead")
  local energy = cleric:has_tag("rebukes") and "negative" or "positive"
  local r = M.attempt{ level = level, cha = W.mod(cleric, "cha"), energy = energy, undead = list,
                       skip_affected = true, commanded_hd = cleric:ability("commanded_hd") or 0 }
  local by = {}
  for _, u in ipairs(list) do by[u.id] = u.c end
  local stamp = fight.round() + 1
  local cid = cleric:get("id")
  for _, a in ipairs(r.affected) do
    local u = by[a[1]]
    if a[3] == "destroyed" then
      fight.kill(u)
    elseif a[3] == "commanded" then
      u:add_condition("commanded", { source = cid })
      fight.flee(u)
    else
      u:add_condition(M.effects[a[3]], { source = cid, level = stamp })
    end
  end
  if r.commanded_hd and r.commanded_hd > 0 then
    cleric:set("abilities", { commanded_hd = r.commanded_hd })
  end
  fight.note(string.format("%s %s undead (check %d, max %d HD, %s): %s", cid,
    energy == "negative" and "rebukes" or "turns", r.check, r.max_hd,
    r.damage and (r.damage .. " HD") or "no HD", #r.affected == 0 and "none affected" or (function()
      local t = {}
      for _, a in ipairs(r.affected) do t[#t + 1] = a[1] .. " " .. a[3] end
      return table.concat(t, ", ")
    end)()))
  return r
end

-- flee_or_cower(u): 3E-TURN-06, a turned undead's turn: it flees (a double
-- move away from its enemies, its start square safe as on any move-only
-- turn); one that cannot get farther away cowers instead (attacks
-- against it +2, no actions, no Dex bonus: the core's "cowering"). With no
-- map it leaves the fight. Returns what it did.
function M.flee_or_cower(u)
  local k = u:conditions("turned")[1]
  local id = u:get("id")
  if not fight.map() then
    fight.note(id .. " flees (turned)")
    fight.flee(u)
    return "fled"
  end
  fight.dash(u)
  local p = fight.path(u, "away")
  if #p.path > 0 then
    local m = fight.move(u, "away", { safe_start = true })
    fight.note(string.format("%s flees (turned) to %d,%d", id, m.pos.x, m.pos.y))
    return "fled"
  end
  u:add_condition("cowering", { source = k.source, level = k.level })
  fight.note(id .. " cowers (turned, cornered)")
  return "cowers"
end

-- undead_turn(e): the turn.start and turn.act hooks of a turnable undead
-- (monsters/abilities/3e.lua installs them): the effects run out after 10
-- rounds; a turned undead flees or cowers instead of acting.
function M.undead_turn_start(u)
  for _, cond in ipairs({ "turned", "cowering" }) do
    if u:has(cond) and M.expired(u, cond) then u:remove_condition(cond) end
  end
end
function M.undead_act(e)
  local u = e.fighter
  if e.acted or not u:has("turned") or u:has("cowering") then return end
  e.acted = true
  M.flee_or_cower(u)
end

rules.define("3e.special.turning", M)
return M
