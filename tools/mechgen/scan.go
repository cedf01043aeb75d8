package main

import (
	"regexp"
	"sort"
	"strings"
)

// An inventory names its mechanics in several ways: a bold ID opening a
// paragraph (**5E-DMG-04** or **DMG-ATK-01** · `kernel`), a list item
// (- **1E-SEQ-01**, * **3E-MOD-02**:, * **3E-MON-01:**), a heading or a
// table row. scan finds them all: a line that opens with an ID (after
// list, heading or table markers and bold marks) defines it; an ID that
// no inventory defines but one mentions is taken from the first file that
// mentions it, so that no ID an inventory writes is lost.
var (
	reToken  = regexp.MustCompile(`\b(?:5E|3E|1E|DMG|HB)-[A-Z0-9]+-\d+[a-z]?\b`)
	reDefine = regexp.MustCompile(`^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:#{1,6}\s+)?(?:\|\s*)?\*{0,2}\s*((?:5E|3E|1E|DMG|HB)-[A-Z0-9]+-\d+[a-z]?)\b`)
	reLayer  = regexp.MustCompile("`(kernel|script:core|script:variant|script:monster|script:[a-z]+)`")
	reHead   = regexp.MustCompile(`^#{1,6}\s`)
	reItem   = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s`)
)

// found is an ID as scan found it.
type found struct {
	id, inv, layer string
	info           bool // the line says it is informational
	defined        bool // a line opens with it (else it is only mentioned)
}

// scan returns every ID of the inventories (file name -> text, read in
// name order): each defined ID once, from the file and line that define
// it first, with the layer tag of its line (or, for a list item whose line
// has none, of the nearest paragraph above it in the same section that has
// one: "These are `script:monster`"), then the
// IDs only mentioned, each from the first file that mentions it.
func scan(files map[string]string) []found {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []found
	seen := map[string]bool{}
	for _, inv := range names {
		layer := ""
		for _, line := range strings.Split(files[inv], "\n") {
			if reHead.MatchString(line) {
				layer = ""
			}
			l := ""
			if m := reLayer.FindStringSubmatch(line); m != nil {
				l = m[1]
			}
			if m := reDefine.FindStringSubmatch(line); m != nil && !seen[m[1]] {
				seen[m[1]] = true
				ly := l
				if ly == "" && reItem.MatchString(line) {
					ly = layer // a list item under the paragraph that tags it
				}
				out = append(out, found{id: m[1], inv: inv, layer: ly, defined: true,
					info: strings.Contains(line, "informational")})
			}
			if l != "" && !reItem.MatchString(line) {
				layer = l
			}
		}
	}
	for _, inv := range names {
		for _, id := range reToken.FindAllString(files[inv], -1) {
			if !seen[id] {
				seen[id] = true
				out = append(out, found{id: id, inv: inv})
			}
		}
	}
	return out
}
