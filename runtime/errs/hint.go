package errs

// EditDistance is the edit distance between two short names, for "did you
// mean ...?" hints on unknown keys, fields and options: a character (not a
// byte) inserted, deleted or changed, or two neighbours swapped, is one
// edit.
func EditDistance(a, b string) int { return runeDistance([]rune(a), []rune(b)) }

// Nearest returns the candidate closest to word for a "did you mean"
// hint: the smallest edit distance, ignoring ASCII case and counting a
// character (not a byte) as one edit, when it is small for the word's
// length (at most a third of it, at least 1 and at most 3). ok is false
// when no candidate is that close; ties go to the earlier candidate.
func Nearest(word string, candidates []string) (best string, ok bool) {
	w := []rune(lowerASCII(word))
	limit := min(max(len(w)/3, 1), 3)
	bestD := limit + 1
	for _, c := range candidates {
		if d := runeDistance(w, []rune(lowerASCII(c))); d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD <= limit
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// runeDistance is the edit distance between two rune slices, counting a
// swap of two neighbouring characters as one edit (bonsu is one edit from
// bonus): the optimal string alignment distance.
func runeDistance(a, b []rune) int {
	pp := make([]int, len(b)+1) // the row before prev
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], pp[j-2]+1)
			}
		}
		pp, prev, cur = prev, cur, pp
	}
	return prev[len(b)]
}
