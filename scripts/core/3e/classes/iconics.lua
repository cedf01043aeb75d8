-- The PHB 3.0 iconic characters as 3.0 stat blocks of a chosen level
-- (require("core.3e.classes.iconics")): Tordek (dwarf fighter), Lidda
-- (halfling rogue), Jozan (human cleric of Pelor), Mialee (elf wizard)
-- and Krusk (half-orc barbarian). Their 1st-level numbers are the
-- chapter's where it gives them (§18: Tordek AC 17, waraxe +4, 13 hp;
-- Lidda initiative +7, light crossbow +4, short sword +0; Mialee AC 13,
-- 7 hp; Jozan initiative -1) and [K] PHB 3.0 otherwise.
--
--   local icon = require("core.3e.classes.iconics")
--   local tordek = icon.tordek(3)          -- a 3rd-level Tordek
--   local party = icon.party(3)            -- the four of §18, 3rd level
local rules = require("rules")
local fighter = require("core.3e.classes.fighter")
local rogue = require("core.3e.classes.rogue")
local cleric = require("core.3e.classes.cleric")
local wizard = require("core.3e.classes.wizard")
local barbarian = require("core.3e.classes.barbarian")

local M = rules.get("3e.classes.iconics")
if M then return M end
M = {}

local function with(spec, extra)
  for k, v in pairs(extra or {}) do spec[k] = v end
  return spec
end

function M.tordek(level, extra)
  level = level or 1
  local feats = { "weapon_focus:dwarven waraxe" }
  if level >= 2 then feats[#feats + 1] = "power_attack" end
  if level >= 3 then feats[#feats + 1] = "cleave" end
  return fighter.build(with({ id = "tordek", name = { en = "Tordek", zh = "托德克" }, level = level, race = "dwarf",  -- not in source
    armor = "medium", abilities = { str = 15, dex = 13, con = 16, int = 10, wis = 12, cha = 6 },
    ac = { armor = 4, shield = 2 }, hp = level == 1 and 13 or nil, feats = feats,
    weapons = { { name = "Dwarven waraxe", damage = "1d10", crit = "x3", type = "slashing" } },
    tags = { "dwarf", "armed" } }, extra))
end

function M.lidda(level, extra)
  level = level or 1
  return rogue.build(with({ id = "lidda", name = { en = "Lidda", zh = "莉达" }, level = level, race = "halfling",  -- not in source
    size = "small", abilities = { str = 8, dex = 17, con = 14, int = 10, wis = 10, cha = 12 },
    ac = { armor = 2 }, feats = { "improved_initiative" },
    weapons = {
      { name = "Short sword", damage = "1d6", crit = "19-20/x2", light = true, type = "piercing" },
      { name = "Light crossbow", damage = "1d8", crit = "19-20/x2", range = 80, group = "crossbow", type = "piercing" },
    }, tags = { "halfling", "armed" } }, extra))
end

function M.jozan(level, extra)
  level = level or 1
  return cleric.build(with({ id = "jozan", name = { en = "Jozan", zh = "约赞" }, level = level, race = "human",  -- not in source
    armor = "medium", abilities = { str = 12, dex = 8, con = 14, int = 10, wis = 15, cha = 13 },
    ac = { armor = 4, shield = 2 },
    weapons = { { name = "Heavy mace", damage = "1d8", type = "bludgeoning" } }, tags = { "human", "armed" } }, extra))
end

function M.mialee(level, extra)
  level = level or 1
  return wizard.build(with({ id = "mialee", name = { en = "Mialee", zh = "米亚莉" }, level = level, race = "elf",  -- not in source
    abilities = { str = 10, dex = 16, con = 10, int = 15, wis = 14, cha = 10 },
    hp = level == 1 and 7 or nil, feats = { "toughness" },
    weapons = {
      { name = "Quarterstaff", damage = "1d6", two_handed = true, type = "bludgeoning" },
      { name = "Light crossbow", damage = "1d8", crit = "19-20/x2", range = 80, group = "crossbow", type = "piercing" },
    }, tags = { "elf" } }, extra))
end

function M.krusk(level, extra)
  level = level or 1
  return barbarian.build(with({ id = "krusk", name = { en = "Krusk", zh = "克鲁斯克" }, level = level, race = "half-orc",  -- not in source
    armor = "medium", abilities = { str = 17, dex = 13, con = 14, int = 8, wis = 12, cha = 6 },
    ac = { armor = 3 }, feats = { "power_attack" },
    weapons = { { name = "Greataxe", damage = "1d12", crit = "x3", two_handed = true, type = "slashing" } },
    tags = { "half-orc", "armed" } }, extra))
end

-- party(level): the four of §18 as encounter members.
function M.party(level)
  return {
    { stat = M.tordek(level) }, { stat = M.lidda(level) }, { stat = M.jozan(level) }, { stat = M.mialee(level) },
  }
end

rules.define("3e.classes.iconics", M)
return M
