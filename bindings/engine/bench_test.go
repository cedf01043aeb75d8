package engine

import (
	"context"
	"testing"

	"github.com/dndsh/dndsh/bindings/luart"
)

// BenchmarkStartup5e is start-up to every embedded 5e script loaded, with
// a fresh compiled-script cache (a process start).
func BenchmarkStartup5e(b *testing.B) {
	for b.Loop() {
		e, err := New(context.Background(), Options{Ruleset: "5e"})
		if err != nil {
			b.Fatal(err)
		}
		e.Close()
	}
}

// BenchmarkStartup5eSharedCache is the same with a shared cache: what a
// batch worker after the first pays.
func BenchmarkStartup5eSharedCache(b *testing.B) {
	c := luart.NewCache()
	for b.Loop() {
		e, err := New(context.Background(), Options{Ruleset: "5e", Cache: c})
		if err != nil {
			b.Fatal(err)
		}
		e.Close()
	}
}

// BenchmarkStartup1e is start-up to every embedded 1e script loaded.
func BenchmarkStartup1e(b *testing.B) { benchStartup(b, Options{Ruleset: "1e"}) }

// BenchmarkStartupBase is start-up to the base layer only (no rule system).
func BenchmarkStartupBase(b *testing.B) { benchStartup(b, Options{}) }

// benchStartup builds and closes engines with opts, a fresh compiled-script
// cache each time (a process start).
func benchStartup(b *testing.B, opts Options) {
	for b.Loop() {
		e, err := New(context.Background(), opts)
		if err != nil {
			b.Fatal(err)
		}
		e.Close()
	}
}
