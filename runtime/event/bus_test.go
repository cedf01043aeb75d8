package event

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// recorder collects the labels of the handlers that ran.
type recorder struct{ got []string }

func (r *recorder) h(label string) Handler {
	return func(*Event) error { r.got = append(r.got, label); return nil }
}

func mustOn(t *testing.T, b *Bus, name string, ph Phase, opt Options, fn Handler) Handle {
	t.Helper()
	h, err := b.On(name, ph, opt, fn)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func mustID(t *testing.T, b *Bus, name string) ID {
	t.Helper()
	id, err := b.Intern(name)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestDispatchOrder(t *testing.T) {
	type reg struct {
		label    string
		layer    Layer
		priority int
	}
	tests := []struct {
		name string
		regs []reg
		want []string
	}{
		{"registration order breaks ties", []reg{{"a", Base, 0}, {"b", Base, 0}, {"c", Base, 0}}, []string{"a", "b", "c"}},
		{"layer before priority", []reg{{"session", Session, -100}, {"base", Base, 100}, {"monster", Monsters, 0}, {"variant", Variants, 0}, {"system", System, 5}}, []string{"base", "system", "variant", "monster", "session"}},
		{"priority within a layer", []reg{{"p10", System, 10}, {"p-5", System, -5}, {"p0", System, 0}, {"p0b", System, 0}}, []string{"p-5", "p0", "p0b", "p10"}},
		{"any int is a layer", []reg{{"250", 250, 0}, {"200", Variants, 0}, {"-1", -1, 0}, {"300", Monsters, 0}}, []string{"-1", "200", "250", "300"}},
		{"mixed", []reg{{"s1", Session, 0}, {"b2", Base, 2}, {"b1", Base, 1}, {"s0", Session, -1}, {"b1b", Base, 1}}, []string{"b1", "b1b", "b2", "s0", "s1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New()
			r := &recorder{}
			for _, g := range tt.regs {
				mustOn(t, b, "attack.roll", Modify, Options{Layer: g.layer, Priority: g.priority, Label: g.label}, r.h(g.label))
			}
			ev := &Event{ID: mustID(t, b, "attack.roll")}
			if err := b.Dispatch(ev, Modify); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.got, tt.want) {
				t.Fatalf("order %v, want %v", r.got, tt.want)
			}
			var listed []string
			for _, in := range b.Handlers("attack.roll") {
				listed = append(listed, in.Label)
			}
			if !slices.Equal(listed, tt.want) {
				t.Fatalf("Handlers lists %v, want %v", listed, tt.want)
			}
		})
	}
}

// TestOrderMatchesReference registers and removes handlers in a seeded
// random order and checks dispatch against a sort of the live handlers.
func TestOrderMatchesReference(t *testing.T) {
	src := rng.New(11)
	roll := func(lo, hi int) int { n, _ := src.Roll(lo, hi); return n }
	for round := 0; round < 50; round++ {
		b := New()
		type live struct {
			h        Handle
			layer    Layer
			priority int
			seq      int
		}
		var regs []live
		var got []int
		for i := 0; i < 40; i++ {
			if len(regs) > 0 && roll(1, 4) == 1 {
				k := roll(0, len(regs)-1)
				if !b.Off(regs[k].h) {
					t.Fatal("Off of a live handler failed")
				}
				regs = slices.Delete(regs, k, k+1)
				continue
			}
			seq := i
			l := Layer(roll(0, 4) * 100)
			p := roll(-2, 2)
			h := mustOn(t, b, "x", Result, Options{Layer: l, Priority: p}, func(*Event) error { got = append(got, seq); return nil })
			regs = append(regs, live{h, l, p, seq})
		}
		slices.SortStableFunc(regs, func(a, c live) int {
			if a.layer != c.layer {
				return int(a.layer - c.layer)
			}
			return a.priority - c.priority
		})
		var want []int
		for _, r := range regs {
			want = append(want, r.seq)
		}
		id, _ := b.Lookup("x")
		if err := b.Dispatch(&Event{ID: id}, Result); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("round %d: order %v, want %v", round, got, want)
		}
		if b.Len() != len(regs) {
			t.Fatalf("Len %d, want %d", b.Len(), len(regs))
		}
	}
}

func TestPhasesAndRun(t *testing.T) {
	b := New()
	r := &recorder{}
	for _, ph := range []Phase{After, Declare, Roll} {
		mustOn(t, b, "turn.start", ph, Options{}, r.h(ph.String()))
	}
	id := mustID(t, b, "turn.start")
	other := mustID(t, b, "turn.end")
	tests := []struct {
		name string
		set  Phases
		want []string
	}{
		{"all", AllPhases, []string{"declare", "roll", "after"}},
		{"subset", PhaseSet(After, Modify, Declare), []string{"declare", "after"}},
		{"none with handlers", PhaseSet(Modify, Result), nil},
		{"empty", 0, nil},
	}
	for _, tt := range tests {
		r.got = nil
		if err := b.Run(&Event{ID: id}, tt.set); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.got, tt.want) {
			t.Errorf("%s: ran %v, want %v", tt.name, r.got, tt.want)
		}
	}
	if !b.Has(id) || b.Has(other) || b.Has(0) || b.Has(999) {
		t.Error("Has is wrong")
	}
	for ph := Declare; ph <= After; ph++ {
		want := ph == Declare || ph == Roll || ph == After
		if b.HasPhase(id, ph) != want {
			t.Errorf("HasPhase(%s) = %v", ph, !want)
		}
	}
	ev := &Event{ID: id}
	_ = b.Dispatch(ev, Roll)
	if ev.Phase != Roll {
		t.Errorf("Dispatch left Phase %s", ev.Phase)
	}
	// Unknown and zero IDs dispatch nothing.
	for _, id := range []ID{0, other, 12345} {
		if err := b.Run(&Event{ID: id}, AllPhases); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCancel(t *testing.T) {
	tests := []struct {
		name     string
		cancelIn Phase
		cancelAt string // label of the handler that cancels
		want     []string
		reason   string
	}{
		{"declare stops everything but after", Declare, "d1", []string{"d1", "a1", "a2"}, "d1"},
		{"later handler of the phase still ran before", Modify, "m2", []string{"d1", "d2", "m1", "m2", "a1", "a2"}, "m2"},
		{"result", Result, "r1", []string{"d1", "d2", "m1", "m2", "r1", "a1", "a2"}, "r1"},
		{"after only marks", After, "a1", []string{"d1", "d2", "m1", "m2", "r1", "a1", "a2"}, "a1"},
		{"nobody cancels", Declare, "", []string{"d1", "d2", "m1", "m2", "r1", "a1", "a2"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New()
			var got []string
			var sawCancelled []bool
			for _, h := range []struct {
				label string
				ph    Phase
			}{{"d1", Declare}, {"d2", Declare}, {"m1", Modify}, {"m2", Modify}, {"r1", Result}, {"a1", After}, {"a2", After}} {
				mustOn(t, b, "attack.declare", h.ph, Options{}, func(ev *Event) error {
					got = append(got, h.label)
					if h.ph == After {
						sawCancelled = append(sawCancelled, ev.Cancelled())
					}
					if h.label == tt.cancelAt {
						ev.Cancel(h.label)
						ev.Cancel("second reason loses")
					}
					return nil
				})
			}
			ev := &Event{ID: mustID(t, b, "attack.declare")}
			if err := b.Run(ev, AllPhases); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("ran %v, want %v", got, tt.want)
			}
			if ev.Cancelled() != (tt.reason != "") || ev.Reason() != tt.reason {
				t.Fatalf("cancelled=%v reason=%q, want %q", ev.Cancelled(), ev.Reason(), tt.reason)
			}
			if tt.reason != "" && tt.cancelIn != After && !sawCancelled[0] {
				t.Fatal("after handlers did not see the cancellation")
			}
			// A dispatch of a non-After phase of a cancelled event calls nothing.
			got = nil
			_ = b.Dispatch(ev, Declare)
			if tt.reason != "" && len(got) != 0 {
				t.Fatalf("cancelled event ran %v", got)
			}
			ev.Reset(ev.ID)
			if ev.Cancelled() || ev.Reason() != "" {
				t.Fatal("Reset kept the cancellation")
			}
		})
	}
}

func TestHandlerErrors(t *testing.T) {
	plain := errors.New("boom")
	scriptErr := &errs.Error{Kind: errs.Script, Layer: "monsters", File: "dragon.lua", Line: 12, Msg: "attempt to index nil"}
	located := &errs.Error{Kind: errs.Rule, Layer: "system", Msg: "no such condition", During: []string{"creature goblin 2"}}
	tests := []struct {
		name       string
		err        error
		opt        Options
		wantKind   errs.Kind
		wantLayer  string
		wantDuring []string
		wantText   string
	}{
		{"plain error", plain, Options{Layer: Variants}, errs.Script, "variants", []string{"event attack.roll/roll"}, "boom (during event attack.roll/roll)"},
		{"label named", plain, Options{Label: "reach.go"}, errs.Script, "base", []string{"event attack.roll/roll, handler reach.go"}, "boom"},
		{"errs.Error keeps kind and place", scriptErr, Options{Layer: Monsters}, errs.Script, "monsters", []string{"event attack.roll/roll"}, "dragon.lua:12: attempt to index nil (during event attack.roll/roll)"},
		{"existing During kept", located, Options{}, errs.Rule, "system", []string{"event attack.roll/roll", "creature goblin 2"}, "no such condition (during event attack.roll/roll > creature goblin 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New()
			ran := false
			mustOn(t, b, "attack.roll", Roll, tt.opt, func(*Event) error { return tt.err })
			mustOn(t, b, "attack.roll", Roll, Options{Layer: Session}, func(*Event) error { ran = true; return nil })
			err := b.Dispatch(&Event{ID: mustID(t, b, "attack.roll")}, Roll)
			var e *errs.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %T %v, want *errs.Error", err, err)
			}
			if ran {
				t.Fatal("error did not stop the dispatch")
			}
			if e.Kind != tt.wantKind || e.Layer != tt.wantLayer || !slices.Equal(e.During, tt.wantDuring) {
				t.Fatalf("got kind %s layer %q during %q", e.Kind, e.Layer, e.During)
			}
			if !strings.Contains(err.Error(), tt.wantText) {
				t.Fatalf("message %q lacks %q", err.Error(), tt.wantText)
			}
			if !errors.Is(err, tt.err) {
				t.Fatal("the handler's error is not reachable with errors.Is")
			}
			if tt.err == scriptErr && scriptErr.During != nil || tt.err == located && len(located.During) != 1 {
				t.Fatal("the handler's error was modified")
			}
		})
	}
}

func TestOwners(t *testing.T) {
	const goblin, dragon Owner = 7, 9
	tests := []struct {
		name           string
		only           Match
		actor, subject Owner
		fires          bool
	}{
		{"always fires", Always, 0, 0, true},
		{"actor match", OwnerIsActor, dragon, goblin, true},
		{"actor mismatch", OwnerIsActor, goblin, dragon, false},
		{"subject match", OwnerIsSubject, goblin, dragon, true},
		{"subject mismatch", OwnerIsSubject, dragon, goblin, false},
		{"either as actor", OwnerIsEither, dragon, goblin, true},
		{"either as subject", OwnerIsEither, goblin, dragon, true},
		{"either neither", OwnerIsEither, goblin, goblin, false},
		{"nobody", OwnerIsEither, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New()
			fired := false
			mustOn(t, b, "attack.roll", Modify, Options{Owner: dragon, Only: tt.only}, func(*Event) error { fired = true; return nil })
			ev := &Event{ID: mustID(t, b, "attack.roll"), Actor: tt.actor, Subject: tt.subject}
			if err := b.Dispatch(ev, Modify); err != nil {
				t.Fatal(err)
			}
			if fired != tt.fires {
				t.Fatalf("fired=%v, want %v", fired, tt.fires)
			}
		})
	}
}

func TestOffOwner(t *testing.T) {
	b := New()
	r := &recorder{}
	mustOn(t, b, "turn.start", Declare, Options{Owner: 1, Label: "1a"}, r.h("1a"))
	mustOn(t, b, "turn.end", After, Options{Owner: 1, Only: OwnerIsSubject, Label: "1b"}, r.h("1b"))
	h2 := mustOn(t, b, "turn.start", Declare, Options{Owner: 2}, r.h("2"))
	mustOn(t, b, "turn.start", Declare, Options{}, r.h("free"))
	if n := b.OffOwner(1); n != 2 {
		t.Fatalf("OffOwner removed %d, want 2", n)
	}
	if n := b.OffOwner(1); n != 0 {
		t.Fatalf("second OffOwner removed %d", n)
	}
	if b.OffOwner(0) != 0 {
		t.Fatal("OffOwner(0) removed handlers")
	}
	start, end := mustID(t, b, "turn.start"), mustID(t, b, "turn.end")
	_ = b.Run(&Event{ID: start, Subject: 1}, AllPhases)
	_ = b.Run(&Event{ID: end, Subject: 1}, AllPhases)
	if !slices.Equal(r.got, []string{"2", "free"}) {
		t.Fatalf("ran %v", r.got)
	}
	if b.Has(end) {
		t.Fatal("turn.end still has handlers")
	}
	if !b.Off(h2) || b.OffOwner(2) != 0 {
		t.Fatal("Off of an owned handler must drop it from its owner")
	}
	if b.Len() != 1 {
		t.Fatalf("Len %d, want 1", b.Len())
	}
}

func TestOff(t *testing.T) {
	b, other := New(), New()
	r := &recorder{}
	h := mustOn(t, b, "move", After, Options{}, r.h("x"))
	if h.Seq() != 1 || !h.Active() {
		t.Fatalf("handle seq %d active %v", h.Seq(), h.Active())
	}
	if other.Off(h) {
		t.Fatal("another bus removed the handler")
	}
	if !b.Off(h) || h.Active() {
		t.Fatal("Off failed")
	}
	if b.Off(h) || b.Off(Handle{}) || (Handle{}).Seq() != 0 || (Handle{}).Active() {
		t.Fatal("second Off or zero handle misbehaved")
	}
	id := mustID(t, b, "move")
	_ = b.Dispatch(&Event{ID: id}, After)
	if len(r.got) != 0 || b.Has(id) || b.Len() != 0 {
		t.Fatal("removed handler still registered")
	}
}

func TestClear(t *testing.T) {
	b := New()
	r := &recorder{}
	h := mustOn(t, b, "a", Declare, Options{Owner: 3}, r.h("a"))
	mustOn(t, b, "b", After, Options{}, r.h("b"))
	ida, idb := mustID(t, b, "a"), mustID(t, b, "b")
	b.Clear()
	if b.Len() != 0 || b.Has(ida) || b.Has(idb) || h.Active() || b.OffOwner(3) != 0 {
		t.Fatal("Clear left handlers")
	}
	if id, ok := b.Lookup("a"); !ok || id != ida {
		t.Fatal("Clear dropped interned names")
	}
	mustOn(t, b, "a", Declare, Options{}, r.h("a2"))
	_ = b.Run(&Event{ID: ida}, AllPhases)
	if !slices.Equal(r.got, []string{"a2"}) {
		t.Fatalf("ran %v", r.got)
	}
}

func TestRegistrationErrors(t *testing.T) {
	ok := func(*Event) error { return nil }
	tests := []struct {
		name  string
		event string
		ph    Phase
		opt   Options
		fn    Handler
		kind  errs.Kind
		want  string
	}{
		{"empty name", "", Declare, Options{}, ok, errs.Rule, "empty event name"},
		{"space in name", "attack roll", Declare, Options{}, ok, errs.Rule, `bad event name "attack roll"`},
		{"long name", strings.Repeat("a", 200), Declare, Options{}, ok, errs.Rule, "longer than"},
		{"bad phase", "x", Phase(9), Options{}, ok, errs.Rule, "bad phase"},
		{"bad match", "x", Declare, Options{Owner: 1, Only: Match(8)}, ok, errs.Rule, "bad match rule"},
		{"only without owner", "x", Declare, Options{Only: OwnerIsActor}, ok, errs.Rule, "has none"},
		{"nil handler", "x", Declare, Options{}, nil, errs.Internal, "nil handler"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New()
			h, err := b.On(tt.event, tt.ph, tt.opt, tt.fn)
			var e *errs.Error
			if !errors.As(err, &e) || e.Kind != tt.kind || e.Layer != "event" || !strings.Contains(e.Msg, tt.want) {
				t.Fatalf("got %v, want %s error containing %q", err, tt.kind, tt.want)
			}
			if h.Active() || b.Len() != 0 {
				t.Fatal("failed registration left a handler")
			}
		})
	}
}

func TestIntern(t *testing.T) {
	b := New()
	names := []string{"attack.roll", "damage.apply", "monster:dragon.breath", "turn_start-2"}
	for i, n := range names {
		id := mustID(t, b, n)
		if id != ID(i+1) {
			t.Fatalf("%s got ID %d, want %d", n, id, i+1)
		}
		if again := mustID(t, b, n); again != id {
			t.Fatal("Intern is not idempotent")
		}
		if b.Name(id) != n {
			t.Fatalf("Name(%d) = %q", id, b.Name(id))
		}
	}
	if !slices.Equal(b.Events(), names) {
		t.Fatalf("Events() = %v", b.Events())
	}
	if _, ok := b.Lookup("nope"); ok {
		t.Fatal("Lookup found an unknown name")
	}
	if b.Name(0) != "" || b.Name(99) != "" {
		t.Fatal("Name of unknown IDs must be empty")
	}
	if b.Handlers("nope") != nil {
		t.Fatal("Handlers of an unknown name")
	}
}

func TestNames(t *testing.T) {
	for _, ph := range []Phase{Declare, Modify, Roll, Result, After} {
		if p, ok := ParsePhase(ph.String()); !ok || p != ph {
			t.Errorf("ParsePhase(%q) = %v %v", ph.String(), p, ok)
		}
	}
	if _, ok := ParsePhase("before"); ok {
		t.Error(`ParsePhase("before") succeeded`)
	}
	if Phase(7).String() != "phase(7)" {
		t.Error(Phase(7).String())
	}
	layers := []struct {
		s    string
		l    Layer
		ok   bool
		back string
	}{
		{"base", Base, true, "base"}, {"system", System, true, "system"}, {"variants", Variants, true, "variants"},
		{"monsters", Monsters, true, "monsters"}, {"session", Session, true, "session"},
		{"250", 250, true, "layer(250)"}, {"layer(-3)", -3, true, "layer(-3)"}, {"gods", 0, false, ""},
	}
	for _, tt := range layers {
		l, ok := ParseLayer(tt.s)
		if ok != tt.ok || (ok && (l != tt.l || l.String() != tt.back)) {
			t.Errorf("ParseLayer(%q) = %v %v", tt.s, l, ok)
		}
	}
	for m, want := range []string{"always", "actor", "subject", "either", "match(4)"} {
		if Match(m).String() != want {
			t.Errorf("Match(%d) = %s", m, Match(m))
		}
	}
	if s := PhaseSet(Declare, After, Phase(12)); !s.Has(Declare) || !s.Has(After) || s.Has(Roll) || s.Has(Phase(12)) {
		t.Errorf("PhaseSet = %b", s)
	}
}

func TestNoAllocations(t *testing.T) {
	b := New()
	quiet := mustID(t, b, "quiet")
	for i := 0; i < 3; i++ {
		mustOn(t, b, "loud", Modify, Options{Priority: i}, func(ev *Event) error { ev.Actor++; return nil })
	}
	mustOn(t, b, "loud", Modify, Options{Owner: 5, Only: OwnerIsSubject}, func(ev *Event) error { ev.Subject++; return nil })
	loud := mustID(t, b, "loud")
	ev := &Event{}
	for _, tt := range []struct {
		name string
		f    func()
	}{
		{"no listeners", func() { ev.Reset(quiet); _ = b.Run(ev, AllPhases) }},
		{"three listeners", func() { ev.Reset(loud); _ = b.Dispatch(ev, Modify) }},
	} {
		if n := testing.AllocsPerRun(100, tt.f); n != 0 {
			t.Errorf("%s: %v allocs per dispatch", tt.name, n)
		}
	}
	if ev.Actor != 3 || ev.Subject != 0 {
		t.Fatalf("handlers saw actor %d subject %d", ev.Actor, ev.Subject)
	}
}

func ExampleBus() {
	b := New()
	attack, _ := b.Intern("attack.roll")
	type roll struct{ total int }
	_, _ = b.On("attack.roll", Modify, Options{Layer: System}, func(ev *Event) error {
		ev.Data.(*roll).total += 2
		return nil
	})
	_, _ = b.On("attack.roll", Modify, Options{Layer: Monsters, Owner: 9, Only: OwnerIsActor}, func(ev *Event) error {
		ev.Data.(*roll).total += 5
		return nil
	})
	r := &roll{total: 10}
	ev := &Event{}
	for _, actor := range []Owner{1, 9} {
		r.total = 10
		ev.Reset(attack)
		ev.Actor, ev.Data = actor, r
		_ = b.Run(ev, AllPhases)
		fmt.Println(actor, r.total)
	}
	// Output:
	// 1 12
	// 9 17
}
