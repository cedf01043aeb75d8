package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/dndsh/dndsh/runtime/dice"
	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/text"
)

// configFileName is the name of the configuration file, looked for in the
// working folder and then in <user config folder>/dndsh/.
const configFileName = "dndsh.toml"

// settings are the effective configuration of a run: defaults, then the
// configuration file, then flags. from records where each key's value came
// from.
type settings struct {
	Ruleset   string
	Variants  []string
	Seed      uint64
	SeedSet   bool // false: the seed came from the clock
	Scripts   []string
	Lang      string
	MaxDice   int
	MaxDepth  int
	MaxLength int
	Timeout   time.Duration
	DistTime  time.Duration // time budget of an exact distribution
	// MemoryBudget bounds the process's heap while scripts run (bytes; 0:
	// none).
	MemoryBudget uint64
	HistoryFile  string
	HistorySize  int
	Unsafe       bool

	File   string   // the configuration file read; "" when none
	Looked []string // where a configuration file was looked for, when none was found
	from   map[string]string
}

// configKeys are the keys of dndsh.toml, in the order `dndsh config`
// prints them.
var configKeys = []string{
	"ruleset", "variants", "seed", "scripts", "lang",
	"budgets.max_dice", "budgets.max_depth", "budgets.max_length", "budgets.timeout", "budgets.memory", "budgets.dist_time",
	"history.file", "history.size",
}

// configTables are the tables of dndsh.toml.
var configTables = []string{"budgets", "history"}

// defaultSettings returns the built-in defaults.
func defaultSettings() *settings {
	b := dice.DefaultBudget()
	st := &settings{Lang: "en", MaxDice: b.MaxDice, MaxDepth: b.MaxDepth, MaxLength: b.MaxLen, Timeout: 10 * time.Second,
		DistTime: 2 * time.Second, MemoryBudget: defaultMemoryMiB << 20, HistorySize: 500, from: map[string]string{}}
	for _, k := range append(configKeys, "unsafe") {
		st.from[k] = "default"
	}
	return st
}

// defaultMemoryMiB is the default memory budget (budgets.memory), in MiB.
const defaultMemoryMiB = 1024

// diceBudget returns the dice budget of the settings.
func (st *settings) diceBudget() dice.Budget {
	b := dice.DefaultBudget()
	b.MaxDice, b.MaxDepth, b.MaxLen = st.MaxDice, st.MaxDepth, st.MaxLength
	return b
}

// userConfigDir returns the user's configuration folder from the
// environment ($XDG_CONFIG_HOME, else $HOME/.config), or "".
func userConfigDir(env *Env) string {
	if env.Getenv == nil {
		return ""
	}
	if d := env.Getenv("XDG_CONFIG_HOME"); d != "" {
		return d
	}
	if h := env.Getenv("HOME"); h != "" {
		return filepath.Join(h, ".config")
	}
	return ""
}

// loadSettings builds the settings of a run: defaults, the configuration
// file (--config FILE, else ./dndsh.toml, else the user's), then the flags
// in o (o may be nil).
func loadSettings(env *Env, o *opts) (*settings, error) {
	if o == nil {
		o = &opts{flags: map[string]string{}}
	}
	st := defaultSettings()
	userDir := userConfigDir(env)
	if err := st.readFile(env, o, userDir); err != nil {
		return nil, err
	}
	if err := st.applyFlags(o); err != nil {
		return nil, err
	}
	if !st.SeedSet && env.Now != nil {
		st.Seed = uint64(env.Now().UnixNano())
		st.from["seed"] = "default (clock)"
	}
	if st.from["history.file"] == "default" && userDir != "" {
		st.HistoryFile = filepath.Join(userDir, "dndsh", "history")
	}
	if env.SetMemoryLimit != nil && st.MemoryBudget > 0 {
		// The garbage collector works to keep the heap under the budget,
		// so that only live data, not garbage, trips it.
		env.SetMemoryLimit(int64(st.MemoryBudget))
	}
	return st, nil
}

// readFile finds and applies the configuration file.
func (st *settings) readFile(env *Env, o *opts, userDir string) error {
	if env.ReadFile == nil {
		return nil
	}
	if o.has("config") {
		p := o.str("config", "")
		data, err := env.ReadFile(p)
		if err != nil {
			e := errs.New(errs.Usage, "config", "cannot read the configuration file: %v", unwrapPath(err))
			e.File = p
			e.Hint = "check the path given to --config"
			return e
		}
		return st.applyFile(p, data)
	}
	candidates := []string{configFileName}
	if userDir != "" {
		candidates = append(candidates, filepath.Join(userDir, "dndsh", configFileName))
	}
	for _, p := range candidates {
		data, err := env.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			e := errs.New(errs.Data, "config", "cannot read the configuration file: %v", unwrapPath(err))
			e.File = p
			return e
		}
		return st.applyFile(p, data)
	}
	st.Looked = candidates
	return nil
}

// applyFlags applies the shared flags.
func (st *settings) applyFlags(o *opts) error {
	if o.has("ruleset") {
		st.Ruleset = o.str("ruleset", "")
		st.from["ruleset"] = "flag --ruleset"
	}
	if o.has("variant") {
		st.Variants = o.list("variant")
		st.from["variants"] = "flag --variant"
	}
	if o.has("seed") {
		n, err := o.uint("seed", 0)
		if err != nil {
			return err
		}
		st.Seed, st.SeedSet = n, true
		st.from["seed"] = "flag --seed"
	}
	if o.has("scripts") {
		st.Scripts = o.list("scripts")
		st.from["scripts"] = "flag --scripts"
	}
	if o.has("unsafe") {
		st.Unsafe = true
		st.from["unsafe"] = "flag --unsafe"
	}
	return nil
}

// keyPos is where a key and its value start in a TOML file (1-based).
type keyPos struct{ line, keyCol, valCol int }

// applyFile parses a dndsh.toml and applies its values. Every problem is an
// *errs.Error naming the file, line and column: syntax errors (exit 3),
// unknown keys and bad values (exit 6).
func (st *settings) applyFile(path string, data []byte) error {
	src := string(data)
	lines := strings.Split(src, "\n")
	var raw map[string]any
	md, err := toml.Decode(src, &raw)
	if err != nil {
		var pe toml.ParseError
		e := errs.New(errs.Syntax, "config", "TOML syntax: %v", err)
		e.File = path
		if errors.As(err, &pe) {
			e.Msg = "TOML syntax: " + pe.Message
			e.Line, e.Col = pe.Position.Line, pe.Position.Col
			if e.Line >= 1 && e.Line <= len(lines) {
				e.Source = strings.TrimRight(lines[e.Line-1], "\r")
			}
		}
		return e
	}
	st.File = path
	pos := locateKeys(src)
	dir := filepath.Dir(path)
	fail := func(key []string, atValue bool, hint, format string, args ...any) error {
		e := errs.New(errs.Data, "config", format, args...)
		e.File, e.Hint = path, hint
		if p, ok := lookupPos(pos, key); ok {
			e.Line, e.Col = p.line, p.keyCol
			if atValue {
				e.Col = p.valCol
			}
			if p.line <= len(lines) {
				e.Source = strings.TrimRight(lines[p.line-1], "\r")
			}
		}
		return e
	}
	for _, k := range md.Keys() {
		name := strings.Join(k, ".")
		if len(k) == 1 && contains(configTables, k[0]) {
			if _, ok := raw[k[0]].(map[string]any); !ok {
				return fail(k, true, fmt.Sprintf("write it as a table: [%s]", k[0]), "%s must be a table, got %s", k[0], tomlType(raw[k[0]]))
			}
			continue
		}
		if !contains(configKeys, name) {
			return fail(k, false, unknownKeyHint(name), "unknown key %q", name)
		}
		v := lookupValue(raw, k)
		where := fmt.Sprintf("file %s", path)
		if p, ok := lookupPos(pos, k); ok {
			where = fmt.Sprintf("file %s:%d", path, p.line)
		}
		if err := st.setKey(name, v, dir); err != nil {
			var bad *badValue
			if errors.As(err, &bad) {
				return fail(k, true, bad.hint, "%s: %s, got %s", name, bad.want, describe(v))
			}
			return err
		}
		st.from[name] = where
	}
	return nil
}

// badValue is a value of the wrong type or out of range.
type badValue struct{ want, hint string }

func (b *badValue) Error() string { return b.want }

// setKey applies one key of the configuration file. Relative folders are
// relative to the file's folder dir.
func (st *settings) setKey(name string, v any, dir string) error {
	str := func(want, hint string) (string, error) {
		s, ok := v.(string)
		if !ok {
			return "", &badValue{want, hint}
		}
		return s, nil
	}
	strs := func(want, hint string) ([]string, error) {
		list, ok := v.([]any)
		if !ok {
			return nil, &badValue{want, hint}
		}
		out := make([]string, 0, len(list))
		for _, x := range list {
			s, ok := x.(string)
			if !ok || strings.TrimSpace(s) == "" {
				return nil, &badValue{want, hint}
			}
			out = append(out, s)
		}
		return out, nil
	}
	integer := func(lo, hi int64, want string) (int64, error) {
		n, ok := v.(int64)
		if !ok || n < lo || n > hi {
			return 0, &badValue{want, ""}
		}
		return n, nil
	}
	rel := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	var err error
	switch name {
	case "ruleset":
		st.Ruleset, err = str("want a rule system id string", `for example ruleset = "5e"`)
	case "variants":
		st.Variants, err = strs("want a list of variant ids", `for example variants = ["3e.defense_roll"]`)
	case "seed":
		var n int64
		n, err = integer(0, 1<<63-1, "want a non-negative integer")
		st.Seed, st.SeedSet = uint64(n), err == nil
	case "scripts":
		var dirs []string
		dirs, err = strs("want a list of folder paths", `for example scripts = ["my-scripts"] (relative to the configuration file's folder)`)
		st.Scripts = st.Scripts[:0]
		for _, d := range dirs {
			st.Scripts = append(st.Scripts, rel(d))
		}
	case "lang":
		var s string
		const want = `want "en", "zh", "zh-Hant" or "zh-Hans"`
		if s, err = str(want, ""); err == nil {
			switch strings.ToLower(s) {
			case "en", "zh":
				s = strings.ToLower(s)
			case "zh-hant":
				s = "zh-Hant"
			case "zh-hans":
				s = "zh-Hans"
			default:
				err = &badValue{want, `"zh" is Chinese in the script your locale uses (Traditional unless LANG says zh_CN or zh_SG)`}
			}
		}
		st.Lang = s
	case "budgets.max_dice":
		var n int64
		n, err = integer(1, 10_000_000, "want an integer from 1 to 10000000")
		st.MaxDice = int(n)
	case "budgets.max_depth":
		var n int64
		n, err = integer(0, 100_000, "want an integer from 0 to 100000")
		st.MaxDepth = int(n)
	case "budgets.max_length":
		var n int64
		n, err = integer(1, 1_000_000, "want an integer from 1 to 1000000")
		st.MaxLength = int(n)
	case "budgets.timeout", "budgets.dist_time":
		key := strings.TrimPrefix(name, "budgets.")
		var s string
		if s, err = str(`want a duration string`, fmt.Sprintf(`for example %s = "10s" ("0s": no limit)`, key)); err == nil {
			d, perr := time.ParseDuration(s)
			if perr != nil || d < 0 {
				err = &badValue{"want a non-negative duration", fmt.Sprintf(`for example %s = "10s", "500ms" or "2m" ("0s": no limit)`, key)}
			}
			if name == "budgets.timeout" {
				st.Timeout = d
			} else {
				st.DistTime = d
			}
		}
	case "budgets.memory":
		var n int64
		n, err = integer(0, 1<<30, "want a number of MiB from 0 (no budget) to 1073741824")
		st.MemoryBudget = uint64(n) << 20
	case "history.file":
		var s string
		s, err = str("want a file path string", `"" keeps no history file`)
		st.HistoryFile = rel(s)
	case "history.size":
		var n int64
		n, err = integer(0, 1_000_000, "want an integer from 0 (no history) to 1000000")
		st.HistorySize = int(n)
	}
	return err
}

// show renders the value of a key for `dndsh config`.
func (st *settings) show(key string) string {
	q := strconv.Quote
	list := func(l []string) string {
		parts := make([]string, len(l))
		for i, s := range l {
			parts[i] = q(s)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	switch key {
	case "ruleset":
		return q(st.Ruleset)
	case "variants":
		return list(st.Variants)
	case "seed":
		return strconv.FormatUint(st.Seed, 10)
	case "scripts":
		return list(st.Scripts)
	case "lang":
		return q(st.Lang)
	case "budgets.max_dice":
		return strconv.Itoa(st.MaxDice)
	case "budgets.max_depth":
		return strconv.Itoa(st.MaxDepth)
	case "budgets.max_length":
		return strconv.Itoa(st.MaxLength)
	case "budgets.timeout":
		return q(st.Timeout.String())
	case "budgets.memory":
		return strconv.FormatUint(st.MemoryBudget>>20, 10)
	case "budgets.dist_time":
		return q(st.DistTime.String())
	case "history.file":
		return q(st.HistoryFile)
	case "history.size":
		return strconv.Itoa(st.HistorySize)
	case "unsafe":
		return strconv.FormatBool(st.Unsafe)
	}
	return "?"
}

func configCommand() *command {
	return &command{
		name:  "config",
		usage: "[--config FILE] [--ruleset ID] [--variant ID]... [--seed N] [--scripts DIR]...",
		help:  "Print the effective configuration: every key, its value and where it came from (default, file, flag).",
		flags: sharedFlags(),
		run:   runConfig,
	}
}

func runConfig(env *Env, o *opts) error {
	st, err := loadSettings(env, o)
	if err != nil {
		return err
	}
	w := env.Stdout
	if st.File != "" {
		fmt.Fprintf(w, "# configuration file: %s\n", st.File)
	} else {
		fmt.Fprintf(w, "# configuration file: none (looked for %s)\n", strings.Join(st.Looked, ", "))
	}
	keys := append(append([]string(nil), configKeys...), "unsafe")
	width := 0
	for _, k := range keys {
		width = max(width, len(k)+3+len(st.show(k)))
	}
	for _, k := range keys {
		line := k + " = " + st.show(k)
		fmt.Fprintf(w, "%-*s  # %s\n", width, line, st.from[k])
	}
	return nil
}

// lookupValue returns the value at key in a decoded TOML map.
func lookupValue(m map[string]any, key []string) any {
	var v any = m
	for _, k := range key {
		t, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = t[k]
	}
	return v
}

// tomlType names the TOML type of a decoded value.
func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	case time.Time:
		return "a date"
	}
	return fmt.Sprintf("%T", v)
}

// describe renders a bad value and its type for an error message.
func describe(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x) + " (a string)"
	case int64, float64, bool:
		return fmt.Sprintf("%v (%s)", x, tomlType(v))
	}
	return tomlType(v)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// unknownKeyHint suggests the nearest known key.
func unknownKeyHint(name string) string {
	best, bestD := "", 4
	for _, k := range append(append([]string(nil), configKeys...), configTables...) {
		for _, cand := range []string{k, k[strings.LastIndex(k, ".")+1:]} {
			if d := errs.EditDistance(name, cand); d < bestD {
				best, bestD = k, d
			}
		}
	}
	known := "known keys: " + strings.Join(configKeys, ", ")
	if best != "" {
		return fmt.Sprintf("did you mean %q? %s", best, known)
	}
	return known
}

// lookupPos finds the position of key, or of its nearest located parent
// (a key inside an inline table is located at the table's key).
func lookupPos(pos map[string]keyPos, key []string) (keyPos, bool) {
	for n := len(key); n > 0; n-- {
		if p, ok := pos[strings.Join(key[:n], ".")]; ok {
			return p, true
		}
	}
	return keyPos{}, false
}

// locateKeys finds where the keys of a TOML document are written: table
// headers and "key = value" lines, with dotted and quoted keys. It is a
// small scanner for error positions, not a parser: the document has
// already been parsed. The first occurrence of a key wins.
func locateKeys(src string) map[string]keyPos {
	pos := map[string]keyPos{}
	var table []string
	inMulti := "" // the delimiter of an open multi-line string
	for i, line := range strings.Split(src, "\n") {
		ln := i + 1
		if inMulti != "" {
			if strings.Count(line, inMulti)%2 == 1 {
				inMulti = ""
			}
			continue
		}
		trimmed := strings.TrimLeft(line, " \t")
		off := len(line) - len(trimmed)
		if trimmed == "" || trimmed[0] == '#' {
			continue
		}
		if trimmed[0] == '[' {
			inner := strings.TrimLeft(strings.TrimLeft(trimmed, "["), " \t")
			start := len(line) - len(inner)
			key, _, ok := scanKey(inner)
			if ok {
				table = key
				name := strings.Join(key, ".")
				if _, seen := pos[name]; !seen {
					c := runeCol(line, start)
					pos[name] = keyPos{ln, c, c}
				}
			}
			continue
		}
		key, rest, ok := scanKey(trimmed)
		if !ok || !strings.HasPrefix(strings.TrimLeft(rest, " \t"), "=") {
			continue
		}
		afterEq := strings.TrimLeft(rest, " \t")[1:]
		val := strings.TrimLeft(afterEq, " \t")
		valOff := len(line) - len(val)
		full := append(append([]string(nil), table...), key...)
		name := strings.Join(full, ".")
		if _, seen := pos[name]; !seen {
			pos[name] = keyPos{ln, runeCol(line, off), runeCol(line, valOff)}
		}
		for _, d := range []string{`"""`, `'''`} {
			if strings.Count(val, d)%2 == 1 {
				inMulti = d
			}
		}
	}
	return pos
}

// runeCol returns the 1-based column in characters of byte offset off.
func runeCol(line string, off int) int {
	return len([]rune(line[:min(off, len(line))])) + 1
}

// scanKey reads a dotted key (bare or quoted parts) at the start of s and
// returns its parts and the rest of s.
func scanKey(s string) ([]string, string, bool) {
	var parts []string
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			return nil, "", false
		}
		switch s[0] {
		case '"', '\'':
			end := strings.IndexByte(s[1:], s[0])
			if end < 0 {
				return nil, "", false
			}
			part := s[1 : 1+end]
			if s[0] == '"' {
				if u, err := strconv.Unquote(s[:end+2]); err == nil {
					part = u
				}
			}
			parts = append(parts, part)
			s = s[end+2:]
		default:
			n := 0
			for n < len(s) && (s[n] == '_' || s[n] == '-' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= '0' && s[n] <= '9') {
				n++
			}
			if n == 0 {
				return nil, "", false
			}
			parts = append(parts, s[:n])
			s = s[n:]
		}
		t := strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(t, ".") {
			return parts, s, true
		}
		s = t[1:]
	}
}

// resolveLang is the language a session uses for lang: "en", "zh-Hant" or
// "zh-Hans"; "zh" is Chinese in the script of the user's locale (LC_ALL,
// LC_MESSAGES, LANG: zh_CN, zh_SG or Hans for Simplified), Traditional
// when the locale says neither.
func resolveLang(env *Env, lang string) string {
	if lang != "zh" {
		if lang == "" {
			return "en"
		}
		return lang
	}
	if env != nil && env.Getenv != nil {
		for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
			v := env.Getenv(k)
			if v == "" {
				continue
			}
			l := strings.ToLower(v)
			switch {
			case strings.Contains(l, "hans") || strings.HasPrefix(l, "zh_cn") || strings.HasPrefix(l, "zh_sg") || strings.HasPrefix(l, "zh-cn"):
				return text.Hans
			case strings.HasPrefix(l, "zh"):
				return text.Hant
			}
			break
		}
	}
	return text.Hant
}
