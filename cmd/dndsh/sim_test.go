package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const r1 = "examples/5e/r1_fighters_vs_goblins.lua"

// TestSimDeterministicAcrossJobsAndShards: -j 1, -j 2 and two shards merged
// give byte-identical JSON aggregates.
func TestSimDeterministicAcrossJobsAndShards(t *testing.T) {
	root := "../.."
	sim := func(args ...string) []byte {
		te := newTestEnv(t, root, nil, append([]string{"sim", "--seed", "11", "-n", "300", "--json"}, args...)...)
		te.Args = append(te.Args, r1)
		if code := te.run(""); code != 0 {
			t.Fatalf("sim %v: exit %d: %s", args, code, te.errOut.String())
		}
		return append([]byte(nil), te.out.Bytes()...)
	}
	one := sim("-j", "1")
	two := sim("-j", "2")
	if !bytes.Equal(one, two) {
		t.Fatalf("-j 1 and -j 2 differ:\n%s\n%s", one, two)
	}
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	b := filepath.Join(dir, "b.json")
	if err := os.WriteFile(a, sim("--shard", "0/2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, sim("--shard", "1/2", "-j", "2"), 0o644); err != nil {
		t.Fatal(err)
	}
	te := newTestEnv(t, root, nil, "merge", "--json", b, a)
	if code := te.run(""); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, te.errOut.String())
	}
	// The unsharded study records its shard as "0/1"; compare everything
	// else.
	norm := func(b []byte) string {
		s := string(b)
		i := strings.Index(s, `"shards":`)
		return s[:i]
	}
	if norm(te.out.Bytes()) != norm(one) {
		t.Fatalf("merged shards differ from one run:\n%s\n%s", te.out.Bytes(), one)
	}
	te = newTestEnv(t, root, nil, "merge", a, a)
	if code := te.run(""); code == 0 || !strings.Contains(te.errOut.String(), "merged twice") {
		t.Fatalf("merging a shard twice must fail: %d %s", code, te.errOut.String())
	}
}

func TestRunReplaysATrial(t *testing.T) {
	run := func() string {
		te := newTestEnv(t, "../..", nil, "run", "--seed", "3", "--trial", "42", r1)
		if code := te.run(""); code != 0 {
			t.Fatalf("exit %d: %s", code, te.errOut.String())
		}
		return te.out.String()
	}
	a, b := run(), run()
	if a != b || !strings.Contains(a, "wins in") || !strings.Contains(a, "round 1") {
		t.Fatalf("run is not reproducible or lacks its log:\n%s", a)
	}
}

func TestRunReportsScriptErrors(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "bad.lua", "-- ruleset: 5e\nlocal fight = require(\"fight\")\nreturn fight.encounter{ sides = { { name = \"a\", members = { { stat = { id = \"x\", hp = 5, attacks = { { name = \"x\", damage = \"1d\" } } } } } } } }\n")
	te := newTestEnv(t, dir, nil, "run", "--seed", "1", p)
	code := te.run("")
	if code == 0 || !strings.Contains(te.errOut.String(), "encounter.sides[1].members[1].attacks[1]: damage") {
		t.Fatalf("want a script error naming the damage field, got exit %d: %s", code, te.errOut.String())
	}
}

func TestRunNamesTheMemberOfABadStatBlock(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "bad.lua", "-- ruleset: 5e\nlocal fight = require(\"fight\")\nreturn fight.encounter{ sides = { { name = \"a\", members = { { stat = { hp = \"many\" } } } } } }\n")
	te := newTestEnv(t, dir, nil, "run", "--seed", "1", p)
	code := te.run("")
	if code == 0 || !strings.Contains(te.errOut.String(), "encounter.sides[1].members[1]") {
		t.Fatalf("want an error naming the member, got exit %d: %s", code, te.errOut.String())
	}
}

func TestCompletionAndSVG(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		te := newTestEnv(t, "../..", nil, "completion", sh)
		if code := te.run(""); code != 0 || !strings.Contains(te.out.String(), "sim") {
			t.Fatalf("completion %s: exit %d: %s", sh, code, te.out.String())
		}
	}
	var written string
	te := newTestEnv(t, "../..", nil, "dist", "--svg", "x.svg", "2d6")
	te.WriteFile = func(p string, b []byte) error { written = p + ":" + string(b); return nil }
	if code := te.run(""); code != 0 || !strings.HasPrefix(written, "x.svg:<svg") || strings.Count(written, "<rect") != 12 {
		t.Fatalf("dist --svg wrote %.80q (exit %d)", written, code)
	}
}

func TestRunJSONLines(t *testing.T) {
	te := newTestEnv(t, "../..", nil, "run", "--json", "--seed", "5", r1)
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(te.out.String()), "\n")
	kinds := map[string]int{}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d is not JSON: %v: %s", i+1, err, l)
		}
		if k, ok := m["kind"].(string); ok {
			kinds[k]++
		}
	}
	if kinds["round"] == 0 || kinds["attack"] == 0 || kinds["down"] == 0 || !strings.Contains(lines[len(lines)-1], `"outcome"`) {
		t.Fatalf("records by kind %v; last line %s", kinds, lines[len(lines)-1])
	}
}

func TestRollAndDistHonourConfigBudgets(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "b.toml", "[budgets]\nmax_dice = 10\n")
	for _, cmd := range []string{"roll", "dist"} {
		te := newTestEnv(t, dir, nil, cmd, "--config", cfg, "20d6")
		if code := te.run(""); code != 4 || !strings.Contains(te.errOut.String(), "more than 10 dice") {
			t.Fatalf("%s: exit %d: %s", cmd, code, te.errOut.String())
		}
	}
}

// TestEveryExampleIsDeterministic: for every example, -j 1, -j 2 and three
// merged shards give the same aggregate. A script that kept state from one
// trial to the next would break this (a worker plays other trials before).
func TestEveryExampleIsDeterministic(t *testing.T) {
	files, err := filepath.Glob("../../examples/*/*.lua")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range files {
		rel := strings.TrimPrefix(f, "../../")
		sim := func(args ...string) []byte {
			te := newTestEnv(t, "../..", nil, append(append([]string{"sim", "--seed", "3", "-n", "30", "--json"}, args...), rel)...)
			if code := te.run(""); code != 0 {
				t.Fatalf("%s %v: exit %d: %s", rel, args, code, te.errOut.String())
			}
			return append([]byte(nil), te.out.Bytes()...)
		}
		norm := func(b []byte) string { s := string(b); return s[:strings.Index(s, `"shards":`)] }
		one := sim("-j", "1")
		if two := sim("-j", "2"); !bytes.Equal(one, two) {
			t.Errorf("%s: -j 1 and -j 2 differ", rel)
		}
		dir := t.TempDir()
		var paths []string
		for i := 0; i < 3; i++ {
			p := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
			if err := os.WriteFile(p, sim("--shard", fmt.Sprintf("%d/3", i)), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, p)
		}
		te := newTestEnv(t, "../..", nil, append([]string{"merge", "--json"}, paths...)...)
		if code := te.run(""); code != 0 || norm(te.out.Bytes()) != norm(one) {
			t.Errorf("%s: merged shards differ from one run (exit %d)", rel, code)
		}
	}
}

// TestSimCompareTwoRuleSystems: --compare replays the same trials of an
// encounter under another rule system (a configuration file naming it):
// a mod5e encounter of 5e monsters and characters against 5e.
func TestSimCompareTwoRuleSystems(t *testing.T) {
	args := []string{"sim", "--seed", "3", "-n", "40", "--compare", "examples/mod5e/5e.toml", "examples/mod5e/wolf_pack.lua"}
	te := newTestEnv(t, "../..", nil, args...)
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	out := te.out.String()
	for _, want := range []string{"(seed 3, mod5e)", "=== under 5e", "=== difference (mod5e minus 5e)", "win rate"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	// the same study under each system alone gives the same numbers
	alone := newTestEnv(t, "../..", nil, "sim", "--seed", "3", "-n", "40", "--json", "--ruleset", "5e", "examples/mod5e/wolf_pack.lua")
	if code := alone.run(""); code != 0 {
		t.Fatalf("alone: exit %d: %s", code, alone.errOut.String())
	}
	both := newTestEnv(t, "../..", nil, append([]string{"sim", "--json"}, args[1:]...)...)
	if code := both.run(""); code != 0 {
		t.Fatalf("json: exit %d: %s", code, both.errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(both.out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("--json --compare: %d lines, want 2", len(lines))
	}
	norm := func(s string) string { return s[strings.Index(s, `"sides"`):] }
	if norm(lines[1]) != norm(strings.TrimSpace(alone.out.String())) {
		t.Errorf("the 5e half of the comparison differs from the 5e study alone")
	}
}
