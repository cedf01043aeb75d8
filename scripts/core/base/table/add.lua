-- add, init, order and show: creatures join the fight, initiative is rolled,
-- the order is shown.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local fight = require("fight")

return function(M, T)
  local lang, MSG, say, fail, state_word, side_word = T.lang, T.MSG, T.say, T.fail, T.state_word, T.side_word
  local enum, fresh, all, need_fight, full_name, state = T.enum, T.fresh, T.all, T.need_fight, T.full_name, T.state

  -- ---- add, init, order ----

  -- monster_stat returns the stat block of the monster id (or English
  -- name): monsters/<system>/<id>.lua, else the imported
  -- monsters/<system>/srd/<id>.lua (rules.find_monster; read for its names,
  -- saves and attacks; fight.add loads it again) and whether the file
  -- exists.
  local function monster_stat(id)
    local mod = rules.find_monster(id)
    if mod == nil then return nil, false end
    local ok, v = pcall(require, mod)
    if ok then return type(v) == "table" and v or nil, true end
    if tostring(v):find("not found", 1, true) then return nil, false end
    return nil, true -- a broken file: fight.add reports it
  end

  local OVERRIDES = { "hp", "max_hp", "ac", "init", "name", "level", "player" }

  -- known_stat returns the stat block of a kind already in the fight: the
  -- one creatures called id (or numbered from it) were added with.
  local function known_stat(id)
    if T.S == nil or T.S.ended then return nil end
    for _, c in ipairs(all()) do
      local m = T.S.meta[c]
      if m and type(m.stat) == "table" and (m.base == id or c:get("id") == id) then return m.stat end
    end
    return nil
  end

  -- M.add adds creatures: what is a monster id (a monsters/<system>/<id>.lua
  -- file, or a kind already in the fight) or a stat block; opts: count,
  -- side (default "foes", "party" for a player's stat block), id, player and
  -- stat-block overrides (hp, ac, init, name, ...). Starts a fight when none is
  -- going on. Returns {creatures = {handles}, text}.
  function M.add(what, opts)
    opts = opts or {}
    local stat = what
    if type(what) == "string" then
      local found
      stat, found = monster_stat(what)
      if not found then
        stat = known_stat(what)
        if not stat then
          local sys = rules.system()
          fail("no_monster", what, sys, sys, what)
        end
        if opts.id == nil then
          -- "add boss" again: boss1, not goblin3
          local copy = {}
          for k, v in pairs(opts) do copy[k] = v end
          copy.id = what
          opts = copy
        end
        what = stat
      end
    elseif type(what) ~= "table" then
      error("add: a monster id or a stat block expected, got " .. type(what), 2)
    end
    if T.S == nil or T.S.ended then
      if T.S == nil and #all() > 0 then
        need_fight()
      else
        fight.table()
        T.S = fresh()
      end
    end
    local base = opts.id or (stat and (stat.id or stat.name)) or what
    if type(base) ~= "string" then base = type(what) == "string" and what or "creature" end
    local count = tonumber(opts.count) or 1
    if count < 1 or count ~= math.floor(count) then fail("bad_count", tostring(opts.count)) end
    -- ids: base alone, or numbered after the ones of that base in the fight
    -- (add goblin x2, then add goblin: goblin3)
    local used, top = false, 0
    for _, x in ipairs(all()) do
      local id = x:get("id")
      local n = id:sub(1, #base) == base and id:sub(#base + 1):match("^%d+$")
      if id == base then used = true end
      if n then
        used = true
        top = math.max(top, tonumber(n))
      end
    end
    local fopts = { side = opts.side, count = 1 }
    for _, k in ipairs(OVERRIDES) do
      if opts[k] ~= nil then fopts[k] = opts[k] end
    end
    if fopts.side == nil then
      local player = opts.player
      if player == nil and stat then player = stat.player end
      fopts.side = player and "party" or "foes"
    end
    local list, names = {}, {}
    for k = 1, count do
      fopts.id = (count == 1 and not used) and base or (base .. (top + k))
      local c = fight.add(what, fopts)[1]
      local id = c:get("id")
      local index = id ~= base and id:sub(1, #base) == base and tonumber(id:sub(#base + 1)) or nil
      T.S.meta[c] = { stat = stat, name = opts.name or (stat and stat.name), base = base, index = index }
      list[k] = c
    end
    for k, c in ipairs(list) do names[k] = M.name(c) end
    local c = list[1]
    local text = say("added", enum(names), side_word(c:get("side")), c:get("max_hp"), c:get("ac"))
    if T.S.began then text = text .. say("joins") end
    return { creatures = list, text = text }
  end

  -- turn_line says whose turn it is.
  local function turn_line()
    local now = {}
    for i, c in ipairs(fight.turn()) do now[i] = M.name(c) end
    return say("turn", fight.round(), enum(now))
  end

  -- conditions_text lists c's conditions (levels, and the round a timed one
  -- lasts to).
  local function conditions_text(c, empty)
    local seen, parts = {}, {}
    local due = {}
    for _, t in ipairs(T.S and T.S.timed or {}) do
      -- string keys: a large integer key would make Lua allocate an array
      if t.c == c then due["h" .. t.handle] = t.due end
    end
    for _, inst in ipairs(c:conditions()) do
      if not seen[inst.name] then
        seen[inst.name] = true
        local text = M.label("condition", inst.name)
        local level = c:level(inst.name)
        if level > 1 then text = text .. " " .. level end
        local d = inst.duration and due["h" .. inst.duration]
        if d then text = say("cond_until", text, d) end
        parts[#parts + 1] = text
      end
    end
    if #parts == 0 then return empty or "-" end
    return enum(parts)
  end

  -- M.order returns the creatures in initiative order (in the order they
  -- were added before initiative): {{c, id, name, side, count, hp, max_hp,
  -- temp_hp, state, conditions, turn}...}.
  function M.order()
    need_fight()
    local now = {}
    for _, c in ipairs(fight.turn()) do now[c] = true end
    local rows = {}
    for _, r in ipairs(fight.order()) do
      local c = fight.get(r.id)
      rows[#rows + 1] = { c = c, id = r.id, name = full_name(c), side = r.side, count = r.count, hp = c:get("hp"),
        max_hp = c:get("max_hp"), temp_hp = c:get("temp_hp"), state = state(c), conditions = conditions_text(c),
        turn = now[c] == true }
    end
    return rows
  end

  -- M.show returns the order as an aligned table, with the round (or a note
  -- that initiative is not rolled yet) above it.
  function M.show()
    local rows = M.order()
    local cells = {}
    for i, r in ipairs(rows) do
      local hp = r.hp .. "/" .. r.max_hp
      if r.state then hp = hp .. " " .. state_word(r.state) end
      cells[i] = { r.turn and "*" or "", r.count and tostring(r.count) or "-", r.id, r.name, side_word(r.side), hp,
        tostring(r.temp_hp), r.conditions }
    end
    local head = { "" }
    for _, h in ipairs(lang() == "zh" and MSG.cols[2] or MSG.cols[1]) do head[#head + 1] = h end
    local title = T.S.began and say("round", fight.round()) or say("not_rolled")
    return { rows = rows, text = title .. "\n" .. M.grid(head, cells, { [2] = true, [7] = true }) }
  end

  -- M.init rolls initiative and starts round 1; returns {order, text}.
  function M.init()
    local st = need_fight()
    if st.began then fail("began", fight.round()) end
    fight.begin()
    st.began = true
    local shown = M.show()
    return { order = shown.rows, text = shown.text .. "\n" .. turn_line() }
  end

  T.turn_line = turn_line
  T.conditions_text = conditions_text
end
