package fight

import (
	"slices"

	"github.com/dndsh/dndsh/runtime/grid"
)

// pathMemo remembers PathTo's answers by everything they are worked out
// from: the mover, its start, its step prices and diagonal parity, the
// goal, the budget, the map's versions and, of every fighter, what the path
// finder reads of it (position, footprint, whether it stands on the map,
// side, and the size, tag and ability to act that passing and ending a
// move ask about). PathTo is a function of those alone, so an answer found
// again is the answer worked out again, whichever trial asks: the memo
// changes no result, and no trial can tell whether another ran before it
// (TestPathMemoAgrees plays every map example with each answer found in
// the memo worked out again and compared, and with the memo asked each
// way and not at all). Fights on one map replay the same positions trial
// after trial (the first moves above all), so many searches are answered
// from it (bench/README.md, round 9).
//
// PathTo asks it where it pays: only when greedy is not sure of the answer
// (a search to save), or before greedy too when most answers are found
// (first). Which is decided by the share of lookups answered, over windows
// of memoWindow lookups: asking first from memoUp on, only for searches
// below memoDown (a memo that keeps missing costs its keys). It keeps at
// most memoEntries answers (memoWords words of keys) and then starts again
// empty.
//
// An answer is stored only when its key is asked for the second time
// (seen, a bitmap of key hashes): most keys of a fight are asked once, and
// storing each cost more than the searches the memo saved (5e's R1 on a
// map, bench/README.md round 12). A hash's bit is only a hint: a key whose
// bit another key set is stored at its first asking, and one whose bit was
// cleared is worked out again; either way the answer is the same.
type pathMemo struct {
	index   map[uint64]int32 // hash of a key -> its entry
	entries []memoEntry
	keys    []uint64   // the entries' keys, end to end
	paths   []grid.Pos // the entries' paths, end to end
	key     []uint64   // the key being looked up
	seen    []uint64   // bitmap of the hashes of keys asked before (memoSeenBits)
	admit   bool       // the key looked up last was seen before: settle stores its answer
	// the map the entries were found on, and its versions then
	m                *grid.Map
	walls            *grid.Obstacles
	mapGen, wallsGen uint64
	mode             MemoMode
	// first: asked before greedy (MemoOn's choice); look and found count
	// the lookups of the window
	first       bool
	look, found int
	// hits, misses, mismatches and stores count the lookups and answers
	// stored (MemoStats)
	hits, misses, mismatches, stores int
}

// MemoMode says how PathTo uses its memo of answers.
type MemoMode uint8

const (
	// MemoOn: answers found in the memo are used, asked where it pays
	// (the default).
	MemoOn MemoMode = iota
	// MemoOff: every answer is worked out.
	MemoOff
	// MemoVerify: every answer is worked out, and one the memo holds is
	// compared with it (a difference counts as a mismatch); the memo is
	// asked before greedy and stored into where the searches store.
	MemoVerify
	// MemoFirst and MemoSearches are MemoOn asked always before greedy,
	// and only for searches.
	MemoFirst
	MemoSearches
)

// SetMemo sets how the path finder uses its memo (for tests and
// measurements; every mode gives the same paths).
func (s *Space) SetMemo(m MemoMode) { s.memo.mode = m }

// MemoStats returns the memo's lookups so far: answered from it, not
// found, and (MemoVerify) found but different from the answer worked out.
func (s *Space) MemoStats() (hits, misses, mismatches int) {
	return s.memo.hits, s.memo.misses, s.memo.mismatches
}

// asksFirst reports whether PathTo asks the memo before greedy.
func (mm *pathMemo) asksFirst() bool {
	switch mm.mode {
	case MemoOn:
		return mm.first
	case MemoVerify, MemoFirst:
		return true
	}
	return false
}

// memoWindow, memoUp and memoDown are MemoOn's choice of where to ask
// (pathMemo): a window's lookups, and the shares of them answered (in
// 1/16) from which the memo is asked first, and below which only for
// searches.
const (
	memoWindow = 2048
	memoUp     = 10 // 62.5%
	memoDown   = 6  // 37.5%
)

// counted counts a lookup in the window, and at the window's end chooses
// where the memo is asked next.
func (mm *pathMemo) counted(found bool) {
	mm.look++
	if found {
		mm.found++
	}
	if mm.look < memoWindow {
		return
	}
	share := mm.found * 16 / mm.look
	if mm.first && share < memoDown {
		mm.first = false
	} else if !mm.first && share >= memoUp {
		mm.first = true
	}
	mm.look, mm.found = 0, 0
}

// check counts a mismatch when the answer worked out (path, cost, ok)
// differs from the memo's e (MemoVerify).
func (mm *pathMemo) check(e memoEntry, path []grid.Pos, cost int, ok bool) {
	if !slices.Equal(path, mm.paths[e.p0:e.p1]) || cost != int(e.cost) || ok != e.ok {
		mm.mismatches++
	}
}

// memoSeenBits is the size of the bitmap of keys asked before, 2 to the
// power memoSeenLog: 128 KB. A key's bit is the top memoSeenLog bits of
// its hash.
const (
	memoSeenLog  = 20
	memoSeenBits = 1 << memoSeenLog
)

// memoEntries and memoWords bound the memo: the answers it keeps, and the
// words of their keys (a key is a word a fighter, 15 more), before it
// starts again: 4 MB of keys and about as much of paths at most, per
// fight (each worker of a study has its own).
const (
	memoEntries = 1 << 14
	memoWords   = 1 << 19
)

type memoEntry struct {
	k0, k1 int32 // keys[k0:k1]
	p0, p1 int32 // paths[p0:p1]
	cost   int32
	ok     bool
}

// memoKey builds, in mm.key, the key of PathTo(x, goal, budget) with x's
// flags fl, and returns its hash. Every field of Goal but
// f and free (worked out from the rest) is in it (TestMemoKeyHasGoal).
func (f *Fight) memoKey(mm *pathMemo, x *Fighter, goal *Goal, budget int, fl *flags) uint64 {
	sr := &f.Rules.Space
	k := mm.key[:0]
	parity := 0
	if sr.Grid.Diagonal == grid.DiagonalAlternate {
		parity = x.diagonals & 1
	}
	var bits uint64
	if fl.allDifficult {
		bits |= 1
	}
	if goal.sight {
		bits |= 2
	}
	if goal.chebyshev {
		bits |= 4
	}
	if goal.alternate {
		bits |= 8
	}
	bits |= uint64(parity) << 4
	bits |= uint64(goal.kind) << 8
	k = append(k, bits, uint64(int64(budget)), uint64(int64(fl.moveExtra)),
		uint64(int64(goal.mover.Reach)), uint64(int64(goal.mover.ReachMin)),
		uint64(int64(goal.target.Reach)), uint64(int64(goal.target.ReachMin)),
		uint64(int64(goal.reach)), uint64(int64(goal.reachMin)),
		uint64(int64(goal.side)), uint64(int64(goal.unit)), uint64(int64(goal.altUnit)))
	k = appendSpot(k, goal.mover.Pos, goal.mover.Space, 0, 0, 0)
	k = appendSpot(k, goal.target.Pos, goal.target.Space, 0, 0, 0)
	k = appendSpot(k, goal.square, grid.Footprint{}, 0, 0, 0)
	// the rules' questions, read once (the loop's calls could change
	// them, as far as the compiler knows)
	unable, noPass, tinyName := sr.PassUnable, sr.NoPassTag, sr.PassTiny
	ranks := sr.PassSizeDiff > 0 || sr.EndSizeDiff > 0
	for _, o := range f.Fighters {
		c := o.C
		var fl uint64
		if o == x {
			fl |= 1
		}
		if o.Out {
			fl |= 4
		}
		// what passing and ending a move ask of a fighter on the map (of
		// one off it they ask nothing; whether it can act, only of a
		// standing hostile: passes lets allies and the fallen by first)
		rank := 0
		if o.onMapNow {
			fl |= 2
			if unable && !o.Out && o.Side != x.Side && !f.canAct(o) {
				fl |= 8
			}
			if noPass != "" && c.HasTag(noPass) {
				fl |= 16
			}
			if tinyName != "" && c.Size.Name == tinyName {
				fl |= 32
			}
			if ranks {
				if o.rankKnown && c.Size.Rank <= 0 && c.Size.Name == o.rankName {
					rank = o.rankVal // rankOf's kept rank, read inline
				} else {
					rank = sr.rankOf(o)
				}
			}
		}
		k = appendSpot(k, c.Pos, c.Space, fl, rank, o.Side)
	}
	mm.key = k
	h := uint64(14695981039346656037)
	for _, v := range k {
		h ^= v
		h *= 1099511628211
		h ^= h >> 29
	}
	return h
}

// appendSpot appends to k, exactly, a square p, a footprint fp and a
// fighter's flags fl (below 1<<7), rank and side: one word when they fit
// (bit 63 clear: 10 bits a coordinate, 4 a side of the footprint, the
// shared bit and the flags, 5 bits of rank, 8 of side), else every field
// whole behind a word with bit 63 set.
func appendSpot(k []uint64, p grid.Pos, fp grid.Footprint, fl uint64, rank, side int) []uint64 {
	if fp.Shared {
		fl |= 64
	}
	if uint(p.X) < 1024 && uint(p.Y) < 1024 && uint(p.Z+512) < 1024 && uint(fp.W) < 16 && uint(fp.H) < 16 &&
		uint(rank) < 32 && uint(side) < 256 {
		return append(k, uint64(p.X)|uint64(p.Y)<<10|uint64(p.Z+512)<<20|uint64(fp.W)<<30|uint64(fp.H)<<34|
			fl<<38|uint64(rank)<<45|uint64(side)<<50)
	}
	return append(k, 1<<63|fl, uint64(int64(p.X)), uint64(int64(p.Y)), uint64(int64(p.Z)),
		uint64(int64(fp.W)), uint64(int64(fp.H)), uint64(int64(rank)), uint64(int64(side)))
}

// recall looks the key in mm.key (hash h) up: the entry, whether it was
// found, and whether to use it as it is (found, and not MemoVerify).
func (mm *pathMemo) recall(f *Fight, h uint64) (e memoEntry, found, use bool) {
	e, found = mm.lookup(f, h)
	return e, found, found && mm.mode != MemoVerify
}

// answer copies the path of e into the path finder's s.out and returns it
// as PathTo does.
func (mm *pathMemo) answer(s *pathScratch, e memoEntry) ([]grid.Pos, int, bool) {
	s.out = append(s.out[:0], mm.paths[e.p0:e.p1]...)
	return s.out, int(e.cost), e.ok
}

// settle files the answer worked out for the key recall looked up: checked
// against the entry when one was found (MemoVerify), else stored.
func (mm *pathMemo) settle(e memoEntry, found bool, h uint64, path []grid.Pos, cost int, ok bool) {
	if found {
		mm.check(e, path, cost, ok)
		return
	}
	if mm.admit {
		mm.store(h, path, cost, ok)
	}
}

// lookup returns the remembered answer for the key in mm.key with hash h.
func (mm *pathMemo) lookup(f *Fight, h uint64) (memoEntry, bool) {
	sp := f.Space
	if mm.m != sp.Map || mm.walls != sp.Map.Walls || mm.mapGen != sp.Map.Gen() || mm.wallsGen != sp.Map.Walls.Gen() {
		mm.reset()
		mm.m, mm.walls = sp.Map, sp.Map.Walls
		mm.mapGen, mm.wallsGen = sp.Map.Gen(), sp.Map.Walls.Gen()
	}
	if mm.seen == nil {
		mm.seen = make([]uint64, memoSeenBits/64)
	}
	b := h >> (64 - memoSeenLog)
	w, bit := &mm.seen[b/64], uint64(1)<<(b%64)
	mm.admit = *w&bit != 0
	if !mm.admit {
		// asked for the first time (as far as the bitmap knows): not
		// stored, so not in the index either
		*w |= bit
		mm.misses++
		mm.counted(false)
		return memoEntry{}, false
	}
	i, ok := mm.index[h]
	if ok {
		e := mm.entries[i]
		if slices.Equal(mm.keys[e.k0:e.k1], mm.key) {
			mm.hits++
			mm.counted(true)
			return e, true
		}
	}
	mm.misses++
	mm.counted(false)
	return memoEntry{}, false
}

// store remembers an answer under the key in mm.key with hash h.
func (mm *pathMemo) store(h uint64, path []grid.Pos, cost int, ok bool) {
	if len(mm.entries) >= memoEntries || len(mm.keys)+len(mm.key) > memoWords || mm.index == nil {
		mm.reset()
	}
	e := memoEntry{k0: int32(len(mm.keys)), p0: int32(len(mm.paths)), cost: int32(cost), ok: ok}
	mm.keys = append(mm.keys, mm.key...)
	mm.paths = append(mm.paths, path...)
	e.k1, e.p1 = int32(len(mm.keys)), int32(len(mm.paths))
	mm.index[h] = int32(len(mm.entries))
	mm.stores++
	mm.entries = append(mm.entries, e)
}

// reset forgets every answer.
func (mm *pathMemo) reset() {
	if mm.index == nil {
		// (the entries, keys and paths grow as answers are stored: made
		// whole at once they would hold 7.5 MB per worker from the first
		// repeated key, past the memory budget at -j 140, for 1-3% of a
		// map fight: bench/README.md, round 12)
		mm.index = make(map[uint64]int32, memoEntries)
	}
	clear(mm.index)
	clear(mm.seen)
	mm.entries, mm.keys, mm.paths = mm.entries[:0], mm.keys[:0], mm.paths[:0]
}
