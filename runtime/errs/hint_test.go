package errs

import "testing"

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"taget", "target", 1}, {"kitten", "sitting", 3}, {"ruleset", "", 7}, {"bonsu", "bonus", 1}, {"ca", "abc", 3}} {
		if got := EditDistance(c.a, c.b); got != c.d {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

func TestNearest(t *testing.T) {
	cands := []string{"goblin", "bugbear", "hobgoblin", "哥布林戰士"}
	for _, c := range []struct {
		word, best string
		ok         bool
	}{
		{"gobln", "goblin", true},
		{"GOBLIN", "goblin", true},
		{"bugbaer", "bugbear", true},
		{"哥布林戰", "哥布林戰士", true}, // one character, not three bytes
		{"dragon", "", false},
		{"x", "", false},
	} {
		best, ok := Nearest(c.word, cands)
		if ok != c.ok || (ok && best != c.best) {
			t.Errorf("Nearest(%q) = %q, %v; want %q, %v", c.word, best, ok, c.best, c.ok)
		}
	}
}
