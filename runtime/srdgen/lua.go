package srdgen

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// luaString writes s as a Lua string literal: ASCII escapes only, so the
// file reads the same in any Lua (UTF-8 passes through as bytes).
func luaString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, `\%03d`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// field is one key of a Lua table constructor, in the order written.
type field struct {
	key string
	val any // string, int, bool, []string, []any, *table, raw
}

// raw is Lua source written as is.
type raw string

// table is a Lua table constructor: named fields in order, then array
// items.
type table struct {
	fields []field
	items  []any
}

func (t *table) set(k string, v any) *table {
	t.fields = append(t.fields, field{k, v})
	return t
}

// setIf sets k when v is not its zero value.
func (t *table) setIf(k string, v any) *table {
	switch x := v.(type) {
	case string:
		if x == "" {
			return t
		}
	case int:
		if x == 0 {
			return t
		}
	case bool:
		if !x {
			return t
		}
	case []string:
		if len(x) == 0 {
			return t
		}
	case *table:
		if x == nil || x.empty() {
			return t
		}
	}
	return t.set(k, v)
}

// has reports whether t has the field k.
func (t *table) has(k string) bool {
	for _, f := range t.fields {
		if f.key == k {
			return true
		}
	}
	return false
}

func (t *table) add(v any) *table {
	t.items = append(t.items, v)
	return t
}

func (t *table) empty() bool { return len(t.fields) == 0 && len(t.items) == 0 }

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	switch s {
	case "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in", "local",
		"nil", "not", "or", "repeat", "return", "then", "true", "until", "while":
		return false
	}
	return true
}

func key(k string) string {
	if isIdent(k) {
		return k
	}
	return "[" + luaString(k) + "]"
}

// inline renders v on one line.
func inline(v any) string {
	switch x := v.(type) {
	case string:
		return luaString(x)
	case raw:
		return string(x)
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	case []string:
		parts := make([]string, len(x))
		for i, s := range x {
			parts[i] = luaString(s)
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	case map[string]int:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = key(k) + " = " + strconv.Itoa(x[k])
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	case *table:
		var parts []string
		for _, f := range x.fields {
			parts = append(parts, key(f.key)+" = "+inline(f.val))
		}
		for _, it := range x.items {
			parts = append(parts, inline(it))
		}
		if len(parts) == 0 {
			return "{}"
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	panic(fmt.Sprintf("srdgen: cannot write %T", v))
}

// block renders a table over several lines, each field (or item) on its
// own line when the one-line form would be longer than width; a long
// string is split at spaces into pieces joined with "..".
func block(b *strings.Builder, v any, indent string, width int) {
	switch x := v.(type) {
	case string:
		longString(b, x, indent, width)
		return
	case []string:
		if len(indent)+len(inline(v)) > width {
			t := &table{}
			for _, s := range x {
				t.add(s)
			}
			v = t
		}
	}
	t, ok := v.(*table)
	if !ok || len(indent)+len(inline(v)) <= width {
		b.WriteString(inline(v))
		return
	}
	b.WriteString("{\n")
	in := indent + "  "
	for _, f := range t.fields {
		b.WriteString(in + key(f.key) + " = ")
		block(b, f.val, in, width-len(key(f.key))-3)
		b.WriteString(",\n")
	}
	for _, it := range t.items {
		b.WriteString(in)
		block(b, it, in, width)
		b.WriteString(",\n")
	}
	b.WriteString(indent + "}")
}

// longString writes s as one literal, or as pieces of at most width
// characters joined with ".." on lines of their own.
func longString(b *strings.Builder, s, indent string, width int) {
	limit := max(width-len(indent)-6, 40)
	if len(luaString(s)) <= limit+4 {
		b.WriteString(luaString(s))
		return
	}
	var pieces []string
	for len(s) > limit {
		cut := strings.LastIndexByte(s[:limit], ' ')
		if cut <= 0 {
			cut = limit
			for cut < len(s) && s[cut]&0xC0 == 0x80 { // never split a UTF-8 sequence
				cut++
			}
		} else {
			cut++ // keep the space with the first piece
		}
		pieces = append(pieces, s[:cut])
		s = s[cut:]
	}
	pieces = append(pieces, s)
	for i, p := range pieces {
		if i > 0 {
			b.WriteString(" ..\n" + indent + "  ")
		}
		b.WriteString(luaString(p))
	}
}
