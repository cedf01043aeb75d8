package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// colonCommand documents one :command of the REPL.
type colonCommand struct {
	name, args, help string
}

// colonCommands returns the REPL's :commands, in the order :help lists
// them.
func colonCommands() []colonCommand {
	return []colonCommand{
		{"help", "[TOPIC]", "this help; TOPIC is a module (dice, rules, ...), a :command, dice, lua, commands or tour"},
		{"rules", "[NAME]", "the load order, variants, definitions and overrides; with NAME, that definition's history"},
		{"ruleset", "[ID]", "show the rule system, or switch to ID (the engine is rebuilt and the session replayed)"},
		{"variant", "[on|off ID]", "list the optional rules, or turn one on or off (the session is replayed)"},
		{"load", "FILE", "run a Lua file in the session (its text is kept in the session for undo and :save)"},
		{"save", "FILE", "save the session (seed, rules, every input line) to FILE, atomically"},
		{"open", "FILE", "open a saved session: a fresh engine replays its lines with its seed"},
		{"undo", "[N]", "take back the last N inputs (default 1): the session is replayed without them"},
		{"log", "[N]", "the last N journal entries (default 20): inputs, rolls and what scripts logged"},
		{"dist", "EXPR", "the exact distribution of a dice expression, with a bar chart"},
		{"seed", "[N]", "show the session seed, or reseed the dice with N from here on"},
		{"quit", "", "leave (Ctrl-D does too)"},
	}
}

// colonList names the :commands.
func colonList() string {
	cmds := colonCommands()
	names := make([]string, len(cmds))
	for i, c := range cmds {
		names[i] = ":" + c.name
	}
	return strings.Join(names, " ")
}

// helpTopics lists what :help knows, for completion.
func helpTopics(r *repl) []string {
	out := []string{"dice", "lua", "commands", "tour"}
	for _, c := range colonCommands() {
		out = append(out, c.name)
	}
	if r.eng != nil {
		for _, m := range r.eng.R.Modules() {
			out = append(out, m.Name)
		}
	}
	return out
}

const helpOverview = `Type one of:
  dice notation      4d6kh3, 1d20+5 adv, 2d6[fire] + 1d8[cold]   rolled with the session's dice
  a table command    a word the rules define as command.<word>     (:help commands)
  Lua                dice.roll("2d6").total, x = 3, function f() ... end   (:help lua)
  a :command         below

`

const helpDice = `Dice notation (docs/dice-notation.md):
  NdX d% dF          dice; arithmetic + - * / with parentheses
  kh kl dh dl        keep/drop highest/lowest: 4d6kh3, 2d20kl1
  r ro ra            rerolls: 2d6r<2, 1d20ro1
  ! !! !p            exploding, compounding, penetrating: 3d6!
  mi ma              clamp each die: 4d6mi2
  >=5 f1             count successes and failures: 8d10>=7f1
  (1d4, 2d6)kh1      sets; 2d6[fire] + 1d8[cold] labels damage types
  adv dis            1d20+5 adv rolls 2d20 and keeps the higher
A line that parses as dice notation is rolled (so {1, 2} is a dice set: write
"return {1, 2}" for a Lua table). :dist EXPR shows the exact distribution.
`

const helpLua = `Anything that is not dice, a table command or a :command is Lua (5.1, sandboxed).
  - An expression prints its value: 1 + 2, dice.roll("2d6"), rules.names("base").
  - Statements run: x = 3 defines x for the rest of the session; local x lasts one input.
  - An unfinished chunk (function f() ...) keeps reading with the ...> prompt until it is
    complete; Ctrl-C drops it.
  - The modules (dice, rules, log, ...) are globals here; scripts reach them with require.
  - Errors print with the input, line and layer; the session goes on, unchanged.
  - Ctrl-C stops a running command; budgets.timeout in dndsh.toml bounds each one.
`

const helpCommands = `Table commands are Lua functions the rules define as command.<word>:

  rules.define("command.hit", function(c)
    -- c.args  = positional words {"goblin", "7"}
    -- c.flags = {crit = true, type = "fire"} from --crit --type=fire
    -- c.line  = the whole line; c.name = "hit"
    return "hit " .. c.args[1] .. " for " .. c.args[2]
  end)

Then "hit goblin 7 --crit" calls it and prints what it returns (a string as it is, a
table pretty). Quotes keep spaces in a word: hit "goblin boss" 7.

The base layer defines the commands of a fight played by hand (under a rule system
with a combat table, such as 5e): add, init, order (or show), attack, save, damage,
heal, cond, next and end; see docs/repl.md. A line "word = ..." is Lua, not a command.
`

const helpTour = `A two-minute tour of dndsh.

1. Roll dice. Type notation and press Enter:
     > 4d6kh3
     4d6kh3 (5, 4, 6, ~~1~~) = 15
   Dropped dice are struck through. Try 1d20+5 adv, 8d6[fire], 3d6! (exploding).

2. See the odds. :dist shows the exact distribution with a bar chart:
     > :dist 2d20kh1
   and :help dice lists the notation.

3. Use Lua. Anything else is Lua, with the modules as globals:
     > dice.roll("2d6+3").total
     > hp = 20
     > hp - dice.total("1d8")
   Functions span lines; the prompt turns into ...> until the chunk is complete:
     > function heal(n)
     ...>   hp = hp + n
     ...>   return hp
     ...> end
     > heal(5)

4. Make mistakes. An error prints where it happened and leaves the session as it
   was:  > nosuch.call()   ... and then :undo takes back the last good input.

5. Look at the rules. :rules prints the load order, variants, definitions and
   overrides; :ruleset 5e switches system; :variant on ID turns on an optional rule.
   Scripts can add table commands (:help commands), such as "attack A B --adv".

6. Keep the session. :log shows the journal (every input and roll); :save FILE
   writes the seed and your inputs, and :open FILE replays them exactly, dice
   included. :seed shows the seed; dndsh --seed N starts with a chosen one.

Ctrl-C stops a long command, Ctrl-D (or :quit) leaves. Tab completes :commands,
module functions (dice.ro<Tab>), command names and variant ids.
`

// help prints :help TOPIC.
func (r *repl) help(w io.Writer, topic string) error {
	topic = strings.TrimSpace(topic)
	colonOnly := strings.HasPrefix(topic, ":")
	topic = strings.TrimPrefix(topic, ":")
	switch topic {
	case "":
		fmt.Fprint(w, helpOverview)
		for _, c := range colonCommands() {
			fmt.Fprintf(w, "  :%-19s %s\n", strings.TrimSpace(c.name+" "+c.args), c.help)
		}
		if names := r.commandNames(); len(names) > 0 {
			fmt.Fprintf(w, "\nTable commands: %s\n", strings.Join(names, " "))
		}
		fmt.Fprintf(w, "\nModules: %s (:help MODULE lists the functions)\n", strings.Join(moduleNames(r), " "))
		return nil
	case "dice":
		fmt.Fprint(w, helpDice)
		return nil
	case "lua":
		fmt.Fprint(w, helpLua)
		return nil
	case "commands":
		fmt.Fprint(w, helpCommands)
		if names := r.commandNames(); len(names) > 0 {
			fmt.Fprintf(w, "\nDefined now: %s\n", strings.Join(names, " "))
		} else {
			fmt.Fprintln(w, "\nNone is defined by the loaded rules.")
		}
		return nil
	case "tour":
		fmt.Fprint(w, helpTour)
		return nil
	}
	// "rules" is a module and a :command: ":help rules" shows the
	// module, ":help :rules" the command.
	if r.eng != nil && !colonOnly {
		for _, m := range r.eng.R.Modules() {
			if m.Name == topic {
				fmt.Fprintf(w, "%s: %s\n", m.Name, m.Doc)
				for _, f := range m.Funcs {
					fmt.Fprintf(w, "  %s.%s%s\n      %s\n", m.Name, f.Name, f.Args, f.Doc)
				}
				return nil
			}
		}
	}
	for _, c := range colonCommands() {
		if c.name == topic {
			fmt.Fprintf(w, ":%s %s\n  %s\n", c.name, c.args, c.help)
			return nil
		}
	}
	e := errs.New(errs.Usage, "repl", "no help on %q", topic)
	e.Hint = "topics: " + strings.Join(helpTopics(r), " ")
	return e
}

// moduleNames lists the registered modules.
func moduleNames(r *repl) []string {
	if r.eng == nil {
		return nil
	}
	var out []string
	for _, m := range r.eng.R.Modules() {
		out = append(out, m.Name)
	}
	return out
}
