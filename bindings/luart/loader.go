package luart

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"

	"github.com/dndsh/dndsh/bindings/luaparse"
	"github.com/dndsh/dndsh/runtime/errs"
)

// Cache holds compiled scripts by name and content. Function prototypes are
// read-only, so one Cache serves every Runtime of a batch run: each worker's
// state instantiates the shared prototypes instead of compiling again. A
// script being compiled is compiled once: a second caller waits for it.
type Cache struct {
	mu     sync.Mutex
	protos map[string]*compiled // by name, NUL, source text
	hits   int
	misses int
	store  Store // compiled scripts kept between processes; nil: none
}

// compiled is one cache entry; done is closed when p and err are set.
type compiled struct {
	done chan struct{}
	p    *lua.FunctionProto
	err  error
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{protos: map[string]*compiled{}} }

// Stats returns how many compilations the cache saved and how many it did.
func (c *Cache) Stats() (hits, misses int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}

// compile returns the prototype of src named name, compiling it once.
// keep says the script comes from a script root, so the cache's Store
// may hold it (text typed at the REPL is not written to the user's disk).
func (c *Cache) compile(name string, src []byte, keep bool) (*lua.FunctionProto, error) {
	// The text itself is the key: the map's hash and a comparison of
	// equal texts cost far less than a SHA-256 of it (13 M of the REPL's
	// 119 M start-up instructions went to hashing), and a cache keeps
	// only the scripts of the rule systems a run loads.
	key := name + "\x00" + string(src)
	c.mu.Lock()
	if e, ok := c.protos[key]; ok {
		c.hits++
		c.mu.Unlock()
		<-e.done
		return e.p, e.err
	}
	e := &compiled{done: make(chan struct{})}
	c.protos[key] = e
	c.misses++
	c.mu.Unlock()
	defer close(e.done)
	if c.store == nil || !keep {
		e.p, e.err = compileChunk(name, src)
		return e.p, e.err
	}
	skey := storeKey(name, src)
	if data := c.store.Get(skey); data != nil {
		if p, ok := decodeProto(data, name, src); ok {
			e.p = p
			return p, nil
		}
	}
	e.p, e.err = compileChunk(name, src)
	if e.err == nil {
		if data, ok := encodeProto(name, src, e.p); ok {
			c.store.Put(skey, data)
		}
	}
	return e.p, e.err
}

// compileChunk parses src, rewrites what gopher-lua would miscompile
// (fixChunk) and compiles it. A panic of the parser or the compiler is an
// error, not a crash.
func compileChunk(name string, src []byte) (p *lua.FunctionProto, err error) {
	defer func() {
		if rcv := recover(); rcv != nil {
			p, err = nil, &errs.Error{Kind: errs.Internal, Layer: "lua", File: name,
				Msg:  fmt.Sprintf("the Lua compiler failed: %v", rcv),
				Hint: "a Go panic inside gopher-lua's parser or compiler: write the construct another way, and please report it"}
		}
	}()
	// luaparse builds gopher-lua's very tree several times faster, and
	// leaves to gopher-lua's parser what it does not handle (errors read
	// as gopher-lua writes them)
	chunk, ok := luaparse.Parse(src)
	if !ok {
		if chunk, err = parse.Parse(bytes.NewReader(src), name); err != nil {
			return nil, err
		}
	}
	if chunk, err = fixChunk(name, chunk); err != nil {
		return nil, err
	}
	return lua.Compile(chunk, name)
}

// Precompile compiles the scripts at paths into the cache in the
// background, on as many goroutines as the process has processors, so that
// loading them later in order finds them compiled (or waits for the one
// being compiled) instead of compiling one after another. Paths that do not
// resolve are skipped: loading them reports the error.
func (r *Runtime) Precompile(paths []string) {
	type job struct {
		name string
		src  []byte
	}
	var jobs []job
	for _, p := range paths {
		if b, _, err := r.Resolve(p); err == nil {
			jobs = append(jobs, job{p, b})
		}
	}
	n := min(runtime.GOMAXPROCS(0), len(jobs))
	if n < 2 {
		return // nothing to gain over compiling while loading
	}
	next := make(chan job, len(jobs))
	for _, j := range jobs {
		next <- j
	}
	close(next)
	c := r.cache
	for range n {
		go func() {
			for j := range next {
				_, _ = c.compile(j.name, j.src, true) // the load reports errors
			}
		}()
	}
}

// source is a loaded script's text, kept for error excerpts; split into
// lines only when an error needs them.
type source struct {
	root  string
	text  []byte
	split []string
}

// SourceDigest returns a hash of every script the runtime has loaded (its
// name and text), except the chunk named skip: two runtimes that loaded
// the same scripts have the same digest.
func (r *Runtime) SourceDigest(skip string) [32]byte {
	h := sha256.New()
	for _, n := range r.Chunks() {
		if n == skip {
			continue
		}
		sum := sha256.Sum256(r.sources[n].text)
		h.Write([]byte(n))
		h.Write([]byte{0})
		h.Write(sum[:])
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// lines returns the script's lines.
func (s *source) lines() []string {
	if s.split == nil {
		s.split = strings.Split(string(s.text), "\n")
	}
	return s.split
}

type notFound struct{ path string }

func (e *notFound) Error() string { return "no script " + e.path + " under the script roots" }

// Resolve returns the bytes of path from the last root that has it, and
// that root's name.
func (r *Runtime) Resolve(path string) ([]byte, string, error) {
	for i := len(r.cfg.Roots) - 1; i >= 0; i-- {
		root := r.cfg.Roots[i]
		b, err := fs.ReadFile(root.FS, path)
		if err == nil {
			return b, root.Name, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, "", &errs.Error{Kind: errs.Data, Layer: "lua", File: path, Msg: fmt.Sprintf("cannot read from %s: %v", root.Name, err)}
		}
	}
	return nil, "", &notFound{path}
}

// Exists reports whether path is under some root.
func (r *Runtime) Exists(path string) bool {
	for _, root := range r.cfg.Roots {
		if _, err := fs.Stat(root.FS, path); err == nil {
			return true
		}
	}
	return false
}

// Glob lists the paths under the roots that match pattern (fs.Glob syntax),
// each once, sorted.
func (r *Runtime) Glob(pattern string) []string {
	seen := map[string]bool{}
	for _, root := range r.cfg.Roots {
		m, _ := fs.Glob(root.FS, pattern)
		for _, p := range m {
			seen[p] = true
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// LoadFile compiles path from the roots (through the cache) and returns it
// as a function, without running it. The chunk is named by its path, so
// errors read "monsters/5e/troll.lua:12: ...".
func (r *Runtime) LoadFile(path string) (*lua.LFunction, error) {
	b, root, err := r.Resolve(path)
	if err != nil {
		return nil, err
	}
	return r.LoadBytes(path, root, b)
}

// LoadBytes compiles src named name (root names where it came from).
func (r *Runtime) LoadBytes(name, root string, src []byte) (*lua.LFunction, error) {
	r.sources[name] = &source{root: root, text: src}
	if r.Layer != "" {
		r.chunkLayer(name, r.Layer)
	}
	p, err := r.cache.compile(name, src, r.isRoot(root))
	if err != nil {
		return nil, r.convert(err)
	}
	return r.L.NewFunctionFromProto(p), nil
}

// isRoot reports whether name is one of the runtime's script roots.
func (r *Runtime) isRoot(name string) bool {
	for _, root := range r.cfg.Roots {
		if root.Name == name {
			return true
		}
	}
	return false
}

// DoFile loads and runs path, returning its first result.
func (r *Runtime) DoFile(ctx context.Context, path string) (lua.LValue, error) {
	fn, err := r.LoadFile(path)
	if err != nil {
		return nil, err
	}
	out, err := r.Call(ctx, fn, 1)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// DoString compiles and runs src named name in env (nil: the globals) and
// returns all its results.
func (r *Runtime) DoString(ctx context.Context, name, src string, env *lua.LTable) ([]lua.LValue, error) {
	fn, err := r.LoadBytes(name, "session", []byte(src))
	if err != nil {
		return nil, err
	}
	if env != nil {
		fn.Env = env
	}
	return r.Call(ctx, fn, lua.MultRet)
}

var (
	reSyntax  = regexp.MustCompile(`^(.*?) line:(\d+)\(column:(\d+)\) near '(.*)':\s*(.*)$`)
	reEOF     = regexp.MustCompile(`^(.*?) at EOF:\s*(.*)$`)
	reCompile = regexp.MustCompile(`^compile error near line\(\d+\) (.*?): `)
	reRuntime = regexp.MustCompile(`^([^\s:]+\.lua|<[^>]+>|[^\s:]+):(\d+): (.*)$`)
)

// IsIncomplete reports whether err is a syntax error at the end of the
// input: the REPL then reads another line.
func IsIncomplete(err error) bool {
	var e *errs.Error
	return errors.As(err, &e) && e.Kind == errs.Syntax && strings.Contains(e.Msg, "at the end of the input")
}

// Convert turns a gopher-lua error into an *errs.Error (see convert).
func (r *Runtime) Convert(err error) error { return r.convert(err) }

// during is r.During as an error's frames.
func (r *Runtime) during() []string {
	if r.During == "" {
		return nil
	}
	return []string{r.During}
}

// convert turns a gopher-lua error into an *errs.Error with file, line,
// column when known, the layer, what was being done, a source excerpt and
// the traceback.
func (r *Runtime) convert(err error) error {
	var done *errs.Error
	if errors.As(err, &done) {
		return err
	}
	var ce *callError
	if errors.As(err, &ce) && ce.fault != nil {
		return r.vmError(ce.fault)
	}
	trace := ""
	if ce != nil {
		trace = ce.trace
	}
	e := &errs.Error{Kind: errs.Script, Layer: "lua", During: r.during(), Err: err}
	var msg string
	var ae *lua.ApiError
	var pe *parse.Error
	var cpe *lua.CompileError
	switch {
	case errors.As(err, &cpe):
		e.Kind = errs.Syntax
		if m := reCompile.FindStringSubmatch(cpe.Error()); m != nil {
			e.File = m[1]
		}
		e.Line, e.Msg = cpe.Line, cpe.Message
		if e.Msg == "no loop to break" {
			e.Msg = "break outside a loop"
		}
		if e.Line <= 0 {
			e.Line = 0
			e.Hint = "Lua allows at most 200 local variables in one function: put some in a table"
		}
		r.excerpt(e)
		return e
	case errors.As(err, &pe):
		e.Kind = errs.Syntax
		e.File, e.Line, e.Col = pe.Pos.Source, pe.Pos.Line, pe.Pos.Column
		e.Msg = fmt.Sprintf("syntax error near %q: %s", pe.Token, pe.Message)
		if pe.Token == "" || pe.Pos.Line <= 0 || r.atLastToken(pe) {
			e.Msg = "syntax error at the end of the input: " + pe.Message
		}
		if s := r.sources[e.File]; e.Line <= 0 && s != nil {
			e.Line, e.Col = len(s.lines()), 0
		}
		if s := r.sources[e.File]; s != nil && e.Col > 0 {
			e.Hint = commaHint(s.lines(), e.Line, e.Col, pe.Token)
		}
		r.excerpt(e)
		return e
	case errors.As(err, &ae):
		if ud, ok := ae.Object.(*lua.LUserData); ok {
			if inner, ok := ud.Value.(*errs.Error); ok {
				if inner.Trace == "" {
					inner.Trace = cleanTrace(ae.StackTrace + trace)
				}
				if len(inner.During) == 0 {
					inner.During = r.during()
				}
				return inner
			}
		}
		if ae.Object == lua.LNil {
			msg = "error(nil): an error was raised with no message"
		} else if ae.Object != nil {
			msg = objectText(ae.Object)
		}
		e.Trace = cleanTrace(ae.StackTrace + trace)
		if ae.Type == lua.ApiErrorSyntax {
			e.Kind = errs.Syntax
		}
	default:
		msg = err.Error()
	}
	msg = strings.TrimSpace(msg)
	if m := reSyntax.FindStringSubmatch(msg); m != nil {
		e.Kind = errs.Syntax
		e.File = m[1]
		e.Line, _ = strconv.Atoi(m[2])
		e.Col, _ = strconv.Atoi(m[3])
		e.Msg = fmt.Sprintf("%s near %q", m[5], m[4])
	} else if m := reEOF.FindStringSubmatch(msg); m != nil {
		e.Kind = errs.Syntax
		e.File = m[1]
		e.Msg = m[2] + " at the end of the input"
		if s := r.sources[e.File]; s != nil {
			e.Line = len(s.lines())
		}
	} else if m := reRuntime.FindStringSubmatch(msg); m != nil {
		e.File = m[1]
		e.Line, _ = strconv.Atoi(m[2])
		e.Msg = m[3]
	} else {
		e.Msg = msg
	}
	if stop := r.stopError(); stop != nil {
		e.Kind, e.Msg, e.Hint = stop.Kind, stop.Msg, stop.Hint
	} else if strings.Contains(e.Msg, "over the string budget") || strings.Contains(e.Msg, "string slice too long") || strings.Contains(e.Msg, "values is over the budget") {
		e.Kind = errs.Budget
		e.Hint = fmt.Sprintf("a string may hold up to %d MiB and a call return up to %d values: build less at once", r.cfg.MaxString>>20, maxResults)
	} else if strings.Contains(e.Msg, "stack overflow") {
		e.Kind = errs.Budget
		e.Hint = "recursion too deep: look for a function that calls itself without end"
	} else if strings.Contains(e.Msg, "registry overflow") {
		e.Kind = errs.Budget
		e.Hint = "too many values on the Lua stack (unbounded recursion or a huge unpack)"
	}
	if e.File != "" {
		e.Layer = r.layerOf(e.File)
	}
	r.excerpt(e)
	return e
}

// commaHint guesses the most common slip of a table written over several
// lines: the error is at the first token of its line and the line before
// ends with a value, not a comma; "" when that is not so.
func commaHint(lines []string, line, col int, token string) string {
	if line < 2 || line > len(lines) {
		return ""
	}
	cur := []rune(lines[line-1])
	if col-1 > len(cur) {
		return ""
	}
	// the column may point into the token: what comes before it on the
	// line must be blank
	if before := strings.TrimSpace(string(cur[:col-1])); before != "" && !strings.HasPrefix(token, before) {
		return ""
	}
	prev := line - 1
	for prev > 0 && strings.TrimSpace(stripComment(lines[prev-1])) == "" {
		prev--
	}
	if prev == 0 {
		return ""
	}
	p := strings.TrimSpace(stripComment(lines[prev-1]))
	last := p[len(p)-1]
	if strings.ContainsRune(",;{([=+-*/.^<>~", rune(last)) {
		return ""
	}
	for _, kw := range []string{"then", "do", "else", "repeat", "function", "return", "local", "in", "and", "or", "not"} {
		if p == kw || strings.HasSuffix(p, " "+kw) {
			return ""
		}
	}
	return fmt.Sprintf("is a comma missing at the end of line %d?", prev)
}

// stripComment drops a -- comment from a line (not inside a string: a
// good enough guess for a hint).
func stripComment(l string) string {
	if i := strings.Index(l, "--"); i >= 0 && strings.Count(l[:i], `"`)%2 == 0 && strings.Count(l[:i], "'")%2 == 0 {
		return l[:i]
	}
	return l
}

// atLastToken reports whether a parse error points at the last token of
// its source: the input may simply be unfinished.
func (r *Runtime) atLastToken(pe *parse.Error) bool {
	s := r.sources[pe.Pos.Source]
	if s == nil {
		return false
	}
	lines := s.lines()
	line := len(lines)
	for line > 0 && strings.TrimSpace(lines[line-1]) == "" {
		line--
	}
	if line == 0 || pe.Pos.Line != line {
		return false
	}
	last := len([]rune(strings.TrimRight(lines[line-1], " \t\r")))
	return pe.Pos.Column+len([]rune(pe.Token)) >= last
}

// objectText renders an error object; a table error shows its fields
// (deterministically), not its address.
func objectText(v lua.LValue) string {
	if t, ok := v.(*lua.LTable); ok {
		return "error object " + Repr(t, false)
	}
	return v.String()
}

// cleanTrace drops gopher-lua's trailing "[G]: ?" frames.
func cleanTrace(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		if strings.TrimSpace(l) == "[G]: ?" {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

func (r *Runtime) excerpt(e *errs.Error) {
	if s := r.sources[e.File]; s != nil && e.Line > 0 && e.Line <= len(s.lines()) {
		e.Source = strings.TrimRight(s.lines()[e.Line-1], "\r")
		if e.Layer == "lua" && s.root != "" {
			e.Layer = s.root
		}
	}
}

// Raise raises err in L as a Lua error. An *errs.Error travels as it is (a
// userdata), so its file, line, kind and hint survive the trip through Lua
// and come out of Call unchanged; pcall in a script sees its message via
// tostring.
func Raise(L *lua.LState, err error) {
	var e *errs.Error
	if !errors.As(err, &e) {
		L.RaiseError("%s", err.Error())
		return
	}
	ud := L.NewUserData()
	ud.Value = e
	mt := L.NewTable()
	mt.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString(e.Error()))
		return 1
	}))
	L.SetMetatable(ud, mt)
	L.Error(ud, 0)
}

// Chunks lists the names of the chunks loaded so far (script paths, and
// the names given to DoString), sorted.
func (r *Runtime) Chunks() []string {
	out := make([]string, 0, len(r.sources))
	for name := range r.sources {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
