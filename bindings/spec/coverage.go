package spec

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Mechanic is one row of spec/mechanics.tsv.
type Mechanic struct {
	ID, System, Inventory, Layer, Status, Note string
}

// ReadMechanics parses spec/mechanics.tsv.
func ReadMechanics(r io.Reader) ([]Mechanic, error) {
	var out []Mechanic
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		if line == 1 || strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 6 {
			return nil, fmt.Errorf("mechanics.tsv:%d: want 6 tab-separated columns, got %d", line, len(c))
		}
		m := Mechanic{c[0], c[1], c[2], c[3], c[4], c[5]}
		switch m.Status {
		case "covered", "todo", "info":
		case "left-out":
			if strings.TrimSpace(m.Note) == "" {
				return nil, fmt.Errorf("mechanics.tsv:%d: %s is left out without a reason in the note column", line, m.ID)
			}
		default:
			return nil, fmt.Errorf("mechanics.tsv:%d: unknown status %q (covered, todo, left-out, info)", line, m.Status)
		}
		out = append(out, m)
	}
	return out, sc.Err()
}

// Coverage compares the mechanics list with the IDs the spec files name.
type Coverage struct {
	Problems []string // IDs marked covered that no spec names; IDs named that are unknown or not marked covered
	// PerSystem counts by system: covered, todo, left-out, info.
	PerSystem map[string]map[string]int
}

// Check computes the coverage of mechanics by the covers of the spec files
// (file name -> IDs).
func Check(mechs []Mechanic, covers map[string][]string) Coverage {
	c := Coverage{PerSystem: map[string]map[string]int{}}
	byID := map[string]*Mechanic{}
	for i := range mechs {
		m := &mechs[i]
		byID[m.ID] = m
		if c.PerSystem[m.System] == nil {
			c.PerSystem[m.System] = map[string]int{}
		}
		c.PerSystem[m.System][m.Status]++
	}
	named := map[string][]string{}
	files := make([]string, 0, len(covers))
	for f := range covers {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		for _, id := range covers[f] {
			named[id] = append(named[id], f)
			m := byID[id]
			switch {
			case m == nil:
				c.Problems = append(c.Problems, fmt.Sprintf("%s names unknown mechanic ID %s", f, id))
			case m.Status != "covered":
				c.Problems = append(c.Problems, fmt.Sprintf("%s covers %s, which mechanics.tsv marks %s: mark it covered", f, id, m.Status))
			}
		}
	}
	for _, m := range mechs {
		if m.Status == "covered" && len(named[m.ID]) == 0 {
			c.Problems = append(c.Problems, fmt.Sprintf("%s is marked covered but no spec names it", m.ID))
		}
	}
	return c
}

// Report renders coverage per system.
func (c Coverage) Report() string {
	var b strings.Builder
	systems := make([]string, 0, len(c.PerSystem))
	for s := range c.PerSystem {
		systems = append(systems, s)
	}
	sort.Strings(systems)
	fmt.Fprintf(&b, "%-6s %8s %8s %8s %6s %8s\n", "system", "covered", "todo", "left-out", "info", "coverage")
	for _, s := range systems {
		m := c.PerSystem[s]
		total := m["covered"] + m["todo"] + m["left-out"]
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(m["covered"]+m["left-out"]) / float64(total)
		}
		fmt.Fprintf(&b, "%-6s %8d %8d %8d %6d %7.1f%%\n", s, m["covered"], m["todo"], m["left-out"], m["info"], pct)
	}
	return b.String()
}
