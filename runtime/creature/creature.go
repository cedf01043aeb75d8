package creature

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/grid"
)

// Score is a named ability score.
type Score struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// Speed is a movement mode ("walk", "fly", "swim", "climb", "burrow" or any
// other name a script uses) and its speed in feet.
type Speed struct {
	Mode string `json:"mode"`
	Feet int    `json:"feet"`
}

// Size is a size category: a name and its rank on the ordered scale a
// script defines (sizes are compared by rank steps).
type Size struct {
	Name string `json:"name"`
	Rank int    `json:"rank"`
}

// AC is an armour class and the direction in which it improves. Which
// totals beat it is the scripts' business.
type AC struct {
	Value int `json:"value"`
	// Descending is set when a lower value is better.
	Descending bool `json:"descending,omitempty"`
}

// Creature is one creature's state. The exported fields are free to set;
// everything with an invariant (hit points, collections) goes through
// methods.
type Creature struct {
	ID    string
	Name  string
	Side  string
	Size  Size
	Space grid.Footprint
	// Reach is the creature's reach in feet.
	Reach int
	Pos   grid.Pos
	AC    AC

	hp, maxHP, tempHP, nonlethal, floor int
	// hpWatch, when set, counts the changes of hp (WatchHP); hpWho names
	// c in it.
	hpWatch *HPWatch
	hpWho   int

	tags       []string     // insertion order
	abilities  []Score      // sorted by name
	speeds     []Speed      // sorted by mode
	senses     []grid.Sense // sorted by name
	traits     []Trait      // insertion order
	resources  []Resource   // sorted by name
	conds      []Condition  // insertion order (ascending ID)
	condImmune []string     // sorted
	nextCond   int
	// condGen counts the changes of conds (ConditionGen).
	condGen uint64
}

func kerr(kind errs.Kind, format string, args ...any) *errs.Error {
	return errs.New(kind, "kernel", format, args...)
}

func (c *Creature) during() []string { return []string{"creature " + c.ID} }

func (c *Creature) err(format string, args ...any) *errs.Error {
	e := kerr(errs.Rule, format, args...)
	e.During = c.during()
	return e
}

func (c *Creature) negErr(what string, n int) *errs.Error {
	e := c.err("%s must not be negative, got %d", what, n)
	e.Hint = "pass an amount of 0 or more"
	return e
}

// New returns a creature at full hit points (maxHP), with a hit-point floor
// of 0 and a one-square footprint.
func New(id, name string, maxHP int) (*Creature, error) {
	c := &Creature{ID: id, Name: name, Space: grid.Square(1)}
	if maxHP < 0 {
		return nil, c.negErr("maximum hit points", maxHP)
	}
	c.hp, c.maxHP = maxHP, maxHP
	c.nextCond = 1
	return c, nil
}

// Body returns the creature's geometry for the grid package.
func (c *Creature) Body() grid.Body {
	return grid.Body{Pos: c.Pos, Space: c.Space, Reach: c.Reach}
}

// String renders a short summary, e.g. "goblin 2 (Goblin) hp 5/7 +3 temp".
func (c *Creature) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s) hp %d/%d", c.ID, c.Name, c.hp, c.maxHP)
	if c.tempHP > 0 {
		fmt.Fprintf(&b, " +%d temp", c.tempHP)
	}
	if c.nonlethal > 0 {
		fmt.Fprintf(&b, " nonlethal %d", c.nonlethal)
	}
	return b.String()
}

// ---- hit points ----

// HP returns current hit points.
func (c *Creature) HP() int { return c.hp }

// HPWatch counts the changes of hit points of the creatures that point to
// it (WatchHP) and says whose was the last: a fight keeps one a side, to
// know when a side's weakest may have changed, and whose hit points to
// look at when only one did.
type HPWatch struct {
	N    int // changes counted
	Last int // the who (WatchHP) of the creature of the last change
}

// WatchHP makes c count in w every change its current hit points may have
// made, naming itself who in w.Last (nil: no more). CopyFrom and
// UnmarshalJSON keep c's watch (and count a change); a Clone shares it,
// under the same who.
func (c *Creature) WatchHP(w *HPWatch, who int) { c.hpWatch, c.hpWho = w, who }

// hpChanged counts a change of hit points for the watch.
func (c *Creature) hpChanged() {
	if w := c.hpWatch; w != nil {
		w.N++
		w.Last = c.hpWho
	}
}

// MaxHP returns the hit-point maximum.
func (c *Creature) MaxHP() int { return c.maxHP }

// TempHP returns temporary hit points.
func (c *Creature) TempHP() int { return c.tempHP }

// Nonlethal returns the nonlethal damage total (the second damage track).
func (c *Creature) Nonlethal() int { return c.nonlethal }

// Floor returns the lowest value current hit points can reach (0 unless a
// script lowers it, for systems where hit points go negative).
func (c *Creature) Floor() int { return c.floor }

// SetHP sets current hit points, which must lie between the floor and the
// maximum.
func (c *Creature) SetHP(v int) error {
	if v < c.floor || v > c.maxHP {
		e := c.err("hit points %d out of range %d..%d", v, c.floor, c.maxHP)
		e.Hint = "use Boost to go above the maximum, SetFloor to go lower"
		return e
	}
	c.hp = v
	c.hpChanged()
	return nil
}

// SetMaxHP sets the hit-point maximum (0 or more). Current hit points above
// the new maximum drop to it.
func (c *Creature) SetMaxHP(v int) error {
	if v < 0 {
		return c.negErr("maximum hit points", v)
	}
	c.maxHP = v
	if c.hp > v {
		c.hp = v
		c.hpChanged()
	}
	return nil
}

// AdjustMaxHP changes the maximum by delta (the result must not be
// negative) and, when withCurrent is set, current hit points by the same
// amount (down to the floor). Current hit points never stay above the new
// maximum.
func (c *Creature) AdjustMaxHP(delta int, withCurrent bool) error {
	if c.maxHP+delta < 0 {
		return c.err("maximum hit points %d%+d would be negative", c.maxHP, delta)
	}
	c.maxHP += delta
	if withCurrent {
		c.hp = max(c.hp+delta, c.floor)
		c.hpChanged()
	}
	if c.hp > c.maxHP {
		c.hp = c.maxHP
		c.hpChanged()
	}
	return nil
}

// SetFloor sets the lowest value hit points can reach (0 or less). Hit
// points below the new floor rise to it.
func (c *Creature) SetFloor(v int) error {
	if v > 0 {
		return c.err("hit-point floor must be 0 or less, got %d", v)
	}
	c.floor = v
	if c.hp < v {
		c.hp = v
		c.hpChanged()
	}
	return nil
}

// Heal adds n to current hit points, capped at the maximum, and returns the
// hit points actually regained. It never touches temporary hit points or
// nonlethal damage (see HealNonlethal).
func (c *Creature) Heal(n int) (int, error) {
	if n < 0 {
		return 0, c.negErr("healing", n)
	}
	room := c.maxHP - c.hp
	if room <= 0 {
		return 0, nil
	}
	g := min(n, room)
	c.hp += g
	c.hpChanged()
	return g, nil
}

// Boost adds n to current hit points without the maximum's cap, for rule
// systems whose temporary hit points are added to current hit points and
// taken back later (record HP first, then SetHP back to it).
func (c *Creature) Boost(n int) error {
	if n < 0 {
		return c.negErr("boost", n)
	}
	c.hp += n
	c.hpChanged()
	return nil
}

// GainTemp grants n temporary hit points. They do not stack: with replace
// set the new amount takes the place of the old one, otherwise the higher
// of the two is kept. It returns the temporary hit points now held.
// GainTemp(0, true) clears them.
func (c *Creature) GainTemp(n int, replace bool) (int, error) {
	if n < 0 {
		return c.tempHP, c.negErr("temporary hit points", n)
	}
	if replace || n > c.tempHP {
		c.tempHP = n
	}
	return c.tempHP, nil
}

// AddNonlethal adds n to the nonlethal damage total. It does not touch
// hit points or temporary hit points (ApplyDamage with Nonlethal set lets
// temporary hit points absorb it first).
func (c *Creature) AddNonlethal(n int) error {
	if n < 0 {
		return c.negErr("nonlethal damage", n)
	}
	c.nonlethal += n
	return nil
}

// HealNonlethal removes up to n nonlethal damage and returns how much was
// removed.
func (c *Creature) HealNonlethal(n int) (int, error) {
	if n < 0 {
		return 0, c.negErr("nonlethal healing", n)
	}
	r := min(n, c.nonlethal)
	c.nonlethal -= r
	return r, nil
}

// NonlethalAtLeastHP reports whether there is nonlethal damage and it is at
// least current hit points.
func (c *Creature) NonlethalAtLeastHP() bool { return c.nonlethal > 0 && c.nonlethal >= c.hp }

// NonlethalExceedsHP reports whether there is nonlethal damage and it is
// more than current hit points.
func (c *Creature) NonlethalExceedsHP() bool { return c.nonlethal > 0 && c.nonlethal > c.hp }

// ---- tags ----

// AddTag appends tag unless present and reports whether it was added.
func (c *Creature) AddTag(tag string) bool {
	if slices.Contains(c.tags, tag) {
		return false
	}
	c.tags = append(c.tags, tag)
	return true
}

// RemoveTag removes tag and reports whether it was there.
func (c *Creature) RemoveTag(tag string) bool {
	i := slices.Index(c.tags, tag)
	if i < 0 {
		return false
	}
	c.tags = slices.Delete(c.tags, i, i+1)
	return true
}

// HasTag reports whether the creature has tag.
func (c *Creature) HasTag(tag string) bool { return slices.Contains(c.tags, tag) }

// TagCount returns how many tags c has.
func (c *Creature) TagCount() int { return len(c.tags) }

// Tags appends the tags, in the order they were added, to dst.
func (c *Creature) Tags(dst []string) []string { return append(dst, c.tags...) }

// ---- sorted named collections ----

// setNamed inserts or replaces v in s, kept sorted by key.
func setNamed[T any](s []T, v T, key func(*T) string) []T {
	k := key(&v)
	i, found := slices.BinarySearchFunc(s, k, func(e T, k string) int { return strings.Compare(key(&e), k) })
	if found {
		s[i] = v
		return s
	}
	return slices.Insert(s, i, v)
}

func findNamed[T any](s []T, k string, key func(*T) string) (int, bool) {
	// a plain binary search: a closure over key would allocate on every
	// lookup, and fights look speeds up at every step
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if key(&s[m]) < k {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(s) && key(&s[lo]) == k
}

func scoreKey(s *Score) string      { return s.Name }
func speedKey(s *Speed) string      { return s.Mode }
func senseKey(s *grid.Sense) string { return s.Name }

// Ability returns the score named name and whether the creature has it.
func (c *Creature) Ability(name string) (int, bool) {
	if i, ok := findNamed(c.abilities, name, scoreKey); ok {
		return c.abilities[i].Value, true
	}
	return 0, false
}

// SetAbility sets the score named name.
func (c *Creature) SetAbility(name string, v int) error {
	if name == "" {
		return c.err("an ability needs a name")
	}
	c.abilities = setNamed(c.abilities, Score{Name: name, Value: v}, scoreKey)
	return nil
}

// RemoveAbility removes a score and reports whether it was there.
func (c *Creature) RemoveAbility(name string) bool {
	i, ok := findNamed(c.abilities, name, scoreKey)
	if ok {
		c.abilities = slices.Delete(c.abilities, i, i+1)
	}
	return ok
}

// Abilities appends the scores, sorted by name, to dst.
func (c *Creature) Abilities(dst []Score) []Score { return append(dst, c.abilities...) }

// Speed returns the speed of a movement mode in feet (0 when it has none).
func (c *Creature) Speed(mode string) int {
	if i, ok := findNamed(c.speeds, mode, speedKey); ok {
		return c.speeds[i].Feet
	}
	return 0
}

// SetSpeed sets the speed of a movement mode (0 or more feet).
func (c *Creature) SetSpeed(mode string, feet int) error {
	if mode == "" {
		return c.err("a speed needs a movement mode")
	}
	if feet < 0 {
		return c.negErr("speed", feet)
	}
	c.speeds = setNamed(c.speeds, Speed{Mode: mode, Feet: feet}, speedKey)
	return nil
}

// RemoveSpeed removes a movement mode and reports whether it was there.
func (c *Creature) RemoveSpeed(mode string) bool {
	i, ok := findNamed(c.speeds, mode, speedKey)
	if ok {
		c.speeds = slices.Delete(c.speeds, i, i+1)
	}
	return ok
}

// Speeds appends the speeds, sorted by mode, to dst.
func (c *Creature) Speeds(dst []Speed) []Speed { return append(dst, c.speeds...) }

// Sense returns the range of a named sense and whether the creature has it.
func (c *Creature) Sense(name string) (int, bool) {
	if i, ok := findNamed(c.senses, name, senseKey); ok {
		return c.senses[i].Range, true
	}
	return 0, false
}

// SetSense sets a named sense's range in feet (grid.Unlimited for none).
func (c *Creature) SetSense(name string, rng int) error {
	if name == "" {
		return c.err("a sense needs a name")
	}
	c.senses = setNamed(c.senses, grid.Sense{Name: name, Range: rng}, senseKey)
	return nil
}

// RemoveSense removes a sense and reports whether it was there.
func (c *Creature) RemoveSense(name string) bool {
	i, ok := findNamed(c.senses, name, senseKey)
	if ok {
		c.senses = slices.Delete(c.senses, i, i+1)
	}
	return ok
}

// Senses appends the senses, sorted by name, to dst (ready for
// grid.Viewer).
func (c *Creature) Senses(dst []grid.Sense) []grid.Sense { return append(dst, c.senses...) }
