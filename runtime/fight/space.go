package fight

import (
	"strings"

	"github.com/dndsh/dndsh/runtime/creature"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/grid"
)

// SpaceRules are a rule system's rules of space: how the battle map is
// measured, what movement costs, who may pass whom, what cover and range
// do to an attack, who sees whom, and what a move provokes. They apply with
// and without a map: an encounter with no map is the abstraction in which
// every creature can reach every other, nothing gives cover and nothing
// blocks sight (see Situation), so the same rules hold in both.
type SpaceRules struct {
	// Grid is the square's side in feet and the diagonal rule.
	Grid grid.Grid
	// Unit names the unit of distances in output ("ft").
	Unit string
	// Sizes gives the footprint (and natural reach, when set) of each size
	// name, for creatures whose stat block gives no space.
	Sizes map[string]SizeRule
	// DefaultSize is the size of a creature whose stat block gives none.
	DefaultSize string
	// AreaRules gives a shape's inside rule when an area names none
	// (missing: grid.RuleCentre).
	AreaRules map[grid.Shape]grid.AreaRule
	// AreaLine: a creature with total cover from an area's origin by the
	// map's walls is not in the area (5e: an area reaches only where a
	// straight line from its point of origin is unblocked).
	AreaLine bool
	// Unarmed, when On, makes unarmed strikes threaten nothing (3.0): a
	// melee attack of weapon group Group, or whose name contains Named
	// (any case), has NoThreat unless its creature has one of ArmedTags
	// (Improved Unarmed Strike, natural weapons).
	Unarmed UnarmedRule

	// Movement. A step's base cost is the grid's (one square, or the
	// diagonal rule's); entering difficult terrain adds DifficultExtra feet
	// per foot (additive rules: each source of extra cost adds its own, and
	// difficult terrain counts once however many features make it so) or
	// multiplies the step by DifficultMul (multiplicative rules). A
	// condition's MoveExtra (crawling) adds to the extra cost.
	DifficultExtra int
	DifficultMul   int
	// NoCornerCutting forbids a diagonal step past a wall's corner.
	NoCornerCutting bool
	// AllyDifficult: an ally's space counts as difficult terrain.
	AllyDifficult bool
	// PassSizeDiff: a creature may move through a hostile creature's space
	// when their sizes differ by at least this many ranks (0: never).
	PassSizeDiff int
	// PassUnable: a creature may move through the space of a hostile that
	// cannot act (a condition with NoActions).
	PassUnable bool
	// PassTiny names the size whose spaces anyone may pass through (and
	// which is not difficult terrain), "" for none.
	PassTiny string
	// AllySpaceDifficult: moving through an ally's space is difficult
	// terrain too.
	AllySpaceDifficult bool
	// EndSizeDiff: a creature may end its move in the space of a creature
	// whose size differs from its own by at least this many ranks (0:
	// never).
	EndSizeDiff int
	// NoPassTag: nobody moves through the space of a creature with this
	// tag, whatever the sizes (a creature that fills its space).
	NoPassTag string
	// TinyEnds: a creature of the PassTiny size may end its move in
	// another creature's space (to attack it there).
	TinyEnds bool

	// Cover: the grid's corner-count policy, whether creatures in between
	// give partial cover, and what each grade does.
	Cover         grid.CoverPolicy
	CreatureCover bool
	CoverEffects  [4]CoverEffect

	// Range of ranged attacks.
	Range RangeRule
	// RangedInMelee: a ranged attack made while an enemy is close.
	RangedInMelee InMeleeRule
	// Sight is the sight policy (special senses) and what being unseen does
	// to an attack roll.
	Sight SightRule
	// Flank: a melee attack on a target that an ally threatens from the
	// opposite side (Flank.On).
	Flank FlankRule
	// Opportunity is the attack a move out of reach provokes (nil: none).
	Opportunity *OpportunityRule
	// Turn is how the kernel plays a creature's turn on a map.
	Turn TurnRule
	// NoMapRanged is the distance, in feet, of a ranged attack in a fight
	// without a map (never more than the attack's normal range).
	NoMapRanged int
	// DefaultSpeed is the walking speed of a creature whose stat block
	// gives no speed at all.
	DefaultSpeed int
}

// SizeRule is what a size category means on the map.
type SizeRule struct {
	Rank  int
	Space grid.Footprint
	Reach int // natural reach in feet; 0 leaves the stat block's
}

// CoverEffect is what a degree of cover gives a target.
type CoverEffect struct {
	AC, Save     int
	Untargetable bool
}

// AdvMod is an advantage level and a flat modifier.
type AdvMod struct {
	Adv, Mod int
}

// RangeRule says what distance does to ranged attacks. An attack's Range
// lists its band limits in feet (normal, long; or short, medium, long):
// within the first band nothing changes, within band i (from 1) Bands[i-1]
// applies, beyond the last band the attack is not allowed. With Increment
// set, an attack's Range[0] is a range increment instead: each full
// increment past the first gives PerIncrement, up to MaxIncrements.
type RangeRule struct {
	Bands         []AdvMod
	Increments    bool
	PerIncrement  int
	MaxIncrements int
	// Full counts only full increments between attacker and target: the
	// band is distance / increment (no effect below one increment, one
	// PerIncrement at exactly one), up to MaxIncrements increments away.
	Full bool
}

// InMeleeRule: a ranged attack made while an enemy within Within feet (that
// sees the attacker, when NeedsSight, and can act, when NeedsAble) gets
// the AdvMod. Within 0 turns it off.
type InMeleeRule struct {
	Within     int
	Effect     AdvMod
	NeedsSight bool
	NeedsAble  bool
	// Target: the rule is about the target instead: a ranged attack on a
	// target engaged in melee with an ally of the attacker (each threatens
	// the other) within Within feet of it. UnlessTag: an attacker with this
	// tag ignores the rule (a feat).
	Target    bool
	UnlessTag string
}

// SightRule is who perceives whom and what it does to attacks: an attack
// on a target the attacker cannot perceive gets TargetUnseen, an attack by
// an attacker the target cannot perceive gets AttackerUnseen.
type SightRule struct {
	Policy         grid.SightPolicy
	TargetUnseen   int
	AttackerUnseen int
	// TargetObscured applies when the attacker sees the target lightly
	// obscured; AttackerObscured when the target sees the attacker so.
	TargetObscured, AttackerObscured int
	// BonusNeedsClear: AttackerUnseen and AttackerObscured apply only when
	// the attacker sees the target clearly (seen, not obscured).
	BonusNeedsClear bool
	// TargetUnseenMiss is the percent chance that a hit on a target the
	// attacker cannot perceive misses (total concealment).
	TargetUnseenMiss int
}

// FlankRule: a melee attack on a target that an ally of the attacker also
// threatens from the opposite side gets Effect.
type FlankRule struct {
	On     bool
	Effect AdvMod
}

// OpportunityRule is the attack a creature may make when an enemy moves
// out of its reach (LeaveReach) or out of a square it threatens
// (ExitThreatened).
type OpportunityRule struct {
	Trigger grid.EventKind
	// Slot is the action slot it spends ("reaction"); the attacker needs
	// one left.
	Slot string
	// NeedsSight: the attacker must perceive the mover.
	NeedsSight bool
	// UnlessTag: a mover with this tag provokes nothing ("disengaged").
	UnlessTag string
	// MaxCover: no opportunity attack against a mover with better cover.
	MaxCover grid.CoverGrade
	// Engaged: only a hostile whose reach the mover stood in when its move
	// began may attack (leaving an engagement provokes, passing by does
	// not).
	Engaged bool
}

// TurnRule is how the kernel's default turn moves a creature on a map
// before its attack action.
type TurnRule struct {
	// FullAttackMove is the most a creature may move and still make every
	// attack of its attack action (-1: any distance within its speed); a
	// creature that moves farther makes only the first.
	FullAttackMove int
	// DoubleMove: a creature that cannot reach its target this turn may
	// give up its attacks to move twice its speed (Dash, double move).
	DoubleMove bool
	// DoubleMoveTag is added to the creature for the turn when it does
	// (the tag a rule system's hooks see), "" for none.
	DoubleMoveTag string
	// DashRepeats: each Dash of the turn adds the speed again (5e: the
	// Dash action and a Bonus Action Dash); else a creature dashes once a
	// turn (3.0's double move).
	DashRepeats bool
	// FreeStep: a move of at most this many feet by a creature that has not
	// moved this turn provokes nothing, and it moves no farther this turn
	// (a 5-foot step); 0 for none.
	FreeStep int
	// MoveOnlySafe: on a turn spent only moving (a double move, fleeing)
	// leaving the starting square provokes nothing.
	MoveOnlySafe bool
	// Charge, when set, lets a creature move in a straight line and make
	// one attack (see ChargeRule).
	Charge *ChargeRule
	// SurprisePartial: in a surprise round every creature takes only a
	// partial action, as a condition's Partial imposes.
	SurprisePartial bool
}

// ChargeRule is a charge: a creature that has not moved this turn moves at
// least Min feet and at most Mul times its speed (PartialMul when it takes
// only a partial action) in a straight line, stopping at the first square
// from which it reaches its target, and makes one attack with AttackMod.
// Condition is added to it (its price, until its next turn). With Prefer
// the default turn charges whenever it can rather than move and attack.
type ChargeRule struct {
	Min, Mul, PartialMul int
	AttackMod            int
	Condition            string
	Prefer               bool
}

// DefaultSpaceRules are 5-foot squares where every diagonal counts one
// square, reach 5 ft, the usual corner-count cover table and no rules
// beyond the geometry.
func DefaultSpaceRules() SpaceRules {
	return SpaceRules{Grid: grid.Grid{Square: 5}, Unit: "ft", Cover: grid.DefaultCoverPolicy(),
		Turn: TurnRule{FullAttackMove: -1}, NoMapRanged: 30}
}

// Space is where a fight takes place: its map and who stands where. A
// fight with no map has no Space.
type Space struct {
	Map *grid.Map
	// occ counts the fighters standing on each square (dead and fled ones
	// leave the map); cover sees them through the overlay.
	occ []uint8
	// who is, where occ is 1, the fighter standing there when known (nil:
	// look it up among the fighters)
	who   []*Fighter
	cover *grid.Obstacles
	path  pathScratch
	mv    moveScratch
	memo  pathMemo
}

// NewSpace returns the space of a map.
func NewSpace(m *grid.Map) *Space {
	s := &Space{Map: m, occ: make([]uint8, m.W*m.H), who: make([]*Fighter, m.W*m.H)}
	s.cover = m.Walls.WithOverlay(s.occ)
	return s
}

// Map returns the fight's map, or nil.
func (f *Fight) Map() *grid.Map {
	if f.Space == nil {
		return nil
	}
	return f.Space.Map
}

// SetSpace gives the fight a map (nil: none). Fighters keep their
// positions; call Place or set their Base positions before Reset.
func (f *Fight) SetSpace(s *Space) { f.Space = s }

// body returns x's body now, with its threat reach.
func (x *Fighter) body() grid.Body {
	return grid.Body{Pos: x.C.Pos, Space: x.C.Space, Reach: x.reach, ReachMin: x.reachMin}
}

// Body returns x's position, footprint and the reach it threatens.
func (x *Fighter) Body() grid.Body { return x.body() }

// onMap reports whether x stands on the map (not dead, not fled).
func (x *Fighter) onMap() bool { return !x.Dead && !x.Fled }

// occupy adds (+1) or removes (-1) x's squares from the occupancy.
func (s *Space) occupy(x *Fighter, d int) {
	w, h := x.C.Space.Dims()
	p := x.C.Pos
	if w == 1 && h == 1 && p.X >= 0 && p.Y >= 0 && p.X < s.Map.W && p.Y < s.Map.H {
		// the loop below for its one square
		i := p.Y*s.Map.W + p.X
		s.occ[i] = uint8(int(s.occ[i]) + d)
		if d > 0 && s.occ[i] == 1 {
			s.who[i] = x
		} else {
			s.who[i] = nil
		}
		return
	}
	for y := p.Y; y < p.Y+h; y++ {
		for xx := p.X; xx < p.X+w; xx++ {
			if xx < 0 || y < 0 || xx >= s.Map.W || y >= s.Map.H {
				continue
			}
			i := y*s.Map.W + xx
			s.occ[i] = uint8(int(s.occ[i]) + d)
			if d > 0 && s.occ[i] == 1 {
				s.who[i] = x
			} else {
				s.who[i] = nil
			}
		}
	}
}

// stepTo moves x, counted in the occupancy, to p: occupy(x, -1), the move,
// occupy(x, 1), in one go for one square on the map to another
// (TestStepToIsOccupy).
func (s *Space) stepTo(x *Fighter, p grid.Pos) {
	a, w, h := x.C.Pos, s.Map.W, s.Map.H
	if fp := x.C.Space; fp.W <= 1 && fp.H <= 1 && uint(a.X) < uint(w) && uint(a.Y) < uint(h) && uint(p.X) < uint(w) && uint(p.Y) < uint(h) {
		i := a.Y*w + a.X
		s.occ[i]--
		s.who[i] = nil
		x.C.Pos = p
		j := p.Y*w + p.X
		s.occ[j]++
		if s.occ[j] == 1 {
			s.who[j] = x
		} else {
			s.who[j] = nil
		}
		return
	}
	s.occupy(x, -1)
	x.C.Pos = p
	s.occupy(x, 1)
}

// only returns the one fighter standing on square q (index i) when the
// occupancy knows it, else nil (nobody, several, or not known).
func (s *Space) only(i int, q grid.Pos) *Fighter {
	if s.occ[i] != 1 {
		return nil
	}
	if o := s.who[i]; o != nil && o.onMapNow && o.C.Space.Covers(o.C.Pos, q) {
		return o
	}
	return nil
}

// reset rebuilds the occupancy from the fighters' positions.
func (s *Space) reset(fs []*Fighter) {
	clear(s.occ)
	clear(s.who)
	for _, x := range fs {
		if x.onMap() {
			s.occupy(x, 1)
		}
	}
}

// syncMap brings x's occupancy and dormancy in line with its state (called when a
// fighter dies, flees or is revived).
func (f *Fight) syncMap(x *Fighter) {
	if (x.Dead || x.Fled) && f.enc != nil {
		// nothing is played on its turns from now on (Run would mark it
		// when its turn came): the encounter passes its steps by itself
		// until revive wakes it
		f.enc.SetDormant(x.part, true)
	}
	if f.Space == nil {
		return
	}
	on := x.onMap()
	if on == x.onMapNow {
		return
	}
	if on {
		f.Space.occupy(x, 1)
	} else {
		f.Space.occupy(x, -1)
	}
	x.onMapNow = on
}

// CheckPlacement reports why x cannot stand at p on the map: off the map,
// on a wall, or on a square another fighter fills ("" when it can).
func (f *Fight) CheckPlacement(x *Fighter, p grid.Pos) string {
	m := f.Map()
	if m == nil {
		return ""
	}
	if !m.Fits(p, x.C.Space) {
		return "off the map"
	}
	w, h := x.C.Space.Dims()
	for y := p.Y; y < p.Y+h; y++ {
		for xx := p.X; xx < p.X+w; xx++ {
			q := grid.Pos{X: xx, Y: y}
			if m.Blocked(q) {
				return "on a wall"
			}
			for _, o := range f.Fighters {
				if o != x && o.onMapNow && o.C.Space.Covers(o.C.Pos, q) && !(x.C.Space.Shared && o.C.Space.Shared) {
					return "on a square " + o.ID + " fills"
				}
			}
		}
	}
	return ""
}

// Place puts x at p (its Base position too, for every later trial).
func (f *Fight) Place(x *Fighter, p grid.Pos) error {
	if why := f.CheckPlacement(x, p); why != "" {
		e := errs.New(errs.Rule, "kernel", "%s cannot stand at %v: %s", x.ID, p, why)
		e.Hint = "choose an open square of the map"
		return e
	}
	if f.Space != nil && x.onMapNow {
		f.Space.occupy(x, -1)
	}
	x.C.Pos = p
	if x.Base != nil {
		x.Base.Pos = p
	}
	if f.Space != nil && x.onMap() {
		f.Space.occupy(x, 1)
		x.onMapNow = true
	}
	return nil
}

// Distance returns the distance in feet between two fighters: between
// their nearest squares on the map; without a map, that of the attack a
// would make (melee: one square; ranged: the rules' NoMapRanged, at most
// the attack's normal range).
func (f *Fight) Distance(x, y *Fighter, a *Attack) int {
	sr := &f.Rules.Space
	if f.Space == nil {
		if a != nil && a.Ranged {
			d := sr.NoMapRanged
			if d <= 0 {
				d = 2 * sr.unit() // beyond the first square
			}
			if len(a.Range) > 0 && a.Range[0] < d {
				d = a.Range[0]
			}
			return d
		}
		return sr.unit()
	}
	return sr.Grid.BetweenOf(&x.C.Pos, &x.C.Space, &y.C.Pos, &y.C.Space)
}

func (sr *SpaceRules) unit() int {
	if sr.Grid.Square > 0 {
		return sr.Grid.Square
	}
	return 5
}

// Reaches reports whether attack a of x can be made against y as they
// stand: a melee attack within its reach band, a ranged one within its
// last range band. Without a map every attack reaches.
func (f *Fight) Reaches(x, y *Fighter, a *Attack) bool {
	if f.Space == nil {
		return true
	}
	d := f.Rules.Space.Grid.BetweenOf(&x.C.Pos, &x.C.Space, &y.C.Pos, &y.C.Space)
	return f.Rules.Space.inRange(a, d)
}

// inRange reports whether attack a may be made at distance d.
func (sr *SpaceRules) inRange(a *Attack, d int) bool {
	if !a.Ranged {
		return d <= a.reachFeet(sr.unit()) && d >= a.ReachMin
	}
	return sr.rangeBand(a, d) >= 0
}

// rangeBand returns the band of a ranged attack at distance d (0: the
// first band, no effect), or -1 beyond the last band.
func (sr *SpaceRules) rangeBand(a *Attack, d int) int {
	rr := &sr.Range
	if len(a.Range) == 0 {
		return 0 // no range given: any distance, no effect
	}
	if rr.Increments {
		inc := a.Range[0]
		if inc <= 0 {
			return 0
		}
		max := rr.MaxIncrements
		if len(a.Range) > 1 && a.Range[1] > 0 {
			max = a.Range[1]
		}
		if rr.Full {
			if max > 0 && d > max*inc {
				return -1
			}
			return d / inc
		}
		n := (d + inc - 1) / inc // increments counted, 1 for d <= inc
		if n < 1 {
			n = 1
		}
		if max > 0 && n > max {
			return -1
		}
		return n - 1
	}
	for i, lim := range a.Range {
		if d <= lim {
			return i
		}
	}
	return -1
}

// rangeEffect is what band b does to an attack.
func (sr *SpaceRules) rangeEffect(b int) AdvMod {
	rr := &sr.Range
	if b <= 0 {
		return AdvMod{}
	}
	if rr.Increments {
		return AdvMod{Mod: rr.PerIncrement * b}
	}
	if b-1 < len(rr.Bands) {
		return rr.Bands[b-1]
	}
	if len(rr.Bands) > 0 {
		return rr.Bands[len(rr.Bands)-1]
	}
	return AdvMod{}
}

// InArea returns the fighters on the map with a square of their space in
// area (fight order; a slice reused by the next call). Without a map it
// returns nil.
func (f *Fight) InArea(a *grid.Area) ([]*Fighter, error) {
	if f.Space == nil {
		return nil, nil
	}
	if err := a.Validate(); err != nil {
		return nil, err
	}
	g := f.Rules.Space.Grid
	out := f.areaBuf[:0]
	for _, x := range f.Fighters {
		if !x.onMap() {
			continue
		}
		w, h := x.C.Space.Dims()
		in := false
		for y := 0; y < h && !in; y++ {
			for xx := 0; xx < w && !in; xx++ {
				p := grid.Pos{X: x.C.Pos.X + xx, Y: x.C.Pos.Y + y, Z: x.C.Pos.Z}
				in = a.Contains(g, p)
			}
		}
		if in && f.Rules.Space.AreaLine &&
			f.Space.Map.Walls.CoverFrom(a.Origin, x.body(), &f.Rules.Space.Cover).Grade == grid.CoverTotal {
			in = false // no unblocked line from the origin
		}
		if in {
			out = append(out, x)
		}
	}
	f.areaBuf = out
	return out, nil
}

// CoverFrom grades the cover x has against an effect from origin (walls,
// and creatures in between when the rules say creatures cover).
func (f *Fight) CoverFrom(origin grid.Point, x *Fighter) grid.CoverGrade {
	if f.Space == nil {
		return grid.CoverNone
	}
	o := f.Space.Map.Walls
	if f.Rules.Space.CreatureCover {
		o = f.Space.cover
	}
	return o.CoverFrom(origin, x.body(), &f.Rules.Space.Cover).Grade
}

// Cover grades the cover target has against attacker.
func (f *Fight) Cover(attacker, target *Fighter) grid.CoverGrade {
	if f.Space == nil {
		return grid.CoverNone
	}
	ab, tb := attacker.body(), target.body()
	if grid.Adjacent(ab, tb) || grid.Overlap(ab, tb) {
		return grid.CoverNone // a shared corner or side: every line is clear
	}
	o := f.Space.Map.Walls
	if f.Rules.Space.CreatureCover {
		if o.Len() == 0 && !f.anyBetween(ab, tb, attacker, target) {
			return grid.CoverNone
		}
		o = f.Space.cover
	} else if o.Len() == 0 {
		return grid.CoverNone
	}
	return o.Cover(ab, tb, &f.Rules.Space.Cover).Grade
}

// coverAt is Cover(attacker, target) when d is the map's distance between
// them (Distance's): within one square of the grid's distance (its feet,
// or 1 counting squares) the two are side by side, corner to corner or
// overlapping, which leaves no cover (grid's TestWithinASquare), and Cover
// need not be asked.
func (f *Fight) coverAt(attacker, target *Fighter, d int) grid.CoverGrade {
	if d <= max(f.Rules.Space.Grid.Square, 1) {
		return grid.CoverNone
	}
	return f.Cover(attacker, target)
}

// anyBetween reports whether some other fighter's space overlaps the
// bounding box of a and b (only then can a creature be in the way).
func (f *Fight) anyBetween(a, b grid.Body, xa, xb *Fighter) bool {
	aw, ah := a.Space.Dims()
	bw, bh := b.Space.Dims()
	x0, y0 := min(a.Pos.X, b.Pos.X), min(a.Pos.Y, b.Pos.Y)
	x1, y1 := max(a.Pos.X+aw, b.Pos.X+bw), max(a.Pos.Y+ah, b.Pos.Y+bh)
	for _, o := range f.Fighters {
		if o == xa || o == xb || !o.onMap() {
			continue
		}
		w, h := o.C.Space.Dims()
		if o.C.Pos.X < x1 && o.C.Pos.X+w > x0 && o.C.Pos.Y < y1 && o.C.Pos.Y+h > y0 {
			return true
		}
	}
	return false
}

// rankOf is sr.sizeRank(x.C), kept with x while its size's name stays
// the same (the rules' sizes do not change during a fight). memoKey reads
// the kept rank inline under the same test.
func (sr *SpaceRules) rankOf(x *Fighter) int {
	c := x.C
	if c.Size.Rank > 0 {
		return c.Size.Rank
	}
	if !x.rankKnown || c.Size.Name != x.rankName {
		x.rankName, x.rankVal, x.rankKnown = c.Size.Name, sr.sizeRank(c), true
	}
	return x.rankVal
}

// sizeRank returns c's size rank under the rules (its own when set).
func (sr *SpaceRules) sizeRank(c *creature.Creature) int {
	if c.Size.Rank > 0 {
		return c.Size.Rank
	}
	name := c.Size.Name
	if name == "" {
		name = sr.DefaultSize
	}
	if s, ok := sr.Sizes[name]; ok {
		return s.Rank
	}
	return 0
}

// ResetSpace rebuilds the map's occupancy from where the fighters stand
// (after a map is given to a table fight, or positions set by hand).
func (f *Fight) ResetSpace() {
	if f.Space == nil {
		return
	}
	for _, x := range f.Fighters {
		x.onMapNow = x.onMap()
	}
	f.Space.reset(f.Fighters)
}

// AimResult scores an area: the enemies and allies of its maker inside.
type AimResult struct {
	Toward          grid.Pos
	Enemies, Allies int
	Score           int
	Targets         []*Fighter
}

// ScoreArea counts x's enemies and allies (itself left out) in area a;
// the score is enemies minus allyWeight per ally. Targets is reused by the
// next call.
func (f *Fight) ScoreArea(x *Fighter, a *grid.Area, allyWeight int) (AimResult, error) {
	in, err := f.InArea(a)
	if err != nil {
		return AimResult{}, err
	}
	var r AimResult
	for _, y := range in {
		if y == x || y.Out {
			continue
		}
		if y.Side == x.Side {
			r.Allies++
		} else {
			r.Enemies++
		}
	}
	r.Targets = append([]*Fighter(nil), in...)
	r.Score = r.Enemies - allyWeight*r.Allies
	return r, nil
}

// Provoke lets every enemy that threatens x make the rules' opportunity
// attack (x did something that provokes); it returns those that did.
func (f *Fight) Provoke(x *Fighter) ([]*Fighter, error) {
	var did []*Fighter
	if f.Rules.Space.Opportunity == nil {
		return nil, nil
	}
	g := f.Rules.Space.Grid
	xb := x.body()
	for _, h := range f.Fighters {
		if h.Out || h.Side == x.Side || !f.threatening(h) {
			continue
		}
		if f.Space != nil && !g.Threatens(h.body(), xb) {
			continue
		}
		ok, err := f.Opportunity(h, x)
		if err != nil {
			return did, err
		}
		if ok {
			did = append(did, h)
		}
		if x.Out {
			break
		}
	}
	return did, nil
}

// UnarmedRule is the rules' unarmed strike that threatens nothing (see
// SpaceRules.Unarmed).
type UnarmedRule struct {
	On        bool
	Group     string
	Named     string
	ArmedTags []string
}

// unarmedThreatless reports whether x's melee attack a is an unarmed
// strike that threatens nothing under rule u.
func (u *UnarmedRule) unarmedThreatless(x *Fighter, a *Attack) bool {
	if !u.On || !(a.Group != "" && a.Group == u.Group || u.Named != "" && containsFold(a.Name, u.Named)) {
		return false
	}
	for _, t := range u.ArmedTags {
		if x.C.HasTag(t) {
			return false
		}
	}
	return true
}

// containsFold reports whether s contains sub, ignoring case (without the
// copy strings.ToLower makes).
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// threatening reports whether y threatens squares at all: it has a melee
// attack that threatens and no condition that takes its threat away.
func (f *Fight) threatening(y *Fighter) bool {
	if !y.threat {
		return false
	}
	if y.C.ConditionCount() == 0 || len(f.Rules.Conditions) == 0 {
		return true
	}
	for _, in := range f.effectsNow(y) {
		if in.ef.NoThreat {
			return false
		}
	}
	return true
}
