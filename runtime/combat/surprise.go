package combat

// SegmentLoss returns the segments a side loses to one opposing side under
// lost-segment surprise. A side that is not surprised loses none. A
// surprised side facing an unsurprised one loses its own die roll. When
// both are surprised, the higher roll is the more surprised and loses the
// difference; equal rolls cancel. Differences are not capped.
func SegmentLoss(own int, ownSurprised bool, other int, otherSurprised bool) int {
	switch {
	case !ownSurprised:
		return 0
	case !otherSurprised:
		return own
	default:
		return max(0, own-other)
	}
}

// SideSurprise is one side's surprise roll for RollSurprise.
type SideSurprise struct {
	Side string // the side's name
	// Die is the surprise die; zero value means Config.SurpriseDie.
	Die Dice
	// SurprisedOn: the side is surprised when its roll is at most this
	// (1..SurprisedOn). Scripts combine the sides' chances into it.
	SurprisedOn int
	// CannotBeSurprised: the side does not roll and is not surprised.
	CannotBeSurprised bool
}

// SurpriseResult is one side's outcome.
type SurpriseResult struct {
	Side      string // the side's name
	Rolled    bool   // false for a side that cannot be surprised
	Face      int    // its roll (the sum, for several dice)
	Surprised bool   // the roll was within its surprise chance
	Lost      int    // segments lost
}

// RollSurprise rolls every side's surprise die, works out the segments each
// side loses (the most it loses to any opposing side, by SegmentLoss) and
// gives every member of the side that many lost segments. Call it before
// Begin; individual adjustments follow with AdjustLostSegments.
func (e *Encounter) RollSurprise(sides []SideSurprise) ([]SurpriseResult, error) {
	if e.begun {
		return nil, ruleErr("surprise is settled before the fight begins")
	}
	res := make([]SurpriseResult, len(sides))
	for i, s := range sides {
		if e.side(s.Side) == nil {
			return nil, ruleErr("no side %q", s.Side)
		}
		res[i].Side = s.Side
		if s.CannotBeSurprised {
			continue
		}
		d := s.Die
		if d.Sides == 0 {
			d = e.cfg.SurpriseDie
		}
		if d.Sides < 1 {
			return nil, ruleErr("side %q has no surprise die (Config.SurpriseDie)", s.Side)
		}
		nat, faces, err := e.rollDice(d, 0)
		if err != nil {
			return nil, err
		}
		e.rolls = append(e.rolls, Roll{Kind: RollSurprise, Who: s.Side, Dice: d, Faces: faces,
			Natural: nat, Total: nat, Hidden: e.side(s.Side).hidden})
		res[i].Rolled, res[i].Face, res[i].Surprised = true, nat, nat <= s.SurprisedOn
	}
	for i := range res {
		for j := range res {
			if i != j {
				res[i].Lost = max(res[i].Lost, SegmentLoss(res[i].Face, res[i].Surprised, res[j].Face, res[j].Surprised))
			}
		}
		for _, p := range e.parts {
			if p.side == res[i].Side {
				p.lost = res[i].Lost
			}
		}
	}
	return res, nil
}

// SetLostSegments sets the surprise segments a participant loses (before
// Begin).
func (e *Encounter) SetLostSegments(id string, n int) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if e.begun {
		return ruleErr("surprise is settled before the fight begins")
	}
	p.lost = max(0, n)
	return nil
}

// AdjustLostSegments adds delta (negative for a bonus) to a participant's
// lost segments, never going below zero. It applies only to a participant
// that lost segments: an adjustment never surprises anyone.
func (e *Encounter) AdjustLostSegments(id string, delta int) error {
	p, err := e.get(id)
	if err != nil {
		return err
	}
	if e.begun {
		return ruleErr("surprise is settled before the fight begins")
	}
	if p.lost > 0 {
		p.lost = max(0, p.lost+delta)
	}
	return nil
}

// LostSegments returns the surprise segments a participant loses.
func (e *Encounter) LostSegments(id string) int {
	if p := e.byID[id]; p != nil {
		return p.lost
	}
	return 0
}
