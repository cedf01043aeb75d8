package journal

import (
	"encoding/json"
	"io"
	"testing"
)

var benchPayload = json.RawMessage(`{"expr":"1d20+5","dice":[17],"total":22,"by":"goblin 2"}`)

func BenchmarkJournalAppend(b *testing.B) {
	j := New()
	e := Entry{Kind: KindRoll, Time: Time{Round: 3, Turn: 1}, Payload: benchPayload}
	b.ReportAllocs()
	b.SetBytes(int64(len(benchPayload)))
	for b.Loop() {
		if _, err := j.Append(e); err != nil {
			b.Fatal(err)
		}
		if j.Len() == 100_000 {
			j.Reset()
		}
	}
}

func BenchmarkJournalAppendChange(b *testing.B) {
	j := New()
	e := Entry{Kind: KindState, Payload: json.RawMessage(`{"who":"orc","field":"hp"}`), Before: json.RawMessage(`12`), After: json.RawMessage(`5`)}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := j.Append(e); err != nil {
			b.Fatal(err)
		}
		if j.Len() == 100_000 {
			j.Reset()
		}
	}
}

func BenchmarkJournalRecord(b *testing.B) {
	j := New()
	type roll struct {
		Expr  string `json:"expr"`
		Dice  []int  `json:"dice"`
		Total int    `json:"total"`
	}
	v := &roll{"1d20+5", []int{17}, 22}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := j.Record(KindRoll, Time{Round: 1}, v); err != nil {
			b.Fatal(err)
		}
		if j.Len() == 100_000 {
			j.Reset()
		}
	}
}

func BenchmarkWriteJSONL(b *testing.B) {
	j := New()
	for range 1000 {
		_, _ = j.Append(Entry{Kind: KindRoll, Time: Time{Round: 3, Turn: 1}, Payload: benchPayload})
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := j.WriteJSONL(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
