package check

import (
	"fmt"
	"strconv"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// Dice is a plain dice pool: Count dice of Sides faces, summed.
type Dice struct{ Count, Sides int }

// String formats the pool as "NdX" ("d%" is written d100).
func (d Dice) String() string {
	if d.Count == 1 {
		return "d" + strconv.Itoa(d.Sides)
	}
	return strconv.Itoa(d.Count) + "d" + strconv.Itoa(d.Sides)
}

// Min returns the smallest sum of the pool.
func (d Dice) Min() int { return d.Count }

// Max returns the largest sum of the pool.
func (d Dice) Max() int { return d.Count * d.Sides }

func (d Dice) validate() error {
	if d.Count < 1 || d.Count > MaxDice || d.Sides < 2 {
		return kernelErr(errs.Rule, "bad dice %dd%d: 1 to %d dice of 2 or more sides", d.Count, d.Sides, MaxDice)
	}
	return nil
}

// rollDice appends the faces of d to faces and returns them with their sum.
func rollDice(src *rng.Source, d Dice, faces []int) ([]int, int, error) {
	sum := 0
	for i := 0; i < d.Count; i++ {
		f, err := src.Roll(1, d.Sides)
		if err != nil {
			return faces, 0, dieErr(err)
		}
		faces = append(faces, f)
		sum += f
	}
	return faces, sum, nil
}

// Under is a roll-under check: roll Dice, add the counted RollMods, and
// succeed if the result is at most Score plus the counted ScoreMods. It
// covers percentile checks (d100 <= X%), roll-under ability checks (NdX <=
// score) and "N in dX" checks (1-2 on a d6). Build one with Percentile,
// RollUnder or InD, or as a literal.
type Under struct {
	Dice  Dice
	Score int
	// RollMods add to the roll (a positive one makes success less likely);
	// ScoreMods add to the score (a positive one makes it more likely).
	RollMods, ScoreMods []Modifier
	Stacking            StackPolicy
	// AutoSuccess and AutoFailure are sums of the unmodified dice that
	// succeed or fail whatever the score.
	AutoSuccess, AutoFailure FaceRange
	// DegreeStep, when > 0, grades the outcome as Result.Degree does.
	DegreeStep int
	// Force imposes an outcome after the roll.
	Force Force
}

// Percentile returns the check "roll d100, succeed on chance or less".
func Percentile(chance int) Under { return Under{Dice: Dice{1, 100}, Score: chance} }

// RollUnder returns the check "roll count dice of sides faces, succeed on
// score or less".
func RollUnder(count, sides, score int) Under {
	return Under{Dice: Dice{count, sides}, Score: score}
}

// InD returns the check "n in d-sides": succeed on a face of n or less.
func InD(n, sides int) Under { return Under{Dice: Dice{1, sides}, Score: n} }

// UnderResult is the plain record of a rolled Under check.
type UnderResult struct {
	Faces []int
	// Sum is the unmodified dice total.
	Sum                 int
	RollMods, ScoreMods []AppliedMod
	// Roll is Sum plus the counted roll modifiers; Score is the score plus
	// the counted score modifiers.
	Roll, Score int
	Success     bool
	Decided     Decided
	// Margin is Score - Roll: 0 or more on a success, and the amount failed
	// by, negated, on a failure (a roll of 75 against a score of 69 has
	// Margin -6).
	Margin int
	// Degree grades the outcome as Result.Degree does.
	Degree int
}

// Roll rolls the check into a new UnderResult.
func (u *Under) Roll(src *rng.Source) (*UnderResult, error) {
	r := &UnderResult{}
	if err := u.RollInto(src, r); err != nil {
		return nil, err
	}
	return r, nil
}

// RollInto rolls the check into r, reusing r's slices.
func (u *Under) RollInto(src *rng.Source, r *UnderResult) error {
	d := u.Dice
	if d.Count == 0 {
		d.Count = 1
	}
	if err := d.validate(); err != nil {
		return err
	}
	if u.DegreeStep < 0 {
		return kernelErr(errs.Rule, "degree step must not be negative, got %d", u.DegreeStep)
	}
	*r = UnderResult{Faces: r.Faces[:0], RollMods: r.RollMods[:0], ScoreMods: r.ScoreMods[:0]}
	var rollMod, scoreMod int
	rollMod, r.RollMods = u.Stacking.Apply(u.RollMods, r.RollMods)
	scoreMod, r.ScoreMods = u.Stacking.Apply(u.ScoreMods, r.ScoreMods)
	var err error
	if r.Faces, r.Sum, err = rollDice(src, d, r.Faces); err != nil {
		return err
	}
	r.Roll = r.Sum + rollMod
	r.Score = u.Score + scoreMod
	r.Margin = r.Score - r.Roll
	r.Success, r.Decided = r.Margin >= 0, ByTotal
	if !r.Success && u.AutoSuccess.Has(r.Sum) {
		r.Success, r.Decided = true, ByAutoSuccess
	} else if r.Success && u.AutoFailure.Has(r.Sum) {
		r.Success, r.Decided = false, ByAutoFailure
	}
	if u.Force != NoForce {
		r.Success, r.Decided = u.Force == ForceSuccess, ByForce
	}
	r.Degree = degree(r.Success, r.Margin, u.DegreeStep)
	return nil
}

// String renders the result for a person: "(35) +40 = 75 vs <= 69:
// failure by 6".
func (r *UnderResult) String() string {
	s := "(" + joinInts(r.Faces) + ")"
	if m := r.Roll - r.Sum; m != 0 {
		s += fmt.Sprintf(" %+d", m)
	}
	s += fmt.Sprintf(" = %d vs <= %d: ", r.Roll, r.Score)
	if r.Success {
		return s + "success"
	}
	if r.Margin >= 0 {
		return s + "failure"
	}
	return s + fmt.Sprintf("failure by %d", -r.Margin)
}

func joinInts(v []int) string {
	b := make([]byte, 0, 4*len(v))
	for i, n := range v {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return string(b)
}
