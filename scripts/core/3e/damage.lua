-- The 3.0 damage pipeline (DMG inventory §16.2 item 1, §16.3 item 9): one
-- order of steps for all damage, M.apply(target, packet) for scripts (a
-- spell, a breath weapon, a trap, the subdual damage of heat, cold or
-- thirst) and this file's damage.apply hooks for the fight's hits.
--
-- The steps, in this order (M.steps):
--
--   1. sr         spell resistance, for spells and spell-like abilities
--                 (DMG-SA-41/42: monsters.abilities.spell_resistance);
--   2. save       a save for half or for none, evasion and improved
--                 evasion (DMG-SA-20);
--   3. resist     energy immunity, the cold and fire subtypes' double damage
--                 (DMG-SA-13/23) and energy resistance with its running
--                 total per round and energy type (DMG-SA-38);
--   4. dr         incorporeality (DMG-SA-26) and damage reduction with its
--                 rank or material (DMG-SA-14, Table 3-13): a hit it absorbs
--                 whole loses its riders (M.rider_blocked);
--   5. regen      regeneration turns damage into subdual unless the type
--                 bypasses it (DMG-SA-37);
--   6. apply      the hit points and subdual update (the kernel's);
--   7. threshold  the threshold checks: the hooks in M.thresholds (the
--                 variants' clobbered and massive-damage-by-size rules,
--                 DMG-DAM-02/03, add theirs with M.on_threshold), then the
--                 kernel's (disabled, dying, staggered, unconscious, the
--                 massive-damage event hp.lua answers).
--
-- Two ways in, one code path:
--   * M.apply(target, packet): a packet from a script (a spell, a breath
--     weapon, a trap, a hazard's subdual damage): steps 1-7.
--   * A hit of the fight's attack pipeline, or fight.damage from a hook:
--     steps 3-7 run in this file's damage.apply hooks, from the attack's
--     tags (enhancement:N, material:NAME, natural: statblock.lua).
-- Steps 3-5 read the target's profile: what its special abilities
-- (scripts/monsters/abilities) registered with M.profile(stat) when its
-- stat block was built. A creature with no profile pays one tag test.
--
-- packet = {
--   amount   number, or dice rolled once ("5d6")
--   type     the damage type ("slashing", "fire", ...; "" untyped)
--   subdual  true: subdual damage (a hazard, a sap)
--   source   the creature dealing it (or nil)
--   ability  "spell", "sp", "su", "ex" or nil (a weapon): its ability
--            type (DMG-SA-01); spells and Sp check SR when packet.sr
--   sr       true: spell resistance applies; caster_level (or source's)
--   instance a table standing for the spell instance: one SR check per
--            instance and creature (DMG-SA-42), cached in it
--   save     {kind = "ref"|"fort"|"will", dc = n, negates = true (none on
--            a success; default half), cover = Table 8-9 key}
--   weapon   {enhancement = n, material = "silver", natural = true,
--            counts_as = "+1", ghost_touch = true} for a physical hit
--   force    true: a force effect (incorporeal creatures take it whole)
--   cause    "starvation", "thirst", "suffocation": never regenerated
-- }
-- M.apply returns the record {steps = {...}, resisted_by_sr, saved,
-- resisted, absorbed, fully_absorbed, converted, amount (dealt), subdual,
-- hp_lost, ignored (incorporeal)}.
local rules = require("rules")
local fight = require("fight")
local dice = require("dice")
local check = require("check")
local saves = require("core.3e.saves")

local M = rules.get("3e.damage")
if M then return M end
M = {}

M.steps = { "sr", "save", "resist", "dr", "regen", "apply", "threshold" }
M.energy = { acid = true, cold = true, electricity = true, fire = true, sonic = true }
M.physical = { bludgeoning = true, piercing = true, slashing = true, [""] = true }
-- A-32: the energy resistance total resets when a new round starts
-- ("round", the default) or at the start of the resistant creature's own
-- turn ("turn", the setting).
M.settings = { resistance_reset = "round" }

rules.define("condition.energy_resistance_used", { name = { en = "Energy resistance used this round",
  zh = "本轮已用能量抗力" }, fight = {} })  -- not in source
rules.define("condition.energy_resistance", { name = { en = "Energy resistance (spell)", zh = "能量抗力" },
  fight = {} })

-- ------------------------------------------------------------ profiles
-- A profile holds what a creature's abilities ask of steps 3-5:
--   dr = {{amount, bypass}...}  (bypass "+1".."+5", a material, or "-")
--   resist = {type = n}, immune = {type = true}, vuln = {type = true}
--   regen = {amount, normal = {type = true}}, incorporeal = true
--   natural_as = bypass (its natural weapons count as: its own DR's)
local PROFILES = {}
local BY_STAT = setmetatable({}, { __mode = "k" })

-- M.profile(stat): the profile of a stat block being built (created on
-- first use; the creature carries it as the tags sa_profile and
-- sa_profile:N).
function M.profile(stat)
  local p = BY_STAT[stat]
  if p then return p end
  M.hook()
  p = { dr = {}, resist = {}, immune = {}, vuln = {} }
  PROFILES[#PROFILES + 1] = p
  p.key = "sa_profile:" .. #PROFILES
  BY_STAT[stat] = p
  local tags = stat.tags or {}
  tags[#tags + 1] = "sa_profile"
  tags[#tags + 1] = p.key
  stat.tags = tags
  return p
end

-- M.profile_of(c): a creature's profile, or nil.
function M.profile_of(c)
  if not c or not c:has_tag("sa_profile") then return nil end
  for _, t in ipairs(c:get("tags")) do
    local n = string.match(t, "^sa_profile:(%d+)$")
    if n then return PROFILES[tonumber(n)] end
  end
  return nil
end

-- ------------------------------------------------------------ the steps
-- Table 3-13 (DMG-SA-14) [K, recon: SRD 3.0 "Damage Reduction Rankings"]:
-- +5 best .. +1, then silver, mithral or another special material,
-- matched by name at the weakest rank (A-30).
function M.rank(bypass)
  local n = string.match(bypass or "", "^%+(%d)$")
  if n then return tonumber(n) end
  return 0
end

-- M.bypasses(weapon, bypass): whether a hit of weapon gets past DR
-- "X/bypass" (A-30: rank(weapon) >= rank(type); "-" never).
function M.bypasses(weapon, bypass)
  if bypass == "-" or bypass == "—" then return false end
  weapon = weapon or {}
  local need = M.rank(bypass)
  local have = weapon.enhancement or 0
  if weapon.counts_as then
    if weapon.counts_as == bypass then return true end
    have = math.max(have, M.rank(weapon.counts_as))
  end
  if need > 0 then return have >= need end
  -- a material: that material, or any +1 or better weapon
  return weapon.material == bypass or have >= 1
end

-- M.reduction(p, weapon): the best damage reduction of profile p that the
-- weapon does not bypass (reductions do not add), and its entry.
function M.reduction(p, weapon)
  local best, entry = 0, nil
  for _, d in ipairs(p.dr or {}) do
    if d.amount > best and not M.bypasses(weapon, d.bypass) then best, entry = d.amount, d end
  end
  return best, entry
end

-- resistance(c, p, type): energy resistance of the type: the profile's
-- and a spell's (the condition energy_resistance, source = type): they do
-- not stack, the higher counts (DMG-SA-38).
local function resistance(c, p, typ)
  local n = p and p.resist[typ] or 0
  for _, k in ipairs(c:conditions("energy_resistance")) do
    if k.source == typ and k.level > n then n = k.level end
  end
  return n
end

local function round_now()
  local ok, r = pcall(fight.round)
  return ok and r or 0
end

-- M.resistance_used(c, type): what the creature's resistance to the type
-- has absorbed this round.
function M.resistance_used(c, typ)
  local stamp = typ .. "@" .. round_now()
  for _, k in ipairs(c:conditions("energy_resistance_used")) do
    if k.source == stamp then return k.level end
  end
  return 0
end

local function use_resistance(c, typ, n)
  local stamp = typ .. "@" .. round_now()
  for _, k in ipairs(c:conditions("energy_resistance_used")) do
    if string.sub(k.source, 1, #typ + 1) == typ .. "@" and k.source ~= stamp then c:remove_condition(k.id) end
  end
  if n > 0 then c:add_condition("energy_resistance_used", { source = stamp, level = n, stacking = "levels" }) end
end

-- M.reset_resistance(c): the A-32 setting "turn": the totals restart.
function M.reset_resistance(c) c:remove_condition("energy_resistance_used") end

-- the evasion of 3.0 (DMG-SA-20): not while bound, helpless or confined;
-- a rogue or monk in medium or heavy armour (the tags armor_medium,
-- armor_heavy) loses it, natural evasion (the tag natural_evasion) does not.
function M.evasion(c)
  local kind = (c:has_tag("improved_evasion") and "improved") or (c:has_tag("evasion") and "evasion") or nil
  if not kind then return nil end
  if c:has("helpless") or c:has("bound") or c:has("confined") then return nil end
  if (c:has_tag("armor_medium") or c:has_tag("armor_heavy")) and not c:has_tag("natural_evasion") then return nil end
  return kind
end

-- M.save_damage(c, amount, save): step 2 alone: the save and what it
-- leaves; returns the amount, whether it saved, and the check record.
-- Reflex for half: a success halves (evasion: none), a failure is whole
-- (improved evasion: half); nine-tenths cover works like evasion
-- (3E-COVER-03). save.negates: none on a success.
local COVER_KEY = { ["half"] = "half", ["three-quarters"] = "three_quarters", quarter = "quarter",
  three_quarters = "three_quarters", nine_tenths = "nine_tenths" }
function M.save_damage(c, amount, save)
  local kind = save.kind or "ref"
  local cover = COVER_KEY[save.cover or ""]
  local saved, r = saves.roll(c, kind, save.dc, { cover = kind == "ref" and cover or nil, mods = save.mods })
  if save.negates then return saved and 0 or amount, saved, r end
  local ev = kind == "ref" and M.evasion(c)
  if ev then
    if saved then return 0, saved, r end
    if ev == "improved" then return math.floor(amount / 2), saved, r end
    return amount, saved, r
  end
  return saves.reflex_damage(amount, saved, { cover = kind == "ref" and cover or nil }), saved, r
end

local STEP = {}

STEP.sr = function(ctx)
  local pk = ctx.packet
  if not pk.sr then return end
  local SR = require("monsters.abilities.spell_resistance")
  local r = SR.check(pk.source or { caster_level = pk.caster_level }, ctx.target, pk)
  if not r.affected then
    ctx.rec.resisted_by_sr = true
    ctx.stop = true
  end
end

STEP.save = function(ctx)
  local pk = ctx.packet
  if not pk.save then return end
  local total = 0
  for _, part in ipairs(ctx.parts) do total = total + part.amount end
  local after, saved, r = M.save_damage(ctx.target, total, pk.save)
  ctx.rec.saved, ctx.rec.save = saved, r
  ctx.saved_half = saved and not pk.save.negates
  if total > 0 and after ~= total then
    for _, part in ipairs(ctx.parts) do part.amount = math.floor(part.amount * after / total) end
  end
  if after == 0 then ctx.stop = true end
end

STEP.resist = function(ctx)
  local c, p = ctx.target, ctx.profile
  for _, part in ipairs(ctx.parts) do
    local typ = part.type
    if p and p.immune[typ] then
      part.amount = 0
    elseif M.energy[typ] then
      if p and p.vuln[typ] and not ctx.saved_half then part.amount = part.amount * 2 end
      local n = resistance(c, p, typ)
      if n > 0 and part.amount > 0 then
        local used = M.resistance_used(c, typ)
        local left = math.max(0, n - used)
        local absorbed = math.min(left, part.amount)
        part.amount = part.amount - absorbed
        ctx.rec.resisted = (ctx.rec.resisted or 0) + absorbed
        use_resistance(c, typ, used + absorbed)
      end
    end
  end
end

STEP.dr = function(ctx)
  local p, pk = ctx.profile, ctx.packet
  if not p then return end
  local w = pk.weapon
  if p.incorporeal and not pk.force and not (w and w.ghost_touch) then
    local magic = not w or (w.enhancement or 0) >= 1 or pk.ability ~= nil or w.incorporeal
    if not magic then
      for _, part in ipairs(ctx.parts) do part.amount = 0 end
      ctx.rec.ignored = "non-magical"
      return
    end
    -- DMG-SA-26: 50% that a corporeal source's magical damage is ignored
    if not (pk.source and pk.source:has_tag("incorporeal")) and check.percentile(50).success then
      for _, part in ipairs(ctx.parts) do part.amount = 0 end
      ctx.rec.ignored = "50%"
      return
    end
  end
  -- DR: weapons and natural attacks only, never energy nor magic
  if not w or pk.ability == "spell" or pk.ability == "sp" or pk.ability == "su" then return end
  local dr = M.reduction(p, w)
  if dr <= 0 then return end
  local physical, left = 0, dr
  for _, part in ipairs(ctx.parts) do
    if M.physical[part.type] and part.amount > 0 then
      physical = physical + part.amount
      local a = math.min(left, part.amount)
      part.amount, left = part.amount - a, left - a
    end
  end
  if physical == 0 then return end
  ctx.rec.absorbed = dr - left
  local rest = 0
  for _, part in ipairs(ctx.parts) do rest = rest + part.amount end
  ctx.rec.fully_absorbed = rest == 0
end

local NOT_REGENERATED = { starvation = true, thirst = true, suffocation = true }

STEP.regen = function(ctx)
  local p = ctx.profile
  if not (p and p.regen) or NOT_REGENERATED[ctx.packet.cause or ""] then return end
  for _, part in ipairs(ctx.parts) do
    if not part.subdual and not p.regen.normal[part.type] and part.amount > 0 then
      part.subdual = true
      ctx.rec.converted = (ctx.rec.converted or 0) + part.amount
    end
  end
end

-- M.thresholds: functions(target, record) run after the hit points change
-- (step 7), in the order added.
M.thresholds = {}
function M.on_threshold(fn)
  if type(fn) ~= "function" then error("damage.on_threshold: a function expected", 2) end
  M.thresholds[#M.thresholds + 1] = fn
  M.hook()
end

local LAST = {}

-- M.last(c): the record of the last damage c took through the pipeline
-- (for riders that run after the hit: poison, paralysis, ...).
function M.last(c) return LAST[c:get("id")] end

-- M.rider_blocked(c, kind): DMG-SA-14: a hit whose damage the target's DR
-- absorbed whole loses its riders (injury poison, a stunning attack), but
-- not touch, energy, energy drain, or contact, inhaled and ingested
-- poison and disease (A-31).
M.riders_kept = { touch = true, energy = true, drain = true, contact = true, inhaled = true, ingested = true }
function M.rider_blocked(c, kind)
  local r = LAST[c:get("id")]
  return r ~= nil and r.fully_absorbed == true and not M.riders_kept[kind or "injury"]
end

-- run(ctx, from, to): steps from..to of M.steps (by name).
local function run(ctx, names)
  for _, name in ipairs(names) do
    local f = STEP[name]
    if f and not ctx.stop then
      ctx.rec.steps[#ctx.rec.steps + 1] = name
      f(ctx)
    end
  end
end

local MID = { "resist", "dr", "regen" }

-- what steps 3-5 did, in the fight's log
local function notes(ctx)
  local rec, id = ctx.rec, ctx.target:get("id")
  if rec.resisted and rec.resisted > 0 then fight.note(string.format("%s resists %d", id, rec.resisted)) end
  if rec.ignored then fight.note(string.format("%s is incorporeal: the damage passes through (%s)", id, rec.ignored)) end
  if rec.absorbed then fight.note(string.format("%s's damage reduction absorbs %d", id, rec.absorbed)) end
  if rec.converted then fight.note(string.format("%s regenerates: %d of it is subdual", id, rec.converted)) end
end

-- sums(ctx): lethal and subdual totals of the parts.
local function sums(ctx)
  local lethal, sub = 0, 0
  for _, part in ipairs(ctx.parts) do
    if part.subdual then sub = sub + part.amount else lethal = lethal + part.amount end
  end
  return lethal, sub
end

-- The packets M.apply is dealing (innermost last): the damage.apply hook
-- of their target uses the packet instead of reading the attack.
local CURRENT = {}

local function in_fight(c)
  local ok, out = pcall(fight.is, c, "out")
  return ok and out ~= nil
end

local function finish(ctx)
  local lethal, sub = sums(ctx)
  ctx.rec.amount, ctx.rec.subdual = lethal, sub
end

local function thresholds(c, rec)
  for _, fn in ipairs(M.thresholds) do fn(c, rec) end
end

-- the attack's weapon, from its tags
local function weapon_of(e)
  local w = {}
  local a = e.attacker
  if e.attack and a then
    local ok, atk = pcall(fight.attack, a, e.attack)
    if ok and atk then
      for _, t in ipairs(atk.tags or {}) do
        local n = string.match(t, "^enhancement:(%d+)$")
        if n then w.enhancement = tonumber(n) end
        local m = string.match(t, "^material:(.+)$")
        if m then w.material = m end
        if t == "natural" then w.natural = true end
        if t == "ghost_touch" then w.ghost_touch = true end
      end
    end
  end
  -- DMG-SA-14: natural weapons count as what bypasses their owner's own
  -- DR (not DR from a spell: the profile only holds the creature's own)
  if w.natural or not e.attack then
    local ap = M.profile_of(a)
    if ap and ap.natural_as then w.counts_as = ap.natural_as end
  end
  if a and a:has_tag("incorporeal") then w.incorporeal = true end
  return w
end

-- The damage.apply hooks are added the first time a creature gets a
-- profile or a threshold hook is added (M.hook): a fight with neither
-- pays nothing for them.
function M.hook()
  if M.hooked then return end
  M.hooked = true
  -- damage.apply, modify: steps 3-5 for a hit (or the packet M.apply deals).
  rules.on("damage.apply", function(e)
    local t = e.target
    local pk = CURRENT[#CURRENT]
    if pk and pk.target ~= t then pk = nil end
    local p = M.profile_of(t)
    if not pk and not p then return end
    local ctx
    if pk then
      ctx = pk.ctx
    else
      local parts = {}
      for i, part in ipairs(e.parts) do parts[i] = { type = part.type, amount = part.amount } end
      if #parts == 0 then parts[1] = { type = "", amount = e.damage } end
      -- the first part carries what a hook changed of the total
      local sum = 0
      for _, part in ipairs(parts) do sum = sum + part.amount end
      if sum ~= e.damage then parts[1].amount = parts[1].amount + e.damage - sum end
      local physical = false
      for _, part in ipairs(parts) do physical = physical or M.physical[part.type] end
      local packet = { source = e.attacker, weapon = (e.attack or physical) and weapon_of(e) or nil }
      ctx = { target = t, profile = p, packet = packet, parts = parts, rec = { steps = {} } }
      if e.nonlethal then for _, part in ipairs(parts) do part.subdual = true end end
      run(ctx, MID)
      notes(ctx)
    end
    local lethal, sub = sums(ctx)
    if lethal == 0 and sub > 0 then
      e.damage, e.nonlethal = sub, true
      ctx.deferred = 0
    else
      e.damage = lethal
      e.nonlethal = false
      ctx.deferred = sub
    end
    ctx.event_lethal = lethal
    LAST[t:get("id")] = ctx.rec
    ctx.rec.ctx = ctx
  end, { phase = "modify" })

  -- damage.apply, after: the subdual part of a mixed hit (a troll struck by a
  -- flaming sword: the fire normal, the rest subdual), then step 7's hooks.
  rules.on("damage.apply", function(e)
    local t = e.target
    local rec = LAST[t:get("id")]
    if not rec or not rec.ctx then
      if #M.thresholds > 0 then thresholds(t, { amount = e.damage, subdual = e.nonlethal and e.damage or 0 }) end
      return
    end
    local ctx = rec.ctx
    rec.ctx = nil
    if (ctx.deferred or 0) > 0 then
      t:damage(ctx.deferred, nil, { nonlethal = true })
      fight.sync_hp(t)
    end
    finish(ctx)
    rec.hp_lost = e.hp_lost
    thresholds(t, rec)
  end, { phase = "after" })
end

local function parts_of(pk)
  local amount = pk.amount
  if type(amount) == "string" then amount = dice.total(amount) end
  if type(amount) ~= "number" then error("damage packet: amount must be a number or dice, got " .. type(amount), 3) end
  if pk.parts then
    local out = {}
    for i, part in ipairs(pk.parts) do out[i] = { type = part.type or "", amount = part.amount, subdual = pk.subdual } end
    return out
  end
  return { { type = pk.type or "", amount = amount, subdual = pk.subdual } }
end

local KNOWN = { amount = true, type = true, parts = true, subdual = true, source = true, ability = true, sr = true,
  caster_level = true, instance = true, save = true, weapon = true, force = true, cause = true, note = true }

-- M.apply(target, packet): steps 1-7 for one target (see the header).
function M.apply(c, pk)
  if type(pk) ~= "table" then error("damage.apply: a packet table expected, got " .. type(pk), 2) end
  for k in pairs(pk) do
    if not KNOWN[k] then error(string.format("damage.apply: unknown packet field %q", tostring(k)), 2) end
  end
  local ctx = { target = c, profile = M.profile_of(c), packet = pk, parts = parts_of(pk), rec = { steps = {} } }
  run(ctx, { "sr", "save" })
  if ctx.stop then
    finish(ctx)
    ctx.rec.amount, ctx.rec.subdual = 0, 0
    return ctx.rec
  end
  run(ctx, MID)
  if in_fight(c) then notes(ctx) end
  ctx.rec.steps[#ctx.rec.steps + 1] = "apply"
  local lethal, sub = sums(ctx)
  local typ = ctx.parts[1] and ctx.parts[1].type or ""
  local src = pk.source
  if src and not in_fight(src) then src = nil end
  if in_fight(c) and not M.hooked then
    -- no profile and no threshold hook anywhere: the kernel's update alone
    local lost = 0
    if lethal > 0 then lost = fight.damage(c, lethal, typ, src) or 0 end
    if sub > 0 then lost = lost + (fight.damage(c, sub, typ, src, { nonlethal = true }) or 0) end
    ctx.rec.hp_lost = lost
    finish(ctx)
    ctx.rec.steps[#ctx.rec.steps + 1] = "threshold"
  elseif in_fight(c) then
    local entry = { target = c, ctx = ctx }
    CURRENT[#CURRENT + 1] = entry
    entry.ctx = ctx
    -- the hook reads CURRENT's packet: it is the ctx's
    ctx.target = c
    local ok, err = pcall(function()
      if lethal + sub > 0 then
        fight.damage(c, lethal > 0 and lethal or sub, typ, src, { nonlethal = lethal == 0 })
      else
        finish(ctx)
      end
    end)
    CURRENT[#CURRENT] = nil
    if not ok then error(err, 0) end
    ctx.rec.steps[#ctx.rec.steps + 1] = "threshold"
  else
    local lost = 0
    if lethal > 0 then lost = c:damage(lethal, typ ~= "" and typ or nil, {}).hp_lost or 0 end
    if sub > 0 then lost = lost + (c:damage(sub, nil, { nonlethal = true }).hp_lost or 0) end
    ctx.rec.hp_lost = lost
    finish(ctx)
    ctx.rec.steps[#ctx.rec.steps + 1] = "threshold"
    thresholds(c, ctx.rec)
  end
  ctx.rec.ctx = nil
  return ctx.rec
end

rules.define("3e.damage", M)
return M
