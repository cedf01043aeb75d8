-- The action economy of one turn (inventory §3, 3E-ACTION; Tables 8-1, 8-3,
-- 8-4): a standard action and a move-equivalent action, or a full-round
-- action, or a double move; the 5-foot step; partial actions when the
-- creature is limited to them (the surprise round, a readied action,
-- disabled, staggered); free actions. T.start(c) returns a turn whose
-- methods take actions and return true, or false and why the turn has no
-- room for them (a full attack after moving more than 5 ft, a second
-- standard action). Fights that play themselves take the same turns in the
-- kernel (the combat table's turn rules); this is the same economy for
-- scripts, hooks and the REPL.
local rules = require("rules")
local check = require("check")
local fight = require("fight")
local T = require("core.3e.tables")

local M = rules.get("3e.turn")
if M then return M end
M = {}
M.__index = M

-- M.kind(id): the action's row of Table 8-1, 8-3 or 8-4: {type, aoo,
-- move, label}; nil when the tables do not list it (3E-ACTION-21: the DM
-- decides).
function M.kind(id)
  return T.action_by_id[id]
end

-- label is an action's name without the tables' note marks.
local function label(k)
  return (string.gsub(k.label, "[#*&]+$", ""))
end

-- M.provokes(id): whether the action itself provokes an attack of
-- opportunity (3E-AOO-02): "yes", "no", "maybe", "usually" or "varies" as
-- the tables say; moving out of threatened squares is the movement's own
-- affair.
function M.provokes(id, partial)
  if partial then
    for _, a in ipairs(T.partial_actions) do
      if a.id == id then return string.lower(a.aoo) end
    end
  end
  local k = M.kind(id)
  if not k then return nil end
  return string.lower((string.gsub(k.aoo, "#", "")))
end

-- 3E-AOO-02, Tables 8-1 and 8-3: a ranged attack made where an enemy
-- threatens the attacker provokes, each such enemy's attack of opportunity
-- coming first (3E-AOO-09); an attacker they drop makes no attack.
rules.on("attack.declare", function(e)
  if not e.ranged or M.provokes("attack_ranged") ~= "yes" then return end
  fight.provoke(e.attacker)
  if fight.is(e.attacker, "out") then rules.cancel(e, "the attacker is down") end
end, { phase = "declare", attacks = "ranged" })

-- M.limited(c, opts): 3E-ACTION-10: whether c takes only a partial action
-- this turn: opts.surprise (the surprise round), opts.readied (taking a
-- readied action), opts.haste (an extra partial action), or a condition
-- that says so (disabled, staggered; the kernel's `partial`).
function M.limited(c, opts)
  opts = opts or {}
  if opts.surprise or opts.readied or opts.haste then return true end
  if c:has("slowed") then return true end
  -- a condition whose fight table says partial (disabled, staggered, a
  -- variant's clobbered): the kernel's limit too
  for _, inst in ipairs(c:conditions()) do
    local def = rules.get("condition." .. inst.name)
    if def and def.fight and def.fight.partial then return true end
  end
  return false
end

-- M.start(c, opts): c's turn: its speed, a standard and a move-equivalent
-- action (or one partial action when limited), the 5-foot step not yet
-- taken, and free actions up to opts.free (the DM's limit, 3E-ACTION-07;
-- default 5). opts.speed overrides c's walking speed; opts.bab (c's base
-- attack bonus by default) decides whether a weapon can be drawn as part
-- of a move (3E-ACTION-19).
function M.start(c, opts)
  opts = opts or {}
  local sp = c:get("speed")
  local speed = opts.speed or (type(sp) == "table" and sp.walk) or (type(sp) == "number" and sp) or 30
  local ab = c:get("abilities") or {}
  local t = setmetatable({ c = c, speed = speed, bab = opts.bab or ab.bab or 0, limited = M.limited(c, opts),
    n_standard = 1, n_move = 1, n_partial = 0, moved = 0, stepped = false, full = false, attacks = 0,
    n_free = opts.free or 5, log = {}, only_moved = true, started = nil }, M)
  if t.limited then t.n_standard, t.n_move, t.n_partial = 0, 0, 1 end
  local C = rules.get("3e.condsum") -- the DMG condition summary (nauseated, dazed ...)
  if C then C.limit_turn(t) end
  return t
end

local function refuse(fmt, ...)
  return false, string.format(fmt, ...)
end

function M:note(what)
  self.log[#self.log + 1] = what
end

-- t:move(feet): a move of up to the creature's speed (3E-ACTION-02/03):
-- the move-equivalent action, or the second move of a double move (the
-- standard action spent as a move, 3E-ACTION-04). When limited it is the
-- single move of a partial action (Table 8-3). A 5-foot move by a
-- creature that has not moved is its 5-foot step (3E-ACTION-05): t:step.
function M:move(feet)
  if feet <= 0 then return refuse("a move of %d ft", feet) end
  if self.full then return refuse("a full-round action allows only a 5-foot step") end
  if feet > self.speed then return refuse("%d ft is more than a move (speed %d ft)", feet, self.speed) end
  if self.stepped then return refuse("the 5-foot step was this turn's movement") end
  if self.limited then
    if self.n_partial < 1 then return refuse("no partial action left") end
    self.n_partial = self.n_partial - 1
    self.moved = self.moved + feet
    self:note("single_move")
    return true
  end
  if self.n_move >= 1 then
    self.n_move = self.n_move - 1
  elseif self.n_standard >= 1 and self.attacks == 0 then
    self.n_standard = self.n_standard - 1 -- a double move
  else
    return refuse("no move left: a standard and a move-equivalent action at most")
  end
  self.moved = self.moved + feet
  self:note("move " .. feet)
  return true
end

-- t:step(): the 5-foot step (3E-ACTION-05, 3E-AOO-04): when the creature
-- has not actually moved this turn, before, during or after its action,
-- with a full-round action too (not a run); it provokes nothing.
function M:step()
  if self.stepped then return refuse("one 5-foot step a turn") end
  if self.ran then return refuse("a run allows no 5-foot step") end
  if self.moved > 0 then return refuse("the 5-foot step only when the creature has not actually moved (it moved %d ft)", self.moved) end
  self.stepped = true
  self.moved = T.square
  self:note("five_foot_step")
  return true
end

-- t:double_move(feet): move up to twice the speed (3E-ACTION-04,
-- Table 8-1): both actions; a turn only of moving does not provoke from
-- its start square (3E-AOO-03).
function M:double_move(feet)
  if self.limited then return refuse("a double move is not a partial action (a partial run is: t:run)") end
  if self.n_standard < 1 or self.n_move < 1 or self.moved > 0 then return refuse("a double move takes the whole turn") end
  if feet > 2 * self.speed then return refuse("%d ft is more than a double move (%d ft)", feet, 2 * self.speed) end
  self.n_standard, self.n_move, self.moved = 0, 0, feet
  self:note("double_move " .. feet)
  return true
end

-- t:run(feet, heavy): a run (3E-ACTION-17): a full-round action, 4 x speed
-- (3 x in heavy armour) in a straight line, no 5-foot step; the runner
-- loses its Dex bonus (the condition running, until its next turn). When
-- limited, a partial run: 2 x speed (Table 8-3, B-34).
function M:run(feet, heavy)
  local mul = heavy and T.run_multiplier.heavy or T.run_multiplier.normal
  if self.limited then
    if self.n_partial < 1 then return refuse("no partial action left") end
    mul = 2
  elseif self.n_standard < 1 or self.n_move < 1 or self.moved > 0 then
    return refuse("a run is a full-round action")
  end
  if feet > mul * self.speed then return refuse("%d ft is more than a run (%d ft)", feet, mul * self.speed) end
  self.n_partial = 0
  self.n_standard, self.n_move, self.moved, self.ran, self.full = 0, 0, feet, true, true
  self.c:add_condition("running")
  self:note("run " .. feet)
  return true
end

-- t:charge(feet): a charge (3E-ATK-17): before the one attack, at least
-- 10 ft and at most 2 x speed in a straight line (1 x when limited: the
-- partial charge, 3E-ACTION-24, B-13); +2 on that attack and -2 AC until
-- the next turn (the condition charging). Returns the attack bonus.
function M:charge(feet)
  local max = 2 * self.speed
  if self.moved > 0 then return refuse("a charge starts the turn's movement (moved %d ft already)", self.moved) end
  if self.limited then
    if self.n_partial < 1 then return refuse("no partial action left") end
    max = self.speed
  elseif self.n_standard < 1 or self.n_move < 1 then
    return refuse("a charge takes the whole turn")
  end
  if feet < T.charge.min then return refuse("a charge moves at least %d ft (%d)", T.charge.min, feet) end
  if feet > max then return refuse("%d ft is more than a charge (%d ft)", feet, max) end
  self.n_standard, self.n_move, self.n_partial, self.moved, self.full = 0, 0, 0, feet, true
  self.attacks, self.only_moved = 1, false
  self.c:add_condition("charging")
  self:note("charge " .. feet)
  return true, T.charge.attack
end

-- t:attack(): one attack as a standard action (3E-ACTION-13: move then
-- attack, or attack then move), or as a partial action when limited (with
-- a 5-foot step at most). Returns true, or false and why.
function M:attack()
  self.only_moved = false
  if self.limited then
    if self.moved > T.square then return refuse("a partial action is one move or one attack (moved %d ft)", self.moved) end
    if self.n_partial < 1 then return refuse("no partial action left") end
    self.n_partial = 0
    self.attacks = 1
    self:note("attack")
    return true
  end
  if self.full then
    return refuse("this turn's full-round action is taken")
  end
  if self.attacks == 1 and not self.decided and self.n_standard == 0 then
    return refuse("one attack is a standard action: t:full_attack() to go on attacking")
  end
  if self.n_standard < 1 then return refuse("no standard action left") end
  self.n_standard = self.n_standard - 1
  self.attacks = 1
  self:note("attack")
  return true
end

-- t:full_attack(n): every attack the creature has this round
-- (3E-ACTION-14, 3E-ATK-13): a full-round action, so the only movement is
-- a 5-foot step. After a first attack it may still be chosen, if no 5-foot
-- step and no move was taken (3E-ACTION-15).
function M:full_attack()
  self.only_moved = false
  if self.limited then return refuse("a full attack is a full-round action, not a partial one") end
  if self.full then return refuse("this turn's full-round action is taken") end
  if self.moved > T.square then
    return refuse("a full attack is a full-round action: only a 5-foot step goes with it, and %s has moved %d ft",
      self.c:get("id"), self.moved)
  end
  if self.attacks == 1 then
    if self.stepped or self.moved > 0 then
      return refuse("the choice of a full attack after the first attack needs no movement before it")
    end
    self.n_move = 0 -- the first attack's standard action is spent; the full attack takes the move too
  elseif self.n_standard < 1 or self.n_move < 1 then
    return refuse("a full attack takes both the standard and the move-equivalent action")
  else
    self.n_standard, self.n_move = 0, 0
  end
  self.full, self.decided = true, true
  self:note("full_attack")
  return true
end

-- t:move_equivalent(id): an action of Table 8-4's move-equivalent group
-- (stand up, draw a weapon, load a light crossbow): it takes the place of
-- the move, or of the standard action's place in a double move
-- (3E-ACTION-03/04), or of the whole partial action when limited. With
-- base attack bonus +1 or more a draw or a shield goes with a move
-- (3E-ACTION-19: opts.with_move).
function M:move_equivalent(id, opts)
  opts = opts or {}
  local k = M.kind(id)
  if not k or k.type ~= "move" then return refuse("%s is not a move-equivalent action", tostring(id)) end
  if self.full then return refuse("this turn's full-round action is taken") end
  if opts.with_move and string.find(k.label, "#", 1, true) then
    if self.bab < 1 then return refuse("%s goes with a move only with base attack bonus +1 or more", label(k)) end
    self:note(id .. " (with the move)")
    return true
  end
  if self.limited then
    if self.n_partial < 1 then return refuse("no partial action left") end
    self.n_partial = 0
  elseif self.n_move >= 1 then
    self.n_move = self.n_move - 1
  elseif self.n_standard >= 1 and self.attacks == 0 then
    self.n_standard = self.n_standard - 1
  else
    return refuse("no action left for %s", label(k))
  end
  if id == "stand_up" then self.c:remove_condition("prone") end
  self.only_moved = false
  self:note(id)
  return true
end

-- t:standard(id): one of Table 8-4's standard actions (total defense,
-- ready, stabilise, aid another, ...): the standard action. Total defense
-- gives +4 dodge to AC for the round (3E-ACTION-16).
function M:standard(id)
  local k = M.kind(id)
  if not k or (k.type ~= "standard" and k.id ~= "cast") then return refuse("%s is not a standard action", tostring(id)) end
  if self.limited then
    if self.n_partial < 1 then return refuse("no partial action left") end
    self.n_partial = 0
  elseif self.full then
    return refuse("this turn's full-round action is taken")
  elseif self.n_standard < 1 then
    return refuse("no standard action left")
  else
    self.n_standard = self.n_standard - 1
  end
  if id == "total_defense" then self.c:add_condition("total_defense") end
  self.only_moved = false
  self:note(id)
  return true
end

-- t:full_round(id): one of Table 8-4's full-round actions (coup de grace,
-- refocus, load a heavy crossbow): the whole turn, with a 5-foot step
-- (3E-ACTION-06) but for refocus (no movement, 3E-INIT-18). When limited
-- it must be started with one partial action and finished with another
-- next round (3E-ACTION-11: t:start_full_round).
function M:full_round(id)
  local k = M.kind(id)
  if not k or k.type ~= "full" then return refuse("%s is not a full-round action", tostring(id)) end
  if self.limited then return refuse("%s is a full-round action: start it with a partial action (t:start_full_round)", label(k)) end
  if self.moved > T.square then return refuse("%s allows only a 5-foot step (moved %d ft)", label(k), self.moved) end
  if self.full or self.n_standard < 1 or self.n_move < 1 then return refuse("%s takes the whole turn", label(k)) end
  if id == "refocus" and self.moved > 0 then return refuse("refocus allows no movement") end
  self.n_standard, self.n_move, self.full = 0, 0, true
  self.only_moved = false
  self:note(id)
  return true
end

-- t:start_full_round(id): 3E-ACTION-11: a creature limited to partial
-- actions starts a full-round action with one and finishes it with the
-- next (M.partial_rounds).
function M:start_full_round(id)
  if not self.limited then return refuse("only a creature limited to partial actions starts a full-round action") end
  if self.n_partial < 1 then return refuse("no partial action left") end
  if self.moved > 0 then return refuse("start full-round action allows no movement (Table 8-3)") end
  self.n_partial = 0
  self.started = id
  self:note("start " .. tostring(id))
  return true
end

-- t:free_action(id): a free action (3E-ACTION-07/23), alongside others, up
-- to the DM's limit for the turn.
function M:free_action(id)
  if self.n_free < 1 then return refuse("the DM allows no more free actions this turn") end
  self.n_free = self.n_free - 1
  if id == "drop_prone" then self.c:add_condition("prone") end
  self:note(id)
  return true
end

-- t:move_only(): whether the turn so far is only movement (3E-AOO-03: then
-- leaving the start square provokes nothing; a run is not such a turn).
function M:move_only()
  return self.only_moved and self.moved > 0 and not self.ran
end

-- M.step_on(c, dest): the 5-foot step on the battle map (3E-ACTION-05,
-- 3E-AOO-04): one square, 5 ft, provoking nothing; a farther square is an
-- error. Returns fight.move's result.
function M.step_on(c, dest)
  local p = fight.path(c, dest, { budget = T.square })
  if not p.ok or p.cost > T.square or p.cost == 0 then
    error(string.format("a 5-foot step goes to a neighbouring square 5 ft away; {%d, %d} is not one",
      dest[1] or dest.x, dest[2] or dest.y), 2)
  end
  return fight.move(c, dest, { budget = T.square, no_provoke = true, cause = "move" })
end

-- M.partial_rounds(action_rounds): 3E-ACTION-11/12: how many rounds an
-- action takes done with partial actions: a full-round action takes two
-- partial actions; one longer than a round takes twice as long.
function M.partial_rounds(rounds)
  if rounds <= 1 then return 2 end
  return 2 * rounds
end

-- M.run_rounds(con): 3E-ACTION-18: the rounds a creature runs before Con
-- checks start (its Con score) [PHB].
function M.run_rounds(con)
  return con
end

-- M.keep_running(con_mod, n): 3E-ACTION-18: the n-th Con check (from 1) to
-- keep running: DC 10, +1 for each earlier one; a failure stops the run
-- (and then 1 minute of rest).
function M.keep_running(con_mod, n)
  return check.roll({ mods = { con_mod }, target = T.run_check_dc + (n - 1) }).success
end

rules.define("3e.turn", M)
return M
