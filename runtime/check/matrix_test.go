package check

import (
	"strconv"
	"strings"
	"testing"
)

// TBL-MATRIX-MON as printed in adnd1e-dmg-combat.md (seed lines 691-712).
const monsterMatrix = `
| Opponent AC | up to 1-1 | 1-1 | 1 | 1+ | 2-3+ | 4-5+ | 6-7+ | 8-9+ | 10-11+ | 12-13+ | 14-15+ | 16+ |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
| -10 | 26 | 25 | 24 | 23 | 21 | 20 | 20 | 20 | 20 | 19 | 18 | 17 |
| -9 | 25 | 24 | 23 | 22 | 20 | 20 | 20 | 20 | 19 | 18 | 17 | 16 |
| -8 | 24 | 23 | 22 | 21 | 20 | 20 | 20 | 19 | 18 | 17 | 16 | 15 |
| -7 | 23 | 22 | 21 | 20 | 20 | 20 | 20 | 19 | 17 | 16 | 15 | 14 |
| -6 | 22 | 21 | 20 | 20 | 20 | 20 | 19 | 18 | 16 | 15 | 14 | 13 |
| -5 | 21 | 20 | 20 | 20 | 20 | 20 | 18 | 17 | 15 | 14 | 13 | 12 |
| -4 | 20 | 20 | 20 | 20 | 20 | 19 | 17 | 16 | 14 | 13 | 12 | 11 |
| -3 | 20 | 20 | 20 | 20 | 19 | 18 | 16 | 15 | 13 | 12 | 11 | 10 |
| -2 | 20 | 20 | 20 | 20 | 18 | 17 | 15 | 14 | 12 | 11 | 10 | 9 |
| -1 | 20 | 20 | 20 | 19 | 17 | 16 | 14 | 13 | 11 | 10 | 9 | 8 |
| 0 | 20 | 20 | 19 | 18 | 16 | 15 | 13 | 12 | 10 | 9 | 8 | 7 |
| 1 | 20 | 19 | 18 | 17 | 15 | 14 | 12 | 11 | 9 | 8 | 7 | 6 |
| 2 | 19 | 18 | 17 | 16 | 14 | 13 | 11 | 10 | 8 | 7 | 6 | 5 |
| 3 | 18 | 17 | 16 | 15 | 13 | 12 | 10 | 9 | 7 | 6 | 5 | 4 |
| 4 | 17 | 16 | 15 | 14 | 12 | 11 | 9 | 8 | 6 | 5 | 4 | 3 |
| 5 | 16 | 15 | 14 | 13 | 11 | 10 | 8 | 7 | 5 | 4 | 3 | 2 |
| 6 | 15 | 14 | 13 | 12 | 10 | 9 | 7 | 6 | 4 | 3 | 2 | 1 |
| 7 | 14 | 13 | 12 | 11 | 9 | 8 | 6 | 5 | 3 | 2 | 1 | 0 |
| 8 | 13 | 12 | 11 | 10 | 8 | 7 | 5 | 4 | 2 | 1 | 0 | -1 |
| 9 | 12 | 11 | 10 | 9 | 7 | 6 | 4 | 3 | 1 | 0 | -1 | -2 |
| 10 | 11 | 10 | 9 | 8 | 6 | 5 | 3 | 2 | 0 | -1 | -2 | -3 |
`

// TBL-TURN (seed lines 726-739); the first column header "Cleric level 1"
// is written "1" so that the level axis reads as numbers.
const turnMatrix = `
Undead type	1	2	3	4	5	6	7	8	9-13	14+
Skeleton	10	7	4	T	T	D	D	D	D*	D*
Zombie	13	10	7	T	T	D	D	D	D*	D*
Ghoul	16	13	10	4	T	T	D	D	D	D
Shadow	19	16	13	7	4	T	T	D	D	D
Wight	20	19	16	10	7	4	T	T	D	D
Ghast	—	20	19	13	10	7	4	T	T	D
Wraith	—	—	20	16	13	10	7	4	T	D
Mummy	—	—	—	20	16	13	10	7	4	T
Spectre	—	—	—	—	20	16	13	10	7	T
Vampire	—	—	—	—	—	20	16	13	10	4
Ghost	—	—	—	—	—	—	20	16	13	7
Lich	—	—	—	—	—	—	—	19	16	10
Special	—	—	—	—	—	—	—	20	19	13
`

func mustMatrix(t *testing.T, name, text string) *Matrix {
	t.Helper()
	m, err := ParseMatrix(name, text)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return m
}

// covers: 1E-TOHIT-01 1E-TOHIT-03 (TV-15)
func TestAttackMatrix(t *testing.T) {
	m := mustMatrix(t, "TBL-MATRIX-MON", monsterMatrix)
	if m.Corner() != "Opponent AC" || len(m.Rows()) != 21 || len(m.Cols()) != 12 {
		t.Fatalf("shape: %q %d x %d", m.Corner(), len(m.Rows()), len(m.Cols()))
	}
	for _, c := range []struct {
		ac, hd string
		need   int
	}{{"5", "6-7+", 8}, {"10", "1", 9}, {"-10", "16+", 17}, {"-8", "8-9+", 19}} {
		v, err := m.Lookup(c.ac, c.hd)
		if err != nil || !v.IsNum || v.Num != c.need {
			t.Fatalf("TV-15 AC %s, HD %s: %v %v, want %d", c.ac, c.hd, v, err, c.need)
		}
	}
	// The check that uses it: d20 >= table[AC][HD], modifiers on the roll.
	need, _ := m.Lookup("5", "6-7+")
	tst := &Test{Target: need.Num, Mods: []Modifier{{2, "", "+2 weapon"}}}
	if r := roll(t, tst, 6); !r.Success {
		t.Fatalf("6 + 2 vs 8: %+v", r)
	}
	// The rows are numeric (AC -10..10, edges are errors by default); the
	// columns are labels.
	if _, err := m.Lookup("-11", "1"); err == nil {
		t.Fatal("AC -11 is off the table")
	} else {
		kernelError(t, err, `row -11 is below the table (edge row "-10")`)
	}
	if _, err := m.Lookup("5", "17+"); err == nil {
		t.Fatal("17+ is not a column")
	} else {
		kernelError(t, err, `no column "17+"`)
		kernelError(t, err, "up to 1-1, 1-1, 1, 1+")
	}
}

// The printed matrix obeys "+1 per step, six 20s, then 21, 22 ...": cut
// it at AC 0 and extend, and every better AC comes back as printed, except
// the cell AMB-28 flags (AC -8, 8-9+ prints 19; the progression gives 20).
// covers: 1E-TOHIT-05 1E-TOHIT-06 (TV-19) AMB-28
func TestAttackMatrixExtension(t *testing.T) {
	full := mustMatrix(t, "TBL-MATRIX-MON", monsterMatrix)
	lines := strings.Split(strings.TrimSpace(monsterMatrix), "\n")
	// Header, separator, then rows AC -10 (index 2) .. 10 (index 22); keep 0..10.
	cut := "rows below: extend +1 plateau 20 hold 6\nrows above: clamp\n" +
		strings.Join(append(lines[:2:2], lines[12:]...), "\n")
	m := mustMatrix(t, "cut at AC 0", cut)
	for _, col := range full.Cols() {
		for ac := -10; ac <= -1; ac++ {
			want, _ := full.Lookup(strconv.Itoa(ac), col.Label)
			got, err := m.Lookup(strconv.Itoa(ac), col.Label)
			if err != nil {
				t.Fatal(err)
			}
			if ac == -8 && col.Label == "8-9+" {
				if got.Num != 20 || want.Num != 19 {
					t.Fatalf("AMB-28 cell: generated %d, printed %d", got.Num, want.Num)
				}
				continue
			}
			if got.Num != want.Num {
				t.Fatalf("AC %d, %s: extended %d, printed %d", ac, col.Label, got.Num, want.Num)
			}
		}
	}
	// TV-19, column "1+": -2 is the first 20, -3..-7 repeat it, -8 is 21.
	h, err := m.Find("-8", "1+")
	if err != nil || h.Value.Num != 21 || !h.Extended || h.RowBeyond != -8 {
		t.Fatalf("TV-19: %+v %v", h, err)
	}
	// Clamped above: AC 12 reads the AC 10 row.
	h, err = m.Find("12", "1")
	if err != nil || h.Value.Num != 9 || !h.Clamped {
		t.Fatalf("clamp above: %+v %v", h, err)
	}
}

// covers: 1E-TURN-01 1E-TURN-05 (TV-10) 3E-TURN-04
func TestTurningMatrix(t *testing.T) {
	m := mustMatrix(t, "TBL-TURN", turnMatrix)
	cases := []struct{ undead, level, want string }{
		{"Wight", "3", "16"},
		{"Ghoul", "4", "4"},
		{"Skeleton", "6", "D"},
		{"Zombie", "9", "D*"},
		{"Lich", "9", "16"},     // TV-10: a 9th-level cleric needs 16 against a lich
		{"Vampire", "13", "10"}, // and 10 against a vampire
		{"Wraith", "9", "T"},
		{"Ghast", "1", "—"},
		{"special", "20", "13"}, // 14+ is open-ended; labels ignore case
		{"Mummy", "9-13", "4"},  // a column by its label
	}
	for _, c := range cases {
		v, err := m.Lookup(c.undead, c.level)
		if err != nil || v.Text != c.want {
			t.Fatalf("%s at level %s: %q %v, want %q", c.undead, c.level, v, err, c.want)
		}
	}
	if v, _ := m.Lookup("Wight", "3"); !v.IsNum || v.Num != 16 {
		t.Fatalf("numeric cell: %+v", v)
	}
	// A paladin of level 2 turns as a cleric of level 0: off the table.
	if _, err := m.Lookup("Skeleton", "0"); err == nil {
		t.Fatal("level 0 is below the table")
	} else {
		kernelError(t, err, `column 0 is below the table (edge column "1")`)
	}
	if _, err := m.Lookup("Dracolich", "9"); err == nil {
		t.Fatal("unknown undead")
	} else {
		kernelError(t, err, `no row "Dracolich"`)
	}
	if _, err := m.LookupAt(1, 1); err == nil {
		t.Fatal("rows are labels: no lookup by number")
	}
	// Extension over text cells is refused when the matrix is built.
	_, err := ParseMatrix("bad", "cols above: extend +1\n"+strings.Replace(turnMatrix, "14+", "14", 1))
	kernelError(t, err, "not a number")
}

func TestMatrixNumericAndErrors(t *testing.T) {
	m := mustMatrix(t, "small", `
rows below: clamp
cols above: extend -1
AC	1	2	3-4
-1	20	19	18
0	19	18	17
1	18	17	16
`)
	for _, c := range []struct{ ac, lvl, want int }{{0, 2, 18}, {-5, 1, 20}, {1, 4, 16}, {1, 5, 15}, {-3, 7, 15}} {
		v, err := m.LookupAt(c.ac, c.lvl)
		if err != nil || v.Num != c.want {
			t.Fatalf("(%d, %d): %v %v, want %d", c.ac, c.lvl, v, err, c.want)
		}
	}
	if _, err := m.LookupAt(2, 1); err == nil {
		t.Fatal("AC 2 is above the table")
	}
	cases := []struct{ name, text, want string }{
		{"ragged", "AC\t1\t2\n0\t19\n", `row "0" has 1 cells, the header has 2 columns`},
		{"duplicate", "AC\t1\t2\n0\t19\t18\n0\t18\t17\n", `row "0" appears twice`},
		{"gap", "AC\t1\t2\t4\n0\t19\t18\t17\n", `gap between column "2" and column "4"`},
		{"overlap", "AC\t1-2\t2-3\n0\t19\t18\n", `column "2-3" overlaps column "1-2"`},
		{"no header", "# nothing\n", "no header"},
		{"bad edge", "rows below: upward\nAC\t1\n0\t1\n", "bad edge policy"},
	}
	for _, c := range cases {
		_, err := ParseMatrix(c.name, c.text)
		if err == nil {
			t.Fatalf("%s: want an error", c.name)
		}
		kernelError(t, err, c.want)
	}
	// Built from Go.
	g, err := NewMatrix(MatrixSpec{Name: "go", Corner: "level", Rows: []string{"fighter", "thief"},
		Cols: []string{"1-3", "4-6"}, Cells: [][]Value{{Num(20), Num(18)}, {Num(21), ParseValue("19")}}})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.Lookup("thief", "5"); !v.IsNum || v.Num != 19 {
		t.Fatalf("go matrix: %+v", v)
	}
	if v := g.At(0, 1); v.Num != 18 {
		t.Fatalf("At: %+v", v)
	}
}
