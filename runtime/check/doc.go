// Package check holds the kernel's check primitives: the die test (a d20
// test and its relatives), opposed checks, roll-under checks (percentile,
// NdX under a score, "N in dX"), range tables and two-way matrices.
//
// The package offers mechanisms only. Every number that belongs to a rule
// system is a parameter chosen by the caller (a script, later through the
// Lua bindings): which bonus types stack, how advantage sources combine and
// how a net advantage level turns into dice, which natural faces succeed or
// fail automatically, the threat and fumble ranges, whether a threat needs
// a confirmation roll, how ties in an opposed check break, what a table
// does when a roll falls off its ends.
//
// Every check returns a plain record (Result, UnderResult, OpposedResult,
// TableRoll) that keeps each die with what happened to it (kept, dropped,
// replaced by a reroll, voided), each modifier with its source and whether
// it counted and why not, the total, the target and the outcome flags. A
// journal can store the record as it is.
//
// Hot path. Test.RollInto fills a caller-owned Result and reuses its
// slices, so a batch runner that keeps one Result per worker rolls a test
// with modifiers without allocating, even when it builds the Test afresh on
// the stack for every roll: the Result copies the few rules Reroll and
// Replace need instead of pointing at the Test. The next RollInto into the
// same Result overwrites its slices; call Clone to keep a copy.
//
// Errors a caller can cause (bad parameters, a forced die that does not fit,
// a table with a gap, a lookup off the end of a table whose policy is to
// fail) are *errs.Error values with Layer "kernel".
package check
