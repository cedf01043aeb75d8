package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/chzyer/readline"

	"github.com/dndsh/dndsh/bindings/fightmod"
)

// errInterrupted is returned by a lineReader when the user pressed Ctrl-C
// while editing: the partial input is dropped and the REPL goes on.
var errInterrupted = errors.New("interrupted")

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
	line, err := p.r.ReadString('\n')
	if err != nil && (err != io.EOF || line == "") {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

func (p *plainReader) addHistory(string) {}
func (p *plainReader) close() error      { return nil }

// termReader edits lines on a terminal with chzyer/readline: history file,
// tab completion, Ctrl-C and Ctrl-D.
type termReader struct{ rl *readline.Instance }

// newTermReader opens line editing on the terminal of env. The history
// file's folder is created when missing; an unusable history file only
// disables saving history.
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
	rl, err := readline.NewEx(&readline.Config{
		Prompt:                 "> ",
		HistoryFile:            file,
		HistoryLimit:           limit,
		DisableAutoSaveHistory: true,
		HistorySearchFold:      true,
		AutoComplete:           comp,
		Stdin:                  readline.NewCancelableStdin(stdin),
		Stdout:                 env.Stdout,
		Stderr:                 env.Stderr,
		FuncIsTerminal:         func() bool { return true },
	})
	if err != nil {
		return nil, err
	}
	return &termReader{rl}, nil
}

func (t *termReader) readLine(prompt string) (string, error) {
	t.rl.SetPrompt(prompt)
	line, err := t.rl.Readline()
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
	default:
		cands = c.luaWords(word, len(before) == 0)
		if len(before) > 0 {
			cands = append(cands, c.tableArgs(before[0])...)
		}
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

// tableArgs are the candidates for an argument of a table command: the
// creatures of the fight, and for `add` the rule system's monster ids
// (hand-written and imported).
func (c completer) tableArgs(cmd string) []string {
	r := c.r
	if r.eng == nil {
		return nil
	}
	var out []string
	if f := fightmod.Current(r.eng.R); f != nil {
		for _, x := range f.Fighters {
			out = append(out, x.ID)
		}
	}
	if cmd == "add" {
		// hand-written monsters and the imported ones (srd/; a file name
		// is an id, nothing is loaded), of the system and those it extends
		seen := map[string]bool{}
		for _, sys := range r.eng.Rules.MonsterSystems(r.eng.Rules.System) {
			for _, pat := range []string{"monsters/" + sys + "/*.lua", "monsters/" + sys + "/srd/*.lua"} {
				for _, p := range r.eng.R.Glob(pat) {
					if id := strings.TrimSuffix(path.Base(p), ".lua"); !seen[id] {
						seen[id] = true
						out = append(out, id)
					}
				}
			}
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
