package check

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

func mustTable(t *testing.T, name, text string) *RangeTable {
	t.Helper()
	tb, err := ParseRangeTable(name, text)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return tb
}

// covers: 5E-DICE-04 (TV-05)
func TestRangeTableLookup(t *testing.T) {
	tb := mustTable(t, "TV-05", `
d10
1-3   row 1
4-8   row 2
9-10  row 3
`)
	if tb.Dice() != (Dice{1, 10}) {
		t.Fatalf("die %v", tb.Dice())
	}
	src := rng.New(1)
	src.Force(6)
	r, err := tb.Roll(src, nil, nil)
	if err != nil || r.Value.Text != "row 2" || r.Row != 1 || r.Key != 6 {
		t.Fatalf("TV-05: %+v, %v", r, err)
	}
	// The markdown form, with the die in the header.
	md := mustTable(t, "TV-05 md", `
| d10 | result |
|---|---|
| 1–3 | row 1 |
| 4–8 | row 2 |
| 9–10 | row 3 |
`)
	if md.Dice() != (Dice{1, 10}) {
		t.Fatalf("markdown die %v", md.Dice())
	}
	if v, _ := md.Lookup(9); v.Text != "row 3" {
		t.Fatalf("markdown lookup 9: %q", v)
	}
}

// covers: 1E-DIST-04 (TV-04)
func TestRangeTableDistance(t *testing.T) {
	tb := mustTable(t, "TV-04", "die: 1d6\n1-2 -> striking range\n3-4 -> 10 ft\n5-6 -> 20 ft\n")
	for face, want := range map[int]string{1: "striking range", 2: "striking range", 3: "10 ft", 4: "10 ft", 5: "20 ft", 6: "20 ft"} {
		src := rng.New(1)
		src.Force(face)
		if r, err := tb.Roll(src, nil, nil); err != nil || r.Value.Text != want {
			t.Fatalf("d6 = %d: %+v %v", face, r, err)
		}
	}
}

// Table 8-16 of the 3.0 PHB with its open-ended rows, cells as offsets to
// the cleric level.
// covers: 3E-TURN-04 (EX-18) 3E-TURN-05
func TestRangeTableOpenEnds(t *testing.T) {
	tb := mustTable(t, "Table 8-16", `
# turning check result -> most powerful undead affected, as cleric level + N
0 or lower   -4
1-3          -3
4-6          -2
7-9          -1
10-12        +0
13-15        +1
16-18        +2
19-21        +3
22 or higher +4
`)
	for check, want := range map[int]int{9: -1, 21: 3, 19: 3, -7: -4, 0: -4, 22: 4, 40: 4, 12: 0} {
		v, err := tb.Lookup(check)
		if err != nil || !v.IsNum || v.Num != want {
			t.Fatalf("turning check %d: %v %v, want %+d", check, v, err, want)
		}
	}
	// The formula the inventory gives agrees with every row.
	for c := -15; c <= 40; c++ {
		f := (c - 10)
		if f < 0 {
			f = -((-f + 2) / 3)
		} else {
			f /= 3
		}
		f = max(-4, min(4, f))
		if v, _ := tb.Lookup(c); v.Num != f {
			t.Fatalf("check %d: table %d, formula %d", c, v.Num, f)
		}
	}
	// The inventory's own markdown, text cells and all.
	md := mustTable(t, "Table 8-16 md", `
| Turning check result | Most powerful undead affected (maximum HD) |
|---|---|
| 0 or lower | cleric level − 4 |
| 1–3 | cleric level − 3 |
| 4–6 | cleric level − 2 |
| 7–9 | cleric level − 1 |
| 10–12 | cleric level |
| 13–15 | cleric level + 1 |
| 16–18 | cleric level + 2 |
| 19–21 | cleric level + 3 |
| 22 or higher | cleric level + 4 |
`)
	if v, _ := md.Lookup(9); v.Text != "cleric level − 1" || v.IsNum {
		t.Fatalf("EX-18 round 1: %q", v)
	}
	rows := md.Rows()
	if !rows[0].OpenLo() || !rows[len(rows)-1].OpenHi() {
		t.Fatalf("open ends: %+v %+v", rows[0], rows[len(rows)-1])
	}
}

// TBL-REACT: d% adjusted by Charisma; "01 (or less)" and "00 (or more)"
// are open ends. Transcribed as closed rows, the same table clamps.
// covers: 1E-REACT-01 5E-DICE-04 3E-TURN-04
func TestRangeTableShiftsAndEdges(t *testing.T) {
	const react = `
| Adjusted roll | Reaction |
|---|---|
| 01 (or less) - 05 | Violently hostile, immediate attack* |
| 06-25 | Hostile, immediate action* |
| 26-45 | Uncertain, but 55% prone toward negative |
| 46-55 | Neutral: uninterested / uncertain |
| 56-75 | Uncertain, but 55% prone toward positive |
| 76-95 | Friendly, immediate action |
| 96 - 00 (or more) | Enthusiastically friendly, immediate acceptance |
`
	verbatim := mustTable(t, "TBL-REACT", "die: d%\n"+react)
	if v, err := verbatim.Lookup(-12); err != nil || v.Text != "Violently hostile, immediate attack*" {
		t.Fatalf("open low end: %q %v", v, err)
	}
	if v, err := verbatim.Lookup(135); err != nil || v.Text != "Enthusiastically friendly, immediate acceptance" {
		t.Fatalf("open high end: %q %v", v, err)
	}
	tb := mustTable(t, "TBL-REACT closed", `
die d%
below: clamp
above: clamp
01-05 violently hostile
06-25 hostile
26-45 uncertain, negative
46-55 neutral
56-75 uncertain, positive
76-95 friendly
96-00 enthusiastically friendly
`)
	src := rng.New(1)
	src.Force(98)
	r, err := tb.Roll(src, []Modifier{{15, "", "Cha 18"}, {5, "", "loyalty"}}, nil)
	if err != nil || r.Sum != 98 || r.Key != 118 || r.Value.Text != "enthusiastically friendly" || !r.Clamped || r.Beyond != 18 {
		t.Fatalf("98 + 20 clamped: %+v %v", r, err)
	}
	src.Force(3)
	r, err = tb.Roll(src, []Modifier{{-5, "", "Cha 5"}}, nil)
	if err != nil || r.Key != -2 || r.Value.Text != "violently hostile" || !r.Clamped || r.Beyond != -3 {
		t.Fatalf("3 - 5 clamped: %+v %v", r, err)
	}
	src.Force(40)
	if r, _ := tb.Roll(src, []Modifier{{10, "", "Cha 17"}}, nil); r.Value.Text != "neutral" || r.Clamped {
		t.Fatalf("40 + 10: %+v", r)
	}
	// Stacking applies to the shift: two morale bonuses count once.
	typed := Typed()
	src.Force(30)
	r, err = tb.Roll(src, []Modifier{{20, "morale", "a"}, {30, "morale", "b"}}, &typed)
	if err != nil || r.Key != 60 || r.Mods[0].Counted {
		t.Fatalf("typed shift: %+v %v", r, err)
	}

	// Extension: beyond 19-21, +1 for every 3 points; below 0, -1 per point.
	ext := mustTable(t, "extend", `
below: extend -1
above: extend +1 every 3
0-3    -3
4-6    -2
7-9    -1
10-12  +0
13-15  +1
16-18  +2
19-21  +3
`)
	for key, want := range map[int]int{22: 4, 24: 4, 25: 5, 30: 6, -1: -4, -3: -6} {
		h, err := ext.Find(key)
		if err != nil || h.Value.Num != want || !h.Extended {
			t.Fatalf("extend %d: %+v %v, want %d", key, h, err, want)
		}
	}
	// Errors name the key and the edge row.
	strict := mustTable(t, "strict", "1-3 a\n4-6 b\n")
	if _, err := strict.Lookup(7); err == nil {
		t.Fatal("7 is beyond the table")
	} else {
		kernelError(t, err, `7 is above the last row (4-6)`)
	}
}

// covers: 5E-DICE-02 5E-DICE-04
func TestRangeTablePercentile(t *testing.T) {
	tb := mustTable(t, "wandering", "d%\n01-20 goblin\n21-45 orc\n46-00 troll\n")
	if tb.Dice() != (Dice{1, 100}) {
		t.Fatalf("die %v", tb.Dice())
	}
	for key, want := range map[int]string{1: "goblin", 20: "goblin", 21: "orc", 46: "troll", 100: "troll"} {
		if v, err := tb.Lookup(key); err != nil || v.Text != want {
			t.Fatalf("%d: %q %v", key, v, err)
		}
	}
}

// Build-time validation: every error names the row and its line.
func TestRangeTableValidation(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"gap", "1-3 a\n5-6 b\n", `gap before row "5-6" (line 2)`},
		{"overlap", "1-3 a\n3-6 b\n", `row "3-6" (line 2) overlaps row "1-3" (line 1)`},
		{"coverage", "d6\n1-3 a\n4-5 b\n", "d6 rolls 1-6 but the rows cover 1-3 to 4-5"},
		{"not a key", "1-3 a\nfour b\n", `row "four b" does not start with a number`},
		{"reversed", "3-1 a\n", "reversed range"},
		{"extend text", "above: extend +1\n1-3 a\n4-6 b\n", `row "4-6" (line 3): value "b" is not a number`},
		{"bad edge", "above: sideways\n1-3 a\n", "bad edge policy"},
		{"empty", "# nothing\n", "no rows"},
	}
	for _, c := range cases {
		_, err := ParseRangeTable(c.name, c.text)
		if err == nil {
			t.Fatalf("%s: want an error", c.name)
		}
		kernelError(t, err, c.want)
	}
	// Built from Go: the same checks.
	_, err := NewRangeTable(TableSpec{Name: "go", Rows: []Row{
		{Key: Range(1, 4), Value: Num(1)}, {Key: Range(4, 6), Value: Num(2)}}})
	kernelError(t, err, `row "4-6" overlaps row "1-4"`)
	tb, err := NewRangeTable(TableSpec{Name: "go", Dice: Dice{1, 6}, Above: Edge{Mode: EdgeClamp},
		Rows: []Row{{Key: Range(4, 6), Value: Num(2)}, {Key: Range(1, 3), Value: Num(1)}}})
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := tb.Lookup(9); v.Num != 2 {
		t.Fatalf("clamped 9: %v", v)
	}
}

func TestParseKey(t *testing.T) {
	cases := []struct {
		in      string
		lo, hi  int
		numeric bool
	}{
		{"7", 7, 7, true},
		{"01-20", 1, 20, true},
		{"46-00", 46, 100, true},
		{"00", 100, 100, true},
		{"-10", -10, -10, true},
		{"-5--1", -5, -1, true},
		{"−3", -3, -3, true},
		{"9–13", 9, 13, true},
		{"14+", 14, Highest, true},
		{"0 or lower", Lowest, 0, true},
		{"22 or higher", 22, Highest, true},
		{"51% or more", 51, Highest, true},
		{"1%-15%", 1, 15, true},
		{"<=3", Lowest, 3, true},
		{">= 4", 4, Highest, true},
		{"up to 1-1", 0, 0, false},
		{"2-3+", 0, 0, false},
		{"01 (or less) - 05", Lowest, 5, true},
		{"96 - 00 (or more)", 96, Highest, true},
		{"Skeleton", 0, 0, false},
	}
	for _, c := range cases {
		k, err := ParseKey(c.in)
		if err != nil || k.Numeric != c.numeric || (c.numeric && (k.Lo != c.lo || k.Hi != c.hi)) {
			t.Fatalf("ParseKey(%q) = %+v, %v", c.in, k, err)
		}
	}
	for in, want := range map[string]Value{"20": Num(20), "+3": {Text: "+3", Num: 3, IsNum: true},
		"27%": {Text: "27%", Num: 27, IsNum: true}, "T": {Text: "T"}, "—": {Text: "—"}, "−2": {Text: "−2", Num: -2, IsNum: true}} {
		if got := ParseValue(in); got != want {
			t.Fatalf("ParseValue(%q) = %+v, want %+v", in, got, want)
		}
	}
	for in, want := range map[string]Edge{"clamp": {Mode: EdgeClamp}, "error": {},
		"extend +1 plateau 20 hold 6": {Mode: EdgeExtend, Step: 1, Plateau: 20, Hold: 6},
		"extend -2 every 3":           {Mode: EdgeExtend, Step: -2, Every: 3}} {
		e, err := ParseEdge(in)
		if err != nil || e != want {
			t.Fatalf("ParseEdge(%q) = %+v, %v", in, e, err)
		}
		if back, _ := ParseEdge(e.String()); back != e {
			t.Fatalf("Edge.String round trip: %q", e.String())
		}
	}
}
