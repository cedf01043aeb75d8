package creature

import (
	"fmt"
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// RechargeKind says when a resource refills.
type RechargeKind uint8

// The recharge kinds.
const (
	// RechargeNone: only Restore refills it.
	RechargeNone RechargeKind = iota
	// RechargeTurn refills at the start of the owner's turn (StartTurn).
	RechargeTurn
	// RechargeRound refills at the start of every round (StartRound).
	RechargeRound
	// RechargeRest refills when the owner finishes a rest of the named kind
	// (Rest).
	RechargeRest
	// RechargeRoll refills on a die roll at the start of the owner's turn
	// (StartTurn), when the resource is not full.
	RechargeRoll
)

var rechargeNames = [...]string{"none", "turn", "round", "rest", "roll"}

// String returns "none", "turn", "round", "rest" or "roll".
func (k RechargeKind) String() string {
	if int(k) < len(rechargeNames) {
		return rechargeNames[k]
	}
	return fmt.Sprintf("recharge(%d)", int(k))
}

// MarshalText encodes the kind by name.
func (k RechargeKind) MarshalText() ([]byte, error) {
	if int(k) >= len(rechargeNames) {
		return nil, kerr(errs.Rule, "unknown recharge kind %d", int(k))
	}
	return []byte(rechargeNames[k]), nil
}

// UnmarshalText decodes a kind name.
func (k *RechargeKind) UnmarshalText(b []byte) error {
	for i, n := range rechargeNames {
		if n == string(b) {
			*k = RechargeKind(i)
			return nil
		}
	}
	e := kerr(errs.Data, "unknown recharge kind %q", b)
	e.Hint = "use none, turn, round, rest or roll"
	return e
}

// Recharge is a resource's refill rule.
type Recharge struct {
	Kind RechargeKind `json:"kind"`
	// Rest is the rest kind that refills a RechargeRest resource (any
	// name a script uses).
	Rest string `json:"rest,omitempty"`
	// Die and Min: a RechargeRoll resource rolls 1..Die and refills on Min
	// or higher.
	Die int `json:"die,omitempty"`
	Min int `json:"min,omitempty"`
	// Amount is how much a recharge restores; 0 means back to the maximum.
	Amount int `json:"amount,omitempty"`
}

// Resource is a named counter: uses of a feature, slots of a level,
// charges, a reaction.
type Resource struct {
	Name     string   `json:"name"`
	Current  int      `json:"current"`
	Max      int      `json:"max"`
	Recharge Recharge `json:"recharge"`
}

func (r *Resource) validate() *errs.Error {
	switch {
	case r.Name == "":
		return kerr(errs.Rule, "a resource needs a name")
	case r.Max < 0 || r.Current < 0 || r.Current > r.Max:
		return kerr(errs.Rule, "resource %s: current %d must lie in 0..max %d", r.Name, r.Current, r.Max)
	case r.Recharge.Amount < 0:
		return kerr(errs.Rule, "resource %s: recharge amount %d is negative", r.Name, r.Recharge.Amount)
	}
	switch r.Recharge.Kind {
	case RechargeNone, RechargeTurn, RechargeRound:
	case RechargeRest:
		if r.Recharge.Rest == "" {
			return kerr(errs.Rule, "resource %s recharges on a rest but names no rest kind", r.Name)
		}
	case RechargeRoll:
		if r.Recharge.Die < 1 || r.Recharge.Min < 1 || r.Recharge.Min > r.Recharge.Die {
			return kerr(errs.Rule, "resource %s: recharge on %d+ of a d%d is impossible", r.Name, r.Recharge.Min, r.Recharge.Die)
		}
	default:
		return kerr(errs.Rule, "resource %s: unknown recharge kind %d", r.Name, int(r.Recharge.Kind))
	}
	return nil
}

// refill applies the recharge amount and reports whether anything changed.
func (r *Resource) refill() bool {
	old := r.Current
	if r.Recharge.Amount == 0 {
		r.Current = r.Max
	} else {
		r.Current = min(r.Current+r.Recharge.Amount, r.Max)
	}
	return r.Current != old
}

func resKey(r *Resource) string { return r.Name }

// SetResource adds a resource or replaces the one of the same name.
func (c *Creature) SetResource(r Resource) error {
	if err := r.validate(); err != nil {
		err.During = c.during()
		return err
	}
	c.resources = setNamed(c.resources, r, resKey)
	return nil
}

// Resource returns the named resource and whether the creature has it.
func (c *Creature) Resource(name string) (Resource, bool) {
	if i, ok := findNamed(c.resources, name, resKey); ok {
		return c.resources[i], true
	}
	return Resource{}, false
}

// RemoveResource removes a resource and reports whether it was there.
func (c *Creature) RemoveResource(name string) bool {
	i, ok := findNamed(c.resources, name, resKey)
	if ok {
		c.resources = slices.Delete(c.resources, i, i+1)
	}
	return ok
}

// Resources appends the resources, sorted by name, to dst.
func (c *Creature) Resources(dst []Resource) []Resource { return append(dst, c.resources...) }

func (c *Creature) resource(name string) (*Resource, error) {
	i, ok := findNamed(c.resources, name, resKey)
	if !ok {
		e := c.err("no resource %q", name)
		e.Hint = "define it first with SetResource"
		return nil, e
	}
	return &c.resources[i], nil
}

// Spend takes n from a resource. Spending more than is there is an error
// and changes nothing.
func (c *Creature) Spend(name string, n int) error {
	if n < 0 {
		return c.negErr("spend of "+name, n)
	}
	r, err := c.resource(name)
	if err != nil {
		return err
	}
	if n > r.Current {
		e := c.err("cannot spend %d %s: only %d left", n, name, r.Current)
		e.Hint = "check the resource before spending it"
		return e
	}
	r.Current -= n
	return nil
}

// Restore adds up to n to a resource, capped at its maximum, and returns
// how much was restored.
func (c *Creature) Restore(name string, n int) (int, error) {
	if n < 0 {
		return 0, c.negErr("restore of "+name, n)
	}
	r, err := c.resource(name)
	if err != nil {
		return 0, err
	}
	g := min(n, r.Max-r.Current)
	r.Current += g
	return g, nil
}

// Roll reports one recharge roll made by StartTurn.
type Roll struct {
	Name      string `json:"name"`
	Face      int    `json:"face"`
	Recharged bool   `json:"recharged"`
}

// StartTurn runs the start-of-turn recharges: every RechargeTurn resource
// refills, and every RechargeRoll resource that is not full rolls its die
// with src, in name order, refilling on Min or higher. The rolls are
// appended to dst. src may be nil when no roll is needed. On a roll error
// (a forced face that does not fit the die) the resources rolled so far
// keep their result.
func (c *Creature) StartTurn(src *rng.Source, dst []Roll) ([]Roll, error) {
	for i := range c.resources {
		r := &c.resources[i]
		switch r.Recharge.Kind {
		case RechargeTurn:
			r.refill()
		case RechargeRoll:
			if r.Current >= r.Max {
				continue
			}
			if src == nil {
				e := c.err("resource %s recharges on a roll but no random source was given", r.Name)
				return dst, e
			}
			f, err := src.Roll(1, r.Recharge.Die)
			if err != nil {
				e := c.err("recharge roll for %s: %v", r.Name, err)
				e.Err = err
				return dst, e
			}
			ok := f >= r.Recharge.Min
			if ok {
				r.refill()
			}
			dst = append(dst, Roll{Name: r.Name, Face: f, Recharged: ok})
		}
	}
	return dst, nil
}

// StartRound refills every RechargeRound resource and returns how many
// changed.
func (c *Creature) StartRound() int { return c.refillWhere(RechargeRound, "") }

// Rest refills every RechargeRest resource of the given rest kind and
// returns how many changed.
func (c *Creature) Rest(kind string) int { return c.refillWhere(RechargeRest, kind) }

func (c *Creature) refillWhere(k RechargeKind, rest string) int {
	n := 0
	for i := range c.resources {
		r := &c.resources[i]
		if r.Recharge.Kind == k && r.Recharge.Rest == rest && r.refill() {
			n++
		}
	}
	return n
}
