// Command mechgen lists every mechanic ID of the rules inventories as
// spec/mechanics.tsv.
//
//	go run ./tools/mechgen ../shared/rules spec/mechanics.tsv [spec]
//
// Every ID an inventory writes is found (scan.go): a line that opens with
// an ID defines it, however it is marked up (a bold paragraph, a list item
// such as "* **3E-MOD-02**:", a heading, a table row), and an ID that is
// only mentioned is still listed, from the first file that mentions it.
//
// Columns: id, system, inventory, layer, status, note. Status is one of
// covered (a spec names it in a "-- covers:" line), todo, left-out (the
// note says why) or info (informational: no mechanic). With a spec folder,
// an ID named by a spec file's "-- covers:" line is marked covered, one
// listed in spec/left-out.tsv (id, tab, reason) is marked left-out with
// that reason, and others go back to todo; without it, statuses already in
// the file are kept.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var reCovers = regexp.MustCompile(`(?m)^--\s*covers\s*:\s*(.*)$`)

var systems = map[string]string{
	"dnd5e-playing-the-game.md": "5e",
	"dnd3e-phb-combat.md":       "3e",
	"dmg-running-the-game.md":   "3e",
	"adnd1e-dmg-combat.md":      "1e",
	"homebrew-d20-combat.md":    "mod5e",
}

type row struct{ id, system, inv, layer, status, note string }

func main() {
	if len(os.Args) != 3 && len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: mechgen RULES_DIR OUT.tsv [SPEC_DIR]")
		os.Exit(2)
	}
	old := map[string]row{}
	if f, err := os.Open(os.Args[2]); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			c := strings.Split(sc.Text(), "\t")
			if len(c) >= 6 && c[0] != "id" {
				old[c[0]] = row{c[0], c[1], c[2], c[3], c[4], c[5]}
			}
		}
		f.Close()
	}
	covered := map[string]bool{}
	leftOut := map[string]string{}
	specs := len(os.Args) > 3
	if specs {
		specDir := os.Args[3]
		_ = filepath.WalkDir(specDir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, "_spec.lua") {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, m := range reCovers.FindAllStringSubmatch(string(b), -1) {
				for _, id := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
					covered[id] = true
				}
			}
			return nil
		})
		if b, err := os.ReadFile(filepath.Join(specDir, "left-out.tsv")); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				id, reason, ok := strings.Cut(line, "\t")
				if ok && !strings.HasPrefix(id, "#") {
					leftOut[strings.TrimSpace(id)] = strings.TrimSpace(reason)
				}
			}
		}
	}
	texts := map[string]string{}
	for inv := range systems {
		b, err := os.ReadFile(filepath.Join(os.Args[1], inv))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		texts[inv] = string(b)
	}
	var rows []row
	for _, fd := range scan(texts) {
		r := row{id: fd.id, system: systems[fd.inv], inv: fd.inv, layer: fd.layer, status: "todo"}
		if fd.info {
			r.status, r.note = "info", "informational: no mechanic"
		}
		if o, ok := old[r.id]; ok && !specs {
			r.status, r.note = o.status, o.note
		}
		if specs && r.status != "info" {
			switch {
			case covered[r.id]:
				r.status, r.note = "covered", ""
			case leftOut[r.id] != "":
				r.status, r.note = "left-out", leftOut[r.id]
			default:
				r.status, r.note = "todo", ""
			}
		}
		rows = append(rows, r)
	}
	out, err := os.Create(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer out.Close()
	fmt.Fprintln(out, "id\tsystem\tinventory\tlayer\tstatus\tnote")
	for _, r := range rows {
		fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\n", r.id, r.system, r.inv, r.layer, r.status, r.note)
	}
}
