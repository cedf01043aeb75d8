package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDirStore: entries written are read back, keys that are not luart's
// never become file names, DNDSH_CACHE=off gives no store, and a new build's
// folder replaces the others'.
func TestDirStore(t *testing.T) {
	root := t.TempDir()
	old := filepath.Join(root, "compiled", "another-build")
	if err := os.MkdirAll(old, 0o755); err != nil {
		t.Fatal(err)
	}
	if s := compiledStore(func(string) string { return "off" }); s != nil {
		t.Fatal("DNDSH_CACHE=off still gives a store")
	}
	s := newDirStore(osFS{}, root, "build1")
	if s == nil {
		t.Fatal("no store under a writable DNDSH_CACHE")
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Fatalf("another build's folder is still there: %v", err)
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
