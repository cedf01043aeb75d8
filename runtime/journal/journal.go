package journal

import (
	"encoding/json"
	"slices"

	"github.com/dndsh/dndsh/runtime/errs"
)

// arenaChunk is the size of the blocks that hold entries' JSON values.
const arenaChunk = 64 << 10

// Journal is an append-only log. The zero value is ready to use; a nil
// *Journal records nothing (Append and Record do nothing and return 0), so
// batch runs that keep no log pass nil.
type Journal struct {
	entries []Entry
	arena   []byte // the current block; entries' values are slices of blocks
}

// New returns an empty journal.
func New() *Journal { return &Journal{} }

// Len returns the number of entries.
func (j *Journal) Len() int {
	if j == nil {
		return 0
	}
	return len(j.entries)
}

// Append adds e to the log with the next sequence number (e.Seq is
// ignored) and returns that number. Its JSON values are checked, made
// compact and copied, so the caller may reuse their buffers.
func (j *Journal) Append(e Entry) (uint64, error) {
	if j == nil {
		return 0, nil
	}
	if err := checkKind(e.Kind); err != nil {
		return 0, err
	}
	var err error
	if e.Payload, err = j.value(e.Payload, "payload", e.Kind); err != nil {
		return 0, err
	}
	if e.Before, err = j.value(e.Before, "before value", e.Kind); err != nil {
		return 0, err
	}
	if e.After, err = j.value(e.After, "after value", e.Kind); err != nil {
		return 0, err
	}
	e.Seq = uint64(len(j.entries)) + 1
	j.entries = append(j.entries, e)
	return e.Seq, nil
}

// value checks, compacts and copies one JSON value into the arena.
func (j *Journal) value(raw json.RawMessage, field, kind string) (json.RawMessage, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	c, ok := compactJSON(raw)
	if !ok {
		return nil, invalidJSON(field+" of a "+kind+" entry", raw)
	}
	if len(c) > cap(j.arena)-len(j.arena) {
		j.arena = make([]byte, 0, max(arenaChunk, len(c)))
	}
	n := len(j.arena)
	j.arena = append(j.arena, c...)
	return j.arena[n:len(j.arena):len(j.arena)], nil
}

// Record appends an entry whose payload is v encoded by encoding/json (map
// keys sorted, struct fields in order). A nil v gives no payload.
func (j *Journal) Record(kind string, t Time, v any) (uint64, error) {
	return j.RecordChange(kind, t, v, nil, nil)
}

// RecordChange appends an entry with a payload (what changed) and the
// values before and after the change, each encoded by encoding/json. A nil
// argument gives no value; pass json.RawMessage("null") for an explicit
// null.
func (j *Journal) RecordChange(kind string, t Time, payload, before, after any) (uint64, error) {
	if j == nil {
		return 0, nil
	}
	e := Entry{Kind: kind, Time: t}
	for _, f := range []struct {
		dst  *json.RawMessage
		v    any
		name string
	}{{&e.Payload, payload, "payload"}, {&e.Before, before, "before"}, {&e.After, after, "after"}} {
		if f.v == nil {
			continue
		}
		b, err := json.Marshal(f.v)
		if err != nil {
			return 0, &errs.Error{Kind: errs.Internal, Layer: "journal", Msg: "cannot encode the " + f.name + " of a " + kind + " entry: " + err.Error(), Err: err}
		}
		*f.dst = b
	}
	return j.Append(e)
}

// Entries returns the log. The slice and the entries' values are shared
// with the journal: read them, do not change them.
func (j *Journal) Entries() []Entry {
	if j == nil {
		return nil
	}
	return j.entries[:len(j.entries):len(j.entries)]
}

// At returns the entry of sequence number seq.
func (j *Journal) At(seq uint64) (Entry, bool) {
	if j == nil || seq == 0 || seq > uint64(len(j.entries)) {
		return Entry{}, false
	}
	return j.entries[seq-1], true
}

// Tail returns the last n entries whose kind is one of kinds (any kind when
// none is given), oldest first: the REPL's :log.
func (j *Journal) Tail(n int, kinds ...string) []Entry {
	if j == nil || n <= 0 {
		return nil
	}
	var out []Entry
	for i := len(j.entries) - 1; i >= 0 && len(out) < n; i-- {
		if len(kinds) == 0 || slices.Contains(kinds, j.entries[i].Kind) {
			out = append(out, j.entries[i])
		}
	}
	slices.Reverse(out)
	return out
}

// Filter returns every entry whose kind is one of kinds, oldest first.
func (j *Journal) Filter(kinds ...string) []Entry {
	if j == nil {
		return nil
	}
	var out []Entry
	for _, e := range j.entries {
		if slices.Contains(kinds, e.Kind) {
			out = append(out, e)
		}
	}
	return out
}

// Reset empties the journal and reuses its memory for the next run (a
// batch worker resets one journal per trial). Entries obtained before Reset
// must not be used after it.
func (j *Journal) Reset() {
	clear(j.entries)
	j.entries = j.entries[:0]
	j.arena = j.arena[:0]
}
