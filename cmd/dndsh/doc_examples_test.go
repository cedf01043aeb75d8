package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docSessions returns the REPL sessions a Markdown text shows as fenced
// blocks of the info string "dndsh-session" (the transcript format of
// docs/repl.md: "> input" lines and the output; "# args:" header lines),
// with the line each starts at.
func docSessions(text string) (blocks []string, lines []int) {
	var cur []string
	in, start := false, 0
	for i, l := range strings.Split(text, "\n") {
		switch {
		case !in && strings.TrimSpace(l) == "```dndsh-session":
			in, cur, start = true, nil, i+2
		case in && strings.TrimSpace(l) == "```":
			in = false
			blocks = append(blocks, strings.Join(cur, "\n")+"\n")
			lines = append(lines, start)
		case in:
			cur = append(cur, l)
		}
	}
	return blocks, lines
}

// TestDocExamples runs every REPL session the documentation shows
// (README.md and docs/*.md, blocks fenced as dndsh-session) and compares
// what the REPL prints with the page, as the transcripts are compared, so
// the examples stay true. The sessions run in the repository's root folder.
func TestDocExamples(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "../../README.md")
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		blocks, starts := docSessions(string(data))
		for i, b := range blocks {
			total++
			name := fmt.Sprintf("%s:%d", filepath.Base(f), starts[i])
			t.Run(name, func(t *testing.T) {
				want := parseTranscript(b)
				wantText, gotText, code, wantFail := replay(t, want, root)
				if strings.Join(wantText, "\n") != strings.Join(gotText, "\n") {
					t.Errorf("%s: the example differs from what the REPL prints (- page, + REPL):\n%s", name, lineDiff(wantText, gotText))
				}
				if (code != 0) != wantFail {
					t.Errorf("%s: exit code %d; the example expects a failure: %v", name, code, wantFail)
				}
			})
		}
	}
	if total < 5 {
		t.Fatalf("the documentation shows %d REPL sessions; docs/repl.md alone has more", total)
	}
}

// TestTutorialMonsterFile follows the instructions of the tutorial example
// (examples/5e/write_your_own_monster.lua): its requires and steps 1 to 4,
// ended with "return hound", make a monster file that an encounter and the
// REPL's table can use.
func TestTutorialMonsterFile(t *testing.T) {
	src, err := os.ReadFile("../../examples/5e/write_your_own_monster.lua")
	if err != nil {
		t.Fatal(err)
	}
	head, _, ok := strings.Cut(string(src), "-- 5. The encounter")
	if !ok || !strings.Contains(string(src), "up to step 5") {
		t.Fatal("the tutorial no longer says to copy it up to step 5, or has no step 5")
	}
	dir := t.TempDir()
	writeFile(t, dir, "mine/monsters/5e/ember_hound.lua", head+"return hound\n")
	writeFile(t, dir, "enc.lua", "-- ruleset: 5e\nlocal fight = require(\"fight\")\nreturn fight.encounter{ sides = {\n"+
		"  { name = \"party\", members = { { monster = \"goblin\", count = 3 } } },\n"+
		"  { name = \"hounds\", members = { { monster = \"ember_hound\" } } } } }\n")
	te := newTestEnv(t, dir, nil, "run", "--seed", "1", "--scripts", "mine", "enc.lua")
	if code := te.run(""); code != 0 {
		t.Fatalf("run with the tutorial's monster file: exit %d: %s", code, te.errOut.String())
	}
	if !strings.Contains(te.out.String(), "ember_hound") {
		t.Fatalf("the hound is not in the fight:\n%s", te.out.String())
	}
	te = newTestEnv(t, dir, nil, "repl", "--seed", "1", "--ruleset", "5e", "--scripts", "mine")
	if code := te.run("add ember_hound x2\n"); code != 0 || !strings.Contains(te.out.String(), "added ember_hound1, ember_hound2") {
		t.Fatalf("add ember_hound: exit %d: %s%s", code, te.out.String(), te.errOut.String())
	}
}

// luaBlocks returns the fenced lua blocks of a Markdown text.
func luaBlocks(text string) []string {
	var out, cur []string
	in := false
	for _, l := range strings.Split(text, "\n") {
		switch {
		case !in && strings.TrimSpace(l) == "```lua":
			in, cur = true, nil
		case in && strings.TrimSpace(l) == "```":
			in = false
			out = append(out, strings.Join(cur, "\n")+"\n")
		case in:
			cur = append(cur, l)
		}
	}
	return out
}

// TestDocLuaExamplesRun: the Lua the documentation shows runs. A block
// that names a monster file in its first line ("-- scripts/monsters/5e/
// my_ogre.lua") is that monster file: the REPL's table adds it and it
// fights; any other block is :load-ed into a 5e session.
func TestDocLuaExamplesRun(t *testing.T) {
	files, _ := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range luaBlocks(string(data)) {
			n++
			name := fmt.Sprintf("%s#%d", filepath.Base(f), i+1)
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				first, _, _ := strings.Cut(b, "\n")
				var in string
				if m := strings.TrimPrefix(strings.Fields(first + " x")[1], "scripts/"); strings.HasPrefix(first, "-- scripts/monsters/5e/") {
					id := strings.TrimSuffix(filepath.Base(m), ".lua")
					writeFile(t, dir, "mine/"+m, b)
					in = "add " + id + "\nadd goblin\ninit\nattack " + id + "1 goblin1\n"
				} else {
					writeFile(t, dir, "block.lua", b)
					writeFile(t, dir, "mine/.keep", "")
					in = ":load block.lua\n"
				}
				te := newTestEnv(t, dir, nil, "repl", "--seed", "1", "--ruleset", "5e", "--scripts", "mine")
				if code := te.run(in); code != 0 {
					t.Fatalf("%s: exit %d:\n%s%s", name, code, te.out.String(), te.errOut.String())
				}
			})
		}
	}
	if n < 2 {
		t.Fatalf("%d Lua examples in the documentation; README.md and docs/repl.md have some", n)
	}
}
