package main

import (
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dndsh/dndsh/bindings/luart"
)

// dirStore keeps compiled scripts in a folder of the user's cache (one file
// an entry), so that a later start of the same dndsh reads them instead of
// compiling the scripts again: the REPL's start-up was 85% parsing and
// compiling Lua. luart checks that an entry is of the very script it is
// asked for (name, whole text, checksum), so a stale or damaged file only
// costs a compilation. The folder is per build of dndsh (main names it by
// the executable's path, size and time), because another build may compile
// the same text differently; a new build's folder removes the oldest
// others, so that a few builds' folders are kept (keptBuilds).
//
// DNDSH_CACHE=off turns it off; DNDSH_CACHE=DIR puts it under DIR instead
// of the user's cache folder (main.go: compiledStore).
type dirStore struct {
	fsys storeFS
	dir  string
}

// storeFS is what a dirStore needs of the file system (main gives it the
// real one, osFS).
type storeFS interface {
	CreateTemp(dir, pattern string) (file, error)
	Rename(oldpath, newpath string) error
	Remove(name string) error
	Stat(name string) (fs.FileInfo, error)
	ReadFile(name string) ([]byte, error)
	MkdirAll(path string) error
	ReadDir(name string) ([]fs.DirEntry, error)
	RemoveAll(path string) error
}

// newDirStore returns the store of build under root (root/compiled/build),
// or nil when it cannot be made.
func newDirStore(fsys storeFS, root, build string) luart.Store {
	parent := filepath.Join(root, "compiled")
	dir := filepath.Join(parent, build)
	if _, err := fsys.Stat(dir); err != nil {
		if err := fsys.MkdirAll(dir); err != nil {
			return nil
		}
		pruneBuilds(fsys, parent, dir)
	}
	return dirStore{fsys, dir}
}

// keptBuilds is how many builds' folders a new one leaves (the most
// recently written): a user who runs two or three builds in turn (an
// installed dndsh and `go run`) keeps each one's entries.
const keptBuilds = 4

// pruneBuilds removes, when dir is new, the folders of other builds in
// parent but the keptBuilds-1 most recently written.
func pruneBuilds(fsys storeFS, parent, dir string) {
	entries, err := fsys.ReadDir(parent)
	if err != nil {
		return
	}
	type build struct {
		path string
		mod  int64
	}
	var others []build
	for _, e := range entries {
		p := filepath.Join(parent, e.Name())
		if p == dir || !e.IsDir() {
			continue
		}
		var mod int64
		if fi, err := e.Info(); err == nil {
			mod = fi.ModTime().UnixNano()
		}
		others = append(others, build{p, mod})
	}
	sort.Slice(others, func(i, j int) bool { return others[i].mod > others[j].mod })
	for i := keptBuilds - 1; i < len(others); i++ {
		_ = fsys.RemoveAll(others[i].path)
	}
}

// Get implements luart.Store.
func (s dirStore) Get(key string) []byte {
	if !validKey(key) {
		return nil
	}
	b, err := s.fsys.ReadFile(filepath.Join(s.dir, key))
	if err != nil {
		return nil
	}
	return b
}

// Put implements luart.Store: written to a temporary file and renamed, so
// that a reader never sees half an entry; not synced (a torn entry fails
// its checksum and is compiled again). Errors only lose the entry.
func (s dirStore) Put(key string, data []byte) {
	if !validKey(key) {
		return
	}
	f, err := s.fsys.CreateTemp(s.dir, ".tmp-*")
	if err != nil {
		return
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = s.fsys.Rename(tmp, filepath.Join(s.dir, key))
	}
	if err != nil {
		_ = s.fsys.Remove(tmp)
	}
}

// validKey: luart's keys are hexadecimal digits and a dash; nothing else
// becomes a file name.
func validKey(key string) bool {
	return key != "" && strings.Trim(key, "0123456789abcdef-") == ""
}
