package event

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

// TestOnDuringDispatch: a handler registered during a dispatch is not
// called by that dispatch, but by any dispatch that starts afterwards,
// nested ones included.
func TestOnDuringDispatch(t *testing.T) {
	b := New()
	r := &recorder{}
	id := mustID(t, b, "check.roll")
	registered := false
	nested := &Event{}
	mustOn(t, b, "check.roll", Modify, Options{Priority: 0}, func(ev *Event) error {
		r.got = append(r.got, "first")
		if !registered && ev.Actor == 0 {
			registered = true
			// Would run before "last" and after "first" by priority.
			mustOn(t, b, "check.roll", Modify, Options{Priority: 1}, r.h("new"))
			// A nested dispatch that starts now sees the new handler.
			nested.Reset(id)
			nested.Actor = 1
			if err := b.Dispatch(nested, Modify); err != nil {
				return err
			}
		}
		return nil
	})
	mustOn(t, b, "check.roll", Modify, Options{Priority: 2}, r.h("last"))
	if err := b.Dispatch(&Event{ID: id}, Modify); err != nil {
		t.Fatal(err)
	}
	// outer: first, (nested: first new last), last
	want := []string{"first", "first", "new", "last", "last"}
	if !slices.Equal(r.got, want) {
		t.Fatalf("ran %v, want %v", r.got, want)
	}
	r.got = nil
	if err := b.Dispatch(&Event{ID: id, Actor: 2}, Modify); err != nil {
		t.Fatal(err)
	}
	if want := []string{"first", "new", "last"}; !slices.Equal(r.got, want) {
		t.Fatalf("next dispatch ran %v, want %v", r.got, want)
	}
}

// TestOnOtherPhaseDuringDispatch: registering for a later phase of the same
// event during its dispatch takes effect for that later phase (a later
// dispatch), even within the same Run.
func TestOnOtherPhaseDuringDispatch(t *testing.T) {
	b := New()
	r := &recorder{}
	mustOn(t, b, "save.roll", Declare, Options{}, func(ev *Event) error {
		mustOn(t, b, "save.roll", After, Options{}, r.h("after"))
		return nil
	})
	_ = b.Run(&Event{ID: mustID(t, b, "save.roll")}, AllPhases)
	if !slices.Equal(r.got, []string{"after"}) {
		t.Fatalf("ran %v", r.got)
	}
}

// TestOffDuringDispatch: removal takes effect at once, in the dispatch in
// progress too, and leaves the handlers after it in place.
func TestOffDuringDispatch(t *testing.T) {
	tests := []struct {
		name   string
		remove func(b *Bus, hs []Handle)
		want   []string
		next   []string
	}{
		{"remove a later handler", func(b *Bus, hs []Handle) { b.Off(hs[2]) }, []string{"0", "1", "3"}, []string{"0", "1", "3"}},
		{"remove itself", func(b *Bus, hs []Handle) { b.Off(hs[1]) }, []string{"0", "1", "2", "3"}, []string{"0", "2", "3"}},
		{"remove an earlier handler", func(b *Bus, hs []Handle) { b.Off(hs[0]) }, []string{"0", "1", "2", "3"}, []string{"1", "2", "3"}},
		{"remove an owner", func(b *Bus, hs []Handle) { b.OffOwner(42) }, []string{"0", "1", "3"}, []string{"0", "1", "3"}},
		{"clear", func(b *Bus, hs []Handle) { b.Clear() }, []string{"0", "1"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New()
			r := &recorder{}
			var hs []Handle
			once := false
			for i, label := range []string{"0", "1", "2", "3"} {
				opt := Options{}
				if i == 2 {
					opt.Owner = 42
				}
				fn := r.h(label)
				if i == 1 {
					fn = func(ev *Event) error {
						r.got = append(r.got, "1")
						if !once {
							once = true
							tt.remove(b, hs)
						}
						return nil
					}
				}
				hs = append(hs, mustOn(t, b, "damage.apply", Roll, opt, fn))
			}
			id := mustID(t, b, "damage.apply")
			_ = b.Dispatch(&Event{ID: id}, Roll)
			if !slices.Equal(r.got, tt.want) {
				t.Fatalf("ran %v, want %v", r.got, tt.want)
			}
			r.got = nil
			_ = b.Dispatch(&Event{ID: id}, Roll)
			if !slices.Equal(r.got, tt.next) {
				t.Fatalf("next dispatch ran %v, want %v", r.got, tt.next)
			}
			if b.Len() != len(tt.next) {
				t.Fatalf("Len %d, want %d", b.Len(), len(tt.next))
			}
		})
	}
}

// TestNestedPipelines: a result handler of attack.roll emits damage.apply,
// whose handler changes the outer payload; the outer dispatch goes on.
func TestNestedPipelines(t *testing.T) {
	b := New()
	attack, damage := mustID(t, b, "attack.roll"), mustID(t, b, "damage.apply")
	type hp struct{ n int }
	target := &hp{n: 10}
	var trace []string
	dmg := &Event{}
	mustOn(t, b, "attack.roll", Result, Options{}, func(ev *Event) error {
		trace = append(trace, "hit")
		dmg.Reset(damage)
		dmg.Subject, dmg.Data = ev.Subject, target
		return b.Run(dmg, AllPhases)
	})
	mustOn(t, b, "attack.roll", Result, Options{Priority: 1}, func(ev *Event) error {
		trace = append(trace, "after damage")
		return nil
	})
	mustOn(t, b, "damage.apply", Modify, Options{}, func(ev *Event) error {
		ev.Data.(*hp).n -= 4
		trace = append(trace, "damage")
		return nil
	})
	if err := b.Run(&Event{ID: attack, Subject: 3}, AllPhases); err != nil {
		t.Fatal(err)
	}
	if target.n != 6 || !slices.Equal(trace, []string{"hit", "damage", "after damage"}) {
		t.Fatalf("hp %d trace %v", target.n, trace)
	}
}

func TestNestedErrorChain(t *testing.T) {
	b := New()
	attack, damage := mustID(t, b, "attack.roll"), mustID(t, b, "damage.apply")
	cause := errors.New("no such creature")
	mustOn(t, b, "attack.roll", Result, Options{}, func(ev *Event) error {
		return b.Dispatch(&Event{ID: damage}, Declare)
	})
	mustOn(t, b, "damage.apply", Declare, Options{Layer: Monsters}, func(ev *Event) error { return cause })
	err := b.Dispatch(&Event{ID: attack}, Result)
	var e *errs.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v", err)
	}
	if !slices.Equal(e.During, []string{"event attack.roll/result", "event damage.apply/declare"}) || e.Layer != "monsters" {
		t.Fatalf("During %q layer %q", e.During, e.Layer)
	}
	if !errors.Is(err, cause) {
		t.Fatal("cause lost")
	}
	if b.depth != 0 {
		t.Fatalf("depth %d after an error", b.depth)
	}
}

func TestDepthCap(t *testing.T) {
	tests := []struct {
		name  string
		max   int
		loops int // how deep the handler recurses; -1 for ever
		ok    bool
	}{
		{"within default cap", 0, DefaultMaxDepth - 1, true},
		{"at the cap", 0, DefaultMaxDepth, false},
		{"endless", 0, -1, false},
		{"small cap", 3, 2, true},
		{"small cap exceeded", 3, 3, false},
		{"cap of at least one", -5, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New()
			if tt.max != 0 {
				b.SetMaxDepth(tt.max)
			}
			id := mustID(t, b, "reaction")
			calls := 0
			mustOn(t, b, "reaction", Declare, Options{}, func(ev *Event) error {
				calls++
				if tt.loops >= 0 && calls > tt.loops {
					return nil
				}
				return b.Dispatch(&Event{ID: id}, Declare)
			})
			err := b.Dispatch(&Event{ID: id}, Declare)
			if tt.ok {
				if err != nil {
					t.Fatal(err)
				}
			} else {
				var e *errs.Error
				if !errors.As(err, &e) || e.Kind != errs.Budget || !strings.Contains(e.Msg, "nested more than") || e.Hint == "" {
					t.Fatalf("got %v, want a budget error", err)
				}
				if len(e.During) < 2 || e.During[0] != "event reaction/declare" || e.During[1] != "event reaction/declare" {
					t.Fatalf("During %q", e.During[:min(len(e.During), 3)])
				}
			}
			if b.depth != 0 {
				t.Fatalf("depth %d after dispatch", b.depth)
			}
		})
	}
}

// TestPanicRestoresDepth: a panicking Go handler must not leave the bus
// believing a dispatch is still running (which would make every later
// registration copy its list).
func TestPanicRestoresDepth(t *testing.T) {
	b := New()
	mustOn(t, b, "x", Declare, Options{}, func(*Event) error { panic("bug") })
	func() {
		defer func() { _ = recover() }()
		_ = b.Dispatch(&Event{ID: mustID(t, b, "x")}, Declare)
	}()
	if b.depth != 0 {
		t.Fatalf("depth %d after a panic", b.depth)
	}
}
