package spec

import (
	"context"
	"os"
	"strings"
	"testing"
)

const specDir = "../../spec"

// TestSpecs runs every spec file of the repository; each Lua test is a
// subtest.
func TestSpecs(t *testing.T) {
	fsys := os.DirFS(specDir)
	files, err := Find(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no spec files found under spec/")
	}
	for _, f := range files {
		src, err := os.ReadFile(specDir + "/" + f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := RunFile(context.Background(), "spec/"+f, src, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res {
			t.Run(f+"/"+r.Test, func(t *testing.T) {
				if !r.Passed {
					t.Fatal(r.Message)
				}
			})
		}
	}
}

// TestMechanicCoverage fails when spec/mechanics.tsv and the specs'
// "-- covers:" lines disagree.
func TestMechanicCoverage(t *testing.T) {
	f, err := os.Open(specDir + "/mechanics.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mechs, err := ReadMechanics(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(mechs) < 900 {
		t.Fatalf("mechanics.tsv lists %d IDs; the five inventories have over 900", len(mechs))
	}
	files, err := Find(os.DirFS(specDir), ".")
	if err != nil {
		t.Fatal(err)
	}
	covers := map[string][]string{}
	for _, p := range files {
		src, err := os.ReadFile(specDir + "/" + p)
		if err != nil {
			t.Fatal(err)
		}
		covers[p] = ParseHeader(string(src)).Covers
	}
	c := Check(mechs, covers)
	for _, p := range c.Problems {
		t.Error(p)
	}
	t.Log("\n" + c.Report())
}

func TestRunnerRules(t *testing.T) {
	src := []byte(`
test("passes", function() eq(1 + 1, 2) end)
test("no assertion", function() end)
test("fails", function() eq({1, 2}, {1, 3}, "lists") end)
test("forced left over", function() dice.force{3, 4} eq(dice.total("1d6"), 3) end)
test("expected error", function() fails(function() error("boom") end, "boom") end)
`)
	res, err := RunFile(context.Background(), "t_spec.lua", src, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []bool{true, false, false, false, true}
	if len(res) != len(want) {
		t.Fatalf("got %d results", len(res))
	}
	for i, r := range res {
		if r.Passed != want[i] {
			t.Errorf("%s: passed=%v (%s), want %v", r.Test, r.Passed, r.Message, want[i])
		}
	}
	if res[2].Message == "" || res[1].Message != "the test made no assertion" {
		t.Errorf("messages: %q / %q", res[1].Message, res[2].Message)
	}
}

func TestStrictDice(t *testing.T) {
	src := []byte(`test("an extra draw fails", function()
  dice.force{ 3 }
  eq(dice.total("1d6"), 3)
  eq(dice.draws(), 1)
  dice.total("1d8")
end)
test("a caught extra draw still fails", function()
  dice.force{ 3 }
  dice.total("1d6")
  local ok = pcall(dice.total, "1d4")
  eq(ok, false)
end)
test("random dice before any force are fine", function()
  dice.total("1d20")
  dice.force{ 5 }
  eq(dice.total("1d6"), 5)
end)
test("mixed dice may follow the forced ones", function()
  dice.force({ 2 }, { mixed = true })
  eq(dice.total("1d6"), 2)
  ok(dice.total("1d6") >= 1)
end)
test("an unknown option is refused", function()
  fails(function() dice.force({ 2 }, { mix = true }) end, "unknown option")
end)
`)
	res, err := RunFile(context.Background(), "t_spec.lua", src, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []bool{false, false, true, true, true}
	if len(res) != len(want) {
		t.Fatalf("got %d results", len(res))
	}
	for i, r := range res {
		if r.Passed != want[i] {
			t.Errorf("%s: passed=%v (%s), want %v", r.Test, r.Passed, r.Message, want[i])
		}
	}
	for i, w := range []string{"a d8 (draw 2 of the test)", "t_spec.lua:5"} {
		if !strings.Contains(res[0].Message, w) {
			t.Errorf("message %d: %q lacks %q", i, res[0].Message, w)
		}
	}
	if !strings.Contains(res[1].Message, "a d4") {
		t.Errorf("caught draw: %q", res[1].Message)
	}
}
