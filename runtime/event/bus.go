package event

import (
	"cmp"
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
)

// DefaultMaxDepth is the nesting cap of a new Bus: a dispatch started by a
// handler of a dispatch started by a handler ... more than this many levels
// deep fails with an errs.Budget error.
const DefaultMaxDepth = 64

// maxNameLen bounds event names so that errors and listings stay readable.
const maxNameLen = 128

// Handler is a hook. It may change ev, Cancel it, dispatch other events and
// register or remove handlers. A non-nil error stops the dispatch.
type Handler func(ev *Event) error

// Options place a handler in the dispatch order and scope it.
type Options struct {
	Layer    Layer  // which layer the handler belongs to; lower layers run first
	Priority int    // order within the layer; lower runs first
	Owner    Owner  // who the handler belongs to (OffOwner removes it); 0 for nobody
	Only     Match  // when an owned handler fires; needs Owner unless Always
	Label    string // a name for listings and errors ("monsters/dragon.lua:12")
	// Needs: the handler is not called for a tagged event (Event.Tags not
	// 0) that lacks one of these tags (Bus.Tag). An untagged event calls it:
	// a handler that wants only some events still tells them apart itself,
	// and Needs only spares the call.
	Needs Tags
}

// entry is one registered handler.
type entry struct {
	fn       Handler
	bus      *Bus
	id       ID
	phase    Phase
	only     Match
	removed  bool
	layer    Layer
	priority int
	seq      uint64
	owner    Owner
	label    string
	needs    Tags
}

// compare orders entries by layer, priority, then registration.
func compare(a, b *entry) int {
	if c := cmp.Compare(a.layer, b.layer); c != 0 {
		return c
	}
	if c := cmp.Compare(a.priority, b.priority); c != 0 {
		return c
	}
	return cmp.Compare(a.seq, b.seq)
}

// slot holds the handlers of one event, one sorted list per phase.
type slot [numPhases][]*entry

// Bus dispatches events to handlers. The zero value is not usable; call New.
type Bus struct {
	ids   map[string]ID // name -> ID; looked up, never iterated
	names []string      // ID -> name; names[0] is ""
	mask  []Phases      // ID -> phases that have at least one handler
	slots []slot        // ID -> handlers
	owned map[Owner][]*entry
	seq   uint64
	count int
	depth int
	max   int
	tags  map[string]Tags // tag name -> its bit (Tag)
}

// New returns an empty bus with the default depth cap.
func New() *Bus {
	return &Bus{
		ids:   map[string]ID{},
		names: []string{""},
		mask:  []Phases{0},
		slots: []slot{{}},
		owned: map[Owner][]*entry{},
		max:   DefaultMaxDepth,
	}
}

// SetMaxDepth sets the nesting cap (at least 1).
func (b *Bus) SetMaxDepth(n int) { b.max = max(n, 1) }

// Intern returns the ID of the event name, creating it on first use. Names
// are non-empty and made of letters, digits and . _ - :. Interning is for
// set-up time; keep the ID and dispatch by it.
func (b *Bus) Intern(name string) (ID, error) {
	if id, ok := b.ids[name]; ok {
		return id, nil
	}
	if err := checkName(name); err != nil {
		return 0, err
	}
	id := ID(len(b.names))
	b.ids[name] = id
	b.names = append(b.names, name)
	b.mask = append(b.mask, 0)
	b.slots = append(b.slots, slot{})
	return id, nil
}

// Lookup returns the ID of an interned name.
func (b *Bus) Lookup(name string) (ID, bool) {
	id, ok := b.ids[name]
	return id, ok
}

// Name returns the name of id, or "" for an unknown ID.
func (b *Bus) Name(id ID) string {
	if uint(id) < uint(len(b.names)) {
		return b.names[id]
	}
	return ""
}

// Events returns every interned name in ID order (the order of first use).
func (b *Bus) Events() []string { return slices.Clone(b.names[1:]) }

// Has reports whether any phase of event id has a handler.
func (b *Bus) Has(id ID) bool { return uint(id) < uint(len(b.mask)) && b.mask[id] != 0 }

// HasPhase reports whether phase p of event id has a handler.
func (b *Bus) HasPhase(id ID, p Phase) bool {
	return uint(id) < uint(len(b.mask)) && b.mask[id].Has(p)
}

// HasPhaseFor reports whether phase p of event id has a handler that an
// event tagged tags calls (see Options.Needs).
func (b *Bus) HasPhaseFor(id ID, p Phase, tags Tags) bool {
	if !b.HasPhase(id, p) {
		return false
	}
	if tags == 0 {
		return true
	}
	for _, e := range b.slots[id][p] {
		if e.needs&^tags == 0 {
			return true
		}
	}
	return false
}

// Tags is a set of up to 64 tags, each named once on a bus (Tag). The
// raiser of an event tags it with what it is (Event.Tags); a handler
// registered with Options.Needs is spared the events that lack a tag it
// needs.
type Tags uint64

// Tag returns the bit of the tag name, giving it the next free bit on
// first use (set-up time: when a handler that needs it is registered). It
// returns 0, no bit, once 64 tags are named: a handler that needs such a
// tag is called for every event, and an event cannot carry it.
func (b *Bus) Tag(name string) Tags {
	if t, ok := b.tags[name]; ok {
		return t
	}
	if len(b.tags) >= 64 {
		return 0
	}
	if b.tags == nil {
		b.tags = map[string]Tags{}
	}
	t := Tags(1) << len(b.tags)
	b.tags[name] = t
	return t
}

// LookupTag returns the bit of a named tag, or 0 when no one named it: an
// event need not carry a tag that no handler needs.
func (b *Bus) LookupTag(name string) Tags { return b.tags[name] }

// TagCount returns how many tags are named: it changes exactly when a new
// one is, so a raiser may keep an event's tags until it does.
func (b *Bus) TagCount() int { return len(b.tags) }

// Len returns the number of registered handlers.
func (b *Bus) Len() int { return b.count }

func checkName(name string) error {
	if name == "" {
		return errs.New(errs.Rule, "event", "empty event name")
	}
	if len(name) > maxNameLen {
		return errs.New(errs.Rule, "event", "event name %.20q... is longer than %d bytes", name, maxNameLen)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '.' || c == '_' || c == '-' || c == ':') {
			e := errs.New(errs.Rule, "event", "bad event name %q: character %q not allowed", name, c)
			e.Hint = `event names use letters, digits and . _ - : (for example "attack.roll")`
			return e
		}
	}
	return nil
}

// Handle identifies a registered handler; pass it to Off. The zero Handle
// identifies nothing.
type Handle struct{ e *entry }

// Seq returns the handler's registration number (1 for a bus's first), or 0
// for the zero Handle.
func (h Handle) Seq() uint64 {
	if h.e == nil {
		return 0
	}
	return h.e.seq
}

// Active reports whether the handler is still registered.
func (h Handle) Active() bool { return h.e != nil && !h.e.removed }

// On registers fn for phase ph of the event name. See the package doc for
// when a handler registered during a dispatch is first called.
func (b *Bus) On(name string, ph Phase, opt Options, fn Handler) (Handle, error) {
	if fn == nil {
		return Handle{}, errs.New(errs.Internal, "event", "nil handler for %s/%s", name, ph)
	}
	if ph >= numPhases {
		return Handle{}, errs.New(errs.Rule, "event", "bad phase %d for event %s", ph, name)
	}
	if opt.Only > OwnerIsEither {
		return Handle{}, errs.New(errs.Rule, "event", "bad match rule %d for event %s", opt.Only, name)
	}
	if opt.Only != Always && opt.Owner == 0 {
		e := errs.New(errs.Rule, "event", "handler for %s/%s fires only for its owner (%s) but has none", name, ph, opt.Only)
		e.Hint = "give the handler an owner, or let it fire always"
		return Handle{}, e
	}
	id, err := b.Intern(name)
	if err != nil {
		return Handle{}, err
	}
	b.seq++
	e := &entry{
		fn: fn, bus: b, id: id, phase: ph, only: opt.Only,
		layer: opt.Layer, priority: opt.Priority, seq: b.seq, owner: opt.Owner, label: opt.Label, needs: opt.Needs,
	}
	list := b.slots[id][ph]
	// e has the highest seq: it goes after every entry that is not after it.
	i, _ := slices.BinarySearchFunc(list, e, compare)
	if b.depth == 0 {
		list = slices.Insert(list, i, e)
	} else {
		// A dispatch may be iterating list: publish a copy.
		n := make([]*entry, 0, len(list)+1)
		n = append(n, list[:i]...)
		n = append(n, e)
		list = append(n, list[i:]...)
	}
	b.slots[id][ph] = list
	b.mask[id] |= 1 << ph
	if e.owner != 0 {
		b.owned[e.owner] = append(b.owned[e.owner], e)
	}
	b.count++
	return Handle{e}, nil
}

// Off removes the handler of h. It reports false when h is the zero Handle,
// belongs to another bus or was already removed. A handler removed during a
// dispatch is not called again, even by that dispatch.
func (b *Bus) Off(h Handle) bool {
	e := h.e
	if e == nil || e.bus != b || e.removed {
		return false
	}
	b.unlink(e)
	if e.owner != 0 {
		list := b.owned[e.owner]
		if i := slices.Index(list, e); i >= 0 {
			list = slices.Delete(list, i, i+1)
		}
		if len(list) == 0 {
			delete(b.owned, e.owner)
		} else {
			b.owned[e.owner] = list
		}
	}
	return true
}

// OffOwner removes every handler of owner and returns how many it removed.
func (b *Bus) OffOwner(owner Owner) int {
	if owner == 0 {
		return 0
	}
	list := b.owned[owner]
	for _, e := range list {
		b.unlink(e)
	}
	delete(b.owned, owner)
	return len(list)
}

// Clear removes every handler, keeping the interned names and their IDs. A
// batch worker clears its bus between trials instead of building a new one.
func (b *Bus) Clear() {
	for id := range b.slots {
		for ph := range b.slots[id] {
			for _, e := range b.slots[id][ph] {
				e.removed = true
			}
			b.slots[id][ph] = nil
		}
		b.mask[id] = 0
	}
	clear(b.owned)
	b.count = 0
}

// Seq returns the registration number of the last handler registered (0
// for none): OffSince(Seq()) later removes every handler registered after
// this point.
func (b *Bus) Seq() uint64 { return b.seq }

// OffSince removes every handler registered after registration number seq
// and returns how many it removed. A batch worker calls it after each
// trial, so that handlers a trial registered do not fire in the next.
func (b *Bus) OffSince(seq uint64) int {
	if b.seq <= seq {
		return 0
	}
	var late []*entry
	for id := range b.slots {
		for ph := range b.slots[id] {
			for _, e := range b.slots[id][ph] {
				if e.seq > seq {
					late = append(late, e)
				}
			}
		}
	}
	for _, e := range late {
		b.Off(Handle{e})
	}
	return len(late)
}

// unlink marks e removed and takes it out of its dispatch list.
func (b *Bus) unlink(e *entry) {
	e.removed = true
	b.count--
	list := b.slots[e.id][e.phase]
	i, ok := slices.BinarySearchFunc(list, e, compare)
	if !ok {
		return
	}
	if b.depth == 0 {
		list = slices.Delete(list, i, i+1)
	} else {
		n := make([]*entry, 0, len(list)-1)
		n = append(n, list[:i]...)
		list = append(n, list[i+1:]...)
	}
	b.slots[e.id][e.phase] = list
	if len(list) == 0 {
		b.mask[e.id] &^= 1 << e.phase
	}
}
