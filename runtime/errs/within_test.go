package errs

import (
	"errors"
	"slices"
	"testing"
)

func TestWithinAddsOutermostFrames(t *testing.T) {
	inner := &Error{Kind: Rule, Layer: "kernel", File: "a.lua", Line: 3, Msg: "no such condition", During: []string{"creature goblin 2"}}
	mid := Within(inner, "ignored", "event damage.apply/modify")
	out := Within(mid, "ignored", "replaying command 4")
	if !slices.Equal(out.During, []string{"replaying command 4", "event damage.apply/modify", "creature goblin 2"}) {
		t.Fatalf("frames %q", out.During)
	}
	if out.Kind != Rule || out.Layer != "kernel" || out.File != "a.lua" || out.Line != 3 {
		t.Fatalf("kind, layer or place lost: %+v", out)
	}
	if want := "a.lua:3: no such condition (during replaying command 4 > event damage.apply/modify > creature goblin 2)"; out.Error() != want {
		t.Fatalf("Error() = %q, want %q", out.Error(), want)
	}
	if !slices.Equal(inner.During, []string{"creature goblin 2"}) || len(mid.During) != 2 {
		t.Fatal("Within changed the error it wrapped")
	}
	if !errors.Is(out, inner) {
		t.Fatal("the original is not the cause")
	}
}

func TestWithinPlainError(t *testing.T) {
	cause := errors.New("boom")
	e := Within(cause, "monsters", "event attack.roll/roll, handler goblin")
	if e.Kind != Script || e.Layer != "monsters" || e.Msg != "boom" || !errors.Is(e, cause) {
		t.Fatalf("got %+v", e)
	}
	if e.Error() != "boom (during event attack.roll/roll, handler goblin)" {
		t.Fatalf("Error() = %q", e.Error())
	}
	if (&Error{Msg: "x"}).Error() != "x" {
		t.Fatal("an error with no frames says during")
	}
}
