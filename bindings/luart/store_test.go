package luart

import (
	"context"
	"encoding/binary"
	"hash/crc32"
	"io/fs"
	"math"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/scripts"
)

// memStore is a Store in memory that counts what it was asked.
type memStore struct {
	mu         sync.Mutex
	m          map[string][]byte
	gets, hits int
	puts       int
}

func newMemStore() *memStore { return &memStore{m: map[string][]byte{}} }

func (s *memStore) Get(key string) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gets++
	d := s.m[key]
	if d != nil {
		s.hits++
	}
	return d
}

func (s *memStore) Put(key string, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.puts++
	s.m[key] = data
}

// TestStoreRoundTrip: every built-in script and every spec, compiled,
// written as an entry and read back, is the very prototype the compiler
// made, unexported fields included (reflect.DeepEqual compares them).
func TestStoreRoundTrip(t *testing.T) {
	check := func(fsys fs.FS, prefix string) int {
		n := 0
		err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".lua") {
				return err
			}
			src, err := fs.ReadFile(fsys, path)
			if err != nil {
				return err
			}
			name := prefix + path
			p, err := compileChunk(name, src)
			if err != nil {
				return nil // specs of syntax errors: nothing to keep
			}
			data, ok := encodeProto(name, src, p)
			if !ok {
				t.Errorf("%s: not encodable", name)
				return nil
			}
			q, ok := decodeProto(data, name, src)
			if !ok {
				t.Errorf("%s: its own entry does not read back", name)
				return nil
			}
			if !sameNaNs(p, q) || !reflect.DeepEqual(p, q) {
				t.Errorf("%s: the prototype read back differs from the compiled one", name)
			}
			n++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	n := check(scripts.FS, "")
	n += check(os.DirFS("../../spec"), "spec/")
	if n < 500 {
		t.Fatalf("only %d scripts checked", n)
	}
}

// sameNaNs checks that the NaN constants of p and q (which DeepEqual
// never finds equal) have the same bits, and replaces them in both by
// the same value so that DeepEqual compares the rest.
func sameNaNs(p, q *lua.FunctionProto) bool {
	if len(p.Constants) != len(q.Constants) || len(p.FunctionPrototypes) != len(q.FunctionPrototypes) {
		return false
	}
	for i, c := range p.Constants {
		if x, ok := c.(lua.LNumber); ok && math.IsNaN(float64(x)) {
			y, ok := q.Constants[i].(lua.LNumber)
			if !ok || math.Float64bits(float64(x)) != math.Float64bits(float64(y)) {
				return false
			}
			p.Constants[i], q.Constants[i] = lua.LNumber(0), lua.LNumber(0)
		}
	}
	for i := range p.FunctionPrototypes {
		if !sameNaNs(p.FunctionPrototypes[i], q.FunctionPrototypes[i]) {
			return false
		}
	}
	return true
}

// TestStoreRefusesOtherEntries: an entry is used only for its own script,
// whole and undamaged.
func TestStoreRefusesOtherEntries(t *testing.T) {
	src := []byte("local t = {1, 2.5, 'x'}\nreturn function(a, ...) return a .. t[3], ... end\n")
	p, err := compileChunk("a.lua", src)
	if err != nil {
		t.Fatal(err)
	}
	data, ok := encodeProto("a.lua", src, p)
	if !ok {
		t.Fatal("not encodable")
	}
	if _, ok := decodeProto(data, "a.lua", src); !ok {
		t.Fatal("its own entry refused")
	}
	if _, ok := decodeProto(data, "b.lua", src); ok {
		t.Error("an entry read for another name")
	}
	if _, ok := decodeProto(data, "a.lua", append([]byte("--\n"), src...)); ok {
		t.Error("an entry read for another text")
	}
	for i := range data {
		bad := append([]byte(nil), data...)
		bad[i] ^= 0x40
		if _, ok := decodeProto(bad, "a.lua", src); ok {
			t.Fatalf("an entry with byte %d changed was read", i)
		}
	}
	for n := range len(data) {
		if _, ok := decodeProto(data[:n], "a.lua", src); ok {
			t.Fatalf("an entry cut to %d bytes was read", n)
		}
	}
	// damage the checksum does not see (its own recomputed): the reader
	// refuses or reads, never panics, whatever the lengths and totals say
	body := len(data) - 4
	for i := range body {
		for _, x := range []byte{0x01, 0x40, 0xff} {
			bad := append([]byte(nil), data[:body]...)
			bad[i] ^= x
			bad = binary.LittleEndian.AppendUint32(bad, crc32.ChecksumIEEE(bad))
			decodeProto(bad, "a.lua", src)
		}
	}
}

// TestCacheUsesStore: a second process (a new cache on the same store)
// reads the scripts of its roots from the store and runs them as compiled;
// text loaded from the session is never written there.
func TestCacheUsesStore(t *testing.T) {
	fsys := fstest.MapFS{"m.lua": &fstest.MapFile{Data: []byte("local M = {}\nfunction M.f(x) return x * 2 + 0.5 end\nreturn M.f(20)\n")}}
	st := newMemStore()
	run := func() string {
		r, err := New(Config{Roots: []Root{{"t", fsys}}, Cache: NewCacheWith(st)})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		v, err := r.DoFile(context.Background(), "m.lua")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.DoString(context.Background(), "typed", "return 1", nil); err != nil {
			t.Fatal(err)
		}
		return v.String()
	}
	first := run()
	if st.puts != 1 || st.hits != 0 {
		t.Fatalf("first start: %d puts, %d hits; want 1 put (m.lua only) and no hit", st.puts, st.hits)
	}
	second := run()
	if st.puts != 1 || st.hits != 1 {
		t.Fatalf("second start: %d puts, %d hits; want the entry read, nothing written", st.puts, st.hits)
	}
	if first != "40.5" || first != second {
		t.Fatalf("the script gives %s, then %s from the store; want 40.5 both times", first, second)
	}
	// a damaged entry is compiled again and written anew
	for k, d := range st.m {
		d[len(d)-1] ^= 1
		st.m[k] = d
	}
	run()
	if st.puts != 2 {
		t.Fatalf("a damaged entry: %d puts, want it written again", st.puts)
	}
}
