// Package event is the kernel's hook bus: named events dispatched in phases
// to handlers in a fixed, deterministic order.
//
// # Events, IDs and phases
//
// An event has a name ("attack.roll", "damage.apply", "turn.start") that a
// Bus interns once to a small integer ID. Rules run an event through some of
// its phases, in order: Declare, Modify, Roll, Result, After. An event may use
// any subset; the emitter decides which, and does its own work (rolling the
// die, applying the damage) between them.
//
// The payload is one Event struct, reused by the emitter from dispatch to
// dispatch. Handlers get a pointer to it and may change it: its Data field
// holds the pipeline's own record (a pointer, so storing it does not
// allocate).
//
// # Order
//
// Handlers of one (event, phase) run by layer (Base < System < Variants <
// Monsters < Session; any int is a layer), then by priority (lower first),
// then by registration order. Handlers are kept in sorted slices indexed by
// event ID and phase; no map is ever iterated to find them, so the same
// registrations dispatch in the same order on every run.
//
// # Owners
//
// A handler may belong to an owner (a creature's id): OffOwner removes all of
// an owner's handlers at once. With Options.Only a handler fires only when the
// event's Actor or Subject (or either) is its owner, so a monster ability
// scoped to one creature is never called for the others (it costs one integer
// comparison per dispatch, not a call).
//
// # Tags
//
// A Bus names up to 64 tags (Tag), each a bit of a Tags set. The raiser of
// an event may tag it with what it is (Event.Tags: the fight tags its attack
// events TagMelee or TagRanged and with their group, GroupTag); a handler
// registered with Options.Needs is not called for a tagged event that
// lacks one of the tags it needs, and HasPhaseFor tells a raiser that no
// handler wants its event at all. An untagged event calls every handler, so
// a handler that wants only some events still tells them apart itself;
// Needs only spares it the call (rules.on's attacks and group options: a
// hook on ranged attacks costs a melee attack nothing).
//
// # Cancel
//
// A handler may Cancel the event with a reason. Cancel stops the rest of the
// current phase, and every later Dispatch of the event in a phase other than
// After calls no handler. The After phase always runs all its handlers, so
// they can observe Cancelled and Reason; a Cancel made during After only
// marks the event. The first reason given wins.
//
// # Errors
//
// A handler returns an error to stop dispatch. The Bus returns it as an
// *errs.Error whose During frames begin with the event and phase ("event
// attack.roll/roll", added by errs.Within); when nested dispatches fail,
// each adds its frame, outermost first ("event attack.roll/result", "event
// damage.apply/declare"). The original error stays reachable with errors.Is
// and errors.As.
//
// # Re-entrancy
//
// A handler may dispatch another event (or the same one with another Event
// value) and may register or remove handlers while a dispatch is running:
//
//   - On during a dispatch: the new handler is not called by dispatches
//     already in progress; every dispatch that starts after On returns,
//     nested ones included, calls it.
//   - Off (and OffOwner, Clear) during a dispatch takes effect at once: a
//     removed handler that has not run yet is not called, even by the
//     dispatch in progress (a creature that died mid-event loses its hooks).
//
// Nested dispatches deeper than the bus's depth cap (DefaultMaxDepth unless
// SetMaxDepth says otherwise) fail with an errs.Budget error instead of
// overflowing the stack.
//
// # Cost
//
// Dispatch of an (event, phase) that has no handler is an array index and a
// bit test: no allocation, a few nanoseconds. Dispatch to Go handlers
// allocates nothing. A Bus is not safe for concurrent use; batch workers
// each own one.
package event
