package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/dndsh/dndsh/runtime/errs"
)

// colonCommand documents one :command of the REPL.
type colonCommand struct {
	name, args, help, zh string
}

// colonCommands returns the REPL's :commands, in the order :help lists
// them.
func colonCommands() []colonCommand {
	return []colonCommand{
		{"help", "[TOPIC]", "this help; TOPIC is a module (dice, rules, ...), a :command, a table command (add, attack, ...), dice, lua, commands or tour", "本說明；TOPIC 可為模組（dice、rules…）、:指令、表格指令（add、attack…）、dice、lua、commands 或 tour"},
		{"rules", "[NAME]", "the load order, variants, definitions and overrides; with NAME, that definition's history", "載入順序、變體、定義與覆寫；加上 NAME 則顯示該定義的歷程"},
		{"ruleset", "[ID]", "show the rule system, or switch to ID (the engine is rebuilt and the session replayed)", "顯示規則系統，或切換為 ID（重建引擎並重播本次工作階段）"},
		{"variant", "[on|off ID]", "list the optional rules, or turn one on or off (the session is replayed)", "列出可選規則，或開啟／關閉其中之一（重播本次工作階段）"},
		{"load", "FILE", "run a Lua file in the session (its text is kept in the session for undo and :save)", "在工作階段中執行 Lua 檔案（其內容保存在工作階段中，供 undo 與 :save 使用）"},
		{"save", "FILE", "save the session (seed, rules, every input line) to FILE, atomically", "將工作階段（種子、規則、每行輸入）以原子方式存入 FILE"},
		{"open", "FILE", "open a saved session: a fresh engine replays its lines with its seed", "開啟存檔的工作階段：新的引擎以其種子重播每行輸入"},
		{"undo", "[N]", "take back the last N inputs that changed the session (default 1) and say what they were; read-only table commands (order, show, map...) are no inputs to undo", "取消最後 N 個改變戰鬥的輸入（預設 1）並說明取消了什麼；唯讀指令（order、show、map…）不算"},
		{"log", "[N]", "the last N journal entries (default 20): inputs, rolls and what scripts logged", "最後 N 筆日誌（預設 20）：輸入、擲骰、死亡豁免與腳本記錄的內容"},
		{"dist", "EXPR", "the exact distribution of a dice expression, with a bar chart", "骰子算式的精確分布，附長條圖"},
		{"seed", "[N]", "show the session seed, or reseed the dice with N from here on", "顯示工作階段種子，或自此以 N 重設骰子"},
		{"quit", "", "leave (Ctrl-D does too)", "離開（Ctrl-D 亦可）"},
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
	out = append(out, r.commandNames()...)
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
heal, cond, next, end and monsters, and map, place, move and area on a battle map;
:help NAME shows one's usage and examples (docs/repl.md has them all). A line
"word = ..." is Lua, not a command.
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

const helpOverviewZh = `可輸入：
  骰子記法          4d6kh3、1d20+5 adv、2d6[fire] + 1d8[cold]   以工作階段的骰子擲出
  表格指令          規則定義為 command.<word> 的字詞             （:help commands）
  Lua               dice.roll("2d6").total、x = 3、function f() ... end   （:help lua）
  :指令             如下

`

const helpDiceZh = `骰子記法（docs/dice-notation.md）：
  NdX d% dF          骰子；四則運算 + - * / 與括號
  kh kl dh dl        保留／捨棄最高／最低：4d6kh3、2d20kl1
  r ro ra            重擲：2d6r<2、1d20ro1
  ! !! !p            爆骰、累加爆骰、穿透爆骰：3d6!
  mi ma              限制每顆骰子：4d6mi2
  >=5 f1             計算成功與失敗數：8d10>=7f1
  (1d4, 2d6)kh1      集合；2d6[fire] + 1d8[cold] 標示傷害類型
  adv dis            1d20+5 adv 擲 2d20 取高
能解析為骰子記法的一行即會擲骰（因此 {1, 2} 是骰子集合：Lua 表格請寫
"return {1, 2}"）。:dist EXPR 顯示精確分布。
`

const helpLuaZh = `不是骰子、表格指令或 :指令的輸入皆為 Lua（5.1，沙盒）。
  - 運算式會印出其值：1 + 2、dice.roll("2d6")、rules.names("base")。
  - 陳述式直接執行：x = 3 在整個工作階段定義 x；local x 只維持一次輸入。
  - 未完成的區塊（function f() ...）以 ...> 提示繼續讀取直到完整；Ctrl-C 放棄。
  - 模組（dice、rules、log…）在此為全域變數；腳本以 require 取得。
  - 錯誤會顯示輸入、行號與層級；工作階段不變，繼續進行。
  - Ctrl-C 停止執行中的指令；dndsh.toml 的 budgets.timeout 限制每次執行。
`

const helpCommandsZh = `表格指令是規則定義為 command.<word> 的 Lua 函式：

  rules.define("command.hit", function(c)
    -- c.args  = 位置參數 {"goblin", "7"}
    -- c.flags = {crit = true, type = "fire"}，來自 --crit --type=fire
    -- c.line  = 整行；c.name = "hit"
    return "hit " .. c.args[1] .. " for " .. c.args[2]
  end)

之後 "hit goblin 7 --crit" 會呼叫它並印出其回傳值（字串照印，表格美化）。引號可在一個字
中保留空白：hit "goblin boss" 7。

基礎層定義了手動進行戰鬥的指令（在有 combat 表格的規則系統下，如 5e）：add、init、
order（或 show）、attack、save、damage、heal、cond、next、end、monsters，以及戰場地圖的
map、place、move、area；:help 指令名稱 顯示用法與範例。每個指令也有中文名稱（攻擊、豁免、
傷害、治療、狀態、下一位、加入、先攻、順序、地圖、移動、範圍…）。"word = ..." 這樣的一行
是 Lua，不是指令。
`

const helpTourZh = `dndsh 兩分鐘導覽。

1. 擲骰。輸入記法並按 Enter：
     > 4d6kh3
     4d6kh3 (5, 4, 6, ~~1~~) = 15
   被捨棄的骰子以刪除線標示。試試 1d20+5 adv、8d6[fire]、3d6!（爆骰）。

2. 查看機率。:dist 以長條圖顯示精確分布：
     > :dist 2d20kh1
   :help dice 列出記法。

3. 進行戰鬥（:ruleset 5e）：
     > add goblin x2
     > add Brak --player --hp 28 --ac 18 --attack "Longsword +5 1d8+3 slashing"
     > init Brak 17
     > init
     > attack Brak goblin1
     > next
   :help add（及每個表格指令）顯示用法與範例；monsters 列出可加入的怪物。

4. 使用 Lua。其餘輸入皆為 Lua，模組為全域變數：
     > dice.roll("2d6+3").total

5. 犯錯。錯誤會顯示發生位置，工作階段保持原狀；:undo 取消最後一個改變戰鬥的輸入。

6. 保存工作階段。:log 顯示日誌（每個輸入與擲骰）；:save FILE 寫入種子與輸入，
   :open FILE 完全重播，包括骰子。

Ctrl-C 停止長時間的指令，Ctrl-D（或 :quit）離開。Tab 可補全 :指令、模組函式、
指令名稱、生物、怪物、屬性與狀態。
`

// help prints :help TOPIC.
func (r *repl) help(w io.Writer, topic string) error {
	topic = strings.TrimSpace(topic)
	colonOnly := strings.HasPrefix(topic, ":")
	topic = strings.TrimPrefix(topic, ":")
	zh := r.zh()
	pick := func(en, zhText string) string {
		if zh {
			return r.say(zhText)
		}
		return en
	}
	switch topic {
	case "":
		fmt.Fprint(w, pick(helpOverview, helpOverviewZh))
		for _, c := range colonCommands() {
			fmt.Fprintf(w, "  :%-19s %s\n", strings.TrimSpace(c.name+" "+c.args), pick(c.help, c.zh))
		}
		if names := r.commandNames(); len(names) > 0 {
			fmt.Fprintf(w, pick("\nTable commands: %s (:help NAME shows one's usage and examples)\n",
				"\n表格指令：%s（:help 名稱 顯示其用法與範例）\n"), strings.Join(names, " "))
		}
		fmt.Fprintf(w, pick("\nModules: %s (:help MODULE lists the functions)\n", "\n模組：%s（:help 模組 列出其函式）\n"),
			strings.Join(moduleNames(r), " "))
		return nil
	case "dice":
		fmt.Fprint(w, pick(helpDice, helpDiceZh))
		return nil
	case "lua":
		fmt.Fprint(w, pick(helpLua, helpLuaZh))
		return nil
	case "commands":
		fmt.Fprint(w, pick(helpCommands, helpCommandsZh))
		if names := r.commandNames(); len(names) > 0 {
			fmt.Fprintf(w, pick("\nDefined now: %s\n", "\n目前已定義：%s\n"), strings.Join(names, " "))
		} else {
			fmt.Fprintln(w, pick("\nNone is defined by the loaded rules.", "\n載入的規則沒有定義任何指令。"))
		}
		return nil
	case "tour":
		fmt.Fprint(w, pick(helpTour, helpTourZh))
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
	// A table command of the same name as a :command (save) wins;
	// ":help :save" is the :command.
	if !colonOnly && r.writeCommandHelp(w, topic) {
		return nil
	}
	for _, c := range colonCommands() {
		if c.name == topic {
			fmt.Fprintf(w, ":%s %s\n  %s\n", c.name, c.args, pick(c.help, c.zh))
			return nil
		}
	}
	e := errs.New(errs.Usage, "repl", "no help on %q", topic)
	e.Hint = "topics: " + strings.Join(helpTopics(r), " ")
	if best, ok := errs.Nearest(topic, helpTopics(r)); ok {
		e.Hint = fmt.Sprintf("did you mean %s? %s", best, e.Hint)
	}
	return e
}

// writeCommandHelp prints the help of table command word (its
// command_help.<word>.describe: usage, what it does, examples, flags);
// false when word is no table command.
func (r *repl) writeCommandHelp(w io.Writer, word string) bool {
	if r.lua == nil || !r.isCommand(word) {
		return false
	}
	d, err := r.lua.commandHelp(context.Background(), word, "describe")
	m, ok := d.(map[string]any)
	if err != nil || !ok {
		fmt.Fprintf(w, "%s: a table command the loaded rules define (no help given)\n", word)
		return true
	}
	zh := r.zh()
	str := func(k string) string { v, _ := m[k].(string); return v }
	label := func(en, zhs string) string {
		if zh {
			return r.say(zhs)
		}
		return en
	}
	fmt.Fprintf(w, "%s %s\n", label("usage:", "用法："), str("usage"))
	if h := str("help"); h != "" {
		fmt.Fprintf(w, "  %s\n", h)
	}
	if ex, ok := m["examples"].([]any); ok && len(ex) > 0 {
		fmt.Fprintln(w, label("examples:", "範例："))
		for _, e := range ex {
			fmt.Fprintf(w, "  %s\n", e)
		}
	}
	if f := str("flags"); f != "" {
		fmt.Fprintf(w, "%s %s\n", label("flags:", "旗標："), f)
	}
	return true
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
