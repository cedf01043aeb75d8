package combat

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// The configurations below stand in for what a rule system's script would
// declare; the kernel itself knows none of these numbers.

func newEnc(t testing.TB, cfg Config, specs ...Spec) (*Encounter, *rng.Source) {
	t.Helper()
	src := rng.New(1)
	e, err := New(cfg, src)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range specs {
		if err := e.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	return e, src
}

func ok(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func rep(t testing.TB) func(*Report, error) *Report {
	return func(r *Report, err error) *Report {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
}

// steps renders the order as "a b | c".
func steps(e *Encounter) string {
	var parts []string
	for _, s := range e.Steps() {
		parts = append(parts, strings.Join(s, " "))
	}
	return strings.Join(parts, " | ")
}

// trans renders a report's transitions and expiries in time order.
func trans(r *Report) string {
	var out []string
	x := 0
	flush := func(upto int) {
		for x < len(r.Expired) && r.Expired[x].After <= upto {
			out = append(out, "expired:"+r.Expired[x].ID+"("+r.Expired[x].Cause.String()+")")
			x++
		}
	}
	for i, t := range r.Transitions {
		flush(i)
		s := t.Kind.String()
		switch t.Kind {
		case RoundStart, RoundEnd:
			s += fmt.Sprintf(":%d", t.Round)
		case SegmentStart:
			s += fmt.Sprintf(":%d", t.Segment)
		default:
			s += ":" + t.ID
		}
		out = append(out, s)
	}
	flush(len(r.Transitions))
	return strings.Join(out, ", ")
}

func wantEq[T comparable](t testing.TB, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Fatalf("%s:\n got %v\nwant %v", what, got, want)
	}
}

// wantKernelErr checks that err is a kernel *errs.Error whose message
// contains sub.
func wantKernelErr(t testing.TB, err error, kind errs.Kind, sub string) {
	t.Helper()
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Fatalf("want a kernel error containing %q, got %v", sub, err)
	}
	if e.Layer != "kernel" || e.Kind != kind || !strings.Contains(e.Error(), sub) {
		t.Fatalf("want %s kernel error containing %q, got %s/%s: %v", kind, sub, e.Kind, e.Layer, e)
	}
}

func drained(t testing.TB, src *rng.Source) {
	t.Helper()
	if err := src.Drained(); err != nil {
		t.Fatal(err)
	}
}

// turnToNext advances until it is id's turn (at most limit steps).
func turnTo(t testing.TB, e *Encounter, id string) {
	t.Helper()
	for i := 0; i < 100; i++ {
		if e.IsTurn(id) {
			return
		}
		if _, err := e.NextTurn(); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("never reached %s's turn", id)
}
