-- Spell resistance (monsters.abilities.spell_resistance; DMG-SA-41/42):
-- spells and spell-like abilities must beat it with a caster level check,
-- 1d20 + caster level >= SR (the core's magic.penetrates). Ex and Su
-- abilities, and a magic weapon's enhancement, ignore it. SR values from
-- several sources overlap, they do not stack: the best that applies to the
-- caster counts (TV-45). One check per spell instance and creature, and
-- the result stands (TV-46, TV-47); a creature that lowered its SR (a
-- standard action, until the start of its next turn) and was affected
-- gets a check when its SR is back.
--
--   apply(stat, {value = 18} or {{value = 15}, {value = 25, against = "evil"}})
local rules = require("rules")
local check = require("check")
local types = require("monsters.abilities.types")

local M = rules.get("abilities.spell_resistance")
if M then return M end
M = {}

rules.define("condition.sr_lowered", { name = { en = "Spell resistance lowered", zh = "降低法术抗力" }, fight = {} })  -- not in source
rules.define("condition.spell_resistance", { name = { en = "Spell resistance", zh = "法术抗力" }, fight = {} })

local function D() return require("core.3e.damage") end

function M.apply(stat, o)
  local p = D().profile(stat)
  local list = o.value and { o } or o
  p.sr = p.sr or {}
  for _, e in ipairs(list) do p.sr[#p.sr + 1] = { value = e.value, against = e.against } end
  require("core.3e.special.hooks").add(stat, "turn.start", function(e)
    e.fighter:remove_condition("sr_lowered")
  end)
  return stat
end

-- M.value(c, caster): the creature's SR against this caster (a creature,
-- or {evil = true, caster_level = n}): the best of its entries that apply
-- (an entry "against = evil" only against evil casters), its spells'
-- (the condition spell_resistance, source = against or "any", level = SR)
-- and its kernel ability "sr".
local function evil(caster)
  if type(caster) ~= "table" then return false end
  if caster.evil then return true end
  local ok, r = pcall(function() return caster:has_tag("evil") end)
  return ok and r
end
function M.value(c, caster)
  local best = 0
  local p = D().profile_of(c)
  for _, e in ipairs(p and p.sr or {}) do
    if (not e.against or (e.against == "evil" and evil(caster))) and e.value > best then best = e.value end
  end
  for _, k in ipairs(c:conditions("spell_resistance")) do
    if (k.source == nil or k.source == "any" or (k.source == "evil" and evil(caster))) and k.level > best then
      best = k.level
    end
  end
  local sr = c:ability("sr") or 0
  if sr > best then best = sr end
  return best
end

-- M.lower(c): the standard action that lowers SR until the start of the
-- creature's next turn (it provokes nothing).
function M.lower(c) c:add_condition("sr_lowered") end

local function caster_level(caster, pk)
  if pk and pk.caster_level then return pk.caster_level end
  if type(caster) == "table" and caster.caster_level then return caster.caster_level end
  return require("core.3e.magic").caster_level(caster)
end

-- M.check(caster, c, pk): whether the spell (pk: its packet or {ability,
-- caster_level, instance}) affects c. Returns {affected, check, cached,
-- lowered}.
function M.check(caster, c, pk)
  pk = pk or {}
  if not types.sr_applies(pk.ability or "spell") then return { affected = true } end
  local id = c:get("id")
  local cache = pk.instance and pk.instance.sr
  if pk.instance and not cache then
    cache = {}
    pk.instance.sr = cache
  end
  local before = cache and cache[id]
  local lowered = c:has("sr_lowered")
  if before and not (before.lowered and not lowered) then
    return { affected = before.affected, cached = true }
  end
  if lowered then
    if cache then cache[id] = { affected = true, lowered = true } end
    return { affected = true, lowered = true }
  end
  local sr = M.value(c, caster)
  local out
  if sr <= 0 then
    out = { affected = true }
  else
    local r = check.roll{ mods = { { value = caster_level(caster, pk), source = "caster level" } }, target = sr }
    out = { affected = r.success, check = r }
  end
  if cache then cache[id] = { affected = out.affected } end
  return out
end

-- M.applies(spell): DMG-SA-42, whether SR applies to a spell, from its
-- description: {school, category = "targeted"|"area"|"effect",
-- harms (it harms, changes or restricts the creature), conjures_energy,
-- summons, indirect (cast on air, ground or light around it), senses
-- (fools the senses or reveals information), lasting (instantaneous
-- with lasting results) and present (the creature was there when it was
-- cast), transforms, environment, direct_attack (an illusion that
-- attacks), protective (a protective abjuration on someone else)}.
-- An entry's own `sr` (true or false) wins, as the PHB's spell entry.
M.by_school = {
  abjuration = function(s) return s.harms == true and not s.protective end,
  conjuration = function(s) return s.conjures_energy == true end,
  divination = function() return false end,
  enchantment = function() return true end,
  evocation = function(s) return s.harms ~= false end,
  illusion = function(s) return s.direct_attack == true end,
  necromancy = function(s) return s.exception ~= true end,
  transmutation = function(s) return s.transforms == true end,
}
function M.applies(s)
  if s.sr ~= nil then return s.sr end
  if s.indirect or s.senses or s.summons then return false end
  if s.lasting and not s.present then return false end
  if s.category == "effect" then return s.indirect_allows == true end
  local f = M.by_school[s.school or ""]
  if not f then error(string.format("spell_resistance.applies: unknown school %q", tostring(s.school)), 2) end
  return f(s)
end

rules.define("abilities.spell_resistance", M)
return M
