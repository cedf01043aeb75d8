package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"
)

// TestScanEveryWay checks that scan finds an ID however an inventory
// writes it, with its layer and file, and that a mere mention does not
// take an ID away from the file that defines it.
func TestScanEveryWay(t *testing.T) {
	files := map[string]string{
		"a.md": "## 1. Area\n" +
			"**3E-AREA-01: A rule.** src: x. `script:core`. Text that mentions 3E-AREA-09 and DMG-ZZ-01.\n" +
			"* **3E-AREA-02**: a list item, no tag of its own.\n" +
			"* **3E-AREA-03:** another way of bolding.\n" +
			"- **3E-AREA-04** · `kernel` · a dash item with its tag.\n" +
			"1. **3E-AREA-05** a numbered item\n" +
			"## 2. Next\n" +
			"These are `script:monster`.\n" +
			"* **3E-AREA-06:** inherits the paragraph's tag.\n" +
			"### 3E-AREA-07 as a heading\n" +
			"| 3E-AREA-08 | in a table | `kernel` |\n" +
			"**5E-X-01** · `kernel` · informational: no mechanic here\n",
		"b.md": "**DMG-ZZ-01** · `script:core` · defined here, mentioned in a.md first.\n" +
			"See 3E-AREA-01 (defined in a.md).\n",
	}
	want := map[string][2]string{ // id -> inventory, layer
		"3E-AREA-01": {"a.md", "script:core"}, "3E-AREA-02": {"a.md", "script:core"},
		"3E-AREA-03": {"a.md", "script:core"}, "3E-AREA-04": {"a.md", "kernel"},
		"3E-AREA-05": {"a.md", "script:core"}, "3E-AREA-06": {"a.md", "script:monster"},
		"3E-AREA-07": {"a.md", ""}, "3E-AREA-08": {"a.md", "kernel"}, "5E-X-01": {"a.md", "kernel"},
		"DMG-ZZ-01": {"b.md", "script:core"}, "3E-AREA-09": {"a.md", ""},
	}
	got := scan(files)
	if len(got) != len(want) {
		t.Fatalf("found %d IDs, want %d: %+v", len(got), len(want), got)
	}
	for _, f := range got {
		w, ok := want[f.id]
		if !ok {
			t.Errorf("unexpected ID %s", f.id)
			continue
		}
		if f.inv != w[0] || f.layer != w[1] {
			t.Errorf("%s: in %s layer %q, want %s %q", f.id, f.inv, f.layer, w[0], w[1])
		}
		if f.id == "5E-X-01" && !f.info {
			t.Errorf("5E-X-01 is informational")
		}
		if f.id == "3E-AREA-09" && f.defined {
			t.Errorf("3E-AREA-09 is only mentioned")
		}
	}
}

// rulesDir finds the rules inventories (shared/rules in this folder or
// one above it).
func rulesDir() string {
	dir, _ := filepath.Abs(".")
	for i := 0; i < 8; i++ {
		p := filepath.Join(dir, "shared", "rules")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p
		}
		dir = filepath.Dir(dir)
	}
	return ""
}

// TestEveryInventoryID checks scan against the five inventories: every ID
// an inventory writes anywhere is found once, each from the inventory
// that defines it, and the 3.0 inventory's list items (3E-MOD-02..14,
// 3E-MON-01..07) are there with their section's layer.
func TestEveryInventoryID(t *testing.T) {
	dir := rulesDir()
	if dir == "" {
		t.Skip("the rules inventories (shared/rules) are not beside this repository")
	}
	texts := map[string]string{}
	for inv := range systems {
		b, err := os.ReadFile(filepath.Join(dir, inv))
		if err != nil {
			t.Fatal(err)
		}
		texts[inv] = string(b)
	}
	got := scan(texts)
	byID := map[string]found{}
	for _, f := range got {
		if _, dup := byID[f.id]; dup {
			t.Errorf("%s found twice", f.id)
		}
		byID[f.id] = f
	}
	token := regexp.MustCompile(`\b(?:5E|3E|1E|DMG|HB)-[A-Z0-9]+-\d+[a-z]?\b`)
	var names []string
	for inv := range texts {
		names = append(names, inv)
	}
	sort.Strings(names)
	for _, inv := range names {
		for _, id := range token.FindAllString(texts[inv], -1) {
			if _, ok := byID[id]; !ok {
				t.Errorf("%s: %s is not found", inv, id)
			}
		}
	}
	for _, f := range got {
		if !f.defined {
			t.Errorf("%s (%s) is mentioned but defined by no inventory", f.id, f.inv)
		}
	}
	per := map[string]int{}
	for _, f := range got {
		per[f.inv]++
	}
	// dnd3e-phb-combat.md §22 counts its own IDs.
	if n := per["dnd3e-phb-combat.md"]; n != 302 {
		t.Errorf("the 3.0 inventory has %d IDs, its §22 says 302", n)
	}
	for _, id := range []string{"3E-MOD-02", "3E-MOD-14", "3E-MON-01", "3E-MON-07"} {
		f, ok := byID[id]
		if !ok || f.inv != "dnd3e-phb-combat.md" {
			t.Errorf("%s: %+v", id, f)
		}
	}
	if byID["3E-MOD-02"].layer != "script:core" || byID["3E-MON-01"].layer != "script:monster" {
		t.Errorf("list items' layers: MOD-02 %q, MON-01 %q", byID["3E-MOD-02"].layer, byID["3E-MON-01"].layer)
	}
	// The cross-references the DMG inventory makes to 3E IDs stay the PHB's.
	if f := byID["3E-HP-04"]; f.inv != "dnd3e-phb-combat.md" {
		t.Errorf("3E-HP-04 is taken from %s", f.inv)
	}
}
