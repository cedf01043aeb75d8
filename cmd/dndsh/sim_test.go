package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/stats"
)

const r1 = "examples/5e/r1_fighters_vs_goblins.lua"

// oncePerFight is an encounter whose scripts keep state from one trial to
// the next unless every trial starts afresh.
const oncePerFight = "spec/hostile/files/once_per_fight.lua"

// TestRunReplaysTrialOfSim: `dndsh run --trial I` plays trial I of a sim,
// even when a worker played other trials first.
func TestRunReplaysTrialOfSim(t *testing.T) {
	for _, trial := range []string{"0", "5", "9"} {
		te := newTestEnv(t, "../..", nil, "sim", "--seed", "4", "-n", "10", "--shard", trial+"/10", "--json", oncePerFight)
		if code := te.run(""); code != 0 {
			t.Fatalf("sim: exit %d: %s", code, te.errOut.String())
		}
		var agg struct {
			Sides     []string `json:"sides"`
			Wins      []int64  `json:"wins"`
			RoundsSum int64    `json:"rounds_sum"`
			Fighters  []struct {
				ID    string `json:"id"`
				Dealt int64  `json:"dealt"`
			} `json:"fighters"`
		}
		if err := json.Unmarshal(te.out.Bytes(), &agg); err != nil {
			t.Fatal(err)
		}
		te = newTestEnv(t, "../..", nil, "run", "--seed", "4", "--trial", trial, "--json", oncePerFight)
		if code := te.run(""); code != 0 {
			t.Fatalf("run: exit %d: %s", code, te.errOut.String())
		}
		lines := strings.Split(strings.TrimSpace(te.out.String()), "\n")
		var last struct {
			Outcome struct {
				Winner   string `json:"winner"`
				Rounds   int64  `json:"rounds"`
				Fighters []struct {
					ID    string `json:"id"`
					Dealt int64  `json:"dealt"`
				} `json:"fighters"`
			} `json:"outcome"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
			t.Fatal(err)
		}
		won := ""
		for i, w := range agg.Wins {
			if w == 1 {
				won = agg.Sides[i]
			}
		}
		if won != last.Outcome.Winner || agg.RoundsSum != last.Outcome.Rounds {
			t.Fatalf("trial %s: sim says %s in %d rounds, run says %s in %d", trial, won, agg.RoundsSum, last.Outcome.Winner, last.Outcome.Rounds)
		}
		for i, f := range last.Outcome.Fighters {
			if agg.Fighters[i].Dealt != f.Dealt {
				t.Fatalf("trial %s: %s dealt %d in the sim, %d in the run", trial, f.ID, agg.Fighters[i].Dealt, f.Dealt)
			}
		}
	}
}

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
	if a != b || !strings.Contains(a, "fighters win in") || !strings.Contains(a, "round 1") {
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
// trial to the next would break this (a worker plays other trials before):
// spec/hostile/files/once_per_fight.lua keeps such state on purpose.
func TestEveryExampleIsDeterministic(t *testing.T) {
	files, err := filepath.Glob("../../examples/*/*.lua")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	files = append(files, "../../"+oncePerFight)
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

// TestRunRecordsTheMap: run --json starts with the map and every fighter's
// square, and each move gives its path, which the positions follow; run
// --svg draws a token for every fighter and the way each mover went.
func TestRunRecordsTheMap(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	te := newTestEnv(t, root, nil, "run", "--json", "--seed", "3", "examples/5e/r1_on_a_map.lua")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(te.out.String()), "\n")
	var first struct {
		Kind      string
		Width     int
		Positions []struct {
			ID   string
			X, Y int
		}
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil || first.Kind != "map" || first.Width == 0 {
		t.Fatalf("the first record is not the map: %s (%v)", lines[0], err)
	}
	at := map[string][2]int{}
	for _, p := range first.Positions {
		at[p.ID] = [2]int{p.X, p.Y}
	}
	if len(at) != 12 {
		t.Fatalf("positions of %d fighters, want 12: %s", len(at), lines[0])
	}
	moves := 0
	for _, l := range lines[1:] {
		var r struct {
			Kind string
			Who  string
			Path [][2]int
			To   [2]int
		}
		if json.Unmarshal([]byte(l), &r) != nil || r.Kind != "move" {
			continue
		}
		moves++
		from := at[r.Who]
		for _, p := range r.Path {
			if d := max(abs(p[0]-from[0]), abs(p[1]-from[1])); d != 1 {
				t.Fatalf("%s steps from %v to %v: %s", r.Who, from, p, l)
			}
			from = p
		}
		if from != r.To {
			t.Fatalf("%s's path ends at %v, not at %v", r.Who, from, r.To)
		}
		at[r.Who] = r.To
	}
	if moves == 0 {
		t.Fatal("nobody moved")
	}
	dir := t.TempDir()
	te = newTestEnv(t, root, nil, "run", "--seed", "3", "--svg", filepath.Join(dir, "r1.svg"), "examples/5e/r1_on_a_map.lua")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, "r1.svg"))
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	tokens, paths := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			switch se.Name.Local {
			case "title":
				tokens++
			case "polyline":
				paths++
			}
		}
	}
	if tokens != 12 || paths == 0 {
		t.Fatalf("%d tokens (want 12) and %d paths", tokens, paths)
	}
	te = newTestEnv(t, root, nil, "run", "--seed", "3", "--svg", filepath.Join(dir, "x.svg"), "examples/5e/r1_fighters_vs_goblins.lua")
	if code := te.run(""); code != 2 || !strings.Contains(te.errOut.String(), "has none") {
		t.Fatalf("--svg without a map: exit %d: %s", code, te.errOut.String())
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// errorsEnc is an encounter whose hook fails in about half the trials.
const errorsEnc = `-- ruleset: 5e
local fight = require("fight")
local st = { id = "x", hp = 5, ac = 10, attacks = { { name = "Hit", bonus = 5, damage = "1d4" } },
  on = { ["turn.start"] = function() if math.random() < 0.5 then error("boom") end end } }
return fight.encounter{ sides = {
  { name = "as", members = { { stat = st } } },
  { name = "bs", members = { { monster = "goblin" } } } } }
`

func TestSimWithErroredTrials(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "e.lua", errorsEnc)
	writeFile(t, dir, "mine/monsters/5e/nothing.lua", "return { id = \"nothing\", hp = 1, ac = 1, attacks = { { name = \"a\", damage = \"1\" } } }\n")
	te := newTestEnv(t, dir, nil, "sim", "-n", "40", "--seed", "2", "--scripts", "mine", "e.lua")
	code := te.run("")
	if code != 5 {
		t.Fatalf("exit %d, want 5 (a trial ended in an error): %s", code, te.errOut.String())
	}
	out := te.out.String()
	var done, failed int
	if _, err := fmt.Sscanf(out[strings.Index(out, "— ")+len("— "):], "%d trials completed, %d ended in an error", &done, &failed); err != nil || done+failed != 40 || failed == 0 {
		t.Fatalf("the header does not count completed and errored trials (%v):\n%s", err, out)
	}
	wins := 0
	for _, side := range []string{"as", "bs"} {
		for _, l := range strings.Split(out, "\n") {
			var n int
			if f := strings.Fields(l); len(f) > 1 && f[0] == side {
				fmt.Sscan(f[1], &n)
				wins += n
			}
		}
	}
	draws := 0
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "draw" {
			fmt.Sscan(f[1], &draws)
		}
	}
	if wins+draws != done {
		t.Fatalf("the table counts %d trials, the header %d:\n%s", wins+draws, done, out)
	}
	if !strings.Contains(out, "replay: dndsh run --seed 2 --trial ") || !strings.Contains(out, "--ruleset 5e --scripts mine e.lua") {
		t.Fatalf("the replay command lacks the flags:\n%s", out)
	}
	if !strings.Contains(te.errOut.String(), "ended in an error") {
		t.Fatalf("stderr: %s", te.errOut.String())
	}
}

func TestShardsNeedASeedAndMergeSaysWhatDiffers(t *testing.T) {
	root := "../.."
	te := newTestEnv(t, root, nil, "sim", "-n", "10", "--shard", "0/2", r1)
	if code := te.run(""); code != 2 || !strings.Contains(te.errOut.String(), "--shard needs --seed") {
		t.Fatalf("--shard without --seed: exit %d: %s", code, te.errOut.String())
	}
	dir := t.TempDir()
	shard := func(seed, name string) {
		te := newTestEnv(t, root, nil, "sim", "-n", "10", "--seed", seed, "--shard", name[:3], "--json", r1)
		if code := te.run(""); code != 0 {
			t.Fatalf("exit %d: %s", code, te.errOut.String())
		}
		writeFile(t, dir, strings.ReplaceAll(name, "/", "-")+".json", te.out.String())
	}
	shard("4", "0/2")
	shard("5", "1/2")
	te = newTestEnv(t, dir, nil, "merge", "0-2.json", "1-2.json")
	if code := te.run(""); code == 0 || !strings.Contains(te.errOut.String(), "the seeds differ (4 and 5") {
		t.Fatalf("merging shards of two seeds: exit %d: %s", code, te.errOut.String())
	}
}

func TestCompareStudies(t *testing.T) {
	root := "../.."
	for _, c := range []struct{ spec, want string }{
		{"tactics=random", "r1_fighters_vs_goblins.lua (5e, tactics random)"},
		{"ruleset=1e", "=== under 1e"},
		{"examples/5e/r1_on_a_map.lua", "r1_on_a_map.lua (5e)"},
	} {
		te := newTestEnv(t, root, nil, "sim", "-n", "40", "--seed", "1", "--compare", c.spec, r1)
		if code := te.run(""); code != 0 {
			t.Fatalf("--compare %s: exit %d: %s", c.spec, code, te.errOut.String())
		}
		out := te.out.String()
		if !strings.Contains(out, c.want) || !strings.Contains(out, "=== difference") {
			t.Fatalf("--compare %s:\n%s", c.spec, out)
		}
	}
	dir := t.TempDir()
	te := newTestEnv(t, root, nil, "sim", "-n", "40", "--seed", "1", "--compare", "tactics=first", "--json", "--svg", filepath.Join(dir, "c.svg"), r1)
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(te.out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("--json --compare: %d lines, want 3", len(lines))
	}
	var study, compare struct{ Trials int }
	var j struct {
		Difference struct {
			Sides []struct {
				Side       string
				A, B, Diff float64
			}
		}
	}
	if json.Unmarshal([]byte(lines[0]), &study) != nil || json.Unmarshal([]byte(lines[1]), &compare) != nil || study.Trials != 40 || compare.Trials != 40 {
		t.Fatalf("--json: the studies:\n%s", te.out.String())
	}
	if err := json.Unmarshal([]byte(lines[2]), &j); err != nil || len(j.Difference.Sides) != 2 {
		t.Fatalf("--json: %v\n%s", err, te.out.String())
	}
	if d := j.Difference.Sides[0]; math.Abs(d.A-d.B-d.Diff) > 1e-9 {
		t.Fatalf("the difference is not a minus b: %+v", d)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "c.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(svg), "mean ") != 2 || !strings.Contains(string(svg), ">0%<") {
		t.Fatalf("the chart lacks both means or the zero of its axis:\n%s", svg)
	}
	te = newTestEnv(t, root, nil, "sim", "-n", "4", "--compare", "colour=red", r1)
	if code := te.run(""); code != 2 || !strings.Contains(te.errOut.String(), "tactics=NAME") {
		t.Fatalf("a bad --compare: exit %d: %s", code, te.errOut.String())
	}
}

// TestChartsShowGaps: a round count no trial ended with is a gap on the
// chart's axis, not a missing label, and the axis starts at zero.
func TestChartsShowGaps(t *testing.T) {
	a := stats.New("e.lua", "5e", 1, 4, []string{"x", "y"}, nil)
	for _, r := range []int{2, 2, 5} {
		a.Add(&stats.Trial{Winner: 0, Rounds: r})
	}
	svg := roundsChart([]*stats.Agg{a}, []string{"e.lua"})
	for _, want := range []string{">3</text>", ">4</text>", ">0%</text>", "mean 3.00"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the chart lacks %q", want)
		}
	}
	if strings.Count(svg, "<title>") != 2 {
		t.Errorf("want bars for rounds 2 and 5 only:\n%s", svg)
	}
	if !strings.Contains(a.Report(), "    3   0.00%\n    4   0.00%\n") {
		t.Errorf("the terminal histogram skips the gap:\n%s", a.Report())
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
	if len(lines) != 3 {
		t.Fatalf("--json --compare: %d lines, want 3 (the study, the compared one, the difference)", len(lines))
	}
	norm := func(s string) string { return s[strings.Index(s, `"sides"`):] }
	if norm(lines[1]) != norm(strings.TrimSpace(alone.out.String())) {
		t.Errorf("the 5e half of the comparison differs from the 5e study alone")
	}
}
