package fightmod_test

import "testing"

// bench1e runs trials of a 1e example encounter (the 1e scripts' own
// tactics: closing, charging, missiles, morale), from seed 1 trial by
// trial as dndsh sim does.
func bench1e(b *testing.B, file string) {
	e, f := exampleIn(b, "1e", file, "")
	defer e.Close()
	b.ReportAllocs()
	i := uint64(0)
	rounds := 0
	for b.Loop() {
		e.R.Src.Reset(1, i)
		i++
		o, err := f.Run()
		if err != nil {
			b.Fatal(err)
		}
		rounds += o.Rounds
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "rounds/trial")
}

// BenchmarkPartyVsOrcs1e is one trial of examples/1e/party_vs_orcs.lua
// (no map: the gaps of encounter.lua).
func BenchmarkPartyVsOrcs1e(b *testing.B) { bench1e(b, "../../examples/1e/party_vs_orcs.lua") }

// BenchmarkPartyVsOrcsOnAMap1e is one trial of the same fight on a map
// (examples/1e/party_vs_orcs_on_a_map.lua): paths, cover, range bands from
// the map, free attacks on creatures breaking off.
func BenchmarkPartyVsOrcsOnAMap1e(b *testing.B) {
	bench1e(b, "../../examples/1e/party_vs_orcs_on_a_map.lua")
}
