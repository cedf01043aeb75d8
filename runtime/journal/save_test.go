package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

var sampleSession = &Session{
	Seed:     7,
	Config:   json.RawMessage(`{"ruleset": "base", "variants": ["x.y"]}`),
	Initial:  json.RawMessage(`{"n":3}`),
	Commands: []json.RawMessage{json.RawMessage(`{"op":"add","die":6,"count":2}`), json.RawMessage(`"1d20+5"`)},
	Snapshot: json.RawMessage(`{"n":11}`),
}

const sampleFile = `{
  "format": "dndsh-save",
  "version": 1,
  "seed": 7,
  "config": {"ruleset":"base","variants":["x.y"]},
  "initial": {"n":3},
  "commands": [
    {"op":"add","die":6,"count":2},
    "1d20+5"
  ],
  "snapshot": {"n":11}
}
`

func TestEncodeDecode(t *testing.T) {
	data, err := Encode(sampleSession)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != sampleFile {
		t.Fatalf("Encode gave\n%s", data)
	}
	s, err := Decode("s.json", data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Encode(s)
	if !bytes.Equal(again, data) {
		t.Fatalf("Encode(Decode(x)) != x:\n%s", again)
	}
	if s.Seed != 7 || len(s.Commands) != 2 || string(s.Config) != `{"ruleset":"base","variants":["x.y"]}` {
		t.Fatalf("decoded %+v", s)
	}
	empty, err := Encode(&Session{Seed: 1 << 63})
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"format\": \"dndsh-save\",\n  \"version\": 1,\n  \"seed\": 9223372036854775808,\n  \"config\": null,\n  \"initial\": null,\n  \"commands\": [],\n  \"snapshot\": null\n}\n"
	if string(empty) != want {
		t.Fatalf("empty session:\n%s", empty)
	}
	back, err := Decode("e", empty)
	if err != nil || !reflect.DeepEqual(back, &Session{Seed: 1 << 63, Commands: []json.RawMessage{}}) {
		t.Fatalf("empty session back: %+v %v", back, err)
	}
}

func TestEncodeRejectsBadValues(t *testing.T) {
	tests := []struct {
		name string
		s    *Session
		want string
	}{
		{"bad config", &Session{Config: json.RawMessage(`{`)}, "config is not valid JSON"},
		{"bad initial", &Session{Initial: json.RawMessage(`x`)}, "initial state is not valid JSON"},
		{"bad snapshot", &Session{Snapshot: json.RawMessage(`[`)}, "snapshot is not valid JSON"},
		{"bad command", &Session{Commands: []json.RawMessage{json.RawMessage(`1`), json.RawMessage(`}`)}}, "command 2 is not valid JSON"},
		{"empty command", &Session{Commands: []json.RawMessage{nil}}, "command 1 is empty"},
	}
	for _, tt := range tests {
		_, err := Encode(tt.s)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	replace := func(old, new string) string { return strings.Replace(sampleFile, old, new, 1) }
	tests := []struct {
		name      string
		data      string
		want      string
		line, col int
		hint      string
	}{
		{"empty", "", "save file is empty", 0, 0, "damaged"},
		{"blank", " \n\t", "save file is empty", 0, 0, "damaged"},
		{"truncated", sampleFile[:len(sampleFile)/2], "truncated", 0, 0, "damaged"},
		{"truncated at the end", sampleFile[:len(sampleFile)-3], "truncated", 0, 0, "damaged"},
		{"bad JSON", replace(`"seed": 7,`, `"seed": 7,,`), "not valid JSON", 4, 13, "damaged"},
		{"trailing data", sampleFile + "{}", "not valid JSON", 13, 1, "damaged"},
		{"not an object", `["dndsh-save", 1]`, "the JSON is not an object", 0, 0, "written by dndsh"},
		{"no format", `{"version":1,"seed":1}`, "no format field", 0, 0, "written by dndsh"},
		{"wrong format", replace(`"dndsh-save"`, `"other-save"`), `format is "other-save", want "dndsh-save"`, 0, 0, "written by dndsh"},
		{"format not a string", replace(`"dndsh-save"`, `12`), `format is 12`, 0, 0, "written by dndsh"},
		{"newer version", replace(`"version": 1`, `"version": 2`), "version 2, written by a newer dndsh; this one reads versions 1 to 1", 0, 0, "upgrade"},
		{"no version", replace(`"version": 1,`, ``), "no version", 0, 0, "damaged"},
		{"version zero", replace(`"version": 1`, `"version": 0`), "bad version 0", 0, 0, "damaged"},
		{"version text", replace(`"version": 1`, `"version": "1"`), `bad version "1"`, 0, 0, "damaged"},
		{"version fraction", replace(`"version": 1`, `"version": 1.5`), `bad version 1.5`, 0, 0, "damaged"},
		{"no seed", replace(`"seed": 7,`, ``), "no seed", 0, 0, "damaged"},
		{"seed wrong type", replace(`"seed": 7`, `"seed": "7"`), "field seed: expected uint64, got string", 0, 0, "damaged"},
		{"seed negative", replace(`"seed": 7`, `"seed": -7`), "field seed", 0, 0, "damaged"},
		{"unknown field", replace(`"seed": 7,`, `"seed": 7, "clock": "12:00",`), `unknown field "clock"`, 0, 0, "damaged"},
		{"commands not a list", `{"format":"dndsh-save","version":1,"seed":1,"commands":{"a":1}}`, "field commands", 0, 0, "damaged"},
		{"null command", `{"format":"dndsh-save","version":1,"seed":1,"commands":[1,null]}`, "bad save file: command 2 is empty", 0, 0, "damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("camp.json", []byte(tt.data))
			var e *errs.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an errs.Error", err)
			}
			if e.Kind != errs.Data || e.Layer != "journal" || e.File != "camp.json" || !strings.Contains(e.Msg, tt.want) {
				t.Fatalf("got %s/%s %q: %q; want %q", e.Kind, e.Layer, e.File, e.Msg, tt.want)
			}
			if e.Line != tt.line || e.Col != tt.col {
				t.Fatalf("at %d:%d, want %d:%d", e.Line, e.Col, tt.line, tt.col)
			}
			if !strings.Contains(e.Hint, tt.hint) {
				t.Fatalf("hint %q lacks %q", e.Hint, tt.hint)
			}
			if !strings.HasPrefix(e.Error(), "camp.json") {
				t.Fatalf("message %q does not name the file", e.Error())
			}
		})
	}
}

// TestDecodeEveryPrefix: any cut of a good file is a clear error, never a
// panic or a silently shorter session.
func TestDecodeEveryPrefix(t *testing.T) {
	for n := range len(sampleFile) - 1 {
		cut := sampleFile[:n]
		if strings.TrimSpace(cut) == strings.TrimSpace(sampleFile) {
			continue
		}
		_, err := Decode("p", []byte(cut))
		var e *errs.Error
		if !errors.As(err, &e) || e.Kind != errs.Data {
			t.Fatalf("prefix of %d bytes: %v", n, err)
		}
	}
}
