-- Mind, body and other special effects (monsters.abilities.effects):
-- charm (DMG-SA-11), compulsion (DMG-SA-12), death attacks (DMG-SA-16),
-- paralysis and hold (DMG-SA-29), polymorph (DMG-SA-33), psionics
-- (DMG-SA-34), rays (DMG-SA-36), turn resistance (DMG-SA-44), and the
-- [K] Monster Manual 3.0 trample and swallow whole.
local rules = require("rules")
local fight = require("fight")

local M = rules.get("abilities.effects")
if M then return M end
M = {}

local function saves() return require("core.3e.saves") end
local function in_fight(c)
  local ok, out = pcall(fight.is, c, "out")
  return ok and out ~= nil
end

-- ------------------------------------------------------------ charm
-- DMG-SA-11 (TV-78): the charmed creature regards the charmer as a close
-- friend; it keeps its free will, alignment and allegiances. M.order(o):
-- o = {harmful_to_self, suicidal, against_nature, beyond_friendship,
-- attack_friends, friends_threaten_charmer, cha_charmer, cha_victim, dc}
-- returns "obeys", "refuses" (the charm holds), "mediates", "breaks"
-- (a new save broke it) or "holds" (a new save failed: it obeys).
rules.define("condition.charmed", { name = { en = "Charmed", zh = "魅惑" }, fight = {} })  -- not in source
function M.order(victim, o)
  if o.suicidal or o.harmful_to_self then return "refuses" end
  if o.attack_friends and not o.friends_threaten_charmer then return "mediates" end
  if o.against_nature then
    if saves().roll(victim, o.save or "will", o.dc) then
      victim:remove_condition("charmed")
      return "breaks"
    end
    return "holds"
  end
  if o.beyond_friendship then
    local r = require("check").opposed({ mods = { { value = o.cha_charmer, source = "charmer Cha" } } },
      { mods = { { value = o.cha_victim, source = "victim Cha" } } }, { tie = "defender" })
    if r.winner ~= "initiator" then return "refuses" end
    return "obeys"
  end
  return "obeys"
end
-- an attack by the charmer or its allies breaks the charm at once
function M.attacked(victim, attacker_id, allies)
  for _, k in ipairs(victim:conditions("charmed")) do
    if k.source == attacker_id or (allies and allies[attacker_id]) then
      victim:remove_condition(k.id)
      return true
    end
  end
  return false
end
M.charm_understands_language = false

-- DMG-SA-12: compelled (and charmed) creatures volunteer nothing: an
-- order reaches only what the creature knows of; "your most powerful item"
-- does. M.complies(request, known): request = {thing} or {class}.
function M.complies(request, known)
  if request.thing then return known[request.thing] == true end
  return request.class ~= nil
end

-- ------------------------------------------------------------ death attacks
-- DMG-SA-16: a Fort save (o.no_save: none, power word kill) or it dies,
-- whatever its hit points: -10 hp, not stabilised, not raised by raise
-- dead; death ward protects.
function M.death_attack(c, o)
  if c:has("death_ward") then return "warded" end
  if not o.no_save and saves().roll(c, o.save or "fort", o.dc) then return "saved" end
  c:set("hp", c:get("floor"))
  if in_fight(c) then fight.kill(c) end
  c:add_tag("no_raise_dead")
  return "dead"
end
rules.define("condition.death_ward", { name = { en = "Death ward", zh = "死亡守护" }, fight = {} })  -- not in source

-- ------------------------------------------------------------ paralysis and hold
-- DMG-SA-29: paralysis is resisted with Fortitude (the body), hold with
-- Will (a mind-affecting compulsion); the victim is helpless, can take
-- purely mental actions; a winged flier falls, a swimmer may drown.
function M.paralysis_save(kind) return kind == "hold" and "will" or "fort" end
function M.paralyze(c, o)
  if c:immune_to("paralyzed") then return "immune" end
  if saves().roll(c, M.paralysis_save(o.kind), o.dc) then return "saved" end
  c:add_condition(o.kind == "hold" and "held" or "paralyzed", { source = o.source, level = o.rounds })
  local out = "paralyzed"
  if c:has_tag("winged_flier") and c:has_tag("flying") then
    c:remove_tag("flying")
    out = "falls"
  elseif c:has_tag("swimming") then
    out = "sinks"
  end
  return out
end
M.paralysis_allows = { mental = true, physical = false, speak = false, move = false }

-- ------------------------------------------------------------ polymorph
-- DMG-SA-33: the type never changes: bane weapons and favoured enemies go
-- by the real type (a ranger must recognise it), the dwarf's bonus against
-- giants by the form. M.counts_as(c, rule) returns the type that counts.
function M.counts_as(form, rule)
  if rule == "dwarf_giant_bonus" then return form.shape end
  if rule == "favoured_enemy" then return form.recognised and form.type or nil end
  return form.type
end
function M.disoriented(by_own_ability) return not by_own_ability end

-- ------------------------------------------------------------ psionics
-- DMG-SA-34: psionic powers work as spell-like abilities (ability type
-- "psionic", monsters.abilities.types) and attacks almost always allow a
-- Will save.
M.psionic_save = "will"

-- ------------------------------------------------------------ rays
-- DMG-SA-36: a ranged touch attack; its range is a maximum, no range
-- increments; a save it allows is Fortitude or Will, never Reflex.
function M.ray(caster, target, o)
  if o.save == "ref" then error("a ray never allows a Reflex save (DMG-SA-36)", 2) end
  local dist = fight.distance(caster, target)
  if o.range and dist > o.range then return { refused = "out of range" } end
  return fight.strike(caster, target, o.attack, { touch = true, no_damage = true })
end
M.ray_range_penalty = 0

-- ------------------------------------------------------------ turn resistance
-- DMG-SA-44 (TV-48): added to its HD against turning, rebuking,
-- commanding and bolstering only.
function M.turn_resistance(stat, n)
  stat.tags = stat.tags or {}
  stat.tags[#stat.tags + 1] = "turn_resistance:" .. n
  return stat
end
function M.turning_hd(c)
  local hd = c:ability("level") or 1
  for _, t in ipairs(c:get("tags")) do
    local n = string.match(t, "^turn_resistance:(%d+)$")
    if n then return hd + tonumber(n) end
  end
  return hd
end

-- ------------------------------------------------------------ trample
-- [K] MM 3.0 trample: as a standard action the creature moves over
-- opponents at least one size smaller, dealing o.damage; each may make an
-- attack of opportunity (-4) or a Reflex save (DC o.dc) for half.
function M.trample(c, victims, o)
  local D = require("core.3e.damage")
  local out = {}
  for _, v in ipairs(victims) do
    local W = require("core.3e.special.who")
    if W.rank(v) < W.rank(c) and not fight.is(v, "out") then
      local n = require("dice").total(o.damage)
      local rec
      if o.aoo and o.aoo[v:get("id")] then
        fight.strike(v, c, nil, { bonus = -4 })
        rec = D.apply(v, { amount = n, type = "bludgeoning", source = c, weapon = { natural = true } })
      else
        rec = D.apply(v, { amount = n, type = "bludgeoning", source = c, weapon = { natural = true },
          save = { kind = "ref", dc = o.dc } })
      end
      out[#out + 1] = rec
    end
  end
  return out
end

-- ------------------------------------------------------------ swallow whole
-- [K] MM 3.0 swallow whole: a creature it holds in its mouth (a grapple)
-- and beats in a grapple check is swallowed: each round o.damage
-- (bludgeoning) plus o.acid acid; it may cut itself out with a light
-- slashing or piercing weapon, dealing o.cut damage to the gizzard (AC
-- o.gizzard_ac).
rules.define("condition.swallowed", { name = { en = "Swallowed", zh = "被吞下" }, fight = { no_actions = true } })  -- not in source
function M.swallow(c, v, o)
  v:add_condition("swallowed", { source = c:get("id"), level = o.cut })
  return true
end
function M.digest(c, v, o)
  local D = require("core.3e.damage")
  D.apply(v, { amount = o.damage, type = "bludgeoning", source = c, weapon = { natural = true } })
  if o.acid then D.apply(v, { amount = o.acid, type = "acid", source = c }) end
end
function M.cut(v, n)
  local got = v:reduce_level("swallowed", n)
  if not v:has("swallowed") then return "out" end
  return got
end

rules.define("abilities.effects", M)
return M
