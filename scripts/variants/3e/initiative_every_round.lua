-- DMG-INIT-11 [Variant] (3.0 DMG p.62, 规则变化：每轮都掷先攻权): everyone
-- rolls initiative again at the start of every round. Durations do not
-- change, but effects "until X's next action" may end sooner or later
-- (the kernel's effects that end at X's turn start follow the new order).
-- Each time a character readies or delays to act later in the same round
-- its later initiative rolls take a cumulative -2 (A-09: a counter n, every
-- roll at -2n, kept until refocus); readying or delaying into the next
-- round adds nothing; refocusing clears it.
local rules = require("rules")
local I = require("core.3e.initiative")

rules.variant{ id = "3e.initiative_every_round", system = "3e", implements = { "DMG-INIT-11" },
               name = { en = "Roll initiative every round", zh = "每轮都掷先攻权" } }

local ini = {}
for k, v in pairs(rules.need("combat").initiative) do ini[k] = v end
ini.reroll_each_round = true
rules.merge("combat", { initiative = ini })

local config = I.config
local penalty = -2

-- the counter lives with the participant: its initiative modifier is its
-- own (base) plus -2n
local function base_of(enc, id)
  local p = enc:participant(id)
  if p == nil then error(string.format("no participant %q", tostring(id)), 3) end
  return p, p.init - penalty * (I.held_count(enc, id))
end

local counts = setmetatable({}, { __mode = "k" })
local function counter(enc)
  local t = counts[enc]
  if not t then t = {}; counts[enc] = t end
  return t
end

rules.merge("3e.initiative", {
  config = function()
    local c = config()
    c.initiative.reroll_each_round = true
    return c
  end,
  -- I.held_count(enc, id): how many times it readied or delayed within a
  -- round since its last refocus (A-09's n)
  held_count = function(enc, id) return counter(enc)[id] or 0 end,
  -- I.held(enc, id, into_next_round): it readied or delayed; within the
  -- round (into_next_round false) its later rolls take another -2
  held = function(enc, id, into_next_round)
    if into_next_round then return I.held_count(enc, id) end
    local _, base = base_of(enc, id)
    local n = I.held_count(enc, id) + 1
    counter(enc)[id] = n
    enc:set(id, { init = base + penalty * n })
    return n
  end,
  -- I.refocus(enc, id, modifier): under this variant refocus clears the
  -- penalties; the count of 20 + modifier it would fix is lost to the next
  -- round's reroll, so no fixed count is kept
  refocus = function(enc, id)
    local _, base = base_of(enc, id)
    counter(enc)[id] = 0
    enc:set(id, { init = base })
  end,
})
