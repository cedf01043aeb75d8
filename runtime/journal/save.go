package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/dndsh/dndsh/runtime/errs"
)

// The save file's envelope.
const (
	// Format is the value of a save file's "format" field.
	Format = "dndsh-save"
	// Version is the envelope version this build writes. It reads every
	// version from 1 to Version and refuses newer ones.
	Version = 1
)

// Session is what a save file holds: everything needed to rebuild the
// state and the log by replay. JSON values are any JSON; an absent one is
// nil (and written as null).
type Session struct {
	Seed     uint64            // the run's seed
	Config   json.RawMessage   // ruleset, variants, budgets...: what the Replayer needs to start
	Initial  json.RawMessage   // the state before the first command
	Commands []json.RawMessage // the user's commands, oldest first
	// Snapshot is the state after the last command, for readers that do not
	// replay (and to check a replay against). It is informative: Decode
	// does not need it.
	Snapshot json.RawMessage
}

// clone returns a deep copy of s with every value compact, or an error
// naming the first value that is not valid JSON.
func (s *Session) clone() (*Session, error) {
	c := &Session{Seed: s.Seed, Commands: make([]json.RawMessage, 0, len(s.Commands))}
	var err error
	if c.Config, err = canonValue(s.Config, "config"); err != nil {
		return nil, err
	}
	if c.Initial, err = canonValue(s.Initial, "initial state"); err != nil {
		return nil, err
	}
	if c.Snapshot, err = canonValue(s.Snapshot, "snapshot"); err != nil {
		return nil, err
	}
	for i, cmd := range s.Commands {
		v, err := canonValue(cmd, "command "+strconv.Itoa(i+1))
		if err != nil {
			return nil, err
		}
		if v == nil {
			return nil, errs.New(errs.Rule, "journal", "command %d is empty", i+1)
		}
		c.Commands = append(c.Commands, v)
	}
	return c, nil
}

// canonValue returns a compact copy of raw; null and empty give nil.
func canonValue(raw json.RawMessage, what string) (json.RawMessage, error) {
	c, ok := compactJSON(raw)
	if !ok {
		return nil, invalidJSON(what, raw)
	}
	if c == nil || string(c) == "null" {
		return nil, nil
	}
	return bytes.Clone(c), nil
}

// Encode returns the save file's bytes: the envelope with one field a line
// and one command a line. The same session always gives the same bytes, and
// Encode(Decode(Encode(s))) == Encode(s).
func Encode(s *Session) ([]byte, error) {
	c, err := s.clone()
	if err != nil {
		return nil, err
	}
	var b []byte
	b = append(b, "{\n  \"format\": \""+Format+"\",\n  \"version\": "...)
	b = strconv.AppendInt(b, Version, 10)
	b = append(b, ",\n  \"seed\": "...)
	b = strconv.AppendUint(b, c.Seed, 10)
	b = appendField(b, "config", c.Config)
	b = appendField(b, "initial", c.Initial)
	b = append(b, ",\n  \"commands\": ["...)
	for i, cmd := range c.Commands {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    "...)
		b = append(b, cmd...)
	}
	if len(c.Commands) > 0 {
		b = append(b, "\n  "...)
	}
	b = append(b, ']')
	b = appendField(b, "snapshot", c.Snapshot)
	return append(b, "\n}\n"...), nil
}

func appendField(b []byte, name string, v json.RawMessage) []byte {
	b = append(b, ",\n  \""...)
	b = append(b, name...)
	b = append(b, "\": "...)
	if v == nil {
		return append(b, "null"...)
	}
	return append(b, v...)
}

// envelope is the save file as read; pointers tell missing fields.
type envelope struct {
	Format   *string           `json:"format"`
	Version  *json.Number      `json:"version"`
	Seed     *uint64           `json:"seed"`
	Config   json.RawMessage   `json:"config"`
	Initial  json.RawMessage   `json:"initial"`
	Commands []json.RawMessage `json:"commands"`
	Snapshot json.RawMessage   `json:"snapshot"`
}

// header is the part of the envelope read before anything else, so that a
// foreign or newer file is named as such rather than as a field error.
type header struct {
	Format  json.RawMessage `json:"format"`
	Version json.RawMessage `json:"version"`
}

// loadError builds the errs.Data error of a bad save file.
func loadError(name, hint, format string, args ...any) *errs.Error {
	e := errs.New(errs.Data, "journal", format, args...)
	e.File = name
	e.Hint = hint
	return e
}

const (
	hintCorrupt = "the file is damaged; restore it from a backup, or start a new session (the file was not changed)"
	hintForeign = "open a file written by dndsh's :save (the file was not changed)"
)

// Decode reads a save file's bytes. name is the file's name, for errors.
// Every problem is an errs.Data error of layer "journal".
func Decode(name string, data []byte) (*Session, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, loadError(name, hintCorrupt, "save file is empty")
	}
	if err := syntaxCheck(name, data); err != nil {
		return nil, err
	}
	var h header
	if err := json.Unmarshal(data, &h); err != nil {
		return nil, loadError(name, hintForeign, "not a dndsh save file: the JSON is not an object")
	}
	var format string
	if h.Format == nil {
		return nil, loadError(name, hintForeign, "not a dndsh save file: no format field")
	}
	if err := json.Unmarshal(h.Format, &format); err != nil || format != Format {
		return nil, loadError(name, hintForeign, "not a dndsh save file: format is %s, want %q", h.Format, Format)
	}
	if h.Version == nil {
		return nil, loadError(name, hintCorrupt, "save file has no version")
	}
	v, err := strconv.Atoi(string(h.Version))
	switch {
	case err != nil || v < 1:
		return nil, loadError(name, hintCorrupt, "save file has a bad version %s", h.Version)
	case v > Version:
		return nil, loadError(name, "upgrade dndsh to open it (the file was not changed)",
			"save file is version %d, written by a newer dndsh; this one reads versions 1 to %d", v, Version)
	}
	var env envelope
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&env); err != nil {
		return nil, loadError(name, hintCorrupt, "bad save file: %s", jsonProblem(err))
	}
	if env.Seed == nil {
		return nil, loadError(name, hintCorrupt, "save file has no seed")
	}
	// Versions older than Version would be migrated here; 1 is the first.
	s := &Session{Seed: *env.Seed, Config: env.Config, Initial: env.Initial, Commands: env.Commands, Snapshot: env.Snapshot}
	c, err := s.clone()
	if err != nil {
		var e *errs.Error
		errors.As(err, &e)
		return nil, loadError(name, hintCorrupt, "bad save file: %s", e.Msg)
	}
	return c, nil
}

// syntaxCheck reports invalid JSON, or trailing data, with its line and
// column, telling a truncated file from a damaged one.
func syntaxCheck(name string, data []byte) error {
	if json.Valid(data) {
		return nil
	}
	var v any
	err := json.Unmarshal(data, &v)
	var syn *json.SyntaxError
	if !errors.As(err, &syn) {
		return loadError(name, hintCorrupt, "save file is not valid JSON")
	}
	off := int(syn.Offset)
	if off >= len(bytes.TrimRight(data, " \t\r\n")) && syn.Error() == "unexpected end of JSON input" {
		e := loadError(name, hintCorrupt, "save file is truncated: the JSON ends early (after %d bytes)", len(data))
		return e
	}
	e := loadError(name, hintCorrupt, "save file is not valid JSON: %s", syn.Error())
	e.Line, e.Col = lineCol(data, off)
	return e
}

// lineCol returns the 1-based line and column of the byte before offset
// (encoding/json's offsets point just past the bad byte).
func lineCol(data []byte, off int) (int, int) {
	off = min(max(off-1, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}
