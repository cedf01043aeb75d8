package combatmod

import (
	"slices"

	lua "github.com/yuin/gopher-lua"

	"github.com/dndsh/dndsh/bindings/luart"
	"github.com/dndsh/dndsh/runtime/combat"
)

// Methods returns the methods of encounter handles (enc:name(...)), with
// their signatures and doc lines for the API reference. Argument 1 of each
// Fn is the handle.
func Methods() []luart.Func {
	return []luart.Func{
		{Name: "add", Args: "(spec)", Doc: "adds a participant before the fight begins: {id, side, group, init, score, adv, dis, aware, surprised, hidden, count} (init: initiative modifier; score: tie-break score; adv, dis: advantage levels; count: a fixed count instead of a roll)", Fn: mAdd},
		{Name: "add_side", Args: "(spec)", Doc: "declares a side {name, init, hidden} (init: the side's initiative modifier; sides keep the order in which they are declared or first named)", Fn: mAddSide},
		{Name: "join", Args: "(specs [, opts])", Doc: "adds newcomers (a list of specs as for enc:add) to a fight under way; opts.at = \"round_start\" (default: they enter the order when the next round starts) or \"now\"; before enc:begin it is enc:add", Fn: mJoin},
		{Name: "surprise", Args: "(sides)", Doc: "before enc:begin, rolls surprise for {{side, surprised_on, die, cannot_be_surprised}...} and gives each side's members the segments it loses to the others; returns {{side, rolled, face, surprised, lost}...}", Fn: mSurprise},
		{Name: "set_lost_segments", Args: "(id, n)", Doc: "before enc:begin, sets the surprise segments a participant loses", Fn: mSetLostSegments},
		{Name: "adjust_lost_segments", Args: "(id, delta)", Doc: "before enc:begin, adds delta (negative for a bonus) to the lost segments of a participant that lost some, never below 0", Fn: mAdjustLostSegments},
		{Name: "set", Args: "(id, fields)", Doc: "changes a participant: {init, adv, dis, aware, surprised, count} (count: a fixed initiative count, taken at once before the fight and from the next round on after it)", Fn: mSet},
		{Name: "set_side", Args: "(name, fields)", Doc: "changes a side: {init} (its initiative modifier for later rolls)", Fn: mSetSide},
		{Name: "begin", Args: "()", Doc: "starts the fight (surprise, initiative, the first turn) and returns the report {transitions = {{kind, round, segment, id, count}...}, expired = {{id, cause, after, owner, target, parent}...}}", Fn: mBegin},
		{Name: "next_turn", Args: "()", Doc: "ends the current step and starts the next one, passing into the next round after the last; returns the report", Fn: mNextTurn},
		{Name: "next_segment", Args: "()", Doc: "moves the clock to the next segment of the round (the next round after the last); returns the report", Fn: mNextSegment},
		{Name: "next_round", Args: "()", Doc: "ends the round at once (steps not reached are not played) and starts the next; returns the report", Fn: mNextRound},
		{Name: "reroll", Args: "()", Doc: "makes everyone roll initiative again when the next round starts (fixed counts are kept)", Fn: mReroll},
		{Name: "restart", Args: "()", Doc: "puts the encounter back as it was before enc:begin (the participants added before it, no rolls, order, effects or time)", Fn: mRestart},
		{Name: "current", Args: "()", Doc: "returns the ids of the participants whose turn it is (one step: several when they act at the same time)", Fn: mCurrent},
		{Name: "order", Args: "()", Doc: "returns this round's order as {{id, count}...}, skipping participants out of the fight", Fn: mOrder},
		{Name: "steps", Args: "()", Doc: "returns this round's order as steps {{id...}...}; the ids of one step act at the same time", Fn: mSteps},
		{Name: "round", Args: "()", Doc: "returns the current round (0: a surprise round or phase)", Fn: mRound},
		{Name: "segment", Args: "()", Doc: "returns the current segment of the round (from 1), or 0 when rounds have no segments", Fn: mSegment},
		{Name: "elapsed", Args: "()", Doc: "returns the time since enc:begin in clock ticks (segments when rounds have them, rounds otherwise)", Fn: mElapsed},
		{Name: "in_surprise", Args: "()", Doc: "returns whether the fight is in round 0, a surprise round or phase of surprise segments", Fn: mInSurprise},
		{Name: "rolls", Args: "()", Doc: "returns every roll so far, oldest first: {{who, kind = initiative|side|tie|surprise, round, die, faces, natural, modifier, total, adv, hidden}...} (who: a participant id, group or side)", Fn: mRolls},
		{Name: "clear_rolls", Args: "()", Doc: "forgets the rolls made so far (once they are logged)", Fn: mClearRolls},
		{Name: "participant", Args: "(id)", Doc: "returns {id, side, group, init, score, adv, dis, aware, surprised, hidden, active, waiting, count, acted, delaying, readied, lost_segments} of a participant, or nil", Fn: mParticipant},
		{Name: "participants", Args: "()", Doc: "returns every participant id in the order of addition", Fn: mParticipants},
		{Name: "sides", Args: "()", Doc: "returns the sides in order as {{name, result}...} (result: this round's roll under side initiative)", Fn: mSides},
		{Name: "active_sides", Args: "()", Doc: "returns the names of the sides that still have a participant in the fight", Fn: mActiveSides},
		{Name: "can_act", Args: "(id)", Doc: "returns whether a participant may act now (in the fight, joined, not kept idle by surprise)", Fn: mCanAct},
		{Name: "delay", Args: "(id)", Doc: "during its own turn, takes a participant out of the order for the rest of the round until enc:resume", Fn: mDelay},
		{Name: "resume", Args: "(id, count)", Doc: "puts a delaying participant back at count (not above the current count), which becomes its initiative count; its turn goes on when the order reaches it", Fn: mResume},
		{Name: "ready", Args: "(id, trigger)", Doc: "during its own turn, holds a participant's action until trigger (a name) fires; it is lost when its next turn starts", Fn: mReady},
		{Name: "trigger", Args: "(trigger [, by])", Doc: "fires trigger, caused by participant by; those holding an action on it act now, in the order they readied; returns their ids", Fn: mTrigger},
		{Name: "spend", Args: "(id, slot)", Doc: "spends one use of an action slot (or every part of a composite slot, all or none); returns how many are left (math.huge: unlimited)", Fn: mSpend},
		{Name: "remaining", Args: "(id, slot)", Doc: "returns how many times a participant can still spend a slot (a composite: all its parts together; math.huge: unlimited)", Fn: mRemaining},
		{Name: "set_slot", Args: "(id, slot, n)", Doc: "sets how many uses of a slot a participant has left (an integer or \"unlimited\"); what the slot refills to does not change", Fn: mSetSlot},
		{Name: "add_effect", Args: "(spec)", Doc: "starts an effect {id, owner, target, parent, save, ends} (ends: {at = turn_start|turn_end, who, nth}, {count, round}, {after, unit}, {rounds_from_now}, \"save\", or nil: manual); returns its id", Fn: mAddEffect},
		{Name: "end_effect", Args: "(id)", Doc: "ends an effect now with its children; returns the expired list {{id, cause, after, owner, target, parent}...}", Fn: mEndEffect},
		{Name: "end_by_save", Args: "(id)", Doc: "ends an effect that ends on a save (its target saved), with its children; returns the expired list", Fn: mEndBySave},
		{Name: "effect", Args: "(id)", Doc: "returns a live effect {id, owner, target, parent, save, ends, end_tick, turns_left}, or nil", Fn: mEffect},
		{Name: "effects", Args: "()", Doc: "returns the live effects, oldest first, as enc:effect does", Fn: mEffects},
		{Name: "deactivate", Args: "(id)", Doc: "takes a participant out of the fight (down, fled) keeping its place: its steps are skipped", Fn: mDeactivate},
		{Name: "reactivate", Args: "(id)", Doc: "brings a participant back; one with no place in the order rolls (or takes its count) and is inserted at once", Fn: mReactivate},
		{Name: "remove", Args: "(id)", Doc: "deletes a participant from the encounter (its effects stay)", Fn: mRemove},
	}
}

// ---- argument helpers ----

// checkName returns argument n as a non-empty string.
func checkName(L *lua.LState, n int) string {
	s, err := nameOf("", L.Get(n))
	if err != nil {
		argError(L, n, err)
	}
	return s
}

func checkInt(L *lua.LState, n int) int {
	v, err := intOf("", L.Get(n))
	if err != nil {
		argError(L, n, err)
	}
	return v
}

// checkTable returns argument n as a table.
func checkTable(L *lua.LState, n int) *lua.LTable {
	t, err := tableOf("", L.Get(n))
	if err != nil {
		argError(L, n, err)
	}
	return t
}

// optTable returns argument n as a table, or nil when it is nil or absent.
func optTable(L *lua.LState, n int) *lua.LTable {
	if L.Get(n) == lua.LNil {
		return nil
	}
	return checkTable(L, n)
}

func none(L *lua.LState, err error) int {
	raise(L, err)
	return 0
}

// ---- participants and sides ----

// readSpec reads a participant spec at path.
func readSpec(path string, v lua.LValue) (combat.Spec, error) {
	var s combat.Spec
	t, err := tableOf(path, v)
	if err != nil {
		return s, err
	}
	err = readFields(path, t,
		nameField("id", &s.ID),
		nameField("side", &s.Side),
		strField("group", &s.Group),
		intField("init", &s.Modifier),
		intField("score", &s.Score),
		nonNegField("adv", &s.Advantage),
		nonNegField("dis", &s.Disadvantage),
		boolField("aware", &s.Aware),
		boolField("surprised", &s.Surprised),
		boolField("hidden", &s.Hidden),
		fieldFn{Key: "count", Fn: func(p string, v lua.LValue) (err error) { s.HasCount = true; s.Count, err = intOf(p, v); return }},
	)
	switch {
	case err != nil:
	case s.ID == "":
		err = bad(join(path, "id"), "string expected, got nil")
	case s.Side == "":
		err = bad(join(path, "side"), "string expected, got nil")
	}
	return s, err
}

func mAdd(L *lua.LState) int {
	e := Check(L, 1)
	s, err := readSpec("", L.Get(2))
	if err != nil {
		argError(L, 2, err)
	}
	return none(L, e.Add(s))
}

func mAddSide(L *lua.LState) int {
	e := Check(L, 1)
	t := checkTable(L, 2)
	var s combat.SideSpec
	err := readFields("", t, nameField("name", &s.Name), intField("init", &s.Modifier), boolField("hidden", &s.Hidden))
	if err == nil && s.Name == "" {
		err = bad("name", "string expected, got nil")
	}
	if err != nil {
		argError(L, 2, err)
	}
	return none(L, e.AddSide(s))
}

func mJoin(L *lua.LState) int {
	e := Check(L, 1)
	list, err := listOf("", L.Get(2))
	if err != nil {
		argError(L, 2, err)
	}
	specs := make([]combat.Spec, len(list))
	for i, v := range list {
		if specs[i], err = readSpec(item("", i+1), v); err != nil {
			argError(L, 2, err)
		}
	}
	at := combat.JoinRoundStart
	if o := optTable(L, 3); o != nil {
		err := readFields("", o, fieldFn{Key: "at", Fn: func(p string, v lua.LValue) error {
			s, err := strOf(p, v)
			switch {
			case err != nil:
				return err
			case s == "now":
				at = combat.JoinNow
			case s == "round_start":
				at = combat.JoinRoundStart
			default:
				return bad(p, "\"now\" or \"round_start\" expected, got %s", typeName(v))
			}
			return nil
		}})
		if err != nil {
			argError(L, 3, err)
		}
	}
	return none(L, e.Join(specs, at))
}

func mSurprise(L *lua.LState) int {
	e := Check(L, 1)
	list, err := listOf("", L.Get(2))
	if err != nil {
		argError(L, 2, err)
	}
	sides := make([]combat.SideSurprise, len(list))
	for i, v := range list {
		p := item("", i+1)
		s := &sides[i]
		t, err := tableOf(p, v)
		if err == nil {
			err = readFields(p, t,
				nameField("side", &s.Side),
				nonNegField("surprised_on", &s.SurprisedOn),
				fieldFn{Key: "die", Fn: func(p string, v lua.LValue) error {
					d, ok := ParseDie(v, true)
					if !ok {
						return bad(p, "die such as \"1d6\" or 6 expected, got %s", typeName(v))
					}
					s.Die = d
					return nil
				}},
				boolField("cannot_be_surprised", &s.CannotBeSurprised),
			)
		}
		if err == nil && s.Side == "" {
			err = bad(join(p, "side"), "string expected, got nil")
		}
		if err != nil {
			argError(L, 2, err)
		}
	}
	res, err := e.RollSurprise(sides)
	raise(L, err)
	out := L.CreateTable(len(res), 0)
	for _, r := range res {
		t := L.CreateTable(0, 5)
		t.RawSetString("side", lua.LString(r.Side))
		t.RawSetString("rolled", lua.LBool(r.Rolled))
		if r.Rolled {
			t.RawSetString("face", luart.Int(r.Face))
		}
		t.RawSetString("surprised", lua.LBool(r.Surprised))
		t.RawSetString("lost", luart.Int(r.Lost))
		out.Append(t)
	}
	L.Push(out)
	return 1
}

func mSetLostSegments(L *lua.LState) int {
	e := Check(L, 1)
	id := checkName(L, 2)
	n, err := nonNegOf("", L.Get(3))
	if err != nil {
		argError(L, 3, err)
	}
	return none(L, e.SetLostSegments(id, n))
}

func mAdjustLostSegments(L *lua.LState) int {
	e := Check(L, 1)
	return none(L, e.AdjustLostSegments(checkName(L, 2), checkInt(L, 3)))
}

func mSet(L *lua.LState) int {
	e := Check(L, 1)
	id := checkName(L, 2)
	t := checkTable(L, 3)
	var (
		mod, adv, dis, count      int
		aware, surprised          bool
		hasMod, hasAdv, hasDis    bool
		hasAware, hasSurp, hasCnt bool
	)
	err := readFields("", t,
		flagged(intField("init", &mod), &hasMod),
		flagged(nonNegField("adv", &adv), &hasAdv),
		flagged(nonNegField("dis", &dis), &hasDis),
		flagged(boolField("aware", &aware), &hasAware),
		flagged(boolField("surprised", &surprised), &hasSurp),
		flagged(intField("count", &count), &hasCnt),
	)
	if err != nil {
		argError(L, 3, err)
	}
	// Each setter refuses an unknown participant before changing anything.
	// The count goes first: it is the one change the kernel may refuse for
	// a known participant (under side initiative), and a refused change
	// must change nothing.
	if hasCnt {
		raise(L, e.SetInitiative(id, count))
	}
	if hasMod {
		raise(L, e.SetModifier(id, mod))
	}
	if hasAdv || hasDis {
		info, _ := e.Participant(id)
		if !hasAdv {
			adv = info.Advantage
		}
		if !hasDis {
			dis = info.Disadvantage
		}
		raise(L, e.SetInitiativeAdvantage(id, adv, dis))
	}
	if hasAware {
		raise(L, e.SetAware(id, aware))
	}
	if hasSurp {
		raise(L, e.SetSurprised(id, surprised))
	}
	return 0
}

func mSetSide(L *lua.LState) int {
	e := Check(L, 1)
	name := checkName(L, 2)
	t := checkTable(L, 3)
	mod, has := 0, false
	err := readFields("", t, fieldFn{Key: "init", Fn: func(p string, v lua.LValue) (err error) { has = true; mod, err = intOf(p, v); return }})
	if err != nil {
		argError(L, 3, err)
	}
	if has {
		raise(L, e.SetSideModifier(name, mod))
	}
	return 0
}

// ---- time ----

// pushReport pushes the report of an advance of time.
func pushReport(L *lua.LState, e *combat.Encounter, rep *combat.Report, err error) int {
	raise(L, err)
	segs := e.Config().SegmentsPerRound > 0
	tr := L.CreateTable(len(rep.Transitions), 0)
	for _, x := range rep.Transitions {
		t := L.CreateTable(0, 5)
		t.RawSetString("kind", snake(x.Kind.String()))
		t.RawSetString("round", luart.Int(x.Round))
		if segs {
			t.RawSetString("segment", luart.Int(x.Segment))
		}
		if x.ID != "" {
			t.RawSetString("id", lua.LString(x.ID))
			if _, has := e.Count(x.ID); has || x.Count != 0 {
				t.RawSetString("count", luart.Int(x.Count))
			}
		}
		tr.Append(t)
	}
	out := L.CreateTable(0, 2)
	out.RawSetString("transitions", tr)
	out.RawSetString("expired", expiredList(L, rep.Expired))
	L.Push(out)
	return 1
}

// expiredList converts expiries to {{id, cause, after, owner, target, parent}...}.
// ExpiredList converts the effects that ended to {{id, cause, after, owner, target, parent}...}.
func ExpiredList(L *lua.LState, xs []combat.Expiry) *lua.LTable { return expiredList(L, xs) }

func expiredList(L *lua.LState, xs []combat.Expiry) *lua.LTable {
	out := L.CreateTable(len(xs), 0)
	for _, x := range xs {
		t := L.CreateTable(0, 6)
		t.RawSetString("id", lua.LString(x.ID))
		t.RawSetString("cause", snake(x.Cause.String()))
		t.RawSetString("after", luart.Int(x.After))
		setStr(t, "owner", x.Owner)
		setStr(t, "target", x.Target)
		setStr(t, "parent", x.Parent)
		out.Append(t)
	}
	return out
}

// setStr sets t[key] = s unless s is empty.
func setStr(t *lua.LTable, key, s string) {
	if s != "" {
		t.RawSetString(key, lua.LString(s))
	}
}

func mBegin(L *lua.LState) int {
	e := Check(L, 1)
	rep, err := e.Begin()
	return pushReport(L, e, rep, err)
}

func mNextTurn(L *lua.LState) int {
	e := Check(L, 1)
	rep, err := e.NextTurn()
	return pushReport(L, e, rep, err)
}

func mNextSegment(L *lua.LState) int {
	e := Check(L, 1)
	rep, err := e.NextSegment()
	return pushReport(L, e, rep, err)
}

func mNextRound(L *lua.LState) int {
	e := Check(L, 1)
	rep, err := e.NextRound()
	return pushReport(L, e, rep, err)
}

func mReroll(L *lua.LState) int {
	Check(L, 1).Reroll()
	return 0
}

func mRestart(L *lua.LState) int {
	Check(L, 1).Restart()
	return 0
}

// ---- queries ----

func mCurrent(L *lua.LState) int {
	L.Push(strList(L, Check(L, 1).Current()))
	return 1
}

func mOrder(L *lua.LState) int {
	e := Check(L, 1)
	ids := e.Order()
	out := L.CreateTable(len(ids), 0)
	for _, id := range ids {
		t := L.CreateTable(0, 2)
		t.RawSetString("id", lua.LString(id))
		if n, ok := e.Count(id); ok {
			t.RawSetString("count", luart.Int(n))
		}
		out.Append(t)
	}
	L.Push(out)
	return 1
}

func mSteps(L *lua.LState) int {
	steps := Check(L, 1).Steps()
	out := L.CreateTable(len(steps), 0)
	for _, s := range steps {
		out.Append(strList(L, s))
	}
	L.Push(out)
	return 1
}

func mRound(L *lua.LState) int {
	L.Push(luart.Int(Check(L, 1).Round()))
	return 1
}

func mSegment(L *lua.LState) int {
	L.Push(luart.Int(Check(L, 1).Segment()))
	return 1
}

func mElapsed(L *lua.LState) int {
	L.Push(luart.Int(Check(L, 1).Elapsed()))
	return 1
}

func mInSurprise(L *lua.LState) int {
	L.Push(lua.LBool(Check(L, 1).InSurprise()))
	return 1
}

func mRolls(L *lua.LState) int {
	rolls := Check(L, 1).Rolls()
	out := L.CreateTable(len(rolls), 0)
	for _, r := range rolls {
		t := L.CreateTable(0, 10)
		t.RawSetString("who", lua.LString(r.Who))
		t.RawSetString("kind", lua.LString(r.Kind.String()))
		t.RawSetString("round", luart.Int(r.Round))
		t.RawSetString("die", lua.LString(diceText(r.Dice)))
		faces := L.CreateTable(len(r.Faces), 0)
		for _, f := range r.Faces {
			faces.Append(luart.Int(f))
		}
		t.RawSetString("faces", faces)
		t.RawSetString("natural", luart.Int(r.Natural))
		t.RawSetString("modifier", luart.Int(r.Modifier))
		t.RawSetString("total", luart.Int(r.Total))
		t.RawSetString("adv", luart.Int(r.Advantage))
		t.RawSetString("hidden", lua.LBool(r.Hidden))
		out.Append(t)
	}
	L.Push(out)
	return 1
}

func mClearRolls(L *lua.LState) int {
	Check(L, 1).ClearRolls()
	return 0
}

func mParticipant(L *lua.LState) int {
	e := Check(L, 1)
	in, ok := e.Participant(checkName(L, 2))
	if !ok {
		L.Push(lua.LNil)
		return 1
	}
	t := L.CreateTable(0, 17)
	t.RawSetString("id", lua.LString(in.ID))
	t.RawSetString("side", lua.LString(in.Side))
	setStr(t, "group", in.Group)
	t.RawSetString("init", luart.Int(in.Modifier))
	t.RawSetString("score", luart.Int(in.Score))
	t.RawSetString("adv", luart.Int(in.Advantage))
	t.RawSetString("dis", luart.Int(in.Disadvantage))
	t.RawSetString("aware", lua.LBool(in.Aware))
	t.RawSetString("surprised", lua.LBool(in.Surprised))
	t.RawSetString("hidden", lua.LBool(in.Hidden))
	t.RawSetString("active", lua.LBool(in.Active))
	t.RawSetString("waiting", lua.LBool(in.Waiting))
	if in.HasCount {
		t.RawSetString("count", luart.Int(in.Count))
	}
	t.RawSetString("acted", lua.LBool(in.Acted))
	t.RawSetString("delaying", lua.LBool(in.Delaying))
	setStr(t, "readied", in.Readied)
	t.RawSetString("lost_segments", luart.Int(in.LostSegments))
	L.Push(t)
	return 1
}

func mParticipants(L *lua.LState) int {
	L.Push(strList(L, Check(L, 1).Participants()))
	return 1
}

func mSides(L *lua.LState) int {
	e := Check(L, 1)
	names := e.Sides()
	out := L.CreateTable(len(names), 0)
	for _, n := range names {
		t := L.CreateTable(0, 2)
		t.RawSetString("name", lua.LString(n))
		if r, ok := e.SideResult(n); ok {
			t.RawSetString("result", luart.Int(r))
		}
		out.Append(t)
	}
	L.Push(out)
	return 1
}

func mActiveSides(L *lua.LState) int {
	L.Push(strList(L, Check(L, 1).ActiveSides()))
	return 1
}

func mCanAct(L *lua.LState) int {
	e := Check(L, 1)
	L.Push(lua.LBool(e.CanAct(checkName(L, 2))))
	return 1
}

// ---- delay and ready ----

func mDelay(L *lua.LState) int {
	e := Check(L, 1)
	return none(L, e.Delay(checkName(L, 2)))
}

func mResume(L *lua.LState) int {
	e := Check(L, 1)
	return none(L, e.Resume(checkName(L, 2), checkInt(L, 3)))
}

func mReady(L *lua.LState) int {
	e := Check(L, 1)
	return none(L, e.Ready(checkName(L, 2), checkName(L, 3)))
}

func mTrigger(L *lua.LState) int {
	e := Check(L, 1)
	trigger := checkName(L, 2)
	by := ""
	if L.Get(3) != lua.LNil {
		by = checkName(L, 3)
	}
	ids, err := e.Trigger(trigger, by)
	raise(L, err)
	L.Push(strList(L, ids))
	return 1
}

// ---- action budget ----

func mSpend(L *lua.LState) int {
	e := Check(L, 1)
	id, slot := checkName(L, 2), checkName(L, 3)
	raise(L, e.Spend(id, slot))
	n, err := e.Remaining(id, slot)
	raise(L, err)
	L.Push(countValue(n))
	return 1
}

func mRemaining(L *lua.LState) int {
	e := Check(L, 1)
	n, err := e.Remaining(checkName(L, 2), checkName(L, 3))
	raise(L, err)
	L.Push(countValue(n))
	return 1
}

func mSetSlot(L *lua.LState) int {
	e := Check(L, 1)
	id, slot := checkName(L, 2), checkName(L, 3)
	n, err := countOf("", L.Get(4))
	if err != nil {
		argError(L, 4, err)
	}
	return none(L, e.SetSlot(id, slot, n))
}

// ---- effects ----

// endKeys are the keys of an ends table.
var endKeys = []string{"at", "who", "nth", "count", "round", "after", "unit", "rounds_from_now"}

// readEnd reads an effect's ends: "save" (manual, ends on a save) or one
// of the tables of the package documentation. For {rounds_from_now = n} it
// returns n, which the encounter turns into an End.
func readEnd(path string, v lua.LValue, save *bool) (end combat.End, roundsFromNow int, err error) {
	if s, ok := v.(lua.LString); ok {
		if s == "save" {
			*save = true
			return combat.End{}, 0, nil
		}
		return combat.End{}, 0, bad(path, "\"save\" or a table expected, got %s", typeName(v))
	}
	t, ok := v.(*lua.LTable)
	if !ok {
		return combat.End{}, 0, bad(path, "\"save\" or a table expected, got %s", typeName(v))
	}
	var (
		at, who           string
		nth, count, round = 1, 0, 0
		after, fromNow    int
		unit              = combat.UnitRound
		has               = map[string]bool{}
	)
	mark := func(f fieldFn) fieldFn {
		return fieldFn{Key: f.Key, Fn: func(p string, v lua.LValue) error { has[f.Key] = true; return f.Fn(p, v) }}
	}
	err = readFields(path, t,
		mark(strField("at", &at)),
		mark(nameField("who", &who)),
		mark(fieldFn{Key: "nth", Fn: func(p string, v lua.LValue) (err error) { nth, err = posOf(p, v); return }}),
		mark(intField("count", &count)),
		mark(fieldFn{Key: "round", Fn: func(p string, v lua.LValue) (err error) { round, err = nonNegOf(p, v); return }}),
		mark(fieldFn{Key: "after", Fn: func(p string, v lua.LValue) (err error) { after, err = posOf(p, v); return }}),
		mark(fieldFn{Key: "unit", Fn: func(p string, v lua.LValue) (err error) { unit, err = unitOf(p, v); return }}),
		mark(fieldFn{Key: "rounds_from_now", Fn: func(p string, v lua.LValue) (err error) { fromNow, err = posOf(p, v); return }}),
	)
	if err != nil {
		return combat.End{}, 0, err
	}
	// Exactly one form, with only its own keys.
	forms := []struct {
		lead   string
		others []string
	}{{"at", []string{"who", "nth"}}, {"count", []string{"round"}}, {"after", []string{"unit"}}, {"rounds_from_now", nil}}
	lead := ""
	for _, f := range forms {
		if has[f.lead] {
			if lead != "" {
				return combat.End{}, 0, bad(path, "give one of at, count, after or rounds_from_now (got %s and %s)", lead, f.lead)
			}
			lead = f.lead
		}
	}
	if lead == "" {
		return combat.End{}, 0, bad(path, "at, count, after or rounds_from_now expected")
	}
	for _, f := range forms {
		if f.lead != lead {
			continue
		}
		for _, k := range endKeys {
			if has[k] && k != lead && !slices.Contains(f.others, k) {
				return combat.End{}, 0, bad(join(path, k), "does not go with %s", lead)
			}
		}
	}
	switch lead {
	case "at":
		if who == "" {
			return combat.End{}, 0, bad(join(path, "who"), "string expected, got nil")
		}
		switch at {
		case "turn_start":
			return combat.AtTurnStart(who, nth), 0, nil
		case "turn_end":
			return combat.AtTurnEnd(who, nth), 0, nil
		}
		return combat.End{}, 0, bad(join(path, "at"), "\"turn_start\" or \"turn_end\" expected, got %s", typeName(lua.LString(at)))
	case "count":
		if !has["round"] {
			return combat.End{}, 0, bad(join(path, "round"), "integer expected, got nil")
		}
		return combat.AtCount(round, count), 0, nil
	case "after":
		return combat.After(after, unit), 0, nil
	}
	return combat.End{}, fromNow, nil
}

func mAddEffect(L *lua.LState) int {
	e := Check(L, 1)
	t := checkTable(L, 2)
	var s combat.EffectSpec
	var endsV lua.LValue = lua.LNil
	err := readFields("", t,
		nameField("id", &s.ID),
		strField("owner", &s.Owner),
		strField("target", &s.Target),
		strField("parent", &s.Parent),
		boolField("save", &s.SaveEnds),
		fieldFn{Key: "ends", Fn: func(_ string, v lua.LValue) error { endsV = v; return nil }},
	)
	if err == nil && s.ID == "" {
		err = bad("id", "string expected, got nil")
	}
	if err != nil {
		argError(L, 2, err)
	}
	if endsV != lua.LNil {
		save := false
		end, n, err := readEnd("ends", endsV, &save)
		if err != nil {
			argError(L, 2, err)
		}
		if n > 0 {
			end, err = e.RoundsFromNow(n)
			raise(L, err)
		}
		s.End = end
		s.SaveEnds = s.SaveEnds || save
	}
	raise(L, e.AddEffect(s))
	L.Push(lua.LString(s.ID))
	return 1
}

func mEndEffect(L *lua.LState) int {
	e := Check(L, 1)
	xs, err := e.EndEffect(checkName(L, 2))
	raise(L, err)
	L.Push(expiredList(L, xs))
	return 1
}

func mEndBySave(L *lua.LState) int {
	e := Check(L, 1)
	xs, err := e.EndBySave(checkName(L, 2))
	raise(L, err)
	L.Push(expiredList(L, xs))
	return 1
}

// effectTable converts a live effect.
func effectTable(L *lua.LState, f combat.EffectInfo) *lua.LTable {
	t := L.CreateTable(0, 8)
	t.RawSetString("id", lua.LString(f.ID))
	setStr(t, "owner", f.Owner)
	setStr(t, "target", f.Target)
	setStr(t, "parent", f.Parent)
	t.RawSetString("save", lua.LBool(f.SaveEnds))
	x := f.End
	var ends *lua.LTable
	switch x.Kind {
	case combat.EndTurnStart, combat.EndTurnEnd:
		ends = L.CreateTable(0, 3)
		at := "turn_start"
		if x.Kind == combat.EndTurnEnd {
			at = "turn_end"
		}
		ends.RawSetString("at", lua.LString(at))
		ends.RawSetString("who", lua.LString(x.Who))
		ends.RawSetString("nth", luart.Int(max(1, x.Nth)))
		t.RawSetString("turns_left", luart.Int(f.TurnsLeft))
	case combat.EndCount:
		ends = L.CreateTable(0, 2)
		ends.RawSetString("round", luart.Int(x.Round))
		ends.RawSetString("count", luart.Int(x.Count))
	case combat.EndAfter:
		ends = L.CreateTable(0, 2)
		ends.RawSetString("after", luart.Int(x.Amount))
		ends.RawSetString("unit", lua.LString(x.Unit.String()))
		t.RawSetString("end_tick", luart.Int(f.EndTick))
	}
	if ends != nil {
		t.RawSetString("ends", ends)
	}
	return t
}

func mEffect(L *lua.LState) int {
	e := Check(L, 1)
	f, ok := e.Effect(checkName(L, 2))
	if !ok {
		L.Push(lua.LNil)
		return 1
	}
	L.Push(effectTable(L, f))
	return 1
}

func mEffects(L *lua.LState) int {
	fs := Check(L, 1).Effects()
	out := L.CreateTable(len(fs), 0)
	for _, f := range fs {
		out.Append(effectTable(L, f))
	}
	L.Push(out)
	return 1
}

// ---- in and out of the fight ----

func mDeactivate(L *lua.LState) int {
	e := Check(L, 1)
	return none(L, e.Deactivate(checkName(L, 2)))
}

func mReactivate(L *lua.LState) int {
	e := Check(L, 1)
	return none(L, e.Reactivate(checkName(L, 2)))
}

func mRemove(L *lua.LState) int {
	e := Check(L, 1)
	return none(L, e.Remove(checkName(L, 2)))
}
