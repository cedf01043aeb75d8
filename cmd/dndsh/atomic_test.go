package main

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

const (
	oldData = "the previous file\n"
	newData = "the new file, longer than the previous one\n"
)

func TestWriteAtomicReplacesAndKeepsTheMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "camp.json")
	if err := writeAtomic(osFS{}, path, []byte(oldData)); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != oldData {
		t.Fatalf("wrote %q", data)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v", fi.Mode())
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(osFS{}, path, []byte(newData)); err != nil {
		t.Fatal(err)
	}
	fi, _ = os.Stat(path)
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("replacing changed the mode to %v", fi.Mode())
	}
	data, _ = os.ReadFile(path)
	if string(data) != newData {
		t.Fatalf("replaced with %q", data)
	}
	assertOnlyFiles(t, dir, "camp.json")
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
		return &fs.PathError{Op: "rename", Path: o, Err: f.err}
	}
	return f.osFS.Rename(o, n)
}

func (f *faultyFS) SyncDir(dir string) error {
	if f.failAt == "syncdir" {
		return f.err
	}
	return f.osFS.SyncDir(dir)
}

func TestFailedWriteKeepsPreviousFile(t *testing.T) {
	cause := errors.New("injected failure")
	for _, step := range []string{"create", "write", "chmod", "sync", "close", "rename"} {
		t.Run(step, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "camp.json")
			if err := writeAtomic(osFS{}, path, []byte(oldData)); err != nil {
				t.Fatal(err)
			}
			err := writeAtomic(&faultyFS{failAt: step, err: cause}, path, []byte(newData))
			var e *errs.Error
			if !errors.As(err, &e) || e.Kind != errs.Data || e.File != path || !errors.Is(err, cause) || !strings.Contains(e.Hint, "previous file") {
				t.Fatalf("got %v", err)
			}
			if !strings.Contains(e.Msg, "injected failure") || strings.Contains(e.Msg, path) {
				t.Fatalf("the message should name the cause once and not repeat the path: %q", e.Msg)
			}
			got, _ := os.ReadFile(path)
			if string(got) != oldData {
				t.Fatalf("the previous file changed:\n%s", got)
			}
			assertOnlyFiles(t, dir, "camp.json")
		})
	}
	t.Run("syncdir", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "camp.json")
		err := writeAtomic(&faultyFS{failAt: "syncdir", err: cause}, path, []byte(newData))
		if err == nil || !strings.Contains(err.Error(), "new file is in place") {
			t.Fatalf("got %v", err)
		}
		got, _ := os.ReadFile(path)
		if !bytes.Equal(got, []byte(newData)) {
			t.Fatal("the new file is not in place")
		}
	})
}

func TestWriteAtomicErrorsOnTheRealFileSystem(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "camp.json")
	if err := writeAtomic(osFS{}, path, []byte(oldData)); err != nil {
		t.Fatal(err)
	}
	t.Run("missing folder", func(t *testing.T) {
		err := writeAtomic(osFS{}, filepath.Join(dir, "nope", "camp.json"), []byte(newData))
		var e *errs.Error
		if !errors.As(err, &e) || e.Kind != errs.Data || !strings.Contains(e.Msg, "create a temporary file") {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("target is a folder", func(t *testing.T) {
		sub := filepath.Join(dir, "sub")
		_ = os.Mkdir(sub, 0o755)
		if err := writeAtomic(osFS{}, sub, []byte(newData)); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Fatalf("got %v", err)
		}
		_ = os.Remove(sub)
	})
	t.Run("rename onto a folder", func(t *testing.T) {
		// The real Rename's error reads like the other steps' (no paths).
		sub := filepath.Join(dir, "full")
		_ = os.MkdirAll(filepath.Join(sub, "x"), 0o755)
		err := osFS{}.Rename(path, sub)
		var pe *fs.PathError
		if !errors.As(err, &pe) || pe.Op != "rename" || strings.Contains(pathProblem(err), dir) {
			t.Fatalf("got %v (%q)", err, pathProblem(err))
		}
		_ = os.RemoveAll(sub)
	})
	t.Run("unwritable folder", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root writes to read-only folders; the injected failures cover this")
		}
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(dir, 0o700)
		if err := writeAtomic(osFS{}, path, []byte(newData)); err == nil {
			t.Fatal("wrote into a read-only folder")
		}
	})
	got, _ := os.ReadFile(path)
	if string(got) != oldData {
		t.Fatal("a failed write changed the previous file")
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

// TestWriteAtomicRemovesLeftovers: the temporary files of a save that was
// killed half-way go with the next save of the same file, and only those.
func TestWriteAtomicRemovesLeftovers(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{".camp.json.tmp-123", ".camp.json.tmp-9", ".other.json.tmp-1", "camp.json"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeAtomic(osFS{}, filepath.Join(dir, "camp.json"), []byte(newData)); err != nil {
		t.Fatal(err)
	}
	assertOnlyFiles(t, dir, ".other.json.tmp-1", "camp.json")
}
