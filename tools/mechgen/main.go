// Command mechgen lists every mechanic ID of the rules inventories as
// spec/mechanics.tsv, keeping the status and note of IDs already listed.
//
//	go run ./tools/mechgen ../shared/rules spec/mechanics.tsv
//
// Columns: id, system, inventory, layer, status, note. Status is one of
// covered (a spec names it in a "-- covers:" line), todo, left-out (the
// note says why) or info (informational: no mechanic).
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var (
	reID    = regexp.MustCompile(`^(?:- )?\*\*((?:5E|3E|1E|DMG|HB)-[A-Z0-9]+-\d+[a-z]?)[*:]`)
	reLayer = regexp.MustCompile("`(kernel|script:core|script:variant|script:monster|script:[a-z]+)`")
)

var systems = map[string]string{
	"dnd5e-playing-the-game.md": "5e",
	"dnd3e-phb-combat.md":       "3e",
	"dmg-running-the-game.md":   "3e",
	"adnd1e-dmg-combat.md":      "1e",
	"homebrew-d20-combat.md":    "mod5e",
}

type row struct{ id, system, inv, layer, status, note string }

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: mechgen RULES_DIR OUT.tsv")
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
	var rows []row
	seen := map[string]bool{}
	files := make([]string, 0, len(systems))
	for f := range systems {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, inv := range files {
		f, err := os.Open(filepath.Join(os.Args[1], inv))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			m := reID.FindStringSubmatch(line)
			if m == nil || seen[m[1]] {
				continue
			}
			seen[m[1]] = true
			r := row{id: m[1], system: systems[inv], inv: inv, status: "todo"}
			if l := reLayer.FindStringSubmatch(line); l != nil {
				r.layer = l[1]
			}
			if strings.Contains(line, "informational") {
				r.status, r.note = "info", "informational: no mechanic"
			}
			if o, ok := old[r.id]; ok {
				r.status, r.note = o.status, o.note
			}
			rows = append(rows, r)
		}
		f.Close()
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
