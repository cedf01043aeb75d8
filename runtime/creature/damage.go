package creature

import (
	"fmt"
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
)

// AllTypes as a trait's or an adjustment's Type makes it apply to every
// damage type (except those listed in a trait's Except).
const AllTypes = "*"

// MaxSteps is the number of step results a TypeResult holds; further
// entries are merged into the last one.
const MaxSteps = 8

// DamageStep is one step of the damage pipeline, and the kind of a damage
// trait (every step but StepAdjust is applied by traits of that kind).
type DamageStep uint8

// The damage steps.
const (
	// StepImmune: an applicable immunity makes the type's damage 0 and
	// skips the remaining steps (immunity overrides vulnerability).
	StepImmune DamageStep = iota + 1
	// StepAdjust applies DamageOptions.Adjust, in order.
	StepAdjust
	// StepResist multiplies by the resistance factor (Num/Den, default
	// 1/2), rounding down. Several resistances count once: the strongest.
	StepResist
	// StepVuln multiplies by the vulnerability factor (default 2/1),
	// rounding down. Several count once: the strongest.
	StepVuln
	// StepResistFlat subtracts the trait's Amount, not below 0. Several
	// count once: the highest available amount.
	StepResistFlat
	// StepVulnFlat adds the trait's Amount. Several count once: the
	// highest.
	StepVulnFlat
)

var stepNames = [...]string{"", "immune", "adjust", "resist", "vuln", "resist_flat", "vuln_flat"}

// String returns the step's name ("immune", "adjust", "resist", "vuln",
// "resist_flat", "vuln_flat").
func (s DamageStep) String() string {
	if s != 0 && int(s) < len(stepNames) {
		return stepNames[s]
	}
	return fmt.Sprintf("step(%d)", int(s))
}

// MarshalText encodes the step by name.
func (s DamageStep) MarshalText() ([]byte, error) {
	if s == 0 || int(s) >= len(stepNames) {
		return nil, kerr(errs.Rule, "unknown damage step %d", int(s))
	}
	return []byte(stepNames[s]), nil
}

// UnmarshalText decodes a step name.
func (s *DamageStep) UnmarshalText(b []byte) error {
	for i := 1; i < len(stepNames); i++ {
		if stepNames[i] == string(b) {
			*s = DamageStep(i)
			return nil
		}
	}
	e := kerr(errs.Data, "unknown damage step %q", b)
	e.Hint = "use immune, adjust, resist, vuln, resist_flat or vuln_flat"
	return e
}

// DefaultSteps returns the order used when DamageOptions.Steps is empty:
// immune, adjust, resist, vuln, resist_flat, vuln_flat. Rule systems
// normally give their own order.
func DefaultSteps() []DamageStep {
	d := defaultOrder()
	return d[:]
}

// Trait is an immunity, resistance or vulnerability to a damage type.
type Trait struct {
	// Kind is the step that applies the trait (any step but StepAdjust).
	Kind DamageStep `json:"kind"`
	// Type is the damage type, or AllTypes.
	Type string `json:"type"`
	// Except lists types an AllTypes trait does not cover.
	Except []string `json:"except,omitempty"`
	// Num and Den are the factor of a StepResist or StepVuln trait; both 0
	// means the default (1/2 for resistance, 2 for vulnerability).
	Num int `json:"num,omitempty"`
	Den int `json:"den,omitempty"`
	// Amount is the X of a flat trait.
	Amount int `json:"amount,omitempty"`
	// Pool makes a StepResistFlat trait's Amount a budget shared by every
	// hit until ResetTraitPools (for example "the first X points each
	// round"); Used is how much of it is spent.
	Pool bool `json:"pool,omitempty"`
	Used int  `json:"used,omitempty"`
	// Key names the trait for DamageOptions.Bypass (damage that ignores
	// it, such as a weapon that overcomes a reduction).
	Key string `json:"key,omitempty"`
	// Source is who or what grants the trait (for RemoveTraits and the
	// step report).
	Source string `json:"source,omitempty"`
}

func (t *Trait) validate() *errs.Error {
	switch t.Kind {
	case StepImmune, StepResist, StepVuln, StepResistFlat, StepVulnFlat:
	default:
		return kerr(errs.Rule, "damage trait has kind %v; want immune, resist, vuln, resist_flat or vuln_flat", t.Kind)
	}
	if t.Type == "" {
		return kerr(errs.Rule, "damage trait needs a damage type (or %q)", AllTypes)
	}
	if t.Num < 0 || t.Den < 0 || (t.Num == 0) != (t.Den == 0) {
		return kerr(errs.Rule, "damage trait factor %d/%d: give both, positive, or neither", t.Num, t.Den)
	}
	if t.Amount < 0 || t.Used < 0 {
		return kerr(errs.Rule, "damage trait amount %d (used %d) must not be negative", t.Amount, t.Used)
	}
	return nil
}

// covers reports whether the trait applies to damage type typ.
func (t *Trait) covers(typ string) bool {
	if t.Type == typ {
		return true
	}
	return t.Type == AllTypes && !slices.Contains(t.Except, typ)
}

// factor returns the trait's multiplier.
func (t *Trait) factor() (int, int) {
	if t.Den != 0 {
		return t.Num, t.Den
	}
	if t.Kind == StepVuln {
		return 2, 1
	}
	return 1, 2
}

// AddTrait adds a damage trait.
func (c *Creature) AddTrait(t Trait) error {
	if err := t.validate(); err != nil {
		err.During = c.during()
		return err
	}
	t.Except = cloneOrNil(t.Except)
	c.traits = append(c.traits, t)
	return nil
}

// RemoveTraits removes every trait granted by source and returns how many.
func (c *Creature) RemoveTraits(source string) int {
	n := len(c.traits)
	c.traits = slices.DeleteFunc(c.traits, func(t Trait) bool { return t.Source == source })
	return n - len(c.traits)
}

// Traits appends the damage traits, in the order they were added, to dst.
func (c *Creature) Traits(dst []Trait) []Trait {
	for _, t := range c.traits {
		t.Except = cloneOrNil(t.Except)
		dst = append(dst, t)
	}
	return dst
}

// ResetTraitPools refills every pooled trait (sets Used to 0).
func (c *Creature) ResetTraitPools() {
	for i := range c.traits {
		c.traits[i].Used = 0
	}
}

// Damage is an amount of one damage type.
type Damage struct {
	Type   string `json:"type"`
	Amount int    `json:"amount"`
}

// Adjustment is a per-application change applied at StepAdjust: the amount
// becomes floor(x*Num/Den) + Add (Num and Den 0 mean x1), never below 0.
// Save-for-half is {Num: 1, Den: 2}; an aura reducing all damage by 5 is
// {Type: AllTypes, Add: -5}. Use two adjustments to add before
// multiplying.
type Adjustment struct {
	Type   string
	Num    int
	Den    int
	Add    int
	Source string
}

// DamageOptions configures one damage application. The zero value (or a
// nil pointer) applies lethal damage through DefaultSteps.
type DamageOptions struct {
	// Steps is the pipeline order; empty means DefaultSteps. Traits whose
	// step is not listed are ignored.
	Steps []DamageStep
	// Adjust lists the adjustments of StepAdjust, applied in order to each
	// type they cover.
	Adjust []Adjustment
	// Traits are extra traits for this application only (an effect that
	// grants resistance to its own damage, a situation). They obey the same
	// no-stacking rule as the creature's traits; their pools are not kept.
	Traits []Trait
	// Bypass lists trait keys this damage ignores.
	Bypass []string
	// Nonlethal sends the damage to the nonlethal track instead of hit
	// points (temporary hit points still absorb it first, unless
	// IgnoreTemp).
	Nonlethal bool
	// IgnoreTemp makes the damage skip temporary hit points.
	IgnoreTemp bool
}

// StepResult is one applied step of one damage type.
type StepResult struct {
	Step   DamageStep `json:"step"`
	Before int        `json:"before"`
	After  int        `json:"after"`
	// Source is the source of the trait or adjustment that applied.
	Source string `json:"source,omitempty"`
}

// TypeResult is the pipeline of one damage type.
type TypeResult struct {
	Type string
	// Raw is the summed amount of the type before any step.
	Raw int
	// Final is the amount after every step (never negative).
	Final int
	// Immune is set when an immunity zeroed the type.
	Immune bool
	// Steps holds the first NSteps entries: the steps that applied, in
	// order (steps that changed nothing because nothing covered the type
	// are left out). See StepList.
	Steps  [MaxSteps]StepResult
	NSteps int
}

// StepList returns the applied steps.
func (r *TypeResult) StepList() []StepResult { return r.Steps[:r.NSteps] }

func (r *TypeResult) record(s DamageStep, before, after int, source string) {
	if r.NSteps < MaxSteps {
		r.Steps[r.NSteps] = StepResult{Step: s, Before: before, After: after, Source: source}
		r.NSteps++
		return
	}
	r.Steps[MaxSteps-1].After = after
}

// Outcome is the hit-point bookkeeping of one damage application.
type Outcome struct {
	// Total is the damage after every step, summed over types.
	Total int
	// TempBefore, TempAbsorbed and TempAfter track temporary hit points.
	TempBefore, TempAbsorbed, TempAfter int
	// HPBefore, HPLost and HPAfter track hit points.
	HPBefore, HPLost, HPAfter int
	// PastZero is the damage that reached hit points beyond what was needed
	// to bring them to 0: max(0, damage after temporary hit points -
	// max(0, HPBefore)). Rules that compare leftover damage with the
	// maximum read it.
	PastZero int
	// Overflow is the damage hit points could not take because of the
	// floor (equal to PastZero when the floor is 0).
	Overflow int
	// Nonlethal is set when the damage went to the nonlethal track;
	// NonlethalAdded is the amount added to it.
	Nonlethal      bool
	NonlethalAdded int
}

// DamageRecord is the full report of an ApplyDamage call.
type DamageRecord struct {
	// Types has one entry per damage type, in order of first appearance.
	Types []TypeResult
	Outcome
}

// ApplyDamage applies damage parts to the creature and reports every step.
// Parts of the same type are summed first, so each trait applies once per
// type per application. See ApplyDamageInto.
func (c *Creature) ApplyDamage(parts []Damage, o *DamageOptions) (DamageRecord, error) {
	var r DamageRecord
	err := c.ApplyDamageInto(&r, parts, o)
	return r, err
}

// ApplyDamageInto is ApplyDamage writing into rec and reusing rec.Types'
// storage, so a caller applying damage in a loop does not allocate.
//
// For each type, the steps of o.Steps run in order on the summed amount;
// each step applies the one strongest applicable trait of its kind (same-
// kind traits do not stack) and the amount never drops below 0. A type
// whose raw amount is 0 takes no step. The total then goes to temporary hit
// points first (unless o.IgnoreTemp), and the rest to hit points (down to
// the floor) or, with o.Nonlethal, to the nonlethal track.
//
// Inputs are checked before anything changes: on error the creature is
// untouched.
func (c *Creature) ApplyDamageInto(rec *DamageRecord, parts []Damage, o *DamageOptions) error {
	var zero DamageOptions
	if o == nil {
		o = &zero
	}
	if err := c.checkOptions(o); err != nil {
		return err
	}
	rec.Types = rec.Types[:0]
	for _, p := range parts {
		if p.Amount < 0 {
			return c.negErr("damage of type "+p.Type, p.Amount)
		}
	}
	for _, p := range parts {
		j := -1
		for i := range rec.Types {
			if rec.Types[i].Type == p.Type {
				j = i
				break
			}
		}
		if j < 0 {
			// grown in place: a TypeResult literal appended is built aside
			// and copied, and it is large
			if n := len(rec.Types); n < cap(rec.Types) {
				// the steps past NSteps are not part of it (StepList):
				// only the rest is cleared
				rec.Types = rec.Types[:n+1]
				tr := &rec.Types[n]
				tr.Type, tr.Raw, tr.Final, tr.Immune, tr.NSteps = "", 0, 0, false, 0
			} else {
				rec.Types = append(rec.Types, TypeResult{})
			}
			j = len(rec.Types) - 1
			rec.Types[j].Type = p.Type
		}
		rec.Types[j].Raw += p.Amount
	}
	total := 0
	for i := range rec.Types {
		c.pipeline(&rec.Types[i], o)
		total += rec.Types[i].Final
	}
	c.take(&rec.Outcome, total, o)
	return nil
}

// ApplyDamageOne applies amount of one damage type: the allocation-free
// fast path of ApplyDamage for a single part.
func (c *Creature) ApplyDamageOne(typ string, amount int, o *DamageOptions) (TypeResult, Outcome, error) {
	var zero DamageOptions
	if o == nil {
		o = &zero
	}
	if amount < 0 {
		return TypeResult{}, Outcome{}, c.negErr("damage of type "+typ, amount)
	}
	if err := c.checkOptions(o); err != nil {
		return TypeResult{}, Outcome{}, err
	}
	r := TypeResult{Type: typ, Raw: amount}
	c.pipeline(&r, o)
	var out Outcome
	c.take(&out, r.Final, o)
	return r, out, nil
}

func (c *Creature) checkOptions(o *DamageOptions) error {
	for _, s := range o.Steps {
		if s < StepImmune || s > StepVulnFlat {
			return c.err("unknown damage step %d", int(s))
		}
	}
	for i := range o.Adjust {
		a := &o.Adjust[i]
		if a.Num < 0 || a.Den < 0 || (a.Num == 0) != (a.Den == 0) {
			return c.err("damage adjustment factor %d/%d: give both, positive, or neither", a.Num, a.Den)
		}
	}
	for i := range o.Traits {
		if err := o.Traits[i].validate(); err != nil {
			err.During = c.during()
			return err
		}
	}
	return nil
}

// pipeline runs the steps on one type.
func (c *Creature) pipeline(r *TypeResult, o *DamageOptions) {
	x := r.Raw
	if x == 0 {
		r.Final = 0
		return
	}
	if len(c.traits) == 0 && len(o.Traits) == 0 && len(o.Adjust) == 0 {
		// no trait for any step to find (best finds none) and no
		// adjustment: every step leaves x as it is
		r.Final = x
		return
	}
	steps := o.Steps
	var def [6]DamageStep
	if len(steps) == 0 {
		def = defaultOrder()
		steps = def[:]
	}
	for _, s := range steps {
		before := x
		switch s {
		case StepAdjust:
			for i := range o.Adjust {
				a := &o.Adjust[i]
				if a.Type != r.Type && a.Type != AllTypes {
					continue
				}
				b := x
				if a.Den != 0 {
					x = floorDiv(x*a.Num, a.Den)
				}
				x = max(x+a.Add, 0)
				r.record(StepAdjust, b, x, a.Source)
			}
			continue
		case StepImmune:
			if t := c.best(r.Type, s, o, 0); t != nil {
				r.Immune = true
				r.record(s, before, 0, t.Source)
				r.Final = 0
				return
			}
		case StepResist, StepVuln:
			if t := c.best(r.Type, s, o, x); t != nil {
				n, d := t.factor()
				x = max(floorDiv(x*n, d), 0)
				r.record(s, before, x, t.Source)
			}
		case StepResistFlat:
			if t := c.best(r.Type, s, o, x); t != nil {
				avail := t.Amount
				if t.Pool {
					avail = max(t.Amount-t.Used, 0)
				}
				cut := min(avail, x)
				x -= cut
				if t.Pool {
					t.Used += cut
				}
				r.record(s, before, x, t.Source)
			}
		case StepVulnFlat:
			if t := c.best(r.Type, s, o, x); t != nil {
				x += t.Amount
				r.record(s, before, x, t.Source)
			}
		}
	}
	r.Final = x
}

func defaultOrder() [6]DamageStep {
	return [6]DamageStep{StepImmune, StepAdjust, StepResist, StepVuln, StepResistFlat, StepVulnFlat}
}

// best returns the one trait of kind s that counts for type typ at amount
// x: the strongest (lowest result for resistance, highest for
// vulnerability, highest available amount for flat traits). Creature
// traits win ties over per-application ones, earlier over later. The
// pointer may point into c.traits (pools are updated through it) or into
// o.Traits.
func (c *Creature) best(typ string, s DamageStep, o *DamageOptions, x int) *Trait {
	if len(c.traits) == 0 && len(o.Traits) == 0 {
		return nil
	}
	var bt *Trait
	bv := 0
	consider := func(t *Trait) {
		if t.Kind != s || !t.covers(typ) || (t.Key != "" && slices.Contains(o.Bypass, t.Key)) {
			return
		}
		var v int
		switch s {
		case StepResist:
			n, d := t.factor()
			v = -floorDiv(x*n, d) // lower result is stronger
		case StepVuln:
			n, d := t.factor()
			v = floorDiv(x*n, d)
		case StepResistFlat:
			v = t.Amount
			if t.Pool {
				v = max(t.Amount-t.Used, 0)
			}
		case StepVulnFlat:
			v = t.Amount
		}
		if bt == nil || v > bv {
			bt, bv = t, v
		}
	}
	for i := range c.traits {
		consider(&c.traits[i])
	}
	for i := range o.Traits {
		consider(&o.Traits[i])
	}
	return bt
}

// take moves total damage through temporary hit points to hit points or
// the nonlethal track, and writes what it did into out (in place: an
// Outcome returned is built aside and copied).
func (c *Creature) take(out *Outcome, total int, o *DamageOptions) {
	*out = Outcome{Total: total, TempBefore: c.tempHP, HPBefore: c.hp, Nonlethal: o.Nonlethal}
	rest := total
	if !o.IgnoreTemp {
		out.TempAbsorbed = min(c.tempHP, rest)
		c.tempHP -= out.TempAbsorbed
		rest -= out.TempAbsorbed
	}
	out.TempAfter = c.tempHP
	if o.Nonlethal {
		c.nonlethal += rest
		out.NonlethalAdded = rest
		out.HPAfter = c.hp
		return
	}
	room := max(c.hp-c.floor, 0)
	out.HPLost = min(rest, room)
	out.Overflow = rest - out.HPLost
	out.PastZero = max(rest-max(c.hp, 0), 0)
	c.hp -= out.HPLost
	c.hpChanged()
	out.HPAfter = c.hp
}

// floorDiv is floor(a / b) for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func cloneOrNil[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}
