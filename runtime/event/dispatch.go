package event

import (
	"github.com/dndsh/dndsh/runtime/errs"
)

// Dispatch runs the handlers of phase ph of ev.ID, in order, and sets
// ev.Phase to ph. On a cancelled event it calls no handler unless ph is
// After. With no handler for (ev.ID, ph) it costs an index and a bit test;
// a caller on a very hot path may test HasPhase first (it inlines).
func (b *Bus) Dispatch(ev *Event, ph Phase) error {
	ev.Phase = ph
	if id := uint(ev.ID); id < uint(len(b.mask)) && b.mask[id]&(1<<ph) != 0 {
		return b.dispatch(ev, ph)
	}
	return nil
}

// Run dispatches ev through each phase of set, in phase order. Phases before
// After are skipped once the event is cancelled; After always runs.
func (b *Bus) Run(ev *Event, set Phases) error {
	if uint(ev.ID) >= uint(len(b.mask)) || b.mask[ev.ID]&set == 0 {
		return nil
	}
	for ph := Declare; ph < numPhases; ph++ {
		if set&(1<<ph) == 0 {
			continue
		}
		if err := b.Dispatch(ev, ph); err != nil {
			return err
		}
	}
	return nil
}

func (b *Bus) dispatch(ev *Event, ph Phase) error {
	if ev.cancelled && ph != After {
		return nil
	}
	if b.depth >= b.max {
		return b.depthError(ev, ph)
	}
	b.depth++
	defer func() { b.depth-- }()
	// list is not modified in place while depth > 0 (On and Off publish
	// copies), so this range sees the handlers of the moment it started.
	list := b.slots[ev.ID][ph]
	for _, e := range list {
		if e.removed || ev.Tags != 0 && e.needs&^ev.Tags != 0 {
			continue
		}
		switch e.only {
		case OwnerIsActor:
			if ev.Actor != e.owner {
				continue
			}
		case OwnerIsSubject:
			if ev.Subject != e.owner {
				continue
			}
		case OwnerIsEither:
			if ev.Actor != e.owner && ev.Subject != e.owner {
				continue
			}
		}
		if err := e.fn(ev); err != nil {
			return b.wrap(err, ev, ph, e)
		}
		if ev.cancelled && ph != After {
			break
		}
	}
	return nil
}

func (b *Bus) during(ev *Event, ph Phase) string {
	return "event " + b.Name(ev.ID) + "/" + ph.String()
}

func (b *Bus) depthError(ev *Event, ph Phase) error {
	e := errs.New(errs.Budget, "event", "events nested more than %d deep", b.max)
	e.During = []string{b.during(ev, ph)}
	e.Hint = "a handler emits an event whose handlers emit it again; guard the loop or stop emitting from the handler"
	return e
}

// wrap names the event and phase (and the handler's label) as the
// outermost frame of the error a handler returned (errs.Within): an
// *errs.Error keeps its kind, layer and location and becomes the cause of a
// copy; any other error becomes an errs.Script error of the handler's layer.
func (b *Bus) wrap(err error, ev *Event, ph Phase, h *entry) error {
	during := b.during(ev, ph)
	if h.label != "" {
		during += ", handler " + h.label
	}
	return errs.Within(err, h.layer.String(), during)
}
