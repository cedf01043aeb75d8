package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const passingSpec = `-- ruleset: base
-- covers: TOY-01
test("addition", function() eq(1 + 1, 2) end)
test("forced dice", function() dice.force{6} eq(dice.total("1d6"), 6) end)
`

const failingSpec = `-- ruleset: base
-- covers: TOY-02
test("good", function() ok(true) end)
test("bad", function() eq({1, 2}, {1, 3}, "lists") end)
`

func TestTestCommandReportsFailures(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "spec/a/pass_spec.lua", passingSpec)
	writeFile(t, dir, "spec/b/fail_spec.lua", failingSpec)
	writeFile(t, dir, "spec/b/notes.lua", "this is not a spec")
	te := newTestEnv(t, dir, nil, "test")
	if code := te.run(""); code != 1 {
		t.Fatalf("exit %d, want 1: %s%s", code, te.out.String(), te.errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(te.out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want one failure line and the summary, got:\n%s", te.out.String())
	}
	if !strings.HasPrefix(lines[0], "FAIL spec/b/fail_spec.lua: bad: ") || !strings.Contains(lines[0], "lists") {
		t.Fatalf("failure line %q", lines[0])
	}
	if lines[1] != "3 passed, 1 failed" {
		t.Fatalf("summary %q", lines[1])
	}
}

func TestTestCommandPathsAndVerbose(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "specs/pass_spec.lua", passingSpec)
	writeFile(t, dir, "one_spec.lua", passingSpec)
	te := newTestEnv(t, dir, nil, "test", "specs", "one_spec.lua", "-v")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s%s", code, te.out.String(), te.errOut.String())
	}
	want := "ok   specs/pass_spec.lua: addition\nok   specs/pass_spec.lua: forced dice\n" +
		"ok   one_spec.lua: addition\nok   one_spec.lua: forced dice\n4 passed, 0 failed\n"
	if te.out.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", te.out.String(), want)
	}
	te.Args = []string{"test", "nowhere"}
	if code := te.run(""); code != 2 || !strings.Contains(te.errOut.String(), "cannot read nowhere") {
		t.Fatalf("missing path: exit %d: %s", code, te.errOut.String())
	}
	writeFile(t, dir, "empty/readme.txt", "")
	te.Args = []string{"test", "empty"}
	if code := te.run(""); code != 2 || !strings.Contains(te.errOut.String(), "no spec files") {
		t.Fatalf("no specs: exit %d: %s", code, te.errOut.String())
	}
}

func TestTestCommandCoverage(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "spec/pass_spec.lua", passingSpec)
	tsv := "id\tsystem\tinventory\tlayer\tstatus\tnote\n" +
		"TOY-01\ttoy\ttoy.md\tkernel\tcovered\t\n" +
		"TOY-02\ttoy\ttoy.md\tkernel\ttodo\t\n" +
		"TOY-03\ttoy\ttoy.md\tkernel\tleft-out\tnot in this edition\n"
	writeFile(t, dir, "spec/mechanics.tsv", tsv)
	te := newTestEnv(t, dir, nil, "test", "--coverage")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s%s", code, te.out.String(), te.errOut.String())
	}
	out := te.out.String()
	if !strings.Contains(out, "2 passed, 0 failed\n") || !regexp.MustCompile(`toy\s+1\s+1\s+1\s+0\s+66\.7%`).MatchString(out) {
		t.Fatalf("coverage report:\n%s", out)
	}
	// An ID marked covered that no spec names is a problem: exit 1.
	writeFile(t, dir, "spec/mechanics.tsv", tsv+"TOY-04\ttoy\ttoy.md\tkernel\tcovered\t\n")
	if code := te.run(""); code != 1 || !strings.Contains(te.out.String(), "coverage: TOY-04 is marked covered but no spec names it") {
		t.Fatalf("exit %d:\n%s", code, te.out.String())
	}
}

func TestTestCommandOnTheRepositorySpecs(t *testing.T) {
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	te := newTestEnv(t, dir, nil, "test", "spec/base")
	code := te.run("")
	out := te.out.String()
	m := regexp.MustCompile(`(?m)^(\d+) passed, (\d+) failed$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no summary line:\n%s", out)
	}
	if (m[2] == "0") != (code == 0) {
		t.Fatalf("exit %d with summary %q", code, m[0])
	}
	if code != 0 {
		t.Fatalf("the repository's base specs fail:\n%s", out)
	}
}
