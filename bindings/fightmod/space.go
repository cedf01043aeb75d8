package fightmod

import (
	"fmt"
	"regexp"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luaval"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/fight"
	"github.com/dndsh/dndsh/runtime/grid"
)

// The rules of space (combat.space), every field optional:
//
//	space = {
//	  square = 5, unit = "ft", diagonal = "one"|"alternate"|"euclid",
//	  sizes = { large = { rank = 4, space = 2 }, tiny = { rank = 1, space = 1, shared = true }, ... },
//	  default_size = "medium",
//	  difficult = { extra = 1 } | { multiply = 2 },   -- extra feet per foot, or a multiplier
//	  corner_cutting = true,
//	  pass = { size_diff = 2, unable = true, tiny = "tiny", difficult = true,
//	           ally_difficult = false, end_size_diff = 0, tiny_ends = true, never = "fills_space" },
//	  cover = { creatures = true, by_full = { "none", "half", "half", "three-quarters", "total" },
//	            partial = "half",
//	            half = { ac = 2, save = 2 }, ["three-quarters"] = { ac = 5, save = 5 },
//	            total = { untargetable = true } },
//	  range = { bands = { { adv = -1 } } } | { increments = true, per_increment = -2, max = 10, full = true },
//	  ranged_in_melee = { within = 5, adv = -1, mod = 0, sight = true, able = true,
//	                      target = true, unless = "precise_shot" },  -- the target engaged with an ally
//	  sight = { target_unseen = -1, attacker_unseen = 1, target_unseen_miss = 50,
//	            target_obscured = 0, attacker_obscured = 0, bonus_needs_clear = false,
//	            senses = { blindsight = { blinded = true, invisible = true }, ... } },
//	  flank = { adv = 0, mod = 2 },
//	  opportunity = { on = "leave_reach"|"exit_threatened", slot = "reaction", sight = true,
//	                  unless = "disengaged", max_cover = "total", engaged = false },
//	  turn = { full_attack_move = -1, double_move = true, double_move_tag = "dashed", dash_repeats = true,
//	           free_step = 5, move_only_safe = true, surprise_partial = true,
//	           charge = { min = 10, mul = 2, partial_mul = 1, attack_mod = 2, condition = "charging", prefer = true } },
//	  areas = { burst = "mostly", emanation = "mostly", cone = "counted" },  -- each shape's inside rule (default centre)
//	  unarmed = { group = "unarmed", named = "unarmed", armed = { "improved_unarmed_strike" } },  -- unarmed strikes threaten nothing but with these tags
//	  area_line = true,  -- a creature with total cover (walls) from an area's origin is not in it
//	  nomap_ranged = 30, default_speed = 30,
//	}
var spaceKeys = []string{"square", "unit", "diagonal", "sizes", "default_size", "difficult", "corner_cutting", "pass", "cover",
	"range", "ranged_in_melee", "sight", "flank", "opportunity", "turn", "nomap_ranged", "default_speed", "areas", "unarmed", "area_line"}

func checkKeys(r *tbl, keys ...string) {
	if r.T == nil || r.Err != nil {
		return
	}
	if err := (luaval.Reader{Layer: "fight"}).CheckKeys(r.Where, r.T, keys...); err != nil {
		r.Err = err
	}
}

func grade(r *tbl, key string, def grid.CoverGrade) grid.CoverGrade {
	s := r.Str(key, "")
	if s == "" {
		return def
	}
	g, ok := gradeNamed(s)
	if !ok {
		r.Fail("%s %q: want none, half, three-quarters or total", key, s)
	}
	return g
}

func gradeNamed(s string) (grid.CoverGrade, bool) {
	for g := grid.CoverNone; g <= grid.CoverTotal; g++ {
		if g.String() == s {
			return g, true
		}
	}
	return 0, false
}

func advMod(r *tbl) fight.AdvMod {
	return fight.AdvMod{Adv: r.Int("adv", 0), Mod: r.Int("mod", 0)}
}

var areaShapes = map[string]grid.Shape{"burst": grid.ShapeBurst, "emanation": grid.ShapeEmanation,
	"cone": grid.ShapeCone, "line": grid.ShapeLine, "cube": grid.ShapeCube}

// readSpace reads the combat definition's space table.
func readSpace(root *tbl) (fight.SpaceRules, error) {
	sr := fight.DefaultSpaceRules()
	s := root.Sub("space")
	if s.T == nil {
		return sr, root.Err
	}
	checkKeys(s, spaceKeys...)
	sr.Grid.Square = s.Int("square", 5)
	if sr.Grid.Square < 1 {
		s.Fail("square must be 1 or more feet")
	}
	sr.Unit = s.Str("unit", "ft")
	if d, err := grid.ParseDiagonal(s.Str("diagonal", "one")); err != nil {
		s.Fail("diagonal: %s", err.(*errs.Error).Msg)
	} else {
		sr.Grid.Diagonal = d
	}
	sr.DefaultSize = s.Str("default_size", "")
	if sz := s.Sub("sizes"); sz.T != nil {
		sr.Sizes = map[string]fight.SizeRule{}
		for _, name := range sortedKeys(sz.T) {
			e := sz.Sub(name)
			checkKeys(e, "rank", "space", "shared", "reach")
			n := e.Int("space", 1)
			sr.Sizes[name] = fight.SizeRule{Rank: e.Int("rank", 0), Reach: e.Int("reach", 0),
				Space: grid.Footprint{W: n, H: n, Shared: e.Bool("shared", false)}}
			if e.Err != nil {
				return sr, e.Err
			}
		}
	}
	d := s.Sub("difficult")
	checkKeys(d, "extra", "multiply")
	sr.DifficultExtra = d.Int("extra", 0)
	sr.DifficultMul = d.Int("multiply", 0)
	if d.T == nil {
		sr.DifficultExtra = 1
	}
	sr.NoCornerCutting = !s.Bool("corner_cutting", true)
	if ar := s.Sub("areas"); ar.T != nil {
		sr.AreaRules = map[grid.Shape]grid.AreaRule{}
		for _, name := range sortedKeys(ar.T) {
			shape, ok := areaShapes[name]
			if !ok {
				ar.Fail("%s: want burst, emanation, cone, line or cube", name)
				continue
			}
			rule, ok := areaRuleNamed(ar.Str(name, ""))
			if !ok {
				ar.Fail("%s = %q: want centre, counted or mostly", name, ar.Str(name, ""))
				continue
			}
			sr.AreaRules[shape] = rule
		}
		if ar.Err != nil {
			return sr, ar.Err
		}
	}
	p := s.Sub("pass")
	checkKeys(p, "size_diff", "unable", "tiny", "difficult", "ally_difficult", "end_size_diff", "tiny_ends", "never")
	sr.PassSizeDiff = p.Int("size_diff", 0)
	sr.PassUnable = p.Bool("unable", false)
	sr.PassTiny = p.Str("tiny", "")
	sr.TinyEnds = p.Bool("tiny_ends", false)
	sr.NoPassTag = p.Str("never", "")
	sr.AllyDifficult = p.Bool("difficult", false)
	sr.AllySpaceDifficult = p.Bool("ally_difficult", false)
	sr.EndSizeDiff = p.Int("end_size_diff", 0)
	c := s.Sub("cover")
	checkKeys(c, "creatures", "by_full", "partial", "half", "three-quarters", "total")
	sr.CreatureCover = c.Bool("creatures", false)
	if bf := c.Strs("by_full", nil); bf != nil {
		if len(bf) != 5 {
			c.Fail("by_full must list 5 grades (for 0 to 4 blocked lines)")
		}
		for i := 0; i < len(bf) && i < 5; i++ {
			g, ok := gradeNamed(bf[i])
			if !ok {
				c.Fail("by_full[%d] %q: want none, half, three-quarters or total", i+1, bf[i])
			}
			sr.Cover.ByFull[i] = g
		}
	}
	sr.Cover.Partial = grade(c, "partial", sr.Cover.Partial)
	for g := grid.CoverHalf; g <= grid.CoverTotal; g++ {
		e := c.Sub(g.String())
		checkKeys(e, "ac", "save", "untargetable")
		sr.CoverEffects[g] = fight.CoverEffect{AC: e.Int("ac", 0), Save: e.Int("save", 0), Untargetable: e.Bool("untargetable", g == grid.CoverTotal)}
		if e.Err != nil {
			return sr, e.Err
		}
	}
	rg := s.Sub("range")
	checkKeys(rg, "bands", "increments", "per_increment", "max", "full")
	if bl := rg.Sub("bands"); bl.T != nil {
		for i := 1; i <= bl.T.Len(); i++ {
			bt, ok := bl.T.RawGetInt(i).(*lua.LTable)
			if !ok {
				bl.Fail("bands[%d] must be a table {adv =, mod =}", i)
				continue
			}
			b := rec(bt, fmt.Sprintf("%s[%d]", bl.Where, i))
			checkKeys(b, "adv", "mod")
			sr.Range.Bands = append(sr.Range.Bands, advMod(b))
			if b.Err != nil {
				return sr, b.Err
			}
		}
		if bl.Err != nil {
			return sr, bl.Err
		}
	}
	sr.Range.Increments = rg.Bool("increments", false)
	sr.Range.PerIncrement = rg.Int("per_increment", 0)
	sr.Range.MaxIncrements = rg.Int("max", 0)
	sr.Range.Full = rg.Bool("full", false)
	sr.AreaLine = s.Bool("area_line", false)
	if ua := s.Sub("unarmed"); ua.T != nil {
		checkKeys(ua, "group", "named", "armed")
		sr.Unarmed = fight.UnarmedRule{On: true, Group: ua.Str("group", ""), Named: ua.Str("named", ""), ArmedTags: ua.Strs("armed", nil)}
	}
	rm := s.Sub("ranged_in_melee")
	checkKeys(rm, "within", "adv", "mod", "sight", "able", "target", "unless")
	sr.RangedInMelee = fight.InMeleeRule{Within: rm.Int("within", 0), Effect: advMod(rm),
		NeedsSight: rm.Bool("sight", false), NeedsAble: rm.Bool("able", false),
		Target: rm.Bool("target", false), UnlessTag: rm.Str("unless", "")}
	si := s.Sub("sight")
	checkKeys(si, "target_unseen", "attacker_unseen", "target_obscured", "attacker_obscured", "bonus_needs_clear", "senses",
		"target_unseen_miss")
	sr.Sight.TargetUnseen = si.Int("target_unseen", 0)
	sr.Sight.TargetUnseenMiss = si.Int("target_unseen_miss", 0)
	sr.Sight.AttackerUnseen = si.Int("attacker_unseen", 0)
	sr.Sight.TargetObscured = si.Int("target_obscured", 0)
	sr.Sight.AttackerObscured = si.Int("attacker_obscured", 0)
	sr.Sight.BonusNeedsClear = si.Bool("bonus_needs_clear", false)
	if ss := si.Sub("senses"); ss.T != nil {
		for _, name := range sortedKeys(ss.T) {
			e := ss.Sub(name)
			checkKeys(e, "blinded", "invisible", "walls", "light", "ignores_light", "not_sight")
			sr.Sight.Policy.Rules = append(sr.Sight.Policy.Rules, grid.SenseRule{Name: name,
				WorksBlinded: e.Bool("blinded", false), SeesInvisible: e.Bool("invisible", false),
				ThroughObstacles: e.Bool("walls", false), LightBoost: e.Int("light", 0),
				IgnoresLight: e.Bool("ignores_light", false), NotSight: e.Bool("not_sight", false)})
			if e.Err != nil {
				return sr, e.Err
			}
		}
	}
	if fl := s.Sub("flank"); fl.T != nil {
		checkKeys(fl, "adv", "mod")
		sr.Flank = fight.FlankRule{On: true, Effect: advMod(fl)}
		if fl.Err != nil {
			return sr, fl.Err
		}
	}
	if op := s.Sub("opportunity"); op.T != nil {
		checkKeys(op, "on", "slot", "sight", "unless", "max_cover", "engaged")
		o := &fight.OpportunityRule{Slot: op.Str("slot", ""), NeedsSight: op.Bool("sight", false),
			UnlessTag: op.Str("unless", ""), MaxCover: grade(op, "max_cover", grid.CoverThreeQuarters),
			Engaged: op.Bool("engaged", false)}
		switch on := op.Str("on", "leave_reach"); on {
		case "leave_reach":
			o.Trigger = grid.LeaveReach
		case "exit_threatened":
			o.Trigger = grid.ExitThreatened
		default:
			op.Fail("on %q: want leave_reach or exit_threatened", on)
		}
		sr.Opportunity = o
		if op.Err != nil {
			return sr, op.Err
		}
	}
	t := s.Sub("turn")
	checkKeys(t, "full_attack_move", "double_move", "double_move_tag", "free_step", "move_only_safe", "charge",
		"surprise_partial", "dash_repeats")
	sr.Turn = fight.TurnRule{FullAttackMove: t.Int("full_attack_move", -1), DoubleMove: t.Bool("double_move", false),
		DoubleMoveTag: t.Str("double_move_tag", ""), FreeStep: t.Int("free_step", 0),
		MoveOnlySafe: t.Bool("move_only_safe", false), SurprisePartial: t.Bool("surprise_partial", false),
		DashRepeats: t.Bool("dash_repeats", false)}
	if ch := t.Sub("charge"); ch.T != nil {
		checkKeys(ch, "min", "mul", "partial_mul", "attack_mod", "condition", "prefer")
		sr.Turn.Charge = &fight.ChargeRule{Min: ch.Int("min", 0), Mul: ch.Int("mul", 2), PartialMul: ch.Int("partial_mul", 1),
			AttackMod: ch.Int("attack_mod", 0), Condition: ch.Str("condition", ""), Prefer: ch.Bool("prefer", false)}
		if ch.Err != nil {
			return sr, ch.Err
		}
	}
	sr.NoMapRanged = s.Int("nomap_ranged", 30)
	sr.DefaultSpeed = s.Int("default_speed", 0)
	for _, x := range []*tbl{s, d, p, c, rg, rm, si, t} {
		if x.Err != nil {
			return sr, x.Err
		}
	}
	return sr, nil
}

// locator finds where in an encounter file's source a map row or a
// member's `at` is, so errors can say file:line:col.
type locator struct {
	name  string
	lines []string
}

func newLocator(name string, src []byte) *locator {
	if name == "" {
		return nil
	}
	return &locator{name: name, lines: strings.Split(string(src), "\n")}
}

// row finds the line holding text at or after line from (1-based), and its
// column (in characters).
func (l *locator) row(text string, from int) (line, col int) {
	if l == nil {
		return 0, 0
	}
	for i := max(from-1, 0); i < len(l.lines); i++ {
		if k := strings.Index(l.lines[i], text); k >= 0 {
			return i + 1, len([]rune(l.lines[i][:k])) + 1
		}
	}
	return 0, 0
}

var atPattern = regexp.MustCompile(`\bat\s*=\s*\{`)

// nthAt finds the n-th (from 0) `at = {` of the source.
func (l *locator) nthAt(n int) (line, col int) {
	if l == nil {
		return 0, 0
	}
	k := 0
	for i, s := range l.lines {
		for _, m := range atPattern.FindAllStringIndex(s, -1) {
			if k == n {
				return i + 1, len([]rune(s[:m[0]])) + 1
			}
			k++
		}
	}
	return 0, 0
}

// mapLine is the line where the encounter's map key is.
func (l *locator) mapLine() int {
	if l == nil {
		return 0
	}
	re := regexp.MustCompile(`\bmap\s*=`)
	for i, s := range l.lines {
		if re.MatchString(s) {
			return i + 1
		}
	}
	return 0
}

func (l *locator) err(line, col int, msg, hint string) *errs.Error {
	e := &errs.Error{Kind: errs.Script, Layer: "fight", Msg: msg, Hint: hint}
	if l != nil {
		e.File = l.name
		e.Line, e.Col = line, col
		if line > 0 && line <= len(l.lines) {
			e.Source = l.lines[line-1]
		}
	}
	return e
}

// readMap reads an encounter's map: rows drawn in characters (a string or
// a list of strings) and/or walls, low walls and difficult squares given
// as lists of {x, y}, with width and height when there are no rows.
func readMap(v lua.LValue, g grid.Grid, loc *locator) (*grid.Map, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, loc.err(loc.mapLine(), 0, fmt.Sprintf("encounter.map must be a table {rows = ..., ...}, got %s", v.Type()), "")
	}
	m := rec(t, "encounter.map")
	checkKeys(m, "rows", "width", "height", "walls", "low", "difficult", "zones")
	if m.Err != nil {
		return nil, m.Err
	}
	var rows []string
	var lines, cols []int
	switch rv := m.Get("rows").(type) {
	case lua.LString:
		rows, lines, cols = grid.SplitRows(string(rv))
	case *lua.LTable:
		for i := 1; i <= rv.Len(); i++ {
			s, ok := rv.RawGetInt(i).(lua.LString)
			if !ok {
				return nil, loc.err(loc.mapLine(), 0, fmt.Sprintf("encounter.map.rows[%d] must be a string", i), "")
			}
			rows = append(rows, string(s))
		}
	case *lua.LNilType:
	default:
		return nil, loc.err(loc.mapLine(), 0, "encounter.map.rows must be a string or a list of strings", "")
	}
	var bm *grid.Map
	if rows != nil {
		var rerr *grid.RowError
		bm, rerr = grid.ParseRows(g, rows, nil)
		if rerr != nil {
			line, col := 0, 0
			from := loc.mapLine()
			if lines != nil && rerr.Row-1 < len(lines) {
				// rows of a long string: their line is known relative to the
				// string; find the row's text from the map key on.
				line, col = loc.row(rows[rerr.Row-1], from)
				if line == 0 {
					line = from + lines[rerr.Row-1] - 1
					col = cols[rerr.Row-1]
				}
			} else if rerr.Row-1 < len(rows) {
				line, col = loc.row(rows[rerr.Row-1], from)
				if line > 0 {
					col++ // past the opening quote
				}
			}
			if line > 0 {
				col += rerr.Col - 1
			}
			return nil, loc.err(line, col, rerr.Error(), rerr.Hint)
		}
		if w := m.Int("width", bm.W); w != bm.W {
			m.Fail("width %d, but the rows are %d squares wide", w, bm.W)
		}
		if h := m.Int("height", bm.H); h != bm.H {
			m.Fail("height %d, but there are %d rows", h, bm.H)
		}
	} else {
		var err error
		bm, err = grid.NewMap(g, m.Int("width", 0), m.Int("height", 0))
		if err != nil {
			return nil, loc.err(loc.mapLine(), 0, "encounter.map: "+err.(*errs.Error).Msg, "give rows, or width and height")
		}
	}
	squares := func(key string, fn func(p grid.Pos)) {
		l := m.Sub(key)
		if l.T == nil {
			return
		}
		for i := 1; i <= l.T.Len(); i++ {
			p, err := readPos(l.T.RawGetInt(i), fmt.Sprintf("%s[%d]", l.Where, i))
			if err != nil {
				m.Err = err
				return
			}
			if !bm.Inside(p) {
				m.Fail("%s[%d] %v is off the %d by %d map", key, i, p, bm.W, bm.H)
				return
			}
			fn(p)
		}
	}
	squares("walls", func(p grid.Pos) { bm.Walls.Set(p, grid.Full) })
	squares("low", func(p grid.Pos) { bm.Walls.Set(p, grid.Half); bm.SetDifficult(p, true) })
	squares("difficult", func(p grid.Pos) { bm.SetDifficult(p, true) })
	if z := m.Sub("zones"); z.T != nil {
		for _, name := range sortedKeys(z.T) {
			a, err := readArea(z.Get(name), z.Where+"."+name)
			if err != nil {
				return nil, err
			}
			for _, p := range a {
				if bm.Inside(p) {
					bm.AddZone(name, p)
				}
			}
		}
	}
	if m.Err != nil {
		return nil, m.Err
	}
	return bm, nil
}

// readPos reads {x, y} or {x = , y = }.
func readPos(v lua.LValue, where string) (grid.Pos, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return grid.Pos{}, specErr(where, "a square {x, y} expected, got %s", luaval.TypeName(v))
	}
	num := func(i int, key string) (int, bool) {
		v := t.RawGetInt(i)
		if v == lua.LNil {
			v = t.RawGetString(key)
		}
		n, ok := v.(lua.LNumber)
		return int(n), ok && float64(n) == float64(int(n))
	}
	x, ok1 := num(1, "x")
	y, ok2 := num(2, "y")
	if !ok1 || !ok2 {
		return grid.Pos{}, specErr(where, "a square {x, y} of whole numbers expected")
	}
	return grid.Pos{X: x, Y: y}, nil
}

// readArea reads a rectangle {x1, y1, x2, y2} (inclusive) into squares.
func readArea(v lua.LValue, where string) ([]grid.Pos, error) {
	t, ok := v.(*lua.LTable)
	if !ok || t.Len() != 4 {
		return nil, specErr(where, "an area {x1, y1, x2, y2} expected")
	}
	var n [4]int
	for i := range n {
		f, ok := t.RawGetInt(i + 1).(lua.LNumber)
		if !ok {
			return nil, specErr(where, "an area {x1, y1, x2, y2} of whole numbers expected")
		}
		n[i] = int(f)
	}
	x0, x1 := min(n[0], n[2]), max(n[0], n[2])
	y0, y1 := min(n[1], n[3]), max(n[1], n[3])
	if (x1-x0+1)*(y1-y0+1) > grid.MaxMapSide*grid.MaxMapSide {
		return nil, specErr(where, "the area is larger than any map")
	}
	var out []grid.Pos
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			out = append(out, grid.Pos{X: x, Y: y})
		}
	}
	return out, nil
}

// placement is where the encounter puts a fighter: a square, or its side's
// zone.
type placement struct {
	x     *fight.Fighter
	at    *grid.Pos
	atN   int // which `at = {` of the file gave it (-1: none)
	zone  []grid.Pos
	where string
}

// place sets every fighter on the map: first those with a square, then
// the others in their side's zone, each on the first square (by row, then
// column) where it fits.
func place(f *fight.Fight, ps []placement, loc *locator) error {
	for _, p := range ps {
		if p.at == nil {
			continue
		}
		if why := f.CheckPlacement(p.x, *p.at); why != "" {
			line, col := loc.nthAt(p.atN)
			return loc.err(line, col, fmt.Sprintf("%s: %s at %v is %s", p.where, p.x.ID, *p.at, why),
				"give an open square of the map, counted from (0,0) at its top left")
		}
		if err := f.Place(p.x, *p.at); err != nil {
			return err
		}
	}
	for _, p := range ps {
		if p.at != nil {
			continue
		}
		if len(p.zone) == 0 {
			return loc.err(loc.mapLine(), 0, fmt.Sprintf("%s: %s has no square: give it at = {x, y}, or its side a zone", p.where, p.x.ID),
				"draw the side's number (1, 2, ...) on the map, or give the side zone = \"name\" or area = {x1, y1, x2, y2}")
		}
		placed := false
		for _, q := range p.zone {
			if f.CheckPlacement(p.x, q) == "" {
				if err := f.Place(p.x, q); err != nil {
					return err
				}
				placed = true
				break
			}
		}
		if !placed {
			return loc.err(loc.mapLine(), 0, fmt.Sprintf("%s: no room left for %s in its side's zone", p.where, p.x.ID),
				"make the zone bigger or give the creature at = {x, y}")
		}
	}
	return nil
}
