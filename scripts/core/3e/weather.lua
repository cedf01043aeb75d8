-- Weather (DMG inventory §11, DMG-WX, pp. 87-89): wind strengths and their
-- effects on creatures (Table 3-17 [K]), tornadoes, precipitation, storms,
-- powerful storms, fog, flash floods, and the daily random weather (Table
-- 3-19 [K]) rolled with the kernel's seeded dice. Lasting effects (a
-- thunderstorm's lightning) run on a clock (clock.lua); the damage goes
-- through environment.lua and subdual.lua.
local rules = require("rules")
local dice = require("dice")
local check = require("check")
local T = require("core.3e.tables")
local E = require("core.3e.environment")
local SD = require("core.3e.subdual")
local saves = require("core.3e.saves")

local M = rules.get("3e.weather")
if M then return M end
M = {}

local RANK = {}
for i, s in ipairs(T.sizes) do RANK[s] = i end

local function need(c, fn)
  if not require("creature").is(c) then
    error(string.format("%s: a creature expected as the first argument, got %s", fn, type(c)), 3)
  end
end

-- DMG-WX-01 and Table 3-17 [K]. [K]: the seed has only the table's
-- placeholder; the speeds, ranged-attack penalties, effects by size and
-- Fort DCs are the inventory's reconstruction (§13.3, every cell checked
-- against the SRD; the seed's wind text agrees). The flame, Listen and
-- ranged columns are also the seed's own text (DMG-WX-01). ranged/siege:
-- a modifier, or false when impossible; listen: the same; flames: the d%
-- chance that an unprotected / a protected flame goes out. effects: the
-- effect on creatures up to each size (the first row whose size is at
-- least the creature's), "none" beyond.
M.winds = {
  { id = "light", min = 0, max = 10, ranged = 0, siege = 0, listen = 0, flames = { 0, 0 }, dc = nil, effects = {} },
  { id = "moderate", min = 11, max = 20, ranged = 0, siege = 0, listen = 0, flames = { 50, 0 }, dc = nil, effects = {} },
  { id = "strong", min = 21, max = 30, ranged = -2, siege = 0, listen = -2, flames = { 100, 0 }, dc = 10,
    effects = { { upto = "tiny", effect = "knocked_down" } } },
  { id = "severe", min = 31, max = 50, ranged = -4, siege = 0, listen = -4, flames = { 100, 50 }, dc = 15,
    effects = { { upto = "tiny", effect = "blown_away" }, { upto = "small", effect = "knocked_down" },
      { upto = "medium", effect = "checked" } } },
  { id = "windstorm", min = 51, max = 74, ranged = false, siege = -4, listen = -8, flames = { 100, 75 }, dc = 18,
    effects = { { upto = "small", effect = "blown_away" }, { upto = "medium", effect = "knocked_down" },
      { upto = "huge", effect = "checked" } } },
  { id = "hurricane", min = 75, max = 174, ranged = false, siege = -8, listen = false, flames = { 100, 100 }, dc = 20,
    effects = { { upto = "medium", effect = "blown_away" }, { upto = "large", effect = "knocked_down" },
      { upto = "huge", effect = "checked" } } },
  { id = "tornado", min = 175, max = 300, ranged = false, siege = false, listen = false, flames = { 100, 100 }, dc = 30,
    effects = { { upto = "large", effect = "blown_away" }, { upto = "huge", effect = "knocked_down" },
      { upto = "colossal", effect = "checked" } } },
}
M.wind = {}
for _, w in ipairs(M.winds) do M.wind[w.id] = w end

local function wind_row(force)
  local w = M.wind[force]
  if not w then error(string.format("unknown wind force %q (light ... tornado)", tostring(force)), 3) end
  return w
end

-- M.wind_force(mph): the Table 3-17 row of a wind speed.
function M.wind_force(mph)
  for _, w in ipairs(M.winds) do
    if mph <= w.max then return w.id end
  end
  return "tornado"
end

-- M.ranged_mod(force [, siege]): the modifier on ranged attacks (siege
-- weapons: ballistae, catapults, giants' boulders), or false: impossible.
function M.ranged_mod(force, siege)
  local w = wind_row(force)
  if siege then return w.siege end
  return w.ranged
end

-- M.listen_mod(force): the modifier on Listen checks, or false.
function M.listen_mod(force) return wind_row(force).listen end

-- M.flame_out(chance): d% against a flame's chance to go out (0: it stays
-- lit, 100: it goes out, no roll). Returns out, the d% (nil: no roll).
function M.flame_out(chance)
  if chance <= 0 then return false, nil end
  if chance >= 100 then return true, nil end
  local r = check.percentile(chance)
  return r.success, r.roll
end

-- M.wind_flames(force, protected): whether a flame goes out in this wind.
function M.wind_flames(force, protected)
  local w = wind_row(force)
  return M.flame_out(protected and w.flames[2] or w.flames[1])
end

-- M.wind_size(c [, flying]): the size Table 3-17 reads: a flier counts one
-- size smaller (footnote 1).
function M.wind_size(size, flying)
  local r = RANK[size]
  if not r then error(string.format("unknown size %q", tostring(size)), 2) end
  if flying then r = math.max(1, r - 1) end
  return T.sizes[r]
end

-- M.wind_effect_for(force, size, flying): the effect on a creature of that
-- size (none, checked, knocked_down, blown_away).
function M.wind_effect_for(force, size, flying)
  local w = wind_row(force)
  local r = RANK[M.wind_size(size, flying)]
  for _, row in ipairs(w.effects) do
    if r <= RANK[row.upto] then return row.effect end
  end
  return "none"
end

-- M.apply_wind(c, effect [, opts]): the effect (DMG-COND-05, -06, -27,
-- Table 3-17 footnote 1): on the ground checked stops it (it cannot move
-- against the wind), knocked down knocks it prone, blown away knocks it
-- prone and rolls it 1d4 x 10 ft with 1d4 subdual per 10 ft; a flier
-- (opts.flying) checked is blown back 1d6 x 5 ft, knocked down 1d6 x 10
-- ft, blown away 2d6 x 10 ft with 2d6 subdual; opts.tornado: blown away
-- toward the funnel (DMG-WX-02). Returns {effect, feet, subdual, toward}.
function M.apply_wind(c, effect, opts)
  need(c, "apply_wind")
  opts = opts or {}
  local out = { effect = effect, feet = 0, subdual = 0 }
  if effect == "none" then return out end
  if effect == "checked" then
    if opts.flying then out.feet = dice.total("1d6") * 5 else c:add_condition("checked", { source = "wind" }) end
  elseif effect == "knocked_down" then
    if opts.flying then out.feet = dice.total("1d6") * 10 else c:add_condition("prone", { source = "wind" }) end
  elseif effect == "blown_away" then
    if opts.flying then
      out.feet = dice.total("2d6") * 10
      out.subdual = dice.total("2d6")
    else
      local tens = dice.total("1d4")
      out.feet = tens * 10
      out.subdual = dice.total(tens .. "d4")
      c:add_condition("prone", { source = "wind" })
    end
    c:add_condition("blown_away", { source = "wind" })
    if out.subdual > 0 then SD.deal(c, out.subdual, "wind") end
    out.toward = opts.tornado and "funnel" or nil
  else
    error(string.format("apply_wind: unknown effect %q", tostring(effect)), 2)
  end
  return out
end

-- M.wind_dc(force [, opts]): the Fort DC against a wind: Table 3-17's, but
-- inside a powerful storm (opts.powerful_storm) the seed's flat DC 20
-- (A-45; setting opts.table_dcs: always the table's).
M.powerful_storm_dc = 20
function M.wind_dc(force, opts)
  local w = wind_row(force)
  if opts and opts.powerful_storm and not opts.table_dcs then return M.powerful_storm_dc end
  return w.dc
end

-- M.blow(c, force [, opts]): a creature in the wind: its effect by size
-- (opts.flying), and when there is one a Fort save against M.wind_dc;
-- failed, the effect applies (M.apply_wind; a tornado's blown away is
-- being sucked toward it). Returns {effect, saved, feet, subdual, toward}.
function M.blow(c, force, opts)
  need(c, "blow")
  opts = opts or {}
  local effect = M.wind_effect_for(force, c:get("size") or "medium", opts.flying)
  if effect == "none" then return { effect = "none", feet = 0, subdual = 0 } end
  local saved = saves.roll(c, "fort", M.wind_dc(force, opts), { mods = opts.mods })
  if saved then return { effect = "none", saved = true, feet = 0, subdual = 0 } end
  local o = { flying = opts.flying, tornado = force == "tornado" }
  local out = M.apply_wind(c, effect, o)
  out.saved = false
  return out
end

-- DMG-WX-02: a creature that touches a tornado's funnel is whirled for
-- 1d10 rounds at 6d6 a round, then thrown out and falls (opts.fall_ft:
-- from how high; the text gives no height, so the caller must). Returns
-- {rounds, damage = {per round}, fall}.
M.tornado_speed = { wind_max = 300, moves = 30 }
function M.tornado_funnel(c, opts)
  need(c, "tornado_funnel")
  opts = opts or {}
  if type(opts.fall_ft) ~= "number" then error("tornado_funnel: opts.fall_ft (the height it is thrown from) expected", 2) end
  local rounds = dice.total("1d10")
  local out = { rounds = rounds, damage = {} }
  for i = 1, rounds do
    local n = dice.total("6d6")
    out.damage[i] = n
    E.harm(c, n, "bludgeoning", "tornado")
  end
  out.fall = E.fall(c, opts.fall_ft)
  return out
end

-- DMG-WX-03: precipitation. visibility: the fraction of normal sight;
-- spot and search, ranged, listen: modifiers (false: impossible); flames:
-- the wind whose flame column applies, or a chance pair; ground: movement
-- on it (0.5: halved). Hail: 5% that it is big enough to deal 1 damage to
-- everything in the open, once a storm (A-46).
M.precipitation = {
  rain = { visibility = 0.5, spot = -4, search = -4, ranged = -4, listen = -4, flames = M.wind.severe.flames, ground = 1 },
  snow = { visibility = 0.5, spot = -4, search = -4, ranged = -4, listen = 0, flames = M.wind.moderate.flames, ground = 0.5 },
  sleet = { visibility = 0.5, spot = -4, search = -4, ranged = -4, listen = -4, flames = { 100, 75 }, ground = 0.5 },
  hail = { visibility = 1, spot = 0, search = 0, ranged = 0, listen = -4, flames = { 0, 0 }, ground = 0.5 },
}
M.hail_chance = 5

-- M.hailstorm(creatures): once a hailstorm: d% 01-05, 1 damage to each
-- creature in the open. Returns whether the hail hurt, the d%.
function M.hailstorm(creatures)
  local r = check.percentile(M.hail_chance)
  if r.success then
    for _, c in ipairs(creatures) do E.harm(c, 1, "bludgeoning", "hail") end
  end
  return r.success, r.roll
end

-- DMG-WX-04: storms: sight a quarter, -8 on Spot, Search and Listen, no
-- ranged attack but a siege weapon's at -4, unprotected flames out and
-- protected ones 50%, the wind's Table 3-17 effects in the open.
M.storm = { visibility = 0.25, spot = -8, search = -8, listen = -8, ranged = false, siege = -4, flames = { 100, 50 },
  wind = "severe" }
-- DMG-WX-05: powerful storms: no Spot, Search or Listen, no ranged attack;
-- protected flames 75%; a Fort save DC 20 against the wind (M.wind_dc).
M.powerful_storm = { visibility = 0, spot = false, search = false, listen = false, ranged = false, siege = false,
  flames = { 100, 75 } }
M.powerful_storms = {
  windstorm = { wind = "windstorm" },
  blizzard = { wind = "windstorm", snow_ft = "1d3", cold = true },
  hurricane = { wind = "hurricane", downpour = true, flood = true },
  tornado = { wind = "tornado" },
}

-- M.duststorm(): d% 01-10 a greater duststorm (windstorm strength, 2d3 - 1
-- ft of sand), else severe wind and 1d6 inches of sand. Returns {greater,
-- wind, sand_in}.
function M.duststorm()
  local r = check.percentile(10)
  if r.success then return { greater = true, wind = "windstorm", sand_in = dice.total("2d3-1") * 12, roll = r.roll } end
  return { greater = false, wind = "severe", sand_in = dice.total("1d6"), roll = r.roll }
end

-- M.greater_duststorm_round(c): A-42: 1d3 subdual a round to a creature in
-- the open without shelter (normal once unconscious).
function M.greater_duststorm_round(c)
  return E.exposure(c, "1d3", "duststorm", { lock = false })
end

-- M.duststorm_breath(clock, c [, cloth]): the greater duststorm's breathing
-- trouble: the drowning rules (environment.lua), the checks starting after
-- 10 x Con rounds with a cloth over the face, else after the usual 2 x Con.
function M.duststorm_breath(clock, c, cloth)
  local rounds = nil
  if cloth then rounds = 10 * ((c:get("abilities") or {}).con or 10) end
  return E.hold_breath(clock, c, { rounds = rounds, cause = "duststorm" })
end

-- M.snowstorm(): 1d6 inches of snow.
function M.snowstorm() return { snow_in = dice.total("1d6") } end

-- M.thunderstorm(): 1 in 10 has a tornado. Returns {tornado, roll}.
function M.thunderstorm()
  local r = check.in_d(1, 10)
  return { tornado = r.success, roll = r.roll }
end

-- M.lightning_bolt(c): (1d10)d8 electricity (DMG-WX-04). Returns the dice
-- count and the damage.
function M.lightning_bolt(c)
  local n = dice.total("1d10")
  local d = dice.total(n .. "d8")
  if c then E.harm(c, d, "electricity", "lightning") end
  return n, d
end

-- M.thunderstorm_lightning(clock, c): at the storm's centre, one bolt a
-- minute for an hour at c.
function M.thunderstorm_lightning(clock, c)
  local t
  t = clock:every(1, "minute", function()
    M.lightning_bolt(c)
    if t.fired + 1 >= 60 then t:stop() end
  end)
  return t
end

-- DMG-WX-06: fog: sight stops at 5 ft (darkvision too); a creature within
-- 5 ft has one-half concealment (20%), one farther is not seen (total
-- concealment, 50%). Returns the miss chance at a distance.
M.fog_sight = 5
function M.fog_miss_chance(feet)
  if feet <= M.fog_sight then return T.concealment.half end
  return T.concealment.total
end

-- DMG-WX-07: flash floods: Fort DC 15; failed, Large or smaller creatures
-- are swept away (1d6 subdual a round, 1d3 on a successful Swim check: DC
-- 15 as rough water, ENV-02, the text giving none), Huge ones knocked down
-- and at risk of drowning, Gargantuan and Colossal ones checked (they
-- drown only if the water goes over their heads). Returns {saved, effect}.
M.flood_dc = 15
function M.flash_flood(c)
  need(c, "flash_flood")
  if saves.roll(c, "fort", M.flood_dc) then return { saved = true, effect = "none" } end
  local r = RANK[c:get("size") or "medium"]
  if r <= RANK.large then
    c:add_tag("swept_away")
    return { saved = false, effect = "swept_away" }
  elseif r == RANK.huge then
    c:add_condition("prone", { source = "flood" })
    return { saved = false, effect = "knocked_down", drowning_risk = true }
  end
  c:add_condition("checked", { source = "flood" })
  return { saved = false, effect = "checked" }
end

-- M.swept_round(c [, opts]): a round swept away: a Swim check (opts.swim
-- bonus) DC 15: made, 1d3 subdual, else 1d6. Returns the damage.
function M.swept_round(c, opts)
  opts = opts or {}
  local bonus = opts.swim or 0
  local ok = check.roll({ mods = { { value = bonus, source = "Swim" } }, target = E.swim_dc.rough }).success
  local n = E.exposure(c, ok and "1d3" or "1d6", "flood", { lock = false })
  return n, ok
end

-- DMG-WX-08, Table 3-19 [K]: the daily random weather. [K]: the seed has
-- only the placeholder; the bands and cells are the inventory's
-- reconstruction (§13.3, checked against the SRD). Each climate's column
-- by the d% band: 01-70 normal, 71-80 abnormal, 81-90 inclement, 91-99
-- storm, 00 powerful storm.
M.weather_bands = {
  { max = 70, id = "normal" }, { max = 80, id = "abnormal" }, { max = 90, id = "inclement" },
  { max = 99, id = "storm" }, { max = 100, id = "powerful_storm" },
}
M.climates = {
  cold = { normal = { "cold", "calm" }, abnormal = { heat_wave = 30 }, inclement = "snow",
    storm = { "snowstorm" }, powerful_storm = { "blizzard" } },
  temperate = { normal = { "season", "calm" }, abnormal = { heat_wave = 50 }, inclement = "season",
    storm = { "thunderstorm", "snowstorm" }, powerful_storm = { "windstorm", "blizzard", "hurricane", "tornado" } },
  desert = { normal = { "hot", "calm" }, abnormal = { "hot", "windy" }, inclement = { "hot", "windy" },
    storm = { "duststorm" }, powerful_storm = { "downpour" } },
}
-- Table 3-19 footnote 1: "normal for the season": winter cold, summer
-- warm, spring and autumn moderate (temperate).
M.seasons = { winter = "cold", spring = "moderate", summer = "warm", autumn = "moderate" }
-- The terms (DMG-WX-08): daytime temperature bands (F; the night is 10-20
-- colder), wind bands (mph), and the shifts of heat waves and cold snaps.
M.temperatures = { cold = { 0, 40 }, moderate = { 40, 60 }, warm = { 60, 85 }, hot = { 85, 110 } }
M.night_colder = { 10, 20 }
M.shift = { heat_wave = 10, cold_snap = -10 }
M.winds_by_term = { calm = { 0, 10 }, windy = { 10, 30 }, storm = { 30, 50 }, powerful_storm = { 51, 300 } }

-- M.precipitation_type(freezing): DMG-WX-08: d% 01-30 fog, 31-90 rain (snow
-- at or below freezing), 91-00 hail (sleet at or below freezing); and its
-- duration: 2d4 hours, hail 1d20 minutes followed by 1d4 hours of rain.
-- Returns {kind, roll, minutes, then}.
function M.precipitation_type(freezing)
  local roll = dice.total("1d100")
  local kind
  if roll <= 30 then kind = "fog"
  elseif roll <= 90 then kind = freezing and "snow" or "rain"
  else kind = freezing and "sleet" or "hail" end
  local out = { kind = kind, roll = roll }
  if kind == "hail" then
    out.minutes = dice.total("1d20")
    out.then_rain_hours = dice.total("1d4")
  else
    out.minutes = dice.total("2d4") * 60
  end
  return out
end

-- The durations of the storms (DMG-WX-08 terms), in minutes; a hurricane
-- lasts up to a week (the DM's), its worst 24-48 hours while the centre
-- passes: not rolled.
M.durations = {
  storm = function() return (dice.total("2d4") - 1) * 60 end,
  downpour = function() return dice.total("2d4") * 60 end,
  windstorm = function() return dice.total("1d6") * 60 end,
  blizzard = function() return dice.total("1d3") * 24 * 60 end,
  tornado = function() return dice.total("1d6") * 10 end,
}

-- M.daily(climate [, opts]): a day's weather (DMG-WX-08): opts.season
-- (temperate: winter, spring, summer, autumn; default spring), opts.freezing
-- (at or below freezing: snow and sleet; in a cold climate always),
-- opts.storm (the DM's pick where Table 3-19 names several: default the
-- one that fits the temperature: a snowstorm or a blizzard when freezing,
-- else a thunderstorm or a windstorm). Returns {roll, band, weather =
-- {...}, temperature = {lo, hi}, wind, precipitation, minutes}.
function M.daily(climate, opts)
  opts = opts or {}
  local col = M.climates[climate]
  if not col then error(string.format("daily: climate cold, temperate or desert, got %q", tostring(climate)), 2) end
  local season = opts.season or "spring"
  if climate == "temperate" and not M.seasons[season] then
    error(string.format("daily: unknown season %q", tostring(season)), 2)
  end
  local freezing = opts.freezing or climate == "cold"
  local roll = dice.total("1d100")
  local band
  for _, b in ipairs(M.weather_bands) do
    if roll <= b.max then band = b.id break end
  end
  local out = { roll = roll, band = band, climate = climate }
  local base = climate == "cold" and "cold" or climate == "desert" and "hot" or M.seasons[season]
  out.temperature = M.temperatures[base]
  out.wind = "calm"
  local cell = col[band]
  if band == "normal" then
    out.weather = base
  elseif band == "abnormal" and cell.heat_wave then
    local r = dice.total("1d100")
    out.shift_roll = r
    out.weather = r <= cell.heat_wave and "heat_wave" or "cold_snap"
    local t = M.temperatures[base]
    out.temperature = { t[1] + M.shift[out.weather], t[2] + M.shift[out.weather] }
  elseif (band == "abnormal" or band == "inclement") and type(cell) == "table" then
    out.weather, out.wind = "hot", "windy"
  elseif band == "inclement" then
    out.weather = "precipitation"
    out.precipitation = M.precipitation_type(freezing)
    out.minutes = out.precipitation.minutes
  else
    local pick = opts.storm
    if pick then
      local okp = false
      for _, k in ipairs(cell) do okp = okp or k == pick end
      if not okp then error(string.format("daily: %s is not one of Table 3-19's %s here", tostring(pick), band), 2) end
    elseif #cell == 1 then
      pick = cell[1]
    elseif band == "storm" then
      pick = freezing and "snowstorm" or "thunderstorm"
    else
      pick = freezing and "blizzard" or "windstorm"
    end
    out.weather = pick
    out.wind = pick ~= "downpour" and band or nil -- a downpour is rain (concealment as fog), no storm wind
    if band == "storm" then
      out.minutes = M.durations.storm()
    elseif M.durations[pick] then
      out.minutes = M.durations[pick]()
    end
  end
  return out
end

rules.define("3e.weather", M)
return M
