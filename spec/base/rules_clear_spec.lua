-- rules.clear(t, keys): the fields named in keys go back to nil in one
-- call, as `if t.k ~= nil then t.k = nil end` does for each (a kit's turn
-- context, core.5e.tactics, is reset with it every turn).
-- ruleset: base
local rules = require("rules")

test("clear sets the named fields to nil and leaves the others", function()
  local t = { a = 1, b = false, c = "x", keep = 2, hits = 0 }
  local same = rules.clear(t, { "a", "b", "c", "absent" })
  eq(same, t, "returns t")
  eq(t.a, nil)
  eq(t.b, nil, "false is a value: cleared too")
  eq(t.c, nil)
  eq(t.absent, nil)
  eq(t.keep, 2)
  eq(t.hits, 0)
end)

test("clear matches clearing field by field, pairs order included", function()
  local function fill()
    local t = { hits = 0 }
    t.self, t.bonus, t.action, t.cleave = "me", "rage", "attack", 3
    t.other = true
    return t
  end
  local keys = { "self", "bonus", "action", "slot", "cleave" }
  local a, b = fill(), fill()
  rules.clear(a, keys)
  for _, k in ipairs(keys) do
    if b[k] ~= nil then b[k] = nil end
  end
  a.bonus, b.bonus = "again", "again"
  local ka, kb = {}, {}
  for k, v in pairs(a) do ka[#ka + 1] = k .. "=" .. tostring(v) end
  for k, v in pairs(b) do kb[#kb + 1] = k .. "=" .. tostring(v) end
  eq(table.concat(ka, " "), table.concat(kb, " "))
end)

test("clear wants a table and a list of names", function()
  fails(function() rules.clear(nil, {}) end, "table expected")
  fails(function() rules.clear({}, { 1 }) end, "a list of field names expected")
end)
