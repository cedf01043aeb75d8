-- Gaze attacks (monsters.abilities.gaze; DMG-SA-25, TV-39, A-54): a
-- supernatural gaze works on each creature in range at the start of that
-- creature's own turn (passive), and on one target the gazer picks with an
-- attack action (active): a creature may face two saves a round. Each
-- viewer chooses a defence (its condition averting_eyes or eyes_closed):
--   averting  50% a save opportunity that it need not save; the gazer has
--             one-half concealment against it (20% miss)
--   closed    no save ever; the gazer has total concealment against it
--             (50% miss, and it cannot target the gazer by sight)
-- Environmental concealment (fog, dim light) gives its own chance, rolled
-- separately (it does not stack with averting: either skips the save).
-- Each save opportunity rolls its own chance (A-54). An invisible gazer
-- cannot gaze; a creature with blindsight using it is immune (DMG-SA-9),
-- darkvision is no help; a gazer is immune to its own kind of gaze (the
-- tag gaze_immune:<name>).
--
--   apply(stat, {name = "petrifying", range = 30, save = "fort", dc = 15,
--                effect = "petrified" | function(target, gazer),
--                active = true})
local rules = require("rules")
local check = require("check")
local fight = require("fight")

local M = rules.get("abilities.gaze")
if M then return M end
M = {}

rules.define("condition.averting_eyes", { name = { en = "Averting its eyes", zh = "移开视线" }, fight = {} })  -- not in source
rules.define("condition.eyes_closed", { name = { en = "Eyes closed", zh = "闭上眼睛" }, fight = { blind = true } })  -- not in source
rules.define("condition.petrified", { name = { en = "Petrified", zh = "石化" }, fight = { no_actions = true } })  -- not in source

M.avert_chance = 50
M.concealment_miss = { averting = 20, closed = 50 }

function M.defence(viewer)
  if viewer:has("eyes_closed") or viewer:has("blinded") then return "closed" end
  if viewer:has("averting_eyes") then return "averting" end
  return "none"
end

-- M.miss_chance(viewer): the viewer's miss chance attacking the gazer.
function M.miss_chance(viewer) return M.concealment_miss[M.defence(viewer)] or 0 end

-- M.must_save(viewer, gazer, o): whether this save opportunity asks for a
-- save: o.env_concealment is the surroundings' miss chance (fog 20%).
-- Returns must, and why not.
function M.must_save(viewer, gazer, o)
  o = o or {}
  if gazer:has("invisible") then return false, "the gazer is invisible" end
  if viewer:has_tag("blindsight") then return false, "blindsight" end
  if o.name and viewer:has_tag("gaze_immune:" .. o.name) then return false, "immune to its own kind" end
  local d = M.defence(viewer)
  if d == "closed" then return false, "eyes closed" end
  if d == "averting" and check.percentile(M.avert_chance).success then return false, "averted" end
  if (o.env_concealment or 0) > 0 and check.percentile(o.env_concealment).success then return false, "concealment" end
  return true
end

-- M.expose(viewer, gazer, o): one save opportunity; returns "affected",
-- "saved" or why it needed no save.
function M.expose(viewer, gazer, o)
  local must, why = M.must_save(viewer, gazer, o)
  if not must then return why end
  if require("core.3e.saves").roll(viewer, o.save or "fort", o.dc) then return "saved" end
  if type(o.effect) == "function" then o.effect(viewer, gazer) else viewer:add_condition(o.effect, { source = gazer:get("id") }) end
  return "affected"
end

function M.apply(stat, o)
  local hooks = require("core.3e.special.hooks")
  stat.tags = stat.tags or {}
  stat.tags[#stat.tags + 1] = "gaze_immune:" .. o.name
  stat.tags[#stat.tags + 1] = "gaze:" .. o.name
  -- passive: each creature in range at the start of its own turn; the
  -- gazer's hook runs on every creature's turn (round order)
  rules.on("turn.start", function(e)
    local v = e.fighter
    if not v or fight.is(v, "out") then return end
    for _, g in ipairs(fight.enemies(v)) do
      if g:has_tag("gaze:" .. o.name) and not fight.is(g, "out") and fight.distance(g, v) <= o.range
         and not v:has(o.effect_condition or (type(o.effect) == "string" and o.effect or "")) then
        local r = M.expose(v, g, o)
        fight.note(string.format("%s meets %s's gaze: %s", v:get("id"), g:get("id"), r))
      end
    end
  end)
  if o.active then
    hooks.add(stat, "turn.act", function(e)
      if e.acted then return end
      local g = e.fighter
      for _, v in ipairs(fight.enemies(g)) do
        if not fight.is(v, "out") and fight.distance(g, v) <= o.range
           and not (type(o.effect) == "string" and v:has(o.effect)) and M.defence(v) ~= "closed" then
          e.acted = true
          fight.spend(g, "standard")
          local r = M.expose(v, g, o)
          fight.note(string.format("%s turns its gaze on %s: %s", g:get("id"), v:get("id"), r))
          return
        end
      end
    end, { phase = "declare" })
  end
  return stat
end

rules.define("abilities.gaze", M)
return M
