package event

import "testing"

func BenchmarkDispatchNoListeners(b *testing.B) {
	bus := New()
	id, _ := bus.Intern("attack.roll")
	_, _ = bus.On("damage.apply", Modify, Options{}, func(*Event) error { return nil })
	ev := &Event{ID: id}
	b.ReportAllocs()
	for b.Loop() {
		if err := bus.Dispatch(ev, Modify); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRunAllPhasesNoListeners(b *testing.B) {
	bus := New()
	id, _ := bus.Intern("attack.roll")
	ev := &Event{}
	b.ReportAllocs()
	for b.Loop() {
		ev.Reset(id)
		if err := bus.Run(ev, AllPhases); err != nil {
			b.Fatal(err)
		}
	}
}

func benchListeners(b *testing.B, n int) {
	bus := New()
	for i := range n {
		_, _ = bus.On("attack.roll", Modify, Options{Layer: Layer(i * 100)}, func(ev *Event) error {
			*ev.Data.(*int) += i
			return nil
		})
	}
	id, _ := bus.Lookup("attack.roll")
	total := 0
	ev := &Event{}
	b.ReportAllocs()
	for b.Loop() {
		ev.Reset(id)
		ev.Data = &total
		if err := bus.Dispatch(ev, Modify); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDispatch1Listener(b *testing.B)   { benchListeners(b, 1) }
func BenchmarkDispatch3Listeners(b *testing.B)  { benchListeners(b, 3) }
func BenchmarkDispatch10Listeners(b *testing.B) { benchListeners(b, 10) }

// BenchmarkDispatchScopedToOthers: 50 creature-scoped handlers, none of
// which belongs to the event's actor or subject.
func BenchmarkDispatchScopedToOthers(b *testing.B) {
	bus := New()
	for i := range 50 {
		_, _ = bus.On("attack.roll", Modify, Options{Layer: Monsters, Owner: Owner(100 + i), Only: OwnerIsEither},
			func(*Event) error { return nil })
	}
	id, _ := bus.Lookup("attack.roll")
	ev := &Event{ID: id, Actor: 1, Subject: 2}
	b.ReportAllocs()
	for b.Loop() {
		if err := bus.Dispatch(ev, Modify); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNestedDispatch(b *testing.B) {
	bus := New()
	inner, _ := bus.Intern("damage.apply")
	iev := &Event{}
	_, _ = bus.On("attack.roll", Result, Options{}, func(ev *Event) error {
		iev.Reset(inner)
		return bus.Run(iev, AllPhases)
	})
	_, _ = bus.On("damage.apply", Modify, Options{}, func(*Event) error { return nil })
	outer, _ := bus.Lookup("attack.roll")
	ev := &Event{}
	b.ReportAllocs()
	for b.Loop() {
		ev.Reset(outer)
		if err := bus.Run(ev, AllPhases); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOnOff(b *testing.B) {
	bus := New()
	fn := func(*Event) error { return nil }
	for i := range 5 {
		_, _ = bus.On("attack.roll", Modify, Options{Priority: i}, fn)
	}
	b.ReportAllocs()
	for b.Loop() {
		h, _ := bus.On("attack.roll", Modify, Options{Owner: 3, Priority: 2}, fn)
		bus.Off(h)
	}
}
