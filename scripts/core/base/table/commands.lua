-- Command lines: splitting, the commands' usage, help, examples and flags,
-- parsing, manual dice (--dice), and what the REPL asks of a command
-- (command_help.<word>: whether a line only reads the fight, the words Tab
-- may complete).
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local dice = require("dice")
local text = require("text")

return function(M, T)
  local say, fail, lang = T.say, T.fail, T.lang

  -- ---- command lines ----

  -- M.words splits a command line as the REPL does: at spaces, with
  -- "double" or 'single' quotes keeping spaces in a word.
  function M.words(line)
    local words, cur, quote, has = {}, {}, nil, false
    -- an ideographic space (U+3000, typed by Chinese input methods) separates
    -- words as the REPL's splitting (unicode.IsSpace) does
    line = tostring(line):gsub("\227\128\128", " ")
    if not line:find("[\"']") then
      for w in line:gmatch("%S+") do words[#words + 1] = w end
      return words
    end
    for ch in line:gmatch("[%z\1-\127\194-\244][\128-\191]*") do
      if quote then
        if ch == quote then quote = nil else cur[#cur + 1] = ch end
      elseif ch == '"' or ch == "'" then
        quote, has = ch, true
      elseif ch:match("^%s$") then
        if has then
          words[#words + 1] = table.concat(cur)
          cur, has = {}, false
        end
      else
        cur[#cur + 1] = ch
        has = true
      end
    end
    if quote then error("unclosed " .. quote .. " quote in " .. tostring(line), 0) end
    if has then words[#words + 1] = table.concat(cur) end
    return words
  end

  -- The commands. A spec: usage; example (a line that works, run by the
  -- docs test); help = {en, zh}; values (the flags taking a value: "s" a
  -- string, "n" a number); bools (the flags without one); readonly (true, or
  -- function(args) -> whether the line only reads the fight: such a line is
  -- no step of :undo); complete (function(args) -> the kinds of word the
  -- next argument may be: "creature", "monster", "ability", "condition",
  -- "damage", "attack:<creature>", or literal words); run(args, flags),
  -- which returns a record with text, or nil for a line that does not fit
  -- the usage.
  -- (T.commands is the module's table of the commands by word: core.base.table
  -- made it before the parts loaded, and its define_command adds to it.)
  local COMMANDS = T.commands

  local function count_of(w)
    if w == nil then return nil end
    w = T.digits(w)
    local n = w:match("^[xX](%d+)$") or w:match("^\195\151(%d+)$") or w:match("^(%d+)$")
    return n and tonumber(n) or nil
  end

  COMMANDS.add = {
    usage = "add MONSTER [xN] [--side SIDE] [--id ID] [--name NAME] [--hp N] [--ac N] [--init N] [--group] [--level N]"
      .. " | add NAME --player --hp N --ac N --attack \"[WEAPON] +BONUS DICE [TYPE]\" [--speed FEET]"
      .. " [--abilities \"str 16 dex 12 ...\"] [--saves \"dex +5 ...\"]",
    example = { "add goblin x2", "add Brak --player --hp 28 --ac 18 --attack \"Longsword +5 1d8+3 slashing\"" },
    help = { "add creatures: a monster (by id or name; monsters lists them), a kind already in the fight, a"
      .. " ready-made character (add fighter --level 3), or a player described by --hp, --ac and --attack"
      .. " (several attacks joined by ;); --group gives them one initiative roll",
      "加入生物：怪物（以代號或名稱；monsters 列出）、戰鬥中已有的種類、現成角色（add fighter --level 3），"
      .. "或以 --hp、--ac、--attack 描述的玩家角色（多個攻擊以 ; 分隔）；--group 令其共用一次先攻" },
    values = { side = "s", id = "s", hp = "n", ac = "n", init = "n", name = "s", count = "n", max_hp = "n", attack = "s",
      level = "n", speed = "n", abilities = "s", saves = "s" },
    bools = { player = true, group = true },
    complete = function(args) if #args == 0 then return { "monster" } end return {} end,
    run = function(args, flags)
      if #args < 1 then return nil end
      local count, n = flags.count, #args
      if n > 1 and count_of(args[n]) then
        count, n = count_of(args[n]), n - 1
      end
      local what = args[1]
      if n > 1 then
        -- a monster's name of several words (add Goblin Warrior x2), or a
        -- GM naming the creature (add hero fighter): say how that is done
        local words = {}
        for i = 1, n do words[i] = args[i] end
        what = table.concat(words, " ")
        if not T.monster_named(what) then
          if n == 2 and args[2]:match("^%d") then return nil end
          fail("add_count", what, args[n], T.monster_suggestion(what))
        end
      end
      local opts = { count = count }
      for k, v in pairs(flags) do
        if k ~= "count" then opts[k] = v end
      end
      return M.add(what, opts)
    end,
  }
  COMMANDS.monsters = {
    usage = "monsters [WORD]",
    example = "monsters gob",
    help = { "list the monsters of the rule system (and its ready-made characters); WORD filters them",
      "列出規則系統的怪物（與現成角色）；WORD 篩選" },
    readonly = true,
    run = function(args)
      if #args > 1 then return nil end
      return M.monster_list(args[1])
    end,
  }
  COMMANDS.init = {
    usage = "init [A N]...",
    example = { "init", "init hero 17" },
    help = { "roll initiative and start round 1; with A N, creature A takes the count N it rolled itself (before"
      .. " or after init; the others are rolled)",
      "擲先攻並開始第 1 輪；加上 A N 時，生物 A 採用其自行擲出的 N（init 之前或之後皆可；其餘由系統擲骰）" },
    complete = function(args) if #args % 2 == 0 then return { "creature" } end return {} end,
    run = function(args)
      if #args == 0 then return M.init() end
      if #args % 2 ~= 0 then return nil end
      local lines = {}
      for i = 1, #args, 2 do lines[#lines + 1] = M.set_init(args[i], args[i + 1]).text end
      return { text = table.concat(lines, "\n") }
    end,
  }
  COMMANDS.order = {
    usage = "order", example = "order", readonly = true,
    help = { "the initiative order: HP, temporary HP, conditions and when they end", "先攻順序：生命值、臨時生命值、狀態與其結束時間" },
    run = function(args) if #args > 0 then return nil end return M.show() end,
  }
  COMMANDS.show = {
    usage = "show", example = "show", readonly = true, help = COMMANDS.order.help, run = COMMANDS.order.run,
  }
  COMMANDS.attack = {
    usage = "attack A B[,C...] [--with WEAPON] [--adv] [--dis]",
    example = "attack hero goblin1 --with longsword",
    help = { "one attack of A at B (or at each of a list) through the fight's pipeline: the dice, why Advantage"
      .. " or a critical hit applies, distance and cover on a map, damage and what it did",
      "A 對 B（或清單中的每一個）進行一次攻擊：骰子、優勢或重擊的原因、地圖上的距離與掩蔽、傷害與其結果" },
    values = { with = "s" }, bools = { adv = true, dis = true },
    complete = function(args)
      if #args <= 1 then return { "creature" } end
      return {}
    end,
    run = function(args, flags)
      if #args ~= 2 then return nil end
      return M.attack(args[1], args[2], flags)
    end,
  }
  COMMANDS.save = {
    usage = "save A[,B...] ABILITY DC [TYPE] [--adv] [--dis] [--damage N|DICE [--half]]",
    example = { "save hero dex 15", "save goblin1,goblin2 dex 15 --damage 8d6 fire --half" },
    help = { "a saving throw of each creature listed; --damage rolls once for all: a failure takes it, a success"
      .. " half with --half (none without)",
      "清單中每個生物進行豁免；--damage 對所有人只擲一次：失敗者全額承受，成功者以 --half 承受一半（否則無）" },
    values = { damage = "s" }, bools = { adv = true, dis = true, half = true },
    complete = function(args)
      if #args == 0 then return { "creature" } end
      if #args == 1 then return { "ability" } end
      if #args == 3 then return { "damage" } end
      return {}
    end,
    run = function(args, flags)
      if #args < 3 or #args > 4 then return nil end
      if args[4] and not flags.damage then return nil end
      flags.type = args[4]
      return M.save(args[1], args[2], args[3], flags)
    end,
  }
  COMMANDS.damage = {
    usage = "damage A[,B...] N|DICE [TYPE]",
    example = { "damage goblin1 7 fire", "damage goblin1,goblin2 2d6" },
    help = { "damage (a number, or dice rolled once) of a type to each creature listed, through resistance,"
      .. " immunity and the dying rules",
      "對清單中每個生物造成某類型的傷害（數字，或只擲一次的骰子），經過抗性、免疫與瀕死規則" },
    complete = function(args)
      if #args == 0 then return { "creature" } end
      if #args == 2 then return { "damage" } end
      return {}
    end,
    run = function(args)
      if #args < 2 or #args > 3 then return nil end
      return M.damage(args[1], args[2], args[3])
    end,
  }
  COMMANDS.heal = {
    usage = "heal A N|DICE",
    example = "heal hero 2d4+2",
    help = { "A regains hit points; a creature that was down is back in the fight", "A 恢復生命值；倒下的生物重返戰鬥" },
    complete = function(args) if #args == 0 then return { "creature" } end return {} end,
    run = function(args)
      if #args ~= 2 then return nil end
      return M.heal(args[1], args[2])
    end,
  }
  COMMANDS.cond = {
    usage = "cond add A NAME [Nr|N|eot|eot:B|sot:B] [--save \"ABILITY DC\"] [--conc B] [--by B] [--level N] [--custom]"
      .. " | cond remove A NAME | cond list [A]",
    example = { "cond add goblin1 prone 1r", "cond add hero frightened sot --by goblin1",
      "cond add goblin2 paralyzed --save \"wis 13\" --conc hero" },
    help = { "conditions: until the start of A's turn N rounds later (Nr), the end of this turn (eot) or of B's"
      .. " next turn (eot:B), the start of B's next turn (sot:B, or sot with --by B), a save at the end of each"
      .. " of A's turns (--save), while B concentrates (--conc); without these, until removed",
      "狀態：直到 N 輪後 A 的回合開始（Nr）、本回合結束（eot）或 B 下回合結束（eot:B）、B 下回合開始（sot:B，"
      .. "或 sot 加 --by B）、A 每回合結束時豁免（--save）、B 維持專注期間（--conc）；皆無則直到移除" },
    values = { level = "n", by = "s", save = "s", conc = "s" }, bools = { custom = true },
    readonly = function(args) return args[1] ~= "add" and args[1] ~= "remove" end,
    complete = function(args)
      if #args == 0 then return { "add", "remove", "list" } end
      if #args == 1 then return { "creature" } end
      if #args == 2 and (args[1] == "add" or args[1] == "remove") then return { "condition" } end
      return {}
    end,
    run = function(args, flags)
      local sub = args[1]
      if sub == "add" and (#args == 3 or #args == 4) then return M.cond_add(args[2], args[3], args[4], flags) end
      if sub == "remove" and #args == 3 then return M.cond_remove(args[2], args[3]) end
      if sub == "list" and #args <= 2 then return M.cond_list(args[2]) end
      if sub ~= "add" and sub ~= "remove" and sub ~= "list" and #args == 1 then return M.cond_list(sub) end
      return nil
    end,
  }
  COMMANDS.next = {
    usage = "next", example = "next",
    help = { "end the turn and start the next: the saves at the end of the turn, what expired, death saves",
      "結束本回合並開始下一回合：回合結束時的豁免、結束的狀態、死亡豁免" },
    run = function(args) if #args > 0 then return nil end return M.next() end,
  }
  COMMANDS.segment = {
    usage = "segment", example = "segment",
    help = { "the next segment of the round (rules whose rounds have segments, as 1e's); after the last one the next round",
      "回合中的下一個時段（回合分時段的規則，如 1e）；最後一個時段之後進入下一輪" },
    run = function(args) if #args > 0 then return nil end return M.segment() end,
  }
  COMMANDS["end"] = {
    usage = "end", example = "end",
    help = { "end the fight: who is left standing; the next add starts a new fight", "結束戰鬥：各方仍站立者；下一個 add 開始新的戰鬥" },
    run = function(args) if #args > 0 then return nil end return M.finish() end,
  }

  local function flag_list(spec)
    local out = { "--dice" }
    for k in pairs(spec.values or {}) do out[#out + 1] = "--" .. k end
    for k in pairs(spec.bools or {}) do out[#out + 1] = "--" .. k end
    table.sort(out)
    return table.concat(out, ", ")
  end

  -- parse reads a command's words (after the command word) into positional
  -- arguments and flags: --name=value, --name value for the flags that take
  -- one, --name for the others; after -- every word is positional. --dice
  -- F,F,... (the faces of the dice the command rolls, entered by hand) is a
  -- flag of every command.
  local function parse(word, spec, words)
    local args, flags, only = {}, {}, false
    local i = 1
    local values, bools = spec.values or {}, spec.bools or {}
    while i <= #words do
      local w = words[i]
      if only then
        args[#args + 1] = w
      elseif w == "--" then
        only = true
      elseif w:sub(1, 2) == "--" and #w > 2 then
        local name, val = w:sub(3), nil
        local eq = name:find("=", 1, true)
        if eq then
          -- two statements: gopher-lua mis-evaluates "name, val = name:sub(..), name:sub(..)"
          val = name:sub(eq + 1)
          name = name:sub(1, eq - 1)
        end
        local kind = values[name] or (name == "dice" and "s" or nil)
        if kind then
          if val == nil then
            i = i + 1
            val = words[i]
            if val == nil then fail("flag_value", word, name) end
          end
          if kind == "n" then
            local n = tonumber(T.digits(val))
            if not n then fail("flag_number", word, name, val) end
            val = n
          end
          flags[name] = val
        elseif bools[name] and val == nil then
          flags[name] = true
        else
          local best = text.nearest("--" .. name, (function()
            local l = {}
            for f in flag_list(spec):gmatch("[^, ]+") do l[#l + 1] = f end
            return l
          end)())
          fail("unknown_flag", word, name, flag_list(spec) .. (best and say("did_you_mean", best) or ""))
        end
      else
        args[#args + 1] = w
      end
      i = i + 1
    end
    return args, flags
  end

  -- faces reads --dice "17,4" (also spaces, full-width digits).
  local function faces(v)
    local out = {}
    for f in T.digits(tostring(v)):gsub("\239\188\140", ","):gmatch("[^,%s]+") do
      local n = tonumber(f)
      if not n or n ~= math.floor(n) or n < 1 then fail("bad_dice", tostring(v)) end
      out[#out + 1] = n
    end
    if #out == 0 then fail("bad_dice", tostring(v)) end
    return out
  end

  -- run_with_dice runs fn with faces entered by hand: they are the next dice
  -- drawn; the ones the command did not use are dropped and said.
  local function run_with_dice(list, fn)
    if list == nil then return fn() end
    local before = dice.draws()
    dice.force(list)
    local ok, r = pcall(fn)
    local left = dice.clear()
    if not ok then error(r, 0) end
    local used = dice.draws() - before
    if type(r) == "table" and r.text then
      if #left > 0 then
        local shown = {}
        for i, f in ipairs(left) do shown[i] = tostring(f) end
        r.text = r.text .. "\n" .. say("dice_unused", table.concat(shown, ", "))
      elseif used > #list then
        r.text = r.text .. "\n" .. say("dice_more", #list, used - #list)
      end
    end
    return r
  end

  -- convert writes a Chinese text in the session's script.
  local function convert(s)
    local sc = T.script()
    if sc and type(s) == "string" then return text.convert(s, sc) end
    return s
  end

  -- M.command runs table command word with the REPL's command table c
  -- ({name, args, flags, line}; the line is parsed again so that flags take
  -- values: --side foes) and returns what it prints.
  function M.command(word, c)
    local spec = COMMANDS[word]
    if not spec then error("no table command " .. tostring(word), 2) end
    local words
    if c and c.line then
      words = M.words(c.line)
      table.remove(words, 1)
    else
      words = {}
      for _, a in ipairs((c and c.args) or {}) do words[#words + 1] = a end
      for k, v in pairs((c and c.flags) or {}) do
        words[#words + 1] = v == true and ("--" .. k) or ("--" .. k .. "=" .. tostring(v))
      end
    end
    local ok, out = pcall(function()
      local args, flags = parse(word, spec, words)
      local list = flags.dice and faces(flags.dice) or nil
      flags.dice = nil
      local r = run_with_dice(list, function() return spec.run(args, flags) end)
      if r == nil then fail("usage", spec.usage) end
      local notes = T.drop_notes and T.drop_notes() or {}
      local t = r.text
      if #notes > 0 then t = (t and t ~= "" and (t .. "\n") or "") .. table.concat(notes, "\n") end
      return t
    end)
    if not ok then
      -- a message in the session's script; a kernel's error as it is (its
      -- file, line and hint)
      if type(out) == "string" then error(convert(out), 0) end
      error(out, 0)
    end
    return convert(out)
  end

  -- M.run runs a command line ("attack goblin1 hero --adv") and returns what
  -- it prints.
  function M.run(line)
    local words = M.words(line)
    return M.command(words[1], { line = line })
  end

  -- M.usage returns a command's usage line, or nil.
  function M.usage(word)
    local spec = COMMANDS[word]
    return spec and spec.usage or nil
  end

  -- M.describe returns what the REPL shows and asks of command word:
  -- {usage, help (in the session's language), examples = {...}, flags}.
  function M.describe(word)
    local spec = COMMANDS[word]
    if not spec then return nil end
    local ex = spec.example
    if type(ex) == "string" then ex = { ex } end
    local h = spec.help and ((lang() == "zh" and spec.help[2]) or spec.help[1]) or ""
    return { usage = spec.usage, help = convert(h), examples = ex or {}, flags = flag_list(spec) }
  end

  -- M.readonly reports whether a command line only reads the fight.
  function M.readonly(line)
    local words = M.words(line)
    local spec = COMMANDS[words[1]]
    if not spec then return false end
    if type(spec.readonly) == "function" then
      table.remove(words, 1)
      local ok, args, flags = pcall(parse, "", spec, words)
      return ok and spec.readonly(args, flags) == true
    end
    return spec.readonly == true
  end

  -- the candidates of a kind of word, for completion
  local function candidates(kind)
    local out = {}
    if kind == "creature" then
      for _, c in ipairs(T.all()) do out[#out + 1] = c:get("id") end
    elseif kind == "monster" then
      for _, m in ipairs(M.monsters()) do out[#out + 1] = m.id end
      for _, e in ipairs((rules.get("table.pregens") or {}).names or {}) do out[#out + 1] = e.id end
      for _, c in ipairs(T.all()) do
        local base = T.meta(c).base
        if base then out[#out + 1] = base end
      end
    elseif kind == "condition" then
      for _, e in ipairs(T.entries("condition")) do out[#out + 1] = e.id end
    elseif kind == "ability" or kind == "damage" then
      for _, e in ipairs(T.entries(kind)) do out[#out + 1] = e.id end
    else
      out[1] = kind
    end
    return out
  end

  -- M.complete returns the words Tab may complete after a command line's
  -- words (the word being typed excluded): flags after "--", else what the
  -- command's next argument may be.
  function M.complete(line, partial)
    local words = M.words(line)
    local spec = COMMANDS[words[1]]
    if not spec then return {} end
    table.remove(words, 1)
    if partial and partial:sub(1, 2) == "--" then
      local out = {}
      for f in flag_list(spec):gmatch("[^, ]+") do out[#out + 1] = f end
      return out
    end
    local last = words[#words]
    if last and last:sub(1, 2) == "--" and (spec.values or {})[last:sub(3)] then
      if last == "--with" then return {} end
      if last == "--by" or last == "--conc" then return candidates("creature") end
      return {}
    end
    local ok, args = pcall(parse, "", spec, words)
    if not ok or not spec.complete then return {} end
    local out = {}
    for _, kind in ipairs(spec.complete(args)) do
      for _, w in ipairs(candidates(kind)) do out[#out + 1] = w end
    end
    return out
  end
end
