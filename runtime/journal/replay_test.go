package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// counter is a toy rules runtime: a number that commands change with dice.
type counter struct {
	n      int
	resets int
}

type counterCmd struct {
	Op    string `json:"op"`
	Die   int    `json:"die,omitempty"`
	Count int    `json:"count,omitempty"`
	Faces []int  `json:"faces,omitempty"`
}

func (c *counter) Reset(s *Session) error {
	var init struct {
		N int `json:"n"`
	}
	if len(s.Initial) > 0 {
		if err := json.Unmarshal(s.Initial, &init); err != nil {
			return err
		}
	}
	c.n = init.N
	c.resets++
	return nil
}

func (c *counter) Apply(raw json.RawMessage, src *rng.Source, log *Journal) error {
	var cmd counterCmd
	if err := json.Unmarshal(raw, &cmd); err != nil {
		return errs.New(errs.Usage, "toy", "bad command %s", raw)
	}
	t := Time{Round: c.n % 3}
	switch cmd.Op {
	case "add", "sub", "add-then-fail":
		faces := make([]int, cmd.Count)
		total := 0
		for i := range faces {
			f, err := src.Roll(1, cmd.Die)
			if err != nil {
				return err
			}
			faces[i], total = f, total+f
		}
		if _, err := log.Record(KindRoll, t, map[string]any{"die": cmd.Die, "faces": faces, "total": total}); err != nil {
			return err
		}
		before := c.n
		if cmd.Op == "sub" {
			c.n -= total
		} else {
			c.n += total
		}
		if _, err := log.RecordChange(KindState, t, map[string]string{"field": "n"}, before, c.n); err != nil {
			return err
		}
		if cmd.Op == "add-then-fail" {
			return errs.New(errs.Script, "toy", "failed after changing the state")
		}
	case "force":
		src.Force(cmd.Faces...)
		_, err := log.Record(KindDecision, t, map[string]any{"forced": cmd.Faces})
		return err
	default:
		return errs.New(errs.Usage, "toy", "unknown op %q", cmd.Op)
	}
	return nil
}

func (c *counter) Snapshot() (json.RawMessage, error) {
	return json.Marshal(map[string]int{"n": c.n})
}

func cmd(s string) json.RawMessage { return json.RawMessage(s) }

var toyCommands = []json.RawMessage{
	cmd(`{"op":"add","die":6,"count":3}`),
	cmd(`{"op":"force","faces":[20]}`),
	cmd(`{"op":"add","die":20,"count":1}`),
	cmd(`{"op":"sub","die":4,"count":2}`),
	cmd(`{"op":"add","die":100,"count":2}`),
	cmd(`{"op":"add","die":8,"count":4}`),
	cmd(`{"op":"sub","die":10,"count":1}`),
}

// point is what a session looked like after some commands.
type point struct {
	n    int
	log  string
	next uint64 // the next random draw
}

func snap(r *Runner, c *counter) point {
	// Peek at the dice without disturbing them: a clone of the stream.
	return point{c.n, string(r.Journal().AppendJSONL(nil)), peek(r)}
}

// peek returns the next raw draw of the runner's source by replaying into
// a throwaway counter, so the live source is not advanced.
func peek(r *Runner) uint64 {
	s, _ := r.Session()
	_, src, err := Replay(s, &counter{})
	if err != nil {
		panic(err)
	}
	return src.Uint64()
}

func TestUndoRestoresStateLogAndDice(t *testing.T) {
	c := &counter{}
	r, err := Start(&Session{Seed: 42, Initial: cmd(`{"n":5}`)}, c)
	if err != nil {
		t.Fatal(err)
	}
	points := []point{snap(r, c)}
	for _, cm := range toyCommands {
		if err := r.Do(cm); err != nil {
			t.Fatal(err)
		}
		points = append(points, snap(r, c))
	}
	if strings.Count(points[len(points)-1].log, `"kind":"command"`) != len(toyCommands) {
		t.Fatal("not every command was logged")
	}
	if !strings.Contains(points[3].log, `"faces":[20]`) {
		t.Fatal("the forced face was not used")
	}
	tests := []struct {
		undo int
		want int // index into points
	}{{0, 7}, {3, 4}, {1, 3}, {3, 0}}
	for _, tt := range tests {
		if err := r.Undo(tt.undo); err != nil {
			t.Fatal(err)
		}
		if got := snap(r, c); got != points[tt.want] {
			t.Fatalf("undo %d: state %d, want %d;\nlog\n%s\nwant\n%s", tt.undo, got.n, points[tt.want].n, got.log, points[tt.want].log)
		}
		if r.Commands() != tt.want {
			t.Fatalf("undo %d left %d commands, want %d", tt.undo, r.Commands(), tt.want)
		}
	}
	// Doing the commands again after undoing them all reproduces the run.
	for i, cm := range toyCommands {
		if err := r.Do(cm); err != nil {
			t.Fatal(err)
		}
		if got := snap(r, c); got != points[i+1] {
			t.Fatalf("redo of command %d: state %d, want %d", i+1, got.n, points[i+1].n)
		}
	}
}

func TestUndoThreeGivesStateOfThreeCommandsAgo(t *testing.T) {
	c := &counter{}
	r, _ := Start(&Session{Seed: 3}, c)
	var before point
	for i, cm := range toyCommands {
		if i == len(toyCommands)-3 {
			before = snap(r, c)
		}
		if err := r.Do(cm); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Undo(3); err != nil {
		t.Fatal(err)
	}
	if got := snap(r, c); got != before {
		t.Fatalf("after undo 3: %d, want %d", got.n, before.n)
	}
}

func TestUndoErrors(t *testing.T) {
	r, _ := Start(&Session{Seed: 1, Commands: toyCommands[:2]}, &counter{})
	for _, n := range []int{-1, 3, 100} {
		err := r.Undo(n)
		var e *errs.Error
		if !errors.As(err, &e) || e.Kind != errs.Usage || !strings.Contains(e.Msg, "the session has 2") || e.Hint != "give a number from 0 to 2" {
			t.Fatalf("Undo(%d) = %v", n, err)
		}
	}
	if r.Commands() != 2 {
		t.Fatal("a refused undo changed the session")
	}
}

func TestFailedCommandLeavesNoTrace(t *testing.T) {
	tests := []struct {
		name string
		cmd  json.RawMessage
		kind errs.Kind
	}{
		{"fails after changing the state", cmd(`{"op":"add-then-fail","die":6,"count":2}`), errs.Script},
		{"unknown op", cmd(`{"op":"zap"}`), errs.Usage},
		{"forced face does not fit", cmd(`{"op":"add","die":4,"count":1}`), -1},
		{"not JSON", cmd(`{op}`), errs.Rule},
		{"empty", nil, errs.Usage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &counter{}
			r, _ := Start(&Session{Seed: 9}, c)
			for _, cm := range toyCommands[:3] {
				_ = r.Do(cm)
			}
			if tt.kind == -1 {
				// A forced 20 will not fit the d4: Roll fails mid-command.
				_ = r.Do(cmd(`{"op":"force","faces":[20]}`))
			}
			before := snap(r, c)
			err := r.Do(tt.cmd)
			if err == nil {
				t.Fatal("the command succeeded")
			}
			var e *errs.Error
			var fe *rng.ForcedError
			if tt.kind == -1 {
				if !errors.As(err, &fe) {
					t.Fatalf("got %v", err)
				}
			} else if !errors.As(err, &e) || e.Kind != tt.kind {
				t.Fatalf("got %v, want kind %s", err, tt.kind)
			}
			if got := snap(r, c); got != before {
				t.Fatalf("state %d log\n%s\nwant %d\n%s", got.n, got.log, before.n, before.log)
			}
			// The next command sees the dice it would have seen.
			ref := &counter{}
			rr, _ := Start(&Session{Seed: 9, Commands: r.sess.Commands}, ref)
			_ = rr.Do(toyCommands[4])
			_ = r.Do(toyCommands[4])
			if c.n != ref.n || string(r.Journal().AppendJSONL(nil)) != string(rr.Journal().AppendJSONL(nil)) {
				t.Fatal("the failed command disturbed later commands")
			}
		})
	}
}

func TestStartErrors(t *testing.T) {
	_, err := Start(&Session{Seed: 1, Commands: []json.RawMessage{toyCommands[0], cmd(`{"op":"zap"}`)}}, &counter{})
	var e *errs.Error
	if !errors.As(err, &e) || !slices.Equal(e.During, []string{"replaying command 2"}) || e.Kind != errs.Usage {
		t.Fatalf("got %v", err)
	}
	_, err = Start(&Session{Seed: 1, Initial: cmd(`"x"`)}, &counter{})
	if !errors.As(err, &e) || !slices.Equal(e.During, []string{"resetting to the initial state"}) || e.Kind != errs.Script {
		t.Fatalf("got %v", err)
	}
	if _, err := Start(&Session{Config: cmd(`{`)}, &counter{}); err == nil {
		t.Fatal("started a session with a bad config")
	}
}

// TestSaveLoadReplay: a session encoded and decoded replays to the same state
// and the same log, byte for byte.
func TestSaveLoadReplay(t *testing.T) {
	c := &counter{}
	r, _ := Start(&Session{Seed: 77, Initial: cmd(`{"n":1}`), Config: cmd(`{"ruleset":"toy"}`)}, c)
	for _, cm := range toyCommands {
		if err := r.Do(cm); err != nil {
			t.Fatal(err)
		}
	}
	s, err := r.Session()
	if err != nil {
		t.Fatal(err)
	}
	if string(s.Snapshot) != fmt.Sprintf(`{"n":%d}`, c.n) {
		t.Fatalf("snapshot %s, state %d", s.Snapshot, c.n)
	}
	data, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := Decode("s.json", data)
	if err != nil {
		t.Fatal(err)
	}
	c2 := &counter{}
	r2, err := Start(loaded, c2)
	if err != nil {
		t.Fatal(err)
	}
	if c2.n != c.n || !bytes.Equal(r2.Journal().AppendJSONL(nil), r.Journal().AppendJSONL(nil)) {
		t.Fatal("the loaded session replays differently")
	}
	if err := CheckReplay(loaded, &counter{}, r.Journal().AppendJSONL(nil)); err != nil {
		t.Fatal(err)
	}
}

// drifted is the counter with a rule changed: sub rolls one more die.
type drifted struct{ counter }

func (d *drifted) Apply(raw json.RawMessage, src *rng.Source, log *Journal) error {
	var c counterCmd
	_ = json.Unmarshal(raw, &c)
	if c.Op == "sub" {
		c.Count++
		raw, _ = json.Marshal(c)
	}
	return d.counter.Apply(raw, src, log)
}

func TestCheckReplayMismatch(t *testing.T) {
	s := &Session{Seed: 5, Commands: toyCommands}
	log, _, err := Replay(s, &counter{})
	if err != nil {
		t.Fatal(err)
	}
	saved := log.AppendJSONL(nil)
	err = CheckReplay(s, &drifted{}, saved)
	var e *errs.Error
	var m *Mismatch
	if !errors.As(err, &e) || e.Kind != errs.Failed || e.Layer != "journal" || !errors.As(err, &m) {
		t.Fatalf("got %v", err)
	}
	// The first sub is command 4; its roll entry is the first that differs.
	first, _ := log.At(m.Seq)
	if first.Kind != KindRoll || !strings.Contains(string(first.Payload), `"die":4`) {
		t.Fatalf("first difference at %d: %s", m.Seq, first)
	}
	if string(m.Want) != first.String() || m.Got == nil || bytes.Equal(m.Want, m.Got) {
		t.Fatalf("mismatch %+v", m)
	}
	if !strings.Contains(e.Msg, fmt.Sprintf("entry %d differs", m.Seq)) || !strings.Contains(e.Msg, "saved:  "+string(m.Want)) {
		t.Fatalf("message %q", e.Msg)
	}
	// A replay that fails reports its own error.
	bad := &Session{Seed: 5, Commands: []json.RawMessage{cmd(`{"op":"zap"}`)}}
	if err := CheckReplay(bad, &counter{}, saved); !errors.As(err, &e) || e.Kind != errs.Usage {
		t.Fatalf("got %v", err)
	}
}

func TestDiff(t *testing.T) {
	l1 := `{"seq":1,"kind":"command"}`
	l2 := `{"seq":2,"kind":"roll","payload":{"total":3}}`
	l2b := `{"seq":2,"kind":"roll","payload":{"total":4}}`
	l3 := `{"seq":3,"kind":"state"}`
	tests := []struct {
		name        string
		want, got   string
		line        int
		seq         uint64
		wantW, gotW string // "-" for nil
	}{
		{"equal", l1 + "\n" + l2 + "\n", l1 + "\n" + l2 + "\n", 0, 0, "", ""},
		{"both empty", "", "", 0, 0, "", ""},
		{"changed entry", l1 + "\n" + l2 + "\n" + l3 + "\n", l1 + "\n" + l2b + "\n" + l3 + "\n", 2, 2, l2, l2b},
		{"replay longer", l1 + "\n", l1 + "\n" + l2 + "\n", 2, 2, "-", l2},
		{"replay shorter", l1 + "\n" + l2 + "\n", l1 + "\n", 2, 2, l2, "-"},
		{"saved empty", "", l1 + "\n", 1, 1, "-", l1},
		{"missing final newline", l1, l1 + "\n", 1, 1, l1, l1},
		{"not JSON", "x\n", "y\n", 1, 1, "x", "y"},
	}
	for _, tt := range tests {
		m := Diff([]byte(tt.want), []byte(tt.got))
		if tt.line == 0 {
			if m != nil {
				t.Errorf("%s: %v", tt.name, m)
			}
			continue
		}
		show := func(b []byte) string {
			if b == nil {
				return "-"
			}
			return string(b)
		}
		if m == nil || m.Line != tt.line || m.Seq != tt.seq || show(m.Want) != tt.wantW || show(m.Got) != tt.gotW {
			t.Errorf("%s: got %+v", tt.name, m)
		}
	}
	m := Diff([]byte(l1+"\n"), nil)
	if !strings.Contains(m.Error(), "replay: (no entry)") {
		t.Errorf("message %q", m.Error())
	}
}
