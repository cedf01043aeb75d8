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
-- names, creatures, add, attack, save, damage, conditions, turns, commands);
-- this file loads the parts in that order and defines the REPL commands.
local rules = require("rules")

local M = rules.get("table.commands")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- T holds what the parts share: helpers, and T.S, the state of the table
-- fight (nil before the first add, ended after end).
local T = {}
for _, part in ipairs({ "text", "names", "creatures", "add", "attack", "save", "damage", "conditions", "turns", "commands" }) do
  require("core.base.table." .. part)(M, T)
end

local words = {}
for word in pairs(M.commands) do words[#words + 1] = word end
table.sort(words)
for _, word in ipairs(words) do
  rules.define("command." .. word, function(c) return M.command(word, c) end)
end

rules.define("table.commands", M)
return M
