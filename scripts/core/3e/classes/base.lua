-- What the 3.0 classes share (require("core.3e.classes.base")): base
-- attack bonus and save progressions, hit points, and the builder every
-- class file calls to turn a character into a 3.0 stat block
-- (core/3e/statblock.lua). Numbers [K] PHB 3.0 chapter 3 (Table 3-1: base
-- save and base attack bonuses); the combat chapter only names them.
--
--   local fighter = require("core.3e.classes.fighter")
--   local tordek = fighter.build{ id = "tordek", level = 1, race = "dwarf",
--     abilities = { str = 15, dex = 13, con = 14, int = 10, wis = 12, cha = 8 },
--     ac = { armor = 4, shield = 2 }, armor = "medium",
--     weapons = { { name = "Dwarven waraxe", damage = "1d10", crit = "x3" } },
--     feats = { "weapon_focus:dwarven waraxe" } }
local rules = require("rules")
local S = require("core.3e.statblock")
local A = require("core.3e.attack")

local M = rules.get("3e.classes.base")
if M then return M end
M = {}

-- [K] PHB 3.0 Table 3-1.
M.bab = {
  good = function(l) return l end,
  average = function(l) return math.floor(l * 3 / 4) end,
  poor = function(l) return math.floor(l / 2) end,
}
M.save = {
  good = function(l) return 2 + math.floor(l / 2) end,
  poor = function(l) return math.floor(l / 3) end,
}

-- hp(die, level, con_mod): the most at 1st level, the average rounded up
-- after ([K] PHB 3.0: maximum at 1st level; the DMG's fixed hit points
-- for later levels), plus the Con modifier a level (at least 1 a level).
function M.hp(die, level, con)
  local total = 0
  for l = 1, level do
    local roll = l == 1 and die or math.floor(die / 2) + 1
    total = total + math.max(1, roll + con)
  end
  return total
end

-- the class's tags and the fields a class build adds to the character's
local CLASS_FIELDS = { class = true }

-- build(class, spec): spec is a 3.0 stat block less what the class gives
-- (bab, saves, hp, level tag) plus class = the class table:
--   class = { id, die, bab = "good"|..., saves = {fort =, ref =, will =},
--             feats = function(level) -> bonus feats, apply = function(spec, level) }
-- spec.level is the class level; spec.hp overrides the hit points.
function M.build(class, spec)
  local s = {}
  for k, v in pairs(spec) do
    if not CLASS_FIELDS[k] then s[k] = v end
  end
  local level = spec.level or 1
  if level < 1 or level > 20 then error(string.format("%s: level %s (1 to 20)", class.id, tostring(level)), 3) end
  s.level = level
  s.bab = spec.bab or M.bab[class.bab](level)
  s.saves = spec.saves or {
    fort = M.save[class.saves.fort](level), ref = M.save[class.saves.ref](level), will = M.save[class.saves.will](level),
  }
  local con = A.mod((spec.abilities or {}).con or 10)
  s.hp = spec.hp or M.hp(class.die, level, con)
  local tags = {}
  for _, t in ipairs(spec.tags or {}) do tags[#tags + 1] = t end
  tags[#tags + 1] = class.id
  s.tags = tags
  s.player = spec.player ~= false
  if class.apply then class.apply(s, level) end
  return S.build(s)
end

-- hook(stat, event, fn, opts): the class features are hooks scoped to
-- the character (core/3e/special/hooks.lua).
M.hook = require("core.3e.special.hooks").add

rules.define("3e.classes.base", M)
return M
