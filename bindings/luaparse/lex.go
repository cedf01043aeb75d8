// Package luaparse parses Lua source into gopher-lua's syntax tree, node
// for node and line for line what gopher-lua's own parser
// (github.com/yuin/gopher-lua/parse) builds, in a fraction of its time:
// parsing was more than half of dndsh's start-up before compiled scripts
// were kept between runs, and it is still all of the first start's.
//
// It handles the Lua that scripts are written in. Whatever it does not
// handle exactly as gopher-lua does (a syntax error, a form gopher-lua
// lexes oddly such as "07" or "1e+", a carriage return, an escape it does
// not know) it refuses, and the caller parses with gopher-lua instead, so
// errors read as they always did. TestSameTree compares both parsers'
// trees on every script of the repository; FuzzSameTree on any text.
package luaparse

// token kinds: single characters stand for themselves.
const (
	tEOF = iota + 256
	tName
	tNumber
	tString
	tEq     // ==
	tNe     // ~=
	tLe     // <=
	tGe     // >=
	tConcat // ..
	tDots   // ...
	tLabel  // ::
	// keywords
	tAnd
	tBreak
	tDo
	tElse
	tElseIf
	tEnd
	tFalse
	tFor
	tFunction
	tGoto
	tIf
	tIn
	tLocal
	tNil
	tNot
	tOr
	tRepeat
	tReturn
	tThen
	tTrue
	tUntil
	tWhile
)

// refuse is the panic value that makes Parse give up (see the package
// comment).
type refuse struct{}

// lexer reads tokens from src. The current token is tok, its text str
// (names, numbers, decoded strings), its line line; prevEnd is the line
// the token before it ended on.
type lexer struct {
	src     []byte
	pos     int
	ln      int // line at pos
	tok     int
	str     string
	line    int
	prevEnd int
	names   map[string]string // names seen, so a name repeated is one string
}

func (l *lexer) fail() { panic(refuse{}) }

func isNameStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isName(c byte) bool { return isNameStart(c) || isDigit(c) }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// peekc is the byte at pos+i, or 0 past the end.
func (l *lexer) peekc(i int) byte {
	if l.pos+i < len(l.src) {
		return l.src[l.pos+i]
	}
	return 0
}

// next reads the next token.
func (l *lexer) next() {
	l.prevEnd = l.ln
	l.skipSpace()
	l.line = l.ln
	if l.pos >= len(l.src) {
		l.tok = tEOF
		return
	}
	c := l.src[l.pos]
	switch {
	case isNameStart(c):
		start := l.pos
		for l.pos < len(l.src) && isName(l.src[l.pos]) {
			l.pos++
		}
		w := l.src[start:l.pos]
		if k := keyword(w); k != 0 {
			l.tok = k
			return
		}
		l.tok = tName
		l.str = l.intern(w)
		return
	case isDigit(c):
		l.number()
		return
	}
	l.pos++
	switch c {
	case '"', '\'':
		l.quoted(c)
	case '[':
		if d := l.peekc(0); d == '[' || d == '=' {
			l.pos--
			l.tok = tString
			l.str = l.long()
			return
		}
		l.tok = '['
	case '=':
		l.pair('=', tEq, '=')
	case '~':
		if l.peekc(0) != '=' {
			l.fail()
		}
		l.pos++
		l.tok = tNe
	case '<':
		l.pair('=', tLe, '<')
	case '>':
		l.pair('=', tGe, '>')
	case '.':
		switch d := l.peekc(0); {
		case d == '.':
			l.pos++
			if l.peekc(0) == '.' {
				l.pos++
				l.tok = tDots
				return
			}
			l.tok = tConcat
		case isDigit(d):
			l.pos--
			l.number()
		default:
			l.tok = '.'
		}
	case ':':
		l.pair(':', tLabel, ':')
	case '+', '-', '*', '/', '%', '^', '#', '(', ')', '{', '}', ']', ';', ',':
		l.tok = int(c)
	default:
		l.fail()
	}
}

// pair ends a token that is two if the next byte is second, one if not.
func (l *lexer) pair(second byte, two, one int) {
	if l.peekc(0) == second {
		l.pos++
		l.tok = two
		return
	}
	l.tok = one
}

// intern returns w as a string, the same string each time.
func (l *lexer) intern(w []byte) string {
	if s, ok := l.names[string(w)]; ok {
		return s
	}
	s := string(w)
	l.names[s] = s
	return s
}

// skipSpace skips blanks, line ends and comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		switch c := l.src[l.pos]; c {
		case ' ', '\t':
			l.pos++
		case '\n':
			l.pos++
			l.ln++
		case '-':
			if l.peekc(1) != '-' {
				return
			}
			l.pos += 2
			if l.peekc(0) == '[' {
				if d := l.peekc(1); d == '[' || d == '=' {
					l.long()
					continue
				}
			}
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				if l.src[l.pos] == '\r' {
					l.fail()
				}
				l.pos++
			}
		default:
			return
		}
	}
}

// number reads a numeral the way gopher-lua's scanner does, refusing the
// forms it reads oddly (a leading 0 before digits, an exponent with no
// digit, a numeral followed by a letter or a dot).
func (l *lexer) number() {
	start := l.pos
	if l.src[l.pos] == '0' && (l.peekc(1) == 'x' || l.peekc(1) == 'X') {
		l.pos += 2
		if !isHex(l.peekc(0)) {
			l.fail()
		}
		for isHex(l.peekc(0)) {
			l.pos++
		}
	} else {
		if l.src[l.pos] == '0' && isDigit(l.peekc(1)) {
			l.fail()
		}
		for isDigit(l.peekc(0)) {
			l.pos++
		}
		if l.peekc(0) == '.' {
			l.pos++
			for isDigit(l.peekc(0)) {
				l.pos++
			}
		}
		if c := l.peekc(0); c == 'e' || c == 'E' {
			l.pos++
			if c := l.peekc(0); c == '+' || c == '-' {
				l.pos++
			}
			if !isDigit(l.peekc(0)) {
				l.fail()
			}
			for isDigit(l.peekc(0)) {
				l.pos++
			}
		}
	}
	if c := l.peekc(0); isName(c) || c == '.' {
		l.fail()
	}
	l.tok = tNumber
	l.str = string(l.src[start:l.pos])
}

// quoted reads a string in quotes q (the opening one read).
func (l *lexer) quoted(q byte) {
	start := l.pos
	// the common case: no escape
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if c == q {
			l.tok = tString
			l.str = string(l.src[start:l.pos])
			l.pos++
			return
		}
		if c == '\\' || c == '\n' || c == '\r' {
			break
		}
		l.pos++
	}
	buf := append([]byte(nil), l.src[start:l.pos]...)
	for {
		if l.pos >= len(l.src) {
			l.fail()
		}
		c := l.src[l.pos]
		l.pos++
		switch c {
		case q:
			l.tok = tString
			l.str = string(buf)
			return
		case '\n', '\r':
			l.fail()
		case '\\':
			if l.pos >= len(l.src) {
				l.fail()
			}
			e := l.src[l.pos]
			l.pos++
			switch e {
			case 'a':
				buf = append(buf, '\a')
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'v':
				buf = append(buf, '\v')
			case '\\', '"', '\'':
				buf = append(buf, e)
			case '\n':
				buf = append(buf, '\n')
				l.ln++
			default:
				if !isDigit(e) {
					l.fail()
				}
				v := int(e - '0')
				for i := 0; i < 2 && isDigit(l.peekc(0)); i++ {
					v = 10*v + int(l.src[l.pos]-'0')
					l.pos++
				}
				if v > 255 {
					l.fail()
				}
				buf = append(buf, byte(v))
			}
		default:
			buf = append(buf, c)
		}
	}
}

// long reads a long bracket ([[...]], [==[...]==]) at pos and returns its
// text: a line end right after the opening bracket is not part of it.
func (l *lexer) long() string {
	l.pos++ // [
	level := 0
	for l.peekc(0) == '=' {
		level++
		l.pos++
	}
	if l.peekc(0) != '[' {
		l.fail()
	}
	l.pos++
	if l.peekc(0) == '\n' {
		l.pos++
		l.ln++
	}
	start := l.pos
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case '\n':
			l.ln++
		case '\r':
			l.fail()
		case ']':
			end := l.pos
			p := l.pos + 1
			n := 0
			for p < len(l.src) && l.src[p] == '=' {
				n++
				p++
			}
			if n == level && p < len(l.src) && l.src[p] == ']' {
				l.pos = p + 1
				return string(l.src[start:end])
			}
		}
		l.pos++
	}
	l.fail()
	return ""
}

func keyword(w []byte) int {
	if len(w) < 2 || len(w) > 8 {
		return 0
	}
	switch string(w) {
	case "and":
		return tAnd
	case "break":
		return tBreak
	case "do":
		return tDo
	case "else":
		return tElse
	case "elseif":
		return tElseIf
	case "end":
		return tEnd
	case "false":
		return tFalse
	case "for":
		return tFor
	case "function":
		return tFunction
	case "goto":
		return tGoto
	case "if":
		return tIf
	case "in":
		return tIn
	case "local":
		return tLocal
	case "nil":
		return tNil
	case "not":
		return tNot
	case "or":
		return tOr
	case "repeat":
		return tRepeat
	case "return":
		return tReturn
	case "then":
		return tThen
	case "true":
		return tTrue
	case "until":
		return tUntil
	case "while":
		return tWhile
	}
	return 0
}
