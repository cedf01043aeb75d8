package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/srdgen"
)

// dataDir finds shared/data (the SRD files) above the repository; tests of
// the import skip when it is not on this machine.
func dataDir(t *testing.T) string {
	t.Helper()
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	wd, _ := os.Getwd()
	d := srdgen.FindData(filepath.ToSlash(wd), exists)
	if d == "" {
		t.Skip("no shared/data above this folder")
	}
	return d
}

// TestImportWritesScriptsAndCounts: dndsh import --out DIR writes the
// scripts and the index, reports the counts, and exits 0.
func TestImportWritesScriptsAndCounts(t *testing.T) {
	data := dataDir(t)
	dir := t.TempDir()
	te := newTestEnv(t, dir, nil, "import", "--data", data, "--out", "out")
	te.WriteFile = func(p string, b []byte) error { return os.WriteFile(filepath.Join(dir, p), b, 0o644) }
	te.MkdirAll = func(p string) error { return os.MkdirAll(filepath.Join(dir, p), 0o755) }
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	out := te.out.String()
	for _, want := range []string{"read srd-5.2.1/monsters-A-Z.md", "235 stat blocks", "57 imported from 5.1",
		"3 stat blocks, 79 fields compared, 0 differ", "wrote 387 monster scripts", "imported 387 of 387 stat blocks", "0 refused"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "out/monsters/5e/srd/adult_red_dragon.lua"))
	if err != nil || !strings.Contains(string(b), "bestiary.monster") {
		t.Errorf("no script written: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out/monsters/5e/srd/index.tsv")); err != nil {
		t.Errorf("no index: %v", err)
	}
}

// TestImportRefusesMalformedAndGoesOn: a data folder whose Markdown has a
// broken stat block: it is named with its file and line, the others are
// imported, and the exit code is 6.
func TestImportRefusesMalformedAndGoesOn(t *testing.T) {
	data := dataDir(t)
	dir := t.TempDir()
	for _, f := range srdgen.Files5e {
		b, err := os.ReadFile(filepath.Join(data, f))
		if err != nil {
			t.Fatal(err)
		}
		if f == srdgen.File521Animals {
			// break the Ape's AC line
			b = []byte(strings.Replace(string(b), "## Ape\n\n_Medium Beast, Unaligned_\n\n**AC** 12", "## Ape\n\n_Medium Beast, Unaligned_\n\n**AC** twelve", 1))
		}
		writeFile(t, dir, "data/"+f, string(b))
	}
	te := newTestEnv(t, dir, nil, "import", "--data", "data", "--check")
	code := te.run("")
	if code != 6 {
		t.Fatalf("exit %d, want 6 (a stat block refused): %s", code, te.errOut.String())
	}
	if e := te.errOut.String(); !strings.Contains(e, "refused animals.md:") || !strings.Contains(e, "Ape: cannot read the AC line") {
		t.Errorf("the refusal does not name the stat block and line:\n%s", e)
	}
	if o := te.out.String(); !strings.Contains(o, "imported 386 of 387 stat blocks") || !strings.Contains(o, "1 refused") {
		t.Errorf("counts:\n%s", o)
	}
}

// TestImport3eWritesScripts: the SRD 3.5 file is read and checked; --out
// writes a script per stat block and the index; the counts are printed
// and the one refused record (Psicrystal, no hit points of its own) is
// named with its line, so the exit code is 6.
func TestImport3eWritesScripts(t *testing.T) {
	data := dataDir(t)
	te := newTestEnv(t, t.TempDir(), nil, "import", "--system", "3e", "--data", data, "--check")
	if code := te.run(""); code != 6 || !strings.Contains(te.out.String(), "538 stat blocks read (446 core, 32 psionic, 60 epic)") ||
		!strings.Contains(te.errOut.String(), "srd35-monsters.json:59386: Psicrystal") {
		t.Errorf("exit %d:\n%s%s", code, te.out.String(), te.errOut.String())
	}
	dir := t.TempDir()
	te = newTestEnv(t, dir, nil, "import", "--system", "3e", "--data", data, "--out", "out")
	te.WriteFile = func(p string, b []byte) error { return os.WriteFile(filepath.Join(dir, p), b, 0o644) }
	te.MkdirAll = func(p string) error { return os.MkdirAll(filepath.Join(dir, p), 0o755) }
	code := te.run("")
	out := te.out.String()
	if code != 6 || !strings.Contains(out, "wrote 538 monster scripts") || !strings.Contains(out, "imported 538 of 539 stat blocks: ") ||
		!strings.Contains(out, "partly modelled; 1 refused") {
		t.Errorf("exit %d:\n%s%s", code, out, te.errOut.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "out/monsters/3e/srd/troll.lua"))
	if err != nil || !strings.Contains(string(b), "bestiary.monster") || !strings.Contains(string(b), "System Reference Document Copyright 2000-2003") {
		t.Errorf("no troll script written: %v", err)
	}
}

// TestMonstersLists: filters by text, CR range and type; hand-written
// monsters win over imported ones of the same id.
func TestMonstersLists(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "monsters", "dragon", "--cr", "10..17", "--type", "dragon")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	out := te.out.String()
	if !strings.Contains(out, "adult_red_dragon") || !strings.Contains(out, "young_red_dragon             Young Red Dragon 青年紅龍") ||
		strings.Contains(out, "ancient_red_dragon") || strings.Contains(out, "wyrmling") || !strings.Contains(out, "13 monsters") {
		t.Errorf("listing:\n%s", out)
	}
	if strings.Count(out, "young_red_dragon ") != 1 || !strings.Contains(out, "hand-written") {
		t.Errorf("the hand-written young_red_dragon should replace the imported one:\n%s", out)
	}
	te = newTestEnv(t, t.TempDir(), nil, "monsters", "紅龍")
	if code := te.run(""); code != 0 || !strings.Contains(te.out.String(), "ancient_red_dragon           Ancient Red Dragon 遠古紅龍") ||
		!strings.Contains(te.out.String(), "4 monsters") {
		t.Errorf("by Chinese name: exit %d:\n%s", code, te.out.String())
	}
	te = newTestEnv(t, t.TempDir(), nil, "monsters", "lich", "--unmodelled")
	if code := te.run(""); code != 0 || !strings.Contains(te.out.String(), "- Spellcasting: spells are not modelled") {
		t.Errorf("exit %d:\n%s", code, te.out.String())
	}
	te = newTestEnv(t, t.TempDir(), nil, "monsters", "--cr", "one")
	if code := te.run(""); code != 2 || !strings.Contains(te.errOut.String(), "--cr \"one\"") {
		t.Errorf("a bad --cr: exit %d %s", code, te.errOut.String())
	}
	te = newTestEnv(t, t.TempDir(), nil, "monsters", "nothing-is-called-this")
	if code := te.run(""); code != 7 {
		t.Errorf("no match: exit %d", code)
	}
}

// TestMonsterPrintsTheStatBlock: by name or id, in the SRD's layout, with
// what the script models; an unknown name suggests the near ones.
func TestMonsterPrintsTheStatBlock(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), nil, "monster", "Adult", "Red", "Dragon")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	out := te.out.String()
	for _, want := range []string{"Adult Red Dragon  成年紅龍\nHuge Dragon (Chromatic), Chaotic Evil\n", "AC 19    Initiative +12 (22)",
		"HP 256 (19d12 + 133)", "Str  27   +8   +8", "CR 17 (XP 18,000, or 20,000 in lair; PB +6)",
		"Fire Breath (Recharge 5-6). Dexterity Saving Throw: DC 21", "Legendary Actions\nLegendary Action Uses: 3",
		"In fights: partly modelled", "- Spellcasting: spells are not modelled"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	te = newTestEnv(t, t.TempDir(), nil, "monster", "red dragon")
	if code := te.run(""); code != 7 || !strings.Contains(te.errOut.String(), "did you mean") ||
		!strings.Contains(te.errOut.String(), "adult_red_dragon") {
		t.Errorf("exit %d: %s", code, te.errOut.String())
	}
}

// TestBalance plays a party against groups of a monster: the figures are
// the same under -j 1 and -j 2, the XP budget is printed next to them.
func TestBalance(t *testing.T) {
	party := "../../examples/5e/parties/level5.lua"
	run := func(jobs string) string {
		te := newTestEnv(t, ".", nil, "balance", party, "goblin_warrior", "--seed", "3", "-n", "60", "-j", jobs, "--counts", "4,12")
		if code := te.run(""); code != 0 {
			t.Fatalf("exit %d: %s", code, te.errOut.String())
		}
		return te.out.String()
	}
	a, b := run("1"), run("2")
	if a != b {
		t.Errorf("-j 1 and -j 2 differ:\n%s", lineDiff(strings.Split(a, "\n"), strings.Split(b, "\n")))
	}
	for _, want := range []string{"levels 5, 5, 5, 5", "XP budget of the party (core/5e/difficulty.lua): Low 2000, Moderate 3000, High 4400",
		"    4 ", "   12 ", "200  Low", "600  Low", "largest group beaten at the 90% target"} {
		if !strings.Contains(a, want) {
			t.Errorf("output lacks %q:\n%s", want, a)
		}
	}
	te := newTestEnv(t, ".", nil, "balance", party, "goblin_warrior", "--target", "2")
	if code := te.run(""); code != 2 {
		t.Errorf("--target 2: exit %d", code)
	}
}
