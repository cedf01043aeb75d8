package luart

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// Lua 5.1 patterns, matched by dndsh's own backtracking matcher instead of
// gopher-lua's, for two reasons: the matcher checks the run's deadline and
// interrupt as it backtracks (string.find(string.rep("a", 1e5),
// "(.-)(.-)(.-)(.-)x") would otherwise run for ages where nothing can stop
// it), and gopher-lua's %f is wrong (spec/hostile/vm_conformance.lua). It
// follows the algorithm of Lua 5.1's lstrlib.c: match walks the pattern,
// recursing for captures and for what follows a repeated item.

const (
	maxCaptures = 32
	capUnclosed = -1 // a capture whose ")" has not been reached
	capPosition = -2 // a position capture "()"
	// stepsPerCheck is how often (in matcher steps) the deadline and the
	// interrupt are checked.
	stepsPerCheck = 1 << 12
	// patternSpecials are the characters that make a pattern more than a
	// plain string (string.find searches plainly otherwise).
	patternSpecials = "^$*+?.([%-"
)

type capture struct{ init, len int }

// matcher is one match of a pattern against a subject.
type matcher struct {
	L        *lua.LState
	src, pat string
	level    int
	caps     [maxCaptures]capture
	steps    int
	check    func(*lua.LState)
}

func (m *matcher) step() {
	m.steps++
	if m.steps%stepsPerCheck == 0 {
		m.check(m.L)
	}
}

func (m *matcher) fail(msg string) { m.L.RaiseError("%s", msg) }

// classEnd returns the index just after the single-character class that
// starts at p.
func (m *matcher) classEnd(p int) int {
	pat := m.pat
	c := pat[p]
	p++
	switch c {
	case '%':
		if p >= len(pat) {
			m.fail("malformed pattern (ends with '%')")
		}
		return p + 1
	case '[':
		if p < len(pat) && pat[p] == '^' {
			p++
		}
		for {
			if p >= len(pat) {
				m.fail("malformed pattern (missing ']')")
			}
			c := pat[p]
			p++
			if c == '%' && p < len(pat) {
				p++
			}
			if p >= len(pat) {
				m.fail("malformed pattern (missing ']')")
			}
			if pat[p] == ']' {
				return p + 1
			}
		}
	}
	return p
}

// matchClass reports whether c belongs to the class %cl (C locale).
func matchClass(c byte, cl byte) bool {
	var res bool
	switch cl | 0x20 {
	case 'a':
		res = isAlpha(c)
	case 'c':
		res = c < 32 || c == 127
	case 'd':
		res = c >= '0' && c <= '9'
	case 'l':
		res = c >= 'a' && c <= 'z'
	case 'p':
		res = c > 32 && c < 127 && !isAlpha(c) && !(c >= '0' && c <= '9')
	case 's':
		res = c == ' ' || c >= '\t' && c <= '\r'
	case 'u':
		res = c >= 'A' && c <= 'Z'
	case 'w':
		res = isAlpha(c) || c >= '0' && c <= '9'
	case 'x':
		res = c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
	case 'z':
		res = c == 0
	default:
		return cl == c
	}
	if cl >= 'A' && cl <= 'Z' {
		return !res
	}
	return res
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// matchBracket reports whether c belongs to the set [ ... ] from p (at
// "[") to ec (at "]").
func (m *matcher) matchBracket(c byte, p, ec int) bool {
	pat := m.pat
	sig := true
	if pat[p+1] == '^' {
		sig = false
		p++
	}
	for p++; p < ec; p++ {
		switch {
		case pat[p] == '%':
			p++
			if matchClass(c, pat[p]) {
				return sig
			}
		case pat[p+1] == '-' && p+2 < ec:
			p += 2
			if pat[p-2] <= c && c <= pat[p] {
				return sig
			}
		case pat[p] == c:
			return sig
		}
	}
	return !sig
}

// single reports whether the subject's byte at s matches the class from p
// to ep.
func (m *matcher) single(s, p, ep int) bool {
	if s >= len(m.src) {
		return false
	}
	c := m.src[s]
	switch m.pat[p] {
	case '.':
		return true
	case '%':
		return matchClass(c, m.pat[p+1])
	case '[':
		return m.matchBracket(c, p, ep-1)
	}
	return m.pat[p] == c
}

// match matches the pattern from p against the subject from s and returns
// where the match ends, or -1.
func (m *matcher) match(s, p int) int {
	src, pat := m.src, m.pat
	for {
		m.step()
		if p == len(pat) {
			return s
		}
		switch pat[p] {
		case '(':
			if p+1 < len(pat) && pat[p+1] == ')' {
				return m.startCapture(s, p+2, capPosition)
			}
			return m.startCapture(s, p+1, capUnclosed)
		case ')':
			return m.endCapture(s, p+1)
		case '$':
			if p+1 == len(pat) {
				if s == len(src) {
					return s
				}
				return -1
			}
		case '%':
			if p+1 < len(pat) {
				switch c := pat[p+1]; {
				case c == 'b':
					s = m.matchBalance(s, p+2)
					if s == -1 {
						return -1
					}
					p += 4
					continue
				case c == 'f':
					p += 2
					if p >= len(pat) || pat[p] != '[' {
						m.fail("missing '[' after '%f' in pattern")
					}
					ep := m.classEnd(p)
					var prev, cur byte
					if s > 0 {
						prev = src[s-1]
					}
					if s < len(src) {
						cur = src[s]
					}
					if m.matchBracket(prev, p, ep-1) || !m.matchBracket(cur, p, ep-1) {
						return -1
					}
					p = ep
					continue
				case c >= '0' && c <= '9':
					s = m.matchBackref(s, c)
					if s == -1 {
						return -1
					}
					p += 2
					continue
				}
			}
		}
		ep := m.classEnd(p)
		ok := m.single(s, p, ep)
		if ep < len(pat) {
			switch pat[ep] {
			case '?':
				if ok {
					if res := m.match(s+1, ep+1); res != -1 {
						return res
					}
				}
				p = ep + 1
				continue
			case '*':
				return m.maxExpand(s, p, ep)
			case '+':
				if !ok {
					return -1
				}
				return m.maxExpand(s+1, p, ep)
			case '-':
				return m.minExpand(s, p, ep)
			}
		}
		if !ok {
			return -1
		}
		s++
		p = ep
	}
}

func (m *matcher) maxExpand(s, p, ep int) int {
	i := 0
	for m.single(s+i, p, ep) {
		i++
		m.step()
	}
	for ; i >= 0; i-- {
		if res := m.match(s+i, ep+1); res != -1 {
			return res
		}
	}
	return -1
}

func (m *matcher) minExpand(s, p, ep int) int {
	for {
		if res := m.match(s, ep+1); res != -1 {
			return res
		}
		if !m.single(s, p, ep) {
			return -1
		}
		s++
	}
}

func (m *matcher) startCapture(s, p, what int) int {
	if m.level >= maxCaptures {
		m.fail("too many captures")
	}
	m.caps[m.level] = capture{s, what}
	m.level++
	res := m.match(s, p)
	if res == -1 {
		m.level--
	}
	return res
}

func (m *matcher) endCapture(s, p int) int {
	l := -1
	for i := m.level - 1; i >= 0; i-- {
		if m.caps[i].len == capUnclosed {
			l = i
			break
		}
	}
	if l < 0 {
		m.fail("invalid pattern capture")
	}
	m.caps[l].len = s - m.caps[l].init
	res := m.match(s, p)
	if res == -1 {
		m.caps[l].len = capUnclosed
	}
	return res
}

func (m *matcher) matchBalance(s, p int) int {
	if p+1 >= len(m.pat) {
		m.fail("unbalanced pattern")
	}
	src := m.src
	if s >= len(src) || src[s] != m.pat[p] {
		return -1
	}
	b, e := m.pat[p], m.pat[p+1]
	depth := 1
	for i := s + 1; i < len(src); i++ {
		m.step()
		switch src[i] {
		case e:
			if depth--; depth == 0 {
				return i + 1
			}
		case b:
			depth++
		}
	}
	return -1
}

func (m *matcher) matchBackref(s int, c byte) int {
	l := int(c - '1')
	if l < 0 || l >= m.level || m.caps[l].len == capUnclosed {
		m.fail("invalid capture index")
	}
	n := m.caps[l].len
	if n < 0 || len(m.src)-s < n {
		return -1
	}
	init := m.caps[l].init
	if m.src[init:init+n] == m.src[s:s+n] {
		return s + n
	}
	return -1
}

// captureValue is capture i of a match from s to e (the whole match when
// the pattern has no captures and i is 0).
func (m *matcher) captureValue(i, s, e int) lua.LValue {
	if i >= m.level {
		if i != 0 {
			m.fail("invalid capture index")
		}
		return lua.LString(m.src[s:e])
	}
	c := m.caps[i]
	switch c.len {
	case capUnclosed:
		m.fail("unfinished capture")
	case capPosition:
		return lua.LNumber(c.init + 1)
	}
	return lua.LString(m.src[c.init : c.init+c.len])
}

// pushCaptures pushes the captures of a match (the whole match when there
// are none and whole is set) and returns how many it pushed.
func (m *matcher) pushCaptures(s, e int, whole bool) int {
	n := m.level
	if n == 0 && whole {
		n = 1
	}
	for i := 0; i < n; i++ {
		m.L.Push(m.captureValue(i, s, e))
	}
	return n
}

// The string functions over the matcher.

func (r *Runtime) newMatcher(L *lua.LState, src, pat string) *matcher {
	return &matcher{L: L, src: src, pat: pat, check: r.checkBudget}
}

// startIndex converts Lua's init argument (1-based, negative from the end)
// to a 0-based index into a subject of n bytes, clamped to [0, n].
func startIndex(init, n int) int {
	if init < 0 {
		init = n + init + 1
	}
	init--
	if init < 0 {
		return 0
	}
	if init > n {
		return n
	}
	return init
}

func (r *Runtime) strFind(L *lua.LState) int  { return r.findAux(L, true) }
func (r *Runtime) strMatch(L *lua.LState) int { return r.findAux(L, false) }

func (r *Runtime) findAux(L *lua.LState, find bool) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	init := startIndex(L.OptInt(3, 1), len(src))
	if find && (lua.LVAsBool(L.Get(4)) || !strings.ContainsAny(pat, patternSpecials)) {
		if i := strings.Index(src[init:], pat); i >= 0 {
			L.Push(lua.LNumber(init + i + 1))
			L.Push(lua.LNumber(init + i + len(pat)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	m := r.newMatcher(L, src, pat)
	p := 0
	anchor := len(pat) > 0 && pat[0] == '^'
	if anchor {
		p = 1
	}
	for s := init; s <= len(src); s++ {
		m.level = 0
		if e := m.match(s, p); e != -1 {
			if find {
				L.Push(lua.LNumber(s + 1))
				L.Push(lua.LNumber(e))
				return m.pushCaptures(s, e, false) + 2
			}
			return m.pushCaptures(s, e, true)
		}
		if anchor {
			break
		}
	}
	L.Push(lua.LNil)
	return 1
}

func (r *Runtime) strGmatch(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	pos := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		m := r.newMatcher(L, src, pat)
		for s := pos; s <= len(src); s++ {
			m.level = 0
			if e := m.match(s, 0); e != -1 {
				pos = e
				if e == s {
					pos++
				}
				return m.pushCaptures(s, e, true)
			}
		}
		pos = len(src) + 1
		return 0
	}))
	return 1
}

func (r *Runtime) strGsub(L *lua.LState) int {
	src := L.CheckString(1)
	pat := L.CheckString(2)
	repl := L.Get(3)
	switch repl.Type() {
	case lua.LTNumber, lua.LTString, lua.LTTable, lua.LTFunction:
	default:
		L.ArgError(3, "string/function/table expected")
	}
	maxN := L.OptInt(4, len(src)+1)
	m := r.newMatcher(L, src, pat)
	p := 0
	anchor := len(pat) > 0 && pat[0] == '^'
	if anchor {
		p = 1
	}
	var b strings.Builder
	grow := func(n int) {
		if b.Len()+n > r.cfg.MaxString {
			L.RaiseError("string.gsub: result over the string budget (%d bytes)", r.cfg.MaxString)
		}
	}
	s, n := 0, 0
	for n < maxN {
		m.level = 0
		e := m.match(s, p)
		if e != -1 {
			n++
			v := r.gsubValue(m, repl, s, e)
			grow(len(v))
			b.WriteString(v)
		}
		switch {
		case e != -1 && e > s:
			s = e
		case s < len(src):
			grow(1)
			b.WriteByte(src[s])
			s++
		default:
			s = len(src) + 1
		}
		if s > len(src) || anchor {
			break
		}
	}
	if s < len(src) {
		grow(len(src) - s)
		b.WriteString(src[s:])
	}
	L.Push(lua.LString(b.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// gsubValue is the replacement of the match from s to e.
func (r *Runtime) gsubValue(m *matcher, repl lua.LValue, s, e int) string {
	L := m.L
	var v lua.LValue
	switch x := repl.(type) {
	case lua.LString, lua.LNumber:
		rs := lua.LVAsString(x)
		var b strings.Builder
		for i := 0; i < len(rs); i++ {
			c := rs[i]
			if c != '%' || i+1 >= len(rs) {
				b.WriteByte(c)
				continue
			}
			i++
			c = rs[i]
			switch {
			case c == '0':
				b.WriteString(m.src[s:e])
			case c >= '1' && c <= '9':
				b.WriteString(lua.LVAsString(m.captureValue(int(c-'1'), s, e)))
			default:
				b.WriteByte(c)
			}
			if b.Len() > r.cfg.MaxString {
				L.RaiseError("string.gsub: result over the string budget (%d bytes)", r.cfg.MaxString)
			}
		}
		return b.String()
	case *lua.LTable:
		v = L.GetTable(x, m.captureValue(0, s, e))
	case *lua.LFunction:
		top := L.GetTop()
		L.Push(x)
		n := m.pushCaptures(s, e, true)
		L.Call(n, 1)
		v = L.Get(-1)
		L.SetTop(top)
	}
	switch v.Type() {
	case lua.LTNil:
		return m.src[s:e]
	case lua.LTBool:
		if !lua.LVAsBool(v) {
			return m.src[s:e]
		}
	case lua.LTString, lua.LTNumber:
		return lua.LVAsString(v)
	}
	L.RaiseError("invalid replacement value (a %s)", v.Type().String())
	return ""
}
