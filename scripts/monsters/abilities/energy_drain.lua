-- Energy drain and level loss (monsters.abilities.energy_drain; DMG-SA-18,
-- T-3, TV-35, TV-36, A-55). One mechanism of losing a level, shared by the
-- rule systems (M.lose_level: AD&D 1e's wights drain a level a hit, 1e.lua;
-- 3.0's negative level that a failed save makes permanent, below).
--
-- 3.0: a successful melee attack (not mere contact: a monk punching it is
-- not drained) gives negative levels. Each is -1 on attack rolls, saves,
-- skill and ability checks and -1 effective level; a spellcaster loses one
-- prepared spell or slot of its highest level. Negative levels equal to
-- the level (HD for monsters, A-55) kill: the victim may rise as a wight.
-- The drainer gains 5 temporary hit points a negative level (not from
-- spells). After 24 hours one Fortitude save a negative level, DC 10 + 1/2
-- the attacker's HD + its Cha modifier: a success removes it, a failure
-- too but the character loses a level (M.lose_level: a Hit Die and its
-- share of the hit points, XP to the middle of the new level's band,
-- 500 x L^2, and the class features of the lost level the callers name:
-- a 2nd-level rogue loses evasion). Not modelled (spec/left-out.tsv says
-- so under no ID: the rest is covered): recomputing the base attack bonus,
-- base saves, skills and feats of the lost level, which needs a reversible
-- level history; a stat block's attacks keep their bonuses.
--
--   on_hit(stat, {attacks = {"Slam"}, levels = 1, hd = 4, cha = 15})
local rules = require("rules")
local fight = require("fight")

local M = rules.get("abilities.energy_drain")
if M then return M end
M = {}

-- M.lose_level(c, key): c loses one level (key "level", or "hd" for a
-- monster) and that level's share of its maximum hit points; at level 1
-- or less it dies. Returns the new level (0: dead).
function M.lose_level(c, key)
  key = key or "level"
  local lvl = c:ability(key) or 0
  if lvl <= 1 then
    local ok = pcall(fight.is, c, "out")
    if ok then fight.kill(c) else c:set("hp", c:get("floor")) end
    return 0
  end
  local max_hp = c:get("max_hp")
  local loss = math.floor(max_hp / lvl)
  c:set("abilities", { [key] = lvl - 1 })
  c:set("max_hp", math.max(1, max_hp - loss))
  if c:get("hp") > c:get("max_hp") then c:set("hp", c:get("max_hp")) end
  return lvl - 1
end

rules.define("condition.negative_level", { name = { en = "Negative level", zh = "负向等级" },
  fight = { attack_mod_per_level = -1 } })

-- M.dc(hd, cha): the removal save's DC (T-7).
function M.dc(hd, cha) return 10 + math.floor(hd / 2) + (math.floor(cha / 2) - 5) end

-- M.xp(level): the middle of the 3.0 XP band of a level (A-55).
function M.xp(level) return 500 * level * level end

function M.negative_levels(c) return c:level("negative_level") end

-- M.effective_level(c): level (or HD) less the negative levels.
function M.effective_level(c)
  return (c:ability("level") or c:ability("hd") or 0) - M.negative_levels(c)
end

-- M.penalty(c): T-3's -1 a negative level on attacks, saves and checks.
function M.penalty(c) return -M.negative_levels(c) end
local function save_mod(c)
  return M.penalty(c), "negative levels"
end
if rules.get("3e.saves") then rules.get("3e.saves").add_modifier(save_mod) end

-- M.drain(c, n, o): n negative levels on c (o = {dc, attacker, spell}):
-- a slot of the highest level lost for each, the drainer's 5 temporary hit
-- points each (not for spells), death when they reach its level. Returns
-- "dead" or the negative levels now.
function M.drain(c, n, o)
  o = o or {}
  for _ = 1, n do
    c:add_condition("negative_level", { source = tostring(o.dc or 0), level = 1, stacking = "independent" })
    -- the highest-level slot it still has
    for lvl = 9, 1, -1 do
      local r = c:resource("spell_" .. lvl)
      if r and r.current > 0 then
        c:spend("spell_" .. lvl)
        break
      end
    end
  end
  if o.attacker and not o.spell then
    require("core.3e.hp").gain_temp(o.attacker, 5 * n)
  end
  local lvl = c:ability("level") or c:ability("hd") or 1
  if M.negative_levels(c) >= lvl then
    local ok = pcall(fight.is, c, "out")
    if ok then fight.kill(c) else c:set("hp", c:get("floor")) end
    c:add_tag("rises_as_wight")
    return "dead"
  end
  return M.negative_levels(c)
end

-- M.day(c, o): 24 hours on: one Fortitude save a negative level; o.lost
-- (a function(c, new_level)) takes away the class features of a lost
-- level. Returns {removed, lost} counts.
function M.day(c, o)
  o = o or {}
  local out = { removed = 0, lost = 0 }
  for _, k in ipairs(c:conditions("negative_level")) do
    local dc = tonumber(k.source) or 10
    local saved = require("core.3e.saves").roll(c, "fort", dc, { mods = { { value = M.negative_levels(c), source = "not the level's own" } } })
    c:remove_condition(k.id)
    out.removed = out.removed + 1
    if not saved then
      local new = M.lose_level(c, "level")
      out.lost = out.lost + 1
      if new > 0 then
        c:set("abilities", { xp = M.xp(new) })
        -- DMG-SA-18: a rogue's evasion comes at 2nd level
        if new < 2 and c:has_tag("rogue") then c:remove_tag("evasion") end
        if o.lost then o.lost(c, new) end
      end
    end
  end
  return out
end

-- M.on_hit(stat, o): the creature's own hits with o.attacks drain.
function M.on_hit(stat, o)
  local which = {}
  for _, a in ipairs(o.attacks) do which[a] = true end
  local dc = M.dc(o.hd, o.cha)
  require("core.3e.special.hooks").add(stat, "damage.apply", function(e)
    local t = e.target
    if not which[e.attack] or fight.is(t, "dead") or t:has_tag("undead") then return end
    local r = M.drain(t, o.levels or 1, { dc = dc, attacker = e.attacker })
    fight.note(string.format("%s drains %s: %s", e.attacker:get("id"), t:get("id"),
      r == "dead" and "dead" or (r .. " negative levels")))
  end, { phase = "after", only = "actor" })
  return stat
end

rules.define("abilities.energy_drain", M)
return M
