package rng

import "testing"

func TestStreamsAreReproducibleAndDistinct(t *testing.T) {
	a, b := Stream(7, 3), Stream(7, 3)
	c, d := Stream(7, 4), Stream(8, 3)
	same, diffC, diffD := 0, 0, 0
	for i := 0; i < 100; i++ {
		x, _ := a.Roll(1, 1000000)
		y, _ := b.Roll(1, 1000000)
		z, _ := c.Roll(1, 1000000)
		w, _ := d.Roll(1, 1000000)
		if x == y {
			same++
		}
		if x != z {
			diffC++
		}
		if x != w {
			diffD++
		}
	}
	if same != 100 {
		t.Fatalf("same stream gave %d/100 equal draws", same)
	}
	if diffC < 95 || diffD < 95 {
		t.Fatalf("different streams too similar: %d, %d of 100 differ", diffC, diffD)
	}
	if New(7).Uint64() != Stream(7, 0).Uint64() {
		t.Fatal("New(seed) must equal Stream(seed, 0)")
	}
}

func TestResetRestartsStream(t *testing.T) {
	s := Stream(1, 2)
	first := s.Uint64()
	s.Uint64()
	s.Reset(1, 2)
	if s.Uint64() != first {
		t.Fatal("Reset did not restart the stream")
	}
}

func TestForcedQueue(t *testing.T) {
	s := New(1)
	s.Force(3, 5)
	if f, err := s.Roll(1, 6); err != nil || f != 3 {
		t.Fatalf("got %d, %v; want 3", f, err)
	}
	if err := s.Drained(); err == nil {
		t.Fatal("one forced face is left: Drained must fail")
	}
	if f, err := s.Roll(1, 6); err != nil || f != 5 {
		t.Fatalf("got %d, %v; want 5", f, err)
	}
	if err := s.Drained(); err != nil {
		t.Fatal(err)
	}
	s.Force(7)
	if _, err := s.Roll(1, 6); err == nil {
		t.Fatal("forced 7 on a d6 must fail")
	}
	s.Force(-1)
	if f, err := s.Roll(-1, 1); err != nil || f != -1 {
		t.Fatalf("fudge face: got %d, %v", f, err)
	}
}

func TestManualEntry(t *testing.T) {
	s := New(1)
	s.Manual = func(lo, hi int) (int, error) { return hi, nil }
	s.Force(2)
	a, _ := s.Roll(1, 20)
	b, _ := s.Roll(1, 20)
	if a != 2 || b != 20 {
		t.Fatalf("got %d %d, want forced 2 then manual 20", a, b)
	}
}

func TestUniform(t *testing.T) {
	s := New(42)
	var n [6]int
	for i := 0; i < 60000; i++ {
		f, _ := s.Roll(1, 6)
		n[f-1]++
	}
	for i, c := range n {
		if c < 9400 || c > 10600 {
			t.Fatalf("face %d drawn %d times of 60000", i+1, c)
		}
	}
}

func TestUnforcedIsAskedOnlyAfterForcing(t *testing.T) {
	s := New(1)
	asked := 0
	s.Unforced = func(lo, hi int) error {
		asked++
		return &ForcedError{Msg: "extra die"}
	}
	if _, err := s.Roll(1, 20); err != nil || asked != 0 {
		t.Fatalf("before any force: err %v, asked %d", err, asked)
	}
	s.Force(7)
	if f, err := s.Roll(1, 20); err != nil || f != 7 {
		t.Fatalf("forced face: %d, %v", f, err)
	}
	if _, err := s.Roll(1, 6); err == nil || asked != 1 {
		t.Fatalf("draw after the queue ran out: err %v, asked %d", err, asked)
	}
	if s.Draws() != 3 || !s.Forced() {
		t.Fatalf("draws %d, forced %v", s.Draws(), s.Forced())
	}
	s.Reset(1, 0)
	if _, err := s.Roll(1, 20); err != nil || s.Forced() {
		t.Fatalf("after Reset the source is not strict: %v", err)
	}
}
