-- Visibility, obscurement, cover and unseen enemies (inventory section 10,
-- HB-VIS-01..13, T-4, T-5, TV-07..09, TV-37).
--
-- Who sees whom is the kernel's, per pair and in each direction
-- (fight.sees, fight.assess): the conditions' sight flags (Blinded,
-- Invisible, hidden from one observer), walls on a map, senses, and the
-- obscurement the conditions below declare. view(A→B) is "clear",
-- "light" (seen, lightly obscured) or "unseen"; T-5 turns the two views
-- of an attack into its level, which the kernel applies from the combat
-- table's sight rules (combat.lua).
--
-- Obscurement is a condition of the creature in it: standing in a lightly
-- obscured area (thin mist: 轻度遮蔽) obscures the creature to others and
-- others to it; dim light (微光光照) obscures it to others only; a heavily obscured one (darkness, thick fog:
-- 重度遮蔽) hides it and blinds its view; Blur (朦胧术) obscures the
-- bearer to others only (TV-08). A sense that ignores light (blindsight)
-- sees through it.
local rules = require("rules")
local fight = require("fight")

local M = {}

rules.define("condition.obscured_light", { state = true, area = 1, name = { en = "In light obscurement", zh = "轻度遮蔽" },
  fight = { obscured = 1, obscures_view = 1 } })
rules.define("condition.obscured_heavy", { state = true, area = 2, name = { en = "In heavy obscurement", zh = "重度遮蔽" },
  fight = { obscured = 2, obscures_view = 2 } })
rules.define("condition.dim_light", { state = true, area = 1, name = { en = "In dim light", zh = "微光光照" },
  fight = { obscured = 1 } })
rules.define("condition.blurred", { state = true, name = { en = "Blurred (Blur)", zh = "朦胧术" }, fight = { obscured = 1 } })

-- M.obscure puts c in a lightly ("light": mist, it sees out through it
-- too) or heavily ("heavy") obscured area, in dim light ("dim": lightly
-- obscured to others, who stand in brighter light, while it sees them
-- clearly), or out of any ("none").
function M.obscure(c, level)
  c:remove_condition("obscured_light")
  c:remove_condition("obscured_heavy")
  c:remove_condition("dim_light")
  if level == "light" then c:add_condition("obscured_light") end
  if level == "heavy" then c:add_condition("obscured_heavy") end
  if level == "dim" then c:add_condition("dim_light") end
end

-- M.area returns how obscured the place c stands in is: 0, 1 or 2.
function M.area(c)
  if c:has("obscured_heavy") then return 2 end
  if c:has("obscured_light") or c:has("dim_light") then return 1 end
  return 0
end

-- M.view returns how a sees b (HB-VIS-01..05, 10): "clear", "light" or
-- "unseen", by the kernel (opts.distance as fight.assess takes it).
-- assess is fight.assess of a's attack on b: in the current fight with a's
-- first attack (the fight's own situation, cheap), else a what-if.
local function assess(a, b, opts)
  if not (opts and opts.distance) then
    local ok, names = pcall(fight.attacks, a)
    if ok and names[1] and pcall(fight.info, b) then return fight.assess(a, b, names[1], {}) end
  end
  return fight.assess(a, b, nil, { distance = opts and opts.distance })
end
M.assess = assess

function M.view(a, b, opts)
  local r = assess(a, b, opts)
  if not r.sees then return "unseen" end
  if r.obscured then return "light" end
  return "clear"
end

-- T-5 (literal reading, AMB-19): the attacker's level from its view of
-- the target and the target's view of it. The bonus for the target's
-- poor view counts only while the attacker's own view is clear (TV-07:
-- both in fog, each -1). opts.symmetric (mod5e.options.vis_symmetric_cancel)
-- lets the two views cancel as in 5e.
M.T5 = {
  clear = { clear = 0, light = 1, unseen = 2 },
  light = { clear = -1, light = -1, unseen = -1 },
  unseen = { clear = -2, light = -2, unseen = -2 },
}

function M.level(view_ab, view_ba, opts)
  local sym = (opts and opts.symmetric) or rules.need("mod5e.options").vis_symmetric_cancel
  if sym then
    local own = { clear = 0, light = -1, unseen = -2 }
    return own[view_ab] - own[view_ba]
  end
  return M.T5[view_ab][view_ba]
end

-- M.attack_level returns the level sight gives a's attack on b where they
-- stand, as the kernel assesses it (the sight reasons of fight.assess).
function M.attack_level(a, b, opts)
  local r = fight.assess(a, b, nil, { distance = opts and opts.distance })
  local n = 0
  for _, x in ipairs(r.reasons) do
    if x.kind == "adv" and (x.why:find("see") or x.why:find("obscured")) then n = n + x.level end
  end
  return n
end

-- M.visible: a creature is visible to a viewer when it is seen (bright
-- light, nothing heavily obscuring it; lightly obscured is still visible)
-- and has no total cover against it (HB-VIS-01, 09). Effects that target
-- "a visible creature" need this; an attack may still be made, as on an
-- unseen enemy.
function M.visible(viewer, target, opts)
  local r = fight.assess(viewer, target, nil, { distance = opts and opts.distance, cover = opts and opts.cover })
  return r.sees and r.cover ~= "total"
end

-- M.unseen_why returns why target is an unseen enemy to viewer (HB-VIS-10):
-- "heavily obscured", "invisible", "hidden", "total cover", or nil when it
-- is seen.
function M.unseen_why(viewer, target, opts)
  opts = opts or {}
  local r = fight.assess(viewer, target, nil, { distance = opts.distance, cover = opts.cover })
  if r.cover == "total" then return "total cover" end
  if r.sees then return nil end
  for _, inst in ipairs(target:conditions("hidden")) do
    if inst.source == viewer:get("id") then return "hidden" end
  end
  if target:has("invisible") then return "invisible" end
  if M.area(target) == 2 or M.area(viewer) == 2 then return "heavily obscured" end
  return "not seen"
end

-- HB-VIS-02, 04, AMB-17: Perception looking at something in (or behind)
-- obscurement takes its level as disadvantage; Stealth of a creature
-- inside it as advantage; each once.
function M.perception_adv(target)
  return -M.area(target)
end

function M.stealth_adv(hider)
  return M.area(hider)
end

rules.define("mod5e.visibility", M)
