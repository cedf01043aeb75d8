-- The creatures of the table fight: the fight's state, how creatures are
-- named and found, what became of them.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local fight = require("fight")
local dice = require("dice")
local creature = require("creature")

return function(M, T)
  local lang, say, fail, side_word, enum = T.lang, T.say, T.fail, T.side_word, T.enum

  -- T.S is the state of the table fight: nil before the first add, ended after end.
  -- meta: per creature handle {stat, name, base, index}; timed: conditions
  -- with a duration {c, name, handle, due}.
  T.S = nil

  local function fresh()
    return { meta = {}, timed = {}, handles = 0, began = false, ended = false }
  end

  -- ---- creatures ----

  local function all()
    local ok, list = pcall(fight.all)
    if ok then return list end
    return {}
  end

  -- need_fight returns the state of the fight being played; a fight started
  -- from Lua (fight.table()) is adopted.
  local function need_fight()
    if T.S and not T.S.ended then return T.S end
    if T.S == nil and #all() > 0 then
      T.S = fresh()
      T.S.began = #fight.turn() > 0 -- initiative rolled: someone's turn
      return T.S
    end
    fail("no_fight")
  end

  local function meta(c)
    return (T.S and T.S.meta[c]) or {}
  end

  -- raw_zh is a creature's Chinese name with its id's number (哥布林戰士1),
  -- or nil when its stat block has no Chinese name.
  local function raw_zh(c)
    local m = meta(c)
    if type(m.name) == "table" and m.name.zh then
      return m.name.zh .. (m.index and tostring(m.index) or "")
    end
    return nil
  end

  -- zh_name is how c is called in Chinese: raw_zh, or with the id in
  -- brackets when another creature would have the same name; nil when its
  -- stat block has no Chinese name.
  local function zh_name(c)
    local name = raw_zh(c)
    if name == nil then return nil end
    for _, x in ipairs(all()) do
      if x ~= c and raw_zh(x) == name then
        return meta(c).name.zh .. "（" .. c:get("id") .. "）"
      end
    end
    return name
  end

  -- M.name returns how creature c is called in messages: its id, or in
  -- Chinese its stat block's Chinese name with the id's number.
  function M.name(c)
    if lang() == "zh" then return zh_name(c) or c:get("id") end
    return c:get("id")
  end

  -- full_name is the stat block's name in the session's language.
  local function full_name(c)
    local nm = meta(c).name
    if type(nm) == "table" then
      return (lang() == "zh" and nm.zh) or nm.en or nm.zh or c:get("name")
    end
    return c:get("name")
  end

  -- ids lists the creatures of the fight as they can be named: their ids,
  -- in Chinese with their Chinese names.
  local function ids()
    local out = {}
    for i, c in ipairs(all()) do
      local id, shown = c:get("id"), M.name(c)
      out[i] = shown:find(id, 1, true) and shown or (shown .. "（" .. id .. "）")
    end
    if #out == 0 then return say("none") end
    return enum(out)
  end

  -- M.find returns the creature a reference names: a handle, its id (in any
  -- case) or its Chinese name as shown (哥布林戰士1). Else an error listing
  -- the creatures.
  function M.find(ref)
    need_fight()
    if creature.is(ref) then return ref end
    local w = tostring(ref)
    local list = all()
    for _, c in ipairs(list) do
      if c:get("id") == w then return c end
    end
    local low = w:lower()
    for _, c in ipairs(list) do
      if c:get("id"):lower() == low then return c end
    end
    for _, c in ipairs(list) do
      if zh_name(c) == w then return c end
    end
    fail("no_creature", w, ids())
  end

  local function hp_text(c)
    return say("hp_now", M.name(c), c:get("hp"), c:get("max_hp"))
  end

  -- state returns a creature's state in the fight: nil (in it), dead,
  -- dying, stable or fled.
  local function state(c)
    local i = fight.info(c)
    if i.dead then return "dead" end
    if i.fled then return "fled" end
    if i.out then return i.stable and "stable" or "dying" end
    return nil
  end

  -- down_text says what happened to a creature that was in the fight and
  -- now is not (nil when it is still in).
  local function down_text(c)
    local s = state(c)
    if s == nil then return nil end
    if s == "dead" then return say("dies", M.name(c)) end
    if s == "dying" then return say("dying", M.name(c)) end
    return say("out", M.name(c))
  end

  -- wiped_text says so when the last creature of c's side is down.
  local function wiped_text(c)
    local side = c:get("side")
    for _, x in ipairs(all()) do
      if x:get("side") == side and not fight.is(x, "out") then return nil end
    end
    return say("wiped", side_word(side))
  end

  -- fate adds to lines what became of c, whose state was was (nil: in
  -- the fight): down, dead, out; and a side with nobody left standing.
  local function fate(c, was, lines)
    local is = state(c)
    if is == was then return end
    if was == nil then
      lines[#lines + 1] = down_text(c)
      lines[#lines + 1] = wiped_text(c)
    elseif is == "dead" then
      lines[#lines + 1] = say("dies", M.name(c))
    end
  end

  local function join(lines)
    local out = {}
    for _, l in ipairs(lines) do
      if l and l ~= "" then out[#out + 1] = l end
    end
    return table.concat(out, "\n")
  end

  -- amount reads a number or rolls dice; returns the total and the roll's
  -- text (nil for a number).
  local function amount(what, v)
    local n = tonumber(v)
    if n then
      if n ~= math.floor(n) or n < 0 then fail("bad_amount", what, tostring(v)) end
      return n, nil
    end
    if type(v) == "string" and dice.valid(v) then
      local r = dice.roll(v)
      return math.max(0, r.total), r.text
    end
    fail("bad_amount", what, tostring(v))
  end

  T.fresh = fresh
  T.all = all
  T.need_fight = need_fight
  T.meta = meta
  T.full_name = full_name
  T.ids = ids
  T.hp_text = hp_text
  T.state = state
  T.fate = fate
  T.join = join
  T.amount = amount
end
