-- add, init, order and show: creatures join the fight (monsters by id or
-- name, ready-made characters, players described on the command line),
-- initiative is rolled or entered, the order is shown; monsters lists the
-- monsters one can add.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local fight = require("fight")
local text = require("text")
local dice = require("dice")

return function(M, T)
  local lang, MSG, say, fail, state_word, side_word = T.lang, T.MSG, T.say, T.fail, T.state_word, T.side_word
  local enum, fresh, all, need_fight, full_name, state = T.enum, T.fresh, T.all, T.need_fight, T.full_name, T.state

  -- ---- what can be added ----

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

  -- M.monsters lists the rule system's monsters and those of the systems
  -- it extends (rules.lineage, the most specific first; an id once):
  -- {{id, en, zh, cr, hp, ac, imported}...} (rules.monsters: the
  -- hand-written ones, then the imported ones, which are not loaded).
  function M.monsters()
    local out, seen = {}, {}
    for _, sys in ipairs(rules.lineage()) do
      if sys ~= "base" then
        for _, m in ipairs(rules.monsters(sys)) do
          if not seen[m.id] then
            seen[m.id] = true
            out[#out + 1] = m
          end
        end
      end
    end
    return out
  end

  -- named says whether name is word: English in any case, Chinese in
  -- either script.
  local function named(name, word, low)
    return name ~= nil and (name:lower() == low or text.same(name, word))
  end

  -- monster_named returns the id of the monster whose English name (any
  -- case) or Chinese name (either script) is word, or nil; failing that,
  -- the one that has word among its aka (a hand-written goblin, "Goblin
  -- Warrior", is also the imported "Goblin", 地精).
  local function monster_named(word)
    local low = word:lower()
    local all_monsters = M.monsters()
    for _, m in ipairs(all_monsters) do
      if named(m.en, word, low) or named(m.zh, word, low) then return m.id end
    end
    for _, m in ipairs(all_monsters) do
      for _, n in ipairs(m.aka or {}) do
        if named(n, word, low) then return m.id end
      end
    end
    return nil
  end

  -- pregens returns the system's ready-made characters: its "table.pregens"
  -- definition {names = {{id, en, zh}...}, make = function(id, opts)}, or nil.
  local function pregens()
    local p = rules.get("table.pregens")
    if type(p) == "table" and type(p.make) == "function" then return p end
    return nil
  end

  local function pregen_named(word)
    local p = pregens()
    if not p then return nil end
    local low = word:lower()
    for _, e in ipairs(p.names or {}) do
      if e.id == low or named(e.en, word, low) or named(e.zh, word, low) then return e.id end
    end
    return nil
  end

  -- suggestion says what the user may have meant by an unknown monster.
  local function suggestion(word)
    local cands, back = {}, {}
    local function cand(s, id)
      if s then
        cands[#cands + 1] = s
        back[s] = id
      end
    end
    for _, m in ipairs(M.monsters()) do
      cand(m.id, m.id)
      cand(m.en, m.id)
      cand(m.zh, m.id)
    end
    for _, e in ipairs((pregens() or {}).names or {}) do
      cand(e.id, e.id)
      cand(e.en, e.id)
    end
    local best = text.nearest(word, cands)
    if best then return say("did_you_mean", back[best]) end
    return ""
  end

  local OVERRIDES = { "hp", "max_hp", "ac", "init", "name", "level", "player", "group" }

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

  -- M.parse_attack reads an attack written as at the table: "[NAME] +B
  -- DICE [TYPE]" ("Longsword +5 1d8+3 slashing"; the name defaults to
  -- "Attack"), with "ranged" or "reach N" after it. Returns the stat
  -- block's attack entry, or nil and what is wrong.
  function M.parse_attack(s)
    local words = {}
    for w in tostring(s):gmatch("%S+") do words[#words + 1] = w end
    local i, name = 1, {}
    while words[i] and not words[i]:match("^[+-]%d+$") do
      name[#name + 1] = words[i]
      i = i + 1
    end
    local bonus = words[i] and tonumber(words[i])
    if not bonus then return nil, say("attack_spec", tostring(s)) end
    local dmg = words[i + 1]
    if not dmg or not dice.valid(dmg) then return nil, say("attack_spec", tostring(s)) end
    local a = { name = #name > 0 and table.concat(name, " ") or "Attack", bonus = bonus, damage = dmg }
    i = i + 2
    while words[i] do
      local w = words[i]:lower()
      if w == "ranged" then
        a.ranged = true
      elseif w == "reach" and tonumber(words[i + 1]) then
        a.reach = tonumber(words[i + 1])
        i = i + 1
      elseif a.type == nil then
        a.type = T.resolve("damage", words[i])
      else
        return nil, say("attack_spec", tostring(s))
      end
      i = i + 1
    end
    return a
  end

  -- player_stat builds a player's stat block from the command line's
  -- flags: hp, ac and attacks (--attack "NAME +B DICE TYPE", several joined
  -- with ";"), and optionally speed, abilities ("str 16 dex 12") and saves
  -- (their modifiers as printed: "dex +5 wis +2").
  local function player_stat(id, opts)
    local missing = {}
    if not opts.hp then missing[#missing + 1] = "--hp" end
    if not opts.ac then missing[#missing + 1] = "--ac" end
    if not opts.attack then missing[#missing + 1] = "--attack" end
    if #missing > 0 then fail("player_needs", id, table.concat(missing, ", ")) end
    local attacks = {}
    for part in tostring(opts.attack):gmatch("[^;]+") do
      local a, err = M.parse_attack(part)
      if not a then error(err, 0) end
      attacks[#attacks + 1] = a
    end
    -- ability scores: 10 (no modifier) in each ability the system names,
    -- unless --abilities gives them; --saves gives save modifiers as printed
    local abilities = {}
    for _, e in ipairs(T.entries("ability")) do abilities[e.id] = 10 end
    if opts.abilities then
      for ab, n in T.digits(tostring(opts.abilities)):gmatch("(%a+)%s*[:=]?%s*(%d+)") do
        abilities[T.resolve("ability", ab)] = tonumber(n)
      end
    end
    local saves
    if opts.saves then
      saves = {}
      for ab, n in T.digits(tostring(opts.saves)):gmatch("(%a+)%s*[:=]?%s*([+-]?%d+)") do
        saves[T.resolve("ability", ab)] = tonumber(n)
      end
    end
    return { id = id, name = opts.name or id, hp = opts.hp, ac = opts.ac, init = opts.init or 0, player = true,
      speed = opts.speed and { walk = opts.speed } or nil, attacks = attacks,
      abilities = next(abilities) and abilities or nil, saves = saves }
  end

  -- T.need_fight_or_start returns the fight being played, starting one
  -- when none is (the first add, a map before any creature).
  function T.need_fight_or_start()
    if T.S == nil or T.S.ended then
      if T.S == nil and #all() > 0 then
        return need_fight()
      end
      fight.table()
      T.S = fresh()
    end
    return T.S
  end

  -- ---- add ----

  -- M.add adds creatures. what is a stat block, or a word: a monster id (a
  -- monsters/<system>/<id>.lua file), a kind already in the fight, a
  -- ready-made character of the system (table.pregens: "fighter"), a
  -- monster's English or Chinese name, or with opts.player the name of a
  -- new player described by opts.hp, opts.ac and opts.attack. opts: count,
  -- side (default "foes", "party" for a player), id, name (a name the
  -- creature answers to), group (the creatures share one initiative roll),
  -- level, player and stat-block overrides (hp, ac, init, ...). Monsters
  -- are numbered from the first (goblin1, goblin2); a player, or one
  -- creature given an --id, keeps its name. Starts a fight when none is
  -- going on. Returns {creatures = {handles}, text}.
  function M.add(what, opts)
    opts = opts or {}
    local stat = what
    local player_new = false
    if type(what) == "string" then
      what = T.digits(what)
      local found
      stat, found = monster_stat(what)
      if not found then
        stat = known_stat(what)
        if stat then
          if opts.id == nil then
            -- "add boss" again: boss1, not goblin3
            local copy = {}
            for k, v in pairs(opts) do copy[k] = v end
            copy.id, copy.again = what, true
            opts = copy
          end
        else
          local id = pregen_named(what)
          if id then
            stat = pregens().make(id, { level = opts.level, id = opts.id, hp = opts.hp, ac = opts.ac })
          else
            id = monster_named(what)
            if id then
              what = id
              stat = monster_stat(id)
            elseif opts.player then
              stat = player_stat(opts.id or what, opts)
              player_new = true
            else
              local sys = rules.system()
              fail("no_monster", what, sys, suggestion(what))
            end
          end
        end
        if type(what) == "string" and stat and not monster_stat(what) then what = stat end
      end
    elseif type(what) ~= "table" then
      error("add: a monster id or a stat block expected, got " .. type(what), 2)
    end
    T.need_fight_or_start()
    local base = opts.id or (stat and stat.id) or (type(what) == "string" and what)
    if type(base) ~= "string" then base = (stat and type(stat.name) == "string" and stat.name) or "creature" end
    local count = tonumber(opts.count) or 1
    if count < 1 or count ~= math.floor(count) then fail("bad_count", tostring(opts.count)) end
    local player = opts.player
    if player == nil and stat then player = stat.player end
    -- ids: monsters are numbered from the first, after the ones of that
    -- base in the fight (add goblin x2, then add goblin: goblin3); a
    -- player or one creature with an --id keeps the name when it is free
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
    local plain = count == 1 and not used and (player or opts.id ~= nil)
    local fopts = { side = opts.side, count = 1 }
    for _, k in ipairs(OVERRIDES) do
      if opts[k] ~= nil then fopts[k] = opts[k] end
    end
    if player_new then
      fopts.hp, fopts.ac, fopts.init, fopts.name = nil, nil, nil, nil
    end
    if type(opts.name) ~= "string" then fopts.name = nil end
    if fopts.side == nil then fopts.side = player and "party" or "foes" end
    if opts.group then fopts.group = base end
    local list, names = {}, {}
    for k = 1, count do
      fopts.id = plain and base or (base .. (top + k))
      local c = fight.add(what, fopts)[1]
      if opts.speed then c:set("speed", { walk = tonumber(opts.speed) }) end
      local id = c:get("id")
      local index = id ~= base and id:sub(1, #base) == base and tonumber(id:sub(#base + 1)) or nil
      -- the name the game master gave it (--name, or the --id of one
      -- creature), shown in either language
      local given = type(opts.name) == "string" and opts.name or nil
      if given == nil and plain and opts.id and not opts.again then given = opts.id end
      T.S.meta[c] = { stat = stat, name = opts.name or (stat and stat.name), base = base, index = index, given = given }
      list[k] = c
    end
    for k, c in ipairs(list) do names[k] = M.name(c) end
    local c = list[1]
    local line = say("added", enum(names), side_word(c:get("side")), c:get("max_hp"), c:get("ac"))
    if opts.group and count > 1 then line = line .. say("grouped") end
    if T.S.began then line = line .. say("joins") end
    local lines = { line }
    if fight.map() then
      for _, x in ipairs(list) do lines[#lines + 1] = T.auto_place(x) end
    end
    return { creatures = list, text = T.join(lines) }
  end

  -- ---- init, order ----

  -- turn_line says whose turn it is.
  local function turn_line()
    local now = {}
    for _, c in ipairs(fight.turn()) do
      if not fight.is(c, "dead") and not fight.is(c, "fled") then now[#now + 1] = M.name(c) end
    end
    return say("turn", fight.round(), enum(now))
  end

  -- conditions_text lists c's conditions (levels, and when a timed one ends).
  local function conditions_text(c, empty)
    local seen, parts = {}, {}
    for _, inst in ipairs(c:conditions()) do
      if not seen[inst.name] then
        seen[inst.name] = true
        local t = M.label("condition", inst.name)
        local level = c:level(inst.name)
        if level > 1 then t = t .. " " .. level end
        local until_text = T.until_text and T.until_text(c, inst, true)
        if until_text then t = say("cond_until", t, until_text) end
        parts[#parts + 1] = t
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
    local order = fight.order()
    if #order == 0 then
      -- before initiative, or a phase with no order (surprise segments): as added
      for _, c in ipairs(all()) do
        local i = fight.info(c)
        order[#order + 1] = { id = i.id, side = i.side }
      end
    end
    for _, r in ipairs(order) do
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
    local entered = T.S.entered or {}
    for i, r in ipairs(rows) do
      local hp = r.hp .. "/" .. r.max_hp
      if r.state then hp = hp .. " " .. state_word(r.state) end
      local count = r.count and tostring(r.count) or (entered[r.c] and tostring(entered[r.c])) or "-"
      cells[i] = { r.turn and "*" or "", count, r.id, r.name, side_word(r.side), hp, tostring(r.temp_hp), r.conditions }
    end
    local head = { "" }
    for _, h in ipairs(lang() == "zh" and MSG.cols[2] or MSG.cols[1]) do head[#head + 1] = h end
    local title = T.S.began and say("round", fight.round()) or say("not_rolled")
    return { rows = rows, text = title .. "\n" .. M.grid(head, cells, { [2] = true, [7] = true }) }
  end

  -- M.init rolls initiative and starts round 1 (the creatures given a count
  -- with M.set_init keep it); returns {order, text}.
  function M.init()
    local st = need_fight()
    if st.began then fail("began", fight.round()) end
    fight.begin()
    st.began = true
    if T.start_pending then T.start_pending() end
    local shown = M.show()
    return { order = shown.rows, text = shown.text .. "\n" .. turn_line() }
  end

  -- M.set_init gives creature a the initiative count n (a player's own
  -- roll): before init it is kept when init rolls the others; after it, a
  -- takes that count at once. Returns {text}.
  function M.set_init(a, n)
    local st = need_fight()
    local c = M.find(a)
    local count = tonumber(T.digits(tostring(n)))
    if not count or count ~= math.floor(count) then fail("bad_init", tostring(n)) end
    fight.set_initiative(c, count)
    st.entered = st.entered or {}
    st.entered[c] = count
    return { text = say("init_set", M.name(c), count) }
  end

  -- M.monster_list words the system's monsters for the monsters command;
  -- word filters them (a part of an id or a name).
  function M.monster_list(word)
    local cells = {}
    local low = word and word:lower()
    for _, m in ipairs(M.monsters()) do
      local shown = (lang() == "zh" and m.zh) or m.en or m.id
      if not low or m.id:find(low, 1, true) or (m.en and m.en:lower():find(low, 1, true))
          or (m.zh and m.zh:find(word, 1, true)) then
        cells[#cells + 1] = { m.id, shown or "", tostring(m.cr or "-"), tostring(m.hp or "-"), tostring(m.ac or "-") }
      end
    end
    for _, e in ipairs((pregens() or {}).names or {}) do
      if not low or e.id:find(low, 1, true) then
        cells[#cells + 1] = { e.id, (lang() == "zh" and e.zh) or e.en or e.id, say("pregen"), "", "" }
      end
    end
    if #cells == 0 then return { text = say("no_monsters", word or "", rules.system()) } end
    local head = lang() == "zh" and MSG.monster_cols[2] or MSG.monster_cols[1]
    return { text = M.grid(head, cells, { [4] = true, [5] = true }) }
  end

  T.monster_named = monster_named
  T.monster_suggestion = suggestion
  T.turn_line = turn_line
  T.conditions_text = conditions_text
end
