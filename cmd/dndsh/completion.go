package main

import (
	"fmt"
	"sort"
	"strings"
)

func completionCommand() *command {
	return &command{
		name:  "completion",
		usage: "bash|zsh|fish",
		help:  "Print a shell completion script: eval \"$(dndsh completion bash)\", or save it where your shell loads completions.",
		run: func(env *Env, o *opts) error {
			if len(o.args) != 1 {
				return usageErr("completion: name the shell: bash, zsh or fish")
			}
			cmds := commands()
			sort.Slice(cmds, func(i, j int) bool { return cmds[i].name < cmds[j].name })
			var names []string
			flags := map[string][]string{}
			for _, c := range cmds {
				names = append(names, c.name)
				for _, f := range append(c.flags, helpFlag) {
					flags[c.name] = append(flags[c.name], "--"+f.name)
				}
			}
			switch o.args[0] {
			case "bash":
				fmt.Fprintf(env.Stdout, "# bash completion for dndsh\n_dndsh() {\n  local cur=${COMP_WORDS[COMP_CWORD]}\n  if [ $COMP_CWORD -eq 1 ]; then\n    COMPREPLY=($(compgen -W %q -- \"$cur\"))\n    return\n  fi\n  case ${COMP_WORDS[1]} in\n", strings.Join(names, " "))
				for _, n := range names {
					fmt.Fprintf(env.Stdout, "    %s) COMPREPLY=($(compgen -W %q -f -- \"$cur\"));;\n", n, strings.Join(flags[n], " "))
				}
				fmt.Fprint(env.Stdout, "  esac\n}\ncomplete -F _dndsh dndsh\n")
			case "zsh":
				fmt.Fprintf(env.Stdout, "#compdef dndsh\n_dndsh() {\n  if (( CURRENT == 2 )); then\n    compadd %s\n    return\n  fi\n  case $words[2] in\n", strings.Join(names, " "))
				for _, n := range names {
					fmt.Fprintf(env.Stdout, "    %s) compadd %s; _files;;\n", n, strings.Join(flags[n], " "))
				}
				fmt.Fprint(env.Stdout, "  esac\n}\ncompdef _dndsh dndsh\n")
			case "fish":
				fmt.Fprint(env.Stdout, "# fish completion for dndsh\n")
				for _, c := range cmds {
					fmt.Fprintf(env.Stdout, "complete -c dndsh -n '__fish_use_subcommand' -a %s -d %q\n", c.name, firstLine(c.help))
					for _, f := range append(c.flags, helpFlag) {
						fmt.Fprintf(env.Stdout, "complete -c dndsh -n '__fish_seen_subcommand_from %s' -l %s -d %q\n", c.name, f.name, f.help)
					}
				}
			default:
				return usageErr("completion: unknown shell %q (bash, zsh or fish)", o.args[0])
			}
			return nil
		},
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
