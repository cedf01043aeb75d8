package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testEnv is an Env for in-process runs: no terminal, no user
// configuration, a fixed clock, and files read and written (atomically, as
// main does) relative to dir. Folders named
// in dirs are served from those file systems (fstest.MapFS script roots).
type testEnv struct {
	*Env
	out, errOut bytes.Buffer
}

func newTestEnv(t testing.TB, dir string, dirs map[string]fs.FS, args ...string) *testEnv {
	t.Helper()
	te := &testEnv{}
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	te.Env = &Env{
		Args:   args,
		Stdin:  strings.NewReader(""),
		Stdout: &te.out,
		Stderr: &te.errOut,
		Getenv: func(string) string { return "" },
		Now:    func() time.Time { return time.Unix(1700000000, 0) },
		ReadFile: func(p string) ([]byte, error) {
			return os.ReadFile(abs(p))
		},
		WriteFile: func(p string, data []byte) error {
			return writeAtomic(osFS{}, abs(p), data)
		},
		OpenDir: func(p string) (fs.FS, error) {
			if f, ok := dirs[p]; ok {
				return f, nil
			}
			fi, err := os.Stat(abs(p))
			if err != nil {
				return nil, err
			}
			if !fi.IsDir() {
				return nil, &fs.PathError{Op: "open", Path: p, Err: fmt.Errorf("not a folder")}
			}
			return os.DirFS(abs(p)), nil
		},
	}
	return te
}

// run runs the command line with input as standard input and returns the
// exit code.
func (te *testEnv) run(input string) int {
	te.Stdin = strings.NewReader(input)
	te.out.Reset()
	te.errOut.Reset()
	return run(te.Env)
}

// writeFile writes a file under dir.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// cancelledInterrupt is an Env.Interrupt that behaves as if Ctrl-C were
// pressed as soon as a command starts.
func cancelledInterrupt(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	cancel()
	return ctx, func() {}
}

// lineDiff renders a line diff of want and got ("-" wanted, "+" got).
func lineDiff(want, got []string) string {
	n, m := len(want), len(got)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if want[i] == got[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var b strings.Builder
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && want[i] == got[j]:
			fmt.Fprintf(&b, "  %s\n", want[i])
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&b, "+ %s\n", got[j])
			j++
		default:
			fmt.Fprintf(&b, "- %s\n", want[i])
			i++
		}
	}
	return b.String()
}
