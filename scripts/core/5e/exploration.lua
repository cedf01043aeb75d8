-- Exploration (inventory section 9): light, obscurement and special senses,
-- hiding, objects (what they are, their AC and hit points, breaking them),
-- searching for hidden things, and carrying capacity.
--
-- The kernel has no map: where a test needs to know what a creature sees,
-- the caller describes the place looked at in an `area` table:
--   { light = "bright" | "dim" | "darkness", magical = true (magical darkness),
--     obscured = "light" | "heavy" (fog, foliage), distance = feet,
--     invisible = true (the thing looked at is Invisible), total_cover = true,
--     same_surface = false, airborne = true (for Tremorsense) }
--
--   local ex = require("core.5e.exploration")
--   ex.sight(c, { light = "darkness", distance = 30 })  --> {sees, sense, ...}
--   ex.hide(c, { obscured = "heavy" })
local rules = require("rules")
local creature = require("creature")
local dice = require("dice")

local M = rules.get("5e.exploration")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- T-11 Light and obscurement (from the seed).
M.light = {
  bright = { en = "Bright Light", zh = "明亮光線", obscured = "none" },   -- 5E-EXP-04
  dim = { en = "Dim Light", zh = "微光", obscured = "light" },            -- 5E-EXP-05
  darkness = { en = "Darkness", zh = "黑暗", obscured = "heavy" },        -- 5E-EXP-06
}
M.obscurement = {
  none = { en = "not obscured", zh = "無遮蔽", rank = 0 },
  light = { en = "Lightly Obscured", zh = "輕度遮蔽", rank = 1 },         -- 5E-EXP-02
  heavy = { en = "Heavily Obscured", zh = "重度遮蔽", rank = 2 },         -- 5E-EXP-03
}

-- T-12 Special senses (from the seed; the Darkvision note about magical
-- darkness is [K✓ SRD 5.2]).
M.senses = {
  blindsight = { en = "Blindsight", zh = "盲視", sight = true },
  darkvision = { en = "Darkvision", zh = "黑暗視覺", sight = true },
  tremorsense = { en = "Tremorsense", zh = "震顫感知", sight = false },
  truesight = { en = "Truesight", zh = "真實視覺", sight = true },
}

local function within(senses, name, d)
  local r = senses[name]
  return r ~= nil and d <= r
end

-- sight says what observer perceives of the area (see above). It returns
--   sees            whether the observer can see it
--   sense           "sight", "darkvision", "blindsight" or "truesight"
--   light, obscured the illumination and obscurement as the observer has them
--   perception_adv  -1 when Lightly Obscured (sight-based Perception)
--   blinded         true when the observer is effectively Blinded looking there
--   greyscale       Darkvision in Darkness sees only shades of grey
--   located         Tremorsense pinpoints it (this is not seeing it)
--   illusions       "transparent" with Truesight (saves against them succeed)
function M.sight(observer, area)
  area = area or {}
  local senses = observer:get("senses")
  local d = area.distance or 0
  local out = { sees = false, perception_adv = 0, blinded = false, greyscale = false, located = false }
  -- 5E-EXP-09: Tremorsense pinpoints what touches the same surface or
  -- liquid, never anything airborne, and isn't sight.
  if within(senses, "tremorsense", d) and area.same_surface ~= false and not area.airborne then
    out.located = true
  end
  if area.total_cover then return out end
  -- 5E-EXP-07: Blindsight sees anything in range not behind Total Cover,
  -- even while Blinded or in Darkness, Invisible things included.
  if within(senses, "blindsight", d) then
    out.sees, out.sense, out.light, out.obscured = true, "blindsight", area.light or "bright", "none"
    return out
  end
  if observer:has("blinded") then
    out.blinded = true
    return out
  end
  local light = area.light or "bright"
  if not M.light[light] then error("sight: light must be bright, dim or darkness, got " .. tostring(light), 2) end
  local sense = "sight"
  local truesight = within(senses, "truesight", d)
  if truesight then
    -- 5E-EXP-10: Truesight sees in normal and magical Darkness.
    if light ~= "bright" then sense = "truesight" end
    light = "bright"
  elseif within(senses, "darkvision", d) and not area.magical then
    -- 5E-EXP-08: Dim Light as Bright, Darkness as Dim (in greys).
    if light == "dim" then
      light, sense = "bright", "darkvision"
    elseif light == "darkness" then
      light, sense, out.greyscale = "dim", "darkvision", true
    end
  end
  local obscured = M.light[light].obscured
  local other = area.obscured or "none"
  if not M.obscurement[other] then error("sight: obscured must be none, light or heavy, got " .. tostring(other), 2) end
  if M.obscurement[other].rank > M.obscurement[obscured].rank then obscured = other end
  out.light, out.obscured = light, obscured
  if obscured == "heavy" then
    -- 5E-EXP-03: trying to see into a Heavily Obscured area, you are
    -- effectively Blinded.
    out.blinded = true
    return out
  end
  if area.invisible then
    if not truesight then return out end
    sense = "truesight"
  end
  out.sees, out.sense = true, sense
  if obscured == "light" then out.perception_adv = -1 end -- 5E-EXP-02
  if truesight then out.illusions, out.true_form, out.ethereal = "transparent", true, true end
  return out
end

function M.can_see(observer, area)
  return M.sight(observer, area).sees
end

-- Hiding (5E-EXP-11 [K✓ SRD 5.2, corrected]). A creature can try to hide
-- while Heavily Obscured or behind Three-Quarters or Total Cover, out of
-- every enemy's line of sight (opts.seen: true when an enemy sees it). A
-- DC 15 Dex (Stealth) check; on a success it is Invisible while hidden and
-- its total is the DC to find it. States: "hidden" (level = the total) and
-- "invisible" (source "hide").
M.states = {
  hidden = { en = "Hidden", zh = "隱藏" },
}
M.HIDE_DC = 15

function M.can_hide(c, opts)
  opts = opts or {}
  if opts.seen then return false, "an enemy can see you" end
  if opts.obscured == "heavy" or opts.cover == "three_quarters" or opts.cover == "total" then return true end
  return false, "you need Heavy Obscurement or Three-Quarters or Total Cover"
end

-- hide rolls the Hide action's check (opts: can_hide's, and d20_test's).
function M.hide(c, opts)
  opts = opts or {}
  local ok, why = M.can_hide(c, opts)
  if not ok then error("hide: " .. why, 2) end
  local t = {}
  for k, v in pairs(opts) do t[k] = v end
  t.obscured, t.cover, t.seen = nil, nil, nil
  t.kind, t.skill, t.dc = "check", "stealth", M.HIDE_DC
  local r = rules.need("5e.d20_test")(c, t)
  if r.success then
    c:add_condition("hidden", { level = r.total, stacking = "refresh" })
    c:add_condition("invisible", { source = "hide", stacking = "independent" })
    r.find_dc = r.total
  end
  return r
end

function M.hidden(c)
  return c:has("hidden")
end

-- find_dc returns the Wisdom (Perception) DC to find a hidden creature.
function M.find_dc(c)
  if not c:has("hidden") then return nil end
  return c:level("hidden")
end

function M.reveal(c)
  local n = c:remove_condition("hidden")
  c:remove_condition("invisible", { source = "hide" })
  return n > 0
end

-- after ends hiding right after what ended it: "sound" (louder than a
-- whisper), "found", "attack" (the attack roll itself was made while
-- still Invisible) or "verbal_spell".
M.hide_enders = { sound = true, found = true, attack = true, verbal_spell = true }
function M.after(c, event)
  if not M.hide_enders[event] then return false end
  return M.reveal(c)
end

-- quick_hide is the Hide of a fight's kit (Cunning Action, Nimble Escape:
-- core.5e.tactics.hide): the cheap DC 15 Dex (Stealth) check of
-- 5e.quick_check; on a success the creature is Invisible (source "hide")
-- until its next attack roll (M.after(c, "attack")). Returns whether it
-- hid.
function M.quick_hide(c)
  if rules.need("5e.quick_check")(c, "stealth", M.HIDE_DC) then
    c:add_condition("invisible", { source = "hide" })
    return true
  end
  return false
end

-- seek: a Wis (Perception) check against a hidden creature's DC; success
-- finds it (and ends its hiding).
function M.seek(seeker, hider, opts)
  local dc = M.find_dc(hider)
  if not dc then error("seek: " .. hider:get("id") .. " is not hidden", 2) end
  local t = {}
  for k, v in pairs(opts or {}) do t[k] = v end
  t.kind, t.skill, t.dc = "check", "perception", dc
  local r = rules.need("5e.d20_test")(seeker, t)
  if r.success then M.after(hider, "found") end
  return r
end

-- 5E-EXP-14: searching for a hidden object (a secret door, a trap) is a
-- Wis (Perception) check when the searcher describes searching near it;
-- searching far from it can't find it whatever the total (opts.near =
-- false still rolls, and fails).
function M.search(c, opts)
  opts = opts or {}
  local t = {}
  for k, v in pairs(opts) do t[k] = v end
  t.near = nil
  t.kind, t.skill = "check", "perception"
  t.dc = opts.dc or 15
  if opts.near == false then t.cannot_succeed = true end
  return rules.need("5e.d20_test")(c, t)
end

-- Objects (5E-EXP-12, 5E-EXP-16 and appendix A "Breaking Objects"
-- [K✓ SRD 5.2, corrected], reconstructed from the published book).
M.object_ac = {
  { id = "cloth", ac = 11, en = "Cloth, paper, rope", zh = "布、紙、繩" },
  { id = "crystal", ac = 13, en = "Crystal, glass, ice", zh = "水晶、玻璃、冰" },
  { id = "wood", ac = 15, en = "Wood", zh = "木" },
  { id = "stone", ac = 17, en = "Stone", zh = "石" },
  { id = "iron", ac = 19, en = "Iron, steel", zh = "鐵、鋼" },
  { id = "mithral", ac = 21, en = "Mithral", zh = "秘銀" },
  { id = "adamantine", ac = 23, en = "Adamantine", zh = "精金" },
}
M.material_alias = { paper = "cloth", rope = "cloth", glass = "crystal", ice = "crystal", steel = "iron" }
M.object_hp = {
  tiny = { fragile = { hp = 2, dice = "1d4" }, resilient = { hp = 5, dice = "2d4" }, example = "bottle, lock" },
  small = { fragile = { hp = 3, dice = "1d6" }, resilient = { hp = 10, dice = "3d6" }, example = "chest, lute" },
  medium = { fragile = { hp = 4, dice = "1d8" }, resilient = { hp = 18, dice = "4d8" }, example = "barrel, chandelier" },
  large = { fragile = { hp = 5, dice = "1d10" }, resilient = { hp = 27, dice = "5d10" }, example = "cart, dining table" },
}

function M.material_ac(material)
  local id = M.material_alias[material] or material
  for _, m in ipairs(M.object_ac) do
    if m.id == id then return m.ac end
  end
  error("object: unknown material " .. tostring(material), 2)
end

-- object builds an object as a creature handle tagged "object": spec.id or
-- name, material, size (tiny .. large; split Huge and Gargantuan objects
-- into sections), resilient (else fragile), roll = true to roll its hit
-- points, hp and ac to override, threshold (damage threshold), magical.
-- Objects are immune to Poison and Psychic damage and have no ability
-- scores (they fail every save and can't make checks).
function M.object(spec)
  local size = string.lower(spec.size or "medium")
  local row = M.object_hp[size]
  if not row then
    error("object: size tiny, small, medium or large expected (split a Huge or Gargantuan object into sections), got " .. tostring(spec.size), 2)
  end
  local kind = spec.resilient and row.resilient or row.fragile
  local hp = spec.hp
  if hp == nil then
    hp = kind.hp
    if spec.roll then hp = dice.total(kind.dice) end
  end
  local tags = { "object" }
  if not spec.resilient then tags[#tags + 1] = "fragile" end
  if spec.magical then tags[#tags + 1] = "magical" end
  if spec.threshold then tags[#tags + 1] = "threshold=" .. spec.threshold end
  return creature.new{
    id = spec.id, name = spec.name, size = size, hp = hp,
    ac = spec.ac or M.material_ac(spec.material or "wood"),
    tags = tags,
    traits = { { kind = "immune", type = "poison" }, { kind = "immune", type = "psychic" } },
  }
end

function M.is_object(c)
  return c:has_tag("object")
end

-- damage_object applies damage to an object: an instance below its damage
-- threshold does nothing; one at or above it is taken in full. Returns the
-- damage record (nil when stopped by the threshold) and whether the object
-- is destroyed (0 hit points).
function M.damage_object(obj, amount, dtype)
  for _, t in ipairs(obj:get("tags")) do
    local m = t:match("^threshold=(%d+)$")
    local th = m and tonumber(m)
    if th and amount < th then return nil, obj:get("hp") <= 0 end
  end
  local rec = obj:damage(amount, dtype)
  return rec, obj:get("hp") <= 0
end

-- 5E-EXP-16: as an action a creature breaks a fragile nonmagical object
-- automatically (opts.in_combat spends the action). A sturdier or magical
-- one needs the Breaking Objects rules (attack it, damage_object).
function M.break_object(c, obj, opts)
  opts = opts or {}
  if not obj:has_tag("fragile") or obj:has_tag("magical") then
    error("break_object: only a fragile, nonmagical object breaks automatically; attack it instead", 2)
  end
  if opts.in_combat then rules.need("5e.action_rules").take(c, "action") end
  obj:set("hp", 0)
  return true
end

-- 5E-EXP-15 (the DM's option) and appendix A "Carrying Capacity"
-- [K✓ SRD 5.2, corrected]: carry = Str x 15 lb (Small, Medium), x 7.5
-- (Tiny), x 30 (Large), x 60 (Huge), x 120 (Gargantuan); drag, lift or push
-- twice that.
M.carry_factor = { tiny = 7.5, small = 15, medium = 15, large = 30, huge = 60, gargantuan = 120 }

function M.carrying_capacity(c)
  local size = string.lower(c:get("size"))
  if size == "" then size = "medium" end
  local f = M.carry_factor[size]
  if not f then error("carrying_capacity: unknown size " .. size, 2) end
  local carry = (c:ability("str") or 0) * f
  return { carry = carry, push = carry * 2 }
end

-- load_speed: a creature dragging, lifting or pushing more than it can
-- carry moves at most 5 feet; more than twice that, not at all.
function M.load_speed(c, weight, speed)
  local cap = M.carrying_capacity(c)
  if weight > cap.push then return 0 end
  if weight > cap.carry then return math.min(speed, 5) end
  return speed
end

rules.define("5e.exploration", M)
return M
