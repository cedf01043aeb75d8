-- Tactics for 5e fights that play themselves (require("core.5e.tactics")).
--
-- A creature with class features or a monster with special actions gets a
-- kit: hooks scoped to it that run its turn in the 2024 action economy
-- (turn.end only once the kit has something to do there: a follow-up, a
-- Bonus Action after the Action, an end-of-turn handler or a hit log).
--
--   turn.start  roll the recharge of its "roll" resources and refill its
--               "turn" resources, when it has any (c:start_turn; the fight
--               engine refills the Reaction, the action slot that Shield
--               and Uncanny Dodge spend with fight.spend), then the
--               features' start-of-turn upkeep (Shield, Reckless Attack and
--               Sap ending)
--   turn.act    one Bonus Action that should come first (Rage, Second Wind
--               when low, Healing Word or Lay on Hands on a dying ally), then
--               the Action: the first feature action whose test passes (Fire
--               Breath when recharged and the enemies are grouped, Turn
--               Undead, Cure Wounds, stabilising a dying ally, ...); else the
--               Attack action, which the fight engine makes (the creature's
--               multiattack or Extra Attack, its side's target choice, at Go
--               speed) unless an extra action (Action Surge) is taken this
--               turn, an enemy is immune to the attack's damage type, or an
--               enemy lies at 0 HP waiting to regenerate: then the kit makes
--               the attacks with fight.strike and its own target choice
--   turn.end    (after phase) what follows the attacks: the features'
--               follow-ups on this turn's hits and misses (Divine Smite,
--               Cleave, Graze, the Light property's extra attack), a Bonus
--               Action that comes after the Action (Cunning Action or Nimble
--               Escape: Hide), then end-of-turn upkeep
--
-- Per-hit effects (Sneak Attack, Rage damage, weapon masteries) are
-- damage.roll hooks on the creature: they fire whoever makes the attack
-- (engine or kit). The hits of a turn are logged for the follow-ups by
-- tactics.track_hits; they act at the end of the turn rather than right
-- after the hit (Divine Smite then goes to a target still standing).
--
-- Choices are settings, looked up in this order: the stat block's `plan`
-- table (per creature), the side's table given to tactics.side(name, {...})
-- in the encounter file (per side), the defaults a feature gave its kit,
-- then tactics.defaults. Settings:
--
--   target             for the attacks the kit makes itself: "lowest_hp"
--                      (focus the weakest enemy), "first", "random", or
--                      function(self, enemies, attack) -> enemy; when neither
--                      the plan, the stat block's `tactics` field nor the side
--                      names one, the rules' definition tactics.default (the
--                      engine's own attacks use the stat block's and side's
--                      `tactics` fields, as for any creature)
--   second_wind_below  Second Wind at or below this fraction of max HP (0.5)
--   heal_below         heal a conscious ally at or below this fraction (0.25)
--   revive             heal a dying ally back into the fight (true)
--   stabilise          spend the Action on a DC 10 Wisdom (Medicine) check to
--                      stabilise a dying ally it cannot heal (false; healers true)
--   breath_min_targets use a breath weapon when at least this many enemies
--                      are left (2): fights have no positions, so "grouped"
--                      means "enough enemies left for the area to catch"
--   breath_max_targets how many of them the area catches (3)
--   action_surge, rage, reckless, hide, uncanny_dodge, shield  (true)
--   smite              "survivor" (a target still standing at the end of the
--                      turn, a critical hit first), "crit", "always", "never"
--   magic_missile      "finish" (when the darts can finish an enemy), "always"
--                      or "never"
--   slot_reserve       level 1 slots a caster with Shield keeps for it (1)
--   turn_undead_min    Turn Undead when at least this many Undead enemies are
--                      not turned (2)
--   bless              cast Bless (Concentration) when nobody needs healing
--                      (false: the slots are kept for healing)
--   dodge_below        take the Dodge action instead of attacking at or below
--                      this fraction of max HP when no other action applies
--                      (false: never)
--
-- Keep hooks cheap: only creatures with a kit pay for it.
local rules = require("rules")
local fight = require("fight")
local hooks = require("core.5e.hooks")
local util = require("core.5e.util")
local effects = require("core.5e.effects")

local M = {}

M.defaults = {
  second_wind_below = 0.5,
  heal_below = 0.25,
  revive = true,
  stabilise = false,
  breath_min_targets = 2,
  breath_max_targets = 3,
  action_surge = true,
  rage = true,
  reckless = true,
  hide = true,
  uncanny_dodge = true,
  shield = true,
  smite = "survivor",
  magic_missile = "finish",
  slot_reserve = 1,
  turn_undead_min = 2,
  bless = false,
  dodge_below = false,
}

-- Per-side settings, by side name.
M.sides = {}

-- side(name, settings) overrides settings for every kit creature of a side.
function M.side(name, settings)
  M.sides[name] = settings
  return settings
end

-- side_of caches each creature's side name (a fight's creatures keep
-- theirs). The caches of what every trial of a fight shares are memo
-- tables (rules.memo): a trial's end leaves them filled, so the next trial
-- does not work the same facts out again.
local memo = rules.memo
local side_names = memo()
local function side_of(c)
  local s = side_names[c]
  if s == nil then
    s = c:get("side")
    side_names[c] = s
  end
  return s
end
M.side_of = side_of

-- id_of and max_hp_of cache a creature's id and hit point maximum (the
-- maximum once a trial: a drain is what a trial changes).
local ids, maxes = memo(), {}
local function id_of(c)
  local s = ids[c]
  if s == nil then
    s = c:get("id")
    ids[c] = s
  end
  return s
end
local function max_hp_of(c)
  local n = maxes[c]
  if n == nil then
    n = c:get("max_hp")
    maxes[c] = n
  end
  return n
end

-- setting(self, kit, key) looks a setting up (plan, side, kit, defaults).
local function setting(self, kit, key)
  local plan = kit.stat.plan
  if plan then
    local v = plan[key]
    if v ~= nil then return v end
  end
  local s = M.sides[side_names[self] or side_of(self)]
  if s then
    local v = s[key]
    if v ~= nil then return v end
  end
  local v = kit.defaults[key]
  if v ~= nil then return v end
  return M.defaults[key]
end

-- attack_info(kit, name) is the stat block's attack entry called name.
local function attack_info(kit, name)
  local i = kit.info[name]
  if i ~= nil then return i or nil end
  for _, a in ipairs(kit.stat.attacks or {}) do
    if a.name == name then
      kit.info[name] = a
      return a
    end
  end
  kit.info[name] = false
  return nil
end

-- sequence(kit) is the list of attack names of one Attack action.
local function sequence(kit)
  if kit.sequence then return kit.sequence end
  local stat = kit.stat
  if stat.multiattack then return stat.multiattack end
  local one = kit.one_attack -- made once: {name of the first attack}
  if one == nil or one[1] ~= stat.attacks[1].name then
    one = { stat.attacks[1].name }
    kit.one_attack = one
  end
  return one
end

-- pick(self, kit, enemies, attack) chooses the target of an attack the kit
-- makes. lowest_hp skips enemies at 0 hit points that are still in the
-- fight (a troll waiting to regenerate) unless the attack deals the fire
-- or acid damage that stops it, in which case such an enemy comes first.
local function pick(self, kit, enemies, attack)
  local plan = kit.stat.plan
  local how = plan and plan.target
  if how == nil then how = kit.stat.tactics end
  if how == nil then how = setting(self, kit, "target") end
  if how == nil then how = rules.get("tactics.default", "lowest_hp") end
  if how ~= "lowest_hp" then -- the usual choice skips the tests of the others
    if type(how) == "function" then return how(self, enemies, attack) end
    if how == "first" then return enemies[1] end
    if how == "random" then return enemies[math.random(#enemies)] end
  end
  local info = attack and attack_info(kit, attack)
  local burns = info and (info.type == "fire" or info.type == "acid")
  local best, bh
  for i = 1, #enemies do
    local c = enemies[i]
    local h = c:get("hp")
    if h <= 0 then
      if burns then return c end
    elseif best == nil or h < bh then
      best, bh = c, h
    end
  end
  return best or enemies[1]
end

-- foes_immune(self, typ): whether any enemy of self in its fight is immune
-- to a damage type (cached per creature and type).
local immune_foes = memo()
local function foes_immune(self, typ)
  local t = immune_foes[self]
  if t == nil then
    t = {}
    immune_foes[self] = t
  end
  local v = t[typ]
  if v == nil then
    v = false
    local side = side_of(self)
    for _, c in ipairs(fight.all()) do
      if side_of(c) ~= side and util.immune(c, typ) then v = true end
    end
    t[typ] = v
  end
  return v
end

-- foes_tagged(self, tag): whether any enemy of self in its fight has a tag
-- (cached per creature and tag).
local tagged_foes = memo()
local function foes_tagged(self, tag)
  local t = tagged_foes[self]
  if t == nil then
    t = {}
    tagged_foes[self] = t
  end
  local v = t[tag]
  if v == nil then
    v = false
    local side = side_of(self)
    for _, c in ipairs(fight.all()) do
      if side_of(c) ~= side and c:has_tag(tag) then v = true end
    end
    t[tag] = v
  end
  return v
end

-- downed_foe(self): an enemy lies at 0 HP but is still in the fight (a
-- creature tagged "regeneration", such as a troll): the engine's target
-- choice would waste attacks on it, the kit's own skips it unless it burns.
local function downed_foe(self)
  if not foes_tagged(self, "regeneration") then return false end
  local enemies = fight.enemies(self) -- a fresh list: a numeric loop is ipairs without its calls
  for i = 1, #enemies do
    if enemies[i]:get("hp") <= 0 then return true end
  end
  return false
end

-- choose(self, kit, enemies, name) picks the target of attack name and,
-- when every enemy is immune to its damage type, another attack of the
-- stat block that some enemy is not immune to (the wizard's quarterstaff
-- against a red dragon). Returns target, attack name.
local function choose(self, kit, enemies, name)
  local a = attack_info(kit, name)
  local typ = a and a.type
  if typ == nil or not foes_immune(self, typ) then return pick(self, kit, enemies, name), name end
  local ok = {}
  for i = 1, #enemies do
    if not util.immune(enemies[i], typ) then ok[#ok + 1] = enemies[i] end
  end
  if #ok > 0 then return pick(self, kit, ok, name), name end
  for _, b in ipairs(kit.stat.attacks) do
    if b.type ~= typ and not b.variant then
      for i = 1, #enemies do
        if not util.immune(enemies[i], b.type) then return pick(self, kit, enemies, b.name), b.name end
      end
    end
  end
  return pick(self, kit, enemies, name), name
end

-- strike_at(self, kit, ctx, target, name [, adv]) makes one attack;
-- returns the fight.strike record.
-- On a map the creature first gets where the attack reaches, as the
-- kernel's own turns do (fight.approach: moving with the movement it has
-- left, or switching to an attack that reaches, or Dashing on its first
-- attack); nil when no attack can be made this turn.
-- strike_on is strike_at when the caller knows whether the fight has a
-- map (on_map: fight.map() ~= nil).
local function strike_on(on_map, self, ctx, target, name, adv)
  if on_map then
    name = fight.approach(self, target, name, { first = not ctx.attacked })
    ctx.attacked = true
    if name == nil then return nil end
  end
  if adv and adv ~= 0 then return fight.strike(self, target, name, { adv = adv }) end
  return fight.strike(self, target, name)
end

local function strike_at(self, _kit, ctx, target, name, adv)
  return strike_on(fight.map() ~= nil, self, ctx, target, name, adv)
end

-- strike(self, kit, ctx, name) attacks the enemy the kit picks; returns
-- false when no enemy is left.
local function strike(self, kit, ctx, name)
  local on_map = fight.map() ~= nil
  local enemies = on_map and fight.candidates(self) or fight.enemies(self)
  if #enemies == 0 then return false end
  local target, attack = choose(self, kit, enemies, name)
  if target == nil then return false end
  strike_on(on_map, self, ctx, target, attack)
  return true
end

-- attack_action(self, kit, ctx) makes the Attack action with fight.strike: every
-- attack of the sequence (Extra Attack, multiattack).
local function attack_action(self, kit, ctx)
  local seq = sequence(kit)
  for i = 1, #seq do
    if not strike(self, kit, ctx, seq[i]) then return end
  end
end

-- allies_total(self) is the number of creatures on self's side.
local team_sizes = memo()
local function team_size(self)
  local n = team_sizes[self]
  if n == nil then
    n = 0
    local side = side_of(self)
    for _, c in ipairs(fight.all()) do
      if side_of(c) == side then n = n + 1 end
    end
    team_sizes[self] = n
  end
  return n
end

-- dying_ally(self [, unstable_only]) is an ally at 0 hit points that is
-- neither dead nor fled: the one with the most death saving throw failures,
-- unstable ones first.
local function dying_ally(self, unstable_only)
  if fight.ally_count(self) == team_size(self) then return nil end
  local side = side_of(self)
  local all = fight.all()
  local best, bf
  for i = 1, #all do
    local a = all[i]
    if a ~= self and side_of(a) == side and fight.is(a, "out") and not fight.is(a, "dead")
      and not fight.is(a, "fled") then
      local stable = fight.is(a, "stable") or a:has("stable")
      if not (stable and unstable_only) then
        local f = stable and -1 or a:level("death_failure")
        if best == nil or f > bf then best, bf = a, f end
      end
    end
  end
  return best
end

-- turn_dying_ally(self, ctx) is dying_ally(self), computed once a turn.
local function turn_dying_ally(self, ctx)
  local v = ctx.dying
  if v and not fight.is(v, "out") then v = nil end -- healed since
  if v == nil then
    v = dying_ally(self) or false
    ctx.dying = v
  end
  return v or nil
end

-- wounded_ally(self, below [, include_self]) is the living ally (self
-- excluded unless include_self) with the lowest fraction of its hit point
-- maximum, if that fraction is at or below `below`.
local function wounded_ally(self, below, include_self)
  local allies = fight.allies(self)
  local best, bf
  for i = 1, #allies do
    local a = allies[i]
    if include_self or a ~= self then
      local f = a:get("hp") / max_hp_of(a)
      if f <= below and (best == nil or f < bf) then best, bf = a, f end
    end
  end
  return best
end

-- grouped(self, kit) is the list of enemies an area effect catches when
-- enough are left (breath_min_targets; the first breath_max_targets by
-- lowest hit points), or nil.
-- On a map the area is aimed (fight.aim: the most enemies, the fewest
-- allies) and catches whom its shape covers: stat.breath.area ("30-foot
-- Cone"); then breath_min_targets is the least number of enemies worth it.
local SHAPES = { cone = "cone", line = "line", sphere = "burst", cube = "cube", cylinder = "burst",
  emanation = "emanation" }

local function area_of(spec)
  local n, shape = tostring(spec.area or ""):match("(%d+)%-foot (%a+)")
  shape = shape and SHAPES[shape:lower()]
  if not shape then return nil end
  return { shape = shape, length = tonumber(n), width = spec.width }
end

local function grouped(self, kit)
  if fight.map() then
    local area = kit.stat.breath and area_of(kit.stat.breath)
    if area then
      local aim = fight.aim(self, area)
      if aim == nil or aim.enemies < math.min(setting(self, kit, "breath_min_targets"), fight.enemy_count(self)) then
        return nil
      end
      local out = {}
      for _, c in ipairs(aim.targets) do
        if c ~= self and not fight.is(c, "dead") then out[#out + 1] = c end
      end
      return out
    end
  end
  local enemies = fight.enemies(self)
  if #enemies < setting(self, kit, "breath_min_targets") then return nil end
  table.sort(enemies, function(a, b) return a:get("hp") < b:get("hp") end)
  local n = setting(self, kit, "breath_max_targets")
  local out = {}
  for i = 1, math.min(n, #enemies) do out[i] = enemies[i] end
  return out
end

local function run_bonus(list, self, kit, ctx)
  for i = 1, #list do
    if ctx.bonus then return end
    local b = list[i]
    local arg = b.when(self, kit, ctx)
    if arg then
      ctx.bonus = b.name
      b.run(self, kit, ctx, arg)
    end
  end
end

local function take_action(self, kit, ctx)
  local list = kit.actions
  for i = 1, #list do
    local a = list[i]
    local arg = a.when(self, kit, ctx)
    if arg then
      ctx.action = a.name
      a.run(self, kit, ctx, arg)
      return true
    end
  end
  return false
end

-- refreshes(stat): whether the stat block has resources that refill at
-- the start of a turn or recharge on a roll (c:start_turn has work).
local function refreshes(stat)
  for _, r in pairs(stat.resources or {}) do
    if type(r) == "table" and (r.recharge == "turn" or r.recharge == "roll") then return true end
  end
  return false
end

local refreshing = memo() -- kit -> refreshes(kit.stat)
local function start(kit, e)
  local self = e.fighter
  local r = refreshing[kit]
  if r == nil then
    r = refreshes(kit.stat)
    refreshing[kit] = r
  end
  if r then self:start_turn() end
  for i = 1, #kit.start do kit.start[i](self, kit, e) end
end

-- clear resets a kit's turn context: the fields a turn sets go back to
-- nil (rules.clear: one call instead of a test and a store per field, the
-- fields that already hold nil left alone), the counters to 0. The turn's
-- creature (self, pending) is act's to set: nil on a turn without an
-- action, else the creature, stored only when it changed (every store of
-- a field allocates).
local TURN_FIELDS = { "bonus", "action", "slot", "surged", "dying", "cleaved", "light_done",
  "reckless", "cleave", "graze_target", "graze_attack", "graze_hit" }
local clear_fields = rules.clear
local function clear(ctx)
  clear_fields(ctx, TURN_FIELDS)
  if ctx.hits ~= 0 then ctx.hits = 0 end
  if ctx.grazes ~= 0 then ctx.grazes = 0 end
end

local function before_attack(self, kit, ctx)
  for i = 1, #kit.before_attack do kit.before_attack[i](self, kit, ctx) end
end

local function act(kit, e)
  local ctx = kit.ctx
  clear(ctx)
  if e.acted then -- Incapacitated: no action, no Bonus Action
    if ctx.self ~= nil then ctx.self = nil end
    if ctx.pending ~= nil then ctx.pending = nil end
    return
  end
  local self = e.fighter
  if ctx.self ~= self then ctx.self = self end
  if ctx.pending ~= self then ctx.pending = self end
  run_bonus(kit.bonus, self, kit, ctx)
  if take_action(self, kit, ctx) then
    e.acted = true
    return
  end
  ctx.action = "attack"
  before_attack(self, kit, ctx)
  local surge
  for i = 1, #kit.extra do
    if kit.extra[i].when(self, kit, ctx) then
      surge = kit.extra[i]
      break
    end
  end
  if surge == nil and not kit.lua_attacks then
    -- the engine attacks, unless an enemy is immune to the attack's damage
    -- or lies at 0 HP waiting to regenerate
    local first = attack_info(kit, sequence(kit)[1])
    if not (first and first.type and foes_immune(self, first.type)) and not downed_foe(self) then return end
  end
  attack_action(self, kit, ctx)
  if surge and fight.enemy_count(self) > 0 then
    surge.run(self, kit, ctx)
    ctx.action = nil
    if not take_action(self, kit, ctx) then
      ctx.action = "attack"
      attack_action(self, kit, ctx)
    end
  end
  e.acted = true
end

local function finish(kit, e)
  local self = e.fighter
  local ctx = kit.ctx
  if ctx.pending == self then
    ctx.pending = nil
    if (#kit.post > 0 or #kit.after > 0) and not util.incapacitated(self) then
      for i = 1, #kit.post do
        if fight.enemy_count(self) == 0 then break end
        kit.post[i](self, kit, ctx)
      end
      if fight.enemy_count(self) > 0 then run_bonus(kit.after, self, kit, ctx) end
    end
  end
  for i = 1, #kit.finish do kit.finish[i](self, kit, e) end
end

-- The generic action of every kit: the Help action's first aid on a dying
-- ally, a DC 10 Wisdom (Medicine) check (5E-ZERO-12; 5e.dying's
-- help_stabilize, proficiency from the tag "skill:medicine"), when the
-- setting stabilise allows it.
local function stabilise_when(self, kit, ctx)
  if not setting(self, kit, "stabilise") then return nil end
  local a = turn_dying_ally(self, ctx)
  if a == nil or fight.is(a, "stable") or a:has("stable") then return nil end
  return a
end

local function stabilise_run(self, _kit, _ctx, ally)
  local dying = rules.get("5e.dying")
  local ok
  if dying then
    ok = dying.help_stabilize(self, ally).stabilized
  else
    ok = util.check(self, "medicine", 10)
  end
  if ok then
    effects.stabilise(ally)
    if fight.tracing() then fight.note(self:get("id") .. " stabilises " .. ally:get("id")) end
  end
end

-- The other generic action: the Dodge action (5e.action_rules.dodge) when
-- the creature is at or below the setting dodge_below of its HP maximum.
local function dodge_when(self, kit)
  local below = setting(self, kit, "dodge_below")
  if not below or fight.enemy_count(self) == 0 then return nil end
  if self:get("hp") / max_hp_of(self) > below then return nil end
  return true
end

local function dodge_run(self)
  rules.need("5e.action_rules").dodge(self)
  if fight.tracing() then fight.note(self:get("id") .. " takes the Dodge action") end
end

local ensure_finish -- below: the kit's turn.end hook, when it has work

-- kit(stat [, opts]) returns the stat block's kit, creating it (and its
-- three hooks) on first use. opts.lua_attacks = true makes the kit make
-- every Attack action itself (with its own target choice, `sequence`).
function M.kit(stat, opts)
  local kit = stat.kit
  if kit == nil then
    kit = {
      stat = stat, defaults = {}, info = memo(), ctx = { hits = 0 }, hitlog = {},
      bonus = {}, actions = {}, extra = {}, after = {}, post = {}, start = {}, finish = {}, before_attack = {},
    }
    stat.kit = kit
    hooks.add(stat, "turn.start", function(e) start(kit, e) end)
    hooks.add(stat, "turn.act", function(e) act(kit, e) end, { phase = "after" })
    if stat.on["turn.end"] ~= nil then ensure_finish(kit, true) end -- its place: after those
    M.action(kit, { name = "stabilise", when = stabilise_when, run = stabilise_run, last = true })
    M.action(kit, { name = "dodge", when = dodge_when, run = dodge_run, last = true })
  end
  if opts and opts.lua_attacks then kit.lua_attacks = true end
  return kit
end

-- ensure_finish gives the kit its turn.end hook (finish) when it first gets
-- something to do at the end of a turn (M.after, M.post, M.on_finish,
-- M.track_hits): a kit without any pays no call at the end of its turns.
-- Kits are made with their stat block, before a fight compiles it. The
-- hook keeps the place it had when every kit registered it on creation:
-- after the stat block's turn.end handlers added before the kit was made
-- (then it is registered at once, now = true: see M.kit), before those
-- added since.
function ensure_finish(kit, now)
  if kit.finishing then return end
  kit.finishing = true
  local stat = kit.stat
  local fn = function(e) finish(kit, e) end
  local cur = stat.on and stat.on["turn.end"]
  if cur == nil or now then
    hooks.add(stat, "turn.end", fn, { phase = "after" })
    return
  end
  -- handlers added after the kit was made: finish goes first
  if type(cur) == "function" then cur = { fn = cur } end
  local list = cur.list or { { fn = cur.fn, only = cur.only, types = cur.types, has = cur.has } }
  stat.on["turn.end"] = nil
  hooks.add(stat, "turn.end", fn, { phase = "after" })
  for _, h in ipairs(list) do
    hooks.add(stat, "turn.end", h.fn, { phase = cur.phase, only = h.only, priority = cur.priority, types = h.types,
      has = h.has })
  end
end

-- insert keeps entries marked last at the end of a list.
local function insert(list, entry)
  if entry.last then
    list[#list + 1] = entry
    return entry
  end
  local i = #list + 1
  while i > 1 and list[i - 1].last do i = i - 1 end
  table.insert(list, i, entry)
  return entry
end

-- action(kit, {name, when, run}): an Action the kit takes when
-- when(self, kit, ctx) returns a value (passed to run(self, kit, ctx, v)).
function M.action(kit, entry) return insert(kit.actions, entry) end

-- bonus(kit, {name, when, run}): a Bonus Action taken before the Action.
function M.bonus(kit, entry) return insert(kit.bonus, entry) end

-- after(kit, {name, when, run}): a Bonus Action taken after the Action.
function M.after(kit, entry)
  ensure_finish(kit)
  return insert(kit.after, entry)
end

-- extra(kit, {name, when, run}): an extra Action (Action Surge).
function M.extra(kit, entry) return insert(kit.extra, entry) end

-- post(kit, fn): fn(self, kit, ctx) runs at the end of a turn in which the
-- creature acted, before the after-Bonus Actions (follow-ups on its hits).
function M.post(kit, fn)
  ensure_finish(kit)
  kit.post[#kit.post + 1] = fn
end

-- on_start / on_finish / before_attack add handlers to the kit's lists:
-- fn(self, kit, e) at turn.start and turn.end, fn(self, kit, ctx) just
-- before an Attack action.
function M.on_start(kit, fn) kit.start[#kit.start + 1] = fn end
function M.on_finish(kit, fn)
  ensure_finish(kit)
  kit.finish[#kit.finish + 1] = fn
end
function M.before_attack(kit, fn) kit.before_attack[#kit.before_attack + 1] = fn end

-- track_hits(stat, kit) logs the hits the creature makes on its turn (a
-- damage.roll hook): tactics.hits(kit) lists them for the follow-ups.
function M.track_hits(stat, kit)
  if kit.tracking then return end
  kit.tracking = true
  ensure_finish(kit) -- the end of the turn closes the log (ctx.pending)
  hooks.add(stat, "damage.roll", function(e)
    local ctx = kit.ctx
    if ctx.pending ~= e.attacker then return end
    local n = ctx.hits + 1
    ctx.hits = n
    local h = kit.hitlog[n]
    if h == nil then
      h = {}
      kit.hitlog[n] = h
    end
    h.target, h.attack, h.crit, h.damage = e.target, e.attack, e.crit, e.damage
  end)
end

-- hits(kit) returns the hit log of the current turn and its length
-- ({target, attack, crit, damage} entries; reused from turn to turn).
function M.hits(kit) return kit.hitlog, kit.ctx.hits end

-- attacks_per_action(stat, n) makes the Attack action n attacks with the
-- stat block's first attack (Extra Attack): the engine's multiattack, and
-- the kit's sequence when the kit attacks itself. Returns stat.
function M.attacks_per_action(stat, n)
  local kit = M.kit(stat)
  local name = stat.attacks[1].name
  local seq = {}
  for i = 1, n do seq[i] = name end
  kit.sequence = seq
  stat.multiattack = seq
  return stat
end

-- hide(stat, kit) gives a kit the Hide action as a Bonus Action taken after
-- its Action (Cunning Action, Nimble Escape): the rule system's
-- 5e.exploration.quick_hide (5e: a DC 15 Dexterity (Stealth) check, the
-- creature's skill tags; on a success the creature has the Invisible
-- condition until it makes an attack roll, which still has Advantage). Fights have no positions: the setting hide = false turns it
-- off where there is nothing to hide behind.
function M.hide(stat, kit)
  M.after(kit, { name = "hide",
    when = function(self, k) return setting(self, k, "hide") and not self:has("invisible") end,
    run = function(self) rules.need("5e.exploration").quick_hide(self) end })
  hooks.add(stat, "attack.roll", function(e)
    local s = e.attacker
    if s:has("invisible") or s:has("hidden") then rules.need("5e.exploration").after(s, "attack") end
  end, { has = { "invisible", "hidden" } })
  return stat
end

-- plan(stat, settings) sets a stat block's per-creature settings; returns stat.
function M.plan(stat, settings)
  stat.plan = stat.plan or {}
  for k, v in pairs(settings) do stat.plan[k] = v end
  return stat
end

-- The functions above, for the class and monster scripts (called here as
-- locals: the module's own calls skip a lookup in M).
M.setting = setting
M.attack_info = attack_info
M.sequence = sequence
M.pick = pick
M.foes_immune = foes_immune
M.foes_tagged = foes_tagged
M.downed_foe = downed_foe
M.choose = choose
M.strike = strike
M.attack_action = attack_action
M.dying_ally = dying_ally
M.turn_dying_ally = turn_dying_ally
M.wounded_ally = wounded_ally
M.max_hp_of = max_hp_of
M.id_of = id_of
M.area_of = area_of
M.grouped = grouped
M.strike_at = strike_at

return M
