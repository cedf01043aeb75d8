package journal

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/dndsh/dndsh/runtime/errs"
)

// Mismatch is the first difference between a saved log and a replayed one.
type Mismatch struct {
	Line int    // 1-based line (entry index + 1) where the logs differ
	Seq  uint64 // the entry's sequence number (from the saved side when it has one)
	Want []byte // the saved line, or nil when the saved log is shorter
	Got  []byte // the replayed line, or nil when the replayed log is shorter
}

// Error describes the difference with both versions of the entry.
func (m *Mismatch) Error() string {
	show := func(b []byte) string {
		if b == nil {
			return "(no entry)"
		}
		return string(b)
	}
	return fmt.Sprintf("entry %d differs\n  saved:  %s\n  replay: %s", m.Seq, show(m.Want), show(m.Got))
}

// Diff compares two JSON Lines logs line by line and returns their first
// difference, or nil when they are byte-identical (a missing final newline
// counts as a difference).
func Diff(want, got []byte) *Mismatch {
	if bytes.Equal(want, got) {
		return nil
	}
	for i := 1; ; i++ {
		w, wrest, wok := bytes.Cut(want, []byte("\n"))
		g, grest, gok := bytes.Cut(got, []byte("\n"))
		wend, gend := len(want) == 0, len(got) == 0
		if wend || gend || !bytes.Equal(w, g) || wok != gok {
			m := &Mismatch{Line: i}
			if !wend {
				m.Want = bytes.Clone(w)
			}
			if !gend {
				m.Got = bytes.Clone(g)
			}
			m.Seq = seqOf(m.Want)
			if m.Seq == 0 {
				m.Seq = seqOf(m.Got)
			}
			if m.Seq == 0 {
				m.Seq = uint64(i)
			}
			return m
		}
		want, got = wrest, grest
	}
}

// seqOf returns the seq field of a JSON line, or 0.
func seqOf(line []byte) uint64 {
	var v struct {
		Seq uint64 `json:"seq"`
	}
	if line == nil || json.Unmarshal(line, &v) != nil {
		return 0
	}
	return v.Seq
}

// CheckReplay replays s on rep and compares the log it makes with saved (a
// log written by WriteJSONL) byte for byte. A difference is an errs.Failed
// error wrapping the *Mismatch; a replay that fails returns its error.
func CheckReplay(s *Session, rep Replayer, saved []byte) error {
	log, _, err := Replay(s, rep)
	if err != nil {
		return err
	}
	m := Diff(saved, log.AppendJSONL(nil))
	if m == nil {
		return nil
	}
	return &errs.Error{
		Kind: errs.Failed, Layer: "journal",
		Msg:  "replay differs from the saved log: " + m.Error(),
		Hint: "the rules, scripts or configuration changed since the log was written, or a rule is not deterministic",
		Err:  m,
	}
}
