package journal

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

var scanCases = []string{
	``, ` `, `0`, `-0`, `01`, `-`, `1.`, `1.5`, `.5`, `1e5`, `1E+5`, `1e-05`, `1e`, `1e+`, `-01`, `12345678901234567890`,
	`true`, `false`, `null`, `tru`, `nul`, `nulll`, `True`, `truex`,
	`""`, `"a"`, `"\""`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"\u00e9"`, `"\u00G9"`, `"\u12"`, `"\x"`, `"` + "\x01" + `"`, `"` + "\x7f" + `"`,
	`"abc`, `"\`, `"暗影"`, "\"\xff\xfe\"", `"a"b`,
	`{}`, `[]`, `{ }`, `[ ]`, `{"a":1}`, `{"a" : 1 }`, `{"a":1,}`, `{"a":1,"b":[1,2,{"c":null}]}`, `{a:1}`, `{"a"}`, `{"a":}`, `{,}`,
	`[1,2]`, `[1,,2]`, `[1 2]`, `[,1]`, `[1,]`, `[`, `]`, `{`, `}`, `[}`, `{]`, `[[[]]]`, `[[[]]`, `[{"a":[{}]}]`,
	"\t[1]\n", " 1 ", "1 2", `{} {}`, `[] x`, "\r\n{\"a\":\r\n1}", "\v1", "\f1", "1\x00",
	`{"a":1}` + "\n", `"\ud800"`, `[true,false,null,-1.5e+3,"s",{},[]]`,
	strings.Repeat("[", 40) + strings.Repeat("]", 40),
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat(`{"a":`, 50) + "1" + strings.Repeat("}", 50),
}

// TestScanJSONAgreesWithEncodingJSON checks scanJSON against json.Valid and
// json.Compact on a table; FuzzScanJSON explores further.
func TestScanJSONAgreesWithEncodingJSON(t *testing.T) {
	for _, c := range scanCases {
		checkScan(t, []byte(c))
	}
}

func checkScan(t *testing.T, b []byte) {
	t.Helper()
	valid, compact := scanJSON(b)
	if want := json.Valid(b); valid != want {
		t.Fatalf("scanJSON(%.60q) valid=%v, json.Valid says %v", b, valid, want)
	}
	if !valid {
		return
	}
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		t.Fatal(err)
	}
	if want := bytes.Equal(c.Bytes(), b); compact != want {
		t.Fatalf("scanJSON(%.60q) compact=%v, want %v", b, compact, want)
	}
}

func FuzzScanJSON(f *testing.F) {
	for _, c := range scanCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkScan(t, b) })
}

func TestScanJSONDoesNotAllocate(t *testing.T) {
	b := []byte(`{"a":[1,2,{"b":"c\"d","e":[true,false,null,-1.5e3]}]}`)
	if n := testing.AllocsPerRun(100, func() { scanJSON(b) }); n != 0 {
		t.Fatalf("%v allocs", n)
	}
}
