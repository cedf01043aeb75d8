// Package journal is the session's memory: an append-only structured log
// of every roll, check, state change, command and decision, and the save
// file, undo and replay built on it.
//
// # Entries
//
// An Entry has a sequence number (1, 2, ...), a kind ("roll", "check",
// "state", "command", "decision", or any lower-case tag), an optional
// logical Time (round, turn, segment; never the wall clock) and JSON values:
// a payload and, for state changes, the values before and after. Values are
// stored compact, so an entry has one JSON form: WriteJSONL gives the same
// bytes for the same entries, and ReadJSONL gives back equal entries.
// Payloads made with Record go through encoding/json, which sorts map keys.
//
// # Sessions, undo and replay
//
// A session is a seed, a configuration, an initial state and the list of
// commands the user gave. The state and the log are functions of these: a
// Replayer (the runtime, or a toy in tests) resets to the initial state and
// applies one command at a time, drawing dice from the session's rng.Source
// and appending entries. A Runner keeps the live session; Undo(n) drops the
// last n commands and replays the rest from the start with the same seed,
// which gives back the exact state, log and dice of n commands ago. A
// command that fails is rolled back the same way and leaves no trace.
// CheckReplay re-runs a session and compares its log with a saved one byte
// for byte, naming the first entry that differs.
//
// # Save files
//
// Encode writes a session as a versioned JSON envelope
// ({"format":"dndsh-save","version":1,"seed":...,"config":...,
// "initial":...,"commands":[...],"snapshot":...}), the same bytes for the
// same session. Decode reports a bad, truncated or foreign file, or one
// written by a newer version, as an errs.Data error of layer "journal" that
// names the file and the problem. The package touches no file: the REPL
// reads and writes save files through its environment (cmd/dndsh), which
// writes them atomically (a temporary file in the same folder, fsync,
// rename, fsync of the folder), so a failed save leaves the previous file as
// it was and opening a file never changes it.
//
// Nothing here is safe for concurrent use.
package journal
