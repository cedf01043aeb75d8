package event

import "strconv"

// Phase is a step of an event's pipeline.
type Phase uint8

// The phases, in the order Run dispatches them.
const (
	Declare Phase = iota // the event is announced; a handler may cancel it
	Modify               // handlers adjust the payload (modifiers, targets)
	Roll                 // dice are rolled or replaced
	Result               // the outcome is known and may still be changed
	After                // the event is over; handlers observe it, even when cancelled
)

// numPhases is the number of phases.
const numPhases = After + 1

// String returns the phase's lower-case name ("declare" ... "after").
func (p Phase) String() string {
	switch p {
	case Declare:
		return "declare"
	case Modify:
		return "modify"
	case Roll:
		return "roll"
	case Result:
		return "result"
	case After:
		return "after"
	}
	return "phase(" + strconv.Itoa(int(p)) + ")"
}

// ParsePhase returns the phase named s ("declare", "modify", "roll",
// "result", "after").
func ParsePhase(s string) (Phase, bool) {
	for p := Declare; p < numPhases; p++ {
		if p.String() == s {
			return p, true
		}
	}
	return 0, false
}

// Phases is a set of phases, one bit per Phase.
type Phases uint8

// AllPhases holds every phase.
const AllPhases Phases = 1<<(After+1) - 1

// PhaseSet returns the set of the given phases.
func PhaseSet(ps ...Phase) Phases {
	var s Phases
	for _, p := range ps {
		if p < numPhases {
			s |= 1 << p
		}
	}
	return s
}

// Has reports whether p is in the set.
func (s Phases) Has(p Phase) bool { return p < numPhases && s&(1<<p) != 0 }

// Layer ranks handlers: lower layers run first. The named layers are spaced
// so that scripts can slot a layer between two of them; any int is valid.
type Layer int

// The named layers, in load and dispatch order.
const (
	Base     Layer = 0   // system-neutral rules
	System   Layer = 100 // the rule system's core rules
	Variants Layer = 200 // optional rules
	Monsters Layer = 300 // creature abilities
	Session  Layer = 400 // the game master's ad hoc rules
)

// String returns the layer's name ("base", "system", "variants",
// "monsters", "session"), or "layer(N)" for an unnamed rank.
func (l Layer) String() string {
	switch l {
	case Base:
		return "base"
	case System:
		return "system"
	case Variants:
		return "variants"
	case Monsters:
		return "monsters"
	case Session:
		return "session"
	}
	return "layer(" + strconv.Itoa(int(l)) + ")"
}

// ParseLayer returns the named layer s, or the rank of "layer(N)" or a bare
// integer.
func ParseLayer(s string) (Layer, bool) {
	for _, l := range [...]Layer{Base, System, Variants, Monsters, Session} {
		if l.String() == s {
			return l, true
		}
	}
	if len(s) > 7 && s[:6] == "layer(" && s[len(s)-1] == ')' {
		s = s[6 : len(s)-1]
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	return Layer(n), true
}

// Owner identifies what a handler belongs to, usually a creature's id. The
// zero Owner means "nobody".
type Owner uint64

// Match says when an owned handler fires.
type Match uint8

// The match rules of Options.Only.
const (
	Always         Match = iota // fire for every event
	OwnerIsActor                // fire only when Event.Actor is the handler's owner
	OwnerIsSubject              // fire only when Event.Subject is the handler's owner
	OwnerIsEither               // fire when Event.Actor or Event.Subject is the owner
)

// String returns the match rule's name.
func (m Match) String() string {
	switch m {
	case Always:
		return "always"
	case OwnerIsActor:
		return "actor"
	case OwnerIsSubject:
		return "subject"
	case OwnerIsEither:
		return "either"
	}
	return "match(" + strconv.Itoa(int(m)) + ")"
}
