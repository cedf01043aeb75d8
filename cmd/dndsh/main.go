// Command dndsh is a scriptable tabletop-RPG rules runtime: a rules REPL,
// one-shot dice and exact distributions, encounter runs and simulations.
//
// main is the only code that touches the process: it gathers arguments,
// standard streams, environment, clock, file access and signals into an
// Env and hands it to run, so every command also runs in-process in tests.
package main

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"time"

	"golang.org/x/term"

	"github.com/dndsh/dndsh/bindings/luart"
)

func main() {
	// No allocation sampling unless --memprofile asks for it
	// (startProfiles): at Go's default rate the samples' stack walks cost
	// the REPL's start about 1.4 M instructions.
	runtime.MemProfileRate = 0
	os.Exit(run(processEnv()))
}

// processEnv is the Env of the running process: its arguments, standard
// streams, environment, clock, files and Ctrl-C.
func processEnv() *Env {
	return &Env{
		Args:   os.Args[1:],
		Stdin:  os.Stdin,
		Stdout: os.Stdout,
		Stderr: os.Stderr,
		Getenv: os.Getenv,
		Now:    time.Now,
		IsTerminal: func(fd uintptr) bool {
			return term.IsTerminal(int(fd))
		},
		ReadFile:  func(path string) ([]byte, error) { return readCapped(os.Open, path) },
		WriteFile: func(path string, data []byte) error { return writeAtomic(osFS{}, path, data) },
		OpenDir:   openDir,
		MkdirAll:  func(path string) error { return os.MkdirAll(path, 0o755) },
		Interrupt: func(parent context.Context) (context.Context, context.CancelFunc) {
			return signal.NotifyContext(parent, os.Interrupt)
		},
		SetMemoryLimit: func(n int64) { debug.SetMemoryLimit(n) },
		SetGCPercent:   debug.SetGCPercent,
		Compiled:       compiledStore(os.Getenv),
	}
}

// compiledStore is the store of compiled scripts of this executable
// (compiled.go) under $DNDSH_CACHE or the user's cache folder; nil when
// DNDSH_CACHE is off or there is nowhere to put it.
func compiledStore(getenv func(string) string) luart.Store {
	root := getenv("DNDSH_CACHE")
	if root == "off" {
		return nil
	}
	if root == "" {
		c, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		root = filepath.Join(c, "dndsh")
	}
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return nil
	}
	build := crc32.ChecksumIEEE([]byte(exe + "\x00" + strconv.FormatInt(fi.Size(), 10) + "\x00" + strconv.FormatInt(fi.ModTime().UnixNano(), 10)))
	return newDirStore(osFS{}, root, strconv.FormatUint(uint64(build), 16))
}

// openDir opens a folder of the file system as an fs.FS.
func openDir(path string) (fs.FS, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("not a folder")}
	}
	return cappedFS{os.DirFS(path)}, nil
}

// cappedFS is a folder whose files are read with readCapped (script
// folders).
type cappedFS struct{ fs.FS }

// ReadFile implements fs.ReadFileFS.
func (c cappedFS) ReadFile(name string) ([]byte, error) {
	return readCapped(func(n string) (io.ReadCloser, error) { return c.Open(n) }, name)
}

// osFS is the real file system, as writeAtomic uses it.
type osFS struct{}

func (osFS) CreateTemp(dir, pattern string) (file, error) { return os.CreateTemp(dir, pattern) }
func (osFS) Remove(name string) error                     { return os.Remove(name) }
func (osFS) Stat(name string) (fs.FileInfo, error)        { return os.Stat(name) }
func (osFS) Glob(pattern string) ([]string, error)        { return filepath.Glob(pattern) }
func (osFS) ReadFile(name string) ([]byte, error)         { return os.ReadFile(name) }
func (osFS) MkdirAll(path string) error                   { return os.MkdirAll(path, 0o755) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error)   { return os.ReadDir(name) }
func (osFS) RemoveAll(path string) error                  { return os.RemoveAll(path) }

// Rename renames a file; a failure is reported as an fs.PathError on the
// old path, like the other steps' failures.
func (osFS) Rename(oldpath, newpath string) error {
	err := os.Rename(oldpath, newpath)
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: le.Op, Path: le.Old, Err: le.Err}
	}
	return err
}

// SyncDir flushes a folder's entries to disk.
func (osFS) SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	if err := d.Sync(); err != nil {
		d.Close()
		return err
	}
	return d.Close()
}
