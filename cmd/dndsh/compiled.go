package main

import (
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dndsh/dndsh/bindings/luart"
)

// dirStore keeps compiled scripts in a folder of the user's cache (one file
// an entry), so that a later start of the same dndsh reads them instead of
// compiling the scripts again: the REPL's start-up was 85% parsing and
// compiling Lua. luart checks that an entry is of the very script it is
// asked for (name, whole text, checksum), so a stale or damaged file only
// costs a compilation. The folder is per executable (its path, size and
// time), because another build may compile the same text differently; the
// folders of other builds are removed when a new one is made.
//
// DNDSH_CACHE=off turns it off; DNDSH_CACHE=DIR puts it under DIR instead
// of the user's cache folder (os.UserCacheDir()/dndsh).
type dirStore struct{ dir string }

// newDirStore returns the store of this executable, or nil (no store) when
// it is turned off or there is no cache folder to put it in.
func newDirStore(getenv func(string) string) luart.Store {
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
	id := crc32.ChecksumIEEE([]byte(exe + "\x00" + strconv.FormatInt(fi.Size(), 10) + "\x00" + strconv.FormatInt(fi.ModTime().UnixNano(), 10)))
	parent := filepath.Join(root, "compiled")
	dir := filepath.Join(parent, strconv.FormatUint(uint64(id), 16))
	if _, err := os.Stat(dir); err != nil {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil
		}
		// a new build: the entries of the others are of no use to it
		if old, err := os.ReadDir(parent); err == nil {
			for _, e := range old {
				if p := filepath.Join(parent, e.Name()); p != dir {
					_ = os.RemoveAll(p)
				}
			}
		}
	}
	return dirStore{dir}
}

// Get implements luart.Store.
func (s dirStore) Get(key string) []byte {
	if !validKey(key) {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(s.dir, key))
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
	f, err := os.CreateTemp(s.dir, ".tmp-*")
	if err != nil {
		return
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(s.dir, key))
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
}

// validKey: luart's keys are hexadecimal digits and a dash; nothing else
// becomes a file name.
func validKey(key string) bool {
	return key != "" && strings.Trim(key, "0123456789abcdef-") == ""
}
