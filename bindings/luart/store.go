package luart

import (
	"encoding/binary"
	"hash/crc32"
	"math"
	"reflect"
	"strconv"
	"unsafe"

	lua "github.com/yuin/gopher-lua"
)

// Store keeps compiled scripts between processes, so that a later start
// reads the prototypes instead of parsing and compiling the same scripts
// again (85% of the REPL's start-up, measured with callgrind). It is a
// plain key-to-bytes store: cmd/dndsh gives one backed by a folder of the
// user's cache; tests give none or one in memory. A Store must be safe
// for concurrent use; Get returns nil for a key it does not hold, and Put
// may drop what it cannot keep. What the bytes mean is this file's
// business: every entry carries the script's name and whole text, which
// must equal the script being loaded, and a checksum, so a stale, foreign
// or damaged entry is never used (the script is compiled instead).
type Store interface {
	Get(key string) []byte
	Put(key string, data []byte)
}

// NewCacheWith returns an empty cache that keeps what it compiles in
// store too, and looks there before compiling (nil: NewCache).
func NewCacheWith(store Store) *Cache {
	c := NewCache()
	c.store = store
	return c
}

// storeKey names the entry of a script in a Store: a checksum of its name
// and text, and the text's length. Two scripts may share a key only by
// accident; the entry's own copy of name and text tells them apart.
func storeKey(name string, src []byte) string {
	h := crc32.Update(crc32.ChecksumIEEE([]byte(name)), crc32.IEEETable, src)
	return strconv.FormatUint(uint64(h), 16) + "-" + strconv.Itoa(len(src))
}

// The checksums are CRC-32 IEEE, not Castagnoli: on amd64 both run in
// hardware, but the Castagnoli tables cost about 1.3 M instructions to
// make, a twentieth of the REPL's whole warm start.

// protoMagic opens every entry; the digit is the format's version
// (3: IEEE checksums, line positions as differences, slab totals).
const protoMagic = "dndsh-luac-3\x00"

// stringConstantsOffset is where lua.FunctionProto keeps the unexported
// copy of its string constants the VM reads (gopher-lua v1.1.2's compiler
// fills it from Constants: the string of each LString, "" for the rest);
// ok is false when this gopher-lua has no such field, and then nothing is
// read from a Store.
var stringConstantsOffset, stringConstantsOK = func() (uintptr, bool) {
	f, ok := reflect.TypeOf(lua.FunctionProto{}).FieldByName("stringConstants")
	if !ok || f.Type != reflect.TypeOf([]string(nil)) {
		return 0, false
	}
	return f.Offset, true
}()

// littleEndian is whether this machine stores a uint32 as the entries do.
var littleEndian = func() bool {
	x := uint32(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// lstringTab is the type word of an LValue holding an LString.
var lstringTab = func() unsafe.Pointer {
	var v lua.LValue = lua.LString("")
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[0]
}()

// stringValue returns the LValue of the LString *s without copying *s to
// a new allocation, as converting lua.LString(*s) to an interface does (a
// fifth of decoding an entry): the interface points at *s, which the
// caller never changes after. An interface value is a type word and a
// pointer to the value (the layout package reflect relies on);
// TestStoreRoundTrip compares every decoded constant with the compiler's.
func stringValue(s *string) lua.LValue {
	var v lua.LValue
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))
	w[0], w[1] = lstringTab, unsafe.Pointer(s)
	return v
}

// encodeProto writes the entry of the script name with text src compiled
// to p; false when p holds a constant of a kind the format does not know.
func encodeProto(name string, src []byte, p *lua.FunctionProto) ([]byte, bool) {
	w := protoWriter{buf: make([]byte, 0, 2*len(src)+256)}
	w.buf = append(w.buf, protoMagic...)
	w.str(name)
	w.bytes(src)
	var t protoTotals
	t.add(p)
	for _, n := range t {
		w.uint(uint64(n))
	}
	if !w.proto(p, name) {
		return nil, false
	}
	return binary.LittleEndian.AppendUint32(w.buf, crc32.ChecksumIEEE(w.buf)), true
}

type protoWriter struct{ buf []byte }

// protoTotals counts, over a prototype and all it holds, what the reader
// allocates one slab each of: prototypes, instructions, constants, inner
// prototypes, line positions, locals, calls and upvalue names.
type protoTotals [8]int

func (t *protoTotals) add(p *lua.FunctionProto) {
	t[0]++
	t[1] += len(p.Code)
	t[2] += len(p.Constants)
	t[3] += len(p.FunctionPrototypes)
	t[4] += len(p.DbgSourcePositions)
	t[5] += len(p.DbgLocals)
	t[6] += len(p.DbgCalls)
	t[7] += len(p.DbgUpvalues)
	for _, q := range p.FunctionPrototypes {
		t.add(q)
	}
}

func (w *protoWriter) uint(v uint64) { w.buf = binary.AppendUvarint(w.buf, v) }
func (w *protoWriter) int(v int)     { w.buf = binary.AppendVarint(w.buf, int64(v)) }
func (w *protoWriter) str(s string)  { w.uint(uint64(len(s))); w.buf = append(w.buf, s...) }
func (w *protoWriter) bytes(b []byte) {
	w.uint(uint64(len(b)))
	w.buf = append(w.buf, b...)
}

// count writes the length of a list, 0 for nil and n+1 for a list of n,
// so that a nil list reads back as nil and an empty one as empty.
func (w *protoWriter) count(n int, isNil bool) {
	if isNil {
		w.uint(0)
		return
	}
	w.uint(uint64(n) + 1)
}

func (w *protoWriter) proto(p *lua.FunctionProto, chunk string) bool {
	if p.SourceName == chunk {
		w.uint(0)
	} else {
		w.uint(1)
		w.str(p.SourceName)
	}
	w.int(p.LineDefined)
	w.int(p.LastLineDefined)
	w.buf = append(w.buf, p.NumUpvalues, p.NumParameters, p.IsVarArg, p.NumUsedRegisters)
	w.count(len(p.Code), p.Code == nil)
	for _, c := range p.Code {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, c)
	}
	w.count(len(p.Constants), p.Constants == nil)
	for _, c := range p.Constants {
		switch v := c.(type) {
		case lua.LNumber:
			w.buf = append(w.buf, 'n')
			w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(float64(v)))
		case lua.LString:
			w.buf = append(w.buf, 's')
			w.str(string(v))
		default:
			return false
		}
	}
	w.count(len(p.FunctionPrototypes), p.FunctionPrototypes == nil)
	for _, q := range p.FunctionPrototypes {
		if !w.proto(q, chunk) {
			return false
		}
	}
	w.count(len(p.DbgSourcePositions), p.DbgSourcePositions == nil)
	last := p.LineDefined
	for _, v := range p.DbgSourcePositions {
		w.int(v - last) // mostly 0 or 1: one byte
		last = v
	}
	w.count(len(p.DbgLocals), p.DbgLocals == nil)
	for _, l := range p.DbgLocals {
		w.str(l.Name)
		w.int(l.StartPc)
		w.int(l.EndPc)
	}
	w.count(len(p.DbgCalls), p.DbgCalls == nil)
	for _, c := range p.DbgCalls {
		w.str(c.Name)
		w.int(c.Pc)
	}
	w.count(len(p.DbgUpvalues), p.DbgUpvalues == nil)
	for _, u := range p.DbgUpvalues {
		w.str(u)
	}
	return true
}

// decodeProto reads an entry written by encodeProto for the script name
// with text src: false when it is damaged, of another format, or of
// another script.
func decodeProto(data []byte, name string, src []byte) (*lua.FunctionProto, bool) {
	if !stringConstantsOK || len(data) < len(protoMagic)+4 || string(data[:len(protoMagic)]) != protoMagic {
		return nil, false
	}
	body := data[:len(data)-4]
	if binary.LittleEndian.Uint32(data[len(data)-4:]) != crc32.ChecksumIEEE(body) {
		return nil, false
	}
	// one string holds the entry's text: names and string constants are
	// slices of it, not an allocation each
	r := protoReader{buf: body[len(protoMagic):]}
	r.text = string(r.buf)
	if r.str() != name || string(r.raw()) != string(src) || r.bad {
		return nil, false
	}
	var t protoTotals
	for i := range t {
		// each element takes at least a byte: a larger total is damage
		if t[i] = int(r.uint()); t[i] > len(r.buf) {
			return nil, false
		}
	}
	r.slabs = protoSlabs{
		protos: make([]lua.FunctionProto, t[0]), code: make([]uint32, t[1]),
		consts: make([]lua.LValue, t[2]), strs: make([]string, t[2]),
		inner: make([]*lua.FunctionProto, t[3]), positions: make([]int, t[4]),
		locals: make([]lua.DbgLocalInfo, t[5]), localRefs: make([]*lua.DbgLocalInfo, t[5]),
		calls: make([]lua.DbgCall, t[6]), upvalues: make([]string, t[7]),
	}
	p := r.proto(name, 0)
	if r.bad || len(r.buf) != 0 || !r.slabs.used() {
		return nil, false
	}
	return p, true
}

type protoReader struct {
	buf   []byte
	text  string // the bytes buf started with, as a string
	bad   bool
	slabs protoSlabs
}

// protoSlabs hold an entry's prototypes and their lists, one allocation a
// kind for the whole entry instead of nine a prototype; each list is a
// piece of its slab with its capacity cut to its length.
type protoSlabs struct {
	protos    []lua.FunctionProto
	code      []uint32
	consts    []lua.LValue
	strs      []string
	inner     []*lua.FunctionProto
	positions []int
	locals    []lua.DbgLocalInfo
	localRefs []*lua.DbgLocalInfo
	calls     []lua.DbgCall
	upvalues  []string
}

// used reports whether the prototypes took every slab whole, as the
// totals of an undamaged entry say they do.
func (s *protoSlabs) used() bool {
	return len(s.protos)+len(s.code)+len(s.consts)+len(s.strs)+len(s.inner)+len(s.positions)+
		len(s.locals)+len(s.localRefs)+len(s.calls)+len(s.upvalues) == 0
}

// cut takes the next n elements of slab (an entry whose lists are longer
// than its totals said is damaged: bad).
func cut[T any](slab *[]T, n int, bad *bool) []T {
	if n > len(*slab) {
		*bad = true
		return nil
	}
	s := (*slab)[:n:n]
	*slab = (*slab)[n:]
	return s
}

func (r *protoReader) uint() uint64 {
	if len(r.buf) > 0 && r.buf[0] < 0x80 {
		u := uint64(r.buf[0])
		r.buf = r.buf[1:]
		return u
	}
	v, n := binary.Uvarint(r.buf)
	return uint64(r.advance(n, int64(v)))
}

func (r *protoReader) int() int {
	if len(r.buf) > 0 && r.buf[0] < 0x80 { // one byte: most of an entry's numbers
		u := int(r.buf[0])
		r.buf = r.buf[1:]
		return u>>1 ^ -(u & 1)
	}
	v, n := binary.Varint(r.buf)
	return int(r.advance(n, v))
}

// advance steps over a varint of n bytes worth v (n <= 0: damaged).
func (r *protoReader) advance(n int, v int64) int64 {
	if n <= 0 {
		r.bad = true
		r.buf = nil
		return 0
	}
	r.buf = r.buf[n:]
	return v
}

// take returns the next n bytes.
func (r *protoReader) take(n uint64) []byte {
	if n > uint64(len(r.buf)) {
		r.bad = true
		r.buf = nil
		return nil
	}
	b := r.buf[:n]
	r.buf = r.buf[n:]
	return b
}

func (r *protoReader) raw() []byte { return r.take(r.uint()) }

// str returns the next string, a slice of r.text.
func (r *protoReader) str() string {
	b := r.raw()
	if len(b) == 0 {
		return ""
	}
	end := len(r.text) - len(r.buf)
	return r.text[end-len(b) : end]
}
func (r *protoReader) byte() uint8 {
	b := r.take(1)
	if b == nil {
		return 0
	}
	return b[0]
}

// count reads a list's length written by protoWriter.count: -1 for nil.
// A length longer than the bytes left (each element takes at least one)
// marks the entry damaged.
func (r *protoReader) count() int {
	n := r.uint()
	if n > uint64(len(r.buf))+1 {
		r.bad = true
		r.buf = nil
		return -1
	}
	return int(n) - 1
}

// maxNesting bounds how deep function prototypes nest in an entry (a
// damaged one could claim any depth).
const maxNesting = 256

func (r *protoReader) proto(chunk string, depth int) *lua.FunctionProto {
	if depth > maxNesting {
		r.bad = true
		return nil
	}
	protos := cut(&r.slabs.protos, 1, &r.bad)
	if r.bad {
		return nil
	}
	p := &protos[0]
	p.SourceName = chunk
	if r.uint() == 1 {
		p.SourceName = r.str()
	}
	p.LineDefined = r.int()
	p.LastLineDefined = r.int()
	p.NumUpvalues, p.NumParameters, p.IsVarArg, p.NumUsedRegisters = r.byte(), r.byte(), r.byte(), r.byte()
	if n := r.count(); n >= 0 {
		b := r.take(4 * uint64(n))
		p.Code = cut(&r.slabs.code, len(b)/4, &r.bad)
		if littleEndian && len(p.Code) > 0 { // the entry's bytes are the instructions'
			copy(unsafe.Slice((*byte)(unsafe.Pointer(&p.Code[0])), 4*len(p.Code)), b)
		} else {
			for i := range p.Code {
				p.Code[i] = binary.LittleEndian.Uint32(b[4*i:])
			}
		}
	}
	var strs []string
	if n := r.count(); n >= 0 {
		p.Constants = cut(&r.slabs.consts, n, &r.bad)
		strs = cut(&r.slabs.strs, len(p.Constants), &r.bad)
		for i := range p.Constants {
			switch r.byte() {
			case 'n':
				b := r.take(8)
				if b == nil {
					return nil
				}
				p.Constants[i] = lua.LNumber(math.Float64frombits(binary.LittleEndian.Uint64(b)))
			case 's':
				strs[i] = r.str()
				p.Constants[i] = stringValue(&strs[i])
			default:
				r.bad = true
				return nil
			}
		}
	}
	*(*[]string)(unsafe.Add(unsafe.Pointer(p), stringConstantsOffset)) = strs
	if n := r.count(); n >= 0 {
		p.FunctionPrototypes = cut(&r.slabs.inner, n, &r.bad)
		for i := range p.FunctionPrototypes {
			if p.FunctionPrototypes[i] = r.proto(chunk, depth+1); r.bad {
				return nil
			}
		}
	}
	if n := r.count(); n >= 0 {
		p.DbgSourcePositions = cut(&r.slabs.positions, n, &r.bad)
		last := p.LineDefined
		for i := range p.DbgSourcePositions {
			if len(r.buf) > 0 && r.buf[0] < 0x80 { // r.int's one-byte case, inline: one a instruction
				u := int(r.buf[0])
				r.buf = r.buf[1:]
				last += u>>1 ^ -(u & 1)
			} else {
				last += r.int()
			}
			p.DbgSourcePositions[i] = last
		}
	}
	if n := r.count(); n >= 0 {
		p.DbgLocals = cut(&r.slabs.localRefs, n, &r.bad)
		infos := cut(&r.slabs.locals, len(p.DbgLocals), &r.bad)
		for i := range p.DbgLocals {
			infos[i] = lua.DbgLocalInfo{Name: r.str(), StartPc: r.int(), EndPc: r.int()}
			p.DbgLocals[i] = &infos[i]
		}
	}
	if n := r.count(); n >= 0 {
		p.DbgCalls = cut(&r.slabs.calls, n, &r.bad)
		for i := range p.DbgCalls {
			p.DbgCalls[i] = lua.DbgCall{Name: r.str(), Pc: r.int()}
		}
	}
	if n := r.count(); n >= 0 {
		p.DbgUpvalues = cut(&r.slabs.upvalues, n, &r.bad)
		for i := range p.DbgUpvalues {
			p.DbgUpvalues[i] = r.str()
		}
	}
	if r.bad {
		return nil
	}
	return p
}
