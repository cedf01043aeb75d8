package main

import (
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// file is the part of an open file that writeAtomic uses (*os.File has it).
type file interface {
	Write(p []byte) (int, error)
	Sync() error
	Close() error
	Chmod(mode fs.FileMode) error
	Name() string
}

// fileSystem is what writeAtomic needs of the file system: main gives it
// the real one (osFS); tests make each step fail.
type fileSystem interface {
	CreateTemp(dir, pattern string) (file, error)
	Rename(oldpath, newpath string) error
	Remove(name string) error
	Stat(name string) (fs.FileInfo, error)
	SyncDir(dir string) error
	Glob(pattern string) ([]string, error)
}

// writeAtomic replaces the file at path with data through fsys so that a
// crash or an error leaves either the old file or the new one, never a mix:
// it writes a temporary file in the same folder, syncs it, renames it over
// path and syncs the folder. A new file gets mode 0644; a replaced one keeps
// its mode. On error the temporary file is removed and the previous file is
// untouched; the error is an errs.Data error naming path. It is Env.WriteFile
// (main passes the real file system).
func writeAtomic(fsys fileSystem, path string, data []byte) error {
	fail := func(step string, err error) error {
		e := errs.New(errs.Data, "journal", "cannot save: %s: %s", step, pathProblem(err))
		e.File = path
		e.Hint = "the previous file, if any, is unchanged; check that the folder exists, is writable and has room"
		e.Err = err
		return e
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := fs.FileMode(0o644)
	if fi, err := fsys.Stat(path); err == nil {
		if !fi.Mode().IsRegular() {
			return fail("check", &fs.PathError{Op: "replace", Path: path, Err: errors.New("not a regular file")})
		}
		mode = fi.Mode().Perm()
	}
	f, err := fsys.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fail("create a temporary file", err)
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			_ = f.Close()
			_ = fsys.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return fail("write", err)
	}
	if err := f.Chmod(mode); err != nil {
		return fail("chmod", err)
	}
	if err := f.Sync(); err != nil {
		return fail("sync", err)
	}
	if err := f.Close(); err != nil {
		return fail("close", err)
	}
	if err := fsys.Rename(tmp, path); err != nil {
		return fail("rename", err)
	}
	ok = true
	// The temporary files of saves that were interrupted (kill -9) go.
	if stale, err := fsys.Glob(filepath.Join(dir, "."+globEscape(base)+".tmp-*")); err == nil {
		for _, p := range stale {
			_ = fsys.Remove(p)
		}
	}
	if err := fsys.SyncDir(dir); err != nil {
		return fail("sync the folder (the new file is in place but may not survive a crash)", err)
	}
	return nil
}

// globEscape quotes the pattern characters of a file name for
// filepath.Match.
func globEscape(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// pathProblem words a file-system error without repeating the path.
func pathProblem(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	if errors.Is(err, io.ErrShortWrite) {
		return "short write"
	}
	return err.Error()
}
