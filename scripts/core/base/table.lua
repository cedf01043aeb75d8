-- Table commands: a fight played by hand at the REPL (docs/repl.md, "Table
-- commands"). Each command is a function of this module and a REPL command
-- defined as command.<word>:
--
--   add MONSTER [xN] [--side SIDE] [--id ID] [--hp N] [--ac N] [--init N] [--name NAME] [--player]
--   init                       roll initiative and show the order
--   order | show               the order: initiative, HP, temporary HP, conditions
--   attack A B [--with WEAPON] [--adv] [--dis]
--   save A ABILITY DC [--adv] [--dis]
--   damage A N [TYPE]          N: a number or dice ("2d6")
--   heal A N
--   cond add A NAME [Nr] [--level N] [--by B] [--custom] | cond remove A NAME | cond list [A]
--   next                       the next turn: who is up, what expired
--   end                        end the fight
--
-- From Lua: local tbl = require("core.base.table"); tbl.add("goblin", {count = 4}),
-- tbl.init(), tbl.attack("goblin1", "hero", {with = "Scimitar", adv = true}),
-- tbl.save("hero", "dex", 15), tbl.damage("hero", 7, "fire"), tbl.heal("hero", 5),
-- tbl.cond_add("hero", "prone", "1r"), tbl.cond_remove("hero", "prone"),
-- tbl.cond_list("hero"), tbl.next(), tbl.finish(), tbl.show(); each returns a
-- record whose `text` is what the command prints. tbl.run("attack goblin1 hero")
-- runs a command line. A fight started from Lua with fight.table() is taken
-- over.
--
-- The rule system supplies the rules: the combat table and the fight
-- module's pipeline (attacks, damage, dying), "save" (a saving throw; the
-- base layer's reads a `saves` table of bonuses from the stat block), and
-- optionally "table.names" ({damage, ability, action, skill = {{id, en, zh}...}}),
-- "table.cond_add", "table.cond_remove" and "table.heal". Names are accepted
-- in English or Chinese; output is in Chinese when rules.get("session.lang")
-- is "zh" (the REPL defines it from dndsh.toml's lang).
-- The code lives in core/base/table/, one file per group of commands (text,
-- names, creatures, add, attack, save, damage, conditions, turns, commands,
-- map). This file is what start-up runs: it defines the REPL commands (their
-- words, help and Chinese words, in the base layer) and the base layer's
-- "save", and loads the parts, in that order, when the module is first used
-- (the first command, or any field of it a script reads): the REPL's first
-- prompt needs the words, not the 130 KB of code behind them.
local rules = require("rules")
local text = require("text")
local check = require("check")

local M = rules.get("table.commands")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- The base commands: commands.lua's and map.lua's (loading the parts
-- checks that this list names them all, and no other).
local BASE = { "map", "place", "move", "area", "add", "attack", "cond", "damage", "end", "heal", "init",
  "monsters", "next", "order", "save", "segment", "show" }
local PARTS = { "text", "names", "creatures", "explain", "add", "attack", "save", "damage", "conditions", "turns",
  "commands", "map" }

-- Chinese words for the commands (Traditional; the Simplified form is
-- a command too): 攻擊 goblin1 hero is attack goblin1 hero.
local ZH = { add = "加入", monsters = "怪物", init = "先攻", order = "順序", show = "顯示", attack = "攻擊",
  save = "豁免", damage = "傷害", heal = "治療", cond = "狀態", next = "下一位", segment = "時段",
  ["end"] = "結束", map = "地圖", place = "放置", move = "移動", area = "範圍", morale = "士氣", surprise = "突襲" }

-- T holds what the parts share: helpers, T.commands (the commands' specs by
-- word, see commands.lua) and T.S, the state of the table fight (nil before
-- the first add, ended after end).
local T = { commands = {} }
local COMMANDS = T.commands

-- REGISTERED[word] is the spec whose rules command.<word> stands for;
-- PENDING a base command's before the parts loaded.
local PENDING = {}
local REGISTERED = {}
local loading = false

-- word_rules defines command.<word> and command_help.<word>.
local function word_rules(word)
  local fn = function(c) return M.command(word, c) end
  rules.define("command." .. word, fn)
  -- the help answers only while command.<word> is this command (a later
  -- layer may define another)
  local function mine() return rules.get("command." .. word) == fn end
  rules.define("command_help." .. word, {
    describe = function() if mine() then return M.describe(word) end return nil end,
    readonly = function(line) return mine() and M.readonly(line) end,
    complete = function(line, partial) if mine() then return M.complete(line, partial) end return nil end,
  })
end

-- aliases are word's Chinese words.
local function aliases(word, spec)
  local zh = (spec ~= PENDING and spec.zh) or ZH[word]
  if not zh then return {} end
  return { zh, text.convert(zh, "zh-Hans") }
end

-- register defines the rules of command word (spec, or PENDING) and of its
-- Chinese words not yet defined.
local function register(word, spec)
  REGISTERED[word] = spec
  word_rules(word)
  for _, w in ipairs(aliases(word, spec)) do
    if not REGISTERED[w] then
      REGISTERED[w] = spec
      if spec ~= PENDING then COMMANDS[w] = spec end
      rules.define("command." .. w, function(c) return M.command(w, c) end)
    end
  end
end

-- M.define_command adds a table command (a rule system's: 1e's morale):
-- spec as in commands.lua. It becomes the REPL command word, with its help.
function M.define_command(word, spec)
  COMMANDS[word] = spec
  if loading or REGISTERED[word] == spec then return end -- loading: a base command, registered below
  register(word, spec)
end

-- The base layer's saving throw: d20 + the stat block's `saves` bonus for
-- the ability (saves = {dex = 3}; 0 when absent) against dc, through the
-- check module (M.generic_save). Rule systems define their own "save" (5e:
-- ability modifier and proficiency). opts: adv (a signed level), stat (the
-- stat block), mods (extra modifiers {{value, source}...}: cover). Returns
-- check.roll's record with ability and name.
function M.generic_save(c, ability, dc, opts)
  opts = opts or {}
  local stat = opts.stat or {}
  local bonus = 0
  if type(stat.saves) == "table" and type(stat.saves[ability]) == "number" then bonus = stat.saves[ability] end
  local mods = { { value = bonus, source = ability .. " save" } }
  for _, m in ipairs(opts.mods or {}) do mods[#mods + 1] = m end
  local r = check.roll({ mods = mods, target = dc, adv = opts.adv or 0 })
  r.ability = ability
  r.name = { en = ability .. " save", zh = ability .. "豁免" }
  return r
end
rules.define("save", M.generic_save)

for _, word in ipairs(BASE) do register(word, PENDING) end

-- load runs the parts. What the rule systems set before it (their own
-- commands, a base command redefined, a function of M) stays theirs, as when
-- the parts loaded first.
local function load()
  local mine, commands = {}, {}
  for k, v in pairs(M) do mine[k] = v end
  for k, v in pairs(COMMANDS) do commands[k] = v end
  loading = true
  local ok, err = pcall(function()
    for _, part in ipairs(PARTS) do require("core.base.table." .. part)(M, T) end
  end)
  loading = false
  if not ok then
    for k in pairs(M) do M[k] = mine[k] end
    for k in pairs(COMMANDS) do COMMANDS[k] = commands[k] end
    error(err, 0)
  end
  local base, want = {}, {}
  for _, word in ipairs(BASE) do want[word] = true end
  for word, spec in pairs(COMMANDS) do
    if commands[word] ~= spec then
      if not want[word] then error("core/base/table.lua: its list of the base commands lacks " .. word, 0) end
      if spec.zh then error("core/base/table.lua: the base command " .. word .. " has its Chinese word in ZH, not in spec.zh", 0) end
      base[word] = spec
    end
  end
  for word in pairs(want) do
    if not base[word] then error("core/base/table.lua: its list of the base commands names " .. word .. ", which no part defines", 0) end
  end
  for k, v in pairs(commands) do COMMANDS[k] = v end
  for k, v in pairs(mine) do M[k] = v end
  for _, word in ipairs(BASE) do
    if REGISTERED[word] == PENDING then REGISTERED[word] = base[word] end
    for _, w in ipairs(aliases(word, PENDING)) do
      if REGISTERED[w] == PENDING then
        REGISTERED[w] = base[word]
        COMMANDS[w] = base[word]
      end
    end
  end
  M.commands = COMMANDS
end

local lazy = {}
lazy.__index = function(_, k)
  setmetatable(M, nil)
  local ok, err = pcall(load)
  if not ok then
    setmetatable(M, lazy) -- the next use tries again, and says the error again
    error(err, 0)
  end
  return rawget(M, k)
end
setmetatable(M, lazy)

rules.define("table.commands", M)
return M
