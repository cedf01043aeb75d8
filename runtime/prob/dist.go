// Package prob computes the probability distribution of a dice expression.
//
// The method is exact: every dice term of an expression is independent of
// every other and appears once in the tree, so the distribution of the
// whole is built bottom-up from the distributions of its parts
// (convolution for sums, pairwise combination for products, comparisons and
// functions, a binomial dynamic programme for keep/drop over identical dice,
// truncated series for rerolls and explosions). Probabilities are float64;
// the tests hold them to 1e-12 of hand-computed values.
//
// Two things are not exact:
//   - rerolls and explosions are bounded by the depth budget; the mass of
//     the chains that would break it is reported as Leftover (those rolls
//     end in an error), and series whose remaining mass falls below 1e-18 are
//     cut there and the remainder added to Leftover;
//   - when the exact method would exceed its state budget (a huge support, a
//     keep/drop over a pool that grows by explosions, a keep over many
//     unlike groups), Of falls back to Monte Carlo and says so: Exact is
//     false and Samples and the standard error are set.
package prob

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// Dist is a distribution over integers: P[i] is the probability of Min+i.
type Dist struct {
	Min      int64
	P        []float64
	Leftover float64 // probability that a roll breaks the depth budget (an error, not a value)
	Exact    bool    // false for a Monte Carlo estimate
	Samples  int     // Monte Carlo sample count; 0 when exact
	// Why says why an estimate is one (the exact method was over its size
	// or time budget) and why it has fewer samples than asked, if it does.
	Why string
}

// Max returns the largest value with a place in the table.
func (d *Dist) Max() int64 { return d.Min + int64(len(d.P)) - 1 }

// At returns P(X = v).
func (d *Dist) At(v int64) float64 {
	i := v - d.Min
	if i < 0 || i >= int64(len(d.P)) {
		return 0
	}
	return d.P[i]
}

// AtLeast returns P(X >= v).
func (d *Dist) AtLeast(v int64) float64 {
	s := 0.0
	for i, p := range d.P {
		if d.Min+int64(i) >= v {
			s += p
		}
	}
	return s
}

// Mean returns the expected value over the outcomes (Leftover excluded,
// outcomes renormalised).
func (d *Dist) Mean() float64 {
	m, t := 0.0, 0.0
	for i, p := range d.P {
		m += p * float64(d.Min+int64(i))
		t += p
	}
	if t == 0 {
		return 0
	}
	return m / t
}

// StdDev returns the standard deviation over the outcomes.
func (d *Dist) StdDev() float64 {
	mu := d.Mean()
	v, t := 0.0, 0.0
	for i, p := range d.P {
		x := float64(d.Min+int64(i)) - mu
		v += p * x * x
		t += p
	}
	if t == 0 {
		return 0
	}
	return math.Sqrt(v / t)
}

// StdErr returns the standard error of the mean of a Monte Carlo estimate
// (0 for an exact distribution).
func (d *Dist) StdErr() float64 {
	if d.Exact || d.Samples == 0 {
		return 0
	}
	return d.StdDev() / math.Sqrt(float64(d.Samples))
}

// Outcome is one value with its probability.
type Outcome struct {
	Value int64   `json:"value"`
	P     float64 `json:"p"`
}

// Outcomes lists the values of non-zero probability in increasing order.
func (d *Dist) Outcomes() []Outcome {
	var out []Outcome
	for i, p := range d.P {
		if p > 0 {
			out = append(out, Outcome{Value: d.Min + int64(i), P: p})
		}
	}
	return out
}

// errTooBig marks an exact computation over its budget.
var errTooBig = errors.New("exact distribution over budget")

// errTooSlow marks an exact computation past its time budget.
var errTooSlow = errors.New("exact distribution over its time budget")

// calc carries the budgets of one computation.
type calc struct {
	maxStates int   // largest support
	work      int64 // remaining work units
	depth     int   // reroll and explosion depth
	lim       Limits
	ticks     int64 // work since the limits were last looked at
}

// Limits stop a computation before its end. A nil context never stops it.
type Limits struct {
	// Stop ends the computation with an error when done (Ctrl-C, the
	// caller's deadline).
	Stop context.Context
	// Exact makes the exact method give up, for Monte Carlo, when done
	// (the time budget of exact distributions).
	Exact context.Context
	// Sample stops Monte Carlo sampling when done: the estimate has the
	// samples drawn so far (the time budget of sampling).
	Sample context.Context
}

// stopped returns the error of the first of ctxs that is done.
func stopped(stop, giveUp context.Context, slow error) error {
	if stop != nil && stop.Err() != nil {
		if errors.Is(stop.Err(), context.DeadlineExceeded) {
			return &errs.Error{Kind: errs.Budget, Layer: "prob", Msg: "the distribution ran past its deadline",
				Hint: "simplify the expression, or raise budgets.timeout"}
		}
		return &errs.Error{Kind: errs.Interrupted, Layer: "prob", Msg: "interrupted"}
	}
	if giveUp != nil && giveUp.Err() != nil {
		return slow
	}
	return nil
}

// spend takes n work units from the budget, and looks at the limits every
// million units.
func (c *calc) spend(n int64) error {
	c.work -= n
	if c.work < 0 {
		return errTooBig
	}
	if c.ticks += n; c.ticks >= 1<<20 {
		c.ticks = 0
		return stopped(c.lim.Stop, c.lim.Exact, errTooSlow)
	}
	return nil
}

// tick is spend(n) for loops whose work is already paid for: it only
// looks at the limits.
func (c *calc) tick(n int64) error {
	if c.ticks += n; c.ticks >= 1<<20 {
		c.ticks = 0
		return stopped(c.lim.Stop, c.lim.Exact, errTooSlow)
	}
	return nil
}

func (c *calc) check(size int64) error {
	if size > int64(c.maxStates) || size < 0 {
		return errTooBig
	}
	return nil
}

// Exact computes the exact distribution of e, or fails with a budget error
// when it would exceed e.Budget.MaxStates.
func Exact(e *dice.Expr) (*Dist, error) { return ExactLimited(e, Limits{}) }

// ExactLimited is Exact under lim (its Stop and Exact contexts).
func ExactLimited(e *dice.Expr, lim Limits) (*Dist, error) {
	c := &calc{maxStates: e.Budget.MaxStates, work: int64(e.Budget.MaxStates) * 400, depth: e.Budget.MaxDepth, lim: lim}
	if c.maxStates <= 0 {
		c.maxStates = dice.DefaultBudget().MaxStates
		c.work = int64(c.maxStates) * 400
	}
	if c.depth <= 0 {
		c.depth = dice.DefaultBudget().MaxDepth
	}
	d, err := c.node(e.Root)
	if err != nil {
		if errors.Is(err, errTooBig) {
			return nil, &errs.Error{Kind: errs.Budget, Layer: "prob",
				Msg: fmt.Sprintf("the exact distribution of %s is over the size budget (%d states)", e.String(), c.maxStates)}
		}
		if errors.Is(err, errTooSlow) {
			return nil, &errs.Error{Kind: errs.Budget, Layer: "prob",
				Msg: fmt.Sprintf("the exact distribution of %s is over its time budget", e.String())}
		}
		return nil, err
	}
	d.Exact = true
	d.trim()
	return d, nil
}

// Of returns the exact distribution of e, or a Monte Carlo estimate of
// samples rolls (seeded with seed) when the exact one is over budget.
func Of(e *dice.Expr, samples int, seed uint64) (*Dist, error) {
	return OfLimited(e, samples, seed, Limits{})
}

// OfLimited is Of under lim: the exact method gives up when lim.Exact is
// done, sampling stops when lim.Sample is, and lim.Stop ends it all with
// an error. Dist.Why says why the result is an estimate.
func OfLimited(e *dice.Expr, samples int, seed uint64, lim Limits) (*Dist, error) {
	d, err := ExactLimited(e, lim)
	if err == nil {
		return d, nil
	}
	var ee *errs.Error
	if !errors.As(err, &ee) || ee.Kind != errs.Budget {
		return nil, err
	}
	d, err = monteCarlo(e, samples, seed, lim)
	if err != nil {
		return nil, err
	}
	why := "the exact method is over its size budget"
	if strings.Contains(ee.Msg, "time budget") {
		why = "the exact method is over its time budget"
	}
	if d.Why != "" {
		why += "; " + d.Why
	}
	d.Why = why
	return d, nil
}

// MonteCarlo estimates the distribution of e from samples rolls.
func MonteCarlo(e *dice.Expr, samples int, seed uint64) (*Dist, error) {
	return monteCarlo(e, samples, seed, Limits{})
}

func monteCarlo(e *dice.Expr, samples int, seed uint64, lim Limits) (*Dist, error) {
	if samples <= 0 {
		samples = 100000
	}
	src := rng.New(seed)
	counts := map[int64]int{}
	fails := 0
	asked := samples
	for i := 0; i < samples; i++ {
		if i%256 == 0 {
			if err := stopped(lim.Stop, nil, nil); err != nil {
				return nil, err
			}
			if lim.Sample != nil && lim.Sample.Err() != nil && i > 0 {
				samples = i
				break
			}
		}
		v, err := e.Total(src)
		if err != nil {
			var ee *errs.Error
			if errors.As(err, &ee) && ee.Kind == errs.Budget && i > 0 {
				fails++
				continue
			}
			return nil, err
		}
		counts[v]++
	}
	keys := make([]int64, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool { return keys[a] < keys[b] })
	d := &Dist{Samples: samples, Leftover: float64(fails) / float64(samples)}
	if samples < asked {
		d.Why = fmt.Sprintf("sampling stopped at its time budget after %d of the %d samples", samples, asked)
	}
	if len(keys) == 0 {
		return d, nil
	}
	d.Min = keys[0]
	span := keys[len(keys)-1] - keys[0] + 1
	if span > 10_000_000 {
		return nil, &errs.Error{Kind: errs.Budget, Layer: "prob", Msg: "the sampled values are spread too wide to tabulate"}
	}
	d.P = make([]float64, span)
	for _, k := range keys {
		d.P[k-d.Min] = float64(counts[k]) / float64(samples)
	}
	return d, nil
}

// trim drops zero-probability ends.
func (d *Dist) trim() {
	i, j := 0, len(d.P)
	for i < j && d.P[i] == 0 {
		i++
	}
	for j > i && d.P[j-1] == 0 {
		j--
	}
	d.Min += int64(i)
	d.P = d.P[i:j]
}

func point(v int64) *Dist { return &Dist{Min: v, P: []float64{1}} }

// uniform is the fair die lo..hi.
func uniform(lo, hi int64) *Dist {
	n := hi - lo + 1
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return &Dist{Min: lo, P: p}
}

// add returns the distribution of the sum of independent a and b.
func (c *calc) add(a, b *Dist) (*Dist, error) {
	size := int64(len(a.P)) + int64(len(b.P)) - 1
	if err := c.check(size); err != nil {
		return nil, err
	}
	if err := c.spend(int64(len(a.P)) * int64(len(b.P))); err != nil {
		return nil, err
	}
	out := &Dist{Min: a.Min + b.Min, P: make([]float64, size), Leftover: 1 - (1-a.Leftover)*(1-b.Leftover)}
	for i, p := range a.P {
		if p == 0 {
			continue
		}
		if err := c.tick(int64(len(b.P))); err != nil {
			return nil, err
		}
		for j, q := range b.P {
			out.P[i+j] += p * q
		}
	}
	return out, nil
}

func neg(a *Dist) *Dist {
	n := len(a.P)
	out := &Dist{Min: -(a.Min + int64(n) - 1), P: make([]float64, n), Leftover: a.Leftover}
	for i, p := range a.P {
		out.P[n-1-i] = p
	}
	return out
}

// pairwise combines independent a and b with f, through a map of results.
func (c *calc) pairwise(a, b *Dist, f func(x, y int64) (int64, error)) (*Dist, error) {
	if err := c.spend(int64(len(a.P)) * int64(len(b.P))); err != nil {
		return nil, err
	}
	acc := newAccum()
	for i, p := range a.P {
		if p == 0 {
			continue
		}
		if err := c.tick(int64(len(b.P))); err != nil {
			return nil, err
		}
		for j, q := range b.P {
			if q == 0 {
				continue
			}
			v, err := f(a.Min+int64(i), b.Min+int64(j))
			if err != nil {
				return nil, err
			}
			acc.put(v, p*q)
		}
	}
	d, err := acc.dist(c)
	if err != nil {
		return nil, err
	}
	d.Leftover = 1 - (1-a.Leftover)*(1-b.Leftover)
	return d, nil
}

// mapDist applies f to every value of a.
func (c *calc) mapDist(a *Dist, f func(int64) int64) (*Dist, error) {
	acc := newAccum()
	for i, p := range a.P {
		if p != 0 {
			acc.put(f(a.Min+int64(i)), p)
		}
	}
	d, err := acc.dist(c)
	if err != nil {
		return nil, err
	}
	d.Leftover = a.Leftover
	return d, nil
}

// accum gathers probability by value before they are laid out densely.
type accum struct {
	m        map[int64]float64
	lo, hi   int64
	nonEmpty bool
}

func newAccum() *accum { return &accum{m: map[int64]float64{}} }

func (a *accum) put(v int64, p float64) {
	if !a.nonEmpty || v < a.lo {
		a.lo = v
	}
	if !a.nonEmpty || v > a.hi {
		a.hi = v
	}
	a.nonEmpty = true
	a.m[v] += p
}

func (a *accum) dist(c *calc) (*Dist, error) {
	if !a.nonEmpty {
		return &Dist{}, nil
	}
	if err := c.check(a.hi - a.lo + 1); err != nil {
		return nil, err
	}
	d := &Dist{Min: a.lo, P: make([]float64, a.hi-a.lo+1)}
	for v, p := range a.m {
		d.P[v-a.lo] = p
	}
	return d, nil
}

// mix returns sum_i w[i] * ds[i].
func (c *calc) mix(ws []float64, ds []*Dist) (*Dist, error) {
	acc := newAccum()
	left := 0.0
	for k, d := range ds {
		left += ws[k] * d.Leftover
		for i, p := range d.P {
			if p != 0 {
				acc.put(d.Min+int64(i), ws[k]*p)
			}
		}
	}
	out, err := acc.dist(c)
	if err != nil {
		return nil, err
	}
	out.Leftover = left
	return out, nil
}
