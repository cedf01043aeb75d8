-- ruleset: 5e
-- A kit's turn.end hook is registered once the kit has something to do at
-- the end of a turn (a follow-up, an after-Bonus Action, an end-of-turn
-- handler, a hit log), in the place it had when every kit got one.
local tactics = require("core.5e.tactics")
local hooks = require("core.5e.hooks")

local function stat() return { attacks = { { name = "Club", bonus = 0, damage = "1" } } } end

test("a kit without end-of-turn work has no turn.end hook; the first such work adds it", function()
  local s = stat()
  local kit = tactics.kit(s)
  eq(s.on["turn.end"], nil)
  tactics.on_finish(kit, function() end)
  eq(s.on["turn.end"].phase, "after")
  local fn = s.on["turn.end"].fn
  tactics.post(kit, function() end)
  eq(s.on["turn.end"].fn, fn) -- once
  local t = stat()
  tactics.track_hits(t, tactics.kit(t))
  eq(t.on["turn.end"].phase, "after")
end)

test("the kit's turn.end hook runs after the handlers added before the kit, before those added after", function()
  local order = {}
  local function run(s)
    for i = #order, 1, -1 do order[i] = nil end
    s.on["turn.end"].fn({})
    return order
  end
  local early = stat()
  hooks.add(early, "turn.end", function() order[#order + 1] = "other" end, { phase = "after" })
  tactics.on_finish(tactics.kit(early), function() order[#order + 1] = "kit" end)
  eq(run(early), { "other", "kit" })
  local late = stat()
  local kit = tactics.kit(late)
  hooks.add(late, "turn.end", function() order[#order + 1] = "other" end, { phase = "after", priority = 3 })
  tactics.on_finish(kit, function() order[#order + 1] = "kit" end)
  eq(run(late), { "kit", "other" })
  eq(late.on["turn.end"].priority, 3)
end)
