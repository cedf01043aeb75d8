-- Ready-made characters for examples and specs (require("core.5e.pregens")).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
--   local pregens = require("core.5e.pregens")
--   local members = { { stat = pregens.fighter(5) }, { stat = pregens.cleric(5, { id = "ana" }) } }
--
-- Each function returns a fresh player stat block of a class level with
-- the class's features (core.5e.classes.*), its weapons with the masteries
-- the class gives, average hit points (the maximum of the Hit Die at level
-- 1, then half the die + 1 a level, plus the Constitution modifier) and
-- plain standard-array scores (15, 14, 13, 12, 10, 8 with a background's
-- +2/+1). opts: id, name, hp, ac, plan (tactics settings), weapons (a list
-- replacing the class's), and any other stat-block field to lay over it.
local util = require("core.5e.util")
local weapons = require("core.5e.weapons")

local M = {}

local CLASSES = {
  fighter = { en = "Fighter", zh = "戰士", die = 10, ac = 18, saves = { "str", "con" }, skills = { "athletics", "perception" },
    abilities = { str = 17, dex = 13, con = 15, int = 8, wis = 12, cha = 10 },
    weapons = { "longsword" }, masteries = true },
  rogue = { en = "Rogue", zh = "遊蕩者", die = 8, ac = 15, saves = { "dex", "int" },
    skills = { "stealth", "perception", "acrobatics", "sleight_of_hand" }, expertise = { "stealth", "perception" },
    abilities = { str = 8, dex = 17, con = 14, int = 13, wis = 12, cha = 10 },
    weapons = { "shortsword" }, offhand = "scimitar", masteries = true },
  barbarian = { en = "Barbarian", zh = "野蠻人", die = 12, ac = 14, saves = { "str", "con" }, skills = { "athletics", "survival" },
    abilities = { str = 17, dex = 14, con = 15, int = 8, wis = 12, cha = 10 },
    weapons = { "greataxe" }, masteries = true },
  cleric = { en = "Cleric", zh = "牧師", die = 8, ac = 18, saves = { "wis", "cha" }, skills = { "medicine", "insight" },
    abilities = { str = 13, dex = 10, con = 14, int = 8, wis = 17, cha = 12 },
    weapons = { "mace" } },
  wizard = { en = "Wizard", zh = "法師", die = 6, ac = 12, saves = { "int", "wis" }, skills = { "arcana", "investigation" },
    abilities = { str = 8, dex = 14, con = 14, int = 17, wis = 12, cha = 10 },
    weapons = { "quarterstaff" } },
  paladin = { en = "Paladin", zh = "聖武士", die = 10, ac = 18, saves = { "wis", "cha" }, skills = { "athletics", "medicine" },
    abilities = { str = 17, dex = 8, con = 14, int = 10, wis = 12, cha = 15 },
    weapons = { "longsword" }, masteries = true },
}

M.classes = CLASSES

-- average_hp(die, con_mod, level) is a character's average hit points.
function M.average_hp(die, con_mod, level)
  return die + con_mod + (level - 1) * (math.floor(die / 2) + 1 + con_mod)
end

local function build(class, level, opts)
  opts = opts or {}
  local c = CLASSES[class]
  local abilities = {}
  for k, v in pairs(c.abilities) do abilities[k] = v end
  local con = util.mod(abilities.con)
  local stat = {
    id = opts.id or class, name = opts.name or { en = c.en, zh = c.zh },
    hp = opts.hp or M.average_hp(c.die, con, level), ac = opts.ac or c.ac, init = util.mod(abilities.dex),
    abilities = abilities, size = "medium", tags = { "humanoid" }, player = true, plan = opts.plan,
    class = class,
  }
  util.character(stat, { level = level, saves = c.saves, skills = c.skills, expertise = c.expertise })
  local feature = require("core.5e.classes." .. class)
  if class == "wizard" then feature.fire_bolt(stat, { level = level }) end
  weapons.arm(stat, opts.weapons or c.weapons, { masteries = c.masteries, offhand = opts.weapons == nil and c.offhand or nil })
  feature.apply(stat, level)
  for k, v in pairs(opts) do
    if stat[k] == nil then stat[k] = v end
  end
  return stat
end

-- fighter(level [, opts]) and the same for rogue, barbarian, cleric, wizard
-- and paladin.
for class in pairs(CLASSES) do
  M[class] = function(level, opts) return build(class, level or 1, opts) end
end

return M
