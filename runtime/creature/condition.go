package creature

import (
	"fmt"
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Stacking is what adding a condition the creature already has does. The
// caller gives it per condition name (scripts define conditions; the
// kernel only keeps instances).
type Stacking uint8

// The stacking policies.
const (
	// StackKeep: one instance per name; adding again keeps the existing
	// instance unchanged.
	StackKeep Stacking = iota
	// StackRefresh: one instance per name; adding again replaces its level,
	// source and duration (its ID stays).
	StackRefresh
	// StackLevels: one instance per (name, source), each holding levels;
	// adding increments the instance of that source by Level (1 when not
	// given), keeping the total over all sources at or below MaxLevel.
	// Level reports the total.
	StackLevels
	// StackIndependent: every add is a new instance with its own source and
	// duration; the condition lasts while any instance does.
	StackIndependent
)

var stackingNames = [...]string{"keep", "refresh", "levels", "independent"}

// String returns "keep", "refresh", "levels" or "independent".
func (s Stacking) String() string {
	if int(s) < len(stackingNames) {
		return stackingNames[s]
	}
	return fmt.Sprintf("stacking(%d)", int(s))
}

// CondSpec is the stacking rule of a condition name.
type CondSpec struct {
	Stacking Stacking
	// MaxLevel caps the total level of a StackLevels condition; 0 means no
	// cap.
	MaxLevel int
}

// Condition is one instance of a condition on a creature.
type Condition struct {
	// ID identifies the instance on its creature (assigned by
	// AddCondition, never reused).
	ID   int    `json:"id"`
	Name string `json:"name"`
	// Level is the instance's level (0 for conditions without levels).
	Level int `json:"level,omitempty"`
	// Source is who or what imposed it (a creature id, an effect name).
	Source string `json:"source,omitempty"`
	// Duration is an opaque handle the combat layer understands; 0 means
	// none. ExpireDuration removes every instance holding a handle.
	Duration int `json:"duration,omitempty"`
}

// AddResult reports what AddCondition did.
type AddResult struct {
	// ID is the instance added, refreshed, raised or kept (0 when immune or
	// nothing could be added).
	ID int
	// Added is set when a new instance was created.
	Added bool
	// Changed is set when an existing instance was refreshed or raised.
	Changed bool
	// Immune is set when the creature is immune to the condition: it is
	// treated as never applied.
	Immune bool
	// Level is the condition's total level afterwards (see Level).
	Level int
}

// SetConditionImmune makes the creature immune (or no longer immune) to a
// condition name. Immunity does not remove instances already present.
func (c *Creature) SetConditionImmune(name string, immune bool) {
	i, found := slices.BinarySearch(c.condImmune, name)
	switch {
	case immune && !found:
		c.condImmune = slices.Insert(c.condImmune, i, name)
	case !immune && found:
		c.condImmune = slices.Delete(c.condImmune, i, i+1)
	}
}

// ConditionImmune reports whether the creature is immune to a condition.
func (c *Creature) ConditionImmune(name string) bool {
	_, found := slices.BinarySearch(c.condImmune, name)
	return found
}

// AddCondition adds an instance of cond.Name under spec's stacking rule.
// cond.ID is ignored. A negative level is an error.
func (c *Creature) AddCondition(cond Condition, spec CondSpec) (AddResult, error) {
	c.condGen++
	if cond.Name == "" {
		return AddResult{}, c.err("a condition needs a name")
	}
	if cond.Level < 0 || spec.MaxLevel < 0 {
		e := c.err("condition %s: level %d (max %d) must not be negative", cond.Name, cond.Level, spec.MaxLevel)
		return AddResult{}, e
	}
	if c.ConditionImmune(cond.Name) {
		return AddResult{Immune: true, Level: c.Level(cond.Name)}, nil
	}
	switch spec.Stacking {
	case StackKeep, StackRefresh:
		if i := c.firstNamed(cond.Name); i >= 0 {
			if spec.Stacking == StackKeep {
				return AddResult{ID: c.conds[i].ID, Level: c.Level(cond.Name)}, nil
			}
			in := &c.conds[i]
			in.Level, in.Source, in.Duration = cond.Level, cond.Source, cond.Duration
			return AddResult{ID: in.ID, Changed: true, Level: c.Level(cond.Name)}, nil
		}
	case StackLevels:
		inc := cond.Level
		if inc == 0 {
			inc = 1
		}
		total := c.Level(cond.Name)
		if spec.MaxLevel > 0 {
			inc = min(inc, spec.MaxLevel-total)
		}
		if inc <= 0 {
			return AddResult{Level: total}, nil
		}
		for i := range c.conds {
			in := &c.conds[i]
			if in.Name == cond.Name && in.Source == cond.Source {
				in.Level += inc
				if cond.Duration != 0 {
					in.Duration = cond.Duration
				}
				return AddResult{ID: in.ID, Changed: true, Level: total + inc}, nil
			}
		}
		cond.Level = inc
	case StackIndependent:
	default:
		return AddResult{}, c.err("condition %s: unknown stacking policy %d", cond.Name, int(spec.Stacking))
	}
	if c.nextCond < 1 {
		c.nextCond = 1
	}
	cond.ID = c.nextCond
	c.nextCond++
	c.conds = append(c.conds, cond)
	return AddResult{ID: cond.ID, Added: true, Level: c.Level(cond.Name)}, nil
}

func (c *Creature) firstNamed(name string) int {
	for i := range c.conds {
		if c.conds[i].Name == name {
			return i
		}
	}
	return -1
}

// HasCondition reports whether any instance of the named condition is
// present.
func (c *Creature) HasCondition(name string) bool { return c.firstNamed(name) >= 0 }

// HasConditionFrom reports whether an instance of the named condition has
// the given source.
func (c *Creature) HasConditionFrom(name, source string) bool {
	for i := range c.conds {
		if c.conds[i].Name == name && c.conds[i].Source == source {
			return true
		}
	}
	return false
}

// Level returns the sum of the levels of the named condition's instances
// (0 when absent; use HasCondition for presence of a condition without
// levels).
func (c *Creature) Level(name string) int {
	n := 0
	for i := range c.conds {
		if c.conds[i].Name == name {
			n += c.conds[i].Level
		}
	}
	return n
}

// Condition returns the instance with the given ID.
func (c *Creature) Condition(id int) (Condition, bool) {
	for _, in := range c.conds {
		if in.ID == id {
			return in, true
		}
	}
	return Condition{}, false
}

// Conditions appends every instance, oldest first, to dst.
func (c *Creature) Conditions(dst []Condition) []Condition { return append(dst, c.conds...) }

// ConditionCount returns how many condition instances c has.
func (c *Creature) ConditionCount() int { return len(c.conds) }

// ConditionGen counts the calls that may have changed c's conditions
// (adding, removing, lowering, CopyFrom): while it stays the same, so do
// the conditions, and what a caller worked out from them holds.
func (c *Creature) ConditionGen() uint64 { return c.condGen }

// ConditionsNamed appends the instances of one condition, oldest first, to
// dst.
func (c *Creature) ConditionsNamed(name string, dst []Condition) []Condition {
	for _, in := range c.conds {
		if in.Name == name {
			dst = append(dst, in)
		}
	}
	return dst
}

// removeWhere removes the instances matching f, appending them to dst.
func (c *Creature) removeWhere(dst []Condition, f func(*Condition) bool) []Condition {
	c.condGen++
	k := 0
	for i := range c.conds {
		if f(&c.conds[i]) {
			dst = append(dst, c.conds[i])
			continue
		}
		c.conds[k] = c.conds[i]
		k++
	}
	clear(c.conds[k:])
	c.conds = c.conds[:k]
	return dst
}

// RemoveCondition removes every instance of a condition and returns how
// many there were.
func (c *Creature) RemoveCondition(name string) int {
	c.condGen++
	k := 0
	for i := range c.conds {
		if c.conds[i].Name != name {
			c.conds[k] = c.conds[i]
			k++
		}
	}
	n := len(c.conds) - k
	clear(c.conds[k:])
	c.conds = c.conds[:k]
	return n
}

// RemoveConditionID removes one instance and reports whether it existed.
func (c *Creature) RemoveConditionID(id int) bool {
	// removeWhere's pass written out: no list of the removed to build
	k := 0
	for i := range c.conds {
		if c.conds[i].ID != id {
			c.conds[k] = c.conds[i]
			k++
		}
	}
	if k == len(c.conds) {
		return false
	}
	c.condGen++
	clear(c.conds[k:])
	c.conds = c.conds[:k]
	return true
}

// RemoveConditionsBySource removes every instance imposed by source and
// appends them to dst.
func (c *Creature) RemoveConditionsBySource(source string, dst []Condition) []Condition {
	return c.removeWhere(dst, func(in *Condition) bool { return in.Source == source })
}

// ExpireDuration removes every instance holding the duration handle and
// appends them to dst. Handle 0 (no duration) expires nothing.
func (c *Creature) ExpireDuration(handle int, dst []Condition) []Condition {
	if handle == 0 {
		return dst
	}
	return c.removeWhere(dst, func(in *Condition) bool { return in.Duration == handle })
}

// ReduceLevel lowers the named condition's level by up to n and returns by
// how much it was lowered. With a source, only that source's instance is
// lowered; with source "", the newest instances are lowered first.
// Instances reaching level 0 are removed.
func (c *Creature) ReduceLevel(name, source string, n int) (int, error) {
	if n < 0 {
		return 0, c.negErr("level reduction of "+name, n)
	}
	c.condGen++
	done := 0
	for i := len(c.conds) - 1; i >= 0 && done < n; i-- {
		in := &c.conds[i]
		if in.Name != name || (source != "" && in.Source != source) || in.Level == 0 {
			continue
		}
		d := min(in.Level, n-done)
		in.Level -= d
		done += d
		if in.Level == 0 {
			c.conds = slices.Delete(c.conds, i, i+1)
		}
	}
	return done, nil
}

// checkConditions validates a loaded list.
func checkConditions(cs []Condition, next int) *errs.Error {
	last := 0
	for _, in := range cs {
		if in.Name == "" || in.ID <= last || in.ID >= next || in.Level < 0 {
			return kerr(errs.Data, "condition %q (id %d) is malformed or out of order", in.Name, in.ID)
		}
		last = in.ID
	}
	return nil
}
