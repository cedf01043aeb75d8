package luart

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

const profiled = `local function inner(n)
  local s = 0
  for i = 1, n do s = s + i end
  return s
end
local function outer()
  local a = inner(3000)
  local b = inner(1000)
  local ok, c = pcall(inner, 2000)
  return a + b + c
end
local r = outer() -- not a tail call: the main chunk's frame stays
return r
`

// profileOf runs the profiled chunk once under Enter with a profile
// sampling every 7 instructions.
func profileOf(t *testing.T) *Profile {
	t.Helper()
	r, _ := newRT(t, nil)
	fn, err := r.LoadBytes("p.lua", "test", []byte(profiled))
	if err != nil {
		t.Fatal(err)
	}
	p := NewProfile(7)
	if err := r.SetProfile(p); err != nil {
		t.Fatal(err)
	}
	leave := r.Enter(context.Background())
	err = r.L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true})
	leave()
	if err != nil {
		t.Fatal(err)
	}
	if got := r.L.Get(-1); got != lua.LNumber(3000*3001/2+1000*1001/2+2000*2001/2) {
		t.Fatalf("the chunk returned %v", got)
	}
	return p
}

// TestProfileSamplesTheRunningStacks: the samples fall on the loop's line
// inside inner, under the line of outer that made each call, in proportion
// to the calls' work (3000, 1000 and 2000 turns), and a call made through
// a Go function (pcall) has that function's frame between the two.
func TestProfileSamplesTheRunningStacks(t *testing.T) {
	p := profileOf(t)
	byCall := map[int]int64{}
	var viaGo int64
	for _, s := range p.Stacks() {
		f := s.Frames
		if len(f) < 3 || f[0].Name != "(main chunk)" || f[0].Line != 12 || f[1].Name != "outer" || f[1].Defined != 6 {
			continue
		}
		last := f[len(f)-1]
		if last.Name != "inner" || last.Defined != 1 || last.Line != 3 {
			continue
		}
		switch len(f) {
		case 3:
			byCall[f[1].Line] += s.Samples
		case 4:
			if f[2].Source == "[Go]" && f[1].Line == 9 {
				viaGo += s.Samples
			}
		}
	}
	total := p.Samples()
	a, b := byCall[7], byCall[8]
	if a == 0 || b == 0 || viaGo == 0 {
		t.Fatalf("samples in inner's loop by outer's line: %v, through pcall %d (of %d): %v", byCall, viaGo, total, p.Stacks())
	}
	if r := float64(a) / float64(b); r < 2.7 || r > 3.3 {
		t.Errorf("inner(3000) has %d samples, inner(1000) %d: ratio %.2f, want about 3", a, b, r)
	}
	if r := float64(viaGo) / float64(b); r < 1.7 || r > 2.3 {
		t.Errorf("inner(2000) through pcall has %d samples, inner(1000) %d: ratio %.2f, want about 2", viaGo, b, r)
	}
	// nearly every sample is in the loops
	if in := a + b + viaGo; in*10 < total*9 {
		t.Errorf("%d of %d samples in inner's loop", in, total)
	}
}

// TestProfileIsTheSameEachRun: the count starts again at every entry, so
// the same calls give the same samples.
func TestProfileIsTheSameEachRun(t *testing.T) {
	a, b := profileOf(t), profileOf(t)
	if !reflect.DeepEqual(a.Stacks(), b.Stacks()) {
		t.Fatalf("two runs, two profiles:\n%v\n%v", a.Stacks(), b.Stacks())
	}
	a.Merge(b)
	if a.Samples() != 2*b.Samples() {
		t.Fatalf("merged: %d samples, want %d", a.Samples(), 2*b.Samples())
	}
}

// TestProfileReports: the report names the functions with their shares,
// the folded stacks name every frame, and a runtime no longer profiled
// adds nothing.
func TestProfileReports(t *testing.T) {
	p := profileOf(t)
	var rep, folded bytes.Buffer
	if err := p.WriteReport(&rep, 5); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"samples, one every 7 VM instructions", "100.00%", "outer (p.lua:6)", "inner (p.lua:1)", "p.lua:3"} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, rep.String())
		}
	}
	if err := p.WriteFolded(&folded); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(folded.String(), "(main chunk) (p.lua:0);outer (p.lua:6);inner (p.lua:1) ") ||
		!strings.Contains(folded.String(), ";[Go] ") {
		t.Errorf("folded stacks:\n%s", folded.String())
	}
	r, _ := newRT(t, nil)
	q := NewProfile(3)
	if err := r.SetProfile(q); err != nil {
		t.Fatal(err)
	}
	if err := r.SetProfile(nil); err != nil {
		t.Fatal(err)
	}
	leave := r.Enter(context.Background())
	_, err := r.DoString(context.Background(), "q.lua", "local s = 0 for i = 1, 100 do s = s + i end return s", nil)
	leave()
	if err != nil || q.Samples() != 0 {
		t.Fatalf("profile removed: %d samples (%v)", q.Samples(), err)
	}
}

func TestFunctionName(t *testing.T) {
	for line, want := range map[string]string{
		"local function setting(self, kit, key)":                            "setting",
		"function M.kit(stat, opts)":                                        "M.kit",
		"function Obj:method(x)":                                            "Obj:method",
		"  on_hit = function(e)":                                            "on_hit",
		"local f = function() end":                                          "f",
		`hooks.add(stat, "turn.act", function(e) act(kit, e) end)`:          `(anonymous: hooks.add "turn.act")`,
		`  rules.on("attack.roll", function(e)`:                             `(anonymous: rules.on "attack.roll")`,
		`table.sort(list, function(a, b) return a < b end)`:                 "(anonymous: table.sort)",
		`return function(e)`:                                                "(anonymous)",
		`for _, f in ipairs(fs) do f(function() end) g(function() end) end`: "(anonymous)",
	} {
		if got := functionName(line, "(anonymous)"); got != want {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
	}
}

// TestProfileNestedEntry: an entry made inside another (its context
// cancelled when it ends) leaves the outer entry's context intact, and
// both are sampled.
func TestProfileNestedEntry(t *testing.T) {
	r, _ := newRT(t, nil)
	p := NewProfile(5)
	if err := r.SetProfile(p); err != nil {
		t.Fatal(err)
	}
	const loop = "local s = 0 for i = 1, 200 do s = s + i end return s"
	leaveOuter := r.Enter(context.Background())
	defer leaveOuter()
	inner, cancel := context.WithCancel(context.Background())
	leave := r.Enter(inner)
	if _, err := r.DoString(inner, "inner.lua", loop, nil); err != nil {
		t.Fatal(err)
	}
	leave()
	cancel()
	// the outer entry goes on, as a fight's hooks are called (no entry of
	// their own)
	fn, err := r.LoadBytes("outer.lua", "test", []byte(loop))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}); err != nil {
		t.Fatalf("after the inner entry ended, the outer one: %v", err)
	}
	var rep bytes.Buffer
	if err := p.WriteReport(&rep, 0); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"inner.lua", "outer.lua"} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("no samples of %s:\n%s", want, rep.String())
		}
	}
}
