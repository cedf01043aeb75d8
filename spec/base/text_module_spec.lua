-- The Lua text module: terminal width by the kernel's one width rule
-- (runtime/text), which the table commands' aligned columns use.
-- ruleset: base
local text = require("text")

test("width counts wide characters as two cells", function()
  eq(text.width(""), 0)
  eq(text.width("goblin"), 6)
  eq(text.width("哥布林戰士"), 10)
  eq(text.width("第 3 輪：輪到 英雄"), 18, "ideographic punctuation is wide")
  eq(text.width("（）"), 4, "full-width forms")
  eq(text.width("ｱ"), 1, "half-width katakana is narrow")
  eq(text.width("é"), 1, "one code point, one cell, however many bytes")
  eq(text.width(12), 2, "a number is measured as it prints")
end)

test("the table commands measure with it", function()
  local tbl = require("core.base.table")
  for _, s in ipairs({ "哥布林戰士1", "hero 7/20", "（臨時）" }) do
    eq(tbl.width(s), text.width(s), s)
  end
end)

test("width wants a string", function()
  fails(function() text.width({}) end, "string expected")
end)
