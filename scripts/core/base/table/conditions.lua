-- cond add, cond remove, cond list, and the durations of conditions: kept
-- by the fight's clock (the kernel's effects, fight.clock()), which ends
-- them at the start or end of a given creature's turn; a condition may
-- also end on a save at the end of each of its bearer's turns, or when a
-- caster's Concentration ends (the rule system's "table.concentrate").
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local fight = require("fight")

return function(M, T)
  local lang, say, fail, entries, resolve, all = T.lang, T.say, T.fail, T.entries, T.resolve, T.all
  local need_fight, enum = T.need_fight, T.enum

  -- Duration handles of timed conditions start here (far from the small
  -- numbers other code may use).
  local HANDLE_BASE = 7000000

  local function zh() return lang() == "zh" end

  -- ---- durations ----

  -- parse_duration reads a duration word: "Nr" or "N" (until the start of the
  -- bearer's turn N rounds later), "eot" (until the end of this turn),
  -- "eot:B" (the end of B's next turn), "sot:B" or "sot" with --by B
  -- (until the start of B's next turn). Returns {kind, rounds, who} or nil.
  local function parse_duration(d, by)
    if d == nil or d == "" then return nil end
    local w = T.digits(tostring(d)):lower()
    -- a bare number is rounds too: "cond add goblin prone 1" is what a GM types
    local n = w:match("^(%d+)r$") or w:match("^(%d+)$")
    if n then
      if tonumber(n) < 1 then fail("bad_duration", tostring(d)) end
      return { kind = "rounds", rounds = tonumber(n) }
    end
    local kind, who = w:match("^(%a+):(.+)$")
    kind = kind or w
    if kind == "eot" or kind == "end" then return { kind = "eot", who = who and T.digits(tostring(d)):match(":(.+)$") } end
    if kind == "sot" or kind == "start" then
      local b = who and T.digits(tostring(d)):match(":(.+)$") or by
      if not b then fail("sot_who") end
      return { kind = "sot", who = b }
    end
    fail("bad_duration", tostring(d))
  end

  -- parse_save reads --save "ABILITY DC" (or ABILITY:DC).
  local function parse_save(v)
    if v == nil then return nil end
    local s = T.digits(tostring(v))
    local ab, dc = s:match("^%s*(%S+)[%s:]+(%d+)%s*$")
    if not ab then fail("bad_save_spec", tostring(v)) end
    return { ability = resolve("ability", ab), dc = tonumber(dc) }
  end

  -- started reports whether c's turn in this round has started.
  local function started(enc, c)
    for _, x in ipairs(fight.turn()) do
      if x == c then return true end
    end
    local p = enc:participant(c:get("id"))
    return p ~= nil and p.acted == true
  end

  -- ends_of turns a parsed duration into the fight clock's end for bearer c.
  local function ends_of(enc, d, c)
    if d.kind == "rounds" then
      return { at = "turn_start", who = c:get("id"), nth = started(enc, c) and d.rounds or d.rounds + 1 }
    elseif d.kind == "eot" then
      local who = d.who and M.find(d.who) or fight.turn()[1]
      if not who then fail("no_turn") end
      return { at = "turn_end", who = who:get("id"), nth = 1 }
    elseif d.kind == "sot" then
      return { at = "turn_start", who = M.find(d.who):get("id"), nth = 1 }
    end
    return nil
  end

  -- start gives a timed entry its effect on the fight's clock.
  local function start(t)
    local enc = fight.clock()
    local spec = { id = t.effect, target = t.c:get("id"), owner = t.by, save = t.save ~= nil }
    if t.duration then spec.ends = ends_of(enc, t.duration, t.c) end
    enc:add_effect(spec)
    t.started = true
  end

  -- T.start_pending starts the durations given before initiative was rolled.
  function T.start_pending()
    for _, t in ipairs(T.S.timed) do
      if not t.started then start(t) end
    end
  end

  local function drop_timed(c, name)
    local keep = {}
    local enc = fight.clock()
    for _, t in ipairs(T.S.timed) do
      if t.c == c and t.name == name then
        if t.started and enc and enc:effect(t.effect) then enc:end_effect(t.effect) end
      else
        keep[#keep + 1] = t
      end
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

  -- end_timed ends the condition instances of timed entry t; returns the
  -- message.
  local function end_timed(t, why)
    local mine, others = 0, 0
    for _, inst in ipairs(t.c:conditions(t.name)) do
      if inst.duration == t.handle then mine = mine + 1 else others = others + 1 end
    end
    if mine == 0 then return nil end
    if others == 0 then remove_condition(t.c, t.name) else t.c:expire(t.handle) end
    local what, who = M.label("condition", t.name), M.name(t.c)
    if zh() then return say("expired", who, what) .. (why or "") end
    return say("expired", what, who) .. (why or "")
  end

  -- T.until_text words when the condition instance inst of c ends, or nil;
  -- short for the order and cond list ("until round 2").
  function T.until_text(c, inst, short)
    local k = short and "short_" or ""
    for _, t in ipairs(T.S and T.S.timed or {}) do
      if t.c == c and inst.duration == t.handle then
        local parts = {}
        local d = t.duration
        if d and d.kind == "rounds" then
          parts[#parts + 1] = say(k .. "until_round", t.due)
        elseif d and d.kind == "eot" then
          parts[#parts + 1] = say(k .. "until_eot", t.who_name or M.name(c))
        elseif d and d.kind == "sot" then
          parts[#parts + 1] = say(k .. "until_sot", t.who_name or "?")
        end
        if t.save then
          parts[#parts + 1] = say(k .. "until_save", M.label("ability", t.save.ability), t.save.dc)
        end
        if t.conc then parts[#parts + 1] = say(k .. "until_conc", t.conc_name) end
        return table.concat(parts, zh() and "；" or "; ")
      end
    end
    return nil
  end

  -- ---- conditions ----

  -- by_creature checks the creature named by --by: an unknown one is an
  -- error. Returns its id, or nil.
  local function by_creature(by)
    if by == nil then return nil end
    return M.find(by):get("id")
  end

  -- M.cond_add gives a a condition (any name the system knows, English or
  -- Chinese; opts.custom accepts another name) for a duration: "Nr" (until
  -- the start of its turn N rounds later), "eot" (until the end of this
  -- turn), "eot:B", "sot:B" or "sot" with opts.by (until the start of B's
  -- next turn); nil: until removed. opts: level, by (the source: a creature
  -- of the fight), save = "ABILITY DC" (the bearer saves at the end of each
  -- of its turns; a success ends it), conc = B (it lasts while B
  -- concentrates; the rule system's Concentration), custom. Returns the
  -- add record with text.
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
    local by = by_creature(opts.by)
    local conc = opts.conc and M.find(opts.conc) or nil
    local d = parse_duration(duration, opts.by)
    local save = parse_save(opts.save)
    if conc and type(rules.get("table.concentrate")) ~= "function" then fail("no_conc", rules.system()) end
    local timed = d ~= nil or save ~= nil or conc ~= nil
    local handle, t = nil, nil
    if timed then
      st.handles = st.handles + 1
      handle = HANDLE_BASE + st.handles
      t = { c = c, name = id, handle = handle, effect = "table:" .. st.handles, duration = d, save = save,
        by = by, conc = conc and conc:get("id") }
      if d and d.kind == "rounds" then t.due = math.max(fight.round(), 1) + d.rounds end
      if d and d.kind == "eot" then
        local w = d.who and M.find(d.who) or fight.turn()[1]
        if not w then fail("no_turn") end
        t.who_name = M.name(w)
      end
      if d and d.kind == "sot" then t.who_name = M.name(M.find(d.who)) end
    end
    local res
    local had = c:has(id)
    local level = opts.level and tonumber(opts.level) or nil
    if had and handle then
      -- already there: the new duration replaces the old one
      drop_timed(c, id)
      res = c:add_condition(id, { duration = handle, stacking = "refresh", level = level, source = by })
    elseif had and not handle and not level then
      drop_timed(c, id) -- now until removed
      return { added = false, text = say("cond_already", M.name(c), M.label("condition", id)) }
    else
      local hook = rules.get("table.cond_add")
      local copts = { duration = handle, level = level, source = by }
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
    if t then
      if conc then
        t.conc_name = M.name(conc)
        -- the system's Concentration ends it: its hook calls back
        rules.get("table.concentrate")(conc, id, function()
          for i, x in ipairs(T.S.timed) do
            if x == t then
              table.remove(T.S.timed, i)
              local enc = fight.clock()
              if enc and t.started and enc:effect(t.effect) then enc:end_effect(t.effect) end
              local line = end_timed(t, say("conc_ended", t.conc_name))
              if line then T.S.notes[#T.S.notes + 1] = line end
              return
            end
          end
        end)
      end
      st.timed[#st.timed + 1] = t
      if st.began then start(t) end
    end
    res.condition, res.due = id, t and t.due
    local until_text = t and T.until_text(c, { duration = handle }) or nil
    res.text = say("cond_added", M.name(c), M.label("condition", id), until_text and say("cond_for", until_text) or "")
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
    drop_timed(c, id)
    local n = remove_condition(c, id)
    return { removed = n, text = say("cond_removed", M.name(c), M.label("condition", id)) }
  end

  -- M.cond_list lists the conditions of a (every creature when a is nil).
  function M.cond_list(a)
    need_fight()
    local list = a and { M.find(a) } or all()
    local lines = {}
    for _, c in ipairs(list) do
      lines[#lines + 1] = say("cond_list", M.name(c), T.conditions_text(c, say("none")))
    end
    return { text = table.concat(lines, "\n") }
  end

  -- T.end_of_turn rolls the saves that end conditions at the end of the
  -- turns of the creatures in ending (a set of handles). Returns the
  -- messages.
  function T.end_of_turn(ending)
    local lines = {}
    local keep = {}
    local enc = fight.clock()
    for _, t in ipairs(T.S.timed) do
      local gone = false
      if t.save and ending[t.c] and not fight.is(t.c, "out") then
        local r = rules.need("save")(t.c, t.save.ability, t.save.dc, { stat = T.meta(t.c).stat })
        local what = M.label("condition", t.name)
        local rolled = r.auto and say("save_auto_short") or T.dice_text(r)
        if r.success then
          if enc and t.started and enc:effect(t.effect) then enc:end_by_save(t.effect) end
          local line = end_timed(t)
          if line then
            lines[#lines + 1] = say("saved_off", M.name(t.c), M.label("ability", t.save.ability), t.save.dc, rolled, what)
          end
          gone = true
        else
          lines[#lines + 1] = say("save_kept", M.name(t.c), M.label("ability", t.save.ability), t.save.dc, rolled, what)
        end
      end
      if not gone then keep[#keep + 1] = t end
    end
    T.S.timed = keep
    return lines
  end

  -- T.expire ends the conditions whose effects the fight's clock ended
  -- (fight.next's list). Returns the messages.
  function T.expire(expired)
    local lines = {}
    local ended = {}
    for _, e in ipairs(expired or {}) do ended[e.id] = true end
    local keep = {}
    for _, t in ipairs(T.S.timed) do
      if ended[t.effect] then
        local line = end_timed(t)
        if line then lines[#lines + 1] = line end
      else
        keep[#keep + 1] = t
      end
    end
    T.S.timed = keep
    return lines
  end

  -- T.drop_notes returns and clears what happened meanwhile (a caster's
  -- Concentration ending).
  function T.drop_notes()
    local n = T.S and T.S.notes or {}
    if T.S then T.S.notes = {} end
    return n
  end

  T.enum_conditions = enum
end
