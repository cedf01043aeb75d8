package dice

import (
	"testing"

	"github.com/dndsh/dndsh/runtime/rng"
)

func TestDiceTimes(t *testing.T) {
	e := MustParse("2d6[fire] + 1d8 + 3")
	d := e.DiceTimes(2)
	if got := d.String(); got != "4d6[fire] + 2d8 + 3" {
		t.Fatalf("got %s", got)
	}
	if e.String() != "2d6[fire] + 1d8 + 3" {
		t.Fatal("DiceTimes changed the original")
	}
	src := rng.New(1)
	src.Force(1, 2, 3, 4, 5, 6)
	r, err := d.Roll(src)
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 24 || r.Labels[0].Total != 10 {
		t.Fatalf("total %d labels %v", r.Total, r.Labels)
	}
	if !e.HasLabels() || MustParse("1d6").HasLabels() {
		t.Fatal("HasLabels")
	}
}
