-- ruleset: 3e
-- DMG 3.0 chapter 3, weather (inventory §11; Tables 3-17 and 3-19 [K],
-- checked cell by cell; test vectors TV-64 to TV-67): wind by size (fliers
-- one size smaller), tornadoes, precipitation, storms, powerful storms,
-- fog, flash floods and the daily random weather on the seeded dice.
-- covers: DMG-WX-01 DMG-WX-02 DMG-WX-03 DMG-WX-04 DMG-WX-05 DMG-WX-06 DMG-WX-07 DMG-WX-08
local S = require("core.3e.statblock")
local W = require("core.3e.weather")
local K = require("core.3e.clock")

local function beast(size, extra)
  local t = { id = "b", hp = 40, bab = 1, size = size, abilities = { str = 12, dex = 10, con = 10 },
    saves = { fort = 0 }, weapons = { { name = "Bite", damage = "1d4" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return creature.new(S.build(t))
end

local SIZES = { "fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal" }
local CODE = { n = "none", c = "checked", k = "knocked_down", b = "blown_away" }

test("Table 3-17 [K], cell by cell: speeds, ranged (normal / siege), the effect by size, the Fort DC", function()
  -- [K] reconstructed table (inventory §13.3): one letter per size, Fine to Colossal.
  local want = {
    { "light", 0, 10, 0, 0, "nnnnnnnnn", nil },
    { "moderate", 11, 20, 0, 0, "nnnnnnnnn", nil },
    { "strong", 21, 30, -2, 0, "kkknnnnnn", 10 },
    { "severe", 31, 50, -4, 0, "bbbkcnnnn", 15 },
    { "windstorm", 51, 74, false, -4, "bbbbkccnn", 18 },
    { "hurricane", 75, 174, false, -8, "bbbbbkcnn", 20 },
    { "tornado", 175, 300, false, false, "bbbbbbkcc", 30 },
  }
  eq(#W.winds, #want)
  for i, row in ipairs(want) do
    local w = W.winds[i]
    eq({ w.id, w.min, w.max, W.ranged_mod(w.id), W.ranged_mod(w.id, true), w.dc }, { row[1], row[2], row[3], row[4], row[5], row[7] })
    eq(W.wind_force(row[2]), row[1])
    eq(W.wind_force(row[3]), row[1])
    for s, size in ipairs(SIZES) do
      eq(W.wind_effect_for(row[1], size, false), CODE[row[6]:sub(s, s)], row[1] .. " / " .. size)
    end
    -- footnote 1: a flier counts one size smaller
    for s = 2, #SIZES do
      eq(W.wind_effect_for(row[1], SIZES[s], true), CODE[row[6]:sub(s - 1, s - 1)], row[1] .. " / flying " .. SIZES[s])
    end
  end
end)

test("DMG-WX-01: wind strengths: flames, ranged attacks and Listen", function()
  local listen = { light = 0, moderate = 0, strong = -2, severe = -4, windstorm = -8, hurricane = false, tornado = false }
  for id, v in pairs(listen) do eq(W.listen_mod(id), v, id) end
  eq(W.wind_flames("light", false), false)
  dice.force{ 50 }
  eq(W.wind_flames("moderate", false), true, "d% 50: the candle goes out")
  dice.force{ 51 }
  eq(W.wind_flames("moderate", false), false)
  eq(W.wind_flames("moderate", true), false, "a lantern is safe in a moderate wind")
  eq(W.wind_flames("strong", false), true, "no roll: out")
  dice.force{ 51 }
  eq(W.wind_flames("severe", true), false, "severe: protected flames 50%")
  dice.force{ 75 }
  eq(W.wind_flames("windstorm", true), true, "windstorm: 75%")
  eq(W.wind_flames("hurricane", true), true)
  eq(pcall(W.ranged_mod, "breeze"), false)
end)

test("TV-64: severe wind, failed Fort DC 15: Medium checked, Small prone, Tiny blown 30 ft with 3d4, a flying Large checked", function()
  local m = beast("medium")
  dice.force{ 14 } -- 14 < 15
  local r = W.blow(m, "severe")
  eq({ r.effect, r.saved, m:has("checked"), r.feet }, { "checked", false, true, 0 })
  local s = beast("small")
  dice.force{ 3 }
  r = W.blow(s, "severe")
  eq({ r.effect, s:has("prone") }, { "knocked_down", true })
  local t = beast("tiny")
  dice.force{ 3, 3, 2, 2, 4 } -- failed; 1d4 = 3: 30 ft; 3d4 = 8 subdual
  r = W.blow(t, "severe")
  eq({ r.effect, r.feet, r.subdual, t:get("nonlethal"), t:has("prone") }, { "blown_away", 30, 8, 8, true })
  local l = beast("large")
  dice.force{ 2, 4 } -- failed; blown back 1d6 x 5 = 20 ft
  r = W.blow(l, "severe", { flying = true })
  eq({ r.effect, r.feet, l:has("checked") }, { "checked", 20, false })
  eq(W.blow(beast("large"), "severe").effect, "none", "on the ground a Large creature is unaffected: no save")
  dice.force{ 15 }
  eq(W.blow(beast("medium"), "severe").saved, true)
  -- the fliers' other rows: knocked down 1d6 x 10, blown away 2d6 x 10 and 2d6 subdual
  local f = beast("medium")
  dice.force{ 2, 3, 4, 1, 1 } -- failed; 2d6 x 10 = 70 ft; 2d6 = 2 subdual
  r = W.blow(f, "windstorm", { flying = true })
  eq({ r.effect, r.feet, r.subdual }, { "blown_away", 70, 2 }, "a flying Medium counts Small: blown away, not knocked down")
end)

test("Table 3-17 footnote: flying blown away 2d6 x 10 ft and 2d6 subdual; flying knocked down 1d6 x 10 ft", function()
  local f = beast("medium")
  dice.force{ 3, 4, 2, 5 } -- 2d6 = 7: 70 ft; 2d6 = 7 subdual
  local r = W.apply_wind(f, "blown_away", { flying = true })
  eq({ r.feet, r.subdual, f:get("nonlethal") }, { 70, 7, 7 })
  local g = beast("medium")
  dice.force{ 4 }
  eq(W.apply_wind(g, "knocked_down", { flying = true }).feet, 40)
  eq(g:has("prone"), false, "a flier is blown back, not knocked prone")
end)

test("TV-65, DMG-WX-02: tornado: sucked toward it; the funnel whirls 1d10 = 4 rounds of 6d6, then the fall", function()
  local c = beast("large")
  dice.force{ 5, 1, 1 } -- Fort 5 < 30: blown away (toward the funnel): 1d4 = 1 (10 ft), 1d4 = 1
  local r = W.blow(c, "tornado")
  eq({ r.effect, r.toward }, { "blown_away", "funnel" })
  local d = beast("medium", { hp = 200 })
  local f = { 4 }
  for _ = 1, 4 * 6 do f[#f + 1] = 2 end
  for _ = 1, 3 do f[#f + 1] = 1 end -- the 30-ft fall: 3d6
  dice.force(f)
  r = W.tornado_funnel(d, { fall_ft = 30 })
  eq({ r.rounds, r.damage, r.fall.normal, d:get("hp") }, { 4, { 12, 12, 12, 12 }, 3, 200 - 48 - 3 })
  eq(pcall(W.tornado_funnel, d, {}), false, "the height must be given")
  eq(W.tornado_speed, { wind_max = 300, moves = 30 })
end)

test("DMG-WX-03: precipitation: rain, snow, sleet, hail; hail hurts 1 point once a storm on d% 01-05", function()
  eq({ W.precipitation.rain.visibility, W.precipitation.rain.spot, W.precipitation.rain.listen, W.precipitation.rain.ranged },
    { 0.5, -4, -4, -4 })
  eq({ W.precipitation.snow.ground, W.precipitation.snow.listen, W.precipitation.snow.flames }, { 0.5, 0, { 50, 0 } })
  eq(W.precipitation.sleet.flames, { 100, 75 })
  eq({ W.precipitation.hail.visibility, W.precipitation.hail.listen, W.precipitation.hail.ground }, { 1, -4, 0.5 })
  local a, b = beast("medium"), beast("small")
  dice.force{ 5 }
  eq(W.hailstorm({ a, b }), true)
  eq({ a:get("hp"), b:get("hp") }, { 39, 39 })
  dice.force{ 6 }
  eq(W.hailstorm({ a, b }), false)
end)

test("TV-66, DMG-WX-04: storms; lightning (1d10)d8 a bolt, one a minute for an hour; duststorms; 1 in 10 thunderstorms a tornado", function()
  eq({ W.storm.visibility, W.storm.spot, W.storm.listen, W.storm.ranged, W.storm.siege, W.storm.flames },
    { 0.25, -8, -8, false, -4, { 100, 50 } })
  local c = beast("medium", { hp = 500 })
  dice.force{ 6, 1, 2, 3, 4, 5, 6 }
  local n, d = W.lightning_bolt(c)
  eq({ n, d, c:get("hp") }, { 6, 21, 479 })
  local k = K.new()
  W.thunderstorm_lightning(k, c)
  local f = {}
  for _ = 1, 60 do f[#f + 1] = 1; f[#f + 1] = 1 end
  dice.force(f)
  k:advance(2, "hours")
  eq(c:get("hp"), 479 - 60, "60 bolts of 1d8 = 1, then no more")
  dice.force{ 10, 1, 2 } -- greater; 2d3 - 1 = 2 ft
  eq(W.duststorm(), { greater = true, wind = "windstorm", sand_in = 24, roll = 10 })
  dice.force{ 11, 4 }
  eq(W.duststorm(), { greater = false, wind = "severe", sand_in = 4, roll = 11 })
  local g = beast("medium")
  dice.force{ 2 }
  eq(W.greater_duststorm_round(g), 2)
  eq(g:get("nonlethal"), 2)
  local k2 = K.new()
  W.duststorm_breath(k2, g, true) -- cloth: 10 x Con 10 = 100 rounds before the first check
  k2:advance(100, "rounds")
  dice.force{ 10 }
  k2:advance(1, "round")
  dice.force{ 1 }
  eq(W.thunderstorm().tornado, true)
  dice.force{ 2 }
  eq(W.thunderstorm().tornado, false)
  dice.force{ 3 }
  eq(W.snowstorm().snow_in, 3)
end)

test("DMG-WX-05, A-45: powerful storms: no sight checks or ranged attacks, flames 75%, Fort DC 20 against the wind", function()
  eq({ W.powerful_storm.spot, W.powerful_storm.listen, W.powerful_storm.ranged, W.powerful_storm.flames },
    { false, false, false, { 100, 75 } })
  eq(W.wind_dc("windstorm"), 18)
  eq(W.wind_dc("windstorm", { powerful_storm = true }), 20)
  eq(W.wind_dc("tornado", { powerful_storm = true }), 20, "the seed's flat DC 20")
  eq(W.wind_dc("tornado", { powerful_storm = true, table_dcs = true }), 30)
  local c = beast("medium")
  dice.force{ 19 } -- 19 >= 18 but < 20: knocked down
  local r = W.blow(c, "windstorm", { powerful_storm = true })
  eq({ r.effect, c:has("prone") }, { "knocked_down", true })
  eq(W.powerful_storms.blizzard, { wind = "windstorm", snow_ft = "1d3", cold = true })
  eq(W.powerful_storms.hurricane.wind, "hurricane")
end)

test("DMG-WX-06: fog: sight stops at 5 ft; within 5 ft one-half concealment (20%)", function()
  eq(W.fog_miss_chance(5), 20)
  eq(W.fog_miss_chance(10), 50)
end)

test("DMG-WX-07: flash floods: Fort DC 15; Large or smaller swept away (1d6 subdual, 1d3 with Swim), Huge knocked down, Gargantuan checked", function()
  local l = beast("large")
  dice.force{ 14 }
  eq(W.flash_flood(l).effect, "swept_away")
  dice.force{ 15, 2 } -- Swim 15 made: 1d3
  local n, okk = W.swept_round(l, { swim = 0 })
  eq({ n, okk }, { 2, true })
  dice.force{ 14, 6 }
  eq(W.swept_round(l, { swim = 0 }), 6)
  eq(l:get("nonlethal"), 8)
  local h = beast("huge")
  dice.force{ 3 }
  local r = W.flash_flood(h)
  eq({ r.effect, r.drowning_risk, h:has("prone") }, { "knocked_down", true, true })
  local g = beast("gargantuan")
  dice.force{ 3 }
  eq(W.flash_flood(g).effect, "checked")
  dice.force{ 15 }
  eq(W.flash_flood(beast("small")).saved, true)
end)

test("TV-67, DMG-WX-08: the precipitation d%: 27 fog, 55 rain (snow), 95 hail (sleet); 2d4 hours, hail 1d20 minutes then 1d4 hours of rain", function()
  dice.force{ 27, 2, 3 }
  eq(W.precipitation_type(false), { kind = "fog", roll = 27, minutes = 300 })
  dice.force{ 55, 1, 1 }
  eq(W.precipitation_type(false).kind, "rain")
  dice.force{ 55, 1, 1 }
  eq(W.precipitation_type(true).kind, "snow")
  dice.force{ 95, 12, 3 }
  eq(W.precipitation_type(false), { kind = "hail", roll = 95, minutes = 12, then_rain_hours = 3 })
  dice.force{ 95, 4, 4 }
  eq(W.precipitation_type(true), { kind = "sleet", roll = 95, minutes = 480 })
  dice.force{ 30, 1, 1 }
  eq(W.precipitation_type(false).kind, "fog")
  dice.force{ 31, 1, 1 }
  eq(W.precipitation_type(false).kind, "rain")
  dice.force{ 91, 1, 1 }
  eq(W.precipitation_type(false).kind, "hail")
end)

test("Table 3-19 [K], cell by cell: the bands and each climate's weather", function()
  local function day(climate, faces, opts)
    dice.force(faces)
    return W.daily(climate, opts)
  end
  -- band edges
  for _, c in ipairs({ { 1, "normal" }, { 70, "normal" }, { 71, "abnormal" }, { 80, "abnormal" }, { 81, "inclement" },
    { 90, "inclement" }, { 91, "storm" }, { 99, "storm" } }) do
    local faces = { c[1] }
    if c[2] == "abnormal" then faces[2] = 1 end
    if c[2] == "inclement" then faces[2], faces[3], faces[4] = 1, 1, 1 end
    if c[2] == "storm" then faces[2], faces[3] = 1, 1 end
    eq(day("cold", faces).band, c[2], "d% " .. c[1])
  end
  -- cold climate
  eq(day("cold", { 40 }).weather, "cold")
  eq(day("cold", { 40 }).temperature, { 0, 40 })
  eq(day("cold", { 75, 30 }).weather, "heat_wave")
  local snap = day("cold", { 75, 31 })
  eq({ snap.weather, snap.temperature }, { "cold_snap", { -10, 30 } })
  eq(day("cold", { 85, 50, 2, 2 }).precipitation.kind, "snow", "cold: the precipitation is snow")
  local st = day("cold", { 95, 2, 2 })
  eq({ st.weather, st.minutes }, { "snowstorm", 180 }, "2d4 - 1 hours")
  local bz = day("cold", { 100, 2 })
  eq({ bz.weather, bz.minutes }, { "blizzard", 2 * 24 * 60 }, "1d3 days")
  -- temperate
  eq(day("temperate", { 10 }, { season = "winter" }).weather, "cold")
  eq(day("temperate", { 10 }, { season = "summer" }).weather, "warm")
  eq(day("temperate", { 10 }, { season = "autumn" }).temperature, { 40, 60 })
  eq(day("temperate", { 75, 50 }).weather, "heat_wave")
  eq(day("temperate", { 75, 51 }).weather, "cold_snap")
  eq(day("temperate", { 85, 60, 1, 1 }).precipitation.kind, "rain")
  eq(day("temperate", { 95, 1, 1 }).weather, "thunderstorm")
  eq(day("temperate", { 95, 1, 1 }, { freezing = true }).weather, "snowstorm")
  local ws = day("temperate", { 100, 3 })
  eq({ ws.weather, ws.minutes, ws.wind }, { "windstorm", 180, "powerful_storm" }, "1d6 hours")
  local tn = day("temperate", { 100, 4 }, { storm = "tornado" })
  eq({ tn.weather, tn.minutes }, { "tornado", 40 }, "1d6 x 10 minutes")
  local hu = day("temperate", { 100 }, { storm = "hurricane" })
  eq({ hu.weather, hu.minutes }, { "hurricane", nil }, "up to a week: the DM's")
  dice.force{ 100 }
  eq(pcall(W.daily, "temperate", { storm = "duststorm" }), false, "not a temperate powerful storm")
  -- desert
  eq(day("desert", { 70 }).weather, "hot")
  local dw = day("desert", { 80 })
  eq({ dw.weather, dw.wind }, { "hot", "windy" })
  eq(day("desert", { 90 }).wind, "windy")
  eq(day("desert", { 91, 1, 1 }).weather, "duststorm")
  local dp = day("desert", { 100, 1, 1 })
  eq({ dp.weather, dp.minutes, dp.wind }, { "downpour", 120, nil })
  eq(pcall(W.daily, "arctic"), false)
  -- the terms
  eq({ W.temperatures.hot, W.temperatures.warm, W.night_colder, W.winds_by_term.windy }, { { 85, 110 }, { 60, 85 }, { 10, 20 }, { 10, 30 } })
end)

test("DMG-WX-08: the weather is rolled once a day on the clock", function()
  local k = K.new()
  local days = {}
  k:every(1, "day", function() days[#days + 1] = W.daily("temperate", { season = "summer" }).band end)
  dice.force({ 12, 72, 10, 85, 40, 2, 2, 93, 2, 2, 100, 6, 50, 33 })
  k:advance(7, "days")
  eq(days, { "normal", "abnormal", "inclement", "storm", "powerful_storm", "normal", "normal" })
end)
