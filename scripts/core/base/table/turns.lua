-- next and end: the turn order and the end of the fight.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local fight = require("fight")
local log = require("log")

return function(M, T)
  local say, fail, side_word, enum, all, need_fight = T.say, T.fail, T.side_word, T.enum, T.all, T.need_fight
  local state, join, turn_line, expire = T.state, T.join, T.turn_line, T.expire

  -- ---- next, end ----

  -- tally words a dying save track: "2 successes, 1 failure".
  local function tally(s, f)
    return say(s == 1 and "tally_s1" or "tally_s", s) .. say("comma") .. say(f == 1 and "tally_f1" or "tally_f", f)
  end

  -- death_save words the dying save c rolled this round (fight.info's
  -- last_save) and logs it; nil when it rolled none.
  local function death_save(c)
    local ls = fight.info(c).last_save
    if not ls or ls.round ~= fight.round() then return nil end
    local roll = tostring(ls.face)
    if ls.total ~= ls.face then
      local m = ls.total - ls.face
      roll = string.format(m < 0 and "%d - %d = %d" or "%d + %d = %d", ls.face, math.abs(m), ls.total)
    end
    log.add("death_save", { who = c:get("id"), round = ls.round, face = ls.face, total = ls.total, outcome = ls.outcome,
      successes = ls.successes, failures = ls.failures })
    local what = say("ds_" .. ls.outcome)
    if ls.outcome == "revive" then return say("death_save", M.name(c), roll, what) end
    return say("death_save", M.name(c), roll, what) .. say("paren", tally(ls.successes, ls.failures))
  end

  -- M.next ends the turn and starts the next one, skipping the dead and
  -- the fled: the saves that end conditions at the end of the turn, the
  -- conditions whose time is up, the dying creatures' death saves (the die
  -- and the tally; each in the journal, :log). Returns {creatures =
  -- {handles}, expired, text}.
  function M.next()
    local st = need_fight()
    if not st.began then fail("not_begun") end
    local before = {}
    for _, c in ipairs(all()) do before[c] = state(c) end
    local ending = {}
    for _, c in ipairs(fight.turn()) do ending[c] = true end
    local saves = T.end_of_turn(ending)
    local lines, expired, started = {}, {}, {}
    local now
    for _ = 1, #all() + 1 do
      local ended
      now, ended = fight.next()
      for _, c in ipairs(now) do started[#started + 1] = c end
      for _, l in ipairs(expire(ended)) do expired[#expired + 1] = l end
      local live = false
      for _, c in ipairs(now) do
        if not fight.is(c, "dead") and not fight.is(c, "fled") then live = true end
      end
      if live then break end
    end
    for _, l in ipairs(saves) do lines[#lines + 1] = l end
    lines[#lines + 1] = turn_line()
    for _, l in ipairs(expired) do lines[#lines + 1] = l end
    -- the death saves rolled at the start of the turns passed
    for _, c in ipairs(started) do
      local was, is = before[c], state(c)
      if was == "dying" then
        before[c] = is
        local ds = death_save(c)
        if ds then lines[#lines + 1] = ds end
        if is == "dead" then
          lines[#lines + 1] = say("dies", M.name(c))
        elseif is == "stable" then
          lines[#lines + 1] = say("stable", M.name(c))
        elseif is == nil and not ds then
          lines[#lines + 1] = say("revived", M.name(c))
        elseif not ds then
          lines[#lines + 1] = say("dying_still", M.name(c))
        end
      end
    end
    return { creatures = now, expired = expired, text = join(lines) }
  end

  -- M.segment moves the clock to the next segment of the round (rules
  -- with segments, as 1e's); after the last one the next round starts.
  -- Returns {round, segment, text}.
  function M.segment()
    local st = need_fight()
    if not st.began then fail("not_begun") end
    local before = {}
    for _, c in ipairs(fight.turn()) do before[c] = true end
    local now, ended = fight.next_segment()
    local lines = { say("segment_now", fight.round(), fight.segment()) }
    local changed = #now ~= 0
    for _, c in ipairs(now) do
      if not before[c] then changed = true end
    end
    if changed then lines[#lines + 1] = turn_line() end
    for _, l in ipairs(expire(ended)) do lines[#lines + 1] = l end
    return { round = fight.round(), segment = fight.segment(), text = join(lines) }
  end

  -- M.state returns the state of the table fight being played, where a
  -- rule system's table commands may keep their own (a table of theirs
  -- under a key of their name).
  function M.state() return need_fight() end

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
