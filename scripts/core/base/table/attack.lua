-- attack: an attack through the fight pipeline, worded with every rule the
-- fight applied (the kernel's reasons, see explain.lua).
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local fight = require("fight")

return function(M, T)
  local lang, say, fail, enum, meta, hp_text = T.lang, T.say, T.fail, T.enum, T.meta, T.hp_text
  local state, fate, join, dice_text = T.state, T.fate, T.join, T.dice_text

  -- ---- attack ----

  -- zh_of returns the Chinese name and damage type a stat block gives attack n.
  local function zh_of(c, n)
    local stat = meta(c).stat
    for _, a in ipairs(type(stat) == "table" and type(stat.attacks) == "table" and stat.attacks or {}) do
      if type(a) == "table" and a.name == n then
        local zh = a.zh or (type(a.names) == "table" and a.names.zh) or nil
        return zh, a.type
      end
    end
    return nil, nil
  end

  -- M.attack_name returns how attack n of c is shown: its Chinese name in
  -- Chinese when the stat block gives one.
  function M.attack_name(c, n)
    if lang() == "zh" then return zh_of(c, n) or n end
    return n
  end

  -- pick_attack returns the name of c's attack called name (any case, or
  -- its Chinese name `zh` in the stat block), or its first attack.
  local function pick_attack(c, name)
    local list = fight.attacks(c)
    if #list == 0 then fail("no_attacks", M.name(c)) end
    if name == nil then return list[1], zh_of(c, list[1]) end
    local low = tostring(name):lower()
    for _, n in ipairs(list) do
      local zh, typ = zh_of(c, n)
      if n:lower() == low or (zh ~= nil and T.same_zh(zh, name)) then return n, zh, typ end
    end
    local shown = {}
    for i, n in ipairs(list) do shown[i] = M.attack_name(c, n) end
    fail("no_attack", M.name(c), tostring(name), enum(shown))
  end
  T.pick_attack = pick_attack

  local function adv_level(opts)
    return (opts.adv and 1 or 0) - (opts.dis and 1 or 0)
  end

  -- snapshot lists the ids of c's condition instances.
  local function snapshot(c)
    local ids = {}
    for _, inst in ipairs(c:conditions()) do ids[inst.id] = true end
    return ids
  end

  -- What dropping or dying adds is said by the lines on the creature's fate.
  local FATE = { dying = true, dead = true, stable = true, death_success = true, death_failure = true }
  local FATE_SOURCE = { down = true, ["0 hp"] = true, revived = true }

  -- gained words the conditions c has that it had not before (the ids in
  -- had): "goblin1 is now grappled (bugbear1's Grab)".
  local function gained(c, had, x, attack, lines)
    local seen = {}
    local xid = x:get("id")
    for _, inst in ipairs(c:conditions()) do
      if not had[inst.id] and not FATE[inst.name] and not FATE_SOURCE[inst.source or ""] and not seen[inst.name] then
        seen[inst.name] = true
        local src = inst.source or ""
        local by = ""
        if src == xid or src:sub(-#xid - 1) == ":" .. xid then
          by = say("by_attack", M.name(x), M.attack_name(x, attack))
        elseif src ~= "" and fight.get(src) then
          by = say("by_source", M.name(fight.get(src)))
        end
        lines[#lines + 1] = say("now_has", M.name(c), M.label("condition", inst.name), by)
      end
    end
  end

  -- outcome words a finished attack's result.
  local function outcome(r, why, dtype, t)
    if not r.hit then
      if r.natural == 1 then return say("miss1") end
      return say("miss")
    end
    local text
    if r.crit then
      local cause = why.crit
      if not cause and r.roll and r.roll.crit then cause = say("natural", r.natural) end
      text = cause and say("crit", cause, r.damage, dtype) or say("crit_plain", r.damage, dtype)
    else
      text = say("hit", r.damage, dtype)
    end
    if r.taken ~= r.damage and t:get("hp") > 0 then text = text .. say("takes", r.taken) end
    return text
  end

  -- M.strike_line words one resolved attack: r is fight.strike's (or
  -- fight.strikes') record with attacker, target and attack; opts.adv is
  -- the level the command line added.
  function M.strike_line(r, opts)
    opts = opts or {}
    local x, t, name = r.attacker, r.target, r.attack
    local zh, typ = zh_of(x, name)
    local shown_name = (lang() == "zh" and zh) or name
    local where = M.where(r)
    if where ~= "" then where = say("where", where) end
    if r.refused then return say("refused", M.name(x), M.name(t), shown_name, M.reason(r.refused), where) end
    if not r.rolled then return say("stopped", M.name(x), M.name(t), shown_name) end
    local why = M.explain(r, { adv = opts.adv or 0 })
    r.why = why
    local comb = T.combat()
    local vs = (comb and comb.attack and type(comb.attack.needed) == "function") and say("needs", r.needed)
      or say("ac", r.needed)
    local dtype = (typ and typ ~= "") and say("typed_damage", M.label("damage", typ)) or say("damage_word")
    if r.taken == nil then r.taken = (r.hp_lost or 0) + (r.temp_lost or 0) end
    local roll = dice_text(r.roll)
    local result = outcome(r, why, dtype, t)
    local line
    if lang() == "zh" then
      line = say("attack", M.name(x), shown_name, M.name(t), where, roll, vs, result)
    else
      line = say("attack", M.name(x), M.name(t), shown_name, where, roll, vs, result)
    end
    if why.text ~= "" then line = line .. say("dash") .. why.text end
    return line
  end

  -- T.states returns the state of every creature (nil: in the fight).
  function T.states()
    local out = {}
    for _, c in ipairs(T.all()) do out[c] = state(c) or "in" end
    return out
  end

  -- T.strike_lines words attacks set off by a command (fight.strikes'
  -- records): each line, the target's hit points, what became of it.
  function T.strike_lines(list, before, lines, label)
    for _, n in ipairs(list) do
      local line = M.strike_line(n)
      if label then line = say(label, M.name(n.attacker)) .. line end -- a label may name the attacker
      lines[#lines + 1] = line
      if n.hit then lines[#lines + 1] = hp_text(n.target) end
      local was = before[n.target]
      if was == "in" then was = nil end
      fate(n.target, was, lines)
      before[n.target] = state(n.target) or "in"
    end
  end

  -- strike_one makes one attack of x at t; returns fight.strike's record
  -- with taken and text.
  local function strike_one(x, t, opts)
    if fight.is(t, "dead") then fail("dead_target", M.name(t)) end
    local name = pick_attack(x, opts.with)
    local adv = adv_level(opts)
    local hp0, temp0 = t:get("hp"), t:get("temp_hp")
    local before = T.states()
    local had_t, had_x = snapshot(t), snapshot(x)
    fight.strikes()
    local r = fight.strike(x, t, name, { adv = adv })
    local set_off = fight.strikes()
    set_off[#set_off] = nil -- the last one is this attack
    r.attacker, r.target, r.attack = x, t, name
    r.taken = (hp0 - t:get("hp")) + (temp0 - t:get("temp_hp"))
    if r.refused then error(M.strike_line(r), 0) end
    if r.taken > 0 then T.damaged(t, r.taken) end
    local lines = { M.strike_line(r, { adv = adv }) }
    if r.hit then
      lines[#lines + 1] = hp_text(t)
      gained(t, had_t, x, name, lines)
      if x ~= t then gained(x, had_x, x, name, lines) end
    end
    T.strike_lines(set_off, before, lines, "set_off")
    local was = before[t]
    if was == "in" then was = nil end
    fate(t, was, lines)
    r.text = join(lines)
    return r
  end

  -- M.attack makes an attack of a against b through the fight pipeline;
  -- opts: with (the attack's name; default the first), adv, dis. b may be
  -- a list of creatures (or "b1,b2"): one attack at each, in order. Returns
  -- fight.strike's {hit, crit, natural, total, damage, roll, reasons, ...}
  -- with taken (hit points and temporary ones b lost), why (the reasons
  -- worded) and text; for a list, {results = {...}, text}.
  function M.attack(a, b, opts)
    opts = opts or {}
    local x = M.find(a)
    if fight.is(x, "dead") then fail("dead_actor", M.name(x)) end
    if fight.is(x, "out") then fail("down_actor", M.name(x)) end
    local targets = M.find_list(b)
    if #targets == 1 then return strike_one(x, targets[1], opts) end
    local results, lines = {}, {}
    for i, t in ipairs(targets) do
      if fight.is(x, "out") then break end
      results[i] = strike_one(x, t, opts)
      lines[#lines + 1] = results[i].text
    end
    return { results = results, text = table.concat(lines, "\n") }
  end

  T.adv_level = adv_level
end
