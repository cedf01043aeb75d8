package srdgen_test

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/srd"
	"github.com/dndsh/dndsh/runtime/srdgen"
	"github.com/dndsh/dndsh/scripts"
)

func importAll(t *testing.T) *srdgen.Result {
	t.Helper()
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	dir := os.Getenv("DNDSH_DATA")
	if dir == "" {
		wd, _ := os.Getwd()
		dir = srdgen.FindData(filepath.ToSlash(wd), exists)
	}
	if dir == "" {
		t.Skip("no shared/data (the SRD files) above this folder; set DNDSH_DATA")
	}
	res, err := srdgen.Import5e(func(n string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, n)) })
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestShippedScriptsAreCurrent: the scripts under scripts/monsters/5e/srd
// are exactly what the importer writes from the data (regenerate them with
// dndsh import --out scripts).
func TestShippedScriptsAreCurrent(t *testing.T) {
	res := importAll(t)
	if len(res.Refused) != 0 {
		t.Errorf("refused: %v", res.Refused)
	}
	want := map[string][]byte{"index.tsv": srdgen.Index(res.Scripts)}
	for _, s := range res.Scripts {
		want[s.ID+".lua"] = s.Text
	}
	files, _ := fs.Glob(scripts.FS, "monsters/5e/srd/*")
	if len(files) != len(want) {
		t.Errorf("%d files shipped, the importer writes %d: run dndsh import --out scripts", len(files), len(want))
	}
	for _, f := range files {
		got, _ := fs.ReadFile(scripts.FS, f)
		if w, ok := want[path.Base(f)]; !ok || !bytes.Equal(got, w) {
			t.Errorf("%s differs from the importer's output: run dndsh import --out scripts", f)
		}
	}
}

// TestImportCountsAndCrossCheck: every stat block of the SRD 5.2.1 files
// and the SRD 5.1-only ones become scripts; the 2024 JSON agrees with the
// Markdown; a script's status follows its unmodelled list.
func TestImportCountsAndCrossCheck(t *testing.T) {
	res := importAll(t)
	if res.Parsed[srdgen.File521AZ] != 235 || res.Parsed[srdgen.File521Animals] != 95 || res.Parsed[srdgen.FileDB2014] != 334 {
		t.Errorf("parsed %v", res.Parsed)
	}
	if len(res.Scripts) != 330+57 {
		t.Errorf("%d scripts, want 387", len(res.Scripts))
	}
	if len(res.Diffs) != 0 {
		t.Errorf("cross-check differences: %v", res.Diffs)
	}
	full, partial := res.Counts()
	if full+partial != len(res.Scripts) || full == 0 || partial == 0 {
		t.Errorf("counts %d full, %d partial", full, partial)
	}
	by := map[string]*srdgen.Script{}
	for _, s := range res.Scripts {
		by[s.ID] = s
		if s.Full() != (s.Status() == "full") || !bytes.Contains(s.Text, []byte(`modelled = "`+s.Status()+`"`)) {
			t.Errorf("%s: status %s does not match its script", s.ID, s.Status())
		}
		if !bytes.Contains(s.Text, []byte("Creative Commons Attribution 4.0")) {
			t.Errorf("%s: no attribution", s.ID)
		}
	}
	for id, parts := range map[string][]string{
		"wolf":             {`on_hit = { { condition = "prone", max_size = "medium" } }`, `{ ability = "pack_tactics" }`},
		"adult_red_dragon": {`recharge = 5`, `area = "60-foot Cone"`, `legendary = {`, `attack = "Rend"`, `ability = "legendary_resistance", uses = 3`},
		"troll":            {`ability = "regeneration"`, `hp = 15`, `stopped_by = { "acid", "fire" }`, `rises = true`},
		"orc":              {`source = "SRD 5.1"`, `System Reference Document 5.1`},
		"ghoul":            {`hit_save = {`, `only = "creature_that_isn_t_an_undead_or_elf"`, `condition = "paralyzed"`},
		"lich":             {`Spellcasting: spells are not modelled`},
	} {
		s := by[id]
		if s == nil {
			t.Errorf("no script %s", id)
			continue
		}
		for _, p := range parts {
			if !strings.Contains(string(s.Text), p) {
				t.Errorf("%s: the script lacks %s", id, p)
			}
		}
	}
	if by["lich"].Full() || !by["wolf"].Full() {
		t.Errorf("lich full %v, wolf full %v", by["lich"].Full(), by["wolf"].Full())
	}
}

// TestWriterRefusesWhatCannotFight: a stat block without hit points is an
// error of the writer, not a script.
func TestWriterRefusesWhatCannotFight(t *testing.T) {
	if _, err := srdgen.Write5e(&srd.Monster{ID: "x", Name: "X", AC: 10, Sizes: []string{"Small"}}); err == nil {
		t.Error("a stat block with no hit points was written")
	}
}

func import3e(t *testing.T) *srdgen.Result {
	t.Helper()
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	dir := os.Getenv("DNDSH_DATA")
	if dir == "" {
		wd, _ := os.Getwd()
		dir = srdgen.FindData(filepath.ToSlash(wd), exists)
	}
	if dir == "" {
		t.Skip("no shared/data (the SRD files) above this folder; set DNDSH_DATA")
	}
	res, err := srdgen.Import3e(func(n string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, n)) })
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestShipped3eScriptsAreCurrent: the scripts under scripts/monsters/3e/srd
// are exactly what the importer writes from the SRD 3.5 data (regenerate
// them with dndsh import --system 3e --out scripts); only the Psicrystal
// (no hit points of its own) is refused.
func TestShipped3eScriptsAreCurrent(t *testing.T) {
	res := import3e(t)
	if len(res.Refused) != 1 || !strings.Contains(res.Refused[0].Error(), "Psicrystal") || res.Refused[0].Line == 0 {
		t.Errorf("refused: %v", res.Refused)
	}
	want := map[string][]byte{"index.tsv": srdgen.Index(res.Scripts)}
	for _, s := range res.Scripts {
		want[s.ID+".lua"] = s.Text
	}
	files, _ := fs.Glob(scripts.FS, "monsters/3e/srd/*")
	if len(files) != len(want) || len(res.Scripts) != 538 {
		t.Errorf("%d files shipped, the importer writes %d (%d scripts): run dndsh import --system 3e --out scripts", len(files), len(want), len(res.Scripts))
	}
	for _, f := range files {
		got, _ := fs.ReadFile(scripts.FS, f)
		if w, ok := want[path.Base(f)]; !ok || !bytes.Equal(got, w) {
			t.Errorf("%s differs from the importer's output: run dndsh import --system 3e --out scripts", f)
		}
	}
}
