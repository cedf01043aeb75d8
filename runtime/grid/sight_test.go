package grid

import "testing"

// Light levels a script might choose: magical darkness, darkness, dim,
// bright.
const (
	lvMagicDark = -1
	lvDark      = 0
	lvDim       = 1
	lvBright    = 2
)

// policyA is configured the way a 2024-rules script would (5E-EXP-04..10,
// T-11, T-12): sight needs dim light; darkvision treats light one level
// brighter; blindsight works blinded and sees the invisible; truesight
// ignores light and sees the invisible; tremorsense locates but is not
// sight.
func policyA() *SightPolicy {
	return &SightPolicy{
		Grid:     gOne,
		MinLight: lvDim,
		MaxLight: lvBright,
		Rules: []SenseRule{
			{Name: "darkvision", LightBoost: 1},
			{Name: "blindsight", IgnoresLight: true, WorksBlinded: true, SeesInvisible: true},
			{Name: "truesight", IgnoresLight: true, SeesInvisible: true},
			{Name: "tremorsense", IgnoresLight: true, WorksBlinded: true, SeesInvisible: true, ThroughObstacles: true, NotSight: true},
		},
	}
}

// policyB is configured the way a 3.0 script would (DMG-SA-15, DMG-SA-27):
// darkvision sees without any light but not the invisible.
func policyB() *SightPolicy {
	return &SightPolicy{
		Grid:     gAlt,
		MinLight: lvDim,
		MaxLight: lvBright,
		Rules: []SenseRule{
			{Name: "darkvision", IgnoresLight: true},
			{Name: "blindsight", IgnoresLight: true, WorksBlinded: true, SeesInvisible: true},
		},
	}
}

// covers: 5E-CND-03 5E-CND-10 5E-EXP-04 5E-EXP-05 5E-EXP-06 5E-EXP-07
// covers: 5E-EXP-08 5E-EXP-09 5E-EXP-10 DMG-GRID-03 DMG-SA-15 DMG-SA-27
func TestSees(t *testing.T) {
	viewer := func(senses ...Sense) Viewer { return Viewer{Body: Body{Pos: Pos{}}, Senses: senses} }
	target := func(x int) Target { return Target{Body: Body{Pos: Pos{X: x}}} }
	lights := func(def int) *Lights { return &Lights{Default: def} }
	dv60 := Sense{Name: "darkvision", Range: 60}
	bs10 := Sense{Name: "blindsight", Range: 10}
	ts60 := Sense{Name: "truesight", Range: 60}
	tr30 := Sense{Name: "tremorsense", Range: 30}
	wall := NewObstacles()
	wall.Set(Pos{X: 1, Y: -1}, Full)
	wall.Set(Pos{X: 1, Y: 0}, Full)
	wall.Set(Pos{X: 1, Y: 1}, Full)

	blinded := viewer(bs10)
	blinded.Blinded = true
	blindedNoSense := viewer()
	blindedNoSense.Blinded = true
	invis := func(x int) Target { tg := target(x); tg.Invisible = true; return tg }
	torchlit := &Lights{Default: lvDark, Levels: map[Pos]int{{X: 6}: lvBright}}
	bigPartlyLit := Target{Body: Body{Pos: Pos{X: 4}, Space: Square(2)}}
	partLight := &Lights{Default: lvDark, Levels: map[Pos]int{{X: 5, Y: 1}: lvDim}}
	shortSight := viewer()
	shortSight.SightRange = 20

	cases := []struct {
		name  string
		p     *SightPolicy
		a     Viewer
		b     Target
		light LightMap
		obs   *Obstacles
		sees  bool
		code  ReasonCode
		sense string
		lv    int
	}{
		{"5E-EXP-04 bright light: normal sight", policyA(), viewer(), target(4), lights(lvBright), nil, true, BySight, "", lvBright},
		{"5E-EXP-05 dim light: seen, lightly obscured", policyA(), viewer(), target(4), lights(lvDim), nil, true, BySight, "", lvDim},
		{"5E-EXP-06 darkness: heavily obscured", policyA(), viewer(), target(4), lights(lvDark), nil, false, TooDark, "", lvDark},
		{"5E-EXP-08 darkvision: darkness seen as dim", policyA(), viewer(dv60), target(6), lights(lvDark), nil, true, BySense, "darkvision", lvDim},
		{"5E-EXP-08 darkvision: dim seen as bright", policyA(), viewer(dv60), target(6), lights(lvDim), nil, true, BySense, "darkvision", lvBright},
		{"5E-EXP-08 darkvision out of range", policyA(), viewer(dv60), target(13), lights(lvDark), nil, false, TooDark, "", lvDark},
		{"5E-EXP-08 T-12 darkvision defeated by magical darkness", policyA(), viewer(dv60), target(3), lights(lvMagicDark), nil, false, TooDark, "", lvMagicDark},
		{"5E-EXP-10 truesight sees in magical darkness", policyA(), viewer(ts60), target(3), lights(lvMagicDark), nil, true, BySense, "truesight", lvBright},
		{"5E-CND-03 blinded viewer", policyA(), blindedNoSense, target(1), lights(lvBright), nil, false, Blind, "", lvBright},
		{"5E-EXP-07 blindsight works while blinded", policyA(), blinded, target(2), lights(lvBright), nil, true, BySense, "blindsight", lvBright},
		{"5E-EXP-07 blindsight out of range", policyA(), blinded, target(3), lights(lvBright), nil, false, Blind, "", lvBright},
		{"5E-CND-10 invisible target", policyA(), viewer(dv60), invis(2), lights(lvBright), nil, false, Unseeable, "", lvBright},
		{"5E-CND-10 truesight sees the invisible", policyA(), viewer(ts60), invis(2), lights(lvBright), nil, true, BySense, "truesight", lvBright},
		{"5E-EXP-07 blindsight sees the invisible in darkness", policyA(), viewer(bs10), invis(2), lights(lvDark), nil, true, BySense, "blindsight", lvBright},
		{"5E-EXP-09 tremorsense locates but does not see", policyA(), viewer(tr30), invis(3), lights(lvDark), nil, false, Detected, "tremorsense", lvBright},
		{"5E-EXP-07 T-12 blindsight blocked by total cover", policyA(), viewer(bs10), target(2), lights(lvDark), wall, false, Blocked, "", lvDark},
		{"5E-EXP-09 T-12 tremorsense through the wall", policyA(), viewer(tr30, bs10), target(2), lights(lvBright), wall, false, Detected, "tremorsense", lvBright},
		{"DMG-GRID-03 wall blocks sight", policyA(), viewer(), target(2), lights(lvBright), wall, false, Blocked, "", lvBright},
		{"DMG-GRID-03 brightest part of a large target", policyA(), viewer(), bigPartlyLit, partLight, nil, true, BySight, "", lvDim},
		{"DMG-SA-15 TV-34 darkvision 60 beyond a 30-ft light radius", policyB(), viewer(dv60), target(10), torchlit, nil, true, BySense, "darkvision", lvBright},
		{"DMG-SA-15 TV-34 darkvision range ends at 60", policyB(), viewer(dv60), target(13), torchlit, nil, false, TooDark, "", lvDark},
		{"DMG-SA-27 darkvision does not reveal the invisible", policyB(), viewer(dv60), invis(2), lights(lvDark), nil, false, Unseeable, "", lvDark},
		{"DMG-SA-27 blindsight ignores invisibility", policyB(), viewer(bs10), invis(2), lights(lvDark), nil, true, BySense, "blindsight", lvBright},
		{"torch-lit square seen by plain sight", policyB(), viewer(), target(6), torchlit, nil, true, BySight, "", lvBright},
		{"sight range limit", policyA(), shortSight, target(5), lights(lvBright), nil, false, OutOfRange, "", lvBright},
	}
	for _, c := range cases {
		sees, why := c.p.Sees(c.a, c.b, c.light, c.obs)
		if sees != c.sees || why.Code != c.code || why.Sense != c.sense || why.Light != c.lv {
			t.Errorf("%s: got %v, %v; want %v, %v %q (light %d)", c.name, sees, why, c.sees, c.code, c.sense, c.lv)
		}
	}
}

func BenchmarkSees(b *testing.B) {
	p := policyA()
	a := Viewer{Body: Body{Pos: Pos{}}, Senses: []Sense{{Name: "darkvision", Range: 60}, {Name: "blindsight", Range: 10}}}
	tg := Target{Body: Body{Pos: Pos{X: 7, Y: 3}}}
	light := &Lights{Default: lvDark, Levels: map[Pos]int{{X: 7, Y: 3}: lvDim}}
	obs := NewObstacles()
	obs.Set(Pos{X: 3, Y: 3}, Full)
	obs.Set(Pos{X: 4, Y: -1}, Full)
	b.ReportAllocs()
	for b.Loop() {
		if ok, _ := p.Sees(a, tg, light, obs); !ok {
			b.Fatal("not seen")
		}
	}
}
