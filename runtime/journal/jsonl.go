package journal

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// AppendJSONL appends the log as JSON Lines (one entry a line, each ended
// by a newline) to dst.
func (j *Journal) AppendJSONL(dst []byte) []byte {
	if j == nil {
		return dst
	}
	for i := range j.entries {
		dst = j.entries[i].AppendJSON(dst)
		dst = append(dst, '\n')
	}
	return dst
}

// WriteJSONL writes the log as JSON Lines to w. The same entries always
// give the same bytes.
func (j *Journal) WriteJSONL(w io.Writer) error {
	if j == nil {
		return nil
	}
	buf := make([]byte, 0, 32<<10)
	for i := range j.entries {
		buf = j.entries[i].AppendJSON(buf)
		buf = append(buf, '\n')
		if len(buf) >= 16<<10 || i == len(j.entries)-1 {
			if _, err := w.Write(buf); err != nil {
				return &errs.Error{Kind: errs.Data, Layer: "journal", Msg: "cannot write the log: " + err.Error(), Err: err}
			}
			buf = buf[:0]
		}
	}
	return nil
}

// wireEntry is Entry as read: pointers tell a missing field from a zero one.
type wireEntry struct {
	Seq     *uint64         `json:"seq"`
	Kind    *string         `json:"kind"`
	Time    Time            `json:"time"`
	Payload json.RawMessage `json:"payload"`
	Before  json.RawMessage `json:"before"`
	After   json.RawMessage `json:"after"`
}

// ReadJSONL reads a log written by WriteJSONL. name is the source's name
// (a file name) for error messages. Every line must be one entry with known
// fields only and sequence numbers must increase; blank lines are skipped.
// An error is an errs.Data error naming the line.
func ReadJSONL(name string, r io.Reader) ([]Entry, error) {
	br := bufio.NewReader(r)
	var out []Entry
	var last uint64
	for line := 1; ; line++ {
		b, err := br.ReadBytes('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return out, &errs.Error{Kind: errs.Data, Layer: "journal", File: name, Line: line, Msg: "cannot read the log: " + err.Error(), Err: err}
		}
		eof := err != nil
		if text := bytes.TrimSpace(b); len(text) > 0 {
			e, perr := parseLine(text)
			if perr == "" && e.Seq <= last {
				perr = "sequence number " + strconv.FormatUint(e.Seq, 10) + " does not follow " + strconv.FormatUint(last, 10)
			}
			if perr != "" {
				x := &errs.Error{Kind: errs.Data, Layer: "journal", File: name, Line: line, Msg: "bad log entry: " + perr}
				if eof && !bytes.HasSuffix(b, []byte("\n")) {
					x.Hint = "the last line has no newline: the log may be truncated"
				} else {
					x.Hint = "logs are written by dndsh run --json or :log --json; an edited line must stay one JSON object"
				}
				return out, x
			}
			last = e.Seq
			out = append(out, e)
		}
		if eof {
			return out, nil
		}
	}
}

// parseLine decodes one entry; it returns the problem as text.
func parseLine(text []byte) (Entry, string) {
	var w wireEntry
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return Entry{}, jsonProblem(err)
	}
	if dec.More() {
		return Entry{}, "more than one JSON value on the line"
	}
	if w.Seq == nil || *w.Seq == 0 {
		return Entry{}, "no sequence number (seq)"
	}
	if w.Kind == nil {
		return Entry{}, "no kind"
	}
	if err := checkKind(*w.Kind); err != nil {
		return Entry{}, err.(*errs.Error).Msg
	}
	e := Entry{Seq: *w.Seq, Kind: *w.Kind, Time: w.Time}
	for _, f := range []struct {
		dst *json.RawMessage
		v   json.RawMessage
	}{{&e.Payload, w.Payload}, {&e.Before, w.Before}, {&e.After, w.After}} {
		var ok bool
		if *f.dst, ok = compactJSON(f.v); !ok {
			return Entry{}, "a value is not valid JSON"
		}
	}
	return e, ""
}

// jsonProblem words an encoding/json error for a person.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends early (truncated)"
	case errors.As(err, &syn):
		return "not valid JSON at byte " + strconv.FormatInt(syn.Offset, 10) + ": " + syn.Error()
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return "expected a JSON object, got " + typ.Value
		}
		return "field " + field + ": expected " + typ.Type.String() + ", got " + typ.Value
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}
