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

func TestConvert(t *testing.T) {
	for _, c := range []struct{ in, script, want string }{
		{"哥布林戰士 受到 3 點火焰傷害", Hans, "哥布林战士 受到 3 点火焰伤害"},
		{"获救", Hant, "獲救"},
		{"战斗之后", "ZH-HANT", "戰鬥之後"},
		{"只有一隻", Hans, "只有一只"},
		{"只有", Hant, "只有"}, // 只 stays: it is Traditional too
		{"hero 10/20", Hans, "hero 10/20"},
		{"戰士", "en", "戰士"},
	} {
		if got := Convert(c.in, c.script); got != c.want {
			t.Errorf("Convert(%q, %q) = %q, want %q", c.in, c.script, got, c.want)
		}
	}
	if !SameChinese("战士", "戰士") || SameChinese("战士", "法師") {
		t.Error("SameChinese")
	}
}

func TestNarrow(t *testing.T) {
	for in, want := range map[string]string{"１ｄ２０＋５": "1d20+5", "save hero dex　１５": "save hero dex 15", "哥布林": "哥布林", "x2": "x2"} {
		if got := Narrow(in); got != want {
			t.Errorf("Narrow(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRuneMapsMatchPairs checks the conversion tables against Go maps
// built from the same pairs, first pair winning, for every character the
// pairs hold and a few they do not.
func TestRuneMapsMatchPairs(t *testing.T) {
	ref := func(lists []string, back bool) map[rune]rune {
		m := map[rune]rune{}
		for _, l := range lists {
			rs := []rune(l)
			for i := 0; i+1 < len(rs); i += 2 {
				from, to := rs[i], rs[i+1]
				if back {
					from, to = to, from
				}
				if _, ok := m[from]; !ok {
					m[from] = to
				}
			}
		}
		return m
	}
	hans, hant := ref([]string{zhBoth, zhToHans}, false), ref([]string{zhBoth, zhToHant}, true)
	probe := zhBoth + zhToHans + zhToHant + "abc英雄戰士"
	for _, r := range probe {
		for _, c := range []struct {
			script string
			want   map[rune]rune
		}{{Hans, hans}, {Hant, hant}} {
			want, ok := c.want[r]
			if !ok {
				want = r
			}
			if got := Convert(string(r), c.script); got != string(want) {
				t.Errorf("Convert(%q, %s) = %q, want %q", string(r), c.script, got, string(want))
			}
		}
	}
}
