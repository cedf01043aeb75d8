// Package stats aggregates the outcomes of many fights: wins per side with
// Wilson intervals, rounds (mean, median, histogram), damage per round,
// damage dealt and taken per fighter, survivors and hit points left, and
// errored trials.
//
// Every aggregate is a sum of integers, so aggregates merge exactly: any
// split of a study into workers or shards, merged in any order, gives the
// same numbers and the same JSON, byte for byte. Memory is flat in the
// number of trials (the round histogram has one bucket per round count).
package stats

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Version is the format version of the JSON aggregate. Version 2 added
// content and partial; version 1 aggregates still merge.
const Version = 2

// FighterAgg sums one fighter's trials.
type FighterAgg struct {
	ID       string `json:"id"`
	Side     int    `json:"side"`
	Dealt    int64  `json:"dealt"`
	Taken    int64  `json:"taken"`
	Survived int64  `json:"survived"`
	HPLeft   int64  `json:"hp_left"` // summed over trials it survived
	Attacks  int64  `json:"attacks"`
	Hits     int64  `json:"hits"`
}

// TrialError is a trial that ended in an error, with what replays it.
type TrialError struct {
	Trial uint64 `json:"trial"`
	Msg   string `json:"msg"`
}

// Agg is a mergeable aggregate of trials.
type Agg struct {
	Format     string            `json:"format"`
	Version    int               `json:"version"`
	Encounter  string            `json:"encounter"`
	Content    string            `json:"content,omitempty"` // hash of the encounter and the scripts it loads, to refuse merging unlike studies
	Config     string            `json:"config"`            // ruleset and variants, likewise
	Partial    bool              `json:"partial,omitempty"` // the study was interrupted: its shards are not all played
	Seed       uint64            `json:"seed"`
	Total      uint64            `json:"total"` // trials in the whole study (all shards)
	Trials     int64             `json:"trials"`
	Sides      []string          `json:"sides"`
	Wins       []int64           `json:"wins"`
	Draws      int64             `json:"draws"`
	RoundsSum  int64             `json:"rounds_sum"`
	RoundsHist map[string]int64  `json:"rounds_hist"` // round count -> trials (string keys: JSON objects; sorted on output)
	SideDamage []int64           `json:"side_damage"` // damage dealt by each side, summed
	Fighters   []FighterAgg      `json:"fighters"`
	Errors     int64             `json:"errors"`
	FirstErrs  []TrialError      `json:"first_errors"`
	Shards     map[string]uint64 `json:"shards"` // shard "i/K" -> trials, to detect a shard merged twice
	// Replay holds the flags a replay of one of its trials needs besides
	// --seed and --trial (--ruleset, --variant, --scripts), in order.
	Replay []string `json:"replay,omitempty"`
}

// MaxErrors is how many errored trials an aggregate keeps (the lowest trial
// indices, so any split keeps the same ones).
const MaxErrors = 5

// New returns an empty aggregate for a study.
func New(encounter, config string, seed, total uint64, sides []string, fighters []FighterAgg) *Agg {
	fs := make([]FighterAgg, len(fighters))
	for i, f := range fighters {
		fs[i] = FighterAgg{ID: f.ID, Side: f.Side}
	}
	return &Agg{Format: "dndsh-sim", Version: Version, Encounter: encounter, Config: config, Seed: seed, Total: total,
		Sides: append([]string(nil), sides...), Wins: make([]int64, len(sides)), RoundsHist: map[string]int64{},
		SideDamage: make([]int64, len(sides)), Fighters: fs, FirstErrs: []TrialError{}, Shards: map[string]uint64{}}
}

// Trial is one trial's result, for Add.
type Trial struct {
	Winner   int // side index, -1 for a draw
	Rounds   int
	Fighters []FighterAgg // per fighter: Dealt, Taken, Survived (0/1), HPLeft, Attacks, Hits
}

// Add adds a finished trial.
func (a *Agg) Add(t *Trial) {
	a.Trials++
	if t.Winner >= 0 {
		a.Wins[t.Winner]++
	} else {
		a.Draws++
	}
	a.RoundsSum += int64(t.Rounds)
	a.RoundsHist[fmt.Sprint(t.Rounds)]++
	for i, f := range t.Fighters {
		x := &a.Fighters[i]
		x.Dealt += f.Dealt
		x.Taken += f.Taken
		x.Survived += f.Survived
		x.HPLeft += f.HPLeft
		x.Attacks += f.Attacks
		x.Hits += f.Hits
		a.SideDamage[x.Side] += f.Dealt
	}
}

// AddError counts an errored trial.
func (a *Agg) AddError(trial uint64, msg string) {
	a.Trials++
	a.Errors++
	a.FirstErrs = keepFirst(append(a.FirstErrs, TrialError{Trial: trial, Msg: msg}))
}

func keepFirst(es []TrialError) []TrialError {
	sort.Slice(es, func(i, j int) bool { return es[i].Trial < es[j].Trial })
	if len(es) > MaxErrors {
		es = es[:MaxErrors]
	}
	return es
}

// Merge adds b into a. The studies must match (content, or the encounter's
// name when an aggregate has no content hash; config, seed, trials, sides,
// fighters); the error says which differs.
func (a *Agg) Merge(b *Agg) error {
	if a.Content != "" && b.Content != "" && a.Content != b.Content {
		return fmt.Errorf("cannot merge unlike studies: %s and %s differ in the encounter or the scripts it loads (content %s and %s)",
			a.Encounter, b.Encounter, short(a.Content), short(b.Content))
	}
	var diff []string
	if sameName := a.Encounter == b.Encounter || a.Content != "" && a.Content == b.Content; !sameName {
		diff = append(diff, fmt.Sprintf("the encounters differ (%s and %s)", a.Encounter, b.Encounter))
	}
	if a.Config != b.Config {
		diff = append(diff, fmt.Sprintf("the rules differ (%s and %s)", a.Config, b.Config))
	}
	if a.Seed != b.Seed {
		diff = append(diff, fmt.Sprintf("the seeds differ (%d and %d: give every shard the same --seed)", a.Seed, b.Seed))
	}
	if a.Total != b.Total {
		diff = append(diff, fmt.Sprintf("the study sizes differ (-n %d and -n %d)", a.Total, b.Total))
	}
	if strings.Join(a.Sides, "\x00") != strings.Join(b.Sides, "\x00") {
		diff = append(diff, fmt.Sprintf("the sides differ (%s and %s)", strings.Join(a.Sides, ", "), strings.Join(b.Sides, ", ")))
	}
	if len(a.Fighters) != len(b.Fighters) {
		diff = append(diff, fmt.Sprintf("the fighters differ (%d and %d)", len(a.Fighters), len(b.Fighters)))
	}
	if len(diff) > 0 {
		return fmt.Errorf("cannot merge unlike studies: %s", strings.Join(diff, "; "))
	}
	for i := range a.Fighters {
		if x, y := a.Fighters[i], b.Fighters[i]; x.ID != y.ID || x.Side != y.Side {
			return fmt.Errorf("cannot merge: fighter %d is %s in one and %s in the other", i, x.ID, y.ID)
		}
	}
	if a.Content == "" {
		a.Content = b.Content
	}
	a.Partial = a.Partial || b.Partial
	for s := range b.Shards {
		if _, dup := a.Shards[s]; dup {
			return fmt.Errorf("shard %s is merged twice", s)
		}
	}
	for s, n := range b.Shards {
		a.Shards[s] = n
	}
	a.Trials += b.Trials
	for i := range a.Wins {
		a.Wins[i] += b.Wins[i]
		a.SideDamage[i] += b.SideDamage[i]
	}
	a.Draws += b.Draws
	a.RoundsSum += b.RoundsSum
	for k, v := range b.RoundsHist {
		a.RoundsHist[k] += v
	}
	for i := range a.Fighters {
		x, y := &a.Fighters[i], b.Fighters[i]
		x.Dealt += y.Dealt
		x.Taken += y.Taken
		x.Survived += y.Survived
		x.HPLeft += y.HPLeft
		x.Attacks += y.Attacks
		x.Hits += y.Hits
	}
	a.Errors += b.Errors
	a.FirstErrs = keepFirst(append(a.FirstErrs, b.FirstErrs...))
	return nil
}

// short abbreviates a content hash for messages.
func short(h string) string {
	if len(h) > 19 {
		return h[:19] + "…"
	}
	return h
}

// MaxCount bounds every count of a valid aggregate, so that merging
// thousands of them cannot overflow.
const MaxCount = 1 << 50

// Validate checks an aggregate read from a file before it is used: the
// format, the lengths of the per-side and per-fighter lists, that every
// count is a non-negative number within MaxCount, and that the counts
// agree with each other (wins, draws and errors add up to the trials, the
// rounds histogram to the completed trials, hits are at most attacks).
// A hand-edited or truncated aggregate gets an error naming the field.
func (a *Agg) Validate() error {
	bad := func(format string, args ...any) error { return fmt.Errorf(format, args...) }
	if a.Format != "dndsh-sim" {
		return bad("not a dndsh sim aggregate (format %q)", a.Format)
	}
	if a.Version < 1 || a.Version > Version {
		return bad("aggregate version %d is not one this dndsh reads (1 to %d)", a.Version, Version)
	}
	if len(a.Sides) == 0 || len(a.Sides) > 1000 {
		return bad("sides: want 1 to 1000 sides, got %d", len(a.Sides))
	}
	if len(a.Wins) != len(a.Sides) {
		return bad("wins: want one count per side (%d), got %d", len(a.Sides), len(a.Wins))
	}
	if len(a.SideDamage) != len(a.Sides) {
		return bad("side_damage: want one sum per side (%d), got %d", len(a.Sides), len(a.SideDamage))
	}
	if a.Total > MaxCount {
		return bad("total: %d is over %d", a.Total, int64(MaxCount))
	}
	count := func(name string, v int64) error {
		if v < 0 || v > MaxCount {
			return bad("%s: want a count from 0 to %d, got %d", name, int64(MaxCount), v)
		}
		return nil
	}
	checks := []struct {
		name string
		v    int64
	}{{"trials", a.Trials}, {"draws", a.Draws}, {"rounds_sum", a.RoundsSum}, {"errors", a.Errors}}
	for i := range a.Sides {
		checks = append(checks, struct {
			name string
			v    int64
		}{fmt.Sprintf("wins[%d]", i), a.Wins[i]}, struct {
			name string
			v    int64
		}{fmt.Sprintf("side_damage[%d]", i), a.SideDamage[i]})
	}
	for _, c := range checks {
		if err := count(c.name, c.v); err != nil {
			return err
		}
	}
	if uint64(a.Trials) > a.Total {
		return bad("trials: %d is more than the study's total %d", a.Trials, a.Total)
	}
	if a.Errors > a.Trials {
		return bad("errors: %d is more than the trials %d", a.Errors, a.Trials)
	}
	done := a.Completed()
	var won int64
	for _, w := range a.Wins {
		won += w
	}
	if won+a.Draws != done {
		return bad("wins and draws add up to %d, but %d trials completed", won+a.Draws, done)
	}
	var hist int64
	for k, v := range a.RoundsHist {
		r, err := strconv.ParseInt(k, 10, 64)
		if err != nil || r < 0 {
			return bad("rounds_hist: key %q is not a round count", k)
		}
		if err := count("rounds_hist["+k+"]", v); err != nil {
			return err
		}
		hist += v
	}
	if hist != done {
		return bad("rounds_hist adds up to %d trials, but %d completed", hist, done)
	}
	for i, f := range a.Fighters {
		where := fmt.Sprintf("fighters[%d]", i)
		if f.Side < 0 || f.Side >= len(a.Sides) {
			return bad("%s.side: %d is no side (0 to %d)", where, f.Side, len(a.Sides)-1)
		}
		for _, c := range []struct {
			name string
			v    int64
		}{{"dealt", f.Dealt}, {"taken", f.Taken}, {"survived", f.Survived}, {"hp_left", f.HPLeft}, {"attacks", f.Attacks}, {"hits", f.Hits}} {
			if err := count(where+"."+c.name, c.v); err != nil {
				return err
			}
		}
		if f.Survived > done {
			return bad("%s.survived: %d is more than the completed trials %d", where, f.Survived, done)
		}
		if f.Hits > f.Attacks {
			return bad("%s.hits: %d is more than its attacks %d", where, f.Hits, f.Attacks)
		}
	}
	if len(a.FirstErrs) > MaxErrors {
		return bad("first_errors: at most %d, got %d", MaxErrors, len(a.FirstErrs))
	}
	for i, e := range a.FirstErrs {
		if e.Trial >= a.Total {
			return bad("first_errors[%d].trial: %d is past the study's %d trials", i, e.Trial, a.Total)
		}
	}
	var shards uint64
	for k, v := range a.Shards {
		is, ks, ok := strings.Cut(k, "/")
		i, err1 := strconv.ParseUint(is, 10, 64)
		n, err2 := strconv.ParseUint(ks, 10, 64)
		if !ok || err1 != nil || err2 != nil || n == 0 || i >= n {
			return bad("shards: key %q is not a shard i/K with 0 <= i < K", k)
		}
		if v > a.Total {
			return bad("shards[%s]: %d is more than the study's total %d", k, v, a.Total)
		}
		shards += v
	}
	if shards > a.Total {
		return bad("shards: they cover %d trials, more than the study's total %d", shards, a.Total)
	}
	if uint64(a.Trials) > shards || !a.Partial && uint64(a.Trials) != shards {
		return bad("trials: %d, but the shards cover %d (an interrupted study is marked partial)", a.Trials, shards)
	}
	return nil
}

// JSON encodes the aggregate deterministically (map keys sorted by the
// encoder).
func (a *Agg) JSON() ([]byte, error) { return json.Marshal(a) }

// Wilson returns the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// Hist returns the round histogram as sorted (rounds, trials) pairs.
func (a *Agg) Hist() [][2]int64 {
	var out [][2]int64
	for k, v := range a.RoundsHist {
		var r int64
		fmt.Sscan(k, &r)
		out = append(out, [2]int64{r, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// Median returns the median number of rounds.
func (a *Agg) Median() int64 {
	h := a.Hist()
	var n int64
	for _, b := range h {
		n += b[1]
	}
	var seen int64
	for _, b := range h {
		seen += b[1]
		if 2*seen >= n {
			return b[0]
		}
	}
	return 0
}

// Completed returns the trials that did not error.
func (a *Agg) Completed() int64 { return a.Trials - a.Errors }

// Report renders the aggregate for a terminal.
func (a *Agg) Report() string {
	var b strings.Builder
	n := a.Completed()
	// The header counts the trials the table counts: those that completed.
	if a.Errors > 0 {
		fmt.Fprintf(&b, "%s — %d trials completed, %d ended in an error (seed %d, %s)\n", a.Encounter, n, a.Errors, a.Seed, a.Config)
	} else {
		fmt.Fprintf(&b, "%s — %d trials (seed %d, %s)\n", a.Encounter, n, a.Seed, a.Config)
	}
	if a.Partial {
		var planned uint64
		for _, v := range a.Shards {
			planned += v
		}
		fmt.Fprintf(&b, "PARTIAL: interrupted; %d of the %d trials were played\n", a.Trials, planned)
	}
	if n == 0 {
		fmt.Fprintf(&b, "no trial completed\n")
	}
	fmt.Fprintf(&b, "\n%-16s %8s %9s %19s\n", "side", "wins", "win rate", "95% interval")
	for i, s := range a.Sides {
		lo, hi := Wilson(a.Wins[i], n)
		fmt.Fprintf(&b, "%-16s %8d %8.2f%% %8.2f%% – %6.2f%%\n", s, a.Wins[i], pct(a.Wins[i], n), 100*lo, 100*hi)
	}
	if a.Draws > 0 {
		fmt.Fprintf(&b, "%-16s %8d %8.2f%%\n", "draw", a.Draws, pct(a.Draws, n))
	}
	if n > 0 {
		fmt.Fprintf(&b, "\nrounds: mean %.2f, median %d\n", float64(a.RoundsSum)/float64(n), a.Median())
		b.WriteString(histChart(a.Hist(), n))
		fmt.Fprintf(&b, "\ndamage per round:")
		for i, s := range a.Sides {
			fmt.Fprintf(&b, "  %s %.2f", s, float64(a.SideDamage[i])/math.Max(1, float64(a.RoundsSum)))
		}
		fmt.Fprintf(&b, "\n\n%-14s %-10s %9s %9s %9s %9s %8s\n", "creature", "side", "dealt", "taken", "survived", "hp alive", "hit rate")
		for _, f := range a.Fighters {
			hpl := 0.0
			if f.Survived > 0 {
				hpl = float64(f.HPLeft) / float64(f.Survived)
			}
			hp := fmt.Sprintf("%9.2f", hpl)
			if f.Survived == 0 {
				hp = fmt.Sprintf("%9s", "-")
			}
			fmt.Fprintf(&b, "%-14s %-10s %9.2f %9.2f %8.1f%% %s %7.1f%%\n", f.ID, a.Sides[f.Side], float64(f.Dealt)/float64(n),
				float64(f.Taken)/float64(n), pct(f.Survived, n), hp, pct(f.Hits, f.Attacks))
		}
		b.WriteString("dealt, taken: mean per trial; hp alive: mean hit points left over the trials it survived (- when it\n" +
			"never did); hit rate: hits per attack, a spell or effect on a target counting as one\n")
	}
	if a.Errors > 0 {
		fmt.Fprintf(&b, "\n%d trials ended in an error; the first:\n", a.Errors)
		extra := ""
		if len(a.Replay) > 0 {
			extra = " " + strings.Join(a.Replay, " ")
		}
		for _, e := range a.FirstErrs {
			fmt.Fprintf(&b, "  trial %d: %s\n    replay: dndsh run --seed %d --trial %d%s %s\n", e.Trial, e.Msg, a.Seed, e.Trial, extra, a.Encounter)
		}
	}
	return b.String()
}

func pct(k, n int64) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}

// histChart draws the rounds histogram as bars, every round count from the
// fewest to the most (a count no trial ended with shows as a gap).
func histChart(h [][2]int64, n int64) string {
	var b strings.Builder
	var top int64
	for _, x := range h {
		top = max(top, x[1])
	}
	for i, x := range h {
		if i > 0 {
			for r := h[i-1][0] + 1; r < x[0]; r++ {
				fmt.Fprintf(&b, "  %3d %6.2f%%\n", r, 0.0)
			}
		}
		bar := strings.Repeat("█", int(40*x[1]/max(top, 1)))
		if bar == "" && x[1] > 0 {
			bar = "▏" // some trials, too few for a whole cell
		}
		fmt.Fprintf(&b, "  %3d %6.2f%% %s\n", x[0], pct(x[1], n), bar)
	}
	return b.String()
}

// DiffInterval returns the 95% interval of p1 - p2 for k1 of n1 and k2 of
// n2 by Newcombe's hybrid score method (from the two Wilson intervals).
func DiffInterval(k1, n1, k2, n2 int64) (d, lo, hi float64) {
	p1, p2 := float64(k1)/math.Max(1, float64(n1)), float64(k2)/math.Max(1, float64(n2))
	l1, u1 := Wilson(k1, n1)
	l2, u2 := Wilson(k2, n2)
	d = p1 - p2
	lo = d - math.Sqrt((p1-l1)*(p1-l1)+(u2-p2)*(u2-p2))
	hi = d + math.Sqrt((u1-p1)*(u1-p1)+(p2-l2)*(p2-l2))
	return d, lo, hi
}

// SideDiff is one side's win rate in two studies and the difference with
// its 95% interval (Newcombe).
type SideDiff struct {
	Side string  `json:"side"`
	A    float64 `json:"a"`
	B    float64 `json:"b"`
	Diff float64 `json:"diff"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// Diff is study a minus study b: the win rates of the sides both have (by
// name), mean rounds and damage per round.
type Diff struct {
	Sides      []SideDiff `json:"sides"`
	RoundsA    float64    `json:"rounds_a"`
	RoundsB    float64    `json:"rounds_b"`
	RoundsDiff float64    `json:"rounds_diff"`
}

// Difference works out a minus b, matching sides by name.
func Difference(a, b *Agg) Diff {
	na, nb := a.Completed(), b.Completed()
	var d Diff
	for i, side := range a.Sides {
		j := -1
		for k, s := range b.Sides {
			if s == side {
				j = k
			}
		}
		if j < 0 {
			continue
		}
		x, lo, hi := DiffInterval(a.Wins[i], na, b.Wins[j], nb)
		d.Sides = append(d.Sides, SideDiff{Side: side, A: float64(a.Wins[i]) / math.Max(1, float64(na)),
			B: float64(b.Wins[j]) / math.Max(1, float64(nb)), Diff: x, Lo: lo, Hi: hi})
	}
	d.RoundsA, d.RoundsB = float64(a.RoundsSum)/math.Max(1, float64(na)), float64(b.RoundsSum)/math.Max(1, float64(nb))
	d.RoundsDiff = d.RoundsA - d.RoundsB
	return d
}

// Compare reports a minus b: win rates of the sides both have (by name)
// with their intervals, and mean rounds.
func Compare(a, b *Agg) string {
	var s strings.Builder
	d := Difference(a, b)
	fmt.Fprintf(&s, "%-16s %10s %23s\n", "side", "win rate", "95% interval")
	for _, x := range d.Sides {
		fmt.Fprintf(&s, "%-16s %+9.2f%% %+9.2f%% – %+7.2f%%\n", x.Side, 100*x.Diff, 100*x.Lo, 100*x.Hi)
	}
	if len(d.Sides) == 0 {
		s.WriteString("(the studies have no side of the same name)\n")
	}
	fmt.Fprintf(&s, "rounds: mean %+.2f (%.2f vs %.2f)\n", d.RoundsDiff, d.RoundsA, d.RoundsB)
	return s.String()
}
