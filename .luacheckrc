-- luacheck configuration for dndsh's scripts and specs.
std = "lua51"
max_line_length = 160
-- Hooks and table commands take the event or command table whether they
-- use it or not: unused arguments are not worth a warning.
unused_args = false
-- Scripts may only use locals and require; the runtime locks the globals.
files["spec"] = {
  -- the spec runner defines these helpers and exposes the modules as globals
  read_globals = { "test", "eq", "near", "ok", "matches", "fails", "output",
    "dice", "creature", "check", "rules", "log", "fight", "combat", "grid" },
}
-- REPL session files may set session variables (the REPL's session
-- environment accepts them)
files["spec/transcripts"] = { allow_defined = true, ignore = { "212" },
  read_globals = { "dice", "creature", "check", "rules", "log", "fight", "combat", "grid" } }
