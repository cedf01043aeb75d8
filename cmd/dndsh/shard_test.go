package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
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
