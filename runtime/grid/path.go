package grid

import "fmt"

// EventKind is a kind of reach event raised by a move. The kinds are bits,
// so MoveOptions.Report can ask for several.
type EventKind uint8

// The reach event kinds.
const (
	// LeaveReach: the mover was threatened by the hostile before the step
	// and is not after it.
	LeaveReach EventKind = 1 << iota
	// ExitThreatened: the mover was threatened by the hostile before the
	// step, whether or not it still is after it (leaving a threatened
	// square).
	ExitThreatened
	// EnterReach: the mover was not threatened before the step and is
	// after it.
	EnterReach
)

// String names the kinds set in k, joined by "|".
func (k EventKind) String() string {
	names := [...]string{"leave", "exit", "enter"}
	s := ""
	for i, n := range names {
		if k&(1<<i) != 0 {
			if s != "" {
				s += "|"
			}
			s += n
		}
	}
	if s == "" {
		return fmt.Sprintf("event(%d)", int(k))
	}
	return s
}

// Hostile is a creature whose reach a mover must mind.
type Hostile struct {
	ID   string
	Body Body
}

// ReachEvent reports that step Step of a path (the move from path[Step-1]
// to path[Step]) changed the mover's standing against hostile number
// Hostile of MoveOptions.Hostiles (whose ID is repeated for convenience).
// For LeaveReach and ExitThreatened the reaction resolves before the step:
// the mover is still at path[Step-1].
type ReachEvent struct {
	Kind    EventKind
	Hostile int
	ID      string
	Step    int
}

// MoveOptions configures Walk. The zero value walks an open grid at normal
// cost with no hostiles and no budget.
type MoveOptions struct {
	// Terrain holds cost multipliers of squares (2 doubles the cost of
	// entering; values below 2 are normal). Multipliers of one square do not
	// stack: a square has one value.
	Terrain map[Pos]int
	// Occupied marks squares filled by other creatures.
	Occupied map[Pos]bool
	// OccupiedMultiplier is the cost multiplier for entering an occupied
	// square; below 2 means none. It does not stack with Terrain: the higher
	// multiplier of the destination applies.
	OccupiedMultiplier int
	// MoverMultiplier multiplies every step (a slow way of moving such as
	// crawling); below 2 means none. It stacks with the terrain multiplier.
	MoverMultiplier int
	// MoverExtra adds squares' worth to every step after the terrain and
	// occupied multipliers (a slow way of moving whose extra cost adds to
	// the terrain's instead of multiplying it: crawling at +1 a foot makes
	// a square of multiplier 2 cost 3). It is applied before
	// MoverMultiplier.
	MoverExtra int
	// Obstacles: a step may not enter a Full square.
	Obstacles *Obstacles
	// NoCornerCutting forbids a diagonal step past the corner of a Full
	// square (a square that neither the old nor the new footprint covers
	// but their bounding box does).
	NoCornerCutting bool
	// Hostiles are the creatures whose reach raises events.
	Hostiles []Hostile
	// Report selects the event kinds to raise; 0 means LeaveReach.
	Report EventKind
	// ReachGrid measures hostile reach; nil means the walking grid. A rule
	// system may count reach and movement with different diagonal rules.
	ReachGrid *Grid
	// Limit turns on the budget: Affordable then counts the steps whose
	// running cost is at most Budget.
	Limit bool
	// Budget is the movement available, in feet, when Limit is set.
	Budget int
	// Diagonals is the number of diagonal steps already taken earlier in
	// the same move (DiagonalAlternate continues counting from it).
	Diagonals int
}

// PathResult is the outcome of Walk.
type PathResult struct {
	// Cost is the total cost in feet of every step of the path.
	Cost int
	// Affordable is the number of steps within the budget (every step when
	// MoveOptions.Limit is off).
	Affordable int
	// Diagonals is the diagonal-step count at the end, to pass on to the
	// next part of a split move.
	Diagonals int
	// EndOccupied reports that the final position overlaps an occupied
	// square (whether that is allowed is the caller's rule).
	EndOccupied bool
	// Events are the reach events in path order, then hostile order. They
	// cover the whole path; cut them at Affordable when the budget matters.
	Events []ReachEvent
}

// Move is Walk into a fresh result.
func (g Grid) Move(mover Body, path []Pos, opt *MoveOptions) (PathResult, error) {
	var r PathResult
	err := g.Walk(mover, path, opt, &r)
	return r, err
}

// Walk prices a path and lists its reach events into res, reusing
// res.Events' storage. path[0] is the mover's starting position (mover.Pos
// is ignored) and every later entry is the mover's north-west square after
// one step to a neighbouring square (sides, corners, and one level up or
// down).
//
// A step's base cost is one square, or for a diagonal step (one changing
// two or more axes) the grid's rule: always one square (DiagonalOne),
// alternately one and two squares counting from opt.Diagonals
// (DiagonalAlternate), or the straight-line length (DiagonalEuclid). The
// base cost is multiplied by the destination's terrain multiplier (the
// highest over the squares the mover will fill, and at least the occupied
// multiplier when one of them is occupied), plus the mover's extra, then
// times the mover multiplier.
//
// Errors (a *errs.Error of layer "kernel"): a path with no square, a step
// that is not to a neighbouring square, a step into a Full square, and a
// diagonal step cutting a Full corner when opt.NoCornerCutting is set.
// On error res holds the steps priced so far.
func (g Grid) Walk(mover Body, path []Pos, opt *MoveOptions, res *PathResult) error {
	var zero MoveOptions
	if opt == nil {
		opt = &zero
	}
	res.Cost, res.Affordable, res.Diagonals, res.EndOccupied = 0, 0, opt.Diagonals, false
	res.Events = res.Events[:0]
	if len(path) == 0 {
		return kernelErr("a path needs at least its starting square")
	}
	rg := g
	if opt.ReachGrid != nil {
		rg = *opt.ReachGrid
	}
	report := opt.Report
	if report == 0 {
		report = LeaveReach
	}
	u := g.unit()
	w, h := mover.Space.Dims()
	body := mover
	for i := 1; i < len(path); i++ {
		from, to := path[i-1], path[i]
		dx, dy, dz := to.X-from.X, to.Y-from.Y, to.Z-from.Z
		if abs(dx) > 1 || abs(dy) > 1 || abs(dz) > 1 || (dx == 0 && dy == 0 && dz == 0) {
			e := kernelErr("path step %d goes from %v to %v, which is not a neighbouring square", i, from, to)
			e.Hint = "list every square the mover passes through"
			return e
		}
		axes := 0
		for _, d := range [3]int{dx, dy, dz} {
			if d != 0 {
				axes++
			}
		}
		// Obstacles, terrain and occupancy of the destination footprint.
		mult := 1
		occupied := false
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				p := Pos{X: to.X + x, Y: to.Y + y, Z: to.Z}
				if opt.Obstacles.at(p.X, p.Y) == Full {
					return kernelErr("path step %d enters %v, which is blocked", i, p)
				}
				if m := opt.Terrain[p]; m > mult {
					mult = m
				}
				if opt.Occupied[p] {
					occupied = true
				}
			}
		}
		if occupied && opt.OccupiedMultiplier > mult {
			mult = opt.OccupiedMultiplier
		}
		if opt.MoverExtra > 0 {
			mult += opt.MoverExtra
		}
		if opt.MoverMultiplier > 1 {
			mult *= opt.MoverMultiplier
		}
		if axes >= 2 && opt.NoCornerCutting && opt.Obstacles.Len() > 0 {
			if c, ok := cutCorner(from, to, w, h, opt.Obstacles); ok {
				e := kernelErr("path step %d from %v to %v cuts the corner of blocked square %v", i, from, to, c)
				e.Hint = "step around the corner orthogonally"
				return e
			}
		}
		base := u
		if axes >= 2 {
			switch g.Diagonal {
			case DiagonalAlternate:
				res.Diagonals++
				if res.Diagonals%2 == 0 {
					base = 2 * u
				}
			case DiagonalEuclid:
				base = g.Span(dx, dy, dz)
			}
		}
		res.Cost += base * mult
		if !opt.Limit || res.Cost <= opt.Budget {
			if res.Affordable == i-1 {
				res.Affordable = i
			}
		}
		// Reach events.
		for k := range opt.Hostiles {
			hb := &opt.Hostiles[k]
			body.Pos = from
			before := rg.Threatens(hb.Body, body)
			body.Pos = to
			after := rg.Threatens(hb.Body, body)
			if before && !after && report&LeaveReach != 0 {
				res.Events = append(res.Events, ReachEvent{Kind: LeaveReach, Hostile: k, ID: hb.ID, Step: i})
			}
			if before && report&ExitThreatened != 0 {
				res.Events = append(res.Events, ReachEvent{Kind: ExitThreatened, Hostile: k, ID: hb.ID, Step: i})
			}
			if !before && after && report&EnterReach != 0 {
				res.Events = append(res.Events, ReachEvent{Kind: EnterReach, Hostile: k, ID: hb.ID, Step: i})
			}
		}
	}
	last := path[len(path)-1]
	for y := 0; y < h && !res.EndOccupied; y++ {
		for x := 0; x < w; x++ {
			if opt.Occupied[Pos{X: last.X + x, Y: last.Y + y, Z: last.Z}] {
				res.EndOccupied = true
				break
			}
		}
	}
	return nil
}

// cutCorner finds a Full square inside the bounding box of the footprints
// at from and to that neither covers.
func cutCorner(from, to Pos, w, h int, o *Obstacles) (Pos, bool) {
	x0, y0 := min(from.X, to.X), min(from.Y, to.Y)
	x1, y1 := max(from.X, to.X)+w, max(from.Y, to.Y)+h
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			inFrom := x >= from.X && x < from.X+w && y >= from.Y && y < from.Y+h
			inTo := x >= to.X && x < to.X+w && y >= to.Y && y < to.Y+h
			if !inFrom && !inTo && o.at(x, y) == Full {
				return Pos{X: x, Y: y, Z: to.Z}, true
			}
		}
	}
	return Pos{}, false
}

// CutsCorner reports whether a diagonal step of a footprint from from to to
// passes the corner of a Full square of o (a square inside the bounding
// box of both placements that neither covers).
func CutsCorner(from, to Pos, f Footprint, o *Obstacles) bool {
	if o.Len() == 0 {
		return false
	}
	w, h := f.Dims()
	_, ok := cutCorner(from, to, w, h, o)
	return ok
}
