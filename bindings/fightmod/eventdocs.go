package fightmod

// EventDoc documents one event a fight raises: when, what its payload
// holds (the table a Lua hook gets) and what a hook may change.
type EventDoc struct {
	Name, When, Payload, Writable string
}

const (
	attackPayload = "attacker, target (creature handles), attack (its name), ranged, reach, adv, dis (advantage and disadvantage levels), bonus, natural, total, needed (the roll and what it had to reach), hit, crit, threat, confirm_natural, confirm_total (the confirmation roll, nil when none), damage, damage_type (the first part's), parts = {{type, amount, taken}...}, hp_lost, past_zero, cancelled, reason"
	turnPayload   = "fighter (a creature handle, nil for a round or the encounter), round, acted, skip, cancelled"
)

// EventDocs are the events of runtime/fight, in the order a fight raises
// them. Every hook may also cancel its event (rules.cancel(e), or
// e.cancelled = true): the later hooks and the event's own work do not run.
var EventDocs = []EventDoc{
	{"encounter.start", "once, before initiative (surprise and set-up hooks)", turnPayload, "-"},
	{"round.start", "at the start of each round", turnPayload, "-"},
	{"turn.start", "at the start of a creature's turn", turnPayload, "skip (the creature loses the turn)"},
	{"turn.act", "when a creature that plays itself acts", turnPayload, "acted (the hook took its action: the default attack is skipped)"},
	{"attack.declare", "an attack is declared, before the roll", attackPayload, "adv, dis, bonus"},
	{"attack.roll", "phases modify (before the d20), roll, result (after it)", attackPayload, "adv, dis, bonus (modify); hit, crit (result)"},
	{"damage.roll", "after a hit's damage dice (modify before, result after)", attackPayload, "damage (result: the total to apply)"},
	{"damage.apply", "damage is applied to the target (modify before, after after)", attackPayload, "damage (modify)"},
	{"damage.massive", "a hit of the rules' massive damage or more left its target alive (where a rule system rolls the save that kills)", attackPayload, "kill the target (fight.kill) to end it"},
	{"creature.down", "a creature drops out of the fight (0 hit points)", attackPayload, "cancel it to keep the creature in (a last stand)"},
	{"creature.dying", "a creature that is dying rather than dead went down", attackPayload, "-"},
	{"dying.turn", "a dying creature's turn, before its dying save", turnPayload, "-"},
	{"move.step", "a creature is about to step into a square", "none for scripts yet (the kernel's MoveEvent has no Lua view)", "cancel it to stop the move"},
	{"move.reach", "a step would leave a hostile creature's reach", "none for scripts yet", "cancel it: no opportunity attack"},
	{"turn.end", "at the end of a creature's turn", turnPayload, "-"},
	{"round.end", "after the last turn of a round", turnPayload, "-"},
	{"encounter.end", "once, when the fight is over", turnPayload, "-"},
}
