package main

import (
	"strings"
	"testing"
)

// BenchmarkREPLStart5e: the REPL from its command line to its first
// prompt under 5e (engine, rule files, session), as `dndsh --ruleset 5e`
// starts, in process.
func BenchmarkREPLStart5e(b *testing.B) {
	for i := 0; i < b.N; i++ {
		te := newTestEnv(b, b.TempDir(), nil, "repl", "--seed", "1", "--ruleset", "5e")
		o, err := parseArgs(replCommand(), te.Args[1:])
		if err != nil {
			b.Fatal(err)
		}
		r, err := newREPL(te.Env, o)
		if err != nil {
			b.Fatal(err)
		}
		r.loop(newPlainReader(strings.NewReader(":quit\n")))
		r.close()
	}
}
