package combat

import "strings"

// Unit is a unit of game time.
type Unit uint8

const (
	// UnitSegment is 1/Config.SegmentsPerRound of a round.
	UnitSegment Unit = iota + 1
	// UnitRound is one round.
	UnitRound
	// UnitTurn is the system's "turn" as a span of time,
	// Config.RoundsPerTurn rounds; it is not a participant's turn.
	UnitTurn
	// UnitSecond converts through Config.RoundSeconds, as do the units
	// after it.
	UnitSecond
	// UnitMinute is 60 seconds.
	UnitMinute
	// UnitHour is 60 minutes.
	UnitHour
	// UnitDay is 24 hours.
	UnitDay
)

var unitNames = [...]string{"", "segment", "round", "turn", "second", "minute", "hour", "day"}

// String returns the unit's singular name ("round").
func (u Unit) String() string {
	if int(u) < len(unitNames) && u > 0 {
		return unitNames[u]
	}
	return "unit(?)"
}

// ParseUnit reads a unit name, singular or plural ("round", "minutes").
func ParseUnit(s string) (Unit, error) {
	t := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "s")
	for i := 1; i < len(unitNames); i++ {
		if unitNames[i] == t {
			return Unit(i), nil
		}
	}
	return 0, ruleErr("unknown time unit %q", s)
}

// length returns the length of one u as the fraction num/den of a round.
func (c *Config) length(u Unit) (num, den int, err error) {
	secs := func(n int) (int, int, error) {
		if c.RoundSeconds <= 0 {
			return 0, 0, ruleErr("time in %ss needs the round length in seconds (Config.RoundSeconds)", u)
		}
		return n, c.RoundSeconds, nil
	}
	switch u {
	case UnitSegment:
		if c.SegmentsPerRound <= 0 {
			return 0, 0, ruleErr("this system's rounds have no segments")
		}
		return 1, c.SegmentsPerRound, nil
	case UnitRound:
		return 1, 1, nil
	case UnitTurn:
		if c.RoundsPerTurn <= 0 {
			return 0, 0, ruleErr("this system has no turn as a span of time (Config.RoundsPerTurn)")
		}
		return c.RoundsPerTurn, 1, nil
	case UnitSecond:
		return secs(1)
	case UnitMinute:
		return secs(60)
	case UnitHour:
		return secs(3600)
	case UnitDay:
		return secs(86400)
	}
	return 0, 0, ruleErr("unknown time unit %d", u)
}

// Convert returns amount units "from" expressed in units "to". The result
// must be a whole number: 5 seconds in a system whose rounds last 6 is an
// error, not a rounding.
func (c *Config) Convert(amount int, from, to Unit) (int, error) {
	fn, fd, err := c.length(from)
	if err != nil {
		return 0, err
	}
	tn, td, err := c.length(to)
	if err != nil {
		return 0, err
	}
	num := amount * fn * td
	den := fd * tn
	if num%den != 0 {
		e := ruleErr("%d %ss is not a whole number of %ss", amount, from, to)
		e.Hint = "give the duration in a unit this system can count"
		return 0, e
	}
	return num / den, nil
}

// tickUnit is the unit the clock counts: segments when rounds have them.
func (c *Config) tickUnit() Unit {
	if c.SegmentsPerRound > 0 {
		return UnitSegment
	}
	return UnitRound
}

// Ticks converts amount units to clock ticks (segments when rounds have
// segments, rounds otherwise). amount must be positive.
func (c *Config) Ticks(amount int, u Unit) (int, error) {
	if amount <= 0 {
		return 0, ruleErr("a duration must be positive (got %d %ss)", amount, u)
	}
	return c.Convert(amount, u, c.tickUnit())
}
