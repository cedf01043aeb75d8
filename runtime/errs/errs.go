// Package errs holds dndsh's one error type and its documented exit codes.
//
// Every layer (dice notation, config, Lua script, kernel, CLI) reports bad
// input as an *Error that says what was wrong and where: the file, line and
// column when there is a source, the layer that found it, what was being
// done (an event, a creature, an argument) and a hint. Commands turn the
// Kind into the process exit code, so a shell script can tell a typo in a
// dice expression from a failing rules script.
package errs

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dndsh/dndsh/runtime/text"
)

// Kind classifies an error; each kind has one exit code.
type Kind int

// The kinds of error, with their exit codes (see ExitCode).
const (
	Internal    Kind = iota // a bug in dndsh: exit 70
	Usage                   // bad command line: exit 2
	Syntax                  // bad dice notation, TOML or Lua syntax: exit 3
	Budget                  // a budget was exceeded (dice, depth, length, time): exit 4
	Script                  // a rules script raised an error at run time: exit 5
	Data                    // a bad or corrupt file (save, config values): exit 6
	Rule                    // a rules-level impossibility (unknown creature, no such condition): exit 7
	Failed                  // a check that was asked to pass did not (spec failures): exit 1
	Interrupted             // the user pressed Ctrl-C (SIGINT): exit 130
)

var kindNames = [...]string{"internal", "usage", "syntax", "budget", "script", "data", "rule", "failed", "interrupted"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// ExitCode returns the documented process exit code of the kind.
func (k Kind) ExitCode() int {
	switch k {
	case Usage:
		return 2
	case Syntax:
		return 3
	case Budget:
		return 4
	case Script:
		return 5
	case Data:
		return 6
	case Rule:
		return 7
	case Failed:
		return 1
	case Interrupted:
		return 130
	}
	return 70
}

// Error is a located, layered error.
type Error struct {
	Kind   Kind
	Layer  string // "dice", "config", "lua", "kernel", "cli", or a script layer name
	File   string // source name; empty for a command-line expression
	Line   int    // 1-based; 0 when unknown
	Col    int    // 1-based column in characters; 0 when unknown
	Msg    string // what was wrong
	Hint   string // how to fix it; may be empty
	Source string // the source line, for an excerpt with a caret; may be empty
	// During is what was being done, outermost first, one frame each
	// ("replaying command 2", "event attack.roll/result, handler goblin",
	// "creature goblin 2"). Within adds a frame; Error joins them.
	During []string
	Trace  string // a script traceback, when there is one
	Err    error  // the wrapped cause, if any
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
			if e.Col > 0 {
				fmt.Fprintf(&b, ":%d", e.Col)
			}
		}
		b.WriteString(": ")
	} else if e.Col > 0 && e.Source != "" {
		fmt.Fprintf(&b, "%s : col %d: ", e.Source, e.Col)
	} else if e.Col > 0 {
		fmt.Fprintf(&b, "col %d: ", e.Col)
	}
	b.WriteString(e.Msg)
	if len(e.During) > 0 {
		fmt.Fprintf(&b, " (during %s)", strings.Join(e.During, " > "))
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Within returns err with frame added as the outermost thing being done
// (see Error.During). An *Error is copied, keeping its kind, layer, place
// and frames, and the copy wraps it; any other error becomes a Script error
// of layer whose message is err's. err itself is never changed.
func Within(err error, layer, frame string) *Error {
	if x, ok := err.(*Error); ok {
		c := *x
		c.Err = x
		c.During = append([]string{frame}, x.During...)
		return &c
	}
	return &Error{Kind: Script, Layer: layer, Msg: err.Error(), During: []string{frame}, Err: err}
}

// Excerpt renders the source line with a caret under the column ("" when
// the error has no source line), each line ending in a newline.
func (e *Error) Excerpt() string {
	if e.Source == "" {
		return ""
	}
	s := "  | " + e.Source + "\n"
	if e.Col > 0 {
		s += "  | " + strings.Repeat(" ", caretPad(e.Source, e.Col)) + "^\n"
	}
	return s
}

// Pretty renders the error for a terminal: the message, the layer, a source
// excerpt with a caret under the column, the hint and the traceback.
func (e *Error) Pretty() string {
	var b strings.Builder
	fmt.Fprintf(&b, "error[%s]: %s\n", e.Layer, e.Error())
	b.WriteString(e.Excerpt())
	if e.Hint != "" {
		fmt.Fprintf(&b, "hint: %s\n", e.Hint)
	}
	if e.Trace != "" {
		fmt.Fprintf(&b, "%s\n", strings.TrimRight(e.Trace, "\n"))
	}
	return b.String()
}

// caretPad returns the display width of the first col-1 characters of line,
// counting East Asian wide characters as two cells (text.Wide) so the caret
// lines up under Chinese text too.
func caretPad(line string, col int) int {
	w, i := 0, 1
	for _, r := range line {
		if i >= col {
			break
		}
		if text.Wide(r) {
			w += 2
		} else {
			w++
		}
		i++
	}
	if i < col {
		w += col - i
	}
	return w
}

// ExitCode returns the exit code for any error: an *Error's kind's code, 0
// for nil, and 70 (internal) for anything else.
func ExitCode(err error) int {
	if err == nil {
		return 0
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Kind.ExitCode()
	}
	return Internal.ExitCode()
}

// New returns an error of kind k found by layer.
func New(k Kind, layer, format string, args ...any) *Error {
	return &Error{Kind: k, Layer: layer, Msg: fmt.Sprintf(format, args...)}
}
