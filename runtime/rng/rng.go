// Package rng is the one source of randomness of a dndsh run.
//
// A Source is a PCG generator (math/rand/v2) with two extras that rule
// engines need:
//
//   - a forced-die queue: faces pushed with Force are handed out, in draw
//     order, before the generator is touched. Worked examples and specs use it
//     to reproduce the dice of a source text;
//   - manual entry: a callback that asks a person for the face of a physical
//     die (the REPL's "I roll my own dice" mode).
//
// Streams. A batch study gives every trial its own Source, derived from the
// run seed and the trial index with Stream(seed, index). The derivation is a
// pure function (two SplitMix64 finalisers feed the two PCG words), so trial
// 517 of seed 7 draws the same numbers whether it runs first, last, on
// another worker or in another shard of the study. New(seed) is Stream(seed,
// 0).
//
// A Source is not safe for concurrent use; give each goroutine its own.
package rng

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Source draws dice faces. The zero value is not usable; call New or Stream.
type Source struct {
	pcg    rand.PCG
	forced []int
	next   int // index of the next forced face in forced
	// Manual, when set, is asked for every face that the forced queue does not
	// supply. It returns the face the person rolled, or an error (for example
	// when input ended).
	Manual func(lo, hi int) (int, error)
	// Unforced, when set, is asked about every draw that the forced queue
	// cannot supply once faces have been forced since the last Reset; a
	// non-nil error fails the draw. Specs use it for strict dice: an extra
	// roll that a worked example did not force is an error, not a random
	// face.
	Unforced func(lo, hi int) error
	draws    uint64
	forced1  bool // faces have been forced since the last Reset
}

// mix is the SplitMix64 finaliser: a bijection of 64-bit words that spreads
// every input bit over the whole output.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// New returns the source of a run seeded with seed. It is Stream(seed, 0).
func New(seed uint64) *Source { return Stream(seed, 0) }

// Stream returns the independent stream number index of the run seeded with
// seed. Streams of different (seed, index) pairs start from unrelated PCG
// states; the same pair always gives the same numbers.
func Stream(seed, index uint64) *Source {
	s := &Source{}
	s.Reset(seed, index)
	return s
}

// Reset puts s back to the start of stream (seed, index), keeping Manual and
// dropping any forced faces. Batch workers reuse one Source per worker this
// way instead of allocating one per trial.
func (s *Source) Reset(seed, index uint64) {
	hi := mix(seed ^ 0x6a09e667f3bcc908)
	lo := mix(hi ^ mix(index+0x3c6ef372fe94f82b))
	s.pcg.Seed(hi, lo)
	s.forced = s.forced[:0]
	s.next = 0
	s.draws = 0
	s.forced1 = false
}

// Force appends faces to the forced-die queue. They are consumed in draw
// order before any random or manual face.
func (s *Source) Force(faces ...int) {
	if s.next > 0 && s.next == len(s.forced) {
		s.forced = s.forced[:0]
		s.next = 0
	}
	s.forced = append(s.forced, faces...)
	if len(faces) > 0 {
		s.forced1 = true
	}
}

// Forced reports whether faces have been forced since the creation or the
// last Reset of s.
func (s *Source) Forced() bool { return s.forced1 }

// Pending returns the forced faces not consumed yet.
func (s *Source) Pending() []int { return s.forced[s.next:] }

// ClearForced drops every forced face not consumed yet.
func (s *Source) ClearForced() { s.forced = s.forced[:0]; s.next = 0 }

// Drained reports an error when forced faces are left over: a worked example
// that forces more faces than its roll draws is wrong, and saying so beats
// letting the extra faces leak into the next roll.
func (s *Source) Drained() error {
	if p := s.Pending(); len(p) > 0 {
		return &ForcedError{Msg: fmt.Sprintf("%d forced face(s) not used: %v", len(p), p)}
	}
	return nil
}

// Draws returns how many faces s has handed out since its creation or Reset.
func (s *Source) Draws() uint64 { return s.draws }

// ForcedError reports a forced face that does not fit the die it was drawn
// for, or forced faces left unused.
type ForcedError struct{ Msg string }

func (e *ForcedError) Error() string { return "forced dice: " + e.Msg }

// Roll returns a face of a fair die with faces lo..hi (lo <= hi). A forced
// face outside lo..hi is an error (the face is still consumed, so the queue
// stays aligned with the dice that were asked for).
func (s *Source) Roll(lo, hi int) (int, error) {
	if s.forced1 || s.Manual != nil {
		// forced faces (or their strict check), or manual entry
		return s.roll(lo, hi)
	}
	s.draws++
	return lo + int(s.Uint64n(uint64(hi-lo)+1)), nil
}

// roll is Roll with the forced queue and manual entry: the common draw
// above is one of its cases (no face ever forced, no Manual).
func (s *Source) roll(lo, hi int) (int, error) {
	s.draws++
	if s.next < len(s.forced) {
		f := s.forced[s.next]
		s.next++
		if f < lo || f > hi {
			return 0, &ForcedError{Msg: fmt.Sprintf("face %d does not fit a die of %d..%d", f, lo, hi)}
		}
		return f, nil
	}
	if s.forced1 && s.Unforced != nil {
		if err := s.Unforced(lo, hi); err != nil {
			return 0, err
		}
	}
	if s.Manual != nil {
		f, err := s.Manual(lo, hi)
		if err != nil {
			return 0, err
		}
		if f < lo || f > hi {
			return 0, &ForcedError{Msg: fmt.Sprintf("entered face %d does not fit a die of %d..%d", f, lo, hi)}
		}
		return f, nil
	}
	return lo + int(s.Uint64n(uint64(hi-lo)+1)), nil
}

// Uint64n returns a uniform number in [0, n) from the generator (never from
// the forced queue), by Lemire's multiply-and-reject method. n must be > 0.
func (s *Source) Uint64n(n uint64) uint64 {
	hi, lo := bits.Mul64(s.pcg.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(s.pcg.Uint64(), n)
		}
	}
	return hi
}

// Float64 returns a uniform number in [0, 1) from the generator. Scripts'
// math.random uses it.
func (s *Source) Float64() float64 { return float64(s.pcg.Uint64()>>11) / (1 << 53) }

// Uint64 returns 64 random bits from the generator.
func (s *Source) Uint64() uint64 { return s.pcg.Uint64() }
