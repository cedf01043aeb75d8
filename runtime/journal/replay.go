package journal

import (
	"encoding/json"
	"strconv"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/rng"
)

// Replayer rebuilds a session's state: the runtime in the REPL, a toy in
// tests. It holds the state; the journal drives it.
//
// Replay is exact only when Apply is a function of the state, the command
// and the dice it draws from src: no wall clock, no map iteration order, no
// other source of randomness.
type Replayer interface {
	// Reset puts the state back to the session's initial state (s.Initial,
	// read with s.Config).
	Reset(s *Session) error
	// Apply runs one command: it draws every die from src and appends its
	// entries (rolls, checks, state changes, decisions) to log.
	Apply(cmd json.RawMessage, src *rng.Source, log *Journal) error
}

// Snapshotter is a Replayer that can also write its current state, for the
// save file's snapshot.
type Snapshotter interface {
	Snapshot() (json.RawMessage, error)
}

// Runner is a live session: a Replayer, its dice and its log, and the
// commands that made them.
type Runner struct {
	sess *Session
	rep  Replayer
	src  *rng.Source
	log  *Journal
}

// Start opens session s on rep: it resets rep and replays s's commands.
// The Runner keeps its own copy of s.
func Start(s *Session, rep Replayer) (*Runner, error) {
	c, err := s.clone()
	if err != nil {
		return nil, err
	}
	r := &Runner{sess: c, rep: rep}
	if err := r.rebuild(c.Commands); err != nil {
		return nil, err
	}
	return r, nil
}

// Replay rebuilds s on rep from scratch and returns the log and the dice
// source in the state the commands left them.
func Replay(s *Session, rep Replayer) (*Journal, *rng.Source, error) {
	r, err := Start(s, rep)
	if err != nil {
		return nil, nil, err
	}
	return r.log, r.src, nil
}

// replay runs cmds from the initial state on a fresh source and log.
func replay(s *Session, rep Replayer, cmds []json.RawMessage) (*rng.Source, *Journal, error) {
	src := rng.New(s.Seed)
	log := New()
	if err := rep.Reset(s); err != nil {
		return nil, nil, during(err, "resetting to the initial state")
	}
	for i, cmd := range cmds {
		if err := apply(rep, cmd, src, log); err != nil {
			return nil, nil, during(err, "replaying command "+strconv.Itoa(i+1))
		}
	}
	return src, log, nil
}

// apply logs cmd as a command entry, then runs it.
func apply(rep Replayer, cmd json.RawMessage, src *rng.Source, log *Journal) error {
	if _, err := log.Append(Entry{Kind: KindCommand, Payload: cmd}); err != nil {
		return err
	}
	return rep.Apply(cmd, src, log)
}

// during names what was being done in err (errs.Within), keeping an
// *errs.Error's kind.
func during(err error, what string) error { return errs.Within(err, "journal", what) }

// rebuild makes cmds the session's commands and replays them.
func (r *Runner) rebuild(cmds []json.RawMessage) error {
	src, log, err := replay(r.sess, r.rep, cmds)
	if err != nil {
		return err
	}
	r.sess.Commands, r.src, r.log = cmds, src, log
	return nil
}

// Do runs one command and adds it to the session. The log gets a command
// entry, then the command's own entries. When the command fails, the
// session is rolled back by replay (state, log and dice as before the
// command) and the command's error is returned.
func (r *Runner) Do(cmd json.RawMessage) error {
	c, err := canonValue(cmd, "command")
	if err != nil {
		return err
	}
	if c == nil {
		return errs.New(errs.Usage, "journal", "empty command")
	}
	if err := apply(r.rep, c, r.src, r.log); err != nil {
		if rerr := r.rebuild(r.sess.Commands); rerr != nil {
			return &errs.Error{Kind: errs.Internal, Layer: "journal",
				Msg:  "a failed command could not be rolled back: " + rerr.Error(),
				Hint: "the rules are not deterministic: replaying the same commands failed; save the log and report it",
				Err:  err}
		}
		return err
	}
	r.sess.Commands = append(r.sess.Commands, c)
	return nil
}

// Undo drops the last n commands and rebuilds the state, the log and the
// dice by replaying the others from the initial state.
func (r *Runner) Undo(n int) error {
	have := len(r.sess.Commands)
	if n < 0 || n > have {
		e := errs.New(errs.Usage, "journal", "cannot undo %d command(s): the session has %d", n, have)
		e.Hint = "give a number from 0 to " + strconv.Itoa(have)
		return e
	}
	if n == 0 {
		return nil
	}
	keep := r.sess.Commands[: have-n : have-n]
	if err := r.rebuild(keep); err != nil {
		old := r.sess.Commands
		if rerr := r.rebuild(old); rerr != nil {
			return &errs.Error{Kind: errs.Internal, Layer: "journal", Msg: "undo failed and the session could not be restored: " + rerr.Error(), Err: err}
		}
		return err
	}
	return nil
}

// Journal returns the live log. It is replaced by Undo and by a failed Do:
// ask again after either.
func (r *Runner) Journal() *Journal { return r.log }

// Source returns the session's dice. Like Journal, it is replaced by Undo.
func (r *Runner) Source() *rng.Source { return r.src }

// Commands returns how many commands the session has.
func (r *Runner) Commands() int { return len(r.sess.Commands) }

// Session returns a copy of the session, ready for Save. When the Replayer
// is a Snapshotter, its current state is the snapshot.
func (r *Runner) Session() (*Session, error) {
	c, err := r.sess.clone()
	if err != nil {
		return nil, err
	}
	if sn, ok := r.rep.(Snapshotter); ok {
		snap, err := sn.Snapshot()
		if err != nil {
			return nil, during(err, "taking a snapshot")
		}
		if c.Snapshot, err = canonValue(snap, "snapshot"); err != nil {
			return nil, err
		}
	}
	return c, nil
}
