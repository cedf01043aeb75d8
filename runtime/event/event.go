package event

// ID is an interned event name. The zero ID is no event: dispatching it
// calls nothing.
type ID uint32

// Event is the payload of one dispatch. Emitters keep one Event per
// pipeline and Reset it before each use, so dispatching allocates nothing.
// A handler that emits another event must use another Event value.
type Event struct {
	ID      ID    // the event being dispatched
	Phase   Phase // the phase being dispatched; set by Dispatch
	Actor   Owner // who acts (an attacker, a caster); 0 when nobody
	Subject Owner // who it happens to (a target, the creature whose turn starts); 0 when nobody
	// Data is the pipeline's own record, for example a pointer to an attack
	// roll's state. Handlers may change what it points to. Store a pointer:
	// a non-pointer value would allocate.
	Data any
	// Tags say what the event is, for handlers registered with
	// Options.Needs; 0: untagged (every handler is called).
	Tags Tags

	cancelled bool
	reason    string
}

// Reset clears e for a new dispatch of event id.
func (e *Event) Reset(id ID) { *e = Event{ID: id} }

// Cancel cancels the event. It stops the rest of the current phase and makes
// later phases other than After call no handler. The first reason wins;
// later calls keep it.
func (e *Event) Cancel(reason string) {
	if !e.cancelled {
		e.cancelled = true
		e.reason = reason
	}
}

// Cancelled reports whether a handler cancelled the event.
func (e *Event) Cancelled() bool { return e.cancelled }

// Reason returns the reason given to Cancel, or "".
func (e *Event) Reason() string { return e.reason }

// The tags of attack events (attack.declare, attack.roll, damage.roll): an
// attack is melee or ranged, and of its group when it has one. The fight
// tags them so; rules.on's attacks and group options need them.
const (
	TagMelee  = "melee"
	TagRanged = "ranged"
)

// GroupTag is the tag name of an attack group.
func GroupTag(group string) string { return "group:" + group }
