package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update rewrites the transcripts with what the REPL prints now:
// go test ./cmd/dndsh -run TestTranscripts -update
var update = flag.Bool("update", false, "rewrite spec/transcripts/*.txt with the actual output")

const transcriptDir = "../../spec/transcripts"

// transcript is a parsed spec/transcripts/*.txt (format: docs/repl.md).
type transcript struct {
	header []string // the lines before the first input, kept by -update
	args   []string // from "# args:" header lines
	steps  []step
}

// step is a run of input lines and the lines that follow them.
type step struct {
	inputs []string // without the "> "
	lines  []string // output lines; expected errors as "!! text"
}

func parseTranscript(text string) transcript {
	var tr transcript
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	i := 0
	for ; i < len(lines) && !isInput(lines[i]); i++ {
		tr.header = append(tr.header, lines[i])
		if rest, ok := strings.CutPrefix(lines[i], "# args:"); ok {
			tr.args = append(tr.args, strings.Fields(rest)...)
		}
	}
	tr.steps = splitSteps(lines[i:])
	return tr
}

func isInput(l string) bool { return l == ">" || strings.HasPrefix(l, "> ") }

// splitSteps groups lines into steps: consecutive input lines start one.
func splitSteps(lines []string) []step {
	var steps []step
	for _, l := range lines {
		if isInput(l) {
			in := strings.TrimPrefix(strings.TrimPrefix(l, ">"), " ")
			if n := len(steps); n > 0 && len(steps[n-1].lines) == 0 {
				steps[n-1].inputs = append(steps[n-1].inputs, in)
				continue
			}
			steps = append(steps, step{inputs: []string{in}})
			continue
		}
		if len(steps) == 0 {
			steps = append(steps, step{})
		}
		steps[len(steps)-1].lines = append(steps[len(steps)-1].lines, strings.TrimRight(l, " "))
	}
	return steps
}

func (s step) render() []string {
	var out []string
	for _, in := range s.inputs {
		out = append(out, strings.TrimRight("> "+in, " "))
	}
	return append(out, s.lines...)
}

// split separates output lines from expected errors ("!! text").
func (s step) split() (out, errs []string) {
	for _, l := range s.lines {
		if e, ok := strings.CutPrefix(l, "!! "); ok {
			errs = append(errs, e)
		} else if l == "!!" {
			errs = append(errs, "")
		} else {
			out = append(out, l)
		}
	}
	return out, errs
}

// matches reports whether an actual step satisfies an expected one: the
// same inputs and output lines, and every expected error text found in the
// actual error output (an actual error with no expected one fails).
func (want step) matches(got step) bool {
	if strings.Join(want.inputs, "\n") != strings.Join(got.inputs, "\n") {
		return false
	}
	wo, we := want.split()
	goOut, ge := got.split()
	if strings.Join(wo, "\n") != strings.Join(goOut, "\n") || (len(we) == 0) != (len(ge) == 0) {
		return false
	}
	all := strings.Join(ge, "\n")
	for _, e := range we {
		if !strings.Contains(all, e) {
			return false
		}
	}
	return true
}

// lineSink collects whole lines written to it, each with a prefix, into a
// list shared by standard output and standard error.
type lineSink struct {
	lines  *[]string
	prefix string
	buf    []byte
}

func (s *lineSink) Write(p []byte) (int, error) {
	s.buf = append(s.buf, p...)
	for {
		i := bytes.IndexByte(s.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		*s.lines = append(*s.lines, strings.TrimRight(s.prefix+string(s.buf[:i]), " "))
		s.buf = s.buf[i+1:]
	}
}

func (s *lineSink) flush() {
	if len(s.buf) > 0 {
		*s.lines = append(*s.lines, s.prefix+string(s.buf))
		s.buf = nil
	}
}

// TestTranscripts replays every spec/transcripts/*.txt through run(env)
// with buffers and compares what the REPL prints with the transcript.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(transcriptDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 3 {
		t.Fatalf("want at least 3 transcripts under spec/transcripts, found %d", len(files))
	}
	dir, err := filepath.Abs(transcriptDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want := parseTranscript(string(data))
			wantText, gotText, code, wantFail := replay(t, want, dir)
			if *update {
				if err := os.WriteFile(f, []byte(strings.Join(gotText, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if strings.Join(wantText, "\n") != strings.Join(gotText, "\n") {
				t.Errorf("transcript differs (- expected, + actual):\n%s", lineDiff(wantText, gotText))
			}
			if (code != 0) != wantFail {
				t.Errorf("exit code %d; the transcript expects failure: %v", code, wantFail)
			}
		})
	}
}

// replay runs a transcript's inputs in a REPL whose working folder is dir
// and returns the transcript as written and as it came out (a step that
// matches is shown as written), the exit code, and whether the transcript
// expects a failure.
func replay(t *testing.T, want transcript, dir string) (wantText, gotText []string, code int, wantFail bool) {
	t.Helper()
	var input strings.Builder
	for _, s := range want.steps {
		for _, in := range s.inputs {
			input.WriteString(in + "\n")
		}
		if _, e := s.split(); len(e) > 0 {
			wantFail = true
		}
	}
	var lines []string
	stdout := &lineSink{lines: &lines}
	stderr := &lineSink{lines: &lines, prefix: "!! "}
	te := newTestEnv(t, dir, nil, append([]string{"repl", "--echo", "--seed", "1"}, want.args...)...)
	te.Stdin, te.Stdout, te.Stderr = strings.NewReader(input.String()), stdout, stderr
	code = run(te.Env)
	stdout.flush()
	stderr.flush()
	// The closing "dndsh: N input(s) failed" line is the exit status,
	// checked by the caller.
	if n := len(lines); n > 0 && strings.HasPrefix(lines[n-1], "!! dndsh: ") {
		lines = lines[:n-1]
	}
	got := splitSteps(lines)
	wantText = append(wantText, want.header...)
	gotText = append(gotText, want.header...)
	for i, g := range got {
		if i < len(want.steps) && want.steps[i].matches(g) {
			gotText = append(gotText, want.steps[i].render()...)
		} else {
			gotText = append(gotText, g.render()...)
		}
	}
	for _, s := range want.steps {
		wantText = append(wantText, s.render()...)
	}
	return wantText, gotText, code, wantFail
}

func TestTranscriptParsing(t *testing.T) {
	tr := parseTranscript("# a comment\n# args: --ruleset base\n> x = 1\n> x\n1\n> nope()\n!! undeclared\n> function f()\n>   return 2\n> end\n")
	if strings.Join(tr.args, " ") != "--ruleset base" {
		t.Fatalf("args %q", tr.args)
	}
	if len(tr.steps) != 3 || len(tr.steps[0].inputs) != 2 || len(tr.steps[2].inputs) != 3 {
		t.Fatalf("steps %+v", tr.steps)
	}
	if _, e := tr.steps[1].split(); len(e) != 1 || e[0] != "undeclared" {
		t.Fatalf("errors %q", e)
	}
	ok := step{inputs: []string{"nope()"}, lines: []string{"!! error[session]: <input 2>:1: undeclared global"}}
	if !tr.steps[1].matches(ok) {
		t.Fatal("an error containing the expected text does not match")
	}
	if tr.steps[0].matches(step{inputs: []string{"x = 1", "x"}, lines: []string{"1", "!! boom"}}) {
		t.Fatal("an unexpected error matches")
	}
}
