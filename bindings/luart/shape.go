package luart

import (
	"maps"
	"slices"
	"strings"
	"sync/atomic"

	lua "github.com/yuin/gopher-lua"
)

// A Shape is the list of string keys of the tables Go code hands scripts
// many times a fight (an attack's record, a check's result): Shape.New
// makes such a table from copies of a template's key list and key index
// instead of setting its keys one by one. Each new key set with
// RawSetString costs a string-map insert, a boxed key, an insert into the
// table's key index (an interface-keyed map) and an append to its key
// list, all three growing from nothing; here each is sized once and the
// index is a copy. The table is an ordinary one, free for scripts to
// change, with the same keys in the same order for pairs as RawSetString
// in the shape's order gives.
//
// Keys ending in "?" are optional (the "?" is not part of the key): a
// table may leave them out. The shape keeps a template for each subset of
// them, made the first time a table of that subset is (most subsets of
// a shape never are, and making them all was a tenth of start-up), so
// keep them few (at most 8).
//
// A Shape may be shared by runtimes: its templates are made at most once
// each in effect (two runtimes racing make equal ones, and one is kept).
type Shape struct {
	keys []string // without the "?"
	opt  []int    // the positions of the optional keys
	sub  []atomic.Pointer[shapeKeys]
}

// shapeKeys is the template of one subset of a shape's keys.
type shapeKeys struct {
	pos  []int // the positions of its keys in the shape
	keys []string
	list []lua.LValue
	k2i  map[lua.LValue]int
}

// NewShape returns the shape of the tables with keys, in that order (no
// key twice; a "?" at the end marks an optional key).
func NewShape(keys ...string) *Shape {
	s := &Shape{keys: make([]string, len(keys))}
	seen := map[string]bool{}
	for i, k := range keys {
		if name, ok := strings.CutSuffix(k, "?"); ok {
			k = name
			s.opt = append(s.opt, i)
		}
		if seen[k] {
			panic("luart.NewShape: key " + k + " twice")
		}
		seen[k] = true
		s.keys[i] = k
	}
	if len(s.opt) > 8 {
		panic("luart.NewShape: more than 8 optional keys")
	}
	s.sub = make([]atomic.Pointer[shapeKeys], 1<<len(s.opt))
	return s
}

// subset returns the template of the keys of mask (bit o: the o-th
// optional key is there), made on first use.
func (s *Shape) subset(mask int) *shapeKeys {
	if sk := s.sub[mask].Load(); sk != nil {
		return sk
	}
	sk := &shapeKeys{k2i: map[lua.LValue]int{}}
	o := 0
	for i, k := range s.keys {
		if o < len(s.opt) && s.opt[o] == i {
			bit := mask & (1 << o)
			o++
			if bit == 0 {
				continue
			}
		}
		sk.k2i[lua.LString(k)] = len(sk.list)
		sk.pos = append(sk.pos, i)
		sk.keys = append(sk.keys, k)
		sk.list = append(sk.list, lua.LString(k))
	}
	if !s.sub[mask].CompareAndSwap(nil, sk) {
		return s.sub[mask].Load()
	}
	return sk
}

// Keys returns the shape's keys in order (without the "?").
func (s *Shape) Keys() []string { return slices.Clone(s.keys) }

// Len is the number of the shape's keys, optional ones included.
func (s *Shape) Len() int { return len(s.keys) }

// New returns a new table whose key i (in the shape's order) holds vals[i];
// len(vals) must be the shape's Len, and an optional key whose value is
// nil (Go's or Lua's) is left out. A required key given nil is left out
// too, as RawSetString does, on the slow path (key by key). acap reserves
// an array part.
func (s *Shape) New(L *lua.LState, acap int, vals []lua.LValue) *lua.LTable {
	if len(vals) != len(s.keys) {
		panic("luart.Shape.New: wrong number of values")
	}
	t := L.CreateTable(acap, 0)
	mask := 0
	for o, i := range s.opt {
		if v := vals[i]; v != nil && v != lua.LNil {
			mask |= 1 << o
		}
	}
	sk := s.subset(mask)
	slow := !layout.ok
	for _, i := range sk.pos {
		if v := vals[i]; v == nil || v == lua.LNil {
			slow = true
		}
	}
	if slow {
		for i, k := range s.keys {
			if vals[i] != nil {
				t.RawSetString(k, vals[i])
			}
		}
		return t
	}
	if len(sk.pos) == 0 {
		return t
	}
	d := make(map[string]lua.LValue, len(sk.pos))
	for j, i := range sk.pos {
		d[sk.keys[j]] = vals[i]
	}
	strdict, list, k2i := tableHash(t)
	*strdict = d
	*list = slices.Clone(sk.list)
	*k2i = maps.Clone(sk.k2i)
	return t
}

// SetField is t.RawSetString(key, v) for the tables Go code hands hooks
// again and again (an event's view, its fields refreshed each time): when
// key is already in t's string-keyed part it only replaces the value (or
// leaves it, when it is the one there: a map store costs more than the
// comparison), without boxing the key and looking it up again in the table's key index
// (which RawSetString does on every set, allocating); otherwise, and for
// nil, it is RawSetString.
func SetField(t *lua.LTable, key string, v lua.LValue) {
	if layout.ok && v != lua.LNil {
		strdict, _, _ := tableHash(t)
		if d := *strdict; d != nil {
			if old, ok := d[key]; ok {
				if old != v { // unchanged (the same round, acted still false): no store
					d[key] = v
				}
				return
			}
		}
	}
	t.RawSetString(key, v)
}
