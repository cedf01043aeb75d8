package grid

import (
	"reflect"
	"testing"
)

// line returns the squares from (x0,y0) stepping (dx,dy) n times.
func line(x0, y0, dx, dy, n int) []Pos {
	out := []Pos{{X: x0, Y: y0}}
	for i := 1; i <= n; i++ {
		out = append(out, Pos{X: x0 + i*dx, Y: y0 + i*dy})
	}
	return out
}

// covers: 5E-CND-18 5E-MOV-03 5E-MOV-05 5E-MOV-08 HB-MOVE-04 HB-MOVE-07
// covers: HB-MOVE-11 HB-MOVE-21
func TestWalkCost(t *testing.T) {
	diff := func(ps []Pos, m int) map[Pos]int {
		out := map[Pos]int{}
		for _, p := range ps {
			out[p] = m
		}
		return out
	}
	med := Body{}
	cases := []struct {
		name       string
		g          Grid
		mover      Body
		path       []Pos
		opt        MoveOptions
		cost       int
		affordable int
		diagonals  int
	}{
		{"5E-MOV-05 TV-16 speed 30 is 6 squares", gOne, med, line(0, 0, 1, 0, 6), MoveOptions{Limit: true, Budget: 30}, 30, 6, 0},
		{"5E-MOV-05 TV-16 6 diagonal squares cost 6", gOne, med, line(0, 0, 1, 1, 6), MoveOptions{Limit: true, Budget: 30}, 30, 6, 0},
		{"5E-MOV-05 TV-16 3 difficult squares use all 6", gOne, med, line(0, 0, 1, 0, 4),
			MoveOptions{Terrain: diff(line(1, 0, 1, 0, 2), 2), Limit: true, Budget: 30}, 35, 3, 0},
		{"5E-MOV-03 TV-17 difficult terrain does not stack", gOne, med, line(0, 0, 1, 0, 2),
			MoveOptions{Terrain: diff(line(1, 0, 1, 0, 1), 2), Occupied: map[Pos]bool{{X: 1}: true, {X: 2}: true}, OccupiedMultiplier: 2}, 20, 2, 0},
		{"alternating: 3 diagonals cost 5+10+5", gAlt, med, line(0, 0, 1, 1, 3), MoveOptions{}, 20, 3, 3},
		{"alternating: 4 diagonals cost 5+10+5+10", gAlt, med, line(0, 0, -1, 1, 4), MoveOptions{}, 30, 4, 4},
		{"5E-MOV-08 HB-MOVE-07 split move continues the diagonal count", gAlt, med, line(0, 0, 1, 1, 3), MoveOptions{Diagonals: 1}, 25, 3, 4},
		{"alternating: diagonal through difficult terrain", gAlt, med, line(0, 0, 1, 1, 2),
			MoveOptions{Terrain: diff(line(1, 1, 1, 1, 1), 2)}, 30, 2, 2},
		{"HB-MOVE-04 TV-01 speed 25 halved: third square refused", gOne, med, line(0, 0, 1, 0, 3),
			MoveOptions{Terrain: diff(line(1, 0, 1, 0, 2), 2), Limit: true, Budget: 25}, 30, 2, 0},
		{"HB-MOVE-11 TV-04 crawling in difficult terrain: 20 per square", gOne, med, line(0, 0, 0, 1, 2),
			MoveOptions{Terrain: diff(line(0, 1, 0, 1, 1), 2), MoverMultiplier: 2, Limit: true, Budget: 30}, 40, 1, 0},
		{"5E-MOV-03 AMB-25 crawling adds to difficult terrain: 15 per square", gOne, med, line(0, 0, 0, 1, 2),
			MoveOptions{Terrain: diff(line(0, 1, 0, 1, 1), 2), MoverExtra: 1, Limit: true, Budget: 25}, 30, 1, 0},
		{"5E-CND-18 speed 0 affords nothing", gOne, med, line(0, 0, 1, 0, 1), MoveOptions{Limit: true, Budget: 0}, 5, 0, 0},
		{"HB-MOVE-21 climbing a level", gOne, med, []Pos{{}, {X: 1, Z: 1}, {X: 2, Z: 1}}, MoveOptions{}, 10, 2, 0},
		{"large mover entering difficult terrain with one square", gOne, Body{Space: Square(2)}, line(0, 0, 1, 0, 2),
			MoveOptions{Terrain: diff([]Pos{{X: 3, Y: 1}}, 2)}, 15, 2, 0},
		{"euclid diagonal step", gEuc, med, line(0, 0, 1, 1, 2), MoveOptions{}, 16, 2, 0},
	}
	for _, c := range cases {
		r, err := c.g.Move(c.mover, c.path, &c.opt)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if r.Cost != c.cost || r.Affordable != c.affordable || (c.g.Diagonal == DiagonalAlternate && r.Diagonals != c.diagonals) {
			t.Errorf("%s: cost %d affordable %d diagonals %d; want %d %d %d", c.name, r.Cost, r.Affordable, r.Diagonals, c.cost, c.affordable, c.diagonals)
		}
	}
}

// covers: 5E-MOV-06 HB-MOVE-03
func TestWalkErrors(t *testing.T) {
	wall := NewObstacles()
	wall.Set(Pos{X: 1, Y: 0}, Full)
	cases := []struct {
		name string
		path []Pos
		opt  MoveOptions
	}{
		{"empty path", nil, MoveOptions{}},
		{"jump two squares", []Pos{{}, {X: 2}}, MoveOptions{}},
		{"standing still is not a step", []Pos{{}, {}}, MoveOptions{}},
		{"into a wall", []Pos{{}, {X: 1}}, MoveOptions{Obstacles: wall}},
		{"5E-MOV-06 HB-MOVE-03 cutting a wall's corner", []Pos{{}, {X: 1, Y: 1}}, MoveOptions{Obstacles: wall, NoCornerCutting: true}},
	}
	for _, c := range cases {
		_, err := gOne.Move(Body{}, c.path, &c.opt)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		assertKernelErr(t, err)
	}
	// Without the corner rule the same diagonal is fine.
	if _, err := gOne.Move(Body{}, []Pos{{}, {X: 1, Y: 1}}, &MoveOptions{Obstacles: wall}); err != nil {
		t.Errorf("corner cutting allowed when the option is off: %v", err)
	}
	// A large mover cuts a corner with any square of its sweep.
	big := NewObstacles()
	big.Set(Pos{X: 2, Y: 0}, Full)
	if _, err := gOne.Move(Body{Space: Square(2)}, []Pos{{}, {X: 1, Y: 1}}, &MoveOptions{Obstacles: big, NoCornerCutting: true}); err == nil {
		t.Error("large mover cut a corner")
	}
}

// covers: 3E-AOO-02 3E-AOO-03 3E-AOO-08 3E-POS-07 5E-ATK-09 5E-ATK-10
// covers: HB-SIZE-04
func TestWalkReachEvents(t *testing.T) {
	foe := func(id string, x, y, reach int) Hostile {
		return Hostile{ID: id, Body: Body{Pos: Pos{X: x, Y: y}, Reach: reach}}
	}
	ev := func(k EventKind, h int, id string, step int) ReachEvent {
		return ReachEvent{Kind: k, Hostile: h, ID: id, Step: step}
	}
	cases := []struct {
		name string
		path []Pos
		opt  MoveOptions
		want []ReachEvent
	}{
		{"5E-ATK-10 TV-50 walking out of reach", line(1, 0, 1, 0, 2),
			MoveOptions{Hostiles: []Hostile{foe("ogre", 0, 0, 5)}},
			[]ReachEvent{ev(LeaveReach, 0, "ogre", 1)}},
		{"5E-ATK-09 longer reach: leaves later", line(1, 0, 1, 0, 3),
			MoveOptions{Hostiles: []Hostile{foe("ogre", 0, 0, 10)}},
			[]ReachEvent{ev(LeaveReach, 0, "ogre", 2)}},
		{"moving within reach raises nothing", []Pos{{X: 1}, {X: 1, Y: 1}, {X: 0, Y: 1}},
			MoveOptions{Hostiles: []Hostile{foe("ogre", 0, 0, 5)}}, nil},
		{"3E-AOO-02 every threatened square left", []Pos{{X: 1}, {X: 1, Y: 1}, {X: 2, Y: 1}},
			MoveOptions{Hostiles: []Hostile{foe("orc", 0, 0, 5)}, Report: ExitThreatened | LeaveReach},
			[]ReachEvent{ev(ExitThreatened, 0, "orc", 1), ev(LeaveReach, 0, "orc", 2), ev(ExitThreatened, 0, "orc", 2)}},
		{"3E-AOO-08 approaching a longer reach", line(5, 0, -1, 0, 3),
			MoveOptions{Hostiles: []Hostile{foe("giant", 0, 0, 15)}, Report: EnterReach},
			[]ReachEvent{ev(EnterReach, 0, "giant", 2)}},
		{"3E-AOO-03 passing between two foes: events in path then hostile order", line(0, -1, 0, 1, 3),
			MoveOptions{Hostiles: []Hostile{foe("tordek", -1, 0, 5), foe("lidda", 1, 0, 5)}},
			[]ReachEvent{ev(LeaveReach, 0, "tordek", 3), ev(LeaveReach, 1, "lidda", 3)}},
		{"3E-POS-07 reach band: moving inside a reach weapon's dead zone", line(3, 0, -1, 0, 2),
			MoveOptions{Hostiles: []Hostile{{ID: "pike", Body: Body{Reach: 10, ReachMin: 10}}}},
			[]ReachEvent{ev(LeaveReach, 0, "pike", 2)}},
	}
	for _, c := range cases {
		r, err := gOne.Move(Body{}, c.path, &c.opt)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(r.Events) == 0 && len(c.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(r.Events, c.want) {
			t.Errorf("%s: events %+v, want %+v", c.name, r.Events, c.want)
		}
	}
	// The reach grid can differ from the walking grid.
	alt := gAlt
	r, err := gOne.Move(Body{}, []Pos{{X: 2, Y: 2}, {X: 3, Y: 3}}, &MoveOptions{
		Hostiles: []Hostile{foe("spear", 0, 0, 10)}, ReachGrid: &alt,
	})
	if err != nil || len(r.Events) != 0 {
		t.Errorf("2 diagonal squares are 15 ft under alternating reach: %+v %v", r.Events, err)
	}
	// End in an occupied square.
	r, _ = gOne.Move(Body{}, line(0, 0, 1, 0, 2), &MoveOptions{Occupied: map[Pos]bool{{X: 2}: true}})
	if !r.EndOccupied {
		t.Error("HB-SIZE-04 end in an occupied square not reported")
	}
}

func BenchmarkDistance(b *testing.B) {
	g := gAlt
	a := Body{Pos: Pos{X: 3, Y: -2}, Space: Square(2), Reach: 10}
	c := Body{Pos: Pos{X: 11, Y: 7}}
	b.ReportAllocs()
	s := 0
	for b.Loop() {
		s += g.Distance(a.Pos, c.Pos) + g.Between(a, c)
	}
	if s < 0 {
		b.Fatal(s)
	}
}

func BenchmarkWalkWithReachEvents(b *testing.B) {
	path := line(0, 0, 1, 1, 6)
	path = append(path, line(6, 6, 1, 0, 6)[1:]...)
	opt := &MoveOptions{
		Terrain:  map[Pos]int{{X: 3, Y: 3}: 2, {X: 8, Y: 6}: 2},
		Occupied: map[Pos]bool{{X: 9, Y: 6}: true}, OccupiedMultiplier: 2,
		Obstacles: NewObstacles(), NoCornerCutting: true,
		Hostiles: []Hostile{
			{ID: "a", Body: Body{Pos: Pos{X: 1, Y: 2}, Reach: 5}},
			{ID: "b", Body: Body{Pos: Pos{X: 7, Y: 7}, Space: Square(2), Reach: 10}},
			{ID: "c", Body: Body{Pos: Pos{X: 12, Y: 5}, Reach: 5}},
		},
		Report: LeaveReach | EnterReach,
	}
	opt.Obstacles.Set(Pos{X: 5, Y: 8}, Full)
	var r PathResult
	g := gAlt
	b.ReportAllocs()
	for b.Loop() {
		if err := g.Walk(Body{}, path, opt, &r); err != nil {
			b.Fatal(err)
		}
	}
	if len(r.Events) == 0 {
		b.Fatal("no events")
	}
}
