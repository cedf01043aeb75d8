-- Conditions that end on the bearer's own turn (require("core.5e.effects")).
--
-- The fight engine stores conditions but ends none by itself. Effects that
-- end at the start or the end of the bearer's next turn, whoever the bearer
-- is, are recorded in the condition's source as "<kind>:<who>..." and two
-- hooks on turn.start and turn.end end them. The hooks are registered once
-- per runtime, when such an effect is first imposed; for a creature that
-- bears none they cost one or two c:has tests. The marker condition
-- "timed_start" or "timed_end" says which hook has work to do.
--
-- kinds:
--   stand  Prone: the bearer stands up at the start of its turn, spending
--          half its Speed (unless its Speed is 0: Grappled, Restrained,
--          Paralyzed, Petrified, Unconscious).
--   eot    ends at the end of the bearer's next turn.
--   sap    Sapped (weapon mastery): ends after the bearer's next turn (the
--          attacker's kit also ends it at the start of its own next turn);
--          the turn.end hook ends every "sapped" instance, no marker needed.
--   web    Restrained by a web (AC 10, HP 5): at the start of its turn the
--          bearer spends the turn tearing it apart and is free, but takes no
--          action that turn.
--   turn   Turn Undead (Frightened and Incapacitated): ends at the start of
--          the bearer's turn when it has taken damage since it was turned,
--          or after 10 rounds (1 minute).
local rules = require("rules")
local fight = require("fight")

local M = {}

local AT_END = { eot = true }

-- The two turn hooks are registered the first time an effect is imposed
-- (a fight where none is pays nothing); the kernel calls them only on the
-- turns of a creature that bears their markers (rules.on's has: on_start
-- has work only with "timed_start", on_end with "timed_end" or "sapped").
local registered = false
local on_start, on_end

local function ensure_hooks()
  if registered then return end
  registered = true
  rules.on("turn.start", on_start, { phase = "declare", has = "timed_start" })
  rules.on("turn.end", on_end, { phase = "declare", has = { "timed_end", "sapped" } })
end

local function add(c, name, source, level, marker)
  ensure_hooks()
  local r = c:add_condition(name, { source = source, stacking = "independent", level = level })
  if r.immune then return false end
  if marker == nil then marker = AT_END[string.match(source, "^(%a+):")] and "timed_end" or "timed_start" end
  if marker ~= "" and not c:has(marker) then c:add_condition(marker) end
  return true
end

-- knock_prone(c, who): c has the Prone condition until it stands up at the
-- start of its turn. Returns whether it was knocked down (false when it
-- was already Prone or is immune).
function M.knock_prone(c, who)
  if c:has("prone") or c:has("unconscious") then return false end
  return add(c, "prone", "stand:" .. who)
end

-- until_end_of_next_turn(c, name, who): c has the condition until the end
-- of its next turn. Returns false when c is immune.
function M.until_end_of_next_turn(c, name, who)
  return add(c, name, "eot:" .. who)
end

-- sap(c, who): c has Disadvantage on its attack rolls (Sapped) until the
-- end of its next turn or the start of the attacker's next turn.
function M.sap(c, who)
  if c:has("sapped") then return false end
  return add(c, "sapped", "sap:" .. who, nil, "")
end

-- web(c, who): c is Restrained by a web until it tears free.
function M.web(c, who)
  return add(c, "restrained", "web:" .. who)
end

-- turn(c, who, taken): c is Frightened and Incapacitated (Turn Undead)
-- until it takes damage or 1 minute passes. taken is the damage c has
-- taken in the fight so far (fight.info(c).taken, after any damage of the
-- turning).
function M.turn(c, who, taken)
  local src = string.format("turn:%s:%d:%d", who, fight.round(), taken)
  local a = add(c, "frightened", src)
  local b = add(c, "incapacitated", src)
  if a or b then add(c, "turned", src) end
  return a or b
end

-- end_source(c, source): removes every condition instance with the source.
function M.end_source(c, source)
  local list = c:conditions()
  local n = 0
  for i = 1, #list do
    if list[i].source == source then
      c:remove_condition(list[i].id)
      n = n + 1
    end
  end
  return n
end

local function can_stand(c)
  return not (c:has("grappled") or c:has("restrained") or c:has("paralyzed") or c:has("petrified")
    or c:has("unconscious"))
end

-- revive(c, hp): a dying creature regains hp (5e.damage.heal, which wakes
-- it: no longer Unconscious nor dying, its counters reset, back in the
-- fight) and stays Prone until it stands up at the start of its turn
-- (5E-CND-17).
function M.revive(c, hp)
  local dmg = rules.get("5e.damage")
  if dmg then dmg.heal(c, hp) else c:heal(hp) end
  if fight.is(c, "out") and not fight.is(c, "dead") then
    -- not woken by the rule files (no dying state recorded): do it here
    c:remove_condition("unconscious")
    fight.revive(c)
  end
  c:remove_condition("prone", { source = "unconscious" })
  if not c:has("prone") then add(c, "prone", "stand:0 hp") end
end

-- stabilise(c): a dying creature becomes Stable: no more death saving
-- throws (the fight's dying track and 5e.dying's counters).
function M.stabilise(c)
  local dying = rules.get("5e.dying")
  if dying then dying.stabilize(c) end
  fight.stabilize(c)
end

-- at_end removes the effects that end with the bearer's turn.
local function at_end(c)
  local list = c:conditions()
  for i = 1, #list do
    local x = list[i]
    local kind = x.source and string.match(x.source, "^(%a+):")
    if kind and AT_END[kind] then c:remove_condition(x.id) end
  end
  c:remove_condition("timed_end")
end

-- Sap ends after the bearer's turn (every instance is Sap's).
local function sap_end(c)
  if c:has("sapped") then c:remove_condition("sapped") end
end

function on_start(e)
  local c = e.fighter
  if c == nil or not c:has("timed_start") then return end
  local list = c:conditions()
  local skip, left = false, false
  for i = 1, #list do
    local x = list[i]
    local s = x.source
    local kind = s and string.match(s, "^(%a+):")
    if kind == "stand" then
      if can_stand(c) then
        -- standing up spends half the Speed, rounded down (5E-CND-14)
        c:remove_condition(x.id)
        fight.spend_movement(c, math.floor(fight.speed(c) / 2))
      else
        left = true
      end
    elseif kind == "web" then
      c:remove_condition(x.id)
      skip = true
    elseif kind == "turn" then
      local round, taken = string.match(s, "^turn:.*:(%d+):(%d+)$")
      if fight.info(c).taken > tonumber(taken) or fight.round() - tonumber(round) >= 10 then
        M.end_source(c, s)
      else
        left = true
      end
    end
  end
  if not left then c:remove_condition("timed_start") end
  if skip then
    -- The turn is spent tearing free: it ends now (turn.end is not raised
    -- for a skipped turn).
    e.skip = true
    fight.note(c:get("id") .. " tears free of the web")
    if c:has("timed_end") then at_end(c) end
    sap_end(c)
  end
end

function on_end(e)
  local c = e.fighter
  if c == nil then return end
  if c:has("timed_end") then at_end(c) end
  sap_end(c)
end

return M
