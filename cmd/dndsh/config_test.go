package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

func TestConfigShowsValuesAndOrigins(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "dndsh.toml", `# a table's settings
ruleset = "5e"
variants = ["5e.one"]
scripts = ["my-scripts"]
lang = "zh"

[budgets]
timeout = "2s"
max_dice = 500

[history]
size = 50
`)
	te := newTestEnv(t, dir, nil, "config", "--seed", "9", "--variant", "a", "--variant", "b,c")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	want := []string{
		"# configuration file: dndsh.toml",
		`ruleset = "5e"  # file dndsh.toml:2`,
		`variants = ["a", "b", "c"]  # flag --variant`,
		`seed = 9  # flag --seed`,
		`scripts = ["my-scripts"]  # file dndsh.toml:4`,
		`lang = "zh"  # file dndsh.toml:5`,
		`budgets.max_dice = 500  # file dndsh.toml:9`,
		`budgets.max_depth = 100  # default`,
		`budgets.max_length = 1000  # default`,
		`budgets.timeout = "2s"  # file dndsh.toml:8`,
		`budgets.memory = 1024  # default`,
		`budgets.dist_time = "2s"  # default`,
		`history.file = ""  # default`,
		`history.size = 50  # file dndsh.toml:12`,
		`unsafe = false  # default`,
	}
	got := strings.Split(strings.TrimSpace(te.out.String()), "\n")
	if len(got) != len(want) {
		t.Fatalf("got:\n%s", te.out.String())
	}
	for i := range want {
		if squeeze(got[i]) != squeeze(want[i]) {
			t.Errorf("line %d: got %q, want %q", i+1, squeeze(got[i]), want[i])
		}
	}
}

// squeeze collapses runs of spaces (the value column is padded).
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestConfigLookupOrder(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	writeFile(t, home, ".config/dndsh/dndsh.toml", "ruleset = \"from-home\"\nscripts = [\"s\"]\n")
	xdg := filepath.Join(dir, "xdg")
	writeFile(t, xdg, "dndsh/dndsh.toml", "ruleset = \"from-xdg\"\n")
	work := filepath.Join(dir, "work")
	writeFile(t, work, "other.toml", "ruleset = \"from-flag\"\n")
	vars := map[string]string{"HOME": home}
	te := newTestEnv(t, work, nil)
	te.Getenv = func(k string) string { return vars[k] }
	load := func(args ...string) *settings {
		t.Helper()
		c := configCommand()
		c.flags = append(c.flags, helpFlag)
		o, err := parseArgs(c, args)
		if err != nil {
			t.Fatal(err)
		}
		st, err := loadSettings(te.Env, o)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	st := load()
	if st.Ruleset != "from-home" || st.Scripts[0] != filepath.Join(home, ".config/dndsh/s") {
		t.Fatalf("home config: %q %q", st.Ruleset, st.Scripts)
	}
	if st.HistoryFile != filepath.Join(home, ".config/dndsh/history") {
		t.Fatalf("default history file %q", st.HistoryFile)
	}
	vars["XDG_CONFIG_HOME"] = xdg
	if st := load(); st.Ruleset != "from-xdg" {
		t.Fatalf("XDG config: %q", st.Ruleset)
	}
	writeFile(t, work, "dndsh.toml", "ruleset = \"from-work\"\n")
	if st := load(); st.Ruleset != "from-work" || st.File != "dndsh.toml" {
		t.Fatalf("working-folder config: %q from %q", st.Ruleset, st.File)
	}
	if st := load("--config", "other.toml"); st.Ruleset != "from-flag" {
		t.Fatalf("--config: %q", st.Ruleset)
	}
	if st := load("--config", "other.toml", "--ruleset", "cli"); st.Ruleset != "cli" || st.from["ruleset"] != "flag --ruleset" {
		t.Fatalf("flag over file: %q (%s)", st.Ruleset, st.from["ruleset"])
	}
	if st := load(); st.SeedSet || st.Seed != uint64(te.Now().UnixNano()) || st.from["seed"] != "default (clock)" {
		t.Fatalf("clock seed: %d %s", st.Seed, st.from["seed"])
	}
}

func TestConfigErrorsAreLocated(t *testing.T) {
	tests := []struct {
		name, text string
		kind       errs.Kind
		line, col  int
		msg, hint  string
	}{
		{"unknown key", "ruleset = \"5e\"\n  colour = \"red\"\n", errs.Data, 2, 3, `unknown key "colour"`, "known keys"},
		{"unknown key in a table", "[budgets]\nmax_dcie = 3\n", errs.Data, 2, 1, `unknown key "budgets.max_dcie"`, `did you mean "budgets.max_dice"`},
		{"unknown dotted key", "history.sise = 3\n", errs.Data, 1, 1, `unknown key "history.sise"`, `did you mean "history.size"`},
		{"unknown table", "[colours]\nred = 1\n", errs.Data, 1, 2, `unknown key "colours"`, ""},
		{"unknown key in an inline table", "history = { file = \"h\", sise = 3 }\n", errs.Data, 1, 1, `unknown key "history.sise"`, ""},
		{"seed of the wrong type", "seed = \"forty\"\n", errs.Data, 1, 8, `seed: want a non-negative integer, got "forty" (a string)`, ""},
		{"negative seed", "\n\nseed = -1\n", errs.Data, 3, 8, "seed: want a non-negative integer, got -1", ""},
		{"variants not a list", "variants = \"3e.x\"\n", errs.Data, 1, 12, "variants: want a list of variant ids", `variants = ["3e.defense_roll"]`},
		{"bad lang", "lang = \"fr\"\n", errs.Data, 1, 8, `lang: want "en", "zh", "zh-Hant" or "zh-Hans", got "fr"`, `"zh" is Chinese in the script your locale uses`},
		{"bad timeout", "[budgets]\ntimeout = \"soon\"\n", errs.Data, 2, 11, "budgets.timeout: want a non-negative duration", `"10s"`},
		{"zero dice budget", "[budgets]\n  max_dice = 0\n", errs.Data, 2, 14, "budgets.max_dice: want an integer from 1", ""},
		{"table as a value", "budgets = 3\n", errs.Data, 1, 11, "budgets must be a table, got an integer", "[budgets]"},
		{"syntax", "ruleset = \"5e\"\nseed = = 3\n", errs.Syntax, 2, 0, "TOML syntax", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := defaultSettings()
			err := st.applyFile("d/dndsh.toml", []byte(tt.text))
			var e *errs.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v", err)
			}
			if e.Kind != tt.kind || e.File != "d/dndsh.toml" || e.Line != tt.line || (tt.col > 0 && e.Col != tt.col) {
				t.Errorf("kind %v file %s line %d col %d; want %v line %d col %d", e.Kind, e.File, e.Line, e.Col, tt.kind, tt.line, tt.col)
			}
			if !strings.Contains(e.Msg, tt.msg) || !strings.Contains(e.Hint, tt.hint) {
				t.Errorf("message %q hint %q; want %q and %q", e.Msg, e.Hint, tt.msg, tt.hint)
			}
			if !strings.HasPrefix(e.Error(), "d/dndsh.toml:") || e.Source == "" {
				t.Errorf("not located: %q (source %q)", e.Error(), e.Source)
			}
		})
	}
}

func TestConfigErrorExitCodes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "dndsh.toml", "seed = \"x\"\n")
	te := newTestEnv(t, dir, nil, "config")
	if code := te.run(""); code != 6 {
		t.Fatalf("bad value: exit %d", code)
	}
	if !strings.Contains(te.errOut.String(), "dndsh.toml:1:8: seed: want a non-negative integer") {
		t.Fatalf("stderr: %s", te.errOut.String())
	}
	te.Args = []string{"repl", "--config", "nope.toml"}
	if code := te.run(""); code != 2 {
		t.Fatalf("missing --config file: exit %d", code)
	}
	writeFile(t, dir, "dndsh.toml", "seed = [\n")
	te.Args = []string{"config"}
	if code := te.run(""); code != 3 {
		t.Fatalf("TOML syntax: exit %d: %s", code, te.errOut.String())
	}
	writeFile(t, dir, "dndsh.toml", "scripts = [\"nowhere\"]\n")
	te.Args = []string{"rules"}
	if code := te.run(""); code != 2 || !strings.Contains(te.errOut.String(), "script folder nowhere") {
		t.Fatalf("missing script folder: exit %d: %s", code, te.errOut.String())
	}
}

func TestRepeatedFlagsAccumulate(t *testing.T) {
	c := replCommand()
	o, err := parseArgs(c, []string{"--variant", "a", "--variant=b, c", "--seed", "1", "--seed", "2", "--scripts", "x"})
	if err != nil {
		t.Fatal(err)
	}
	if got := o.list("variant"); strings.Join(got, "|") != "a|b|c" {
		t.Fatalf("variants %q", got)
	}
	if o.str("seed", "") != "2" {
		t.Fatalf("a single-value flag keeps the last value, got %q", o.str("seed", ""))
	}
	if got := o.list("scripts"); len(got) != 1 || got[0] != "x" {
		t.Fatalf("scripts %q", got)
	}
	if o.list("ruleset") != nil {
		t.Fatal("an absent flag has values")
	}
}

func TestLocateKeys(t *testing.T) {
	pos := locateKeys(`a = 1
s = """
fake = 2
"""
[t]
  "quoted key" = 3
[[arr]]
x.y = 4
`)
	checks := map[string]keyPos{"a": {1, 1, 5}, "s": {2, 1, 5}, "t": {5, 2, 2}, "t.quoted key": {6, 3, 18}, "arr": {7, 3, 3}, "arr.x.y": {8, 1, 7}}
	for k, want := range checks {
		if got, ok := pos[k]; !ok || got != want {
			t.Errorf("%s: got %+v (%v), want %+v", k, got, ok, want)
		}
	}
	if _, ok := pos["fake"]; ok {
		t.Error("a line inside a multi-line string was taken for a key")
	}
}
