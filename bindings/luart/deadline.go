package luart

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// trialClock is the reusable deadline of a runtime's outermost calls: a
// batch worker enters the runtime once per trial, and each entry arms the
// same timer and context again instead of making a context, a timer and
// closures per trial. A context stays in use until it is done (a deadline
// passed, or its parent was cancelled); the next entry then makes a fresh
// one.
type trialClock struct {
	r       *Runtime
	mu      sync.Mutex
	parent  context.Context
	ctx     *trialCtx
	stop    func() bool // stops the parent's cancellation hook
	timer   *time.Timer
	gen     int // the timer's generation: a late call of a replaced timer does nothing
	armed   bool
	leaveFn func()
}

// trialCtx is a context whose Done channel the trialClock closes.
type trialCtx struct {
	parent context.Context
	mu     sync.Mutex
	done   chan struct{}
	err    error
	ended  atomic.Bool // done is closed
}

// vmCtx is the trial's context as the Lua state holds it
// (LState.SetContext). gopher-lua's VM asks the state's context for its
// Done channel and selects on it before every instruction, and selecting
// on an open channel costs several times selecting on none: over the
// thousands of instructions of a Lua-heavy trial, 7% of it. So vmCtx's
// Done is nil while the trial runs and the trial's closed channel once it
// has ended (deadline, Ctrl-C, memory budget): the next instruction's
// select sees it and raises the error, as with the channel itself.
//
// That breaks context's rule that Done gives the same value each call,
// which is safe only because nothing but the VM's select reads it: the
// sandbox opens no coroutine library, so gopher-lua never derives a
// thread's context from it (LState.NewThread; TestNoCoroutines), and the
// Go functions that look at the state's context (checkBudget, dice.dist)
// ask its Err, which vmCtx takes from the trial's context, as it does
// Value (so context.Cause) and Deadline.
type vmCtx struct{ *trialCtx }

func (c vmCtx) Done() <-chan struct{} {
	if c.ended.Load() {
		return c.done
	}
	return nil
}

// Deadline reports no fixed deadline: the time budget restarts at every
// entry.
func (c *trialCtx) Deadline() (time.Time, bool) { return time.Time{}, false }
func (c *trialCtx) Done() <-chan struct{}       { return c.done }
func (c *trialCtx) Value(key any) any           { return c.parent.Value(key) }
func (c *trialCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// end closes the context with err, once.
func (c *trialCtx) end(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		c.err = err
		close(c.done)
		c.ended.Store(true)
	}
}

// enterTrial arms the runtime's deadline for one outermost entry under
// parent and returns the function that disarms it.
func (r *Runtime) enterTrial(parent context.Context) func() {
	k := r.clock
	if k == nil {
		k = &trialClock{r: r}
		k.leaveFn = k.leave
		k.newTimer()
		r.clock = k
	}
	k.mu.Lock()
	if k.ctx == nil || k.parent != parent || k.ctx.Err() != nil {
		if k.stop != nil {
			k.stop()
		}
		c := &trialCtx{parent: parent, done: make(chan struct{})}
		k.ctx, k.parent = c, parent
		k.stop = context.AfterFunc(parent, func() { c.end(context.Cause(parent)) })
		if parent.Err() != nil {
			c.end(context.Cause(parent))
		}
	}
	k.armed = true
	ctx := k.ctx
	k.mu.Unlock()
	k.timer.Reset(r.cfg.Timeout)
	r.ctx = ctx
	r.L.SetContext(r.profiled(vmCtx{ctx}, true))
	return k.leaveFn
}

// newTimer makes a stopped timer of a new generation.
func (k *trialClock) newTimer() {
	k.gen++
	g := k.gen
	k.timer = time.AfterFunc(time.Hour, func() { k.fire(g) })
	k.timer.Stop()
}

// leave disarms the deadline and takes the context off the state. When
// the timer could not be stopped (it fired, or is firing), it is replaced,
// so that its call cannot reach a later entry.
func (k *trialClock) leave() {
	k.mu.Lock()
	k.armed = false
	if !k.timer.Stop() {
		k.newTimer()
	}
	k.mu.Unlock()
	k.r.L.RemoveContext()
	k.r.ctx = nil
}

// fire ends the armed context of the entry that armed timer generation g.
func (k *trialClock) fire(g int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.armed && g == k.gen {
		k.ctx.end(context.DeadlineExceeded)
	}
}

// close stops the timer and the parent's hook.
func (k *trialClock) close() {
	k.timer.Stop()
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.stop != nil {
		k.stop()
	}
}
