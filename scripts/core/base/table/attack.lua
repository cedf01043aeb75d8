-- attack: an attack through the fight pipeline.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local fight = require("fight")

return function(M, T)
  local lang, say, fail, enum, meta, hp_text = T.lang, T.say, T.fail, T.enum, T.meta, T.hp_text
  local state, fate, join = T.state, T.fate, T.join

  -- ---- attack ----

  -- pick_attack returns the name of c's attack called name (any case, or
  -- its Chinese name `zh` in the stat block), or its first attack.
  local function pick_attack(c, name)
    local list = fight.attacks(c)
    if #list == 0 then fail("no_attacks", M.name(c)) end
    local stat = meta(c).stat
    local function zh_of(n)
      for _, a in ipairs(type(stat) == "table" and type(stat.attacks) == "table" and stat.attacks or {}) do
        if type(a) == "table" and a.name == n then return a.zh, a.type end
      end
      return nil, nil
    end
    if name == nil then return list[1], zh_of(list[1]) end
    local low = tostring(name):lower()
    for _, n in ipairs(list) do
      local zh, typ = zh_of(n)
      if n:lower() == low or zh == name then return n, zh, typ end
    end
    local shown = {}
    for i, n in ipairs(list) do shown[i] = (lang() == "zh" and zh_of(n)) or n end
    fail("no_attack", M.name(c), tostring(name), enum(shown))
  end

  local function adv_level(opts)
    return (opts.adv and 1 or 0) - (opts.dis and 1 or 0)
  end

  -- M.attack makes an attack of a against b through the fight pipeline;
  -- opts: with (the attack's name; default the first), adv, dis. Returns
  -- fight.strike's {hit, crit, natural, total, damage} with taken (hit
  -- points and temporary ones b lost) and text.
  function M.attack(a, b, opts)
    opts = opts or {}
    local x, t = M.find(a), M.find(b)
    if fight.is(x, "dead") then fail("dead_actor", M.name(x)) end
    if fight.is(x, "out") then fail("down_actor", M.name(x)) end
    if fight.is(t, "dead") then fail("dead_target", M.name(t)) end
    local name, zh, typ = pick_attack(x, opts.with)
    local adv = adv_level(opts)
    local hp0, temp0, was = t:get("hp"), t:get("temp_hp"), state(t)
    local needed = nil
    local comb = rules.get("combat")
    if type(comb) == "table" and type(comb.attack) == "table" and type(comb.attack.needed) == "function" then
      needed = comb.attack.needed(x, t)
    end
    local r = fight.strike(x, t, name, { adv = adv })
    r.taken = (hp0 - t:get("hp")) + (temp0 - t:get("temp_hp"))
    local roll = string.format("%d + %d = %d", r.natural, r.total - r.natural, r.total)
    if r.total - r.natural < 0 then roll = string.format("%d - %d = %d", r.natural, r.natural - r.total, r.total) end
    local vs = needed and say("needs", needed) or say("ac", t:get("ac"))
    local dtype = (typ and typ ~= "") and say("typed_damage", M.label("damage", typ)) or say("damage_word")
    local outcome
    if r.hit then
      outcome = say(r.crit and "crit" or "hit", r.damage, dtype)
      if r.taken ~= r.damage and t:get("hp") > 0 then outcome = outcome .. say("takes", r.taken) end
    else
      outcome = say(r.natural == 1 and "miss1" or "miss")
    end
    local shown_name = (lang() == "zh" and zh) or name
    local mode = (adv > 0 and say("with_adv")) or (adv < 0 and say("with_dis")) or ""
    local line
    if lang() == "zh" then
      line = say("attack", M.name(x), shown_name, mode, M.name(t), roll, vs, outcome)
    else
      line = say("attack", M.name(x), M.name(t), shown_name, mode, roll, vs, outcome)
    end
    local lines = { line }
    if r.hit then lines[#lines + 1] = hp_text(t) end
    fate(t, was, lines)
    r.attack = name
    r.text = join(lines)
    return r
  end

  T.adv_level = adv_level
end
