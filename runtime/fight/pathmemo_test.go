package fight

import (
	"reflect"
	"slices"
	"testing"

	"github.com/dndsh/dndsh/runtime/grid"
)

// memoFight is crowd under rules where every fighter input the path
// finder can read is in play: passing the unable, a no-pass tag, a tiny
// size, size ranks, a condition that takes actions, one that makes moving
// cost more and one that makes all ground difficult.
func memoFight(t *testing.T) *Fight {
	t.Helper()
	f := crowd(t, 16, 12, 12)
	sr := &f.Rules.Space
	sr.PassUnable, sr.NoPassTag, sr.PassTiny, sr.TinyEnds = true, "wall_of_flesh", "tiny", true
	sr.PassSizeDiff, sr.EndSizeDiff = 2, 3
	sr.Sizes = map[string]SizeRule{"tiny": {Rank: 3}, "medium": {Rank: 3}, "huge": {Rank: 5}} // tiny ranks as medium: only its name tells it apart
	sr.DefaultSize = "medium"
	sr.Grid.Diagonal = grid.DiagonalAlternate
	f.Space.Map.Grid = sr.Grid
	f.Rules.Conditions = map[string]*CondEffect{
		"stunned":   {Name: "stunned", NoActions: true},
		"crawling":  {Name: "crawling", MoveExtra: 1},
		"entangled": {Name: "entangled", AllDifficult: true},
	}
	f.ResetSpace()
	return f
}

// key is the memo's key of x's searches toward goal within budget.
func memoKeyOf(f *Fight, x *Fighter, goal Goal, budget int) []uint64 {
	fl := f.flagsOf(x)
	mm := &f.Space.memo
	f.memoKey(mm, x, &goal, budget, &fl)
	return slices.Clone(mm.key)
}

// TestMemoKeyHasGoal: changing any field of a Goal (but f and free, which
// the searches work out from the rest), down to each field of its bodies,
// changes the memo's key, so a new field of Goal cannot be left out of it
// unnoticed.
func TestMemoKeyHasGoal(t *testing.T) {
	f := memoFight(t)
	x, tg := f.Fighters[0], f.Fighters[1]
	base := f.ReachGoal(x, tg, nil)
	want := memoKeyOf(f, x, base, 30)
	// the index paths of Goal's leaf fields
	var leaves [][]int
	var walk func(typ reflect.Type, at []int)
	walk = func(typ reflect.Type, at []int) {
		if typ.Kind() != reflect.Struct {
			leaves = append(leaves, at)
			return
		}
		for i := 0; i < typ.NumField(); i++ {
			if len(at) == 0 && (typ.Field(i).Name == "f" || typ.Field(i).Name == "free") {
				continue
			}
			walk(typ.Field(i).Type, append(slices.Clone(at), i))
		}
	}
	walk(reflect.TypeOf(base), nil)
	for _, at := range leaves {
		g := base
		v := reflect.ValueOf(&g).Elem().FieldByIndex(at)
		v = reflect.NewAt(v.Type(), v.Addr().UnsafePointer()).Elem() // settable though unexported
		switch v.Kind() {
		case reflect.Int:
			v.SetInt(v.Int() + 1)
		case reflect.Uint8:
			v.SetUint(v.Uint() + 1)
		case reflect.Bool:
			v.SetBool(!v.Bool())
		default:
			t.Fatalf("Goal field %v is a %s: teach this test (and memoKey) to change it", at, v.Kind())
		}
		if slices.Equal(memoKeyOf(f, x, g, 30), want) {
			t.Errorf("Goal field %v (%s) changed, the memo's key did not", at, reflect.TypeOf(base).FieldByIndex(at).Name)
		}
	}
	if len(leaves) < 20 {
		t.Fatalf("only %d fields of Goal changed", len(leaves))
	}
}

// TestMemoKeySeesFighters: everything the path finder reads of the mover
// and of the other fighters changes the memo's key when it changes.
func TestMemoKeySeesFighters(t *testing.T) {
	f := memoFight(t)
	x, tg, o := f.Fighters[0], f.Fighters[1], f.Fighters[3]
	key := func() []uint64 { return memoKeyOf(f, x, f.ReachGoal(x, tg, nil), 30) }
	changes := []struct {
		what     string
		do, undo func()
		sameToo  bool // the change is one the key must not see
	}{
		{what: "a fighter's square", do: func() { o.C.Pos.X++ }, undo: func() { o.C.Pos.X-- }},
		{what: "a fighter's row", do: func() { o.C.Pos.Y++ }, undo: func() { o.C.Pos.Y-- }},
		{what: "a fighter's height", do: func() { o.C.Pos.Z-- }, undo: func() { o.C.Pos.Z++ }},
		{what: "a square beyond one word", do: func() { o.C.Pos.X += 5000 }, undo: func() { o.C.Pos.X -= 5000 }},
		{what: "a footprint beyond one word", do: func() { o.C.Space = grid.Square(20) }, undo: func() { o.C.Space = grid.Square(1) }},
		{what: "the mover's square", do: func() { x.C.Pos.Y++ }, undo: func() { x.C.Pos.Y-- }},
		{what: "a fighter's footprint", do: func() { o.C.Space = grid.Square(2) }, undo: func() { o.C.Space = grid.Square(1) }},
		{what: "a footprint's height", do: func() { o.C.Space = grid.Footprint{W: 1, H: 2} }, undo: func() { o.C.Space = grid.Square(1) }},
		{what: "a shared footprint", do: func() { o.C.Space.Shared = true }, undo: func() { o.C.Space.Shared = false }},
		{what: "off the map", do: func() { o.onMapNow = false }, undo: func() { o.onMapNow = true }},
		{what: "out of the fight", do: func() { o.Out = true }, undo: func() { o.Out = false }},
		{what: "its side", do: func() { o.Side = 1 - o.Side }, undo: func() { o.Side = 1 - o.Side }},
		{what: "unable to act", do: func() { addCond(t, o, "stunned", 1, "") }, undo: func() { o.C.RemoveCondition("stunned") }},
		{what: "the no-pass tag", do: func() { o.C.AddTag("wall_of_flesh") }, undo: func() { o.C.RemoveTag("wall_of_flesh") }},
		{what: "tiny", do: func() { o.C.Size.Name = "tiny" }, undo: func() { o.C.Size.Name = "" }},
		{what: "huge", do: func() { o.C.Size.Name = "huge" }, undo: func() { o.C.Size.Name = "" }},
		{what: "the mover's diagonal parity", do: func() { x.diagonals = 1 }, undo: func() { x.diagonals = 0 }},
		{what: "the mover's costly moving", do: func() { addCond(t, x, "crawling", 1, "") }, undo: func() { x.C.RemoveCondition("crawling") }},
		{what: "the mover's difficult ground", do: func() { addCond(t, x, "entangled", 1, "") }, undo: func() { x.C.RemoveCondition("entangled") }},
		{what: "two diagonals (the same parity)", do: func() { x.diagonals = 2 }, undo: func() { x.diagonals = 0 }, sameToo: true},
	}
	want := key()
	for _, c := range changes {
		c.do()
		got := key()
		c.undo()
		if slices.Equal(got, want) != c.sameToo {
			t.Errorf("%s: key changed %v", c.what, !c.sameToo)
		}
		if back := key(); !slices.Equal(back, want) {
			t.Fatalf("%s undone: the key is not what it was", c.what)
		}
	}
	// two squares beyond one word's reach, told apart
	o.C.Pos.X += 5000
	a := key()
	o.C.Pos.X++
	if slices.Equal(a, key()) {
		t.Errorf("squares %d and %d beyond one word: the same key", o.C.Pos.X-1, o.C.Pos.X)
	}
	o.C.Pos.X -= 5001
}

// TestMemoForgetsAChangedMap: a search answered once is searched again
// after a wall or difficult ground changes on the map.
func TestMemoForgetsAChangedMap(t *testing.T) {
	for _, change := range []string{"wall", "difficult"} {
		f := crowd(t, 16, 12, 40)
		// a pair whose path comes from a search (the memo is asked)
		var x, tg *Fighter
		var first []grid.Pos
		for _, a := range f.Fighters {
			for _, b := range f.Fighters {
				if a.Side == b.Side || x != nil {
					continue
				}
				_, m0, _ := f.Space.MemoStats()
				p, _, ok := f.PathTo(a, f.ReachGoal(a, b, nil), -1)
				if _, m1, _ := f.Space.MemoStats(); m1 > m0 && ok && len(p) > 1 {
					x, tg, first = a, b, slices.Clone(p)
				}
			}
		}
		if x == nil {
			t.Fatal("no search found a path")
		}
		// the second asking stores the answer (pathMemo: only keys asked
		// before are stored), the third is answered from the memo
		for i := 2; i <= 3; i++ {
			if p, _, _ := f.PathTo(x, f.ReachGoal(x, tg, nil), -1); !slices.Equal(p, first) {
				t.Fatalf("asked %d times: %v, first %v", i, p, first)
			}
			if h, _, _ := f.Space.MemoStats(); i == 2 && h != 0 {
				t.Fatal("asked a second time, the memo answered a key it had not stored")
			}
		}
		if h, _, _ := f.Space.MemoStats(); h == 0 {
			t.Fatal("asked a third time, the memo did not answer")
		}
		sq := first[0]
		if change == "wall" {
			f.Space.Map.Walls.Set(sq, grid.Full)
		} else {
			f.Space.Map.SetDifficult(sq, true)
		}
		got, gc, gok := f.PathTo(x, f.ReachGoal(x, tg, nil), -1)
		got = slices.Clone(got)
		f.Space.SetMemo(MemoOff)
		want, wc, wok := f.PathTo(x, f.ReachGoal(x, tg, nil), -1)
		if !slices.Equal(got, want) || gc != wc || gok != wok {
			t.Fatalf("%s at %v: %v %d %v from the memo, searched %v %d %v", change, sq, got, gc, gok, want, wc, wok)
		}
		if change == "wall" && slices.Contains(got, sq) {
			t.Fatalf("the path %v goes through the new wall at %v", got, sq)
		}
	}
}
