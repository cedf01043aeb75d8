package main

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestDirStore: entries written are read back, keys that are not luart's
// never become file names, DNDSH_CACHE=off gives no store, and a new build's
// folder removes all but the newest others.
func TestDirStore(t *testing.T) {
	root := t.TempDir()
	// five other builds, the oldest first: the new one keeps the three newest
	var old []string
	for i := range 5 {
		d := filepath.Join(root, "compiled", "other"+strconv.Itoa(i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(time.Duration(i-10) * time.Hour)
		if err := os.Chtimes(d, when, when); err != nil {
			t.Fatal(err)
		}
		old = append(old, d)
	}
	if s := compiledStore(func(string) string { return "off" }); s != nil {
		t.Fatal("DNDSH_CACHE=off still gives a store")
	}
	s := newDirStore(osFS{}, root, "build1")
	if s == nil {
		t.Fatal("no store under a writable DNDSH_CACHE")
	}
	for i, d := range old {
		_, err := os.Stat(d)
		if kept := i >= 2; kept != (err == nil) {
			t.Fatalf("build folder %d of 5 (oldest first): kept %v, want %v", i, err == nil, kept)
		}
	}
	if s.Get("1f-20") != nil {
		t.Fatal("an entry never written was read")
	}
	s.Put("1f-20", []byte("entry"))
	if got := string(s.Get("1f-20")); got != "entry" {
		t.Fatalf("read back %q", got)
	}
	s.Put("../escape", []byte("x"))
	if _, err := os.Stat(filepath.Join(root, "compiled", "escape")); !os.IsNotExist(err) || s.Get("../escape") != nil {
		t.Fatal("a key with a path in it was used as a file name")
	}
	// the same build finds its folder again, entries kept
	if got := string(newDirStore(osFS{}, root, "build1").Get("1f-20")); got != "entry" {
		t.Fatalf("a second start read %q", got)
	}
}
