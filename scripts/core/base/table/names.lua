-- The names a rule system gives conditions, damage types, abilities, actions
-- and skills, in English and Chinese.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")

return function(M, T)
  local lang, say, STATES, state_word = T.lang, T.say, T.STATES, T.state_word

  -- ---- names ----

  -- entries lists the names of a kind: condition (every condition.<id>
  -- definition), damage, ability, action, skill (the system's table.names).
  local function entries(kind)
    if kind == "condition" then
      local out = {}
      for _, n in ipairs(rules.names("condition.")) do
        local d = rules.get(n)
        local id = n:sub(#"condition." + 1)
        local nm = type(d) == "table" and d.name or nil
        if type(nm) == "table" then
          out[#out + 1] = { id = id, en = nm.en, zh = nm.zh }
        else
          out[#out + 1] = { id = id }
        end
      end
      return out
    end
    local t = rules.get("table.names")
    return (type(t) == "table" and t[kind]) or {}
  end

  -- M.lookup returns the id a word names among a kind's names (the id, the
  -- English name in any case, the Chinese name), and the entry; nil when none.
  function M.lookup(kind, word)
    local w = tostring(word)
    local low = w:lower()
    local under = low:gsub("[%s%-]+", "_")
    for _, e in ipairs(entries(kind)) do
      if e.id == w or e.id == low or e.id == under or (e.en and e.en:lower() == low) or (e.zh and e.zh == w) then
        return e.id, e
      end
    end
    return nil
  end

  -- M.label returns how a name of a kind is shown: the id in English, the
  -- Chinese name in Chinese when there is one.
  function M.label(kind, id)
    if lang() == "zh" then
      local _, e = M.lookup(kind, id)
      if e and e.zh then return e.zh end
      if STATES[id] then return state_word(id) end
    end
    return id
  end

  -- resolve returns the id of a word of a kind, accepting any word when the
  -- system names none of that kind; else an error listing the known names.
  local function resolve(kind, word, hint)
    local id = M.lookup(kind, word)
    if id then return id end
    local list = entries(kind)
    if #list == 0 then return word end
    local ids = {}
    for i, e in ipairs(list) do ids[i] = (lang() == "zh" and e.zh) or e.id end
    error(say("unknown", say("kind_" .. kind), tostring(word), table.concat(ids, ", ")) .. (hint or ""), 0)
  end

  T.entries = entries
  T.resolve = resolve
end
