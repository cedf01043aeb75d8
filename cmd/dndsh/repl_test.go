package main

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
)

// toyScripts is a script folder with a toy rule system: a definition a
// variant overrides and two table commands.
func toyScripts() fs.FS {
	return fstest.MapFS{
		"core/toy/ruleset.lua": {Data: []byte(`return { id = "toy", extends = { "base" }, files = { "toy.lua" }, variants = { "toy.loud" } }`)},
		"core/toy/toy.lua": {Data: []byte(`local rules = require("rules")
rules.define("toy.greeting", "hello")
rules.define("command.attack", function(c)
  return { name = c.name, args = c.args, flags = c.flags, line = c.line }
end)
rules.define("command.greet", function(c)
  return rules.get("toy.greeting") .. " " .. (c.args[1] or "you")
end)
`)},
		"variants/toy/loud.lua": {Data: []byte(`local rules = require("rules")
rules.variant{ id = "toy.loud", system = "toy", implements = { "TOY-01" }, name = { en = "Loud greetings", zh = "大声问候" } }
rules.define("toy.greeting", "HELLO")
`)},
	}
}

func toyDirs() map[string]fs.FS { return map[string]fs.FS{"toy": toyScripts()} }

func TestREPLDiceLineRollsLikeRoll(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "roll", "--seed", "7", "4d6kh3")
	if code := te.run(""); code != 0 {
		t.Fatalf("roll: exit %d: %s", code, te.errOut.String())
	}
	want := te.out.String()
	te.Args = []string{"repl", "--seed", "7"}
	if code := te.run("4d6kh3\n"); code != 0 {
		t.Fatalf("repl: exit %d: %s", code, te.errOut.String())
	}
	if te.out.String() != want {
		t.Fatalf("repl printed %q, roll printed %q", te.out.String(), want)
	}
	// :seed N reseeds the session's dice as --seed N would.
	te.Args = []string{"roll", "--seed", "9", "1d20"}
	te.run("")
	want = te.out.String()
	te.Args = []string{"repl", "--seed", "7"}
	te.run(":seed 9\n1d20\n")
	if got := strings.TrimPrefix(te.out.String(), "dice reseeded with 9\n"); got != want {
		t.Fatalf("after :seed 9 got %q, want %q", got, want)
	}
}

func TestNoCommandStartsTheREPL(t *testing.T) {
	for _, args := range [][]string{nil, {"--seed", "7"}} {
		te := newTestEnv(t, t.TempDir(), nil, args...)
		if code := te.run("x = 2\nx * 21\n"); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, te.errOut.String())
		}
		if te.out.String() != "42\n" {
			t.Fatalf("%q: got %q", args, te.out.String())
		}
	}
}

func TestREPLTableCommands(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), toyDirs(), "repl", "--seed", "1", "--scripts", "toy", "--ruleset", "toy")
	code := te.run(`attack goblin "orc boss" --adv --dc=15 -- --literal
greet Ann
:variant on toy.loud
greet Ann
:variant off toy.loud
greet
`)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	want := `{
  args = {
    "goblin",
    "orc boss",
    "--literal"
  },
  flags = {
    adv = true,
    dc = "15"
  },
  line = "attack goblin \"orc boss\" --adv --dc=15 -- --literal",
  name = "attack"
}
hello Ann
variant toy.loud on; 2 command(s) replayed
HELLO Ann
variant toy.loud off; 3 command(s) replayed
hello you
`
	if te.out.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", te.out.String(), want)
	}
}

func TestREPLFailedInputLeavesNoTrace(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "repl", "--seed", "1")
	code := te.run("x = 1\nx = 2; error('no')\nx\n1d20\n:log 2\n")
	if code != 5 {
		t.Fatalf("exit %d, want 5 (a script error)", code)
	}
	lines := strings.Split(te.out.String(), "\n")
	if lines[0] != "1" {
		t.Fatalf("x after the failed input: %q", lines[0])
	}
	if !strings.Contains(te.errOut.String(), "<input 2>:1: no") {
		t.Fatalf("stderr: %s", te.errOut.String())
	}
	if !strings.Contains(te.errOut.String(), "1 input(s) failed; the first at line 2") {
		t.Fatalf("no summary of the failure: %s", te.errOut.String())
	}
	// The log holds the good inputs only.
	if strings.Contains(te.out.String(), "error('no')") {
		t.Fatalf("the failed input is in the log:\n%s", te.out.String())
	}
}

func TestREPLUndoReplaysTheSameDice(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "repl", "--seed", "3")
	if code := te.run("1d20\n1d100\n:undo\n1d100\n:undo 0\n:undo 5\n"); code != 2 {
		t.Fatalf("exit %d (want 2 for the bad :undo): %s", code, te.errOut.String())
	}
	lines := strings.Split(te.out.String(), "\n")
	if lines[1] != lines[3] || !strings.HasPrefix(lines[1], "1d100 (") {
		t.Fatalf("the roll after :undo differs: %q", lines)
	}
	if lines[2] != `undid "1d100"; 1 input(s) left` {
		t.Fatalf("undo message %q", lines[2])
	}
	if !strings.Contains(te.errOut.String(), "cannot undo 5 command(s): the session has 2") {
		t.Fatalf("stderr: %s", te.errOut.String())
	}
}

func TestREPLSaveAndOpen(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "game.json")
	te := newTestEnv(t, dir, nil, "repl", "--seed", "11")
	code := te.run("x = 3\nfunction f() return x * 2 end\n1d20\n:save " + save + "\n1d20\nf()\n")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(te.out.String()), "\n")
	if len(lines) != 4 || lines[1] != "saved 3 command(s) to "+save+" (rules 5e, seed 11)" {
		t.Fatalf("output %q", lines)
	}
	next := lines[2]
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{`"format": "dndsh-save"`, `"seed": 11`, `"x = 3"`, `"1d20"`, `"config": {"ruleset":"5e","variants":[]}`} {
		if !bytes.Contains(data, []byte(part)) {
			t.Errorf("save file lacks %s:\n%s", part, data)
		}
	}
	// A new session with another seed opens it: the same state and the
	// same next roll.
	te2 := newTestEnv(t, dir, nil, "repl", "--seed", "99")
	if code := te2.run("x = 100\n:open " + save + "\n1d20\nf()\n:seed\n"); code != 0 {
		t.Fatalf("exit %d: %s", code, te2.errOut.String())
	}
	want := "opened " + save + ": 3 command(s) replayed (rules 5e, seed 11)\n" + next + "\n6\nsession seed 11\n"
	if te2.out.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", te2.out.String(), want)
	}
}

// TestREPLSaveAndOpenUseTheEnv: :save and :open reach files only through
// Env.WriteFile and Env.ReadFile (here a map), never the disk.
func TestREPLSaveAndOpenUseTheEnv(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{}
	memEnv := func(args ...string) *testEnv {
		te := newTestEnv(t, dir, nil, args...)
		te.ReadFile = func(p string) ([]byte, error) {
			if b, ok := files[p]; ok {
				return b, nil
			}
			return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
		}
		te.WriteFile = func(p string, b []byte) error { files[p] = bytes.Clone(b); return nil }
		return te
	}
	te := memEnv("repl", "--seed", "5")
	if code := te.run("x = 4\n:save camp.json\n"); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	if !bytes.Contains(files["camp.json"], []byte(`"x = 4"`)) {
		t.Fatalf("the save went elsewhere: %q", files)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf(":save wrote to the disk: %v", ents)
	}
	te2 := memEnv("repl", "--seed", "9")
	if code := te2.run(":open camp.json\nx\n"); code != 0 {
		t.Fatalf("exit %d: %s", code, te2.errOut.String())
	}
	if want := "opened camp.json: 1 command(s) replayed (rules 5e, seed 5)\n4\n"; te2.out.String() != want {
		t.Fatalf("got %q, want %q", te2.out.String(), want)
	}
	te3 := memEnv("repl", "--seed", "9")
	if code := te3.run(":open lost.json\n"); code != 6 {
		t.Fatalf("exit %d, want 6 (bad data): %s", code, te3.errOut.String())
	}
	if msg := te3.errOut.String(); !strings.Contains(msg, "lost.json: cannot read save file: open: file does not exist") || !strings.Contains(msg, "check the path") {
		t.Fatalf("missing file: %s", msg)
	}
	te4 := newTestEnv(t, dir, nil, "repl", "--seed", "9")
	te4.WriteFile = nil
	if code := te4.run(":save camp.json\n"); code != 2 {
		t.Fatalf("exit %d, want 2 (usage) without a file writer: %s", code, te4.errOut.String())
	}
}

func TestREPLOpenRefusesACorruptSave(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "game.json")
	te := newTestEnv(t, dir, nil, "repl", "--seed", "1")
	if code := te.run("x = 1\n:save " + save + "\n"); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	good, _ := os.ReadFile(save)
	cases := []struct {
		name, data, msg string
	}{
		{"truncated", string(good[:len(good)/2]), "save file is truncated"},
		{"damaged", strings.Replace(string(good), `"commands": [`, `"commands": [[`, 1), "save file is not valid JSON"},
		{"foreign", `{"format": "other", "version": 1}`, "not a dndsh save file"},
		{"newer", `{"format": "dndsh-save", "version": 99, "seed": 1}`, "written by a newer dndsh"},
		{"empty", "", "save file is empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name+".json")
			if err := os.WriteFile(p, []byte(c.data), 0o600); err != nil {
				t.Fatal(err)
			}
			before, _ := os.Stat(p)
			te := newTestEnv(t, dir, nil, "repl", "--seed", "1")
			code := te.run("x = 7\n:open " + p + "\nx\n")
			if code != 6 {
				t.Fatalf("exit %d, want 6 (bad data): %s", code, te.errOut.String())
			}
			stderr := te.errOut.String()
			if !strings.Contains(stderr, c.msg) || !strings.Contains(stderr, p) || !strings.Contains(stderr, "the file was not changed") {
				t.Fatalf("message lacks %q, the path or the reassurance:\n%s", c.msg, stderr)
			}
			if te.out.String() != "7\n" {
				t.Fatalf("the session changed: %q", te.out.String())
			}
			after, err := os.ReadFile(p)
			if err != nil || string(after) != c.data {
				t.Fatalf("the file changed on disk (%v)", err)
			}
			st, _ := os.Stat(p)
			if !st.ModTime().Equal(before.ModTime()) || st.Mode() != before.Mode() {
				t.Fatal("the file's time or mode changed")
			}
		})
	}
}

func TestREPLInterruptCancelsTheCommandOnly(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "repl", "--seed", "1")
	// Ctrl-C arrives while the second command runs.
	calls := 0
	te.Interrupt = func(parent context.Context) (context.Context, context.CancelFunc) {
		calls++
		if calls == 2 {
			return cancelledInterrupt(parent)
		}
		return context.WithCancel(parent)
	}
	code := te.run("x = 1\nwhile true do end\nx + 1\n")
	if code != 130 {
		t.Fatalf("exit %d, want 130 (interrupted): %s", code, te.errOut.String())
	}
	if !strings.Contains(te.errOut.String(), "interrupted") {
		t.Fatalf("stderr: %s", te.errOut.String())
	}
	if te.out.String() != "2\n" {
		t.Fatalf("the REPL did not go on: %q", te.out.String())
	}
}

func TestREPLTimeoutBudget(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "dndsh.toml", "[budgets]\ntimeout = \"500ms\"\nmax_dice = 5\n")
	te := newTestEnv(t, dir, nil, "repl", "--seed", "1")
	code := te.run("while true do end\n6d6\n5d6\n")
	if code != 4 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	stderr := te.errOut.String()
	if !strings.Contains(stderr, "time budget") || !strings.Contains(stderr, "more than 5 dice") {
		t.Fatalf("stderr: %s", stderr)
	}
	if !strings.HasPrefix(te.out.String(), "5d6 (") {
		t.Fatalf("stdout: %q", te.out.String())
	}
}

func TestREPLQuitStopsReading(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "repl", "--seed", "1")
	if code := te.run("1d6\n:quit\nnosuch()\n"); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	if te.errOut.Len() != 0 {
		t.Fatalf("input after :quit ran: %s", te.errOut.String())
	}
}

func TestREPLIncompleteAtEnd(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "repl", "--seed", "1")
	if code := te.run("function f()\n  return 1\n"); code != 3 {
		t.Fatalf("exit %d, want 3 (syntax): %s", code, te.errOut.String())
	}
	if !strings.Contains(te.errOut.String(), "end of the input") {
		t.Fatalf("stderr: %s", te.errOut.String())
	}
}

func TestREPLRulesetAndLoad(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "extra.lua", `rules.define("command.shout", function(c) return string.upper(c.args[1]) end)`)
	te := newTestEnv(t, dir, toyDirs(), "repl", "--seed", "1", "--scripts", "toy")
	code := te.run(`:load extra.lua
shout hi
:ruleset toy
greet Bo
shout again
:ruleset nope
greet Cy
:load missing.lua
:rules toy.greeting
`)
	if code != 7 {
		t.Fatalf("exit %d (want 7 for the unknown ruleset): %s", code, te.errOut.String())
	}
	want := `loaded extra.lua
HI
rule system toy; 2 command(s) replayed
hello Bo
AGAIN
hello Cy
toy.greeting: defined by layer toy (core/toy/toy.lua)
`
	out := te.out.String()
	if !strings.HasPrefix(out, want) {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
	stderr := te.errOut.String()
	for _, s := range []string{`no rule system "nope"`, "cannot read missing.lua"} {
		if !strings.Contains(stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, stderr)
		}
	}
}

func TestREPLHelp(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), toyDirs(), "repl", "--seed", "1", "--scripts", "toy", "--ruleset", "toy")
	if code := te.run(":help\n:help tour\n:help undo\n:help dice\n:help rules\n:help :rules\n:help lua\n:ruleset\n"); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	out := te.out.String()
	for _, s := range []string{":undo [N]", "Table commands: add area attack cond damage end greet heal init map monsters move next order place save segment show", "A two-minute tour", "keep/drop highest/lowest",
		"rules.define(name, value)", ":rules [NAME]\n", "Anything that is not dice", "rule system: toy (available: "} {
		if !strings.Contains(out, s) {
			t.Errorf("help lacks %q", s)
		}
	}
}

func TestCompleter(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), toyDirs(), "repl", "--seed", "1", "--scripts", "toy", "--ruleset", "toy")
	r := startREPL(t, te)
	r.loop(newPlainReader(strings.NewReader("goblin_hp = 7\n")))
	c := completer{r}
	tests := []struct {
		line string
		want []string
	}{
		{":un", []string{":undo"}},
		{"dice.ro", []string{"dice.roll"}},
		{"gre", []string{"greet"}},
		{"gob", []string{"goblin_hp"}},
		{":variant on toy.", []string{"toy.loud"}},
		{":variant o", []string{"off", "on"}},
		{":help tou", []string{"tour"}},
		{":ruleset t", []string{"toy"}},
		{"x = gre", nil}, // commands only as the first word
	}
	for _, tt := range tests {
		cands, n := c.Do([]rune(tt.line), len([]rune(tt.line)))
		word := tt.line[strings.LastIndexAny(tt.line, " ")+1:]
		if n != len(word) {
			t.Errorf("%q: length %d, want %d", tt.line, n, len(word))
		}
		var got []string
		for _, s := range cands {
			got = append(got, word+string(s))
		}
		sort.Strings(got)
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%q: got %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestSplitWords(t *testing.T) {
	got, err := splitWords(`attack "goblin boss" 'x y'  --adv ""`)
	if err != nil || strings.Join(got, "|") != "attack|goblin boss|x y|--adv|" {
		t.Fatalf("got %q %v", got, err)
	}
	if _, err := splitWords(`say "unclosed`); err == nil {
		t.Fatal("an unclosed quote is accepted")
	}
}

// TestCompleterTableArgs: table command arguments complete to the fight's
// creatures, and `add` to the rule system's monsters, hand-written and
// imported (each id once).
func TestCompleterTableArgs(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "repl", "--seed", "1", "--ruleset", "5e")
	r := startREPL(t, te)
	r.loop(newPlainReader(strings.NewReader("add goblin x2\n")))
	c := completer{r}
	for _, tt := range []struct{ line, want string }{
		{"attack gob", "goblin1,goblin2"},
		{"add og", "ogre,ogre_zombie"},
		{"add young_r", "young_red_dragon"},
		{"add adult_re", "adult_red_dragon"},
		{"add will", "will_o_wisp"},
		{"add fi", "fighter,fire_elemental,fire_giant"}, // a ready-made character and monsters
		{"save goblin1 d", "dex"},                       // after save NAME: abilities
		{"save goblin1 dex 12 fi", "fire"},              // then a damage type
		{"cond add goblin2 pr", "prone"},                // after cond add NAME: conditions
		{"cond r", "remove"},                            // its subcommands
		{"attack goblin1 goblin2 --w", "--with"},        // flags
		{"cond add goblin1 prone --by gob", "goblin1,goblin2"},
		{"area co", "cone"},
	} {
		cands, _ := c.Do([]rune(tt.line), len([]rune(tt.line)))
		word := tt.line[strings.LastIndex(tt.line, " ")+1:]
		var got []string
		for _, s := range cands {
			got = append(got, word+string(s))
		}
		sort.Strings(got)
		if strings.Join(got, ",") != tt.want {
			t.Errorf("%q: got %v, want %s", tt.line, got, tt.want)
		}
	}
}

func TestREPLReadOnlyCommandsAreNoUndoSteps(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "field.txt", "......\n..#...\n\n......\n")
	te := newTestEnv(t, dir, nil, "repl", "--seed", "1", "--ruleset", "5e")
	in := "add goblin\nmap load field.txt\norder\nmap\ncond list\nmonsters gob\n:undo\n:save s.json\n"
	if code := te.run(in); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	out := te.out.String()
	if !strings.Contains(out, `undid "map rows '......' '..#...' '......'"; 1 input(s) left`) {
		t.Fatalf(":undo takes back the map (read-only commands are no steps), kept as rows:\n%s", out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "s.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"order", "monsters", "cond list"} {
		if strings.Contains(string(data), `"`+s) {
			t.Errorf("the saved session holds the read-only %q:\n%s", s, data)
		}
	}
	if code := te.run("add goblin\nmap load nosuch.txt\n"); code == 0 || !strings.Contains(te.errOut.String(), "cannot read nosuch.txt") {
		t.Fatalf("a missing map file: exit %d: %s", code, te.errOut.String())
	}
}

func TestREPLSuggestsTheCommand(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "repl", "--seed", "1", "--ruleset", "5e")
	code := te.run("add goblin\natack goblin1 goblin1\nnxt\nmyvar = 3\nmyvar goblin1\n")
	if code == 0 {
		t.Fatal("the mistyped commands did not fail")
	}
	errOut := te.errOut.String()
	for _, s := range []string{`unknown command "atack"; did you mean attack?`, "usage: attack A B", `unknown command "nxt"; did you mean next?`} {
		if !strings.Contains(errOut, s) {
			t.Errorf("stderr lacks %q:\n%s", s, errOut)
		}
	}
	if strings.Contains(errOut, `unknown command "myvar"`) {
		t.Errorf("a Lua global is no mistyped command:\n%s", errOut)
	}
}

func TestResolveLang(t *testing.T) {
	env := func(lang string) *Env {
		return &Env{Getenv: func(k string) string {
			if k == "LANG" {
				return lang
			}
			return ""
		}}
	}
	for _, c := range []struct{ lang, locale, want string }{
		{"en", "zh_CN.UTF-8", "en"}, {"", "", "en"}, {"zh-Hans", "zh_TW", "zh-Hans"},
		{"zh", "zh_CN.UTF-8", "zh-Hans"}, {"zh", "zh_SG", "zh-Hans"}, {"zh", "zh_TW.UTF-8", "zh-Hant"},
		{"zh", "en_US.UTF-8", "zh-Hant"}, {"zh", "", "zh-Hant"},
	} {
		if got := resolveLang(env(c.locale), c.lang); got != c.want {
			t.Errorf("lang %q under LANG=%q: %q, want %q", c.lang, c.locale, got, c.want)
		}
	}
}

// TestREPLAdds3eImported: at a 3e table, add finds the imported SRD 3.5
// monsters by id and by name (the hand-written troll wins over the
// imported one), and completion offers them.
func TestREPLAdds3eImported(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "repl", "--seed", "1", "--ruleset", "3e")
	r := startREPL(t, te)
	r.loop(newPlainReader(strings.NewReader("add troll_skeleton\nadd Aboleth\nadd troll\n")))
	out := te.out.String() + te.errOut.String()
	for _, want := range []string{"added troll_skeleton1 to foes (HP 39, AC 14)", "added aboleth1 to foes (HP 76, AC 16)",
		"added troll1 to foes (HP 63, AC 18)"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	cands, _ := completer{r}.Do([]rune("add troll_sk"), len("add troll_sk"))
	if len(cands) != 1 || "troll_sk"+string(cands[0]) != "troll_skeleton" {
		t.Errorf("completion of add troll_sk: %q", cands)
	}
}

// startREPL starts the REPL te's arguments ask for, closed when t ends.
func startREPL(t *testing.T, te *testEnv) *repl {
	t.Helper()
	o, err := parseArgs(replCommand(), te.Args[1:])
	if err != nil {
		t.Fatal(err)
	}
	r, err := newREPL(te.Env, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.close)
	return r
}
