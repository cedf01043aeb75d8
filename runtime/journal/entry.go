package journal

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Common entry kinds. Any lower-case tag made of letters, digits and . _ -
// is a valid kind.
const (
	KindRoll     = "roll"     // a die expression and every die of it
	KindCheck    = "check"    // a check's record: natural, total, modifiers, degree
	KindState    = "state"    // a state change, with Before and After
	KindCommand  = "command"  // a command of the session, logged by the Runner
	KindDecision = "decision" // a choice made by a tactic or a person
)

// maxKindLen bounds kinds: they are short tags.
const maxKindLen = 64

// Time is a logical time of the game. The zero Time means "not given".
type Time struct {
	Round   int `json:"round,omitempty"`
	Turn    int `json:"turn,omitempty"`
	Segment int `json:"segment,omitempty"`
}

// IsZero reports whether t is the zero Time.
func (t Time) IsZero() bool { return t == Time{} }

// Entry is one record of the log. Payload, Before and After hold compact
// JSON or are nil.
type Entry struct {
	Seq     uint64          `json:"seq"`
	Kind    string          `json:"kind"`
	Time    Time            `json:"time,omitzero"`
	Payload json.RawMessage `json:"payload,omitempty"`
	Before  json.RawMessage `json:"before,omitempty"`
	After   json.RawMessage `json:"after,omitempty"`
}

// AppendJSON appends the entry's one-line JSON form (no newline) to dst.
// It is what encoding/json would give for the entry, written without
// reflection.
func (e *Entry) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"seq":`...)
	dst = strconv.AppendUint(dst, e.Seq, 10)
	dst = append(dst, `,"kind":"`...)
	dst = append(dst, e.Kind...) // checkKind allows no character that needs escaping
	dst = append(dst, '"')
	if !e.Time.IsZero() {
		dst = append(dst, `,"time":{`...)
		sep := false
		for _, f := range [...]struct {
			name string
			v    int
		}{{"round", e.Time.Round}, {"turn", e.Time.Turn}, {"segment", e.Time.Segment}} {
			if f.v == 0 {
				continue
			}
			if sep {
				dst = append(dst, ',')
			}
			sep = true
			dst = append(dst, '"')
			dst = append(dst, f.name...)
			dst = append(dst, `":`...)
			dst = strconv.AppendInt(dst, int64(f.v), 10)
		}
		dst = append(dst, '}')
	}
	for _, f := range [...]struct {
		name string
		v    json.RawMessage
	}{{`,"payload":`, e.Payload}, {`,"before":`, e.Before}, {`,"after":`, e.After}} {
		if len(f.v) > 0 {
			dst = append(dst, f.name...)
			dst = append(dst, f.v...)
		}
	}
	return append(dst, '}')
}

// String returns the entry's JSON line (without the newline).
func (e Entry) String() string { return string(e.AppendJSON(nil)) }

// checkKind reports a kind that is not a short lower-case tag.
func checkKind(kind string) error {
	if kind == "" {
		return errs.New(errs.Rule, "journal", "entry without a kind")
	}
	if len(kind) > maxKindLen {
		return errs.New(errs.Rule, "journal", "entry kind %.20q... is longer than %d bytes", kind, maxKindLen)
	}
	for i := 0; i < len(kind); i++ {
		c := kind[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			e := errs.New(errs.Rule, "journal", "bad entry kind %q", kind)
			e.Hint = `kinds are lower-case tags of letters, digits and . _ - (for example "roll")`
			return e
		}
	}
	return nil
}

// compactJSON checks that raw is one JSON value and returns it compact: raw
// itself when it already is, nil for an empty raw. ok is false for invalid
// JSON.
func compactJSON(raw []byte) (c []byte, ok bool) {
	if len(raw) == 0 {
		return nil, true
	}
	valid, compact := scanJSON(raw)
	if !valid {
		return nil, false
	}
	if compact {
		return raw, true
	}
	var b bytes.Buffer
	b.Grow(len(raw))
	if json.Compact(&b, raw) != nil {
		return nil, false
	}
	return b.Bytes(), true
}

// invalidJSON is the error of a value that is not JSON.
func invalidJSON(what string, raw []byte) *errs.Error {
	e := errs.New(errs.Rule, "journal", "%s is not valid JSON: %.40q", what, raw)
	e.Hint = "journal values are JSON texts; build them with encoding/json or Journal.Record"
	return e
}
