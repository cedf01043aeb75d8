package check

import "fmt"

// AdvSource is one source of advantage (Level > 0) or disadvantage
// (Level < 0) on a test, with what granted it.
type AdvSource struct {
	Level  int
	Source string
}

// AdvMode says how the advantage sources of a test combine into a net
// level.
type AdvMode uint8

// The advantage modes.
const (
	// AdvOnOff: any number of advantage sources is one advantage, any number
	// of disadvantage sources is one disadvantage, and if both are present
	// they cancel completely, whatever the counts. The net level is -1, 0
	// or +1.
	AdvOnOff AdvMode = iota
	// AdvGraded: the levels add up (2 advantage and 1 disadvantage leave
	// +1), optionally capped by AdvPolicy.Cap.
	AdvGraded
)

// String returns the name of the advantage mode.
func (m AdvMode) String() string {
	switch m {
	case AdvOnOff:
		return "on-off"
	case AdvGraded:
		return "graded"
	}
	return fmt.Sprintf("AdvMode(%d)", int(m))
}

// Keep says which die of several a test keeps.
type Keep uint8

// The keep rules.
const (
	// KeepHighest keeps the highest die.
	KeepHighest Keep = iota
	// KeepLowest keeps the lowest die.
	KeepLowest
)

// String returns "highest" or "lowest".
func (k Keep) String() string {
	if k == KeepLowest {
		return "lowest"
	}
	return "highest"
}

// AdvRoll is how a test rolls at one net advantage level: Dice dice, keep
// one (the highest or the lowest), and add Bonus. It is stated for a test
// where higher is better; for a roll-under test the kernel turns it round
// (keeps the other die, subtracts the bonus).
type AdvRoll struct {
	Dice  int
	Keep  Keep
	Bonus int
}

// AdvRow is one row of an advantage table: the roll used at net level
// Level.
type AdvRow struct {
	Level int
	Roll  AdvRoll
}

// AdvPolicy turns the advantage sources of a test into a net level and the
// net level into dice. The zero value is on/off advantage with one extra
// die kept highest or lowest.
//
// The dice rule is, in order of precedence: Func if set; else Table if
// not empty; else "roll 1 + |net| dice (at most MaxDice when MaxDice > 0),
// keep the highest (net > 0) or the lowest (net < 0), and add Step for
// each level the dice did not absorb". So:
//
//	AdvPolicy{Mode: AdvGraded}                     // |n|+1 dice, keep best
//	AdvPolicy{Mode: AdvGraded, MaxDice: 1, Step: 2} // one die, ±2 per level
//	AdvPolicy{Mode: AdvGraded, MaxDice: 2, Step: 2} // 2 dice, then ±2 per further level
type AdvPolicy struct {
	Mode AdvMode
	// Cap limits |net| in graded mode; 0 means no cap.
	Cap int
	// MaxDice caps the dice rolled by the built-in rule; 0 means only the
	// kernel's budget (MaxDice constant) limits them.
	MaxDice int
	// Step is the flat bonus per level beyond MaxDice-1 in the built-in rule.
	Step int
	// Table gives the roll per net level. A level the table does not list
	// uses the nearest listed level of the same sign closer to zero (so the
	// last row repeats beyond the end); net level 0 uses its row if the
	// table has one, else one die.
	Table []AdvRow
	// Func, when set, gives the roll for every net level, 0 included (a
	// script's resolve_d20 hook).
	Func func(net int) AdvRoll
}

// MaxDice is the kernel's budget of dice for one test roll; a rule asking
// for more is an error.
const MaxDice = 64

// Net combines advantage sources into the net level under the policy
// (nil means on/off), and returns it with the sums of the advantage and
// disadvantage levels (up >= 0, down >= 0).
func (p *AdvPolicy) Net(srcs []AdvSource) (net, up, down int) {
	for _, s := range srcs {
		if s.Level > 0 {
			up += s.Level
		} else {
			down -= s.Level
		}
	}
	if p == nil || p.Mode == AdvOnOff {
		switch {
		case up > 0 && down > 0:
			return 0, up, down
		case up > 0:
			return 1, up, down
		case down > 0:
			return -1, up, down
		}
		return 0, up, down
	}
	net = up - down
	if p.Cap > 0 {
		if net > p.Cap {
			net = p.Cap
		} else if net < -p.Cap {
			net = -p.Cap
		}
	}
	return net, up, down
}

// Roll returns the dice rule for a net level under the policy (nil means
// the built-in rule).
func (p *AdvPolicy) Roll(net int) AdvRoll {
	if p != nil && p.Func != nil {
		return p.Func(net)
	}
	if p != nil && len(p.Table) > 0 {
		return p.tableRoll(net)
	}
	if net == 0 {
		return AdvRoll{Dice: 1}
	}
	k, keep, sign := net, KeepHighest, 1
	if net < 0 {
		k, keep, sign = -net, KeepLowest, -1
	}
	extra := k
	if p != nil && p.MaxDice > 0 && extra > p.MaxDice-1 {
		extra = p.MaxDice - 1
	}
	r := AdvRoll{Dice: 1 + extra, Keep: keep}
	if p != nil {
		r.Bonus = sign * p.Step * (k - extra)
	}
	return r
}

func (p *AdvPolicy) tableRoll(net int) AdvRoll {
	var best *AdvRow
	for i := range p.Table {
		row := &p.Table[i]
		if row.Level == net {
			return row.Roll
		}
		// Beyond the table: the row of the same sign farthest out.
		if net > 0 && row.Level > 0 && row.Level < net && (best == nil || row.Level > best.Level) {
			best = row
		}
		if net < 0 && row.Level < 0 && row.Level > net && (best == nil || row.Level < best.Level) {
			best = row
		}
	}
	if best != nil {
		return best.Roll
	}
	return AdvRoll{Dice: 1}
}
