package rulesmod

import (
	"context"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/event"
	"github.com/dndsh/dndsh/runtime/rng"
)

// TestClearMatchesFieldByField checks rules.clear against clearing the
// same fields one by one in Lua (`if t.k ~= nil then t.k = nil end`): the
// same fields, the same pairs order afterwards (a key set again later keeps
// its place), and its errors.
func TestClearMatchesFieldByField(t *testing.T) {
	r, err := luart.New(luart.Config{Source: rng.New(1)})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	Install(r, event.New())
	out, err := r.DoString(context.Background(), "clear_test.lua", `
local rules = require("rules")
local function fill()
  local t = { hits = 0 }
  t.self, t.bonus, t.action, t.cleave = "me", "rage", "attack", 3
  t.other, t.flag = true, false
  return t
end
local keys = { "self", "bonus", "action", "slot", "cleave", "flag" }
local a, b = fill(), fill()
local same = rules.clear(a, keys)
for _, k in ipairs(keys) do
  if b[k] ~= nil then b[k] = nil end
end
a.bonus, b.bonus = "again", "again"
local function dump(t)
  local s = {}
  for k, v in pairs(t) do s[#s + 1] = k .. "=" .. tostring(v) end
  return table.concat(s, " ")
end
local ok1, e1 = pcall(rules.clear, nil, {})
local ok2, e2 = pcall(rules.clear, {}, { 1 })
return same == a, dump(a), dump(b), ok1 or e1, ok2 or e2`, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out[0] != lua.LTrue {
		t.Error("rules.clear does not return its table")
	}
	if a, b := lua.LVAsString(out[1]), lua.LVAsString(out[2]); a != b {
		t.Errorf("rules.clear left %q, field by field %q", a, b)
	}
	for i, want := range []string{"table expected", "a list of field names expected"} {
		if got := lua.LVAsString(out[3+i]); !strings.Contains(got, want) {
			t.Errorf("error %d: %q, want it to say %q", i, got, want)
		}
	}
}
