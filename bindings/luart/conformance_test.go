package luart_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
)

const conformanceFile = "../../spec/hostile/vm_conformance.lua"

// vmCase is one case of spec/hostile/vm_conformance.lua.
type vmCase struct {
	id, src, want, fix, refused, got string
}

func loadCases(t *testing.T) []vmCase {
	t.Helper()
	L := lua.NewState()
	defer L.Close()
	if err := L.DoFile(conformanceFile); err != nil {
		t.Fatal(err)
	}
	list, ok := L.Get(-1).(*lua.LTable)
	if !ok {
		t.Fatal("the conformance file must return a list")
	}
	var cases []vmCase
	seen := map[string]bool{}
	for i := 1; i <= list.Len(); i++ {
		c, ok := list.RawGetInt(i).(*lua.LTable)
		if !ok {
			t.Fatalf("case %d is not a table", i)
		}
		get := func(k string) string {
			v := c.RawGetString(k)
			if v == lua.LNil {
				return ""
			}
			return lua.LVAsString(v)
		}
		vc := vmCase{id: get("id"), src: get("src"), want: get("want"), fix: get("fix"), refused: get("refused"), got: get("got")}
		if vc.id == "" || vc.src == "" || seen[vc.id] {
			t.Fatalf("case %d: needs a unique id and a src", i)
		}
		seen[vc.id] = true
		switch vc.fix {
		case "rewrite", "go":
		case "refuse":
			if vc.refused == "" {
				t.Fatalf("%s: a refused case names the error (refused = ...)", vc.id)
			}
		case "accept":
			if vc.got == "" || get("accepted") == "" {
				t.Fatalf("%s: an accepted difference gives its reason (accepted) and dndsh's answer (got)", vc.id)
			}
		default:
			t.Fatalf("%s: fix must be rewrite, go, refuse or accept, got %q", vc.id, vc.fix)
		}
		cases = append(cases, vc)
	}
	return cases
}

// render renders results as the Lua 5.1 driver does.
func render(vals []lua.LValue) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		if n, ok := v.(lua.LNumber); ok {
			f := float64(n)
			switch {
			case math.IsNaN(f):
				parts[i] = "nan"
			case math.IsInf(f, 1):
				parts[i] = "inf"
			case math.IsInf(f, -1):
				parts[i] = "-inf"
			default:
				parts[i] = fmt.Sprintf("%.14g", f)
			}
			continue
		}
		parts[i] = v.String()
	}
	return strings.Join(parts, "\t")
}

// underDndsh runs a case in a dndsh runtime.
func underDndsh(src string) (string, error) {
	r, err := luart.New(luart.Config{Timeout: 5 * time.Second})
	if err != nil {
		return "", err
	}
	defer r.Close()
	vals, err := r.DoString(context.Background(), "case", src, nil)
	if err != nil {
		return "", err
	}
	return render(vals), nil
}

// underGopherLua runs a case in a plain gopher-lua state, as a script
// would run without dndsh's fixes.
func underGopherLua(src string) (out string) {
	L := lua.NewState()
	defer L.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	L.SetContext(ctx)
	defer func() {
		if rcv := recover(); rcv != nil {
			out = fmt.Sprintf("panic: %v", rcv)
		}
	}()
	fn, err := L.Load(strings.NewReader(src), "case")
	if err != nil {
		return "error: " + err.Error()
	}
	L.Push(fn)
	if err := L.PCall(0, lua.MultRet, nil); err != nil {
		return "error: " + err.Error()
	}
	vals := make([]lua.LValue, L.GetTop())
	for i := range vals {
		vals[i] = L.Get(i + 1)
	}
	return render(vals)
}

func TestVMConformance(t *testing.T) {
	for _, c := range loadCases(t) {
		t.Run(c.id, func(t *testing.T) {
			got, err := underDndsh(c.src)
			switch c.fix {
			case "refuse":
				if err == nil || !regexp.MustCompile(c.refused).MatchString(err.Error()) {
					t.Errorf("dndsh should refuse it with %q, got %q, %v", c.refused, got, err)
				}
			case "accept":
				if err != nil || got != c.got {
					t.Errorf("dndsh gives %q, %v; the file says %q", got, err, c.got)
				}
			default:
				if err != nil || got != c.want {
					t.Errorf("dndsh gives %q, %v; Lua 5.1 gives %q", got, err, c.want)
				}
			}
			if raw := underGopherLua(c.src); raw == c.want {
				t.Errorf("plain gopher-lua gives Lua 5.1's answer %q: not a bug", raw)
			}
		})
	}
}

// TestVMConformanceAgainstLua51 checks the file's answers against the
// reference Lua 5.1, when it is installed.
func TestVMConformanceAgainstLua51(t *testing.T) {
	lua51, err := exec.LookPath("lua5.1")
	if err != nil {
		t.Skip("no lua5.1 installed (Debian: apt-get install lua5.1)")
	}
	const driver = `
local function render(...)
  local out = {}
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if type(v) == "number" then
      if v ~= v then out[i] = "nan"
      elseif v == math.huge then out[i] = "inf"
      elseif v == -math.huge then out[i] = "-inf"
      else out[i] = string.format("%.14g", v) end
    else
      out[i] = tostring(v)
    end
  end
  return table.concat(out, "\t")
end
for _, c in ipairs(dofile(arg[1])) do
  local f, err = loadstring(c.src, "=case")
  local res
  if not f then
    res = "error: " .. err:gsub("^case:%d+: ", "")
  else
    local r = {n = 0}
    local function pack(...) r = {n = select("#", ...), ...} end
    pack(pcall(f))
    if r[1] then res = render(unpack(r, 2, r.n)) else res = "error: " .. tostring(r[2]) end
  end
  io.write(c.id, "\1", res, "\2")
end`
	cmd := exec.Command(lua51, "-")
	cmd.Stdin = strings.NewReader("arg = {" + fmt.Sprintf("%q", conformanceFile) + "}\n" + driver)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("lua5.1: %v", err)
	}
	results := map[string]string{}
	for _, rec := range strings.Split(string(out), "\x02") {
		if id, res, ok := strings.Cut(rec, "\x01"); ok {
			results[id] = res
		}
	}
	for _, c := range loadCases(t) {
		if got, ok := results[c.id]; !ok || got != c.want {
			t.Errorf("%s: Lua 5.1 gives %q; the file says %q", c.id, got, c.want)
		}
	}
}
