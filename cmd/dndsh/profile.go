package main

import (
	"bytes"
	"runtime"
	"runtime/pprof"
	"strings"

	"github.com/dndsh/dndsh/bindings/luart"
)

// startProfiles starts the profiles a command was asked for: a CPU profile
// written to cpu, an allocation profile written to mem (empty: none), in
// the format of go test's -cpuprofile and -memprofile, for go tool pprof.
// The returned function stops them and writes the files.
func startProfiles(env *Env, cpu, mem string) (func() error, error) {
	var cpuBuf bytes.Buffer
	if cpu != "" {
		if env.WriteFile == nil {
			return nil, usageErr("--cpuprofile: cannot write files here")
		}
		if err := pprof.StartCPUProfile(&cpuBuf); err != nil {
			return nil, usageErr("--cpuprofile: %v", err)
		}
	}
	if mem != "" && env.WriteFile == nil {
		if cpu != "" {
			pprof.StopCPUProfile()
		}
		return nil, usageErr("--memprofile: cannot write files here")
	}
	if mem != "" && runtime.MemProfileRate == 0 {
		runtime.MemProfileRate = 512 * 1024 // Go's default, which main turned off
	}
	return func() error {
		if cpu != "" {
			pprof.StopCPUProfile()
			if err := env.WriteFile(cpu, cpuBuf.Bytes()); err != nil {
				return usageErr("--cpuprofile: cannot write %s: %v", cpu, err)
			}
		}
		if mem != "" {
			runtime.GC() // the profile counts what the last collection saw
			var b bytes.Buffer
			if err := pprof.Lookup("allocs").WriteTo(&b, 0); err != nil {
				return usageErr("--memprofile: %v", err)
			}
			if err := env.WriteFile(mem, b.Bytes()); err != nil {
				return usageErr("--memprofile: cannot write %s: %v", mem, err)
			}
		}
		return nil
	}, nil
}

// writeLuaProfile writes a study's Lua profile (--luaprofile) to path: the
// table of luart.Profile.WriteReport (its first 40 functions and lines),
// or folded stacks when path ends in .folded.
func writeLuaProfile(env *Env, path string, p *luart.Profile) error {
	var b bytes.Buffer
	var err error
	if strings.HasSuffix(path, ".folded") {
		err = p.WriteFolded(&b)
	} else {
		err = p.WriteReport(&b, 40)
	}
	if err != nil {
		return usageErr("--luaprofile: %v", err)
	}
	if err := env.WriteFile(path, b.Bytes()); err != nil {
		return usageErr("--luaprofile: cannot write %s: %v", path, err)
	}
	return nil
}
