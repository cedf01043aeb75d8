package grid

import "fmt"

// LightMap gives the light level of a square. Levels are plain integers
// whose meaning scripts choose (for example 0 dark, 1 dim, 2 bright, and -1
// for a darkness that defeats light-boosting senses). A script that needs
// per-viewer light (a sense that doubles light radii) builds one LightMap
// per viewer.
type LightMap interface {
	LightAt(p Pos) int
}

// Lights is a LightMap: a default level plus per-square levels (keyed by
// the full Pos, Z included).
type Lights struct {
	Default int
	Levels  map[Pos]int
}

// LightAt returns the level set for p, or Default.
func (l *Lights) LightAt(p Pos) int {
	if l == nil {
		return 0
	}
	if v, ok := l.Levels[p]; ok {
		return v
	}
	return l.Default
}

// Unlimited is the range of a sense that works at any distance.
const Unlimited = -1

// Sense is a named perception range a creature has (a sense a script calls
// "nightsight" with a range of 60 feet is Sense{Name: "nightsight", Range:
// 60}). Range is in feet; Unlimited (or any negative value) means no limit.
type Sense struct {
	Name  string `json:"name"`
	Range int    `json:"range"`
}

// SenseRule says what a named sense does. Scripts declare one per sense.
type SenseRule struct {
	// Name matches Sense.Name on the viewer.
	Name string
	// LightBoost raises the light level the viewer perceives within range.
	LightBoost int
	// IgnoresLight means light does not matter within range.
	IgnoresLight bool
	// WorksBlinded means the sense works while the viewer is blinded.
	WorksBlinded bool
	// SeesInvisible means the sense perceives invisible targets.
	SeesInvisible bool
	// ThroughObstacles means Full squares do not stop the sense.
	ThroughObstacles bool
	// NotSight marks a sense that locates but does not see: a target
	// perceived only this way is reported as Detected, not seen.
	NotSight bool
}

// SightPolicy configures Sees. Scripts build one per rule system.
type SightPolicy struct {
	// Grid measures distances to compare with sense and sight ranges.
	Grid Grid
	// MinLight is the lowest light level at which ordinary sight (and any
	// sense that does not ignore light) perceives a target.
	MinLight int
	// MaxLight caps the effective light level reported in Reason.Light
	// (a boost cannot make a square brighter than this); 0 means no cap.
	MaxLight int
	// Rules are the special senses, tried in order after ordinary sight.
	Rules []SenseRule
}

// Viewer is the looking side of a Sees query.
type Viewer struct {
	Body
	Senses []Sense
	// Blinded viewers see only through senses that work blinded.
	Blinded bool
	// SightRange limits ordinary sight; 0 or Unlimited means no limit.
	SightRange int
}

// Target is the seen side of a Sees query.
type Target struct {
	Body
	// Invisible targets are perceived only by senses that see invisible.
	Invisible bool
}

// ReasonCode says why Sees answered as it did.
type ReasonCode uint8

// The reasons.
const (
	// BySight: ordinary sight perceives the target.
	BySight ReasonCode = iota
	// BySense: the sense named in Reason.Sense perceives the target.
	BySense
	// Detected: only a NotSight sense perceives the target (Sees is false).
	Detected
	// Blind: the viewer is blinded and no sense helps.
	Blind
	// Blocked: Full squares block every line and no sense passes them.
	Blocked
	// Unseeable: the target is invisible and no sense sees invisible.
	Unseeable
	// TooDark: the target's squares are darker than MinLight for every
	// sense that needs light.
	TooDark
	// OutOfRange: the target is beyond ordinary sight and every sense.
	OutOfRange
)

var reasonNames = [...]string{"sight", "sense", "detected", "blinded", "blocked", "invisible", "dark", "out of range"}

// String returns a short name for the reason code.
func (r ReasonCode) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", int(r))
}

// Reason explains a Sees answer.
type Reason struct {
	Code ReasonCode
	// Sense is the sense that decided (BySense, Detected), else "".
	Sense string
	// Light is the effective light level at the target for the deciding
	// channel (see Sees). Scripts derive obscurement from it: a target seen
	// in dim light is still seen, but lightly obscured.
	Light int
}

// String renders the reason, e.g. "sense nightsight (light 1)".
func (r Reason) String() string {
	if r.Sense != "" {
		return fmt.Sprintf("%s %s (light %d)", r.Code, r.Sense, r.Light)
	}
	return fmt.Sprintf("%s (light %d)", r.Code, r.Light)
}

// Sees reports whether viewer a perceives target b by sight (or a
// sight-like sense), and why.
//
// Channels are ordinary sight and then p.Rules in order. A channel works
// when: the viewer is not blinded (unless WorksBlinded); the target is not
// invisible (unless SeesInvisible); some centre-to-centre line between the
// bodies avoids Full squares (unless ThroughObstacles); the target is
// within range (ordinary sight: SightRange; a sense: the viewer's
// Sense.Range, which it must have); and the effective light is at least
// MinLight. The effective light is the brightest level over the target's
// squares plus LightBoost, capped at MaxLight; a sense that IgnoresLight
// always works whatever the light and reports MaxLight (or, when MaxLight
// is 0, the effective level raised to at least MinLight).
//
// Of the working sight-like channels, the one reporting the brightest light
// decides (ties go to ordinary sight, then rule order), so a light-boosting
// sense improves a dim view. When only NotSight senses work, the answer is
// (false, Detected) by the first of them. When nothing works, the reason is
// ordinary sight's first failure in the order blinded, out of range,
// blocked, invisible, dark.
//
// light may be nil (every square at level 0); obs may be nil (no
// obstacles). Sees does not allocate.
func (p *SightPolicy) Sees(a Viewer, b Target, light LightMap, obs *Obstacles) (bool, Reason) {
	dist := p.Grid.Between(a.Body, b.Body)
	lvl := brightest(b.Body, light)
	losKnown, los := false, false
	lineOK := func() bool {
		if !losKnown {
			los, losKnown = obs.LineOfSight(a.Body, b.Body), true
		}
		return los
	}

	var best Reason
	seen := false
	var fail Reason
	switch {
	case a.Blinded:
		fail = Reason{Code: Blind, Light: p.cap(lvl)}
	case a.SightRange > 0 && dist > a.SightRange:
		fail = Reason{Code: OutOfRange, Light: p.cap(lvl)}
	case !lineOK():
		fail = Reason{Code: Blocked, Light: p.cap(lvl)}
	case b.Invisible:
		fail = Reason{Code: Unseeable, Light: p.cap(lvl)}
	case lvl < p.MinLight:
		fail = Reason{Code: TooDark, Light: p.cap(lvl)}
	default:
		best, seen = Reason{Code: BySight, Light: p.cap(lvl)}, true
	}

	detected := Reason{}
	found := false
	for i := range p.Rules {
		r := &p.Rules[i]
		rng, ok := senseRange(a.Senses, r.Name)
		if !ok || (rng >= 0 && dist > rng) {
			continue
		}
		if a.Blinded && !r.WorksBlinded {
			continue
		}
		if b.Invisible && !r.SeesInvisible {
			continue
		}
		if !r.ThroughObstacles && !lineOK() {
			continue
		}
		eff := p.cap(lvl + r.LightBoost)
		if r.IgnoresLight {
			if p.MaxLight != 0 {
				eff = p.MaxLight
			} else if eff < p.MinLight {
				eff = p.MinLight
			}
		} else if eff < p.MinLight {
			continue
		}
		if r.NotSight {
			if !found {
				detected, found = Reason{Code: Detected, Sense: r.Name, Light: eff}, true
			}
			continue
		}
		if !seen || eff > best.Light {
			best, seen = Reason{Code: BySense, Sense: r.Name, Light: eff}, true
		}
	}
	switch {
	case seen:
		return true, best
	case found:
		return false, detected
	}
	return false, fail
}

func (p *SightPolicy) cap(l int) int {
	if p.MaxLight != 0 && l > p.MaxLight {
		return p.MaxLight
	}
	return l
}

// brightest returns the highest light level over b's squares.
func brightest(b Body, light LightMap) int {
	if light == nil {
		return 0
	}
	w, h := b.Space.Dims()
	best := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := light.LightAt(Pos{X: b.Pos.X + x, Y: b.Pos.Y + y, Z: b.Pos.Z})
			if (x == 0 && y == 0) || v > best {
				best = v
			}
		}
	}
	return best
}

func senseRange(s []Sense, name string) (int, bool) {
	for i := range s {
		if s[i].Name == name {
			return s[i].Range, true
		}
	}
	return 0, false
}
