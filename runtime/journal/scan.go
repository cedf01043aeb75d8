package journal

// maxNesting is encoding/json's nesting limit, kept so that scanJSON and
// json.Valid agree on every input.
const maxNesting = 10000

// scanJSON reports whether b is exactly one JSON value (what json.Valid
// accepts) and whether it is compact (no whitespace outside strings). It is
// one pass without allocation for values nested up to 32 deep, several
// times faster than json.Valid: Append runs it on every value it logs.
func scanJSON(b []byte) (valid, compact bool) {
	const (
		wantValue  = iota // a value must come next
		wantKey           // an object key (a string) must come next
		afterValue        // a value ended: ',', a closing bracket or the end
	)
	var arr [32]byte
	stack := arr[:0] // open containers: '{' or '['
	compact = true
	i, n := 0, len(b)
	state := wantValue
	for {
		for i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
			i++
			compact = false
		}
		switch state {
		case wantValue:
			if i >= n {
				return false, false
			}
			ok := true
			switch c := b[i]; {
			case c == '{' || c == '[':
				if len(stack) >= maxNesting {
					return false, false
				}
				stack = append(stack, c)
				i++
				for i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
					i++
					compact = false
				}
				if i < n && b[i] == c+2 { // '{'+2 == '}', '['+2 == ']'
					stack = stack[:len(stack)-1]
					i++
					state = afterValue
				} else if c == '{' {
					state = wantKey
				}
				continue
			case c == '"':
				i, ok = scanString(b, i)
			case c == '-' || '0' <= c && c <= '9':
				i, ok = scanNumber(b, i)
			case c == 't':
				i, ok = scanLiteral(b, i, "true")
			case c == 'f':
				i, ok = scanLiteral(b, i, "false")
			case c == 'n':
				i, ok = scanLiteral(b, i, "null")
			default:
				ok = false
			}
			if !ok {
				return false, false
			}
			state = afterValue
		case wantKey:
			if i >= n || b[i] != '"' {
				return false, false
			}
			var ok bool
			if i, ok = scanString(b, i); !ok {
				return false, false
			}
			for i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
				i++
				compact = false
			}
			if i >= n || b[i] != ':' {
				return false, false
			}
			i++
			state = wantValue
		case afterValue:
			if len(stack) == 0 {
				return i == n, compact && i == n
			}
			if i >= n {
				return false, false
			}
			top := stack[len(stack)-1]
			switch b[i] {
			case ',':
				i++
				if top == '{' {
					state = wantKey
				} else {
					state = wantValue
				}
			case top + 2:
				stack = stack[:len(stack)-1]
				i++
			default:
				return false, false
			}
		}
	}
}

// scanString scans the string starting at b[i] == '"' and returns the index
// after its closing quote.
func scanString(b []byte, i int) (int, bool) {
	for i++; i < len(b); {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c == '\\':
			if i+1 >= len(b) {
				return i, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) {
					return i, false
				}
				for _, h := range b[i+2 : i+6] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return i, false
					}
				}
				i += 6
			default:
				return i, false
			}
		case c < 0x20:
			return i, false
		default:
			i++
		}
	}
	return i, false
}

// scanNumber scans the number starting at b[i].
func scanNumber(b []byte, i int) (int, bool) {
	n := len(b)
	digits := func(i int) int {
		for i < n && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i
	}
	if b[i] == '-' {
		i++
	}
	switch {
	case i < n && b[i] == '0':
		i++
	case i < n && '1' <= b[i] && b[i] <= '9':
		i = digits(i + 1)
	default:
		return i, false
	}
	if i < n && b[i] == '.' {
		j := digits(i + 1)
		if j == i+1 {
			return i, false
		}
		i = j
	}
	if i < n && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < n && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return i, false
		}
		i = j
	}
	return i, true
}

// scanLiteral scans the literal lit starting at b[i].
func scanLiteral(b []byte, i int, lit string) (int, bool) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, false
	}
	return i + len(lit), true
}
