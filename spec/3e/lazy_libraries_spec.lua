-- The DMG libraries that 3e's manifest leaves to their first require
-- (docs/design.md, start-up) are still reached by rules.need: it requires
-- the file when nothing defines the name yet.
-- ruleset: 3e

test("rules.need reaches a library the manifest loads on first require", function()
  eq(rules.get("3e.weather"), nil, "weather is not loaded at start")
  local w = rules.need("3e.weather")
  eq(type(w), "table", "rules.need loaded it")
  eq(w, require("core.3e.weather"), "the module require returns")
  eq(rules.get("3e.weather"), w, "and it is defined from then on")
end)

test("rules.need of a name no file defines still fails, naming it", function()
  fails(function() rules.need("3e.no_such_library") end, "nothing defines \"3e.no_such_library\"")
end)
