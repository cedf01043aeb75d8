-- The table commands load on first use (scripts/core/base/table.lua): the
-- start-up defines their words, help and Chinese words, and the parts
-- (core/base/table/*.lua) load when a command or a field of the module is
-- first used. Under 1e, whose table.lua adds commands (morale, surprise)
-- before the parts load: what it set stays its own.
-- ruleset: 1e

local rules = require("rules")
local tbl = require("core.base.table")

test("start-up defines the words without loading the parts", function()
  eq(rawget(tbl, "add"), nil, "the parts are not loaded before the first use")
  eq(type(rawget(tbl, "define_command")), "function")
  eq(type(rawget(tbl, "generic_save")), "function", "the base layer's save is defined at start-up")
  for _, w in ipairs({ "add", "attack", "map", "area", "end", "攻擊", "攻击", "morale", "士氣" }) do
    eq(type(rules.get("command." .. w)), "function", w)
  end
  eq(type(rules.get("command_help.add")), "table")
  eq(rawget(tbl, "add"), nil, "defining the words loaded nothing")
end)

test("the first use loads the parts; what 1e set stays", function()
  local morale, surprise = rawget(tbl, "morale"), rawget(tbl, "surprise")
  eq(type(morale), "function", "1e's table.lua set tbl.morale at start-up")
  local d = rules.get("command_help.attack").describe()
  eq(type(d), "table", "the help of a command loads the parts")
  eq(type(rawget(tbl, "add")), "function")
  eq(rawget(tbl, "morale"), morale)
  eq(rawget(tbl, "surprise"), surprise)
  local c = tbl.commands
  eq(type(c.morale), "table", "1e's command kept")
  eq(c["士氣"], c.morale)
  eq(type(c.attack), "table")
  eq(c["攻擊"], c.attack, "a Chinese word runs its command's spec")
  eq(c["攻击"], c.attack)
  eq(c.show.run, c.order.run)
end)
