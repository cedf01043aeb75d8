-- Regeneration (monsters.abilities.regeneration): the creature regains hp
-- Hit Points at the start of each of its turns. System-neutral (fight and
-- creature functions only); the 5e troll and the imported monsters use it.
--
--   apply(stat, {hp, stopped_by = {"acid", "fire"}, needs_hp, rises})
--     stopped_by  damage types that stop the trait on the creature's next
--                 turn ("If the troll takes Acid or Fire damage, this trait
--                 doesn't function on its next turn"): a damage.apply hook
--                 sets the condition "regeneration_stopped" when any part of
--                 the damage is of those types (base.damage_of)
--     needs_hp    it regenerates only if it has at least 1 Hit Point
--     rises       "dies only if it starts its turn with 0 Hit Points and
--                 doesn't regenerate": at 0 HP it stays in the fight
--                 (condition "regenerating", the tag "regeneration" tells
--                 enemies to look), and at the start of its turn it either
--                 dies (stopped) or heals and gets back up
--
-- The same file holds the 3.0 rules of healing at the start of a turn
-- (one mechanism, M.heal, three ways):
--   M.heal(c, n, "hp")             5e regeneration: n Hit Points
--   M.heal(c, n, "subdual")        3.0 regeneration (M.subdual): n subdual
--   M.heal(c, n, "subdual_first")  3.0 fast healing (M.fast_healing)
--
--   subdual(stat, {amount, normal = {"fire", "acid"}})  DMG-SA-37 [K] MM
--     3.0: damage the creature takes is subdual (core/3e/damage.lua's
--     regen step) but for the types in normal, which stay normal and are
--     never regenerated; it heals amount subdual at the start of each of
--     its turns (A-35); hit points lost to starvation, thirst or
--     suffocation are not regenerated; instant kills (a coup de grace,
--     massive damage) threaten it only through normal damage
--   fast_healing(stat, {amount})  DMG-SA-21: at the start of its turn it
--     regains amount hit points, subdual damage first (TV-37)
local rules = require("rules")
local fight = require("fight")

local M = {}

-- M.heal(c, n, how): the start-of-turn healing of the three kinds; returns
-- what it healed.
function M.heal(c, n, how)
  if how == "hp" then
    if c:get("hp") < c:get("max_hp") then return c:heal(n) end
    return 0
  end
  local got = 0
  if c:get("nonlethal") > 0 then got = c:heal(n, { nonlethal = true }) end
  if how == "subdual_first" and got < n and c:get("hp") < c:get("max_hp") then
    local hp = rules.get("3e.hp")
    if hp then got = got + hp.heal(c, n - got) else got = got + c:heal(n - got) end
  elseif how ~= "subdual" and how ~= "subdual_first" then
    error(string.format("regeneration.heal: how %q (hp, subdual, subdual_first)", tostring(how)), 2)
  end
  local ok = pcall(fight.is, c, "out")
  if ok then fight.sync_hp(c) end
  return got
end

local function hooks3e() return require("core.3e.special.hooks") end

function M.subdual(stat, o)
  local p = require("core.3e.damage").profile(stat)
  local normal = {}
  for _, t in ipairs(o.normal or {}) do normal[t] = true end
  p.regen = { amount = o.amount, normal = normal }
  hooks3e().add(stat, "turn.start", function(e) M.heal(e.fighter, o.amount, "subdual") end)
  return stat
end

function M.fast_healing(stat, o)
  hooks3e().add(stat, "turn.start", function(e)
    local c = e.fighter
    if not fight.is(c, "dead") then M.heal(c, o.amount, "subdual_first") end
  end)
  return stat
end

function M.apply(stat, p)
  local hooks = require("core.5e.hooks")
  local hp = p.hp
  local stops = {}
  for _, t in ipairs(p.stopped_by or {}) do stops[t] = true end
  stat.regeneration = hp
  stat.tags = stat.tags or {}
  if p.rises then stat.tags[#stat.tags + 1] = "regeneration" end
  if next(stops) then
    local damage_of = rules.need("base.damage_of")
    -- types: the kernel calls the hook only for damage with a part of a
    -- type that stops the trait
    hooks.add(stat, "damage.apply", function(e)
      if damage_of(e, stops) > 0 then
        local t = e.target
        if not t:has("regeneration_stopped") then t:add_condition("regeneration_stopped") end
      end
    end, { types = p.stopped_by })
  end
  if p.rises then
    hooks.add(stat, "creature.down", function(e)
      local t = e.target
      if not t:has("regenerating") then
        t:add_condition("regenerating")
        if fight.tracing() then fight.note(t:get("id") .. " falls, but its flesh knits (Regeneration)") end
      end
      e.cancelled = true
    end)
  end
  hooks.add(stat, "turn.start", function(e)
    local t = e.fighter
    local stopped = t:has("regeneration_stopped")
    if stopped then t:remove_condition("regeneration_stopped") end
    if stopped then
      if p.rises and t:get("hp") <= 0 then
        if fight.tracing() then fight.note(t:get("id") .. " does not regenerate and dies") end
        fight.kill(t)
        e.skip = true
      end
      return
    end
    if p.needs_hp and t:get("hp") < 1 then return end
    M.heal(t, hp, "hp")
    if t:has("regenerating") then
      t:remove_condition("regenerating")
      if fight.tracing() then fight.note(t:get("id") .. " regenerates and gets back up") end
    end
  end)
  return stat
end

return M
