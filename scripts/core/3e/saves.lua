-- Saving throws (inventory §8, 3E-SAVE): d20 + the save's bonus (its base
-- save + Con for Fortitude, Dex for Reflex, Wis for Will: the stat block's
-- named scores fort, ref and will) >= the DC; cover adds to Reflex saves
-- against effects from beyond it (3E-COVER-02) and nine-tenths cover works
-- like evasion (3E-COVER-03).
local rules = require("rules")
local check = require("check")
local T = require("core.3e.tables")

local M = rules.get("3e.saves")
if M then return M end
M = {}

M.kinds = { fort = "Fortitude", ref = "Reflex", will = "Will" }

-- M.modifiers: functions(c, kind) returning a modifier, its source and
-- its bonus type (optional) that every save adds (fear: the condition
-- summary; negative levels, quick ability loss: monsters.abilities; add
-- with M.add_modifier, once).
M.modifiers = {}
function M.add_modifier(f)
  for _, g in ipairs(M.modifiers) do
    if g == f then return end
  end
  M.modifiers[#M.modifiers + 1] = f
end
local C = rules.get("3e.condsum")
if C then M.add_modifier(function(c) return C.fear_penalty(c, "save"), "fear", "morale" end) end

-- M.bonus(c, kind): c's save bonus (a stat block's fort, ref or will).
function M.bonus(c, kind)
  if not M.kinds[kind] then
    error(string.format("unknown save %q (fort, ref, will)", tostring(kind)), 2)
  end
  return (c:get("abilities") or {})[kind] or 0
end

-- M.roll(c, kind, dc, opts): a saving throw (3E-SAVE-01..05): d20 + bonus
-- >= dc; opts.cover (a Table 8-9 key: quarter, half, three_quarters,
-- nine_tenths) adds its Reflex bonus when the effect comes from beyond the
-- cover; opts.mods are other modifiers; opts.ability another ability
-- (DMG-SAVE-04, a variant). Returns success and the check
-- result.
-- DMG-SAVE-04 (the variant 3e.save_abilities): the DM may have a save use
-- another ability's modifier (opts.ability): the base save stays, the
-- usual ability's modifier (usual) gives way to the other's.
M.usual = { fort = "con", ref = "dex", will = "wis" }
M.other_ability = false
local function swap(c, kind, ab)
  if not M.other_ability then
    error(string.format("a %s save with %s: another ability is the variant 3e.save_abilities (DMG-SAVE-04)",
      M.kinds[kind] or tostring(kind), tostring(ab)), 3)
  end
  local W = require("core.3e.special.who")
  if W.score(c, ab) == nil and ab ~= M.usual[kind] then
    error(string.format("a save with %s: the creature has no %s score", tostring(ab), tostring(ab)), 3)
  end
  return W.mod(c, ab) - W.mod(c, M.usual[kind])
end

function M.roll(c, kind, dc, opts)
  opts = opts or {}
  local mods = { { value = M.bonus(c, kind), source = M.kinds[kind] } }
  if opts.ability and opts.ability ~= M.usual[kind] then
    mods[#mods + 1] = { value = swap(c, kind, opts.ability), source = opts.ability .. " for " .. M.usual[kind] }
  end
  if opts.cover and kind == "ref" then
    local row = T.cover[opts.cover]
    if not row then error(string.format("unknown cover %q", tostring(opts.cover)), 2) end
    mods[#mods + 1] = { value = row.reflex or 0, source = "cover" }
  end
  for _, m in ipairs(opts.mods or {}) do mods[#mods + 1] = m end
  for _, f in ipairs(M.modifiers) do
    local v, src, typ = f(c, kind)
    if v and v ~= 0 then mods[#mods + 1] = { value = v, source = src, type = typ } end
  end
  local r = check.roll({ mods = mods, target = dc })
  return r.success, r
end

-- M.reflex_damage(damage, saved, opts): what a Reflex-save effect deals:
-- half on a success (the usual rule of such spells), all on a failure;
-- behind nine-tenths cover none on a success and half on a failure
-- (3E-COVER-03, Table 8-9 *).
function M.reflex_damage(damage, saved, opts)
  opts = opts or {}
  local evasion = opts.cover and T.cover[opts.cover] and T.cover[opts.cover].evasion
  if evasion then return saved and 0 or math.floor(damage / 2) end
  if saved then return math.floor(damage / 2) end
  return damage
end

rules.define("3e.saves", M)
return M
