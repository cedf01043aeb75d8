-- Conditions that last until another creature's turn, a repeated saving
-- throw or a number of rounds (require("core.5e.lasting")): what monster
-- attacks and save effects impose ("the Poisoned condition until the start
-- of the wyvern's next turn", "repeats the save at the end of each of its
-- turns, ending the effect on itself on a success", "for 1 minute").
-- core.5e.effects holds the durations that end on the bearer's own turn
-- (the end of its next turn, standing up from Prone); this file adds the
-- others, in the same way: the condition's source records when it ends,
-- and two hooks registered once per runtime (when such a condition is
-- first imposed) end it.
--
--   start_of(c, name, who, source)  until the start of creature who's next turn
--   end_of(c, name, who, source)    until the end of creature who's next turn
--   save_ends(c, name, who, ability, dc)  a save at the end of each of c's
--                                   turns ends it (and after 10 rounds, the
--                                   minute such effects last)
--   rounds(c, name, who, n)         ends after n rounds (at the end of c's turn)
--
-- Each returns false when c is immune to the condition. A marker condition
-- "lasting" on the bearer tells the hooks where to look.
local rules = require("rules")
local fight = require("fight")
local util = require("core.5e.util")

local M = {}

local registered = false
local on_start, on_end

local function ensure_hooks()
  if registered then return end
  registered = true
  rules.on("turn.start", function(e) on_start(e) end, { phase = "declare" })
  rules.on("turn.end", function(e) on_end(e) end, { phase = "declare" })
end

local function add(c, name, source)
  ensure_hooks()
  local r = c:add_condition(name, { source = source, stacking = "independent" })
  if r.immune then return false end
  if not c:has("lasting") then c:add_condition("lasting") end
  return true
end

function M.start_of(c, name, who)
  return add(c, name, "sos:" .. who)
end

function M.end_of(c, name, who)
  -- "until the end of X's next turn": imposed on X's own turn, it lasts
  -- through X's next turn: the first end of X's turn in a later round
  -- (imposed off X's turn before X acted this round, it lasts one turn of
  -- X longer than the text says).
  return add(c, name, string.format("eos:%s:%d", who, fight.round()))
end

function M.save_ends(c, name, who, ability, dc)
  return add(c, name, string.format("save:%s:%s:%d:%d", who, ability, dc, fight.round()))
end

function M.rounds(c, name, who, n)
  return add(c, name, string.format("rnd:%s:%d", who, fight.round() + n))
end

-- sweep removes from every creature bearing "lasting" the instances test
-- says are over; then the marker, when none is left.
local function sweep(test)
  local all = fight.all()
  for i = 1, #all do
    local c = all[i]
    if c:has("lasting") then
      local list = c:conditions()
      local left = false
      for j = 1, #list do
        local x = list[j]
        local s = x.source
        if s and x.name ~= "lasting" then
          local kind = string.match(s, "^(%a+):")
          if kind == "sos" or kind == "eos" or kind == "save" or kind == "rnd" then
            if test(c, kind, s, x.name) then c:remove_condition(x.id) else left = true end
          end
        end
      end
      if not left then c:remove_condition("lasting") end
    end
  end
end

function on_start(e)
  local who = e.fighter and e.fighter:get("id")
  if who == nil then return end
  local tag = "sos:" .. who
  sweep(function(_, kind, s) return kind == "sos" and s == tag end)
end

function on_end(e)
  local f = e.fighter
  if f == nil then return end
  local who = f:get("id")
  local round = fight.round()
  sweep(function(c, kind, s, name)
    if kind == "eos" then
      local src, r = string.match(s, "^eos:(.+):(%d+)$")
      return src == who and round > tonumber(r)
    end
    if c ~= f then return false end
    if kind == "rnd" then
      return round >= tonumber(string.match(s, ":(%d+)$"))
    end
    if kind == "save" then
      local ab, dc, r = string.match(s, "^save:.+:(%a+):(%d+):(%d+)$")
      if round - tonumber(r) >= 10 then return true end
      local ok = util.save(c, ab, tonumber(dc))
      if ok then fight.note(string.format("%s saves (DC %s) and is no longer %s", c:get("id"), dc, name)) end
      return ok
    end
    return false
  end)
end

return M
