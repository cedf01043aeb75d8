package text

import "testing"

func TestWidth(t *testing.T) {
	for _, c := range []struct {
		s string
		w int
	}{
		{"", 0},
		{"goblin", 6},
		{"哥布林戰士", 10},
		{"英雄3/20", 8},
		{"（）", 4},          // full-width forms
		{"ｱ", 1},           // half-width katakana is narrow
		{"한글", 4},          // Hangul syllables
		{"ᄀ", 2},           // Hangul Jamo
		{"𠀀", 2},           // a supplementary-plane ideograph
		{"é", 1},           // a Latin letter with an accent
		{"\xff", 1},        // an invalid byte
		{"第 3 輪：輪到 A", 15}, // ideographic colon is wide
	} {
		if got := Width(c.s); got != c.w {
			t.Errorf("Width(%q) = %d, want %d", c.s, got, c.w)
		}
	}
}
