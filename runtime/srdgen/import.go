package srdgen

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/srd"
)

// Data files of the 5e import, relative to the data folder (shared/data).
const (
	File521AZ      = "srd-5.2.1/monsters-A-Z.md"
	File521Animals = "srd-5.2.1/animals.md"
	FileDB2014     = "5e-database/2014/5e-SRD-Monsters.json"
	FileDB2024     = "5e-database/2024/5e-SRD-Monsters.json"
	File35         = "srd-3.5/srd35-monsters.json"
)

// Files5e are the files a 5e import reads, in order.
var Files5e = []string{File521AZ, File521Animals, FileDB2014, FileDB2024}

// Result is what an import made of its files.
type Result struct {
	Scripts []*Script
	Refused []*errs.Error
	// Checks are the cross-checks made (one line each) and Diffs the
	// fields that disagree.
	Checks []string
	Diffs  []string
	// Parsed counts the stat blocks read per file.
	Parsed map[string]int
}

// Counts returns how many scripts model their stat block fully and how
// many partly.
func (r *Result) Counts() (full, partial int) {
	for _, s := range r.Scripts {
		if s.Full() {
			full++
		} else {
			partial++
		}
	}
	return
}

// Import5e reads the SRD 5.2.1 Markdown (the primary source), the SRD 5.1
// JSON (for the stat blocks 5.2.1 does not have, such as the Orc and the
// lycanthropes' forms) and the 5.2.1 JSON (a cross-check of the three
// stat blocks it holds), and writes a script per stat block. read returns
// a data file's bytes by its path relative to the data folder; a file it
// cannot read is an error of the import, not of a stat block.
func Import5e(read func(name string) ([]byte, error)) (*Result, error) {
	res := &Result{Parsed: map[string]int{}}
	var primary []*srd.Monster
	for _, f := range []string{File521AZ, File521Animals} {
		b, err := read(f)
		if err != nil {
			return nil, err
		}
		ms, bad := srd.ParseMarkdown(path.Base(f), b)
		res.Parsed[f] = len(ms)
		res.Refused = append(res.Refused, bad...)
		primary = append(primary, ms...)
	}
	names := map[string]*srd.Monster{}
	for _, m := range primary {
		names[strings.ToLower(m.Name)] = m
	}
	// a refused SRD 5.2.1 stat block is not replaced by its SRD 5.1 namesake
	refused := map[string]bool{}
	for _, e := range res.Refused {
		for _, d := range e.During {
			refused[strings.ToLower(strings.TrimPrefix(d, "stat block "))] = true
		}
	}
	b, err := read(FileDB2014)
	if err != nil {
		return nil, err
	}
	old, bad := srd.ParseDB("5e-SRD-Monsters.json (2014)", srd.SRD51, b)
	res.Parsed[FileDB2014] = len(old)
	res.Refused = append(res.Refused, bad...)
	all := append([]*srd.Monster{}, primary...)
	shared := 0
	for _, m := range old {
		if names[strings.ToLower(m.Name)] != nil || refused[strings.ToLower(m.Name)] {
			shared++
			continue
		}
		all = append(all, m)
	}
	res.Checks = append(res.Checks, fmt.Sprintf("SRD 5.1 (5e-database 2014): %d stat blocks, %d with a name SRD 5.2.1 has (the 5.2.1 one is used), %d imported from 5.1",
		len(old), shared, len(old)-shared))
	if b, err = read(FileDB2024); err != nil {
		return nil, err
	}
	cross, bad := srd.ParseDB("5e-SRD-Monsters.json (2024)", srd.SRD521, b)
	res.Parsed[FileDB2024] = len(cross)
	res.Refused = append(res.Refused, bad...)
	fields := 0
	for _, c := range cross {
		m := names[strings.ToLower(c.Name)]
		if m == nil {
			res.Diffs = append(res.Diffs, fmt.Sprintf("%s: in the 2024 JSON but not in the Markdown", c.Name))
			continue
		}
		n, d := Compare(m, c)
		fields += n
		res.Diffs = append(res.Diffs, d...)
	}
	res.Checks = append(res.Checks, fmt.Sprintf("SRD 5.2.1 Markdown against the 5e-database 2024 JSON: %d stat blocks, %d fields compared, %d differ",
		len(cross), fields, len(res.Diffs)))
	ids := map[string]string{}
	for _, m := range all {
		if prev, dup := ids[m.ID]; dup {
			res.Refused = append(res.Refused, &errs.Error{Kind: errs.Data, Layer: "import", File: m.File, Line: m.Line,
				During: []string{"stat block " + m.Name}, Msg: fmt.Sprintf("%s: its id %q is %s's too", m.Name, m.ID, prev)})
			continue
		}
		ids[m.ID] = m.Name
		s, err := Write5e(m)
		if err != nil {
			res.Refused = append(res.Refused, &errs.Error{Kind: errs.Data, Layer: "import", File: m.File, Line: m.Line,
				During: []string{"stat block " + m.Name}, Msg: err.Error()})
			continue
		}
		res.Scripts = append(res.Scripts, s)
	}
	sort.Slice(res.Scripts, func(i, j int) bool { return res.Scripts[i].ID < res.Scripts[j].ID })
	return res, nil
}

// Compare checks a stat block against another reading of the same one
// (the Markdown against the JSON): it returns how many fields it compared
// and a line per field that differs.
func Compare(a, b *srd.Monster) (int, []string) {
	var diffs []string
	n := 0
	eq := func(field string, x, y any) {
		n++
		if fmt.Sprint(x) != fmt.Sprint(y) {
			diffs = append(diffs, fmt.Sprintf("%s: %s is %v in %s, %v in %s", a.Name, field, x, a.File, y, b.File))
		}
	}
	eq("AC", a.AC, b.AC)
	eq("HP", a.HP, b.HP)
	eq("hit dice", a.HitDice, b.HitDice)
	eq("scores", a.Scores, b.Scores)
	for i, ab := range srd.Abilities {
		if b.SaveGiven[i] {
			eq(ab+" save", a.Saves[i], b.Saves[i])
		}
	}
	eq("skills", a.Skills, b.Skills)
	eq("speeds", speedText(a), speedText(b))
	eq("senses", a.Senses, b.Senses)
	eq("passive Perception", a.Passive, b.Passive)
	eq("CR", a.CR, b.CR)
	eq("XP", a.XP, b.XP)
	eq("PB", a.PB, b.PB)
	eq("immunities", a.Immunities, b.Immunities)
	eq("resistances", a.Resists, b.Resists)
	eq("condition immunities", a.CondImmune, b.CondImmune)
	for _, e := range a.Actions {
		o := b.Find(e.Name)
		if o == nil {
			continue
		}
		if e.Attack != nil && o.Attack != nil {
			eq(e.Name+" to-hit", e.Attack.Bonus, o.Attack.Bonus)
			eq(e.Name+" damage", dice(e.Attack.Damage), dice(o.Attack.Damage))
		}
		if e.Save != nil && o.Save != nil {
			eq(e.Name+" save", e.Save.Ability+" "+fmt.Sprint(e.Save.DC), o.Save.Ability+" "+fmt.Sprint(o.Save.DC))
			eq(e.Name+" damage", dice(e.Save.FailDmg), dice(o.Save.FailDmg))
			eq(e.Name+" half", e.Save.Half, o.Save.Half)
		}
		eq(e.Name+" recharge", e.Limit.Recharge, o.Limit.Recharge)
	}
	return n, diffs
}

func speedText(m *srd.Monster) string {
	var out []string
	for _, s := range m.Speeds {
		out = append(out, fmt.Sprintf("%s %d", s.Mode, s.Feet))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

func dice(list []srd.Damage) string {
	var out []string
	for _, d := range list {
		out = append(out, d.Dice+" "+d.Type)
	}
	return strings.Join(out, " + ")
}

// IndexHeader is the first line of index.tsv.
const IndexHeader = "id\tname\tzh\tsource\tcr\ttype\tsize\tmodelled\tdata\tunmodelled"

// Index writes the index of the scripts (monsters/<system>/srd/index.tsv):
// one line per monster, which `dndsh monsters` and the REPL read to list
// and find monsters without loading their scripts.
func Index(scripts []*Script) []byte {
	var b strings.Builder
	b.WriteString("# Imported monsters, written by `dndsh import` (do not edit). Columns:\n")
	b.WriteString(IndexHeader + "\n")
	for _, s := range scripts {
		un := strings.Join(s.Unmodelled, " | ")
		un = strings.NewReplacer("\t", " ", "\n", " ").Replace(un)
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", s.ID, s.Name, s.Zh, s.Source, s.CR, s.Type, s.Size, s.Status(), s.Where, un)
	}
	return []byte(b.String())
}

// FindData returns the data folder (the one holding srd-5.2.1/): start if
// it has it, else the first "shared/data" found going up from start (the
// project keeps it beside the repository: ../shared/data), else "".
// exists tells whether a path exists.
func FindData(start string, exists func(path string) bool) string {
	probe := "srd-5.2.1/monsters-A-Z.md"
	if exists(path.Join(start, probe)) {
		return start
	}
	up := ""
	for i := 0; i < 8; i++ {
		cand := path.Join(start, up, "shared", "data")
		if exists(path.Join(cand, probe)) {
			return cand
		}
		up = path.Join(up, "..")
	}
	return ""
}

// Import3e reads the SRD 3.5 stat blocks (srd35-monsters.json) and writes
// a 3e script per stat block (Write3e). A record that cannot be read is
// refused with its name and line; read is as for Import5e.
func Import3e(read func(name string) ([]byte, error)) (*Result, error) {
	res := &Result{Parsed: map[string]int{}}
	b, err := read(File35)
	if err != nil {
		return nil, err
	}
	ms, bad := srd.Parse35(path.Base(File35), b)
	res.Parsed[File35] = len(ms)
	res.Refused = append(res.Refused, bad...)
	parts := map[string]int{}
	for _, m := range ms {
		parts[m.Part]++
	}
	res.Checks = append(res.Checks, fmt.Sprintf("SRD 3.5: %d stat blocks read (%d core, %d psionic, %d epic); the 3.0 view of each (README, \"3.0 versus 3.5\") is in its three_oh",
		len(ms), parts["core"], parts["psionic"], parts["epic"]))
	ids := map[string]string{}
	for _, m := range ms {
		if prev, dup := ids[m.ID]; dup {
			res.Refused = append(res.Refused, &errs.Error{Kind: errs.Data, Layer: "import", File: path.Base(File35), Line: m.Line,
				During: []string{"stat block " + m.Name}, Msg: fmt.Sprintf("%s: its id %q is %s's too", m.Name, m.ID, prev)})
			continue
		}
		ids[m.ID] = m.Name
		s, err := Write3e(m)
		if err != nil {
			res.Refused = append(res.Refused, &errs.Error{Kind: errs.Data, Layer: "import", File: path.Base(File35), Line: m.Line,
				During: []string{"stat block " + m.Name}, Msg: err.Error()})
			continue
		}
		res.Scripts = append(res.Scripts, s)
	}
	sort.Slice(res.Scripts, func(i, j int) bool { return res.Scripts[i].ID < res.Scripts[j].ID })
	return res, nil
}
