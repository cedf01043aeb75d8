-- DMG-DAM-04 [Variant] (3.0 DMG p.67, 规则变化：攻击特定部位): damage to
-- specific areas. An injured body part gives -2 on every action that uses
-- it (a severed finger: attacks with that hand, Climb, Open Lock, Disable
-- Device, Forgery; a caltrop in the foot: Climb, Jump, Balance). The
-- penalties do not stack (two injured hands: still -2). They last until
-- the injury heals, naturally or by magic; a minor injury (the caltrop
-- kind) goes with a Heal check DC 15, any healing spell or a day of rest.
-- A Fortitude save DC 10 + the damage of the injuring attack (A-18: set
-- when the injury is made) lets the character ignore the penalty.
--
-- Tables 3-8 and 3-9 (penalties by body part) are missing from the seed
-- and not reconstructable (§13.3): M.parts holds the two rows the text
-- gives; the DM adds others (3e.specific_areas.parts[part] = {attack =
-- bool, skills = {...}}).
local rules = require("rules")
local check = require("check")
local saves = require("core.3e.saves")

rules.variant{ id = "3e.specific_areas", system = "3e", implements = { "DMG-DAM-04" },
               name = { en = "Damage to specific areas", zh = "攻击特定部位" } }

local M = { penalty = -2, heal_dc = 15, pain_base = 10 }
M.parts = {
  hand = { attack = true, skills = { "climb", "open_lock", "disable_device", "forgery" } },
  foot = { skills = { "climb", "jump", "balance" } },
}

-- injuries live on the creature as tags: injury:<part>:<dc>[:minor],
-- and ignores:<part> once the pain save is made
local function injuries(c)
  local out = {}
  for _, t in ipairs(c:get("tags") or {}) do
    local part, dc, minor = string.match(t, "^injury:([%w_]+):(%d+):?(%a*)$")
    if part then out[#out + 1] = { part = part, dc = tonumber(dc), minor = minor == "minor", tag = t } end
  end
  return out
end
M.injuries = injuries

-- M.injure(c, part, damage, opts): the part is injured by a hit of damage
-- (opts.minor: the caltrop kind). Returns the pain save's DC.
function M.injure(c, part, damage, opts)
  if not M.parts[part] then
    local known = {}
    for k in pairs(M.parts) do known[#known + 1] = k end
    table.sort(known)
    error(string.format("specific areas: no row for body part %q (known: %s; Tables 3-8/3-9 are missing, add one to 3e.specific_areas.parts)",
      tostring(part), table.concat(known, ", ")), 2)
  end
  local dc = M.pain_base + damage
  c:add_tag(string.format("injury:%s:%d%s", part, dc, (opts and opts.minor) and ":minor" or ""))
  return dc
end

-- M.ignore_pain(c, part): the Fortitude save DC 10 + damage; on a success
-- the penalty of that part is ignored. Returns whether it was.
function M.ignore_pain(c, part)
  for _, i in ipairs(injuries(c)) do
    if i.part == part then
      if saves.roll(c, "fort", i.dc) then
        c:add_tag("ignores:" .. part)
        return true
      end
      return false
    end
  end
  return false
end

-- M.penalty_for(c, use): the penalty on an action: use = "attack" or a
-- skill name; -2 when an injured part it needs is not ignored, never more
-- (they do not stack).
function M.penalty_for(c, use)
  for _, i in ipairs(injuries(c)) do
    local row = M.parts[i.part]
    local needs = use == "attack" and row.attack
    for _, s in ipairs(row.skills or {}) do needs = needs or s == use end
    if needs and not c:has_tag("ignores:" .. i.part) then return M.penalty end
  end
  return 0
end

local function heal(c, minor_only)
  local n = 0
  for _, i in ipairs(injuries(c)) do
    if i.minor or not minor_only then
      c:remove_tag(i.tag)
      c:remove_tag("ignores:" .. i.part)
      n = n + 1
    end
  end
  return n
end

-- M.heal_check(heal_bonus, c): a Heal check DC 15 removes minor injuries.
function M.heal_check(heal_bonus, c)
  if not check.roll({ mods = { heal_bonus }, target = M.heal_dc }).success then return 0 end
  return heal(c, true)
end
-- M.healing_spell(c): any healing spell ends minor injuries (and, being
-- magic, heals the rest too).
function M.healing_spell(c) return heal(c, false) end
-- M.day_of_rest(c): a full day of rest ends minor injuries.
function M.day_of_rest(c) return heal(c, true) end

-- in fights: an injured hand's -2 on its attacks
rules.on("attack.roll", function(e)
  local p = M.penalty_for(e.attacker, "attack")
  if p ~= 0 then e.bonus = e.bonus + p end
end, { phase = "modify" })

rules.define("3e.specific_areas", M)
