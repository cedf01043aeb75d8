package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The hostile reproductions of spec/hostile/cases.txt: each runs dndsh as
// a child process (this test binary, re-executed as dndsh; or the binary
// named by $DNDSH_HOSTILE_BIN, to check that a case fails before its fix)
// in spec/hostile, under a time limit, and fails on a Go panic, a fatal
// runtime error or a hang, and on any expectation of the case it misses.

// hostileChild is the environment variable that makes this test binary
// run as dndsh.
const hostileChild = "DNDSH_HOSTILE_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(hostileChild) == "1" {
		os.Exit(run(processEnv()))
	}
	os.Exit(m.Run())
}

// hostileCase is one case of cases.txt.
type hostileCase struct {
	name, line  string // name and where it starts ("cases.txt:12")
	args        []string
	stdin       strings.Builder
	want, not   []*regexp.Regexp
	stdout      []*regexp.Regexp
	exit        int
	sigintAfter time.Duration
	sigintOn    *regexp.Regexp
	timeout     time.Duration
	env         []string
	tty         bool // run on a terminal (util-linux script(1), 80 columns)
}

// crash is what no output of dndsh may contain.
var crash = regexp.MustCompile(`goroutine \d|panic:|fatal error`)

func parseHostile(t *testing.T, path string) []*hostileCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []*hostileCase
	var c *hostileCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		where := fmt.Sprintf("%s:%d", filepath.Base(path), n)
		if key == "case" {
			c = &hostileCase{name: val, line: where, timeout: 60 * time.Second}
			cases = append(cases, c)
			continue
		}
		if c == nil {
			t.Fatalf("%s: %q before the first case", where, key)
		}
		re := func() *regexp.Regexp {
			r, err := regexp.Compile(val)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			return r
		}
		dur := func() time.Duration {
			d, err := time.ParseDuration(val)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			return d
		}
		switch key {
		case "run":
			c.args = splitArgs(val)
		case "stdin":
			c.stdin.WriteString(unescape(val) + "\n")
		case "want":
			c.want = append(c.want, re())
		case "stdout":
			c.stdout = append(c.stdout, re())
		case "not":
			c.not = append(c.not, re())
		case "exit":
			if c.exit, err = strconv.Atoi(val); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		case "sigint-after":
			c.sigintAfter = dur()
		case "sigint-on":
			c.sigintOn = re()
		case "timeout":
			c.timeout = dur()
		case "env":
			c.env = append(c.env, val)
		case "tty":
			c.tty = true
		default:
			t.Fatalf("%s: unknown directive %q", where, key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// splitArgs splits a command line at spaces; "..." quotes a word (with
// \n, \t, \0 and \\ escapes).
func splitArgs(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			end := strings.Index(s[1:], `"`)
			if end < 0 {
				end = len(s) - 1
			}
			out = append(out, unescape(s[1:1+end]))
			s = s[min(len(s), end+2):]
			continue
		}
		w, rest, _ := strings.Cut(s, " ")
		out = append(out, w)
		s = rest
	}
	return out
}

// unescape expands \n, \t, \0 (NUL), \e (ESC) and \\, and \r{text*N}
// into text repeated N times (a 10,000-character line is \r{x*10000}).
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '0':
			b.WriteByte(0)
		case 'e':
			b.WriteByte(27)
		case 'r':
			// \r{text*count}: text repeated count times.
			if end := strings.IndexByte(s[i:], '}'); i+1 < len(s) && s[i+1] == '{' && end > 0 {
				body := s[i+2 : i+end]
				if star := strings.LastIndexByte(body, '*'); star >= 0 {
					if k, err := strconv.Atoi(body[star+1:]); err == nil {
						b.WriteString(strings.Repeat(body[:star], k))
						i += end
						continue
					}
				}
			}
			b.WriteByte('r')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// lockedBuffer is an output buffer the test reads while the child writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func TestHostile(t *testing.T) {
	dir, err := filepath.Abs("../../spec/hostile")
	if err != nil {
		t.Fatal(err)
	}
	bin, childEnv := os.Getenv("DNDSH_HOSTILE_BIN"), ""
	if bin == "" {
		if bin, err = os.Executable(); err != nil {
			t.Fatal(err)
		}
		childEnv = hostileChild + "=1"
	}
	home := t.TempDir()
	for _, c := range parseHostile(t, filepath.Join(dir, "cases.txt")) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(bin, c.args...)
			if c.tty {
				script, err := exec.LookPath("script")
				if err != nil {
					t.Skip("no script(1) to run dndsh on a terminal")
				}
				line := "stty cols 80 rows 24; exec " + shellQuote(bin)
				for _, a := range c.args {
					line += " " + shellQuote(a)
				}
				cmd = exec.Command(script, "-qec", line, "/dev/null")
			}
			cmd.Dir = dir
			cmd.Env = append([]string{"HOME=" + home, "XDG_CONFIG_HOME=" + home, "PATH=" + os.Getenv("PATH"), childEnv}, c.env...)
			var stdout, stderr lockedBuffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			var stdin io.WriteCloser
			if c.tty {
				// The terminal takes input once line editing is on (the
				// prompt is out); before, it would be cooked and cut at 4096.
				var err error
				if stdin, err = cmd.StdinPipe(); err != nil {
					t.Fatal(err)
				}
			} else {
				cmd.Stdin = strings.NewReader(c.stdin.String())
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if stdin != nil {
				go func() {
					// Each line goes once the output has been still for a
					// moment (dndsh waits at its prompt): input typed while
					// line editing is off may be dropped by the terminal.
					defer stdin.Close()
					for _, line := range strings.SplitAfter(c.stdin.String(), "\n") {
						last, still := "", 0
						for i := 0; i < 500 && still < 15; i++ {
							time.Sleep(20 * time.Millisecond)
							if now := stdout.String(); now == last && strings.Contains(now, "> ") {
								still++
							} else {
								last, still = now, 0
							}
						}
						_, _ = io.WriteString(stdin, line)
					}
				}()
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			deadline := time.After(c.timeout)
			// sigint-after counts the child's CPU time where /proc has it, so
			// that a busy machine (a slow start-up) does not interrupt it
			// before it has done the work the case is about; else wall time.
			var sigint <-chan time.Time
			cpuSigint := c.sigintAfter > 0 && cpuTime(cmd.Process.Pid) >= 0
			if c.sigintAfter > 0 && !cpuSigint {
				sigint = time.After(c.sigintAfter)
			}
			poll := time.NewTicker(20 * time.Millisecond)
			defer poll.Stop()
			var werr error
			hung := false
		wait:
			for {
				select {
				case werr = <-done:
					break wait
				case <-sigint:
					_ = cmd.Process.Signal(syscall.SIGINT)
					sigint = nil
				case <-poll.C:
					if cpuSigint && cpuTime(cmd.Process.Pid) >= c.sigintAfter {
						_ = cmd.Process.Signal(syscall.SIGINT)
						cpuSigint = false
					}
					if c.sigintOn != nil && c.sigintOn.MatchString(stdout.String()+stderr.String()) {
						_ = cmd.Process.Signal(syscall.SIGINT)
						c.sigintOn = nil
					}
				case <-deadline:
					hung = true
					_ = cmd.Process.Kill()
					werr = <-done
					break wait
				}
			}
			out := stdout.String() + stderr.String()
			show := func() string {
				if len(out) > 3000 {
					return out[:1500] + "\n…\n" + out[len(out)-1500:]
				}
				return out
			}
			if hung {
				t.Fatalf("%s: still running after %v; output:\n%s", c.line, c.timeout, show())
			}
			if m := crash.FindString(out); m != "" {
				t.Fatalf("%s: the output has %q:\n%s", c.line, m, show())
			}
			code := 0
			if ee, ok := werr.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if werr != nil {
				t.Fatal(werr)
			}
			if code != c.exit {
				t.Errorf("%s: exit code %d, want %d", c.line, code, c.exit)
			}
			for _, re := range c.want {
				if !re.MatchString(out) {
					t.Errorf("%s: no match for %q", c.line, re)
				}
			}
			for _, re := range c.stdout {
				if !re.MatchString(stdout.String()) {
					t.Errorf("%s: standard output has no match for %q", c.line, re)
				}
			}
			for _, re := range c.not {
				if re.MatchString(out) {
					t.Errorf("%s: unwanted match for %q", c.line, re)
				}
			}
			if t.Failed() {
				t.Logf("output:\n%s", show())
			}
		})
	}
}

// cpuTime returns the user and system CPU time process pid has used, from
// /proc/PID/stat (in clock ticks of 1/100 s), or -1 where that cannot be read.
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	// the fields after the command name in parentheses: state is field 3,
	// utime 14 and stime 15
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return -1
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return time.Duration(u+s) * 10 * time.Millisecond
}
