-- Fights that play themselves by the 1e rules: the hooks that drive every
-- creature's round (the encounter procedure's actions A-H as a simple
-- tactician would choose them) and morale. In a fight played by hand
-- (fight.by_hand()) they leave the round to the game master; the rules'
-- own hooks (to-hit against a target's state, weapons that cannot hurt,
-- blows in a tied round) apply there too.
--
-- Each round: round.start settles the initiative of the round (winner,
-- loser, tie), runs the morale checks, lets casters declare their spells
-- (before initiative matters, 1E-CAST-03), lets missile users whose
-- Dexterity beats the other side's die shoot first (1E-INIT-06), and
-- gives multi-routine creatures their first routine (1E-INIT-05). Each
-- turn (turn.act) a creature turns undead, casts, shoots, charges, closes
-- or strikes; surprise segments count as whole rounds of attacks
-- (1E-SURP-05). round.end gives multi-routine creatures their last routine,
-- lets the late shooters and the creatures that always strike last act,
-- completes round-long spells and counts down timed conditions.
--
-- Space is encounter.lua's one model of it per fight. With no map each
-- creature keeps a gap in feet to the other side: it can strike an enemy
-- when either of them has closed to 10 ft, and closing or charging shrinks
-- its gap. On a map (combat.space, 1" squares) creatures stand on squares:
-- striking range is the squares around a creature; a creature closes with
-- or charges the nearest enemy that has room for it (1E-MELEE-02) along a
-- path (fight.path, fight.move) at its movement rate in inches, twice that
-- in a charge (1E-MOVE-01, -02); a missile's range band and cover come from
-- the map's distances (combat.space); a missile into a melee goes by the
-- shares of the creatures joined by striking range (1E-MISS-02); a
-- creature that leaves an opponent's striking range, fleeing or not, gives
-- it a free attack routine (breaking off from melee, [K] DMG p. 70: the
-- move.reach hook below), a surrendering one stays where it is. Targets:
-- a helpless enemy is slain (1E-TOHIT-02); intelligent monsters go for
-- casters (1E-CAST-03); otherwise the enemy with the fewest hit points.
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local lib = require("core.1e.lib")
local enc = require("core.1e.encounter")
local tohit = require("core.1e.tohit")
local melee = require("core.1e.melee")
local moves = require("core.1e.moves")
local spells = require("core.1e.spells")
local turning = require("core.1e.turning")
local classes = require("core.1e.classes")
local morale = require("core.1e.morale")
local initiative = require("core.1e.initiative")
local missiles = require("core.1e.missiles")
local afflictions = require("core.1e.afflictions")

local M = rules.get("1e.tactics")
if M then return M end
M = {}

local rec = enc.rec
local function S() return enc.state end

-- a note is formatted only when the fight keeps a log
local function note(fmt, ...)
  if fight.tracing() then fight.note(string.format(fmt, ...)) end
end

-- leave(c, stay): c leaves the fight alive: on a map it first moves away
-- at its movement rate (breaking off from melee: the move.reach hook), or
-- stays where it is (a surrender, stay = true).
local function leave(c, stay)
  if stay then
    fight.flee(c, { stay = true })
  else
    fight.flee(c, { budget = lib.ability(c, "move", 12) })
  end
end
M.leave = leave

local function id(c) return c:get("id") end
local out, swing, enemies_of = fight.out, fight.swing, fight.enemies
local NONE = {} -- an empty list, never written

-- ------------------------------------------------------------ timers
-- timed(c, cond, rounds): a condition that ends after rounds round ends.
-- (A timer is {c, cond, rounds left}. The options tables given to
-- c:add_condition here and below are read, never kept: made once.)
local TIMED, CHARGE, SET = { source = "timed" }, { source = "charge" }, { source = "set" }
function M.timed(c, cond, rounds, opts)
  c:add_condition(cond, opts or TIMED)
  local s = S()
  s.timers = s.timers or {}
  s.timers[#s.timers + 1] = { c, cond, rounds }
end

-- (The list is kept in place: the timers still running move down over the
-- ended ones; one that a hook starts meanwhile is appended and counted
-- down too, as it always was.)
local function tick_timers()
  local timers = enc.state.timers
  if not timers then return end
  local i, n = 1, 0
  local t = timers[1]
  while t do
    local left = t[3] - 1
    t[3] = left
    if left <= 0 then
      t[1]:remove_condition(t[2])
    else
      n = n + 1
      timers[n] = t
    end
    i = i + 1
    t = timers[i]
  end
  for k = i - 1, n + 1, -1 do timers[k] = nil end
end

-- ------------------------------------------------------------ reach
local function attacks(c)
  local r = enc.state.by[c] or rec(c)
  local a = r.attacks
  if not a then
    a = lib.shared_attacks(c) -- never changed here
    r.attacks = a
  end
  return a
end

-- engaged(c, t): can c strike t in melee where they stand (encounter.lua)?
local engaged, closed = enc.engaged, enc.closed

-- A target is worth striking unless its death is only deferred (tied
-- round) or it is out. (enc.state.doomed counts the creatures whose death
-- is deferred, nil when not counted: while it is 0 no record is asked.)
local function valid(t)
  if out(t) then return false end
  local s = enc.state
  return s.doomed == 0 or not (s.by[t] or rec(t)).doomed
end


-- can_shoot(c, t, name): on a map, does c's missile reach t (its long
-- range, a line to it: no total cover)? With no map any enemy can be shot
-- at (shoot works out the band from the gaps).
local function can_shoot(c, t, name)
  if not enc.mapped() then return true end
  return fight.reaches(c, t, name) and fight.cover(t, c) ~= "total"
end

-- pick(c, how): a target among the living enemies. how = "melee" (must be
-- engaged), "missile" (c's missile must reach it) or "spell" (any).
-- (fight.enemies lists only creatures still in the fight, so of valid()
-- only the deferred death is left to ask.)
-- (c engaged with every enemy, encounter.closed, asks engaged of none;
-- with no map, c engaged with t is either closed, as encounter.engaged
-- says, so only closed(t) is left to ask. No record is asked whether its
-- death is deferred while none is: valid.)
-- Every enemy's hit points, and for an intelligent picker which are
-- helpless and which are casting, come in one call each (fight.hp_each,
-- fight.has_any_each: c:get("hp"), tohit.helpless and c:has("casting") of
-- each enemy in turn), written over the same three tables every time
-- (nothing pick calls picks again while it reads them).
local hp_of, helpless_of, casting_of = {}, {}, {}
local CASTING = { "casting" }
-- (enemies: fight.enemies(c), when the caller has just asked it.)
function M.pick(c, how, enemies)
  local best, bhp
  local smart = (c:ability("int") or 0) >= 5 -- lib.ability(c, "int", 0)
  local list = enemies or enemies_of(c)
  local n = #list
  if n == 0 then return nil end
  local in_melee = how == "melee"
  local st = enc.state
  local mapped = st.map
  local by = st.by
  local all = in_melee and closed(c)
  local missile = how == "missile" and attacks(c).missile[1]
  local on_map = missile and mapped
  local doomed = st.doomed ~= 0
  local near = in_melee and not all and not mapped
  -- free: every enemy may be chosen (none doomed, no reach to ask)
  local free = not doomed and (not in_melee or all)
  local hps = fight.hp_each(list, hp_of)
  local casting, helpless
  if smart then
    casting = fight.has_any_each(list, CASTING, casting_of)
    if in_melee then helpless = fight.has_any_each(list, tohit.helpless_conditions, helpless_of) end
  end
  for i = 1, n do
    local t = list[i]
    if free or (not (doomed and (by[t] or rec(t)).doomed)
       and (not in_melee or all or (near and closed(t)) or (mapped and engaged(c, t)))) then
      if helpless and helpless[i] then return t, "helpless" end
      local hp = hps[i]
      if casting and casting[i] then hp = hp - 1000 end -- a caster casting now
      -- whether a missile reaches is asked only of a better target (with
      -- no map any can be shot at: can_shoot)
      if (not bhp or hp < bhp) and (not on_map or can_shoot(c, t, missile)) then best, bhp = t, hp end
    end
  end
  return best
end

-- any_engaged(c) -> whether c can strike an enemy in melee, and the
-- enemies it asked (fight.enemies(c), for M.pick and M.routine next).
-- (engaged and the deferred deaths as M.pick asks them)
local function any_engaged(c)
  local list = enemies_of(c)
  local st = enc.state
  local by = st.by
  local all = closed(c)
  local doomed = st.doomed ~= 0
  local near = not all and not st.map
  for i = 1, #list do
    local t = list[i]
    if not (doomed and (by[t] or rec(t)).doomed)
       and (all or (near and closed(t)) or (not near and engaged(c, t))) then
      return true, list
    end
  end
  return false, list
end

-- ------------------------------------------------------------ strikes
-- Pending situational modifiers for the next strike (read by the hooks).
-- (special, special_of: the attack.roll hooks' special to-hit of the roll's
-- target, from its modify phase to its result.)
M.pending = { bonus = 0, mult = 1, ranged = false, band = nil, set = false, simultaneous = false, rear = false,
              special = nil, special_of = nil }

local function strike(c, t, name, bonus, mult)
  if out(c) or out(t) then return end
  local p = M.pending
  p.bonus, p.mult = bonus or 0, mult or 1
  swing(c, t, name) -- fight.strike without the result table, which no caller reads
  p.bonus, p.mult = 0, 1
end

-- slay(c, t): a helpless opponent is slain (or bound) in one round, no
-- roll (1E-TOHIT-02).
local function slay(c, t)
  note("%s slays the helpless %s", id(c), id(t))
  fight.kill(t, c) -- its hit points count as damage c dealt
  rec(t).slain_by = c
end

-- routine_of(c, t) -> the attacks of one attack routine of c against t:
-- its multiattack, or its first melee attack, or as many attacks as its
-- level against creatures of less than one hit die (fighters, [K] PHB);
-- nil when it has no melee attack.
-- (The one-attack list of a name is made once: callers only read it.)
local single = {}
local function routine_of(c, t)
  local a = attacks(c)
  local list = a.multi
  if not list then
    local name = a.melee[1]
    if not name then return nil end
    list = single[name]
    if not list then
      list = { name }
      single[name] = list
    end
    local n = melee.vs_small(c, t)
    if n and n > 1 then
      list = {}
      for i = 1, n do list[i] = a.melee[1] end
    end
  end
  return list
end

-- One attack routine of c against its melee target (first, when it is
-- still there to strike: the creature it charged). Returns whether it made
-- one.
-- (enemies: fight.enemies(c), when the caller has just asked it.)
function M.routine(c, bonus, mult, first, enemies)
  local t, why
  if first and valid(first) and engaged(c, first) then
    t = first
    if tohit.helpless(t) and lib.ability(c, "int", 0) >= 5 then why = "helpless" end
  else
    t, why = M.pick(c, "melee", enemies)
  end
  if not t then return false end
  local by = enc.state.by
  local r = by[c] or rec(c)
  r.done = (r.done or 0) + 1
  if why == "helpless" then
    slay(c, t)
    return true
  end
  local list = routine_of(c, t)
  if not list then return false end
  -- 1E-STRIKE-02: in a tied round, weapon against weapon, a much faster
  -- weapon strikes more often (not in a round of closing or charging).
  -- The blows after the first `before` fall at the same moment as the
  -- slower weapon's (d >= 10: the third): one that kills still lets the
  -- slow blow land (the creature.down hook below).
  local s = enc.state
  local extra, before = 1, 1
  if s.tied and not r.closed_this_round and #list == 1 then
    local mine, theirs = lib.wsf(list[1]), nil
    local ta = attacks(t)
    if not ta.multi and ta.melee[1] then theirs = lib.wsf(ta.melee[1]) end
    if mine and theirs and mine < theirs then
      before, extra = melee.extra(mine, theirs, false)
    end
  end
  -- strike(c, t, name, bonus, mult) written out: c and t are known to be
  -- in the fight here (fight.enemies lists only those)
  local p = M.pending
  for k = 1, extra do
    for i = 1, #list do
      if out(c) then return true end
      if out(t) or (s.doomed ~= 0 and (by[t] or rec(t)).doomed) then
        t = M.pick(c, "melee")
        if not t then return true end
      end
      p.simultaneous = k > before
      p.bonus, p.mult = bonus or 0, mult or 1
      swing(c, t, list[i])
      p.bonus, p.mult = 0, 1
      p.simultaneous = false
    end
  end
  return true
end

-- ------------------------------------------------------------ missiles
-- shoot(c, n [, first]): n shots, each at the target M.pick gives (first:
-- the one it gave just before, for the first shot).
local function shoot(c, n, first)
  local a = attacks(c)
  local name = a.missile[1]
  if not name then return false end
  local w = lib.weapon(name)
  local shots = 0
  local mapped = enc.mapped()
  for k = 1, n do
    local t
    if k == 1 and first then t = first else t = M.pick(c, "missile") end
    if not t or out(c) then break end
    -- The range band: on a map the kernel reads it from the map's distance
    -- (combat.space.range, the weapon's range in inches); with no map it
    -- is the gaps' (the same bands and modifiers, tohit.range_band).
    local band, mod = nil, 0
    if not mapped then
      band = w and tohit.range_band(w, enc.inches(c, t)) or "short"
      if not band then return shots > 0 end
      mod = tohit.range_mod(band)
    end
    -- 1E-MISS-02: into a melee, the missile goes to a side by size shares.
    if (not mapped and (enc.state.by[t] or rec(t)).gap <= enc.strike_ft) or any_engaged(t) then
      t = missiles.melee_target(c, t, enc.state) or t
    end
    M.pending.band = band
    strike(c, t, name, mod, 1)
    M.pending.band = nil
    shots = shots + 1
  end
  return shots > 0
end

M.shoot = shoot

-- per-round missile rate (rate 0.5: every other round).
local function missile_shots(c, round)
  local a = attacks(c)
  local w = lib.weapon(a.missile[1])
  local rate = (w and w.rate) or 1
  if rate < 1 then
    if round % 2 == 1 then return 1 end
    return 0
  end
  return rate
end

-- ------------------------------------------------------------ spells
local function living_allies(c)
  local outl = {}
  local by = enc.state.by
  local side = (by[c] or rec(c)).side
  local all = fight.all()
  for i = 1, #all do
    local a = all[i]
    if (by[a] or rec(a)).side == side then outl[#outl + 1] = a end
  end
  return outl
end

-- choose a spell for c this round, or nil (declared at round start).
function M.choose_spell(c, round)
  if not c:has_tag("caster") then return nil end
  local enemies = fight.enemies(c)
  if #enemies == 0 then return nil end
  if c:has_tag("cleric") then
    -- a cleric who can still turn undead does that first
    local r = enc.state.by[c] or rec(c)
    if not (r.turn and r.turn.failed) and not (r.turn and r.turn.tries and not r.turn.remaining) then
      for i = 1, #enemies do
        local t = enemies[i]
        if t:has_tag("undead") and valid(t) then return nil end
      end
    end
    if spells.can_cast(c, "cure_light_wounds") then
      local allies = living_allies(c)
      for i = 1, #allies do
        local a = allies[i]
        if fight.is(a, "out") and not fight.is(a, "dead") and a:has("dying") and not a:has("stable") then
          return "cure_light_wounds", { a }
        end
      end
    end
    if round == 1 and spells.can_cast(c, "bless") and not any_engaged(c) then
      local l = {}
      for _, a in ipairs(fight.allies(c)) do l[#l + 1] = a end
      return "bless", l
    end
    if spells.can_cast(c, "hold_person") then
      local l = {}
      for i = 1, #enemies do
        local t = enemies[i]
        if #l < 3 and spells.holdable(t) and not tohit.helpless(t) then l[#l + 1] = t end
      end
      if #l >= 2 then return "hold_person", l end
    end
    return nil
  end
  if c:has_tag("magic-user") then
    if spells.can_cast(c, "sleep") then
      local l, n = {}, 0
      for i = 1, #enemies do
        local t = enemies[i]
        if spells.sleep_band(t) and not t:has_tag("undead") and not tohit.helpless(t) then
          n = n + 1
          l[#l + 1] = t
        end
      end
      if n >= 3 then return "sleep", l end
    end
    if spells.can_cast(c, "magic_missile") then
      local t = M.pick(c, "spell")
      if t then return "magic_missile", { t } end
    end
  end
  return nil
end

local function spell_done(c, r)
  local cast = r.cast
  r.cast = nil
  c:remove_condition("casting")
  c:spend(cast.spell)
  local targets = {}
  for _, t in ipairs(cast.targets) do
    if cast.spell == "cure_light_wounds" or cast.spell == "bless" or not out(t) then targets[#targets + 1] = t end
  end
  if #targets == 0 then
    note("%s's %s has no target left", id(c), cast.spell)
    return
  end
  local what = spells.effect(cast.spell, c, targets)
  note("%s casts %s: %s", id(c), cast.spell, what)
  if cast.spell == "sleep" or cast.spell == "hold_person" then
    local lvl = lib.level(c)
    for _, t in ipairs(targets) do
      if t:has("asleep") and cast.spell == "sleep" then M.timed(t, "asleep", 5 * lvl) end
      if t:has("held") and cast.spell == "hold_person" then M.timed(t, "held", 4 + lvl) end
    end
  elseif cast.spell == "bless" then
    for _, t in ipairs(targets) do M.timed(t, "blessed", 6) end
  end
end

-- 1E-CAST-02/-03: a hit on a caster before the spell is done spoils it.
function M.spoil(c, why)
  local r = rec(c)
  if not r.cast then return end
  note("%s's %s is spoiled (%s)", id(c), r.cast.spell, why)
  c:spend(r.cast.spell)
  r.cast = nil
  r.skip = true -- the round went into the lost spell
  c:remove_condition("casting")
end

-- Before the spell of a caster whose side won (or tied) completes, engaged
-- intelligent enemies whose blow lands first (1E-STRIKE-03) strike.
local function interrupts(c, r)
  local s = S()
  local cast = r.cast
  local info = spells.list[cast.spell]
  for _, e in ipairs(fight.enemies(c)) do
    if not r.cast then return end
    local re = rec(e)
    if valid(e) and not re.acted and engaged(e, c) and lib.ability(e, "int", 0) >= 5 and not tohit.helpless(e) then
      local a = attacks(e)
      local wsf = a.melee[1] and lib.wsf(a.melee[1])
      if wsf then
        local loser_die = s.loser and s.init[s.loser] or 0
        local first = spells.lands_first({ melee = true, caster_won = true, wsf = wsf, loser_die = loser_die,
                                           casting_time = info.time, tied = s.tied })
        if first then
          re.acted, re.skip = true, true
          strike(e, c, a.melee[1], 0, 1)
        end
      end
    end
  end
end

local function cast_now(c, r, round)
  local info = spells.list[r.cast.spell]
  local s = S()
  if round > 0 and (s.winner == r.side or s.tied) then interrupts(c, r) end
  if not r.cast or out(c) then return true end
  if info.time >= 10 and round > 0 then
    r.cast.at_round_end = true
    return true
  end
  spell_done(c, r)
  return true
end

-- ------------------------------------------------------------ turning
-- undead_kind(c): the undead type c's first "undead:<type>" tag names, or
-- nil (fight.tag_suffix: its tags searched in Go).
local tag_suffix = fight.tag_suffix
local function undead_kind(c) return tag_suffix(c, "undead:") end

local function try_turning(c, r)
  if not fight.has_any_tag(c, "cleric", "paladin") then return false end
  r.turn = r.turn or {}
  if not turning.may_try(r.turn) then return false end
  local groups, by, group = {}, {}, {}
  local enemies = fight.enemies(c)
  for j = 1, #enemies do
    local e = enemies[j]
    if e:has_tag("undead") and valid(e) then
      local kind = undead_kind(e)
      if kind then
        local g = group[kind]
        if not g then
          by[kind] = {}
          g = { kind, 0 }
          group[kind] = g
          groups[#groups + 1] = g
        end
        by[kind][#by[kind] + 1] = e
        g[2] = g[2] + 1
      end
    end
  end
  if #groups == 0 then return false end
  local res = turning.attempt(lib.level(c), groups, { paladin = c:has_tag("paladin"), evil = c:has_tag("evil") })
  r.turn.tries = (r.turn.tries or 0) + 1
  if not res.success then
    r.turn.failed = true
    note("%s tries to turn undead (d20 %d): no effect", id(c), res.roll)
    return true
  end
  local total = 0
  for _, a in ipairs(res.affected) do
    local list = by[a[1]]
    for i = 1, a[2] do
      local u = list[i]
      if a[3] == "destroyed" then
        fight.kill(u, c)
      else
        u:add_condition(a[3] == "commanded" and "commanded" or "turned", { source = id(c) })
        leave(u)
      end
      rec(u).turned = true
      total = total + 1
    end
  end
  r.turn.remaining = #groups > #res.affected or total < fight.enemy_count(c)
  note("%s turns undead (d20 %d): %d affected", id(c), res.roll, total)
  return true
end

-- ------------------------------------------------------------ moving
-- Would t spend its action on a blow (not casting, not turning undead)?
local function wants_melee(t)
  local rt = rec(t)
  if rt.cast then return false end
  if (t:has_tag("cleric") or t:has_tag("paladin")) and turning.may_try(rt.turn or {}) then
    for _, e in ipairs(fight.enemies(t)) do
      if e:has_tag("undead") then return false end
    end
  end
  return true
end

-- charge_blows(c, r, t): the melee at the end of c's charge on t (t nil:
-- none in reach): the defender's set weapon or longer weapon strikes first
-- (1E-MOVE-04/-05), then c's routine with the charge's +2.
local function charge_blows(c, r, t, w)
  local s = S()
  r.last_charge = s.round
  r.closed_this_round = true
  c:add_condition("charging", CHARGE)
  note("%s charges", id(c))
  -- a creature still in its surprise segments cannot react
  local can_react = t and valid(t) and not tohit.helpless(t) and wants_melee(t)
    and not (s.round == 0 and (rec(t).lost or 0) >= fight.segment())
  if can_react then
    local ta = attacks(t)
    local tw = ta.melee[1] and lib.weapon(ta.melee[1])
    local mine = w and w.length or 0
    if t:has("set_weapon") and tw then
      t:remove_condition("set_weapon")
      rec(t).acted, rec(t).skip = true, true
      note("%s's set %s meets the charge", id(t), tw.name)
      strike(t, c, ta.melee[1], 0, moves.set_multiplier)
    elseif tw and (tw.length or 0) > mine and not rec(t).acted and not ta.multi then
      rec(t).acted, rec(t).skip = true, true
      strike(t, c, ta.melee[1], 0, 1)
    end
  end
  if not out(c) then M.routine(c, moves.charge_bonus, 1, enc.mapped() and t or nil) end
end

-- ------------------------------------------------------------ on the map
-- room(c, t): may c still join the melee on t (1E-MELEE-02, TBL-OPPONENTS:
-- the most attackers of each size one defender can have)? Each ally of c
-- in striking range of t fills 1/max of t's room for its size.
local SIZE = { S = "S", M = "M", L = "L" }
local function size_of(x) return SIZE[x:get("size")] or "M" end
local function room(c, t)
  if engaged(c, t) then return true end
  local used = 0
  for _, a in ipairs(fight.enemies(t)) do
    if a ~= c and engaged(a, t) then used = used + 1 / melee.max_attackers(size_of(t), size_of(a)) end
  end
  return used + 1 / melee.max_attackers(size_of(t), size_of(c)) <= 1 + 1e-9
end

-- foe_to_close(c) -> the enemy c closes with: the nearest with room for it
-- (ties: the fewest hit points, then fight order), or nil.
local function foe_to_close(c)
  local best, bd, bhp
  for _, t in ipairs(fight.enemies(c)) do
    if valid(t) then
      local d, hp = fight.distance(c, t), t:get("hp")
      -- room is asked only of an enemy that would be the better choice
      if (not bd or d < bd or (d == bd and hp < bhp)) and room(c, t) then best, bd, bhp = t, d, hp end
    end
  end
  return best
end

-- allowance(c, inches, per_segment, take) -> the whole squares c may move
-- now at a rate of inches a round: all of them in a round, a tenth in a
-- surprise segment, the fractions carried over from segment to segment
-- (take: spend them).
local function allowance(c, inches, per_segment, take)
  if not per_segment then return math.floor(inches) end
  local r = rec(c)
  local tenths = (r.seg_tenths or 0) + inches
  local n = math.floor(tenths / 10)
  if take then r.seg_tenths = tenths - 10 * n end
  return n
end

-- close_on_map(c, r, per_segment, rate, move, w): c charges the enemy it
-- picks when a path within its charge rate ends in striking range (one
-- charge a turn, 1E-MOVE-04), else closes with it at its base rate
-- (1E-MOVE-01: no melee that round).
local function close_on_map(c, r, per_segment, rate, move, w)
  local t = foe_to_close(c)
  if not t then return false end
  local name = attacks(c).melee[1] or attacks(c).multi[1]
  if rate and moves.can_charge(r.last_charge, S().round) then
    local run = allowance(c, rate, per_segment, false)
    local p = fight.path(c, t, { budget = run, attack = name })
    if p.ok then
      allowance(c, rate, per_segment, true)
      if #p.path > 0 then fight.move(c, t, { path = p.path, budget = run }) end
      if out(c) then return true end
      charge_blows(c, r, engaged(c, t) and t or nil, w)
      return true
    end
  end
  local walk = allowance(c, move, per_segment, true)
  if walk > 0 then fight.move(c, t, { budget = walk, attack = name }) end
  r.closed_this_round = true
  return true
end

local function charge_or_close(c, r, per_segment)
  local move = lib.ability(c, "move", 12)
  local s = S()
  local ft = move * 10
  if per_segment then ft = move end
  local a = attacks(c)
  local w = a.melee[1] and lib.weapon(a.melee[1])
  -- F. a piercing weapon is set against a charge instead of closing.
  if moves.can_set(w) and not per_segment and not c:has("set_weapon") and c:has_tag("sets_weapon") then
    c:add_condition("set_weapon", SET)
    note("%s sets %s against a charge", id(c), w.name)
    return true
  end
  if enc.mapped() then
    local rate = moves.charge_rate(move, { encumbered = c:has("encumbered"), outdoors = enc.config.outdoors,
                                           quadruped = c:has_tag("quadruped") })
    return close_on_map(c, r, per_segment, rate, move, w)
  end
  local rate = moves.charge_rate(move, { encumbered = c:has("encumbered") })
  local charge_ft = rate and rate * 10 or ft
  if per_segment then charge_ft = rate and rate or ft end
  if rate and moves.can_charge(r.last_charge, s.round) and r.gap - charge_ft <= moves.charge_reach_ft then
    r.gap = 0
    charge_blows(c, r, M.pick(c, "melee"), w)
    return true
  end
  r.gap = moves.close(r.gap, per_segment and move / 10 or move)
  r.closed_this_round = true
  return true
end

-- ------------------------------------------------------------ devices
-- 1E-CAST-04: a wand's spell-like effect goes off in the user's turn and
-- no hit can spoil it; casters in melee use one when they have it. A wand
-- of magic missiles [K] shoots 2 missiles (1d4+1 each) a charge.
M.devices = { wand_of_magic_missiles = { missiles = 2 } }
local function use_device(c)
  for name, d in pairs(M.devices) do
    local res = c:resource(name)
    if res and res.current > 0 then
      local t = M.pick(c, "spell")
      if not t then return false end
      c:spend(name)
      local total = 0
      for _ = 1, d.missiles do total = total + dice.total("1d4+1") end
      note("%s uses a %s on %s: %d", id(c), name:gsub("_", " "), id(t), total)
      fight.tally(c, true)
      fight.damage(t, total, "force", c)
      return true
    end
  end
  return false
end
M.use_device = use_device

-- ------------------------------------------------------------ the turn
local function backstab_opts(c, t)
  if not classes.can_backstab(c) then return 0, 1 end
  if t:has("surprised") and fight.round() == 0 then
    return classes.backstab_bonus, classes.backstab_multiplier(lib.level(c))
  end
  return 0, 1
end

-- act(c, round, e): the creature's action this turn.
function M.act(c, round)
  local r = enc.state.by[c] or rec(c)
  r.acted = true
  if r.skip then return end
  if r.cast then
    cast_now(c, r, round)
    return
  end
  if try_turning(c, r) then return end
  local caster = c:has_tag("caster")
  -- surprise segments: casters with 1-segment spells cast at once
  if round == 0 and caster then
    local sp, targets = M.choose_spell(c, round)
    if sp and spells.list[sp].time <= 1 then
      r.cast = { spell = sp, targets = targets }
      spell_done(c, r)
      return
    end
  end
  local a = r.attacks or attacks(c)
  local near, enemies = any_engaged(c) -- use_device changes nothing when it does not use one
  if caster and near and use_device(c) then return end
  if near and (#a.melee > 0 or a.multi) then
    if round == 0 then
      local t = M.pick(c, "melee", enemies)
      -- 1E-SURP-05: each surprise segment is a whole round of attacks.
      local bonus, mult = backstab_opts(c, t)
      if c:has_tag("assassin") and t and t:has("surprised") and not tohit.helpless(t) then
        local res = classes.assassinate(lib.level(c), classes.victim_level(t))
        M.routine(c, bonus, mult)
        if res.killed and not out(t) then
          note("%s assassinates %s (d%% %d <= %d)", id(c), id(t), res.roll, res.chance)
          fight.kill(t, c)
        end
        return
      end
      local n = melee.routines(c, 1)
      for k = 1, n do M.routine(c, bonus, mult, nil, k == 1 and enemies or nil) end
      return
    end
    local n = r.routines or 1
    local now = n - (r.done or 0)
    if n >= 2 then now = now - 1 end
    for k = 1, now do M.routine(c, 0, 1, nil, k == 1 and enemies or nil) end -- none when now <= 0
    return
  end
  local mt = #a.missile > 0 and M.pick(c, "missile")
  if mt then
    local shots = missile_shots(c, math.max(round, 1))
    if round == 0 then shots = 3 * shots end
    if shots > 0 and shoot(c, shots, mt) then return end
  end
  -- magic-users and illusionists stay back (C. await) rather than close
  if (#a.melee > 0 or a.multi) and not fight.has_any_tag(c, "magic-user", "illusionist") then
    charge_or_close(c, r, round == 0)
  end
end

-- ------------------------------------------------------------ morale
-- The side-wide triggers that hold now (TBL-MORALE-WHEN, 1e.morale.held)
-- and whether any is new since the last check.
local tally_buf = {} -- a side's tally, written over for each side (morale.held)
local function side_triggers(side, counts)
  local s = S()
  s.mtrig = s.mtrig or {}
  local seen = s.mtrig[side] or {}
  s.mtrig[side] = seen
  local hold, t = morale.held(s.list, side, counts, tally_buf)
  local new = false
  for _, h in ipairs(hold) do
    if not seen[h] then
      seen[h] = true
      new = true
    end
  end
  -- faced by obviously superior force: twice the attacks last round
  local atk = s.atk_last or NONE
  local mine, theirs = atk[side] or 0, 0
  for sname, n in pairs(atk) do
    if sname ~= side then theirs = theirs + n end
  end
  if theirs > 0 and theirs >= 2 * math.max(mine, 1) then
    new = true
    hold[#hold + 1] = "superior"
  end
  return hold, new, t
end

local function morale_round()
  local s = enc.state
  local order, by = s.side_order, s.by
  -- the sides' counts, counted again only after a failed check (it takes
  -- creatures out)
  local counts
  for k = 1, #order do
    local side = order[k]
    counts = counts or morale.counts(s.list)
    local hold, new, tally = side_triggers(side, counts)
    local members = s.sides[side]
    for i = 1, #members do
      local c = members[i]
      if not out(c) and morale.checks(c) and not tohit.helpless(c) then
        local r = by[c] or rec(c)
        local own_new = false
        local w = morale.wounds(c:get("hp"), c:get("max_hp"))
        if w and r.wound_seen ~= w then
          r.wound_seen = w
          own_new = true
        end
        if new or own_new then
          local res = morale.check(c:ability("morale"), morale.mods(c, hold, tally))
          if not res.held then
            note("%s fails morale (d%% %d -> %d vs %d): %s", id(c), res.roll, res.total, res.score, res.reaction)
            morale.apply(c, res, leave)
            counts = nil
          end
        end
      end
    end
  end
end

-- ------------------------------------------------------------ hooks
rules.on("encounter.start", function()
  local s = S()
  s.atk, s.atk_last = {}, {}
  s.timers = {}
  s.doomed = 0 -- deferred deaths (valid)
end, { phase = "declare", priority = -90 })

local routines_of, charging_of, caster_of, CHARGING, CASTER = {}, {}, {}, { "charging" }, { "caster" }
rules.on("round.start", function(e)
  if fight.by_hand() then return end
  local s = S()
  local round = e.round
  s.round = round
  s.atk_last = s.atk or {}
  s.atk = {}
  -- this round's initiative
  s.init = fight.initiative()
  s.tied, s.winner, s.loser = false, nil, nil
  local a, b = s.side_order[1], s.side_order[2]
  if round > 0 and a and b and s.init[a] and s.init[b] then
    if s.init[a] == s.init[b] then
      s.tied = true
    elseif s.init[a] > s.init[b] then
      s.winner, s.loser = a, b
    else
      s.winner, s.loser = b, a
    end
  end
  local list, by = s.list, s.by
  -- each creature's routines (melee.routines) and whether it is charging,
  -- asked of the whole list at once; only a charger has the condition to
  -- remove
  local routines = melee.routines_each(list, math.max(round, 1), routines_of)
  local charging = fight.has_any_each(list, CHARGING, charging_of)
  for i = 1, #list do
    local c = list[i]
    local r = by[c] or rec(c)
    r.acted = false
    r.skip = false
    r.done = 0
    r.closed_this_round = false
    r.routines = routines[i]
    if charging[i] then c:remove_condition("charging") end
  end
  if round >= 2 then morale_round() end
  if round == 0 then return end
  -- casters declare their spells (M.choose_spell is asked of casters only;
  -- which are, of the whole list at once)
  local casters = fight.has_any_tag_each(list, CASTER, caster_of)
  for i = 1, #list do
    local c = list[i]
    local r = by[c] or rec(c)
    if not r.cast and casters[i] and not out(c) and not tohit.helpless(c) then
      local sp, targets = M.choose_spell(c, round)
      if sp then
        r.cast = { spell = sp, targets = targets }
        c:add_condition("casting", { source = sp })
      end
    end
  end
  if s.tied or not s.winner then return end
  -- 1E-INIT-06: shooters whose Dexterity beats the other side's die
  local losers, winners = s.sides[s.loser], s.sides[s.winner]
  for i = 1, #losers do
    local c = losers[i]
    local r = by[c] or rec(c)
    if not out(c) and #(r.attacks or attacks(c)).missile > 0 and not r.cast and c:has_tag("pc") and not any_engaged(c)
       and initiative.fires_before(s.init[s.loser], lib.dex(c), s.init[s.winner]) then
      r.acted, r.skip = true, true
      shoot(c, missile_shots(c, round))
    end
  end
  for i = 1, #winners do
    local c = winners[i]
    local r = by[c] or rec(c)
    if #(r.attacks or attacks(c)).missile > 0 and c:has_tag("pc")
       and not initiative.fires_before(s.init[s.winner], lib.dex(c), s.init[s.loser]) then
      r.fire_late = true
    end
  end
  -- 1E-INIT-05: first routines, the winner's multi-attackers first
  for k = 1, 2 do
    local side = k == 1 and winners or losers
    for i = 1, #side do
      local c = side[i]
      local r = by[c] or rec(c)
      if r.routines >= 2 and not out(c) and not r.cast then
        local near, enemies = any_engaged(c)
        if near and not tohit.helpless(c) then M.routine(c, 0, 1, nil, enemies) end
      end
    end
  end
end, { phase = "declare" })

rules.on("turn.act", function(e)
  if e.acted or fight.by_hand() then return end
  local c = e.fighter
  local r = enc.state.by[c] or rec(c)
  e.acted = true
  if r.fire_late and not any_engaged(c) then
    r.acted = true
    return
  end
  local round = e.round
  if round > 0 and c:has_tag("strikes_last") then
    r.acted, r.last = true, true
    return
  end
  M.act(c, round)
end)

-- (undoom: a deferred death is done, counted off enc.state.doomed)
local function undoom(s, r)
  r.doomed = false
  if s.doomed then s.doomed = s.doomed - 1 end
end

rules.on("turn.end", function(e)
  local s = enc.state
  if s.doomed == 0 then return end
  local c = e.fighter
  local r = s.by[c] or rec(c)
  if r.doomed then
    undoom(s, r)
    fight.down(c)
  end
end)

rules.on("round.end", function(e)
  if fight.by_hand() then return end
  local s = enc.state
  local by = s.by
  for k = 1, 2 do
    local name
    if k == 1 then name = s.winner or s.side_order[1] else name = s.loser or s.side_order[2] end
    local side = s.sides[name] or NONE
    for i = 1, #side do
      local c = side[i]
      local r = by[c] or rec(c)
      -- (whether anything is left to do is read before the kernel is asked)
      if (r.last or r.fire_late or (r.cast and r.cast.at_round_end)
          or ((r.routines or 1) >= 2 and (r.done or 0) < r.routines))
         and not out(c) and not tohit.helpless(c) then
        if r.last then
          r.last = false
          M.act(c, e.round)
        elseif r.fire_late then
          r.fire_late = false
          if #attacks(c).missile > 0 then shoot(c, missile_shots(c, e.round)) end
        elseif r.cast and r.cast.at_round_end then
          spell_done(c, r)
        elseif (r.routines or 1) >= 2 and (r.done or 0) < r.routines then
          local near, enemies = any_engaged(c)
          if near then M.routine(c, 0, 1, nil, enemies) end
        end
      end
    end
  end
  local list = s.list
  if s.doomed ~= 0 then
    for i = 1, #list do
      local c = list[i]
      local r = by[c] or rec(c)
      if r.doomed then
        undoom(s, r)
        fight.down(c)
      end
    end
  end
  tick_timers()
end)

-- 1E-INIT-03: in a tied round a creature killed before it acted still
-- strikes (its death waits for the end of its turn), unless both use
-- weapons and the killer's is faster (1E-STRIKE-01) and the killing blow
-- is not one that falls with the slower weapon's (1E-STRIKE-02).
rules.on("creature.down", function(e)
  local s = S()
  local t = e.target
  local r = rec(t)
  if not s.tied or s.round == 0 or r.acted or not e.attacker then return end
  local killer_wsf = e.attack and lib.wsf(e.attack)
  local ta = attacks(t)
  local target_wsf = (not ta.multi) and ta.melee[1] and lib.wsf(ta.melee[1]) or nil
  if M.pending.simultaneous then killer_wsf = nil end
  if initiative.still_strikes(true, false, killer_wsf, target_wsf) then
    if not r.doomed and s.doomed then s.doomed = s.doomed + 1 end
    r.doomed = true
    r.past_zero = math.max(r.past_zero or 0, e.past_zero or 0)
    rules.cancel(e, "strikes back in a tied round")
  end
end, { phase = "declare" })

-- ------------------------------------------------------------ breaking off
-- Breaking off from melee ([K] DMG p. 70; 1E-AVOID-01 names the section,
-- the seed does not print it): a creature may break off and flee, but each
-- opponent whose striking range it leaves gets a free attack routine at
-- it, "a rear attack upon a stunned opponent": +4 (TBL-SPECIAL-TOHIT's
-- stunned row) and no shield or Dexterity (1E-UNARMED-10). Then the
-- creature moves on at its full rate. On a map the kernel says when
-- (combat.space.opportunity, a step out of reach: move.reach); this hook
-- makes the routine in place of the kernel's one attack. A helpless
-- opponent, or one still in its surprise segments, makes none.
function M.free_attack(h, x)
  if out(h) or out(x) or tohit.helpless(h) then return false end
  local lost = rec(h).lost or 0
  if S().round == 0 and lost > 0 and lost >= fight.segment() then return false end
  local list = routine_of(h, x)
  if not list then return false end
  note("%s breaks off from %s: a free attack", id(x), id(h))
  local p = M.pending
  for _, name in ipairs(list) do
    if out(x) or out(h) then break end
    p.rear = true
    strike(h, x, name, tohit.free_attack_bonus(), 1)
    p.rear = false
  end
  return true
end

rules.on("move.reach", function(e)
  rules.cancel(e, "1e: a free attack routine instead")
  M.free_attack(e.hostile, e.mover)
end)

-- Situational to-hit: the pending strike's bonus, special bonuses against
-- the target's state (TBL-SPECIAL-TOHIT), the attacker's intoxication
-- (1E-INTOX-02), the attack being rolled (for
-- combat.attack.needed), attacks per side (morale).
-- (Each field of the event is read once: a read asks the kernel.)
rules.on("attack.roll", function(e)
  local s = enc.state
  local p = M.pending
  local cur = tohit.current
  local attacker = e.attacker
  cur.ranged = e.ranged
  cur.weapon = lib.weapon(e.attack)
  cur.rear = p.rear
  local b = p.bonus
  local target = e.target
  local sp = tohit.special(target)
  -- the result hook below reads it again for this roll (the same target)
  p.special, p.special_of = sp, target
  -- a free attack's +4 is the stunned row itself: the better one counts
  if sp ~= "auto" then b = p.rear and math.max(b, sp) or b + sp end
  if attacker:has("intoxicated") then b = b + afflictions.attack_penalty(attacker) end
  if b ~= 0 then e.bonus = e.bonus + b end
  local side = (s.by[attacker] or rec(attacker)).side
  if side and s.atk then s.atk[side] = (s.atk[side] or 0) + 1 end
end, { phase = "modify" })

-- An automatic hit (TBL-SPECIAL-TOHIT): the modify hook's tohit.special
-- of this roll's target, asked again only of a roll it did not see.
rules.on("attack.roll", function(e)
  local p = M.pending
  local t = e.target
  local sp
  if p.special_of == t then sp = p.special else sp = tohit.special(t) end
  p.special, p.special_of = nil, nil
  if sp == "auto" and not e.hit then e.hit = true end
end, { phase = "result" })

-- Damage: the pending multiplier (backstab, set weapon), weapons that
-- cannot hurt the target (1E-TOHIT-04).
rules.on("damage.roll", function(e)
  local p = M.pending
  if p.mult ~= 1 then e.damage = e.damage * p.mult end
  local a = e.attacker
  if a and not tohit.can_hurt(a, lib.weapon(e.attack), e.target) then e.damage = 0 end
end)

rules.on("damage.apply", function(e)
  local t = e.target
  if e.hp_lost > 0 or e.damage > 0 then
    local s = enc.state
    local r = s.by[t] or rec(t)
    r.hurt_round = r.hurt_round or s.round
    if t:has("casting") and e.damage > 0 then M.spoil(t, "hit") end
  end
end, { phase = "after" })

rules.define("1e.tactics", M)
return M
