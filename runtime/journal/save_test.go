package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
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

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "camp.json")
	if err := Save(path, sampleSession); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != sampleFile {
		t.Fatalf("saved\n%s", data)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v", fi.Mode())
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	s.Commands = s.Commands[:1]
	if err := Save(path, s); err != nil {
		t.Fatal(err)
	}
	fi, _ = os.Stat(path)
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("replacing changed the mode to %v", fi.Mode())
	}
	s2, err := Load(path)
	if err != nil || len(s2.Commands) != 1 {
		t.Fatalf("reload: %v %v", s2, err)
	}
	assertOnlyFiles(t, dir, "camp.json")
}

func TestLoadLeavesBadFileAlone(t *testing.T) {
	dir := t.TempDir()
	for _, content := range []string{"", sampleFile[:40], strings.Replace(sampleFile, `"version": 1`, `"version": 9`, 1), "garbage"} {
		path := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(path, []byte(content), 0o640); err != nil {
			t.Fatal(err)
		}
		before, _ := os.Stat(path)
		_, err := Load(path)
		var e *errs.Error
		if !errors.As(err, &e) || e.Kind != errs.Data || e.File != path {
			t.Fatalf("Load(%q) = %v", content, err)
		}
		after, _ := os.Stat(path)
		data, _ := os.ReadFile(path)
		if string(data) != content || !after.ModTime().Equal(before.ModTime()) || after.Mode() != before.Mode() {
			t.Fatal("Load changed the file")
		}
	}
	assertOnlyFiles(t, dir, "bad.json")
	_, err := Load(filepath.Join(dir, "missing.json"))
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Data || !strings.Contains(e.Msg, "cannot read save file: open: no such file") {
		t.Fatalf("missing file: %v", err)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("the cause is lost")
	}
}

// faultyFS is the real file system with one step made to fail.
type faultyFS struct {
	osFS
	failAt string
	err    error
}

type faultyFile struct {
	*os.File
	fs *faultyFS
}

func (f faultyFile) Write(p []byte) (int, error) {
	if f.fs.failAt == "write" {
		n, _ := f.File.Write(p[:len(p)/2]) // a partial write, then the error
		return n, f.fs.err
	}
	return f.File.Write(p)
}

func (f faultyFile) Sync() error {
	if f.fs.failAt == "sync" {
		return f.fs.err
	}
	return f.File.Sync()
}

func (f faultyFile) Close() error {
	if f.fs.failAt == "close" {
		_ = f.File.Close()
		return f.fs.err
	}
	return f.File.Close()
}

func (f faultyFile) Chmod(m fs.FileMode) error {
	if f.fs.failAt == "chmod" {
		return f.fs.err
	}
	return f.File.Chmod(m)
}

func (f *faultyFS) CreateTemp(dir, pattern string) (file, error) {
	if f.failAt == "create" {
		return nil, &fs.PathError{Op: "open", Path: dir, Err: f.err}
	}
	tf, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return faultyFile{tf, f}, nil
}

func (f *faultyFS) Rename(o, n string) error {
	if f.failAt == "rename" {
		return &os.LinkError{Op: "rename", Old: o, New: n, Err: f.err}
	}
	return os.Rename(o, n)
}

func (f *faultyFS) SyncDir(dir string) error {
	if f.failAt == "syncdir" {
		return f.err
	}
	return osFS{}.SyncDir(dir)
}

func TestFailedSaveKeepsPreviousFile(t *testing.T) {
	cause := errors.New("injected failure")
	newer := *sampleSession
	newer.Commands = append(newer.Commands, json.RawMessage(`{"op":"new"}`))
	data, err := Encode(&newer)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []string{"create", "write", "chmod", "sync", "close", "rename"} {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "camp.json")
			if err := Save(path, sampleSession); err != nil {
				t.Fatal(err)
			}
			err := writeAtomic(&faultyFS{failAt: step, err: cause}, path, data)
			var e *errs.Error
			if !errors.As(err, &e) || e.Kind != errs.Data || e.File != path || !errors.Is(err, cause) || !strings.Contains(e.Hint, "previous file") {
				t.Fatalf("got %v", err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != sampleFile {
				t.Fatalf("the previous file changed:\n%s", got)
			}
			assertOnlyFiles(t, dir, "camp.json")
		})
	}
	t.Run("syncdir", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "camp.json")
		err := writeAtomic(&faultyFS{failAt: "syncdir", err: cause}, path, data)
		if err == nil || !strings.Contains(err.Error(), "new file is in place") {
			t.Fatalf("got %v", err)
		}
		got, _ := os.ReadFile(path)
		if !bytes.Equal(got, data) {
			t.Fatal("the new file is not in place")
		}
	})
}

func TestSaveErrorsOnTheRealFileSystem(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "camp.json")
	if err := Save(path, sampleSession); err != nil {
		t.Fatal(err)
	}
	t.Run("invalid session", func(t *testing.T) {
		if err := Save(path, &Session{Config: json.RawMessage(`{`)}); err == nil {
			t.Fatal("saved an invalid session")
		}
	})
	t.Run("missing folder", func(t *testing.T) {
		err := Save(filepath.Join(dir, "nope", "camp.json"), sampleSession)
		var e *errs.Error
		if !errors.As(err, &e) || e.Kind != errs.Data || !strings.Contains(e.Msg, "create a temporary file") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("target is a folder", func(t *testing.T) {
		sub := filepath.Join(dir, "sub")
		_ = os.Mkdir(sub, 0o755)
		if err := Save(sub, sampleSession); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Fatalf("got %v", err)
		}
		_ = os.Remove(sub)
	})
	t.Run("unwritable folder", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root writes to read-only folders; the injected failures cover this")
		}
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(dir, 0o700)
		if err := Save(path, &Session{Seed: 99}); err == nil {
			t.Fatal("saved into a read-only folder")
		}
	})
	got, _ := os.ReadFile(path)
	if string(got) != sampleFile {
		t.Fatal("a failed save changed the previous file")
	}
	assertOnlyFiles(t, dir, "camp.json")
}

func assertOnlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if !reflect.DeepEqual(got, names) {
		t.Fatalf("folder holds %v, want %v", got, names)
	}
}
