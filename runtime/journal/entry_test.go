package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dndsh/dndsh/runtime/errs"
)

var sampleEntries = []Entry{
	{Kind: KindCommand, Payload: json.RawMessage(`"1d20+5"`)},
	{Kind: KindRoll, Time: Time{Round: 1, Turn: 2}, Payload: json.RawMessage(`{"expr":"1d20+5","dice":[17],"total":22}`)},
	{Kind: KindCheck, Time: Time{Round: 1, Turn: 2, Segment: 6}, Payload: json.RawMessage(`{"natural":1,"crit":false,"mods":[{"src":"str","v":3}]}`)},
	{Kind: KindState, Time: Time{Segment: 3}, Payload: json.RawMessage(`{"who":"goblin 2","field":"hp"}`), Before: json.RawMessage(`7`), After: json.RawMessage(`-1`)},
	{Kind: KindState, Payload: json.RawMessage(`{"who":"orc","cond":"prone"}`), Before: json.RawMessage(`null`), After: json.RawMessage(`{"level":1}`)},
	{Kind: KindDecision, Payload: json.RawMessage(`{"note":"暗影 <tag> & \"quote\" \\ \u2028 tab\t","f":1.50,"e":1e3}`)},
	{Kind: "custom.kind_2-x"},
}

func buildJournal(t testing.TB, entries []Entry) *Journal {
	t.Helper()
	j := New()
	for _, e := range entries {
		if _, err := j.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	return j
}

func TestJSONLRoundTrip(t *testing.T) {
	j := buildJournal(t, sampleEntries)
	var out bytes.Buffer
	if err := j.WriteJSONL(&out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), j.AppendJSONL(nil)) {
		t.Fatal("WriteJSONL and AppendJSONL differ")
	}
	if n := bytes.Count(out.Bytes(), []byte("\n")); n != len(sampleEntries) {
		t.Fatalf("%d lines for %d entries", n, len(sampleEntries))
	}
	back, err := ReadJSONL("log.jsonl", bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, j.Entries()) {
		t.Fatalf("read back\n%v\nwant\n%v", back, j.Entries())
	}
	again := buildJournal(t, sampleEntries).AppendJSONL(nil)
	if !bytes.Equal(again, out.Bytes()) {
		t.Fatal("the same entries gave different bytes")
	}
	j2 := New()
	for _, e := range back {
		if _, err := j2.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(j2.AppendJSONL(nil), out.Bytes()) {
		t.Fatal("re-appending read entries changed the bytes")
	}
}

// TestAppendJSONMatchesEncodingJSON: the hand-written encoder writes what
// encoding/json writes for the struct (without HTML escaping).
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	j := buildJournal(t, sampleEntries)
	for _, e := range j.Entries() {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(e); err != nil {
			t.Fatal(err)
		}
		if got, want := e.String(), strings.TrimSuffix(b.String(), "\n"); got != want {
			t.Errorf("AppendJSON\n%s\nencoding/json\n%s", got, want)
		}
	}
}

func TestAppend(t *testing.T) {
	tests := []struct {
		name    string
		in      Entry
		payload string // compact stored payload
		errText string
	}{
		{"compacts whitespace", Entry{Kind: "roll", Payload: json.RawMessage("{ \"a\" : [1, 2],\n \"s\": \"x y\" }")}, `{"a":[1,2],"s":"x y"}`, ""},
		{"keeps strings with escaped quotes", Entry{Kind: "roll", Payload: json.RawMessage(`{"s":"a\" b"}`)}, `{"s":"a\" b"}`, ""},
		{"empty payload is none", Entry{Kind: "roll", Payload: json.RawMessage{}}, "", ""},
		{"seq is assigned", Entry{Kind: "roll", Seq: 99}, "", ""},
		{"invalid payload", Entry{Kind: "roll", Payload: json.RawMessage(`{"a":`)}, "", "payload of a roll entry is not valid JSON"},
		{"two values", Entry{Kind: "roll", Payload: json.RawMessage(`1 2`)}, "", "not valid JSON"},
		{"invalid before", Entry{Kind: "state", Before: json.RawMessage(`nope`)}, "", "before value of a state entry"},
		{"invalid after", Entry{Kind: "state", After: json.RawMessage(`{`)}, "", "after value of a state entry"},
		{"no kind", Entry{}, "", "entry without a kind"},
		{"upper-case kind", Entry{Kind: "Roll"}, "", `bad entry kind "Roll"`},
		{"kind with quote", Entry{Kind: `ro"ll`}, "", "bad entry kind"},
		{"long kind", Entry{Kind: strings.Repeat("k", 65)}, "", "longer than 64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := New()
			_, _ = j.Append(Entry{Kind: "first"})
			seq, err := j.Append(tt.in)
			if tt.errText != "" {
				var e *errs.Error
				if !errors.As(err, &e) || e.Kind != errs.Rule || e.Layer != "journal" || !strings.Contains(e.Msg, tt.errText) {
					t.Fatalf("got %v, want an error with %q", err, tt.errText)
				}
				if j.Len() != 1 {
					t.Fatal("a failed Append added an entry")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, ok := j.At(seq)
			if seq != 2 || !ok || got.Seq != 2 {
				t.Fatalf("seq %d, entry %v", seq, got)
			}
			if string(got.Payload) != tt.payload || (tt.payload == "" && got.Payload != nil) {
				t.Fatalf("payload %q, want %q", got.Payload, tt.payload)
			}
		})
	}
}

func TestAppendCopiesValues(t *testing.T) {
	j := New()
	buf := []byte(`{"n":1}`)
	_, _ = j.Append(Entry{Kind: "roll", Payload: buf})
	copy(buf, `{"n":2}`)
	_, _ = j.Append(Entry{Kind: "roll", Payload: buf})
	if a, _ := j.At(1); string(a.Payload) != `{"n":1}` {
		t.Fatalf("entry 1 changed with the caller's buffer: %s", a.Payload)
	}
	// Values must not share capacity: appending to one cannot reach the next.
	a, _ := j.At(1)
	_ = append(a.Payload, 'x')
	if b, _ := j.At(2); string(b.Payload) != `{"n":2}` {
		t.Fatalf("entry 2 overwritten: %s", b.Payload)
	}
	big := bytes.Repeat([]byte(`1,`), arenaChunk)
	big = append(append([]byte{'['}, big...), '0', ']')
	if _, err := j.Append(Entry{Kind: "roll", Payload: big}); err != nil {
		t.Fatal(err)
	}
	if c, _ := j.At(3); !bytes.Equal(c.Payload, big) {
		t.Fatal("a value larger than an arena block was mangled")
	}
}

func TestRecordIsDeterministic(t *testing.T) {
	j := New()
	payload := map[string]any{"zeta": 1, "alpha": []int{3, 1}, "mid": map[string]int{"b": 2, "a": 1}}
	for range 3 {
		if _, err := j.RecordChange("state", Time{Round: 2}, payload, 5, json.RawMessage("null")); err != nil {
			t.Fatal(err)
		}
	}
	lines := strings.Split(strings.TrimSpace(string(j.AppendJSONL(nil))), "\n")
	want := `{"seq":1,"kind":"state","time":{"round":2},"payload":{"alpha":[3,1],"mid":{"a":1,"b":2},"zeta":1},"before":5,"after":null}`
	if lines[0] != want {
		t.Fatalf("got  %s\nwant %s", lines[0], want)
	}
	if _, err := j.Record("roll", Time{}, nil); err != nil {
		t.Fatal(err)
	}
	if e, _ := j.At(4); e.Payload != nil || e.String() != `{"seq":4,"kind":"roll"}` {
		t.Fatalf("nil payload gave %s", e)
	}
	_, err := j.Record("roll", Time{}, func() {})
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Internal {
		t.Fatalf("unencodable payload: %v", err)
	}
}

func TestViews(t *testing.T) {
	j := buildJournal(t, sampleEntries) // kinds: command roll check state state decision custom
	seqs := func(es []Entry) []uint64 {
		var s []uint64
		for _, e := range es {
			s = append(s, e.Seq)
		}
		return s
	}
	tests := []struct {
		name  string
		got   []Entry
		wants []uint64
	}{
		{"tail 3", j.Tail(3), []uint64{5, 6, 7}},
		{"tail more than all", j.Tail(100), []uint64{1, 2, 3, 4, 5, 6, 7}},
		{"tail 0", j.Tail(0), nil},
		{"tail negative", j.Tail(-2), nil},
		{"tail of a kind", j.Tail(1, "state"), []uint64{5}},
		{"tail of two kinds", j.Tail(3, "state", "roll"), []uint64{2, 4, 5}},
		{"tail of an absent kind", j.Tail(3, "nope"), nil},
		{"filter", j.Filter("state", "command"), []uint64{1, 4, 5}},
		{"filter nothing", j.Filter(), nil},
	}
	for _, tt := range tests {
		if got := seqs(tt.got); !slices.Equal(got, tt.wants) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.wants)
		}
	}
	for _, seq := range []uint64{0, 8} {
		if _, ok := j.At(seq); ok {
			t.Errorf("At(%d) found an entry", seq)
		}
	}
	es := j.Entries()
	_ = append(es, Entry{Kind: "x"})
	if j.Len() != 7 || len(j.Entries()) != 7 {
		t.Fatal("appending to Entries() changed the journal")
	}
}

func TestNilJournal(t *testing.T) {
	var j *Journal
	if seq, err := j.Append(Entry{Kind: "roll"}); seq != 0 || err != nil {
		t.Fatal("nil Append")
	}
	if seq, err := j.Record("roll", Time{}, 1); seq != 0 || err != nil {
		t.Fatal("nil Record")
	}
	if j.Len() != 0 || j.Entries() != nil || j.Tail(3) != nil || j.Filter("roll") != nil || j.AppendJSONL(nil) != nil || j.WriteJSONL(nil) != nil {
		t.Fatal("nil journal views")
	}
	if _, ok := j.At(1); ok {
		t.Fatal("nil At")
	}
}

func TestReset(t *testing.T) {
	j := buildJournal(t, sampleEntries)
	j.Reset()
	if j.Len() != 0 {
		t.Fatal("Reset kept entries")
	}
	j2 := buildJournal(t, sampleEntries[:2])
	for _, e := range sampleEntries[:2] {
		_, _ = j.Append(e)
	}
	if !bytes.Equal(j.AppendJSONL(nil), j2.AppendJSONL(nil)) {
		t.Fatal("a reset journal logs differently from a new one")
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestWriteJSONLError(t *testing.T) {
	cause := errors.New("disk full")
	err := buildJournal(t, sampleEntries).WriteJSONL(failWriter{cause})
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.Data || !errors.Is(err, cause) {
		t.Fatalf("got %v", err)
	}
}

func TestReadJSONLErrors(t *testing.T) {
	good := `{"seq":1,"kind":"roll"}`
	tests := []struct {
		name string
		in   string
		line int
		want string
		hint string
		n    int // entries read before the error
	}{
		{"not JSON", good + "\nhello\n", 2, "not valid JSON", "", 1},
		{"truncated last line", good + "\n" + `{"seq":2,"kind":"ro`, 2, "truncated", "no newline", 1},
		{"truncated object", `{"seq":1,"kind":"roll"` + "\n", 1, "truncated", "", 0},
		{"unknown field", `{"seq":1,"kind":"roll","wall":"12:00"}` + "\n", 1, `unknown field "wall"`, "", 0},
		{"no seq", `{"kind":"roll"}` + "\n", 1, "no sequence number", "", 0},
		{"zero seq", `{"seq":0,"kind":"roll"}` + "\n", 1, "no sequence number", "", 0},
		{"no kind", `{"seq":1}` + "\n", 1, "no kind", "", 0},
		{"bad kind", `{"seq":1,"kind":"A B"}` + "\n", 1, "bad entry kind", "", 0},
		{"seq goes back", good + "\n" + good + "\n", 2, "sequence number 1 does not follow 1", "", 1},
		{"two values", good + good + "\n", 1, "more than one JSON value", "", 0},
		{"wrong type", `{"seq":"1","kind":"roll"}` + "\n", 1, "field seq: expected uint64, got string", "", 0},
		{"array", "[1]\n", 1, "expected a JSON object", "", 0},
		{"bad time", `{"seq":1,"kind":"roll","time":{"hour":3}}` + "\n", 1, `unknown field "hour"`, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadJSONL("fight.jsonl", strings.NewReader(tt.in))
			var e *errs.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an errs.Error", err)
			}
			if e.Kind != errs.Data || e.Layer != "journal" || e.File != "fight.jsonl" || e.Line != tt.line || !strings.Contains(e.Msg, tt.want) {
				t.Fatalf("got %s line %d: %q; want line %d with %q", e.Kind, e.Line, e.Msg, tt.line, tt.want)
			}
			if !strings.Contains(e.Hint, tt.hint) || e.Hint == "" {
				t.Fatalf("hint %q lacks %q", e.Hint, tt.hint)
			}
			if len(got) != tt.n {
				t.Fatalf("read %d entries before the error, want %d", len(got), tt.n)
			}
		})
	}
}

func TestReadJSONLLenient(t *testing.T) {
	in := "\n" + `{ "seq": 3, "kind": "roll", "payload": { "a": 1 } }` + "\r\n\n" + `{"seq":9,"kind":"state","time":null}`
	got, err := ReadJSONL("x", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{{Seq: 3, Kind: "roll", Payload: json.RawMessage(`{"a":1}`)}, {Seq: 9, Kind: "state"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v", got)
	}
}
