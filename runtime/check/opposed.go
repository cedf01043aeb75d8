package check

import (
	"fmt"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// TiePolicy says how an opposed check with equal totals ends.
type TiePolicy uint8

// The tie policies.
const (
	// TieDefender: the defender (B) wins; the side trying to change the
	// situation fails.
	TieDefender TiePolicy = iota
	// TieInitiator: the initiator (A) wins.
	TieInitiator
	// TieHigherModifier: the side with the higher modifier wins; if the
	// modifiers are equal too, both sides roll again.
	TieHigherModifier
	// TieReroll: both sides roll again.
	TieReroll
	// TieBoth: both sides succeed at once (simultaneous action).
	TieBoth
)

// String returns the name of the tie policy.
func (p TiePolicy) String() string {
	switch p {
	case TieDefender:
		return "defender wins"
	case TieInitiator:
		return "initiator wins"
	case TieHigherModifier:
		return "higher modifier wins, then re-roll"
	case TieReroll:
		return "re-roll"
	case TieBoth:
		return "both"
	}
	return fmt.Sprintf("TiePolicy(%d)", int(p))
}

// Side names the outcome of an opposed check.
type Side uint8

// The sides.
const (
	// Initiator: side A won.
	Initiator Side = iota
	// Defender: side B won.
	Defender
	// BothSides: a tie resolved as simultaneous success.
	BothSides
	// NeitherSide: both sides failed automatically; nothing changes.
	NeitherSide
)

// String returns the name of the side.
func (s Side) String() string {
	switch s {
	case Initiator:
		return "initiator"
	case Defender:
		return "defender"
	case BothSides:
		return "both"
	case NeitherSide:
		return "neither"
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// Resolution says what decided an opposed check.
type Resolution uint8

// The resolutions.
const (
	// ByTotals: one total was higher.
	ByTotals Resolution = iota
	// ByForced: a side's forced outcome (Test.Force) decided it; no dice
	// were rolled.
	ByForced
	// ByTieRule: the totals tied and the tie policy named the winner.
	ByTieRule
	// ByModifier: the totals tied and the higher modifier won.
	ByModifier
)

// String returns the name of the resolution.
func (r Resolution) String() string {
	switch r {
	case ByTotals:
		return "totals"
	case ByForced:
		return "forced"
	case ByTieRule:
		return "tie rule"
	case ByModifier:
		return "higher modifier"
	}
	return fmt.Sprintf("Resolution(%d)", int(r))
}

// Opposed is an opposed check: each side rolls its test (their targets are
// ignored) and the higher total wins.
//
// Forced outcomes come first: a side whose Test.Force is ForceFailure
// loses, and if both sides fail automatically neither wins; a side forced
// to succeed wins against one that is not. A forced decision rolls no dice.
type Opposed struct {
	// A is the initiator (attacker), B the defender.
	A, B *Test
	Tie  TiePolicy
	// MaxRounds bounds the rounds a re-rolling tie policy may take; 0 means
	// 100. Running out is a Budget error.
	MaxRounds int
}

// OpposedRound is one roll of both sides.
type OpposedRound struct {
	A, B Result
}

// OpposedResult is the plain record of an opposed check.
type OpposedResult struct {
	// Rounds holds every roll in order; only the last one decided, the
	// others were ties rolled again.
	Rounds []OpposedRound
	Winner Side
	How    Resolution
	// Margin is the winner's total minus the loser's in the deciding
	// round; 0 on a tie or a forced decision.
	Margin int
}

// Last returns the deciding round, or nil when no dice were rolled.
func (o *OpposedResult) Last() *OpposedRound {
	if len(o.Rounds) == 0 {
		return nil
	}
	return &o.Rounds[len(o.Rounds)-1]
}

// Roll resolves the opposed check.
func (o *Opposed) Roll(src *rng.Source) (*OpposedResult, error) {
	if o.A == nil || o.B == nil {
		return nil, kernelErr(errs.Rule, "opposed check needs two tests")
	}
	res := &OpposedResult{}
	fa, fb := o.A.Force, o.B.Force
	switch {
	case fa == ForceFailure && fb == ForceFailure:
		res.Winner, res.How = NeitherSide, ByForced
		return res, nil
	case fa == ForceFailure || (fb == ForceSuccess && fa != ForceSuccess):
		res.Winner, res.How = Defender, ByForced
		return res, nil
	case fb == ForceFailure || (fa == ForceSuccess && fb != ForceSuccess):
		res.Winner, res.How = Initiator, ByForced
		return res, nil
	}
	max := o.MaxRounds
	if max <= 0 {
		max = 100
	}
	for n := 0; n < max; n++ {
		res.Rounds = append(res.Rounds, OpposedRound{})
		rd := &res.Rounds[len(res.Rounds)-1]
		if err := o.A.rollInto(src, &rd.A, NoTarget); err != nil {
			return nil, err
		}
		if err := o.B.rollInto(src, &rd.B, NoTarget); err != nil {
			return nil, err
		}
		ta, tb := rd.A.Total, rd.B.Total
		switch {
		case ta > tb:
			res.Winner, res.How, res.Margin = Initiator, ByTotals, ta-tb
			return res, nil
		case tb > ta:
			res.Winner, res.How, res.Margin = Defender, ByTotals, tb-ta
			return res, nil
		}
		switch o.Tie {
		case TieDefender:
			res.Winner, res.How = Defender, ByTieRule
			return res, nil
		case TieInitiator:
			res.Winner, res.How = Initiator, ByTieRule
			return res, nil
		case TieBoth:
			res.Winner, res.How = BothSides, ByTieRule
			return res, nil
		case TieHigherModifier:
			ma, mb := rd.A.Modifier(), rd.B.Modifier()
			if ma > mb {
				res.Winner, res.How = Initiator, ByModifier
				return res, nil
			}
			if mb > ma {
				res.Winner, res.How = Defender, ByModifier
				return res, nil
			}
		case TieReroll:
		default:
			return nil, kernelErr(errs.Rule, "unknown tie policy %d", int(o.Tie))
		}
	}
	return nil, kernelErr(errs.Budget, "opposed check still tied after %d rounds", max)
}
