-- Environment hazards (DMG inventory §10, DMG-ENV, pp. 85-89; tables T-9
-- and T-10, Table 3-18 [K]): avalanches, water, drowning, deep and cold
-- water, thirst and hunger, heat and cold, catching fire, acid, ice, thin
-- air and altitude, suffocation, lava, smoke, falling objects and falls.
-- The hazards that last run on a clock (clock.lua: its timers and the
-- escalating save series, DC base + 1 per previous check). Their subdual
-- damage goes through subdual.lua (its lock keeps it from healing while
-- the cause lasts); once the victim is unconscious the same rate deals
-- normal damage instead (M.exposure).
local rules = require("rules")
local dice = require("dice")
local check = require("check")
local fight = require("fight")
local A = require("core.3e.attack")
local K = require("core.3e.clock")
local H = require("core.3e.hp")
local SD = require("core.3e.subdual")
local saves = require("core.3e.saves")
local C = require("core.3e.condsum")
local T = require("core.3e.tables")

local M = rules.get("3e.environment")
if M then return M end
M = {}

local function in_fight(c)
  local ok, out = pcall(fight.is, c, "out")
  return ok, out
end

local function need(c, fn)
  if not require("creature").is(c) then
    error(string.format("%s: a creature expected as the first argument, got %s", fn, type(c)), 3)
  end
end

local function con(c) return (c:get("abilities") or {}).con or 10 end

-- M.harm(c, n, type [, cause]): n normal damage of type to c, in a fight
-- or out of one, through the 3.0 damage pipeline (damage.lua, DMG §16.2:
-- energy immunity and resistance, the fire and cold subtypes, then the
-- kernel's hit points and dying). Returns the hit points lost.
function M.harm(c, n, dtype, cause)
  if n <= 0 then return 0 end
  local rec = require("core.3e.damage").apply(c, { amount = n, type = dtype or "", cause = cause })
  return rec.hp_lost or 0
end

-- M.knocked_out(c): whether c is unconscious (by its condition or because
-- its subdual damage exceeds its hit points, DMG-COND-40).
function M.knocked_out(c)
  return c:has("unconscious") or SD.status(c) == "unconscious"
end

-- M.exposure(c, expr, cause [, opts]): one dose of a hazard's damage
-- (expr rolled): subdual while c is conscious, which cannot heal while the
-- cause lasts (SD.lock; opts.lock = false: it can) and, opts.fatigue, makes
-- it fatigued (heatstroke, frostbite, thirst ...); once c is unconscious
-- the same dose is normal damage (DMG-ENV-07, -08 general rules). Returns
-- the amount and "subdual" or "normal".
function M.exposure(c, expr, cause, opts)
  need(c, "exposure")
  opts = opts or {}
  local n = dice.total(expr)
  if M.knocked_out(c) then
    M.harm(c, n, "", cause)
    return n, "normal"
  end
  SD.deal(c, n, cause)
  if opts.lock ~= false then SD.lock(c, cause, n) end
  if opts.fatigue then
    local has = false
    for _, i in ipairs(c:conditions("fatigued")) do has = has or i.source == cause end
    for _, i in ipairs(c:conditions("exhausted")) do has = has or i.source == cause end
    if not has then c:add_condition("fatigued", { source = cause }) end
  end
  return n, "subdual"
end

-- M.end_exposure(c, cause): the cause is over (shade, shelter, water,
-- food): its subdual damage can heal again, and its fatigue goes once
-- that damage has healed (M.healed).
function M.end_exposure(c, cause)
  need(c, "end_exposure")
  SD.unlock(c, cause)
  -- thin air's fatigue lasts only until the character leaves (DMG-ENV-12)
  if cause == "thin_air" then
    for _, name in ipairs({ "fatigued", "exhausted" }) do c:remove_condition(name, { source = cause }) end
  end
  M.healed(c)
end

-- M.healed(c): the fatigue of hazards whose subdual damage has healed
-- (no locked damage of that cause and no subdual left) ends (DMG-ENV-07,
-- -08: "the fatigue ends when that subdual damage is healed").
function M.healed(c)
  if c:get("nonlethal") > 0 then return end
  for _, name in ipairs({ "fatigued", "exhausted" }) do
    for _, i in ipairs(c:conditions(name)) do
      if C.hazard_sources[i.source or ""] then c:remove_condition(i.id) end
    end
  end
end

-- M.hazard(clock, c, spec): a lasting hazard on clock: every spec.every
-- ({n, unit}) after spec.after ({n, unit}, default none), c makes the next
-- check of an escalating series (spec.check: "fort", "ref", "will" or
-- "con"; spec.dc base, spec.step, default 1) with spec.mods(c) (a list),
-- and spec.fail(h, dc) runs on a failure (spec.pass(h, dc) on a success);
-- no spec.check: spec.fail runs every time. spec.unconscious(h) replaces
-- the check once c is unconscious. Returns the hazard {c, series, timer,
-- stop = function}.
function M.hazard(clock, c, spec)
  need(c, "hazard")
  if getmetatable(clock) == nil or not clock.every then error("hazard: a clock (clock.new()) expected", 2) end
  local h = { c = c, spec = spec, streak = 0 }
  if spec.check then h.series = K.series(spec.check, spec.dc, spec.step) end
  h.timer = clock:every(spec.every[1], spec.every[2], function()
    if spec.unconscious and M.knocked_out(c) then return spec.unconscious(h) end
    if not h.series then return spec.fail(h) end
    local ok, dc = h.series:roll(c, spec.mods and spec.mods(c) or nil)
    if ok then
      h.streak = 0
      if spec.pass then spec.pass(h, dc) end
    else
      h.streak = h.streak + 1
      spec.fail(h, dc)
    end
  end, { after = spec.after, name = spec.name })
  function h.stop() h.timer:stop() end
  return h
end

-- A-44 [PHB, medium confidence]: a Wilderness Lore check against DC 15
-- gives +2 on Fort saves against severe weather (opts.lore = true: the
-- character made it or shares it).
M.lore_bonus = 2
-- DMG-ENV-07: -4 on heat saves in heavy clothing or any armour.
M.armor_penalty = -4

local function weather_mods(opts, armor_counts)
  return function()
    local list = {}
    if armor_counts and (opts.armor or opts.heavy_clothing) then
      list[#list + 1] = { value = M.armor_penalty, source = "armour or heavy clothing" }
    end
    if opts.lore then list[#list + 1] = { value = M.lore_bonus, source = "Wilderness Lore" } end
    return list
  end
end

---------------------------------------------------------------------------
-- DMG-ENV-07: heat. Very hot (above 90 F): Fort every hour; severe (above
-- 110 F): every 10 minutes; extreme (above 140 F): every 5 minutes, and
-- 1d6 normal damage a minute from the air, no save. DC 15 + 1 per previous
-- save, -4 in armour or heavy clothing; a failure: 1d4 subdual (fatigued,
-- no healing until the character cools off); once unconscious, 1d4 normal
-- damage at the same rate (without a save: the rate is the hazard's).
M.heat_bands = {
  { above = 140, name = "extreme", every = { 5, "minutes" }, air = "1d6" },
  { above = 110, name = "severe", every = { 10, "minutes" } },
  { above = 90, name = "very_hot", every = { 1, "hour" } },
}
M.heat_dc, M.heat_damage = 15, "1d4"

function M.heat_band(temp_f)
  for _, b in ipairs(M.heat_bands) do
    if temp_f > b.above then return b end
  end
  return nil
end

-- M.heat(clock, c, temp_f [, opts]): opts.armor, opts.heavy_clothing,
-- opts.lore. Returns the hazard, or nil when it is not hot enough.
function M.heat(clock, c, temp_f, opts)
  opts = opts or {}
  local band = M.heat_band(temp_f)
  if not band then return nil end
  local h = M.hazard(clock, c, { name = "heat", every = band.every, check = "fort", dc = M.heat_dc,
    mods = weather_mods(opts, true),
    fail = function() M.exposure(c, M.heat_damage, "heat", { fatigue = true }) end,
    unconscious = function() M.harm(c, dice.total(M.heat_damage), "", "heat") end })
  if band.air then
    local air = clock:every(1, "minute", function() M.harm(c, dice.total(band.air), "fire", "heat") end)
    local stop = h.stop
    function h.stop() stop() air:stop() end
  end
  h.band = band.name
  return h
end

-- Boiling water (DMG-ENV-07): 1d6 scalding, total immersion 10d6 a round.
M.boiling = { contact = "1d6", immersion = "10d6" }
function M.boiling_water(c, mode)
  local expr = M.boiling[mode or "contact"]
  if not expr then error(string.format("boiling_water: contact or immersion, got %q", tostring(mode)), 2) end
  local n = dice.total(expr)
  M.harm(c, n, "fire", "boiling water")
  return n
end

---------------------------------------------------------------------------
-- DMG-ENV-08: cold. Below 40 F without protection: Fort every hour; below
-- 0 F: every 10 minutes (every hour in cold-weather clothing). DC 15 + 1
-- per previous; a failure: 1d6 subdual (fatigued; no healing until warm);
-- unconscious: 1d6 normal at the same rate.
M.cold_dc, M.cold_damage = 15, "1d6"

-- M.cold(clock, c, temp_f [, opts]): opts.protected (cold-weather gear
-- against mere cold), opts.clothing (cold-weather clothing: hourly in
-- extreme cold), opts.lore. Returns the hazard or nil.
function M.cold(clock, c, temp_f, opts)
  opts = opts or {}
  local every
  if temp_f < 0 then
    every = opts.clothing and { 1, "hour" } or { 10, "minutes" }
  elseif temp_f < 40 and not opts.protected then
    every = { 1, "hour" }
  else
    return nil
  end
  return M.hazard(clock, c, { name = "cold", every = every, check = "fort", dc = M.cold_dc,
    mods = weather_mods(opts, false),
    fail = function() M.exposure(c, M.cold_damage, "cold", { fatigue = true }) end,
    unconscious = function() M.harm(c, dice.total(M.cold_damage), "", "cold") end })
end

-- DMG-ENV-05: very cold water: 1d6 subdual a minute of immersion (cold:
-- it does not heal until the character is out and warm).
function M.cold_water(clock, c)
  return M.hazard(clock, c, { name = "cold water", every = { 1, "minute" },
    fail = function() M.exposure(c, M.cold_damage, "cold", { fatigue = true }) end })
end

---------------------------------------------------------------------------
-- DMG-ENV-06: starvation and thirst.
-- M.needs(size [, hot]): a day's water (gallons) and food (lb): a Medium
-- creature 1 and 1, a Small one half; a very hot climate 2 to 3 times the
-- water (returned as the range {2, 3} times).
function M.needs(size, hot)
  local f = ({ small = 0.5, medium = 1 })[size]
  if not f then error(string.format("needs: the text gives Small and Medium needs, not %q", tostring(size)), 2) end
  local water = { f, f }
  if hot then water = { 2 * f, 3 * f } end
  return { water = water, food = f }
end

-- M.thirst(clock, c): without water for 1 day + Con hours, then a Con
-- check every hour (DC 10 + 1 per previous): a failure 1d6 subdual,
-- fatigued, not healable (not even by magic) until it drinks (M.drink).
function M.thirst(clock, c)
  local h = M.hazard(clock, c, { name = "thirst", every = { 1, "hour" }, after = { 24 + con(c), "hours" },
    check = "con", dc = 10,
    fail = function() M.exposure(c, "1d6", "thirst", { fatigue = true }) end })
  c:add_tag("thirsty")
  h.clock = clock
  return h
end

-- M.starvation(clock, c): without food for 3 days, then a Con check every
-- day (DC 10 + 1 per previous) with the same failure (until it eats).
function M.starvation(clock, c)
  return M.hazard(clock, c, { name = "starvation", every = { 1, "day" }, after = { 3, "days" },
    check = "con", dc = 10,
    fail = function() M.exposure(c, "1d6", "starvation", { fatigue = true }) end })
end

-- M.drink(c, h) / M.eat(c, h): the need is met: the hazard stops and its
-- subdual damage can heal.
function M.drink(c, h)
  if h then h.stop() end
  c:remove_tag("thirsty")
  M.end_exposure(c, "thirst")
end
function M.eat(c, h)
  if h then h.stop() end
  M.end_exposure(c, "starvation")
end

---------------------------------------------------------------------------
-- DMG-ENV-03 (sidebar p.85), -13: holding one's breath, drowning and
-- suffocating. 2 x Con rounds (M.breath_rounds; opts.rounds: another
-- budget, the greater duststorm's 10 x Con with a cloth), then each round a
-- Con check DC 10 + 1 per previous; at the first failure it drowns: that
-- round 0 hp and unconscious, the next -1 and dying, the one after dead.
function M.breath_rounds(c) return 2 * con(c) end

local function set_hp(c, hp)
  c:set("hp", hp)
  local ok = in_fight(c)
  if ok then fight.sync_hp(c) end
end

function M.hold_breath(clock, c, opts)
  need(c, "hold_breath")
  opts = opts or {}
  local h
  local stage = 0
  local function drown()
    stage = stage + 1
    if stage == 1 then
      set_hp(c, 0)
      c:add_condition("unconscious", { source = "drowning" })
    elseif stage == 2 then
      set_hp(c, -1)
      c:add_condition("dying", { source = "drowning" })
    else
      local ok = in_fight(c)
      if ok then fight.kill(c) else
        c:set("hp", T.dead)
        c:add_condition("dead", { source = "drowning" })
      end
      h.stop()
    end
    h.stage = ({ "unconscious", "dying", "dead" })[stage]
  end
  local series = K.series("con", 10)
  h = M.hazard(clock, c, { name = opts.cause or "drowning", every = { 1, "round" },
    after = { opts.rounds or M.breath_rounds(c), "rounds" },
    fail = function()
      -- once a check fails there are no more: it drowns round by round
      if not h.drowning then h.drowning = not series:roll(c) end
      if h.drowning then drown() end
    end })
  h.breath = series
  return h
end

-- M.suffocation_hours(volume_ft3, occupants): DMG-ENV-13: how long a
-- sealed space keeps its air: 6 hours for one Medium creature in 1,000
-- cubic feet, in proportion to the volume and to the Medium equivalents
-- (occupants.medium, occupants.small at 1/2, occupants.torches at 1).
function M.suffocation_hours(volume, occ)
  local eq = (occ.medium or 0) + (occ.small or 0) / 2 + (occ.torches or 0)
  if eq <= 0 then error("suffocation_hours: nobody breathes the air", 2) end
  return 6 * (volume / 1000) / eq
end

-- M.slow_suffocation(clock, c, hours): after hours (M.suffocation_hours),
-- 1d6 subdual every 15 minutes (normal once unconscious).
function M.slow_suffocation(clock, c, hours)
  return M.hazard(clock, c, { name = "suffocation", every = { 15, "minutes" },
    after = { math.floor(hours * 3600), "seconds" },
    fail = function() M.exposure(c, "1d6", "suffocation", { lock = false }) end })
end

---------------------------------------------------------------------------
-- DMG-ENV-01: avalanches and rockslides. The bury zone: 8d6, Reflex DC 15
-- for half, and pinned whatever the save; the slide zone: 3d6, Reflex DC
-- 15 negates, pinned on a failure. Returns {damage, saved, pinned}.
M.avalanche_zones = { bury = { dice = "8d6", save = "half", pinned = "always" },
  slide = { dice = "3d6", save = "negates", pinned = "failure" } }
M.avalanche_dc = 15

function M.avalanche(c, zone)
  need(c, "avalanche")
  local z = M.avalanche_zones[zone]
  if not z then error(string.format("avalanche: zone bury or slide, got %q", tostring(zone)), 2) end
  local saved = saves.roll(c, "ref", M.avalanche_dc)
  local dmg = 0
  if z.save == "half" then
    dmg = dice.total(z.dice)
    if saved then dmg = math.floor(dmg / 2) end
  elseif not saved then
    dmg = dice.total(z.dice)
  end
  M.harm(c, dmg, "bludgeoning", "avalanche")
  local pinned = z.pinned == "always" or not saved
  if pinned then c:add_condition("pinned", { source = "avalanche" }) end
  return { damage = dmg, saved = saved, pinned = pinned }
end

-- M.buried(clock, c): pinned under the debris: 1d6 subdual a minute; when
-- it falls unconscious, one Con check DC 15 (A-40): failed, 1d6 normal a
-- minute from then on until freed or dead; made, subdual only.
function M.buried(clock, c)
  local h
  h = M.hazard(clock, c, { name = "buried", every = { 1, "minute" },
    fail = function()
      local n = dice.total("1d6")
      if h.lethal then M.harm(c, n, "bludgeoning", "avalanche") else SD.deal(c, n, "avalanche") end
      if h.checked == nil and M.knocked_out(c) then
        h.checked = K.con_check(c, 15)
        h.lethal = not h.checked
      end
    end })
  return h
end

-- M.free(c, h): dug out.
function M.free(c, h)
  if h then h.stop() end
  c:remove_condition("pinned", { source = "avalanche" })
end

---------------------------------------------------------------------------
-- DMG-ENV-02: water. Wading in calm, chest-deep water needs no check;
-- swimming in calm water Swim DC 10 (trained swimmers may take 10); rough
-- water each round Swim (or Str) DC 15, and 1d3 subdual every round even on
-- a success (1d6 normal when swept over rocks); a failure needs another
-- check that round or it goes under (then M.hold_breath).
M.swim_dc = { calm = 10, rough = 15 }

local function swim(c, dc, opts)
  local bonus = opts.swim or A.mod((c:get("abilities") or {}).str or 10)
  if opts.take10 then return 10 + bonus >= dc end
  return check.roll({ mods = { { value = bonus, source = "Swim" } }, target = dc }).success
end

-- M.calm_water(c [, opts]): opts.wading (chest-deep: no check), opts.swim
-- (the Swim bonus; default the Str modifier), opts.take10. Returns success.
function M.calm_water(c, opts)
  opts = opts or {}
  if opts.wading then return true end
  return swim(c, M.swim_dc.calm, opts)
end

-- M.rough_water(c [, opts]): one round; opts.rocks (swept over rocks:
-- 1d6 normal instead). Returns {ok, under, damage}.
function M.rough_water(c, opts)
  opts = opts or {}
  local ok = swim(c, M.swim_dc.rough, opts)
  local n
  if opts.rocks then
    n = dice.total("1d6")
    M.harm(c, n, "bludgeoning", "rough water")
  else
    n = M.exposure(c, "1d3", "rough water", { lock = false })
  end
  local under = false
  if not ok then under = not swim(c, M.swim_dc.rough, opts) end
  return { ok = ok, under = under, damage = n }
end

-- DMG-ENV-04 (A-41): very deep water: each minute, a Fort save DC 15 + 1
-- per previous; a failure deals 1d6 per full 100 ft of depth (opts.flat:
-- a flat 1d6, the other reading). Returns the hazard or nil above 100 ft.
function M.deep_water(clock, c, depth, opts)
  opts = opts or {}
  local hundreds = math.floor(depth / 100)
  if hundreds < 1 then return nil end
  local expr = (opts.flat and 1 or hundreds) .. "d6"
  return M.hazard(clock, c, { name = "deep water", every = { 1, "minute" }, check = "fort", dc = 15,
    fail = function() M.harm(c, dice.total(expr), "bludgeoning", "water pressure") end })
end

---------------------------------------------------------------------------
-- DMG-ENV-09 (sidebar p.86): catching on fire. Lasting fire: Reflex DC 15
-- or catch fire, taking 1d6 at once; each later round Reflex DC 15 (+4
-- rolling on the ground or smothering) puts it out, a failure is another
-- 1d6; jumping into water puts it out. Each burning item saves too (Reflex
-- DC 15) or takes the same damage.
M.fire_dc, M.smother_bonus = 15, 4

-- M.catch_fire(c [, opts]): opts.instant (a fireball: no catching). Returns
-- {burning, damage}.
function M.catch_fire(c, opts)
  need(c, "catch_fire")
  if opts and opts.instant then return { burning = false, damage = 0 } end
  if saves.roll(c, "ref", M.fire_dc) then return { burning = false, damage = 0 } end
  local n = dice.total("1d6")
  M.harm(c, n, "fire", "burning")
  c:add_tag("on_fire")
  return { burning = true, damage = n }
end

-- M.burning_round(c [, opts]): a later round on fire: opts.water (it jumps
-- into water), opts.rolling (+4). Returns {burning, damage}.
function M.burning_round(c, opts)
  need(c, "burning_round")
  opts = opts or {}
  if not c:has_tag("on_fire") then return { burning = false, damage = 0 } end
  if opts.water then
    c:remove_tag("on_fire")
    return { burning = false, damage = 0 }
  end
  local mods = opts.rolling and { { value = M.smother_bonus, source = "rolling on the ground" } } or nil
  if saves.roll(c, "ref", M.fire_dc, { mods = mods }) then
    c:remove_tag("on_fire")
    return { burning = false, damage = 0 }
  end
  local n = dice.total("1d6")
  M.harm(c, n, "fire", "burning")
  return { burning = true, damage = n }
end

-- M.item_burns(save_bonus, damage): a burning item's Reflex DC 15: failed,
-- it takes the character's damage. Returns the damage it takes.
function M.item_burns(bonus, damage)
  local r = check.roll({ mods = { bonus }, target = M.fire_dc })
  if r.success then return 0 end
  return damage
end

---------------------------------------------------------------------------
-- DMG-ENV-10: acid: 1d6 a round of contact (a thrown flask or an acid
-- spit is one round), 10d6 a round of total immersion. Fumes beside an
-- immersion-sized body: Fort DC 13 or 1 temporary Con, and again a minute
-- later: Fort DC 13 or 1d4 Con. (An acid-immune creature immersed can
-- still drown: M.hold_breath.)
M.acid = { contact = "1d6", immersion = "10d6" }
M.fumes_dc = 13

function M.acid_round(c, mode)
  local expr = M.acid[mode or "contact"]
  if not expr then error(string.format("acid_round: contact or immersion, got %q", tostring(mode)), 2) end
  local n = dice.total(expr)
  M.harm(c, n, "acid", "acid")
  return n
end

-- M.acid_fumes(clock, c): the first save now, the second a minute later.
-- Returns the first save's result and the hazard of the second.
function M.acid_fumes(clock, c)
  local first = saves.roll(c, "fort", M.fumes_dc)
  if not first then H.ability_damage(c, "con", 1) end
  local h
  h = M.hazard(clock, c, { name = "acid fumes", every = { 1, "minute" }, check = "fort", dc = M.fumes_dc, step = 0,
    fail = function() H.ability_damage(c, "con", dice.total("1d4")) h.stop() end,
    pass = function() h.stop() end })
  return first, h
end

---------------------------------------------------------------------------
-- DMG-ENV-11: ice: Balance DC 15 or slip and fall (prone); over long
-- distances once a minute. opts.balance: the Balance bonus (default the
-- Dex modifier). Returns whether it stays up.
M.ice_dc = 15
function M.ice(c, opts)
  need(c, "ice")
  opts = opts or {}
  local bonus = opts.balance or A.mod(C.effective(c, "dex"))
  local ok = check.roll({ mods = { { value = bonus, source = "Balance" } }, target = M.ice_dc }).success
  if not ok then c:add_condition("prone", { source = "ice" }) end
  return ok
end
function M.ice_walk(clock, c, opts)
  return M.hazard(clock, c, { name = "ice", every = { 1, "minute" }, fail = function() M.ice(c, opts) end })
end

---------------------------------------------------------------------------
-- DMG-ENV-12: thin air: Fort every hour, DC 15 + 1 per previous, a
-- failure 1d6 subdual and fatigued until it leaves (M.end_exposure
-- "thin_air"); altitude sickness above 20,000 ft: Fort every 6 hours (DC 15
-- + 1), a failure 1 point of temporary damage to every ability.
function M.thin_air(clock, c)
  return M.hazard(clock, c, { name = "thin air", every = { 1, "hour" }, check = "fort", dc = 15,
    fail = function() M.exposure(c, "1d6", "thin_air", { fatigue = true }) end })
end

M.altitude_ft = 20000
M.abilities = { "str", "dex", "con", "int", "wis", "cha" }
function M.altitude(clock, c, feet)
  if feet <= M.altitude_ft then return nil end
  return M.hazard(clock, c, { name = "altitude", every = { 6, "hours" }, check = "fort", dc = 15,
    fail = function()
      for _, ab in ipairs(M.abilities) do
        if (c:get("abilities") or {})[ab] then H.ability_damage(c, ab, 1) end
      end
    end })
end

---------------------------------------------------------------------------
-- DMG-ENV-14: lava: 2d6 fire a round of contact, 20d6 a round immersed;
-- after the exposure 1d3 more rounds at half the rate (1d6 or 10d6). Fire
-- immunity and resistance count (the kernel's damage traits).
M.lava = { contact = { now = "2d6", after = "1d6" }, immersion = { now = "20d6", after = "10d6" } }

function M.lava_round(c, mode)
  local row = M.lava[mode or "contact"]
  if not row then error(string.format("lava_round: contact or immersion, got %q", tostring(mode)), 2) end
  local n = dice.total(row.now)
  return M.harm(c, n, "fire", "lava"), n
end

-- M.lava_after(clock, c, mode): out of the lava: 1d3 rounds of half.
-- Returns the hazard and the rounds rolled.
function M.lava_after(clock, c, mode)
  local row = M.lava[mode or "contact"]
  if not row then error(string.format("lava_after: contact or immersion, got %q", tostring(mode)), 2) end
  local rounds = dice.total("1d3")
  local h
  h = M.hazard(clock, c, { name = "lava", every = { 1, "round" },
    fail = function()
      M.harm(c, dice.total(row.after), "fire", "lava")
      if h.timer.fired + 1 >= rounds then h.stop() end
    end })
  return h, rounds
end

---------------------------------------------------------------------------
-- DMG-ENV-15 (A-43): smoke: each round a Fort save, DC 15 + 1 per
-- previous; a failure: it chokes and coughs, losing its actions that round
-- (the "choking" condition until the next check); two rounds of choking in
-- a row deal 1d6 subdual (then the count starts again). Those inside have
-- one-half concealment (20%: the concealed_half condition).
function M.smoke(clock, c)
  local h
  c:add_condition("concealed_half", { source = "smoke" })
  h = M.hazard(clock, c, { name = "smoke", every = { 1, "round" }, check = "fort", dc = 15,
    pass = function() c:remove_condition("choking", { source = "smoke" }) end,
    fail = function()
      c:add_condition("choking", { source = "smoke" })
      if h.streak >= 2 then
        M.exposure(c, "1d6", "smoke", { lock = false })
        h.streak = 0
      end
    end })
  local stop = h.stop
  function h.stop()
    stop()
    c:remove_condition("choking", { source = "smoke" })
    c:remove_condition("concealed_half", { source = "smoke" })
  end
  return h
end

---------------------------------------------------------------------------
-- DMG-ENV-16, Table 3-18 [K]: damage from falling objects. [K]: the seed
-- has only a placeholder for the table; these rows are the inventory's
-- reconstruction (§13.3, checked against the SRD; the seed's examples
-- agree). An object of 200 lb or more: 1d6 per 200 lb for the first 10
-- ft, +1d6 for each further 10 ft; a lighter one: 1d6 per full "unit"
-- distance of its weight band; under 1 lb never; at most 20d6.
M.falling_objects = {
  { min = 101, max = 200, feet = 20 },
  { min = 51, max = 100, feet = 30 },
  { min = 31, max = 50, feet = 40 },
  { min = 11, max = 30, feet = 50 },
  { min = 6, max = 10, feet = 60 },
  { min = 1, max = 5, feet = 70 },
}
M.fall_max_dice = 20

-- M.falling_object_dice(weight_lb, feet): how many d6 it deals.
function M.falling_object_dice(weight, feet)
  if type(weight) ~= "number" or type(feet) ~= "number" or weight < 0 or feet < 0 then
    error(string.format("falling_object_dice: weight and feet must be numbers >= 0, got %s and %s",
      tostring(weight), tostring(feet)), 2)
  end
  if weight < 1 then return 0 end
  local n
  if weight >= 200 then
    if feet < 10 then return 0 end
    n = math.floor(weight / 200) + math.floor((feet - 10) / 10)
  else
    local w = math.floor(weight)
    for _, row in ipairs(M.falling_objects) do
      if w >= row.min and w <= row.max then n = math.floor(feet / row.feet) end
    end
  end
  return math.min(n or 0, M.fall_max_dice)
end

-- M.falling_object(c, weight_lb, feet): rolls the damage and deals it.
function M.falling_object(c, weight, feet)
  local n = M.falling_object_dice(weight, feet)
  if n == 0 then return 0 end
  local d = dice.total(n .. "d6")
  M.harm(c, d, "bludgeoning", "falling object")
  return d
end

-- DMG-ENV-17 [PHB]: a fall of 10 ft or more: 1d6 per 10 ft, at most 20d6;
-- opts.first_subdual (the DMG's option, DMG-DAM-01): the first 1d6 is
-- subdual. Ethereal and incorporeal creatures (tags) never fall. Returns
-- {normal, subdual, dice}.
function M.fall(c, feet, opts)
  need(c, "fall")
  opts = opts or {}
  if c:has_tag("incorporeal") or c:has_tag("ethereal") or c:has("incorporeal") then
    return { normal = 0, subdual = 0, dice = 0 }
  end
  local n = math.min(math.floor(feet / 10), M.fall_max_dice)
  local out = { normal = 0, subdual = 0, dice = n }
  if n <= 0 then return out end
  if opts.first_subdual then
    out.subdual = dice.total("1d6")
    n = n - 1
  end
  if n > 0 then out.normal = dice.total(n .. "d6") end
  if out.subdual > 0 then SD.deal(c, out.subdual, "fall") end
  M.harm(c, out.normal, "bludgeoning", "fall")
  return out
end

rules.define("3e.environment", M)
return M
