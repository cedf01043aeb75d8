package main

import (
	"regexp"
	"strings"
	"testing"
)

func TestRulesCommand(t *testing.T) {
	te := newTestEnv(t, t.TempDir(), toyDirs(), "rules", "--scripts", "toy", "--ruleset", "toy", "--variant", "toy.loud")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	out := te.out.String()
	for _, s := range []string{
		"rule system: toy (available: ",
		"load order (later layers win):\n  1. base (base)\n       core/base/base.lua  [embedded]\n       core/base/table.lua  [embedded]\n  2. toy (system)\n       core/toy/toy.lua  [toy]\n  3. variant:toy.loud (variant)\n       variants/toy/loud.lua  [toy]\n  4. session (session)\n",
		"variants:\n  [on ] toy.loud  Loud greetings  (TOY-01)  variants/toy/loud.lua\n",
		// toy's attack command replaces the base layer's table command
		"overrides (2):\n  command.attack: define in base -> define in toy (wins)\n  toy.greeting: define in toy -> define in variant:toy.loud (wins)\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	// the definitions' column is as wide as the longest name defined
	for _, re := range []string{`\n  toy\.greeting +variant:toy\.loud  \(variants/toy/loud\.lua\)\n`, `\n  command\.attack +toy  \(core/toy/toy\.lua\)\n`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("output lacks %s", re)
		}
	}
	if t.Failed() {
		t.Log(out)
	}
}

func TestRulesWhyAndLanguage(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "dndsh.toml", "ruleset = \"toy\"\nscripts = [\"toy\"]\nlang = \"zh\"\n")
	te := newTestEnv(t, dir, toyDirs(), "rules", "--why", "toy.greeting", "--variant", "toy.loud")
	if code := te.run(""); code != 0 {
		t.Fatalf("exit %d: %s", code, te.errOut.String())
	}
	want := "toy.greeting: defined by layer variant:toy.loud (variants/toy/loud.lua)\n" +
		"  1. define in toy                      core/toy/toy.lua  [overridden]\n" +
		"  2. define in variant:toy.loud         variants/toy/loud.lua  [wins]\n"
	if te.out.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", te.out.String(), want)
	}
	te.Args = []string{"rules", "--variant", "toy.loud"}
	te.run("")
	// lang = "zh" is one script for the session: Traditional unless the
	// locale says Simplified; the toy names its variant in Simplified.
	if !strings.Contains(te.out.String(), "[on ] toy.loud  大聲問候") {
		t.Fatalf("the variant is not named in Traditional Chinese:\n%s", te.out.String())
	}
	writeFile(t, dir, "dndsh.toml", "ruleset = \"toy\"\nscripts = [\"toy\"]\nlang = \"zh-Hans\"\n")
	te.run("")
	if !strings.Contains(te.out.String(), "[on ] toy.loud  大声问候") {
		t.Fatalf("the variant is not named in Simplified Chinese:\n%s", te.out.String())
	}
	writeFile(t, dir, "dndsh.toml", "ruleset = \"toy\"\nscripts = [\"toy\"]\nlang = \"zh\"\n")
	te.Getenv = func(k string) string {
		if k == "LANG" {
			return "zh_CN.UTF-8"
		}
		return ""
	}
	te.run("")
	if !strings.Contains(te.out.String(), "[on ] toy.loud  大声问候") {
		t.Fatalf("lang = zh under LANG=zh_CN is not Simplified:\n%s", te.out.String())
	}
	te.Getenv = func(string) string { return "" }
	te.Args = []string{"rules", "--why", "nope"}
	if code := te.run(""); code != 7 || !strings.Contains(te.errOut.String(), `nothing defines "nope"`) {
		t.Fatalf("unknown name: exit %d: %s", code, te.errOut.String())
	}
	te.Args = []string{"rules", "--ruleset", "nope"}
	if code := te.run(""); code != 7 {
		t.Fatalf("unknown ruleset: exit %d: %s", code, te.errOut.String())
	}
}
