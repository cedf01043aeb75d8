-- Command lines: splitting, the commands' usage and flags, parsing.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.

return function(M, T)
  local say, fail = T.say, T.fail

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

  -- The commands: usage, the flags taking a value ("s" a string, "n" a
  -- number), the flags without one, and run(args, flags), which returns a
  -- record with text, or nil for a line that does not fit the usage.
  local COMMANDS = {}

  local function count_of(w)
    if w == nil then return nil end
    local n = w:match("^[xX](%d+)$") or w:match("^\195\151(%d+)$") or w:match("^(%d+)$")
    return n and tonumber(n) or nil
  end

  COMMANDS.add = {
    usage = "add MONSTER [xN] [--side SIDE] [--id ID] [--hp N] [--ac N] [--init N] [--name NAME] [--player]",
    values = { side = "s", id = "s", hp = "n", ac = "n", init = "n", name = "s", count = "n", max_hp = "n" },
    bools = { player = true },
    run = function(args, flags)
      if #args < 1 or #args > 2 then return nil end
      local count = flags.count
      if args[2] then
        count = count_of(args[2])
        if not count then return nil end
      end
      local opts = { count = count }
      for k, v in pairs(flags) do
        if k ~= "count" then opts[k] = v end
      end
      return M.add(args[1], opts)
    end,
  }
  COMMANDS.init = { usage = "init", run = function(args) if #args > 0 then return nil end return M.init() end }
  COMMANDS.order = { usage = "order", run = function(args) if #args > 0 then return nil end return M.show() end }
  COMMANDS.show = { usage = "show", run = COMMANDS.order.run }
  COMMANDS.attack = {
    usage = "attack A B [--with WEAPON] [--adv] [--dis]",
    values = { with = "s" }, bools = { adv = true, dis = true },
    run = function(args, flags)
      if #args ~= 2 then return nil end
      return M.attack(args[1], args[2], flags)
    end,
  }
  COMMANDS.save = {
    usage = "save A ABILITY DC [--adv] [--dis]",
    bools = { adv = true, dis = true },
    run = function(args, flags)
      if #args ~= 3 then return nil end
      return M.save(args[1], args[2], args[3], flags)
    end,
  }
  COMMANDS.damage = {
    usage = "damage A N [TYPE]",
    run = function(args)
      if #args < 2 or #args > 3 then return nil end
      return M.damage(args[1], args[2], args[3])
    end,
  }
  COMMANDS.heal = {
    usage = "heal A N",
    run = function(args)
      if #args ~= 2 then return nil end
      return M.heal(args[1], args[2])
    end,
  }
  COMMANDS.cond = {
    usage = "cond add A NAME [Nr] [--level N] [--by B] [--custom] | cond remove A NAME | cond list [A]",
    values = { level = "n", by = "s" }, bools = { custom = true },
    run = function(args, flags)
      local sub = args[1]
      if sub == "add" and (#args == 3 or #args == 4) then return M.cond_add(args[2], args[3], args[4], flags) end
      if sub == "remove" and #args == 3 then return M.cond_remove(args[2], args[3]) end
      if sub == "list" and #args <= 2 then return M.cond_list(args[2]) end
      if sub ~= "add" and sub ~= "remove" and sub ~= "list" and #args == 1 then return M.cond_list(sub) end
      return nil
    end,
  }
  COMMANDS.next = { usage = "next", run = function(args) if #args > 0 then return nil end return M.next() end }
  COMMANDS["end"] = { usage = "end", run = function(args) if #args > 0 then return nil end return M.finish() end }

  local function flag_list(spec)
    local out = {}
    for k in pairs(spec.values or {}) do out[#out + 1] = "--" .. k end
    for k in pairs(spec.bools or {}) do out[#out + 1] = "--" .. k end
    table.sort(out)
    if #out == 0 then return say("none") end
    return table.concat(out, ", ")
  end

  -- parse reads a command's words (after the command word) into positional
  -- arguments and flags: --name=value, --name value for the flags that take
  -- one, --name for the others; after -- every word is positional.
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
        if values[name] then
          if val == nil then
            i = i + 1
            val = words[i]
            if val == nil then fail("flag_value", word, name) end
          end
          if values[name] == "n" then
            local n = tonumber(val)
            if not n then fail("flag_number", word, name, val) end
            val = n
          end
          flags[name] = val
        elseif bools[name] and val == nil then
          flags[name] = true
        else
          fail("unknown_flag", word, name, flag_list(spec))
        end
      else
        args[#args + 1] = w
      end
      i = i + 1
    end
    return args, flags
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
    local args, flags = parse(word, spec, words)
    local r = spec.run(args, flags)
    if r == nil then fail("usage", spec.usage) end
    return r.text
  end

  -- M.run runs a command line ("attack goblin1 hero --adv") and returns what
  -- it prints.
  function M.run(line)
    local words = M.words(line)
    return M.command(words[1], { line = line })
  end

  M.commands = COMMANDS
end
