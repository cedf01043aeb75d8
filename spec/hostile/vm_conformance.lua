-- Known bugs of the Lua VM dndsh embeds (gopher-lua v1.1.2), each with the
-- answer of the reference Lua 5.1 (Debian's /usr/bin/lua5.1).
--
-- Every case is a chunk (src) and the values it returns, rendered by the
-- test as tab-separated text (numbers with %.14g). `want` is Lua 5.1's
-- answer. What dndsh does with the case:
--   fix = "rewrite"  dndsh rewrites the construct before compiling it
--                    (bindings/luart/vmfix.go) and gives want;
--   fix = "go"       the library function is dndsh's own, written in Go
--                    (bindings/luart), and gives want;
--   fix = "refuse"   dndsh refuses the chunk at load time with an error
--                    matching `refused`;
--   fix = "accept"   a difference dndsh keeps, for the reason given; dndsh
--                    gives `got`.
-- `upstream` is the gopher-lua issue that reports the bug, when there is one.
--
-- bindings/luart's TestVMConformance runs each case under dndsh and checks
-- the above, runs each under plain gopher-lua and checks that it does NOT
-- give want (the bug is real), and, where /usr/bin/lua5.1 is installed,
-- runs each under Lua 5.1 and checks that it gives want.
return {
  -- Jumps to jumps: a loop's back edge to a jump goes astray.
  { id = "for-break-in-nested-generic-for", upstream = 540, fix = "rewrite",
    src = [[local function f() for k = 1, 2 do for _, p in ipairs({1}) do break end end return "ok" end return f()]],
    want = "ok" },
  { id = "if-false-local-in-generic-for", upstream = 540, fix = "rewrite",
    src = [[local r = {} for _, v in ipairs({1, 2}) do if false then local x = 1 end r[#r + 1] = v end return #r, 1]],
    want = "2\t1" },
  { id = "if-nil-local-in-pairs", upstream = 540, fix = "rewrite",
    src = [[local s = "" for _, v in pairs({a = 1}) do if nil then local q end s = s .. v end return s, 7]],
    want = "1\t7" },
  { id = "if-false-in-generic-for-in-numeric-for", upstream = 540, fix = "rewrite",
    src = [[local r = {} for i = 1, 3 do for _, v in ipairs({i}) do if false then local x = 1 end r[#r + 1] = v end end return #r]],
    want = "3" },
  { id = "if-false-in-generic-for-in-function", upstream = 540, fix = "rewrite",
    src = [[local function f() local t = {} for _, v in ipairs({1, 2}) do if false then local x end t[#t + 1] = v end return #t end return f(), f()]],
    want = "2\t2" },
  { id = "while-false-in-generic-for", fix = "rewrite",
    src = [[local s = "" for _, v in ipairs({1, 2, 3}) do while false do end s = s .. v end return s]],
    want = "123" },
  { id = "while-false-in-pairs", fix = "rewrite",
    src = [[local n = 0 for _ in pairs({1, 2, 3}) do while false do end n = n + 1 end return n]],
    want = "3" },
  { id = "goto", fix = "refuse", refused = "goto is not Lua 5.1",
    src = [[local n = 0 for i = 1, 3 do if i == 2 then goto continue end n = n + i ::continue:: end return n]],
    want = "error: '=' expected near 'continue'" },

  -- Multiple assignment stores each value as soon as it is computed.
  { id = "swap", upstream = 440, fix = "rewrite",
    src = [[local a = 1 local b = 2 a, b = b, a return a, b]],
    want = "2\t1" },
  { id = "rotate", upstream = 440, fix = "rewrite",
    src = [[local a, b, c = 1, 2, 3 a, b, c = c, a, b return a, b, c]],
    want = "3\t1\t2" },
  { id = "assign-reads-earlier-target", upstream = 440, fix = "rewrite",
    src = [[local a, b = 0, 0 a, b = a + 1, a + b return a, b]],
    want = "1\t0" },
  { id = "assign-sum-difference", upstream = 440, fix = "rewrite",
    src = [[local a = 1 local b = a a, b = a + b, a - b return a, b]],
    want = "2\t0" },
  { id = "assign-two-of-three", upstream = 440, fix = "rewrite",
    src = [[local a = 1 local b = 2 local c = 3 a, b = c, a return a, b, c]],
    want = "3\t1\t3" },

  -- Table constructors.
  { id = "call-before-named-field", fix = "rewrite",
    src = [[local function f() return 1, 2 end local t = {f(), x = f()} return #t, t.x]],
    want = "1\t1" },
  { id = "vararg-in-last-named-field", fix = "rewrite",
    src = [[local function g(...) local t = {0, n = ...} return #t, t.n end return g(7, 8, 9)]],
    want = "1\t7" },

  -- pcall and error: an error caught by pcall closed every open upvalue of
  -- the state, not only those of the frames it unwound.
  { id = "pcall-error-upvalue", upstream = 448, fix = "go",
    src = [[local n = 0 local function f() pcall(error, "x") n = n + 1 end f() f() return n]],
    want = "2" },
  { id = "pcall-then-assign-upvalue", upstream = 448, fix = "go",
    src = [[local a local function use() return a("test") end pcall(function() error("an error") end) a = function(p) return p end return use()]],
    want = "test" },
  { id = "pcall-closure-sees-later-assignment", upstream = 448, fix = "go",
    src = [[local f local x = 1 f = function() return x end pcall(function() error("z") end) x = 2 return f()]],
    want = "2" },
  { id = "pcall-inside-function-with-closure", upstream = 448, fix = "go",
    src = [[local function outer() local x = 1 local g = function() return x end pcall(error, "e") x = 5 return g() end return outer()]],
    want = "5" },
  { id = "xpcall-closure-of-unwound-frame", upstream = 448, fix = "go",
    src = [[local acc = {}
local ok, e = xpcall(function() local y = 3 acc[1] = function() return y end error("boom") end, function() return "handled" end)
return ok, e, acc[1]()]],
    want = "false\thandled\t3" },
  { id = "error-level-1-from-pcall", fix = "go",
    src = [[local ok, e = pcall(error, "msg") return e]],
    want = "msg" },
  { id = "error-level-2-is-pcall", fix = "go",
    src = [[local ok, e = pcall(function() error("lvl2", 2) end) return e]],
    want = "lvl2" },
  { id = "error-level-2-from-lua-caller", fix = "go",
    src = [[local function check(x) if not x then error("want x", 2) end end
local ok, e = pcall(function()
  check(nil)
end)
return e]],
    want = "case:3: want x" },

  -- Library functions.
  { id = "tonumber-exponent", fix = "go",
    src = [[return tonumber("1e1"), tonumber(" 0x10 "), tonumber("2.5e-1"), tonumber("1e"), tonumber("10", 2)]],
    want = "10\t16\t0.25\tnil\t2" },
  { id = "frontier-pattern", fix = "go",
    src = [[return string.find("THE (quick) fox", "%f[%a]%a+", 5)]],
    want = "6\t10" },
  { id = "frontier-pattern-gsub", fix = "go",
    src = [[return (string.gsub("hello world from lua", "%f[%w]%w+", function(w) return w:upper() end))]],
    want = "HELLO WORLD FROM LUA" },

  { id = "gsub-percent-letter", fix = "go",
    src = [[return (string.gsub("a-b", "%-", "%x"))]],
    want = "axb" },

  { id = "format-g-default-precision", fix = "go",
    src = [[return string.format("%5.1f|%g|%x|%5s|%-3d|", 3.14159, 1234567, 255, "ab", 7)]],
    want = "  3.1|1.23457e+06|ff|   ab|7  |" },
  { id = "format-hex-negative", fix = "go",
    src = [[return string.format("%x", -1)]],
    want = "ffffffffffffffff" },
  { id = "format-d-of-a-word", fix = "go",
    src = [[return (pcall(string.format, "%d", "x"))]],
    want = "false" },
  { id = "format-star-width", fix = "go",
    src = [[return (pcall(string.format, "%*d", 5, 3))]],
    want = "false" },
  { id = "char-out-of-range", fix = "go",
    src = [[return (pcall(string.char, 300))]],
    want = "false" },

  -- Refused: always an error in Lua 5.1, and gopher-lua reports another
  -- value than the one indexed.
  { id = "assign-field-of-literal", upstream = 310, fix = "refuse", refused = "assignment to a field of a constant",
    src = [[local ok, e = pcall(function() (123).K = nil end) return ok, e]],
    want = "false\tcase:1: attempt to index a number value" },

  -- Accepted differences.
  { id = "number-to-string-digits", fix = "accept",
    accepted = "numbers convert to strings with Go's shortest exact form, not %.14g: more digits, never a rounding; " ..
      "dndsh's own printing (the REPL, logs) uses %.14g",
    src = [[return 1 / 3 .. "", 2 ^ 63 .. ""]],
    want = "0.33333333333333\t9.2233720368548e+18", got = "0.3333333333333333\t9.223372036854776e+18" },
  { id = "number-to-string-large-whole", fix = "accept",
    accepted = "whole numbers below 2^63 convert to strings in full, not in exponent form",
    src = [[return 1e15 .. "", 1e16 .. ""]],
    want = "1e+15\t1e+16", got = "1000000000000000\t10000000000000000" },
  { id = "negative-zero-to-string", fix = "accept",
    accepted = "-0 converts to the string \"0\"; it compares equal to 0 either way",
    src = [[return -0.0 .. "", math.ceil(-0.5) .. ""]],
    want = "-0\t-0", got = "0\t0" },
  { id = "tonumber-inf-nan", fix = "accept",
    accepted = "tonumber takes no \"inf\" or \"nan\": Lua 5.1 takes whatever the C library's strtod takes (glibc: both)",
    src = [[return tonumber("inf"), tonumber("nan")]],
    want = "inf\tnan", got = "nil\tnil" },
  { id = "len-metamethod-of-table", fix = "accept",
    accepted = "# honours __len on tables (as Lua 5.2 does); Lua 5.1 ignores it there",
    src = [[return #setmetatable({}, {__len = function() return 42 end})]],
    want = "0", got = "42" },
  { id = "format-q-newline", fix = "accept",
    accepted = "%q writes a newline as \\n (Lua 5.1 writes a backslash and a newline); both read back the same",
    src = [[return string.format("%q", "a\nb")]],
    want = "\"a\\\nb\"", got = "\"a\\nb\"" },
  { id = "format-s-boolean", fix = "accept",
    accepted = "%s formats any value with tostring; Lua 5.1 refuses booleans",
    src = [[return pcall(string.format, "%s", true)]],
    want = "false\tbad argument #2 to '?' (string expected, got boolean)", got = "true\ttrue" },
}
