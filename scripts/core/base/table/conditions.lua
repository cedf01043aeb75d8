-- cond add, cond remove, cond list, and the expiry of timed conditions.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local fight = require("fight")

return function(M, T)
  local lang, say, fail, entries, resolve, all = T.lang, T.say, T.fail, T.entries, T.resolve, T.all
  local need_fight, conditions_text = T.need_fight, T.conditions_text

  -- Duration handles of timed conditions start here (far from the small
  -- numbers other code may use).
  local HANDLE_BASE = 7000000

  -- ---- conditions ----

  local function parse_duration(d)
    if d == nil or d == "" then return nil end
    local n = tostring(d):match("^(%d+)[rR]$")
    if not n or tonumber(n) < 1 then fail("bad_duration", tostring(d)) end
    return tonumber(n)
  end

  local function drop_timed(c, name)
    local keep = {}
    for _, t in ipairs(T.S.timed) do
      if not (t.c == c and t.name == name) then keep[#keep + 1] = t end
    end
    T.S.timed = keep
  end

  -- remove_condition ends a condition through the system's
  -- "table.cond_remove" when it defines one.
  local function remove_condition(c, name)
    local hook = rules.get("table.cond_remove")
    if type(hook) == "function" then return hook(c, name) end
    return c:remove_condition(name)
  end

  -- M.cond_add gives a a condition (any name the system knows, English or
  -- Chinese; opts.custom accepts another name) for a duration "Nr": until
  -- the start of its turn N rounds later (nil: until removed). opts.level,
  -- opts.by (the source's id). Returns the add record with text.
  function M.cond_add(a, name, duration, opts)
    opts = opts or {}
    local st = need_fight()
    local c = M.find(a)
    local id = M.lookup("condition", name)
    if not id then
      if opts.custom or #entries("condition") == 0 then
        id = tostring(name)
      else
        resolve("condition", name, say("custom_hint"))
      end
    end
    local rounds = parse_duration(duration)
    local handle, due = nil, nil
    if rounds then
      st.handles = st.handles + 1
      handle = HANDLE_BASE + st.handles
      due = fight.round() + rounds
    end
    local res
    local had = c:has(id)
    local level = opts.level and tonumber(opts.level) or nil
    if had and handle then
      -- already there: the new duration replaces the old one
      res = c:add_condition(id, { duration = handle, stacking = "refresh", level = level, source = opts.by })
      drop_timed(c, id)
    elseif had and not handle and not level then
      drop_timed(c, id) -- now until removed
      return { added = false, text = say("cond_already", M.name(c), M.label("condition", id)) }
    else
      local hook = rules.get("table.cond_add")
      local copts = { duration = handle, level = level, source = opts.by }
      if type(hook) == "function" then
        res = hook(c, id, copts)
      else
        res = c:add_condition(id, copts)
      end
    end
    res = res or {}
    if res.immune then
      res.text = say("cond_immune", M.name(c), M.label("condition", id))
      return res
    end
    if handle then
      st.timed[#st.timed + 1] = { c = c, name = id, handle = handle, due = due }
    end
    res.condition, res.due = id, due
    res.text = say("cond_added", M.name(c), M.label("condition", id), due and say("until_turn", due) or "")
    return res
  end

  -- M.cond_remove ends a condition on a. Returns {removed, text}.
  function M.cond_remove(a, name)
    need_fight()
    local c = M.find(a)
    local id = M.lookup("condition", name) or tostring(name)
    if not c:has(id) then
      return { removed = 0, text = say("cond_absent", M.name(c), M.label("condition", id)) }
    end
    local n = remove_condition(c, id)
    drop_timed(c, id)
    return { removed = n, text = say("cond_removed", M.name(c), M.label("condition", id)) }
  end

  -- M.cond_list lists the conditions of a (every creature when a is nil).
  function M.cond_list(a)
    need_fight()
    local list = a and { M.find(a) } or all()
    local lines = {}
    for _, c in ipairs(list) do
      lines[#lines + 1] = say("cond_list", M.name(c), conditions_text(c, say("none")))
    end
    return { text = table.concat(lines, "\n") }
  end

  -- expire ends the timed conditions that are due: at the start of the
  -- bearer's turn in their round, or once that round is over. Returns the
  -- messages.
  local function expire(now)
    local r = fight.round()
    local keep, lines = {}, {}
    for _, t in ipairs(T.S.timed) do
      if (now[t.c] and r >= t.due) or r > t.due then
        local mine, others = 0, 0
        for _, inst in ipairs(t.c:conditions(t.name)) do
          if inst.duration == t.handle then mine = mine + 1 else others = others + 1 end
        end
        if mine > 0 then
          if others == 0 then remove_condition(t.c, t.name) else t.c:expire(t.handle) end
          local what, who = M.label("condition", t.name), M.name(t.c)
          if lang() == "zh" then
            lines[#lines + 1] = say("expired", who, what)
          else
            lines[#lines + 1] = say("expired", what, who)
          end
        end
      else
        keep[#keep + 1] = t
      end
    end
    T.S.timed = keep
    return lines
  end

  T.expire = expire
end
