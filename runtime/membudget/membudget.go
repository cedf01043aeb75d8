// Package membudget stops script code before it exhausts memory.
//
// Lua gives no hook on allocation, so a Guard watches the process's heap
// instead: while some context it issued is live, a goroutine reads the
// size of the Go heap's objects every few milliseconds (runtime/metrics,
// no stop of the world) and, when it passes the budget, cancels every
// live context with an *Exceeded cause. The Lua VM checks its context at
// every instruction and dndsh's long-running Go code (pattern matching,
// fights, distributions) checks it as it loops, so the script stops at its
// next step with an error that says where it was. The budget counts the
// whole process: a study's workers share it.
package membudget

import (
	"context"
	"fmt"
	"runtime/metrics"
	"sync"
	"time"
)

// Exceeded is the cause of a context the Guard cancelled.
type Exceeded struct {
	Limit, Used uint64 // bytes
}

func (e *Exceeded) Error() string {
	return fmt.Sprintf("memory budget exceeded: the heap reached %d MiB, over the budget of %d MiB", e.Used>>20, e.Limit>>20)
}

// Guard watches the heap for the contexts it issues.
type Guard struct {
	limit uint64
	poll  time.Duration
	read  func() uint64

	mu      sync.Mutex
	live    map[*watch]struct{}
	running bool
	stop    chan struct{}
}

type watch struct{ cancel context.CancelCauseFunc }

// New returns a guard with a budget of limit bytes, checked every poll (10
// ms when 0). A limit of 0 watches nothing.
func New(limit uint64, poll time.Duration) *Guard {
	if poll <= 0 {
		poll = 10 * time.Millisecond
	}
	return &Guard{limit: limit, poll: poll, read: heapObjects, live: map[*watch]struct{}{}}
}

// Limit returns the budget in bytes (0: none).
func (g *Guard) Limit() uint64 {
	if g == nil {
		return 0
	}
	return g.limit
}

// heapObjects reads the bytes of the heap's objects, live and not yet
// swept.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// Watch returns a context derived from parent that the guard cancels with
// an *Exceeded cause when the heap passes the budget, and the function
// that stops watching it (call it when the work is done).
func (g *Guard) Watch(parent context.Context) (context.Context, context.CancelFunc) {
	if g == nil || g.limit == 0 {
		return context.WithCancel(parent)
	}
	ctx, cancel := context.WithCancelCause(parent)
	w := &watch{cancel: cancel}
	g.mu.Lock()
	g.live[w] = struct{}{}
	if !g.running {
		g.running = true
		g.stop = make(chan struct{})
		go g.loop(g.stop)
	}
	g.mu.Unlock()
	return ctx, func() {
		g.mu.Lock()
		delete(g.live, w)
		if len(g.live) == 0 && g.running {
			g.running = false
			close(g.stop)
		}
		g.mu.Unlock()
		cancel(context.Canceled)
	}
}

func (g *Guard) loop(stop chan struct{}) {
	t := time.NewTicker(g.poll)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if used := g.read(); used > g.limit {
				cause := &Exceeded{Limit: g.limit, Used: used}
				g.mu.Lock()
				for w := range g.live {
					w.cancel(cause)
				}
				g.mu.Unlock()
			}
		}
	}
}
