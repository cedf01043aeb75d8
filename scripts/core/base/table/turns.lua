-- next and end: the turn order and the end of the fight.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local fight = require("fight")

return function(M, T)
  local say, fail, side_word, enum, all, need_fight = T.say, T.fail, T.side_word, T.enum, T.all, T.need_fight
  local state, join, turn_line, expire = T.state, T.join, T.turn_line, T.expire

  -- ---- next, end ----

  -- M.next ends the turn and starts the next one, skipping the dead and
  -- the fled; it expires the conditions that end and reports the dying
  -- creatures' death saves. Returns {creatures = {handles}, expired, text}.
  function M.next()
    local st = need_fight()
    if not st.began then fail("not_begun") end
    local before = {}
    for _, c in ipairs(all()) do before[c] = state(c) end
    local lines, expired, started = {}, {}, {}
    local now
    for _ = 1, #all() + 1 do
      now = fight.next()
      local set = {}
      for _, c in ipairs(now) do
        set[c] = true
        started[#started + 1] = c
      end
      for _, l in ipairs(expire(set)) do expired[#expired + 1] = l end
      local live = false
      for _, c in ipairs(now) do
        if not fight.is(c, "dead") and not fight.is(c, "fled") then live = true end
      end
      if live then break end
    end
    lines[1] = turn_line()
    for _, l in ipairs(expired) do lines[#lines + 1] = l end
    -- the death saves rolled at the start of the turns passed
    for _, c in ipairs(started) do
      local was, is = before[c], state(c)
      if was == "dying" then
        before[c] = is
        if is == "dead" then
          lines[#lines + 1] = say("dies", M.name(c))
        elseif is == "stable" then
          lines[#lines + 1] = say("stable", M.name(c))
        elseif is == nil then
          lines[#lines + 1] = say("revived", M.name(c))
        else
          lines[#lines + 1] = say("dying_still", M.name(c))
        end
      end
    end
    return { creatures = now, expired = expired, text = join(lines) }
  end

  -- M.finish ends the fight: a summary by side; the next add starts a new
  -- fight. Returns {rounds, text}.
  function M.finish()
    local st = need_fight()
    local lines = { st.began and say("ended", fight.round()) or say("ended0") }
    local sides, by = {}, {}
    for _, c in ipairs(all()) do
      local s = c:get("side")
      if not by[s] then
        by[s] = {}
        sides[#sides + 1] = s
      end
      if not fight.is(c, "out") then
        local list = by[s]
        list[#list + 1] = string.format("%s %d/%d", M.name(c), c:get("hp"), c:get("max_hp"))
      end
    end
    for _, s in ipairs(sides) do
      if #by[s] > 0 then
        lines[#lines + 1] = say("standing", side_word(s), enum(by[s]))
      else
        lines[#lines + 1] = say("all_down", side_word(s))
      end
    end
    local rounds = st.began and fight.round() or 0
    st.ended = true
    return { rounds = rounds, text = table.concat(lines, "\n") }
  end
  M["end"] = M.finish
end
