package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/chzyer/readline"

	"github.com/dndsh/dndsh/bindings/fightmod"
)

// errInterrupted is returned by a lineReader when the user pressed Ctrl-C
// while editing: the partial input is dropped and the REPL goes on.
var errInterrupted = errors.New("interrupted")

// The longest input line: on a terminal (line editing redraws the whole
// line at each key, so a longer paste would take seconds), and from a
// file or a pipe.
const (
	maxTermLine  = 1000 // characters
	maxPlainLine = 1 << 20
)

// lineTooLong is the error of a line over the limit; the line is dropped
// and the REPL goes on.
type lineTooLong struct{ limit, unit string }

func (e *lineTooLong) Error() string {
	return fmt.Sprintf("the line is longer than %s %s, the most the REPL takes; it was not run (:load a file for longer code)", e.limit, e.unit)
}

// lineReader is where the REPL's input comes from: a terminal with line
// editing, or plain lines (a pipe, a file, a test's buffer).
type lineReader interface {
	// readLine returns the next line without its newline; io.EOF at the
	// end of the input (Ctrl-D), errInterrupted on Ctrl-C.
	readLine(prompt string) (string, error)
	// addHistory records one complete entry (a multi-line chunk is one
	// entry).
	addHistory(entry string)
	close() error
}

// plainReader reads lines with no prompt and no editing, so that
// `dndsh < session.txt` works.
type plainReader struct{ r *bufio.Reader }

func newPlainReader(r io.Reader) *plainReader { return &plainReader{bufio.NewReader(r)} }

func (p *plainReader) readLine(string) (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := p.r.ReadSlice('\n')
		if len(b)+len(chunk) > maxPlainLine {
			long = true
		} else {
			b = append(b, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if long {
			return "", &lineTooLong{"1", "MiB"}
		}
		if err != nil && (err != io.EOF || len(b) == 0) {
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

func (p *plainReader) addHistory(string) {}
func (p *plainReader) close() error      { return nil }

// termReader edits lines on a terminal with chzyer/readline: history file,
// tab completion, Ctrl-C and Ctrl-D. Readline redraws the whole line at
// each key, so a long pasted line would take a time in the square of its
// length: a line that reaches maxTermLine characters is emptied and the
// rest of it is dropped unseen up to its end, and readLine reports it.
type termReader struct {
	rl      *readline.Instance
	discard bool        // dropping the rest of a long line (readline's goroutine)
	long    atomic.Bool // a line was dropped
}

func newTermReader(env *Env, st *settings, comp readline.AutoCompleter) (*termReader, error) {
	limit := st.HistorySize
	if limit <= 0 {
		limit = -1 // readline: no history
	}
	file := st.HistoryFile
	if limit < 0 {
		file = ""
	}
	if file != "" && env.MkdirAll != nil {
		_ = env.MkdirAll(filepath.Dir(file))
	}
	stdin, ok := env.Stdin.(*os.File)
	if !ok {
		return nil, errors.New("line editing needs a terminal")
	}
	t := &termReader{}
	rl, err := readline.NewEx(&readline.Config{
		FuncFilterInputRune:    t.filter,
		Listener:               readline.FuncListener(t.listen),
		Prompt:                 "> ",
		HistoryFile:            file,
		HistoryLimit:           limit,
		DisableAutoSaveHistory: true,
		HistorySearchFold:      true,
		AutoComplete:           comp,
		Stdin:                  readline.NewCancelableStdin(stdin),
		Stdout:                 orRaw(env.rawStdout, env.Stdout),
		Stderr:                 orRaw(env.rawStderr, env.Stderr),
		FuncIsTerminal:         func() bool { return true },
	})
	if err != nil {
		return nil, err
	}
	t.rl = rl
	return t, nil
}

// listen empties a line that reaches maxTermLine characters and starts
// dropping the rest of it. It runs in readline's goroutine after each key.
func (t *termReader) listen(line []rune, pos int, _ rune) ([]rune, int, bool) {
	if len(line) >= maxTermLine && !t.discard {
		t.discard = true
		t.long.Store(true)
		return []rune{}, 0, true
	}
	return line, pos, false
}

// filter drops the keys of a line being dropped, up to its end (the end of
// the line, or Ctrl-C, goes through: readline returns the emptied line).
// A dropped key becomes readline's no-op key (BEL), which neither redraws
// the line nor restarts the terminal's reader out of turn, as a refused
// key would. It runs in readline's goroutine before each key.
func (t *termReader) filter(r rune) (rune, bool) {
	if !t.discard {
		return r, true
	}
	switch r {
	case readline.CharEnter, readline.CharCtrlJ, readline.CharInterrupt:
		t.discard = false
		return r, true
	}
	return readline.CharBell, true
}

func (t *termReader) readLine(prompt string) (string, error) {
	t.rl.SetPrompt(prompt)
	line, err := t.rl.Readline()
	if t.long.Swap(false) {
		return "", &lineTooLong{strconv.Itoa(maxTermLine), "characters"}
	}
	if errors.Is(err, readline.ErrInterrupt) {
		return "", errInterrupted
	}
	return line, err
}

// addHistory saves a chunk. readline's history file is one entry a line
// and gives a saved multi-line entry back as separate lines, so a
// multi-line chunk is saved joined with spaces, or line by line when it
// has a comment (which joining would extend over the rest).
func (t *termReader) addHistory(entry string) {
	if strings.TrimSpace(entry) == "" {
		return
	}
	lines := strings.Split(entry, "\n")
	if len(lines) == 1 {
		_ = t.rl.SaveHistory(entry)
		return
	}
	if strings.Contains(entry, "--") {
		for _, l := range lines {
			if strings.TrimSpace(l) != "" {
				_ = t.rl.SaveHistory(l)
			}
		}
		return
	}
	parts := make([]string, 0, len(lines))
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	_ = t.rl.SaveHistory(strings.Join(parts, " "))
}

func (t *termReader) close() error { return t.rl.Close() }

// orRaw returns raw, or w when raw is nil.
func orRaw(raw, w io.Writer) io.Writer {
	if raw != nil {
		return raw
	}
	return w
}

// completer completes the REPL's input on Tab: :commands and their
// arguments (help topics, rule systems, variant ids), module functions
// ("dice.ro" -> "dice.roll"), table command names and session globals.
type completer struct{ r *repl }

// Do implements readline.AutoCompleter: it returns the endings of the
// candidates for the word before the cursor and the length of that word.
func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	head := string(line[:pos])
	start := len(head)
	for start > 0 && isWordByte(head[start-1]) {
		start--
	}
	word := head[start:]
	before := strings.Fields(head[:start])
	var cands []string
	switch {
	case len(before) == 0 && strings.HasPrefix(word, ":"):
		for _, cmd := range colonCommands() {
			cands = append(cands, ":"+cmd.name)
		}
	case len(before) > 0 && strings.HasPrefix(before[0], ":"):
		cands = c.colonArgs(before, word)
	case len(before) > 0 && c.r.isCommand(before[0]):
		// a table command's argument: what the command says fits here
		// (creatures, monsters, abilities, conditions, flags)
		cands = c.tableArgs(before[0], head[:start], word)
	default:
		cands = c.luaWords(word, len(before) == 0)
	}
	var out [][]rune
	seen := map[string]bool{}
	sort.Strings(cands)
	for _, s := range cands {
		if strings.HasPrefix(s, word) && !seen[s] {
			seen[s] = true
			out = append(out, []rune(s[len(word):]))
		}
	}
	return out, len([]rune(word))
}

func isWordByte(b byte) bool {
	return b == '_' || b == '.' || b == ':' || b == '-' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// colonArgs are the candidates for an argument of a :command.
func (c completer) colonArgs(before []string, word string) []string {
	r := c.r
	switch before[0] {
	case ":help":
		return helpTopics(r)
	case ":ruleset":
		if r.eng != nil {
			return r.eng.Rules.Systems()
		}
	case ":variant", ":variants":
		if len(before) == 1 {
			return []string{"on", "off"}
		}
		if r.eng != nil {
			var ids []string
			for _, v := range r.eng.Rules.Variants {
				ids = append(ids, v.ID)
			}
			return ids
		}
	case ":rules":
		if r.eng != nil {
			return r.eng.Rules.Names()
		}
	}
	return nil
}

// tableArgs are the candidates for an argument of table command cmd after
// the words of line: what the command's command_help.<cmd>.complete says
// fits there (after "save NAME" the abilities, after "add" the monster
// ids, after "cond add NAME" the conditions, after "--" its flags); the
// fight's creatures when the command says nothing.
func (c completer) tableArgs(cmd, line, word string) []string {
	r := c.r
	if r.eng == nil || r.lua == nil {
		return nil
	}
	v, err := r.lua.commandHelp(context.Background(), cmd, "complete", line, word)
	if list, ok := v.([]any); ok && err == nil {
		out := make([]string, 0, len(list))
		for _, x := range list {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	var out []string
	if f := fightmod.Current(r.eng.R); f != nil {
		for _, x := range f.Fighters {
			out = append(out, x.ID)
		}
	}
	return out
}

// luaWords are the candidates for a word of Lua or a table command.
func (c completer) luaWords(word string, first bool) []string {
	r := c.r
	if r.eng == nil {
		return nil
	}
	var out []string
	if mod, _, ok := strings.Cut(word, "."); ok {
		for _, m := range r.eng.R.Modules() {
			if m.Name == mod {
				for _, f := range m.Funcs {
					out = append(out, m.Name+"."+f.Name)
				}
			}
		}
		return out
	}
	for _, m := range r.eng.R.Modules() {
		out = append(out, m.Name)
	}
	if first {
		out = append(out, r.commandNames()...)
	}
	if r.lua != nil {
		out = append(out, r.lua.names()...)
	}
	return append(out, "print", "pairs", "ipairs", "tostring", "tonumber", "type", "require", "local", "function", "return", "for", "while", "if", "then", "end")
}
