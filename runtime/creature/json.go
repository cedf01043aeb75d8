package creature

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/grid"
)

// Clone returns a deep copy of c: changing one never changes the other.
func (c *Creature) Clone() *Creature {
	d := *c // the watch too: a count too many is harmless, one missed is not
	d.tags = cloneOrNil(c.tags)
	d.abilities = cloneOrNil(c.abilities)
	d.speeds = cloneOrNil(c.speeds)
	d.senses = cloneOrNil(c.senses)
	d.traits = nil
	if len(c.traits) > 0 {
		d.traits = c.Traits(make([]Trait, 0, len(c.traits)))
	}
	d.resources = cloneOrNil(c.resources)
	d.conds = cloneOrNil(c.conds)
	d.condImmune = cloneOrNil(c.condImmune)
	return &d
}

// wire is the save-file form of a Creature. Its field order is the JSON
// field order.
type wire struct {
	ID                  string         `json:"id"`
	Name                string         `json:"name"`
	Side                string         `json:"side,omitempty"`
	Tags                []string       `json:"tags,omitempty"`
	Abilities           []Score        `json:"abilities,omitempty"`
	HP                  int            `json:"hp"`
	MaxHP               int            `json:"max_hp"`
	TempHP              int            `json:"temp_hp,omitempty"`
	Nonlethal           int            `json:"nonlethal,omitempty"`
	Floor               int            `json:"hp_floor,omitempty"`
	AC                  AC             `json:"ac"`
	Speeds              []Speed        `json:"speeds,omitempty"`
	Senses              []grid.Sense   `json:"senses,omitempty"`
	Size                Size           `json:"size"`
	Space               grid.Footprint `json:"space"`
	Reach               int            `json:"reach"`
	Pos                 grid.Pos       `json:"pos"`
	Traits              []Trait        `json:"traits,omitempty"`
	Resources           []Resource     `json:"resources,omitempty"`
	Conditions          []Condition    `json:"conditions,omitempty"`
	ConditionImmunities []string       `json:"condition_immunities,omitempty"`
	NextCondition       int            `json:"next_condition"`
}

// MarshalJSON encodes the creature with a stable field order; equal
// creatures encode to equal bytes.
func (c *Creature) MarshalJSON() ([]byte, error) {
	w := wire{
		ID: c.ID, Name: c.Name, Side: c.Side, Tags: c.tags, Abilities: c.abilities,
		HP: c.hp, MaxHP: c.maxHP, TempHP: c.tempHP, Nonlethal: c.nonlethal, Floor: c.floor,
		AC: c.AC, Speeds: c.speeds, Senses: c.senses, Size: c.Size, Space: c.Space,
		Reach: c.Reach, Pos: c.Pos, Traits: c.traits, Resources: c.resources,
		Conditions: c.conds, ConditionImmunities: c.condImmune, NextCondition: c.nextCond,
	}
	return json.Marshal(w)
}

// UnmarshalJSON decodes and checks a creature saved by MarshalJSON.
// Unknown fields and broken invariants are errors of kind errs.Data.
func (c *Creature) UnmarshalJSON(b []byte) error {
	var w wire
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		e := kerr(errs.Data, "bad creature record: %v", err)
		e.Err = err
		return e
	}
	bad := func(format string, args ...any) error {
		e := kerr(errs.Data, format, args...)
		e.During = []string{"creature " + w.ID}
		return e
	}
	switch {
	case w.MaxHP < 0 || w.Floor > 0 || w.HP < w.Floor:
		return bad("hit points %d (max %d, floor %d) are inconsistent", w.HP, w.MaxHP, w.Floor)
	case w.TempHP < 0 || w.Nonlethal < 0:
		return bad("temporary hit points %d or nonlethal damage %d is negative", w.TempHP, w.Nonlethal)
	}
	if !sortedUnique(w.Abilities, scoreKey) || !sortedUnique(w.Speeds, speedKey) ||
		!sortedUnique(w.Senses, senseKey) || !sortedUnique(w.Resources, resKey) ||
		!slices.IsSorted(w.ConditionImmunities) {
		return bad("named lists must be sorted by name without duplicates")
	}
	for i, t := range w.Tags {
		if slices.Contains(w.Tags[:i], t) {
			return bad("tag %q appears twice", t)
		}
	}
	for i := range w.Traits {
		if err := w.Traits[i].validate(); err != nil {
			err.Kind, err.During = errs.Data, []string{"creature " + w.ID}
			return err
		}
	}
	for i := range w.Resources {
		if err := w.Resources[i].validate(); err != nil {
			err.Kind, err.During = errs.Data, []string{"creature " + w.ID}
			return err
		}
	}
	if err := checkConditions(w.Conditions, w.NextCondition); err != nil {
		err.During = []string{"creature " + w.ID}
		return err
	}
	watch, who, gen := c.hpWatch, c.hpWho, c.condGen
	*c = Creature{
		ID: w.ID, Name: w.Name, Side: w.Side, Size: w.Size, Space: w.Space,
		Reach: w.Reach, Pos: w.Pos, AC: w.AC,
		hp: w.HP, maxHP: w.MaxHP, tempHP: w.TempHP, nonlethal: w.Nonlethal, floor: w.Floor,
		tags: w.Tags, abilities: w.Abilities, speeds: w.Speeds, senses: w.Senses,
		traits: w.Traits, resources: w.Resources, conds: w.Conditions,
		condImmune: w.ConditionImmunities, nextCond: w.NextCondition, condGen: gen + 1,
	}
	c.hpWatch, c.hpWho = watch, who
	c.hpChanged()
	return nil
}

func sortedUnique[T any](s []T, key func(*T) string) bool {
	for i := 1; i < len(s); i++ {
		if strings.Compare(key(&s[i-1]), key(&s[i])) >= 0 {
			return false
		}
	}
	for i := range s {
		if key(&s[i]) == "" {
			return false
		}
	}
	return true
}

// CopyFrom makes c a copy of src, reusing c's storage: a batch runner
// resets its creatures to their starting state every trial this way
// without allocating. Trait exception lists are shared with src (they are
// never changed after a trait is added).
func (c *Creature) CopyFrom(src *Creature) {
	// field by field: *c = *src would copy the lists' headers only for c's
	// own storage to be put back (TestCopyFromCopiesEveryField)
	c.ID, c.Name, c.Side, c.Size, c.Space, c.Reach, c.Pos, c.AC = src.ID, src.Name, src.Side, src.Size, src.Space, src.Reach, src.Pos, src.AC
	c.hp, c.maxHP, c.tempHP, c.nonlethal, c.floor = src.hp, src.maxHP, src.tempHP, src.nonlethal, src.floor
	c.nextCond = src.nextCond
	c.condGen++ // hpWatch and hpWho stay c's
	c.hpChanged()
	c.tags = appendAll(c.tags[:0], src.tags)
	c.abilities = appendAll(c.abilities[:0], src.abilities)
	c.speeds = appendAll(c.speeds[:0], src.speeds)
	c.senses = appendAll(c.senses[:0], src.senses)
	c.traits = appendAll(c.traits[:0], src.traits)
	c.resources = appendAll(c.resources[:0], src.resources)
	c.conds = appendAll(c.conds[:0], src.conds)
	c.condImmune = appendAll(c.condImmune[:0], src.condImmune)
}

// appendAll is append(dst, src...), without the runtime's copy call when
// src is empty (most of a creature's lists, trial after trial).
func appendAll[T any](dst, src []T) []T {
	if len(src) == 0 {
		return dst
	}
	if n := len(dst); len(src) <= 8 && cap(dst)-n >= len(src) {
		// a few elements, room for them: copied one by one, cheaper than
		// the runtime's typed copy
		dst = dst[:n+len(src)]
		for i := range src {
			dst[n+i] = src[i]
		}
		return dst
	}
	return append(dst, src...)
}
