// Package combat keeps the time of a fight: its sides and participants, the
// initiative order, rounds, turns and segments, surprise, newcomers, delay
// and ready, per-turn action budgets and durations.
//
// The package offers mechanisms only. A rule system's script chooses among
// them with a Config (which initiative policy, which die, which tie rules,
// which action slots, how long a round is) and adds the numbers. Creature
// state (hit points, conditions) lives elsewhere: a participant here is an
// id, a side name and the few numbers initiative needs, and a higher layer
// links the two by id.
//
// # Order, steps and turns
//
// The initiative order of a round is a list of steps. A step is usually one
// participant; it holds several when they act at the same time: tied results
// under TieSimultaneous, a whole side under side initiative (Config.Mode ==
// BySide: every member of the side that rolled highest forms the first step,
// and sides that tie share one step), or a group that acts together
// (Config.GroupTurn). NextTurn ends the current step and starts the next
// one; Current lists the participants of the current step, all of whom are
// taking their turn. Steps and Order show the whole round.
//
// # Time
//
// The clock counts ticks: segments when Config.SegmentsPerRound is set,
// rounds otherwise. Durations given in any Unit are converted to ticks with
// Config.Ticks; an effect may instead end at the start or end of a given
// participant's turn, when the order reaches an initiative count of a given
// round, or only when the caller ends it (a save, a dispel). NextTurn,
// NextSegment and NextRound return a Report listing, in order, the round,
// segment and turn transitions that happened and the effects that expired.
// The Report is owned by the Encounter and reused by the next call; copy
// what you keep. In steady state NextTurn allocates nothing.
//
// # Surprise
//
// Config.Surprise selects one of: surprised participants lose the first
// round; surprised participants lose segments (RollSurprise compares the
// sides' dice; a phase of segments, round 0, comes before round 1); a
// surprise round (round 0) in which only aware participants act, with an
// optional reduced budget; or a disadvantage on the first initiative roll.
//
// # Randomness and errors
//
// Every die goes through the rng.Source given to New and is recorded as a
// Roll (Rolls), so a journal can log it; nothing iterates a map. Errors a
// caller can cause are *errs.Error values of layer "kernel": Rule for a
// rules-level impossibility (an unknown participant, no action left), Data
// for a bad Config, Budget when tie re-rolls never separate. A dice error
// while a round starts leaves that round half set up; discard the
// encounter.
package combat
