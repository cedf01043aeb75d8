-- Reusable special abilities of 3.0 monsters (scripts/monsters/3e/*.lua
-- use them). Each takes its numbers as parameters and adds hooks to a
-- stat block's `on` table, so the hooks are scoped to the creature that
-- has the ability (and can move into a library shared by the rule systems
-- later, issue 14). Numbers not in the seed are [K] Monster Manual 3.0.
local rules = require("rules")

local M = rules.get("3e.abilities")
if M then return M end
M = {}

-- hook(stat, event, fn [, opts]): the one way abilities add hooks
-- (core/3e/special/hooks.lua).
M.hook = require("core.3e.special.hooks").add

-- turnable(stat): an undead that clerics turn and rebuke (3E-TURN-06/08):
-- its turning effects run out after 10 rounds, and while turned it flees
-- or cowers instead of acting.
function M.turnable(stat)
  local turning = require("core.3e.special.turning")
  M.hook(stat, "turn.start", function(e) turning.undead_turn_start(e.fighter) end)
  M.hook(stat, "turn.act", turning.undead_act, { phase = "declare" })
  return stat
end

local dice = require("dice")
local fight = require("fight")
local effects = require("monsters.abilities.effects")

local function set(list)
  local out = {}
  for _, v in ipairs(list or {}) do out[v] = true end
  return out
end

-- save(c, kind, dc): a saving throw (the core's saves.roll, 3E-SAVE-01).
function M.save(c, kind, dc)
  local _, r = require("core.3e.saves").roll(c, kind, dc)
  return r
end

-- undead(stat): the 3.0 undead type ([K] MM 3.0): no critical hits
-- (3E-HELP-03), immune to sleep, paralysis and stunning, turned and
-- rebuked by clerics (M.turnable).
function M.undead(stat)
  stat.crit_immune = true
  local imm = stat.condition_immune or {}
  for _, c in ipairs({ "asleep", "paralyzed", "stunned" }) do imm[#imm + 1] = c end
  stat.condition_immune = imm
  local tags = stat.tags or {}
  tags[#tags + 1] = "undead"
  stat.tags = tags
  return M.turnable(stat)
end

-- partial_actions_only(stat): a zombie ([K] MM 3.0): only a partial action
-- each round (it moves or attacks; both only with a partial charge). The
-- condition carries the core's partial-action limit.
rules.define("condition.partial_actions_only", { name = { en = "Partial actions only", zh = "只能进行部分动作" },  -- not in source
  fight = { partial = true } })
function M.partial_actions_only(stat)
  M.hook(stat, "turn.start", function(e)
    if not e.fighter:has("partial_actions_only") then e.fighter:add_condition("partial_actions_only") end
  end)
  return stat
end

-- regeneration(stat, o): [K] MM 3.0 regeneration, the shared library's
-- (monsters.abilities.regeneration.subdual, DMG-SA-37): damage the
-- creature takes is subdual, but for o.normal's types (a troll: fire and
-- acid); it cures o.amount subdual damage at the start of each of its
-- turns.
function M.regeneration(stat, o)
  return require("monsters.abilities.regeneration").subdual(stat, o)
end

-- rend(stat, o): [K] MM 3.0 rend (a troll): when both of o.attacks hit one
-- opponent in a turn, it deals o.damage more.
function M.rend(stat, o)
  local which = set(o.attacks)
  M.hook(stat, "turn.start", function(e) e.fighter:remove_condition("rending") end)
  M.hook(stat, "attack.roll", function(e)
    if not e.hit or not which[e.attack] then return end
    local c, t = e.attacker, e.target
    local tid = t:get("id")
    for _, k in ipairs(c:conditions("rending")) do
      if k.source == tid then
        c:remove_condition(k.id)
        local n = dice.total(o.damage)
        fight.note(string.format("%s rends %s: %d", c:get("id"), tid, n))
        fight.damage(t, n, o.type, c)
        return
      end
    end
    c:add_condition("rending", { source = tid, stacking = "independent" })
  end, { phase = "result" })
  return stat
end

-- paralysis(stat, o): a ghoul's touch ([K] MM): a creature hit by one of
-- o.attacks saves (Fortitude o.dc) or is paralysed for o.rounds
-- (helpless); creatures with o.immune_tag (elves) are immune.
function M.paralysis(stat, o)
  local which = set(o.attacks)
  M.hook(stat, "damage.apply", function(e)
    local t = e.target
    if not which[e.attack] or fight.is(t, "out") or t:has("paralyzed") then return end
    if o.immune_tag and t:has_tag(o.immune_tag) then return end
    if t:immune_to("paralyzed") then return end
    -- DMG-SA-14: a hit its damage reduction absorbed whole has no riders
    if require("core.3e.damage").rider_blocked(t, "injury") then return end
    -- the shared mechanism (monsters.abilities.effects, DMG-SA-29): Fort,
    -- the rounds rolled only on a failure
    local r, n = effects.paralyze(t, { kind = "paralysis", dc = o.dc, rounds = o.rounds,
      source = e.attacker:get("id") })
    if r == "saved" or r == "immune" then return end
    fight.note(string.format("%s is paralysed for %d rounds", t:get("id"), n))
  end, { phase = "after", only = "actor" })
  M.hook(stat, "turn.start", function(e)
    -- the ghoul's own turn counts its victims' rounds down
    local id = e.fighter:get("id")
    for _, c in ipairs(fight.all()) do
      if c:has("paralyzed") then -- (a test: the list of instances is a new table)
        for _, k in ipairs(c:conditions("paralyzed")) do
          if k.source == id then c:reduce_level("paralyzed", 1, { source = id }) end
        end
      end
    end
  end)
  return stat
end

-- trip_on_hit(stat, o): [K] MM 3.0 Trip (a wolf): when o.attack hits, a
-- free trip attempt with no touch attack and no attack of opportunity; the
-- opponent cannot trip back (3E-TRIP-01).
function M.trip_on_hit(stat, o)
  M.hook(stat, "damage.apply", function(e)
    local t = e.target
    if e.attack ~= o.attack or fight.is(t, "out") or t:has("prone") then return end
    require("core.3e.special.trip").attempt(e.attacker, t, { no_touch = true, no_counter = true })
  end, { phase = "after", only = "actor" })
  return stat
end

-- improved_grab(stat, o): [K] MM 3.0 improved grab (an owlbear): when one
-- of o.attacks hits a creature at least one size smaller, a free grapple
-- attempt with no attack of opportunity and no touch attack; in the
-- grapple each won grapple check deals o.damage (3E-GRAP-03, 3E-MON-03).
-- Its turn in a grapple: a grapple check to damage the one it holds. An
-- opponent it holds tries to escape with each attack it would make on it
-- (only light weapons may be used in a grapple, 3E-GRAP-12).
function M.improved_grab(stat, o)
  local which = set(o.attacks)
  local G = function() return require("core.3e.special.grapple") end
  local W = require("core.3e.special.who")
  M.hook(stat, "damage.apply", function(e)
    local c, t = e.attacker, e.target
    if not which[e.attack] or fight.is(t, "out") or c:has("grappling") then return end
    if W.rank(t) >= W.rank(c) then return end
    G().start(c, t, { no_provoke = true, no_touch = true, no_hold_damage = true })
  end, { phase = "after", only = "actor" })
  M.hook(stat, "turn.act", function(e)
    if e.acted then return end
    local c = e.fighter
    if not c:has("grappling") then return end
    local held
    for _, g in ipairs(G().grapplers(c)) do
      if fight.is(g, "out") then G().unlink(c, g) else held = held or g end
    end
    if not held then return end
    e.acted = true
    G().act(c, "damage", { target = held, damage = o.damage, type = o.type })
  end, { phase = "declare" })
  M.hook(stat, "attack.declare", function(e)
    local x, c = e.attacker, e.target
    if not G().grappling(x, c) then return end
    rules.cancel(e, "in a grapple")
    G().act(x, "escape")
  end, { phase = "declare", only = "subject" })
  M.hook(stat, "creature.down", function(e) G().release(e.target) end, { only = "subject" })
  return stat
end

-- breath_weapon(stat, o): a dragon's breath (3E-MON-01; [K] MM 3.0): a
-- standard action, o.shape (cone or line) of o.length ft aimed to catch
-- the most enemies, o.damage of o.type, a save (o.save, DC o.dc) for half,
-- then not again for o.recharge rounds. Used when it catches two enemies
-- or more, or one when nothing else is in reach.
function M.breath_weapon(stat, o)
  local res = stat.resources or {}
  res.breath = { max = 1 }
  stat.resources = res
  M.hook(stat, "turn.start", function(e)
    local c = e.fighter
    local k = c:conditions("breath_spent")[1]
    if k and fight.round() >= k.level then
      c:remove_condition("breath_spent")
      c:restore("breath")
    end
  end)
  M.hook(stat, "turn.act", function(e)
    if e.acted then return end
    local c = e.fighter
    if c:resource("breath").current < 1 or not fight.map() then return end
    local spec = { shape = o.shape, length = o.length, width = o.width or (o.shape == "line" and 5 or nil) }
    local aim = fight.aim(c, spec)
    if not aim or aim.enemies < 1 then return end
    e.acted = true
    fight.spend(c, "standard")
    c:spend("breath")
    c:add_condition("breath_spent", { level = fight.round() + dice.total(o.recharge) })
    spec.from, spec.toward = c, aim.toward
    local rolled = dice.total(o.damage)
    fight.note(string.format("%s breathes (%s %d ft): %d %s", c:get("id"), o.shape, o.length, rolled, o.type))
    for _, hit in ipairs(fight.area(spec)) do
      local t = hit.c
      if t ~= c and not fight.is(t, "out") then
        -- the damage pipeline (core/3e/damage.lua): the save for half
        -- with cover between the dragon and the target (3E-COVER-02) and
        -- evasion, then energy resistance and the rest; a breath weapon
        -- is supernatural (DMG-SA-10): no spell resistance
        require("core.3e.damage").apply(t, { amount = rolled, type = o.type, source = c, ability = o.ability or "su",
          save = { kind = o.save, dc = o.dc, cover = fight.cover(t, c) } })
      end
    end
  end, { phase = "declare" })
  return stat
end

rules.define("3e.abilities", M)
return M
