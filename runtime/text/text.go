// Package text measures text for a terminal: how many cells a string takes
// when East Asian wide characters (Chinese, Japanese and Korean scripts,
// full-width forms) take two. It is the one width rule of the project: the
// error caret (runtime/errs) and the Lua scripts' aligned tables (the
// "text" module) both use it.
package text

// Wide reports whether r takes two terminal cells: Hangul Jamo, CJK
// radicals to Yi (ideographs, kana, CJK punctuation), Hangul syllables,
// compatibility ideographs, vertical and small forms, full-width forms and
// the supplementary ideographic planes.
func Wide(r rune) bool {
	return (r >= 0x1100 && r <= 0x115F) || (r >= 0x2E80 && r <= 0xA4CF) ||
		(r >= 0xAC00 && r <= 0xD7A3) || (r >= 0xF900 && r <= 0xFAFF) ||
		(r >= 0xFE30 && r <= 0xFE4F) || (r >= 0xFF00 && r <= 0xFF60) ||
		(r >= 0xFFE0 && r <= 0xFFE6) || (r >= 0x20000 && r <= 0x3FFFD)
}

// Width returns the number of terminal cells s takes: two for each wide
// character, one for any other (an invalid UTF-8 byte counts one).
func Width(s string) int {
	w := 0
	for _, r := range s {
		if Wide(r) {
			w += 2
		} else {
			w++
		}
	}
	return w
}
