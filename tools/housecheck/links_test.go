package housecheck

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// mdLink matches an inline link or image target: [text](target) or
// [text](target "title"); mdRef a reference definition: [id]: target.
var (
	mdLink = regexp.MustCompile(`!?\[[^\]\n]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)`)
	mdRef  = regexp.MustCompile(`(?m)^ {0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$`)
)

// proseOf returns a Markdown text with its code (fenced blocks, indented
// blocks and inline code spans) blanked out, keeping line numbers, so that
// a link shown as code is not checked.
func proseOf(md string) string {
	lines := strings.Split(md, "\n")
	fence := ""
	for i, l := range lines {
		t := strings.TrimLeft(l, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			lines[i] = ""
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fence = t[:3]
			lines[i] = ""
		case strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t"):
			lines[i] = ""
		default:
			lines[i] = blankCodeSpans(l)
		}
	}
	return strings.Join(lines, "\n")
}

// blankCodeSpans blanks the `code spans` of one line.
func blankCodeSpans(l string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(l, '`')
		if i < 0 {
			b.WriteString(l)
			return b.String()
		}
		n := i
		for n < len(l) && l[n] == '`' {
			n++
		}
		tick := l[i:n]
		end := strings.Index(l[n:], tick)
		if end < 0 {
			b.WriteString(l)
			return b.String()
		}
		b.WriteString(l[:i])
		b.WriteString(strings.Repeat(" ", n-i+end+len(tick)))
		l = l[n+end+len(tick):]
	}
}

// anchors returns the heading anchors of a Markdown text as GitHub makes
// them: lower case, punctuation dropped, spaces to hyphens, "-1", "-2"...
// for repeats.
func anchors(md string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, l := range strings.Split(proseOf(md), "\n") {
		t := strings.TrimLeft(l, " ")
		if !strings.HasPrefix(t, "#") {
			continue
		}
		h := strings.TrimLeft(t, "#")
		if len(t)-len(h) > 6 || h != "" && h[0] != ' ' {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(h)) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// brokenLinks returns the relative links of the Markdown file at path
// (under top) that do not resolve: to a file or folder inside top, and to a
// heading of the target when the link names one (#anchor).
func brokenLinks(top, path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	text := proseOf(string(data))
	rel, _ := filepath.Rel(top, path)
	var bad []string
	var targets [][]int
	targets = append(targets, mdLink.FindAllStringSubmatchIndex(text, -1)...)
	targets = append(targets, mdRef.FindAllStringSubmatchIndex(text, -1)...)
	for _, m := range targets {
		target := text[m[2]:m[3]]
		line := 1 + strings.Count(text[:m[0]], "\n")
		if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
			continue
		}
		file, frag, _ := strings.Cut(target, "#")
		file, _, _ = strings.Cut(file, "?")
		dest := path
		if file != "" {
			if filepath.IsAbs(file) {
				bad = append(bad, fmt.Sprintf("%s:%d: %s: an absolute path, not a link inside the repository", rel, line, target))
				continue
			}
			dest = filepath.Join(filepath.Dir(path), filepath.FromSlash(file))
			if r, err := filepath.Rel(top, dest); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				bad = append(bad, fmt.Sprintf("%s:%d: %s: outside the repository", rel, line, target))
				continue
			}
			if _, err := os.Stat(dest); err != nil {
				bad = append(bad, fmt.Sprintf("%s:%d: %s: no such file", rel, line, target))
				continue
			}
		}
		if frag != "" && strings.HasSuffix(dest, ".md") {
			md, err := os.ReadFile(dest)
			if err != nil {
				bad = append(bad, fmt.Sprintf("%s:%d: %s: %v", rel, line, target, err))
				continue
			}
			if !anchors(string(md))[strings.ToLower(frag)] {
				bad = append(bad, fmt.Sprintf("%s:%d: %s: no heading #%s there", rel, line, target, frag))
			}
		}
	}
	return bad, nil
}

// TestDocLinksResolve: every relative link in README.md and under docs/
// names a file or folder of the repository (and, with #anchor, a heading
// of it), so the documentation reads whole in a fresh clone.
func TestDocLinksResolve(t *testing.T) {
	top := root(t)
	files := []string{filepath.Join(top, "README.md")}
	err := filepath.WalkDir(filepath.Join(top, "docs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	links := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		links += len(mdLink.FindAllString(proseOf(string(data)), -1))
		bad, err := brokenLinks(top, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range bad {
			t.Error(b)
		}
	}
	if len(files) < 5 || links < 20 {
		t.Fatalf("read %d files with %d links: the check missed the documentation", len(files), links)
	}
}

// TestBrokenLinks: the checker finds each kind of bad link and passes good
// ones, code and external links.
func TestBrokenLinks(t *testing.T) {
	top := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(top, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs/a.md", "# A page\n\n## Two words\n\n## Two words\n")
	write("src/x.go", "package x\n")
	write("README.md", strings.Join([]string{
		"[good](docs/a.md) [folder](src) [anchor](docs/a.md#two-words) [again](docs/a.md#two-words-1)",
		"[self](#readme) ![img](src/x.go \"title\") [web](https://example.com/x) [mail](mailto:a@b.c)",
		"`[code](nowhere.md)` and ``[code](nowhere.md)``",
		"```", "[fenced](nowhere.md)", "```",
		"    [indented](nowhere.md)",
		"# Readme",
		"[missing](docs/b.md)",
		"[outside](../elsewhere/DESIGN.md)",
		"[no heading](docs/a.md#three-words)",
		"[ref]: docs/gone.md",
	}, "\n"))
	bad, err := brokenLinks(top, filepath.Join(top, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"README.md:9: docs/b.md: no such file",
		"README.md:10: ../elsewhere/DESIGN.md: outside the repository",
		"README.md:11: docs/a.md#three-words: no heading #three-words there",
		"README.md:12: docs/gone.md: no such file",
	}
	if strings.Join(bad, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(bad, "\n"), strings.Join(want, "\n"))
	}
}
