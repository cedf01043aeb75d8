package main

import (
	"fmt"
	"path"

	"github.com/dndsh/dndsh/runtime/errs"
	"github.com/dndsh/dndsh/runtime/srdgen"
)

func importCommand() *command {
	return &command{
		name:  "import",
		usage: "[--system 5e|3e] [--data DIR] [--out DIR | --check]",
		help: "Import the open monster stat blocks: SRD 5.2.1 Markdown (with the SRD 5.1 JSON for what 5.2.1 lacks and the\n" +
			"5.2.1 JSON as a cross-check) for 5e, the SRD 3.5 JSON for 3e. Writes one monster script per stat block and\n" +
			"index.tsv into DIR/monsters/<system>/srd/ (DIR is a script folder: use it with --scripts DIR; --out scripts\n" +
			"regenerates the shipped ones). A malformed stat block is reported with its file, line and name and skipped;\n" +
			"the import ends with the counts and exits 6 if any stat block was refused.",
		flags: []flagSpec{
			{name: "system", value: true, help: "rule system: 5e (default) or 3e"},
			{name: "data", value: true, help: "the data folder (default: DNDSH_DATA, else shared/data above the working folder)"},
			{name: "out", value: true, help: "script folder to write into (DIR/monsters/<system>/srd/)"},
			{name: "check", help: "read and report only; write nothing"},
		},
		run: runImport,
	}
}

func runImport(env *Env, o *opts) error {
	if len(o.args) > 0 {
		return usageErr("import: unexpected argument %q (the files are found in --data)", o.args[0])
	}
	sys := o.str("system", "5e")
	out := o.str("out", "")
	check := o.has("check")
	if out == "" && !check {
		return usageErr("import: give --out DIR (a script folder) or --check")
	}
	if env.ReadFile == nil {
		return usageErr("import: cannot read files here")
	}
	exists := func(p string) bool { _, err := env.ReadFile(p); return err == nil }
	data := o.str("data", "")
	if data == "" && env.Getenv != nil {
		data = env.Getenv("DNDSH_DATA")
	}
	if data == "" {
		data = srdgen.FindData(".", exists)
	} else if srdgen.FindData(data, exists) != data && sys == "5e" {
		return usageErr("import: %s holds no %s", data, srdgen.File521AZ)
	}
	if data == "" {
		e := errs.New(errs.Usage, "cli", "import: no data folder (shared/data) found above the working folder")
		e.Hint = "give --data DIR or set DNDSH_DATA to the folder holding srd-5.2.1/, 5e-database/ and srd-3.5/"
		return e
	}
	read := func(name string) ([]byte, error) {
		b, err := env.ReadFile(path.Join(data, name))
		if err != nil {
			return nil, &errs.Error{Kind: errs.Usage, Layer: "cli", File: path.Join(data, name), Msg: "cannot read it: " + unwrapPath(err).Error()}
		}
		return b, nil
	}
	switch sys {
	case "5e":
		return import5e(env, read, out, check)
	case "3e":
		return import3e(env, read, out, check)
	}
	return usageErr("import: --system %q: 5e or 3e", sys)
}

// refusal writes the refused stat blocks and returns the error that ends
// the import (exit 6) when there are any.
func refusal(env *Env, refused []*errs.Error, total int) error {
	for _, e := range refused {
		fmt.Fprintf(env.Stderr, "dndsh: refused %s\n", e.Error())
	}
	if len(refused) == 0 {
		return nil
	}
	return &errs.Error{Kind: errs.Data, Layer: "import", Msg: fmt.Sprintf("%d of %d stat blocks refused (see above)", len(refused), total)}
}

func import5e(env *Env, read func(string) ([]byte, error), out string, check bool) error {
	res, err := srdgen.Import5e(read)
	if err != nil {
		return err
	}
	for _, f := range srdgen.Files5e {
		fmt.Fprintf(env.Stdout, "read %-40s %d stat blocks\n", f, res.Parsed[f])
	}
	for _, c := range res.Checks {
		fmt.Fprintf(env.Stdout, "cross-check: %s\n", c)
	}
	for _, d := range res.Diffs {
		fmt.Fprintf(env.Stdout, "  differs: %s\n", d)
	}
	full, partial := res.Counts()
	if !check {
		if err := writeScripts(env, out, "5e", res.Scripts); err != nil {
			return err
		}
	}
	total := len(res.Scripts) + len(res.Refused)
	fmt.Fprintf(env.Stdout, "imported %d of %d stat blocks: %d fully modelled (%.0f%%), %d partly modelled; %d refused\n",
		len(res.Scripts), total, full, percent(full, len(res.Scripts)), partial, len(res.Refused))
	return refusal(env, res.Refused, total)
}

// writeScripts writes scripts and their index.tsv into
// out/monsters/<system>/srd/.
func writeScripts(env *Env, out, system string, scripts []*srdgen.Script) error {
	dir := path.Join(out, "monsters", system, "srd")
	if env.WriteFile == nil || env.MkdirAll == nil {
		return usageErr("import: cannot write files here")
	}
	if err := env.MkdirAll(dir); err != nil {
		return &errs.Error{Kind: errs.Usage, Layer: "cli", File: dir, Msg: "cannot create the folder: " + unwrapPath(err).Error()}
	}
	for _, s := range scripts {
		if err := env.WriteFile(path.Join(dir, s.ID+".lua"), s.Text); err != nil {
			return &errs.Error{Kind: errs.Usage, Layer: "cli", File: path.Join(dir, s.ID+".lua"), Msg: unwrapPath(err).Error()}
		}
	}
	if err := env.WriteFile(path.Join(dir, "index.tsv"), srdgen.Index(scripts)); err != nil {
		return &errs.Error{Kind: errs.Usage, Layer: "cli", File: path.Join(dir, "index.tsv"), Msg: unwrapPath(err).Error()}
	}
	fmt.Fprintf(env.Stdout, "wrote %d monster scripts and index.tsv to %s\n", len(scripts), dir)
	return nil
}

func percent(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// import3e reads the SRD 3.5 stat blocks (with the 3.0 view) and writes
// their scripts (srdgen.Import3e).
func import3e(env *Env, read func(string) ([]byte, error), out string, check bool) error {
	res, err := srdgen.Import3e(read)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "read %-40s %d stat blocks\n", srdgen.File35, res.Parsed[srdgen.File35])
	for _, c := range res.Checks {
		fmt.Fprintf(env.Stdout, "check: %s\n", c)
	}
	full, partial := res.Counts()
	if !check {
		if err := writeScripts(env, out, "3e", res.Scripts); err != nil {
			return err
		}
	}
	total := len(res.Scripts) + len(res.Refused)
	fmt.Fprintf(env.Stdout, "imported %d of %d stat blocks: %d fully modelled (%.0f%%), %d partly modelled; %d refused\n",
		len(res.Scripts), total, full, percent(full, len(res.Scripts)), partial, len(res.Refused))
	return refusal(env, res.Refused, total)
}
