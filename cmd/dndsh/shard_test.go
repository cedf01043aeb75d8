package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestShardAutoReadsTheJobRunner: auto/K takes the shard from a Kubernetes
// Indexed Job's JOB_COMPLETION_INDEX, else from a Slurm array's task id less
// its first index (and step), and refuses what does not fit.
func TestShardAutoReadsTheJobRunner(t *testing.T) {
	cases := []struct {
		env       map[string]string
		spec      string
		lo, hi    uint64
		key, fail string
	}{
		{map[string]string{"JOB_COMPLETION_INDEX": "0"}, "auto/4", 0, 25, "0/4", ""},
		{map[string]string{"JOB_COMPLETION_INDEX": "3"}, "auto/4", 75, 100, "3/4", ""},
		{map[string]string{"JOB_COMPLETION_INDEX": "4"}, "auto/4", 0, 0, "", "gives shard 4, but there are only 4"},
		{map[string]string{"JOB_COMPLETION_INDEX": "x"}, "auto/4", 0, 0, "", `JOB_COMPLETION_INDEX="x"`},
		// Kubernetes first when both are set.
		{map[string]string{"JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "3"}, "auto/4", 25, 50, "1/4", ""},
		// --array=1-4: task 1 is shard 0, task 4 shard 3.
		{map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, "auto/4", 0, 25, "0/4", ""},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, "auto/4", 75, 100, "3/4", ""},
		// --array=0-3
		{map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0"}, "auto/4", 50, 75, "2/4", ""},
		// --array=10-16:2 (10, 12, 14, 16)
		{map[string]string{"SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_STEP": "2"}, "auto/4", 50, 75, "2/4", ""},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "13", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_STEP": "2"}, "auto/4", 0, 0, "", "not in the array"},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "5"}, "auto/4", 0, 0, "", "has 5 tasks"},
		{map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1"}, "auto/4", 0, 0, "", "gives shard 4"},
		{map[string]string{}, "auto/4", 0, 0, "", "no job runner's index found"},
		{map[string]string{"JOB_COMPLETION_INDEX": "0"}, "auto/0", 0, 0, "", "--shard wants"},
		{map[string]string{"JOB_COMPLETION_INDEX": "0"}, "auto", 0, 0, "", "--shard wants"},
		{nil, "1/4", 25, 50, "1/4", ""},
	}
	for _, c := range cases {
		lo, hi, key, err := shardRange(c.spec, 100, func(k string) string { return c.env[k] })
		if c.fail != "" {
			if err == nil || !strings.Contains(err.Error(), c.fail) {
				t.Errorf("%s %v: want an error with %q, got %v", c.spec, c.env, c.fail, err)
			}
			continue
		}
		if err != nil || lo != c.lo || hi != c.hi || key != c.key {
			t.Errorf("%s %v: got [%d,%d) %q %v, want [%d,%d) %q", c.spec, c.env, lo, hi, key, err, c.lo, c.hi, c.key)
		}
	}
}

// TestSimShardAutoMergesToOneRun: the shards of auto/3 under three
// completion indexes merge to the report of one run.
func TestSimShardAutoMergesToOneRun(t *testing.T) {
	root := "../.."
	dir := t.TempDir()
	sim := func(env map[string]string, args ...string) string {
		te := newTestEnv(t, root, nil, append([]string{"sim", "--seed", "5", "-n", "90"}, append(args, r1)...)...)
		te.Getenv = func(k string) string { return env[k] }
		if code := te.run(""); code != 0 {
			t.Fatalf("sim %v %v: exit %d: %s", env, args, code, te.errOut.String())
		}
		return te.out.String()
	}
	var files []string
	for _, i := range []string{"2", "0", "1"} {
		p := filepath.Join(dir, "shard-"+i+".json")
		if err := os.WriteFile(p, []byte(sim(map[string]string{"JOB_COMPLETION_INDEX": i}, "--json", "--shard", "auto/3")), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	te := newTestEnv(t, root, nil, append([]string{"merge"}, files...)...)
	if code := te.run(""); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, te.errOut.String())
	}
	if one := sim(nil); te.out.String() != one {
		t.Fatalf("merged auto shards differ from one run:\n%s\n%s", te.out.String(), one)
	}
}

// TestSimProfiles: --cpuprofile and --memprofile write gzip-compressed
// pprof profiles and leave the report as it is.
func TestSimProfiles(t *testing.T) {
	// every allocation in the profile: at Go's default rate (one sample
	// every 512 KB) whether a fight function's allocations are sampled at
	// all is chance, and the check below failed now and then
	defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
	runtime.MemProfileRate = 1
	root := "../.."
	dir := t.TempDir()
	cpu, mem := filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "mem.pprof")
	te := newTestEnv(t, root, nil, "sim", "--seed", "3", "-n", "200", r1)
	if code := te.run(""); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, te.errOut.String())
	}
	plain := te.out.String()
	te = newTestEnv(t, root, nil, "sim", "--seed", "3", "-n", "200", "--cpuprofile", cpu, "--memprofile", mem, r1)
	if code := te.run(""); code != 0 {
		t.Fatalf("sim with profiles: exit %d: %s", code, te.errOut.String())
	}
	if te.out.String() != plain {
		t.Fatalf("profiles changed the report:\n%s\n%s", te.out.String(), plain)
	}
	for _, p := range []string{cpu, mem} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		z, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: not gzip: %v", p, err)
		}
		raw, err := io.ReadAll(z)
		if err != nil || len(raw) == 0 {
			t.Fatalf("%s: empty or broken profile: %v", p, err)
		}
	}
	// The memory profile names where the trials allocate.
	b, _ := os.ReadFile(mem)
	z, _ := gzip.NewReader(bytes.NewReader(b))
	raw, _ := io.ReadAll(z)
	if !bytes.Contains(raw, []byte("fight")) {
		t.Fatalf("the memory profile names no fight function")
	}
	te = newTestEnv(t, root, nil, "sim", "-n", "2", "--cpuprofile", filepath.Join(dir, "no", "such", "dir", "x"), r1)
	if code := te.run(""); code == 0 || !strings.Contains(te.errOut.String(), "--cpuprofile: cannot write") {
		t.Fatalf("an unwritable profile must fail clearly: %d %s", code, te.errOut.String())
	}
}

// TestSimLuaProfile: --luaprofile writes where the trials' Lua code runs
// (the troll fight's kit turns), leaves the report as it is, gives the same
// bytes for the same command, writes folded stacks for a .folded file, and
// an unwritable file fails clearly.
func TestSimLuaProfile(t *testing.T) {
	root := "../.."
	dir := t.TempDir()
	troll := "examples/5e/party_vs_troll.lua" // newTestEnv runs in root
	te := newTestEnv(t, root, nil, "sim", "--seed", "3", "-n", "20", "-j", "2", troll)
	if code := te.run(""); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, te.errOut.String())
	}
	plain := te.out.String()
	var first []byte
	for i, name := range []string{"a.txt", "b.txt", "c.folded"} {
		path := filepath.Join(dir, name)
		te = newTestEnv(t, root, nil, "sim", "--seed", "3", "-n", "20", "-j", "2", "--luaprofile", path, troll)
		if code := te.run(""); code != 0 {
			t.Fatalf("sim --luaprofile: exit %d: %s", code, te.errOut.String())
		}
		if te.out.String() != plain {
			t.Fatalf("the Lua profile changed the report:\n%s\n%s", te.out.String(), plain)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch i {
		case 0:
			for _, want := range []string{"Lua profile: ", "one every 997 VM instructions", "act (core/5e/tactics.lua:", "setting (core/5e/tactics.lua:"} {
				if !bytes.Contains(b, []byte(want)) {
					t.Fatalf("the profile lacks %q:\n%s", want, b)
				}
			}
			first = b
		case 1:
			if !bytes.Equal(b, first) {
				t.Fatalf("the same command, two profiles:\n%s\n%s", first, b)
			}
		case 2:
			line, _, _ := strings.Cut(string(b), "\n")
			if sp := strings.LastIndexByte(line, ' '); sp < 0 || !strings.Contains(line, ";") && !strings.Contains(line, "(") {
				t.Fatalf("not folded stacks: %q", line)
			} else if _, err := strconv.Atoi(line[sp+1:]); err != nil {
				t.Fatalf("a folded stack ends in its samples: %q", line)
			}
		}
	}
	te = newTestEnv(t, root, nil, "sim", "-n", "2", "--luaprofile", filepath.Join(dir, "no", "such", "dir", "x"), troll)
	if code := te.run(""); code == 0 || !strings.Contains(te.errOut.String(), "--luaprofile: cannot write") {
		t.Fatalf("an unwritable profile must fail clearly: %d %s", code, te.errOut.String())
	}
}
