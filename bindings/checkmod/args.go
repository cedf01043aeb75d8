package checkmod

import (
	"math"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/runtime/check"
	"github.com/dndsh/dndsh/runtime/errs"
)

// where names the place an argument value was read from, so that a bad
// value raises "bad argument #1 to roll (mods[2].value: integer expected,
// got string)". It is a plain value (no pointers, no strings built), so
// passing it down costs nothing; the path is only written out when there
// is an error.
type where struct {
	arg  int // argument number
	n    int // segments in use
	segs [maxDepth]segment
}

// segment is one step of a path: a field name, or a list index or numeric
// key (written [i]).
type segment struct {
	key     string
	index   int
	indexed bool
}

// maxDepth bounds the path kept for messages; deeper steps are left out.
const maxDepth = 5

// at returns the place of field key inside w.
func (w where) at(key string) where {
	if w.n < maxDepth {
		w.segs[w.n] = segment{key: key}
		w.n++
	}
	return w
}

// item returns the place of list entry or numeric key i of w.
func (w where) item(i int) where {
	if w.n < maxDepth {
		w.segs[w.n] = segment{index: i, indexed: true}
		w.n++
	}
	return w
}

// path writes the place out: "mods[2].value".
func (w where) path() string {
	var b []byte
	for _, s := range w.segs[:w.n] {
		if s.indexed {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(s.index), 10)
			b = append(b, ']')
			continue
		}
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, s.key...)
	}
	return string(b)
}

// fail raises a bad-argument error about w.
func (w where) fail(L *lua.LState, msg string) {
	if p := w.path(); p != "" {
		msg = p + ": " + msg
	}
	L.ArgError(w.arg, msg)
}

// expected raises "<path>: <want> expected, got <what v is>".
func (w where) expected(L *lua.LState, want string, v lua.LValue) {
	w.fail(L, want+" expected, got "+describe(v))
}

// describe says what a value is, for error messages: its type, or the
// number itself when a whole number was wanted.
func describe(v lua.LValue) string {
	if n, ok := v.(lua.LNumber); ok {
		return "number " + strconv.FormatFloat(float64(n), 'g', -1, 64)
	}
	if s, ok := v.(lua.LString); ok {
		if len(s) > 40 {
			return "string " + strconv.Quote(string(s[:37])+"...")
		}
		return "string " + strconv.Quote(string(s))
	}
	return v.Type().String()
}

// asInt converts a whole Lua number to int.
func asInt(v lua.LValue) (int, bool) {
	n, ok := v.(lua.LNumber)
	if !ok {
		return 0, false
	}
	f := float64(n)
	if f != math.Trunc(f) || f > 1<<53 || f < -(1<<53) {
		return 0, false
	}
	return int(f), true
}

func readInt(L *lua.LState, w where, v lua.LValue) int {
	n, ok := asInt(v)
	if !ok {
		w.expected(L, "integer", v)
	}
	return n
}

func readString(L *lua.LState, w where, v lua.LValue) string {
	s, ok := v.(lua.LString)
	if !ok {
		w.expected(L, "string", v)
	}
	return string(s)
}

func readBool(L *lua.LState, w where, v lua.LValue) bool {
	b, ok := v.(lua.LBool)
	if !ok {
		w.expected(L, "boolean", v)
	}
	return bool(b)
}

func readTable(L *lua.LState, w where, v lua.LValue) *lua.LTable {
	t, ok := v.(*lua.LTable)
	if !ok {
		w.expected(L, "table", v)
	}
	return t
}

// optTable returns argument n as a table, or nil when it is nil or absent.
func optTable(L *lua.LState, n int) *lua.LTable {
	v := L.Get(n)
	if v == lua.LNil {
		return nil
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		where{arg: n}.expected(L, "table", v)
	}
	return t
}

// checkInt returns argument n as a whole number.
func checkInt(L *lua.LState, n int) int {
	return readInt(L, where{arg: n}, L.Get(n))
}

// eachField calls fn for every field of t, failing on list entries and on
// non-string keys (every option has a name). The walk follows the table's
// internal order; fn must not depend on it.
func eachField(L *lua.LState, w where, t *lua.LTable, fn func(key string, v lua.LValue)) {
	for k, v := t.Next(lua.LNil); k != lua.LNil; k, v = t.Next(k) {
		s, ok := k.(lua.LString)
		if !ok {
			w.fail(L, "unexpected key "+describe(k)+" (options are named fields)")
		}
		fn(string(s), v)
	}
}

// unknown raises the error for a field that is not an option, suggesting
// the nearest known name when one is close.
func unknown(L *lua.LState, w where, key, known string) {
	best, bestD := "", 3
	for _, k := range strings.Split(known, ", ") {
		if d := errs.EditDistance(key, k); d < bestD {
			best, bestD = k, d
		}
	}
	if best != "" {
		w.fail(L, "unknown field "+strconv.Quote(key)+" (did you mean "+strconv.Quote(best)+"?)")
	}
	w.fail(L, "unknown field "+strconv.Quote(key)+" (known: "+known+")")
}

// readMods appends the modifiers of v to out: a number (one untyped
// modifier) or a list whose entries are numbers or {value=, type=,
// source=} tables.
func readMods(L *lua.LState, w where, v lua.LValue, out []check.Modifier) []check.Modifier {
	switch x := v.(type) {
	case lua.LNumber:
		return append(out, check.Modifier{Value: readInt(L, w, v)})
	case *lua.LTable:
		n := x.Len()
		for i := 1; i <= n; i++ {
			out = append(out, readMod(L, w.item(i), x.RawGetInt(i)))
		}
		if k, _ := x.Next(lua.LNil); n == 0 && k != lua.LNil {
			w.fail(L, "list of modifiers expected, got a table with named fields (wrap one modifier in a list: {{value = 2}})")
		}
		return out
	}
	w.expected(L, "number or list of modifiers", v)
	return out
}

func readMod(L *lua.LState, w where, v lua.LValue) check.Modifier {
	switch x := v.(type) {
	case lua.LNumber:
		return check.Modifier{Value: readInt(L, w, v)}
	case *lua.LTable:
		var m check.Modifier
		seen := false
		eachField(L, w, x, func(k string, fv lua.LValue) {
			switch k {
			case "value":
				m.Value, seen = readInt(L, w.at(k), fv), true
			case "type":
				m.Type = readString(L, w.at(k), fv)
			case "source":
				m.Source = readString(L, w.at(k), fv)
			case "counted", "why":
				// A result's modifier passed back: what the last roll
				// made of it does not matter.
			default:
				unknown(L, w, k, "value, type, source")
			}
		})
		if !seen {
			w.at("value").expected(L, "integer", lua.LNil)
		}
		return m
	}
	w.expected(L, "number or {value=, type=, source=}", v)
	return check.Modifier{}
}

// readStackRule reads a stacking rule name.
func readStackRule(L *lua.LState, w where, v lua.LValue) check.StackRule {
	switch readString(L, w, v) {
	case "add":
		return check.StackAdd
	case "highest":
		return check.StackHighest
	case "once":
		return check.StackOnce
	}
	w.expected(L, `"add", "highest" or "once"`, v)
	return 0
}

// readStacking fills p from v: "add", "highest", "once", "typed", or
// {default = rule, add = {types}, highest = {types}, once = {types}}. The
// type "untyped" in a list also covers modifiers without a type. p.Rules
// is reused.
func readStacking(L *lua.LState, w where, v lua.LValue, p *check.StackPolicy) {
	rules := p.Rules[:0]
	*p = check.StackPolicy{}
	add := func(typ string, r check.StackRule) {
		rules = append(rules, check.TypeRule{Type: typ, Rule: r})
		if typ == "untyped" {
			rules = append(rules, check.TypeRule{Type: "", Rule: r})
		}
	}
	switch x := v.(type) {
	case lua.LString:
		switch x {
		case "add":
		case "highest":
			p.Default = check.StackHighest
		case "once":
			p.Default = check.StackOnce
		case "typed":
			p.Default = check.StackHighest
			add("untyped", check.StackAdd)
		default:
			w.expected(L, `"add", "highest", "once", "typed" or a table`, v)
		}
	case *lua.LTable:
		eachField(L, w, x, func(k string, fv lua.LValue) {
			switch k {
			case "default":
				p.Default = readStackRule(L, w.at(k), fv)
			case "add", "highest", "once":
				r := check.StackAdd
				if k == "highest" {
					r = check.StackHighest
				} else if k == "once" {
					r = check.StackOnce
				}
				lw := w.at(k)
				lt := readTable(L, lw, fv)
				for i := 1; i <= lt.Len(); i++ {
					add(readString(L, lw.item(i), lt.RawGetInt(i)), r)
				}
			default:
				unknown(L, w, k, "default, add, highest, once")
			}
		})
	default:
		w.expected(L, `"add", "highest", "once", "typed" or a table`, v)
	}
	p.Rules = rules
}

// readAdv appends the advantage sources of v to out: a signed level, or a
// list whose entries are levels or {level=, source=} tables.
func readAdv(L *lua.LState, w where, v lua.LValue, out []check.AdvSource) []check.AdvSource {
	switch x := v.(type) {
	case lua.LNumber:
		if n := readInt(L, w, v); n != 0 {
			out = append(out, check.AdvSource{Level: n})
		}
		return out
	case *lua.LTable:
		n := x.Len()
		for i := 1; i <= n; i++ {
			out = append(out, readAdvSource(L, w.item(i), x.RawGetInt(i)))
		}
		if k, _ := x.Next(lua.LNil); n == 0 && k != lua.LNil {
			w.fail(L, "list of advantage sources expected, got a table with named fields (wrap one source in a list: {{level = 1}})")
		}
		return out
	}
	w.expected(L, "signed level or list of advantage sources", v)
	return out
}

func readAdvSource(L *lua.LState, w where, v lua.LValue) check.AdvSource {
	switch x := v.(type) {
	case lua.LNumber:
		return check.AdvSource{Level: readInt(L, w, v)}
	case *lua.LTable:
		var s check.AdvSource
		seen := false
		eachField(L, w, x, func(k string, fv lua.LValue) {
			switch k {
			case "level":
				s.Level, seen = readInt(L, w.at(k), fv), true
			case "source":
				s.Source = readString(L, w.at(k), fv)
			default:
				unknown(L, w, k, "level, source")
			}
		})
		if !seen {
			w.at("level").expected(L, "integer", lua.LNil)
		}
		return s
	}
	w.expected(L, "signed level or {level=, source=}", v)
	return check.AdvSource{}
}

// readPolicy fills p from v: "onoff", "graded", or {mode =, cap =,
// max_dice =, step =, table = {[level] = {dice=, keep=, bonus=}}, resolve
// = function(net) return {dice=, keep=, bonus=} end}. p.Table is reused.
func readPolicy(L *lua.LState, w where, v lua.LValue, p *check.AdvPolicy) {
	table := p.Table[:0]
	*p = check.AdvPolicy{}
	switch x := v.(type) {
	case lua.LString:
		p.Mode = readAdvMode(L, w, v)
	case *lua.LTable:
		mode := false
		eachField(L, w, x, func(k string, fv lua.LValue) {
			fw := w.at(k)
			switch k {
			case "mode":
				p.Mode, mode = readAdvMode(L, fw, fv), true
			case "cap":
				p.Cap = readNonNeg(L, fw, fv)
			case "max_dice":
				p.MaxDice = readNonNeg(L, fw, fv)
			case "step":
				p.Step = readInt(L, fw, fv)
			case "table":
				tt := readTable(L, fw, fv)
				for lk, lv := tt.Next(lua.LNil); lk != lua.LNil; lk, lv = tt.Next(lk) {
					level, ok := asInt(lk)
					if !ok {
						fw.fail(L, "keys are net levels (integers), got "+describe(lk))
					}
					table = append(table, check.AdvRow{Level: level, Roll: readAdvRoll(L, fw.item(level), lv, level)})
				}
			case "resolve":
				fn, ok := fv.(*lua.LFunction)
				if !ok {
					fw.expected(L, "function", fv)
				}
				rw := fw
				p.Func = func(net int) check.AdvRoll {
					L.Push(fn)
					L.Push(lua.LNumber(net))
					L.Call(1, 1)
					ret := L.Get(-1)
					L.Pop(1)
					if _, ok := ret.(*lua.LTable); !ok {
						L.RaiseError("adv_policy.resolve(%d) must return {dice=, keep=, bonus=}, got %s", net, describe(ret))
					}
					return readAdvRoll(L, rw.item(net), ret, net)
				}
			default:
				unknown(L, w, k, "mode, cap, max_dice, step, table, resolve")
			}
		})
		if !mode {
			w.at("mode").expected(L, `"onoff" or "graded"`, lua.LNil)
		}
	default:
		w.expected(L, `"onoff", "graded" or a table`, v)
	}
	p.Table = table
}

func readAdvMode(L *lua.LState, w where, v lua.LValue) check.AdvMode {
	if s, ok := v.(lua.LString); ok {
		switch s {
		case "onoff":
			return check.AdvOnOff
		case "graded":
			return check.AdvGraded
		}
	}
	w.expected(L, `"onoff" or "graded"`, v)
	return 0
}

func readNonNeg(L *lua.LState, w where, v lua.LValue) int {
	n := readInt(L, w, v)
	if n < 0 {
		w.expected(L, "integer >= 0", v)
	}
	return n
}

// readAdvRoll reads {dice=, keep=, bonus=}; keep defaults to the sign of
// the level (highest for 0 and up).
func readAdvRoll(L *lua.LState, w where, v lua.LValue, level int) check.AdvRoll {
	t := readTable(L, w, v)
	r := check.AdvRoll{Dice: 1}
	if level < 0 {
		r.Keep = check.KeepLowest
	}
	eachField(L, w, t, func(k string, fv lua.LValue) {
		switch k {
		case "dice":
			r.Dice = readInt(L, w.at(k), fv)
		case "keep":
			r.Keep = readKeep(L, w.at(k), fv)
		case "bonus":
			r.Bonus = readInt(L, w.at(k), fv)
		default:
			unknown(L, w, k, "dice, keep, bonus")
		}
	})
	return r
}

func readKeep(L *lua.LState, w where, v lua.LValue) check.Keep {
	if s, ok := v.(lua.LString); ok {
		switch s {
		case "highest":
			return check.KeepHighest
		case "lowest":
			return check.KeepLowest
		}
	}
	w.expected(L, `"highest" or "lowest"`, v)
	return 0
}

// readFaces reads a face range: one face (20) or {lo, hi} ({19, 20}).
func readFaces(L *lua.LState, w where, v lua.LValue) check.FaceRange {
	switch x := v.(type) {
	case lua.LNumber:
		return check.Face(readInt(L, w, v))
	case *lua.LTable:
		if x.Len() == 2 {
			lo, hi := readInt(L, w.item(1), x.RawGetInt(1)), readInt(L, w.item(2), x.RawGetInt(2))
			if lo > hi {
				w.fail(L, "reversed range {"+strconv.Itoa(lo)+", "+strconv.Itoa(hi)+"}")
			}
			return check.Faces(lo, hi)
		}
	}
	w.expected(L, "face or {lo, hi}", v)
	return check.FaceRange{}
}

// readCompare reads a comparison operator.
func readCompare(L *lua.LState, w where, v lua.LValue) check.Compare {
	if s, ok := v.(lua.LString); ok {
		switch s {
		case ">=":
			return check.AtLeast
		case ">":
			return check.Above
		case "<=":
			return check.AtMost
		case "<":
			return check.Below
		case "none":
			return check.NoTarget
		}
	}
	w.expected(L, `">=", ">", "<=", "<" or "none"`, v)
	return 0
}

func readForce(L *lua.LState, w where, v lua.LValue) check.Force {
	if s, ok := v.(lua.LString); ok {
		switch s {
		case "success":
			return check.ForceSuccess
		case "failure":
			return check.ForceFailure
		}
	}
	w.expected(L, `"success" or "failure"`, v)
	return 0
}

// readConfirm fills the confirmation rules of n from v: true (confirm
// threats), false, or {threat=, fumble=, bonus=, adv=}.
func readConfirm(L *lua.LState, w where, v lua.LValue, n *check.Naturals) {
	switch x := v.(type) {
	case lua.LBool:
		n.ConfirmThreat = bool(x)
	case *lua.LTable:
		eachField(L, w, x, func(k string, fv lua.LValue) {
			switch k {
			case "threat":
				n.ConfirmThreat = readBool(L, w.at(k), fv)
			case "fumble":
				n.ConfirmFumble = readBool(L, w.at(k), fv)
			case "bonus":
				n.ConfirmBonus = readInt(L, w.at(k), fv)
			case "adv":
				n.ConfirmAdvantage = readBool(L, w.at(k), fv)
			default:
				unknown(L, w, k, "threat, fumble, bonus, adv")
			}
		})
	default:
		w.expected(L, "boolean or {threat=, fumble=, bonus=, adv=}", v)
	}
}

// readCount appends the faces of {[face] = value} to out, sorted by face.
func readCount(L *lua.LState, w where, v lua.LValue, out []check.FaceValue) []check.FaceValue {
	t := readTable(L, w, v)
	start := len(out)
	for k, fv := t.Next(lua.LNil); k != lua.LNil; k, fv = t.Next(k) {
		face, ok := asInt(k)
		if !ok {
			w.fail(L, "keys are faces (integers), got "+describe(k))
		}
		val := readInt(L, w.item(face), fv)
		out = append(out, check.FaceValue{Face: face, Value: val})
		for i := len(out) - 1; i > start && out[i-1].Face > out[i].Face; i-- {
			out[i-1], out[i] = out[i], out[i-1]
		}
	}
	return out
}

// rollFields lists the fields of a test spec, for error messages.
const rollFields = "sides, mods, stacking, adv, adv_policy, target, compare, auto_success, auto_failure, threat, fumble, confirm, count, degree_step, force, text"

// readTest fills t from the test spec v (check.roll's argument, one side
// of check.opposed), reusing t's slices. It returns whether the caller
// asked for the text rendering.
func readTest(L *lua.LState, w where, spec *lua.LTable, t *check.Test) (text bool) {
	*t = check.Test{
		Mods:      t.Mods[:0],
		Adv:       t.Adv[:0],
		Stacking:  check.StackPolicy{Rules: t.Stacking.Rules[:0]},
		AdvPolicy: check.AdvPolicy{Table: t.AdvPolicy.Table[:0]},
		Naturals:  check.Naturals{Count: t.Naturals.Count[:0]},
	}
	hasTarget, hasCompare := false, false
	eachField(L, w, spec, func(k string, v lua.LValue) {
		fw := w.at(k)
		switch k {
		case "sides":
			t.Sides = readInt(L, fw, v)
		case "mods":
			t.Mods = readMods(L, fw, v, t.Mods)
		case "stacking":
			readStacking(L, fw, v, &t.Stacking)
		case "adv":
			t.Adv = readAdv(L, fw, v, t.Adv)
		case "adv_policy":
			readPolicy(L, fw, v, &t.AdvPolicy)
		case "target":
			t.Target, hasTarget = readInt(L, fw, v), true
		case "compare":
			t.Compare, hasCompare = readCompare(L, fw, v), true
		case "auto_success":
			t.Naturals.AutoSuccess = readFaces(L, fw, v)
		case "auto_failure":
			t.Naturals.AutoFailure = readFaces(L, fw, v)
		case "threat":
			t.Naturals.Threat = readFaces(L, fw, v)
		case "fumble":
			t.Naturals.Fumble = readFaces(L, fw, v)
		case "confirm":
			readConfirm(L, fw, v, &t.Naturals)
		case "count":
			t.Naturals.Count = readCount(L, fw, v, t.Naturals.Count)
		case "degree_step":
			t.DegreeStep = readNonNeg(L, fw, v)
		case "force":
			t.Force = readForce(L, fw, v)
		case "text":
			text = readBool(L, fw, v)
		default:
			unknown(L, w, k, rollFields)
		}
	})
	switch {
	case !hasTarget && !hasCompare:
		t.Compare = check.NoTarget
	case !hasTarget && t.Compare != check.NoTarget:
		w.at("target").fail(L, "integer expected with compare "+strconv.Quote(t.Compare.String())+", got nil")
	}
	return text
}

// underFields lists the options of the roll-under checks.
const underFields = "mods, score_mods, stacking, auto_success, auto_failure, degree_step, force, text"

// readUnder fills the options of a roll-under check from opts (may be nil),
// reusing u's slices; u.Dice and u.Score are set by the caller.
func readUnder(L *lua.LState, w where, opts *lua.LTable, u *check.Under) (text bool) {
	*u = check.Under{
		Dice: u.Dice, Score: u.Score,
		RollMods: u.RollMods[:0], ScoreMods: u.ScoreMods[:0],
		Stacking: check.StackPolicy{Rules: u.Stacking.Rules[:0]},
	}
	if opts == nil {
		return false
	}
	eachField(L, w, opts, func(k string, v lua.LValue) {
		fw := w.at(k)
		switch k {
		case "mods":
			u.RollMods = readMods(L, fw, v, u.RollMods)
		case "score_mods":
			u.ScoreMods = readMods(L, fw, v, u.ScoreMods)
		case "stacking":
			readStacking(L, fw, v, &u.Stacking)
		case "auto_success":
			u.AutoSuccess = readFaces(L, fw, v)
		case "auto_failure":
			u.AutoFailure = readFaces(L, fw, v)
		case "degree_step":
			u.DegreeStep = readNonNeg(L, fw, v)
		case "force":
			u.Force = readForce(L, fw, v)
		case "text":
			text = readBool(L, fw, v)
		default:
			unknown(L, w, k, underFields)
		}
	})
	return text
}

// readTie reads a tie policy name.
func readTie(L *lua.LState, w where, v lua.LValue) check.TiePolicy {
	if s, ok := v.(lua.LString); ok {
		switch s {
		case "defender":
			return check.TieDefender
		case "initiator":
			return check.TieInitiator
		case "modifier":
			return check.TieHigherModifier
		case "reroll":
			return check.TieReroll
		case "both":
			return check.TieBoth
		}
	}
	w.expected(L, `"defender", "initiator", "modifier", "reroll" or "both"`, v)
	return 0
}

// readEdge reads an edge policy in the text form check.ParseEdge reads.
func readEdge(L *lua.LState, w where, v lua.LValue) check.Edge {
	e, err := check.ParseEdge(readString(L, w, v))
	if err != nil {
		w.fail(L, err.Error())
	}
	return e
}

// readDice reads a table's roll: "d100", "d%", "2d6".
func readDice(L *lua.LState, w where, v lua.LValue) check.Dice {
	s := readString(L, w, v)
	bad := func() { w.expected(L, `dice such as "d100", "d%" or "2d6"`, v) }
	i := 0
	for i < len(s) && s[i] != 'd' && s[i] != 'D' {
		i++
	}
	if i == len(s) {
		bad()
	}
	d := check.Dice{Count: 1}
	if i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 1 {
			bad()
		}
		d.Count = n
	}
	if s[i+1:] == "%" {
		d.Sides = 100
		return d
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n < 2 || s[i+1] == '+' || s[i+1] == '-' {
		bad()
	}
	d.Sides = n
	return d
}

// readKeyText reads a table key or cell key: a string, or a whole number
// written as text.
func readKeyText(L *lua.LState, w where, v lua.LValue) string {
	switch x := v.(type) {
	case lua.LString:
		return string(x)
	case lua.LNumber:
		return strconv.Itoa(readInt(L, w, v))
	}
	w.expected(L, "string or integer key", v)
	return ""
}

// readValue reads a table cell: a whole number or text.
func readValue(L *lua.LState, w where, v lua.LValue) check.Value {
	switch x := v.(type) {
	case lua.LString:
		return check.ParseValue(string(x))
	case lua.LNumber:
		return check.Num(readInt(L, w, v))
	}
	w.expected(L, "integer or string cell", v)
	return check.Value{}
}
