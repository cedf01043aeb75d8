-- ruleset: 3e
-- DMG 3.0 chapter 3, environment hazards (inventory §10, tables T-9, T-10,
-- Table 3-18 [K]; test vectors TV-54 to TV-63) on the exposure clocks of
-- clock.lua, their subdual damage locked while the cause lasts and normal
-- once the victim is unconscious (§16.3 item 10).
-- covers: DMG-ENV-01 DMG-ENV-02 DMG-ENV-03 DMG-ENV-04 DMG-ENV-05 DMG-ENV-06 DMG-ENV-07 DMG-ENV-08
-- covers: DMG-ENV-09 DMG-ENV-10 DMG-ENV-11 DMG-ENV-12 DMG-ENV-13 DMG-ENV-14 DMG-ENV-15 DMG-ENV-16
-- covers: DMG-ENV-17
local S = require("core.3e.statblock")
local E = require("core.3e.environment")
local K = require("core.3e.clock")
local H = require("core.3e.hp")
local SD = require("core.3e.subdual")

-- A man: Fort +3 (base 2, Con 14 +2 ... given below), Reflex +0.
local function man(extra)
  local t = { id = "m", hp = 30, bab = 1, abilities = { str = 12, dex = 10, con = 14, wis = 10, int = 10, cha = 10 },
    saves = { fort = 1 }, weapons = { { name = "Fist", damage = "1d3" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return creature.new(S.build(t))
end

test("the clock: timers fire in time order, the first one interval after the grace period", function()
  local k = K.new()
  local seen = {}
  k:every(1, "hour", function(t) seen[#seen + 1] = "h" .. t.fired end)
  k:every(10, "minutes", function(t) seen[#seen + 1] = "m" .. t.fired end, { after = { 40, "minutes" } })
  k:advance(2, "hours")
  eq(seen, { "m0", "h0", "m1", "m2", "m3", "m4", "m5", "m6", "h1", "m7" }, "10-minute timer from 50 min: 50, 60 (after the hourly one, made first), ... 120")
  eq(K.seconds(1, "round"), 6)
  eq(K.seconds(1, "day"), 86400)
  local okc, err = pcall(K.seconds, 1, "fortnight")
  eq(okc, false)
  ok(tostring(err):find("fortnight"), err)
  local s = K.series("fort", 15)
  eq(s:dc(), 15)
  dice.force{ 10 }
  s:roll(man())
  eq(s:dc(), 16, "+1 per previous check")
end)

test("a hazard in a fight: the clock follows the fight's rounds", function()
  local arena = require("core.3e.arena")
  local k = K.new()
  k:follow()
  local all = arena({ "....", "...." }, { { id = "a", side = "a", at = { 1, 1 }, stat = S.build({ id = "a", hp = 20, bab = 1,
      abilities = { str = 10, dex = 10, con = 10 }, saves = { fort = 0 }, weapons = { { name = "Fist", damage = "1d3" } } }) },
    { id = "b", side = "b", at = { 3, 1 }, stat = S.build({ id = "b", hp = 20, bab = 1,
      abilities = { str = 10, dex = 10, con = 10 }, weapons = { { name = "Fist", damage = "1d3" } } }) } }, { acted = true })
  E.smoke(k, all.a)
  fight.next() -- b's turn: the round has not ended
  eq(k.now, 0)
  dice.force{ 3 }
  fight.next() -- round 1 ends, round 2 starts: the first Fort save (3 < 15)
  eq({ k.now, all.a:has("choking") }, { 6, true })
  eq(fight.assess(all.b, all.a, "Fist").miss_chance, 20, "smoke: one-half concealment")
end)

test("TV-55: drowning: Con 14 holds 28 rounds; then Con DC 10, 11 ...; 0 hp, -1, dead", function()
  local c = man()
  local k = K.new()
  eq(E.breath_rounds(c), 28)
  local h = E.hold_breath(k, c)
  k:advance(28, "rounds") -- no check yet (strict dice: a roll would fail)
  dice.force{ 8 } -- round 29: 8 + 2 = 10 >= DC 10
  k:advance(1, "round")
  eq(c:get("hp"), 30)
  dice.force{ 8 } -- round 30: 10 < DC 11: it drowns
  k:advance(1, "round")
  eq({ c:get("hp"), c:has("unconscious") }, { 0, true }, "that round: 0 hp, unconscious")
  k:advance(1, "round") -- no more checks
  eq({ c:get("hp"), c:has("dying") }, { -1, true }, "next round: -1, dying")
  k:advance(1, "round")
  eq({ c:get("hp"), c:has("dead"), h.stage }, { -10, true, "dead" })
  k:advance(5, "rounds")
end)

test("DMG-ENV-13: suffocation: the same breath rule; slow suffocation by volume and occupants (TV-60)", function()
  eq(E.suffocation_hours(1000, { medium = 1 }), 6)
  eq(E.suffocation_hours(1000, { medium = 2 }), 3)
  eq(E.suffocation_hours(1000, { medium = 2, torches = 1 }), 2)
  local h = E.suffocation_hours(20 * 20 * 10, { medium = 2, small = 1, torches = 1 })
  eq(string.format("%.2f", h), "6.86")
  local c = man()
  local k = K.new()
  E.slow_suffocation(k, c, 3)
  k:advance(3, "hours")
  eq(c:get("nonlethal"), 0)
  dice.force{ 4 }
  k:advance(15, "minutes")
  eq(c:get("nonlethal"), 4, "1d6 subdual each 15 minutes")
  dice.force{ 2 }
  k:advance(15, "minutes")
  eq(c:get("nonlethal"), 6)
  local okc = pcall(E.suffocation_hours, 1000, {})
  eq(okc, false, "nobody breathing is an error")
  -- holding one's breath while suffocating is hold_breath (the same series)
  local d = man({ abilities = { str = 10, dex = 10, con = 3 } })
  local k2 = K.new()
  E.hold_breath(k2, d, { cause = "suffocation" })
  k2:advance(6, "rounds")
  dice.force{ 3 } -- 3 - 4 = -1 < 10
  k2:advance(1, "round")
  eq(d:has("unconscious"), true)
end)

test("TV-54: avalanche: bury zone 8d6, Reflex 15 half, pinned anyway; the slide zone negates", function()
  local c = man()
  dice.force{ 15, 3, 3, 3, 3, 4, 4, 4, 4 } -- Reflex 15 + 0 made; 8d6 = 28
  local r = E.avalanche(c, "bury")
  eq({ r.damage, r.saved, r.pinned, c:has("pinned") }, { 14, true, true, true })
  c = man()
  dice.force{ 15 }
  r = E.avalanche(c, "slide")
  eq({ r.damage, r.pinned, c:has("pinned") }, { 0, false, false }, "made: no damage, not pinned")
  dice.force{ 5, 2, 3, 4 }
  r = E.avalanche(c, "slide")
  eq({ r.damage, r.pinned }, { 9, true })
  eq(pcall(E.avalanche, c, "middle"), false)
end)

test("TV-54, A-40: pinned: 1d6 subdual a minute; knocked out, one Con DC 15; failed, 1d6 normal a minute", function()
  local c = man({ hp = 6 })
  local k = K.new()
  local h = E.buried(k, c)
  dice.force{ 5 }
  k:advance(1, "minute")
  eq({ c:get("nonlethal"), c:get("hp") }, { 5, 6 })
  dice.force{ 3, 9 } -- 8 > 6 hp: unconscious; Con check 9 + 2 = 11 < 15
  k:advance(1, "minute")
  eq(E.knocked_out(c), true)
  dice.force{ 4 }
  k:advance(1, "minute")
  eq({ c:get("hp"), c:get("nonlethal") }, { 2, 8 }, "now normal damage")
  dice.force{ 1 }
  k:advance(1, "minute")
  eq(c:get("hp"), 1, "no second Con check")
  E.free(c, h)
  eq(c:has("pinned"), false)
  k:advance(10, "minutes")
  -- made the check: subdual only
  local d = man({ hp = 4 })
  local k2 = K.new()
  E.buried(k2, d)
  dice.force{ 6, 13 } -- 6 > 4: out; 13 + 2 = 15 made
  k2:advance(1, "minute")
  dice.force{ 2 }
  k2:advance(1, "minute")
  eq({ d:get("hp"), d:get("nonlethal") }, { 4, 8 })
end)

test("DMG-ENV-02: wading needs no check, calm water Swim DC 10 (take 10), rough water DC 15 and 1d3 a round", function()
  local c = man({ abilities = { str = 12, dex = 10, con = 14 } })
  eq(E.calm_water(c, { wading = true }), true)
  eq(E.calm_water(c, { swim = 0, take10 = true }), true, "take 10: 10 >= 10, no roll")
  dice.force{ 8 }
  eq(E.calm_water(c), false, "8 + Str 1 < 10")
  dice.force{ 14, 2 } -- 14 + 1 = 15 made; 1d3 = 2 subdual even so
  local r = E.rough_water(c)
  eq({ r.ok, r.under, r.damage, c:get("nonlethal") }, { true, false, 2, 2 })
  dice.force{ 5, 1, 4 } -- failed, 1 subdual, the second check fails: under
  r = E.rough_water(c)
  eq({ r.ok, r.under, c:get("nonlethal") }, { false, true, 3 })
  dice.force{ 14, 6 } -- over rocks: 1d6 normal
  r = E.rough_water(c, { rocks = true })
  eq({ r.damage, c:get("hp"), c:get("nonlethal") }, { 6, 24, 3 })
end)

test("TV-56, A-41: deep water at 250 ft: Fort DC 15, 16 ... each minute; failed, 2d6", function()
  local c = man()
  local k = K.new()
  eq(E.deep_water(k, c, 90), nil, "no pressure above 100 ft")
  E.deep_water(k, c, 250)
  dice.force{ 5, 3, 4 } -- 5 + 3 = 8 < 15: 2d6 = 7
  k:advance(1, "minute")
  eq(c:get("hp"), 23)
  dice.force{ 12, 1, 1 } -- 12 + 3 = 15 < DC 16
  k:advance(1, "minute")
  eq(c:get("hp"), 21)
  dice.force{ 17 } -- 20 >= 17
  k:advance(1, "minute")
  eq(c:get("hp"), 21)
  local d = man()
  local k2 = K.new()
  E.deep_water(k2, d, 250, { flat = true })
  dice.force{ 2, 6 }
  k2:advance(1, "minute")
  eq(d:get("hp"), 24, "the flat reading: 1d6")
end)

test("DMG-ENV-05: very cold water: 1d6 subdual a minute, no save", function()
  local c = man()
  local k = K.new()
  E.cold_water(k, c)
  dice.force{ 3, 5 }
  k:advance(2, "minutes")
  eq({ c:get("nonlethal"), c:has("fatigued") }, { 8, true })
end)

test("TV-57: thirst: Con 12 lasts 36 h, then Con DC 10, 11 ... hourly; subdual unhealable until it drinks", function()
  local c = man({ abilities = { str = 10, dex = 10, con = 12 } })
  local k = K.new()
  local h = E.thirst(k, c)
  k:advance(36, "hours")
  dice.force{ 8, 4 } -- 8 + 1 = 9 < 10: 1d6 = 4
  k:advance(1, "hour")
  eq({ c:get("nonlethal"), c:has("fatigued") }, { 4, true })
  dice.force{ 9 } -- 10 < DC 11
  dice.force{ 2 }
  k:advance(1, "hour")
  eq(c:get("nonlethal"), 6)
  dice.force{ 11 } -- 12 >= 12
  k:advance(1, "hour")
  eq(c:get("nonlethal"), 6)
  eq(H.heal(c, 10), 0, "no hit points to gain")
  eq(c:get("nonlethal"), 6, "magic heals none of it while it thirsts")
  eq(SD.recover(c, 8), 0, "nor rest")
  E.drink(c, h)
  eq(SD.recover(c, 8), 6, "it drank: it heals")
  eq(c:has("fatigued"), false, "and the fatigue with it")
  k:advance(5, "days")
end)

test("TV-57: starvation: 3 days, then a daily Con check DC 10, 11 ...", function()
  local c = man({ abilities = { str = 10, dex = 10, con = 12 } })
  local k = K.new()
  local h = E.starvation(k, c)
  k:advance(3, "days")
  dice.force{ 9 } -- 10 >= 10
  k:advance(1, "day")
  eq(c:get("nonlethal"), 0)
  dice.force{ 9, 5 } -- 10 < 11: 1d6 = 5
  k:advance(1, "day")
  eq(c:get("nonlethal"), 5)
  E.eat(c, h)
  k:advance(3, "days")
  eq(E.needs("medium").food, 1)
  eq(E.needs("small").water, { 0.5, 0.5 })
  eq(E.needs("medium", true).water, { 2, 3 })
  eq(pcall(E.needs, "huge"), false)
end)

test("TV-58: heat 95 F in chain mail: hourly Fort -4 at DC 15, 16 ...; 1d4 subdual, fatigued; unconscious, 1d4 normal", function()
  local c = man({ hp = 10 })
  local k = K.new()
  local h = E.heat(k, c, 95, { armor = true })
  eq(h.band, "very_hot")
  k:advance(59, "minutes")
  dice.force{ 15, 3 } -- 15 + 3 - 4 = 14 < 15
  k:advance(1, "minute")
  eq({ c:get("nonlethal"), c:has("fatigued") }, { 3, true })
  dice.force{ 17 } -- 16 >= 16
  k:advance(1, "hour")
  eq(c:get("nonlethal"), 3)
  eq(H.heal(c, 5), 0)
  eq(c:get("nonlethal"), 3, "heat subdual does not heal while it is hot")
  c:set("nonlethal", 11) -- knocked out by the heat
  dice.force{ 2 } -- no save: 1d4 normal
  k:advance(1, "hour")
  eq({ c:get("hp"), c:get("nonlethal") }, { 8, 11 })
  h.stop()
  E.end_exposure(c, "heat")
  eq(SD.recover(c, 11), 11, "cooled off: it heals")
  eq(c:has("fatigued"), false, "the heatstroke ends with its subdual damage")
end)

test("DMG-ENV-07: severe heat every 10 minutes; extreme heat every 5 with 1d6 a minute from the air; boiling water", function()
  local c = man()
  local k = K.new()
  eq(E.heat(k, c, 90), nil, "90 F is not above 90")
  local h = E.heat(k, c, 115)
  eq(h.band, "severe")
  dice.force{ 12 } -- 15 >= 15
  k:advance(10, "minutes")
  h.stop()
  local d = man()
  local k2 = K.new()
  local x = E.heat(k2, d, 150, { lore = true })
  eq(x.band, "extreme")
  dice.force{ 1, 1, 1, 1 }
  k2:advance(4, "minutes")
  eq(d:get("hp"), 26, "1d6 a minute, no save")
  dice.force{ 10, 3 } -- at 5 minutes the save first: 10 + 3 + 2 (Lore) = 15 made; then the air
  k2:advance(1, "minute")
  eq({ d:get("hp"), d:get("nonlethal") }, { 23, 0 })
  x.stop()
  dice.force{ 4 }
  eq(E.boiling_water(d), 4)
  dice.force{ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  eq(E.boiling_water(d, "immersion"), 10)
end)

test("DMG-ENV-08: cold: hourly below 40 F unprotected, every 10 minutes below 0 F (hourly in cold-weather clothing)", function()
  local c = man()
  local k = K.new()
  eq(E.cold(k, c, 30, { protected = true }), nil)
  E.cold(k, c, 30)
  k:advance(59, "minutes")
  dice.force{ 5, 6 } -- 8 < 15: 1d6 = 6
  k:advance(1, "minute")
  eq({ c:get("nonlethal"), c:has("fatigued") }, { 6, true })
  local d = man()
  local k2 = K.new()
  E.cold(k2, d, -10)
  dice.force{ 12 } -- 15 made
  k2:advance(10, "minutes")
  dice.force{ 12, 2 } -- 15 < 16
  k2:advance(10, "minutes")
  eq(d:get("nonlethal"), 2)
  local e = man()
  local k3 = K.new()
  E.cold(k3, e, -10, { clothing = true, lore = true })
  k3:advance(59, "minutes")
  dice.force{ 10 } -- 10 + 3 + 2 = 15
  k3:advance(1, "minute")
  eq(e:get("nonlethal"), 0)
end)

test("TV-59: catching fire: Reflex 15 or 1d6 at once; each round Reflex 15, +4 rolling; water puts it out", function()
  local c = man()
  dice.force{ 10, 4 }
  local r = E.catch_fire(c)
  eq({ r.burning, r.damage, c:get("hp") }, { true, 4, 26 })
  dice.force{ 12, 3 } -- 12 < 15 without rolling: another 1d6
  r = E.burning_round(c)
  eq({ r.burning, c:get("hp") }, { true, 23 })
  dice.force{ 12 } -- 12 + 4 = 16: out
  r = E.burning_round(c, { rolling = true })
  eq(r.burning, false)
  eq(E.catch_fire(c, { instant = true }).burning, false, "a fireball sets nobody alight")
  dice.force{ 2, 5 }
  E.catch_fire(c)
  eq(E.burning_round(c, { water = true }).burning, false, "into the water: out, no roll")
  dice.force{ 7 }
  eq(E.item_burns(2, 5), 5, "a cloak failing its Reflex 15 takes the same 5")
  dice.force{ 13 }
  eq(E.item_burns(2, 5), 0)
end)

test("DMG-ENV-10: acid: 1d6 a round, 10d6 immersed; fumes: Fort 13 or 1 Con, a minute later Fort 13 or 1d4 Con", function()
  local c = man()
  dice.force{ 5 }
  eq(E.acid_round(c), 5)
  dice.force{ 1, 1, 1, 1, 1, 1, 1, 1, 1, 2 }
  eq(E.acid_round(c, "immersion"), 11)
  local k = K.new()
  dice.force{ 5 } -- 8 < 13
  local first = E.acid_fumes(k, c)
  eq({ first, c:ability("con") }, { false, 13 })
  dice.force{ 9, 3 } -- a minute later: 9 + 3 < 13 (the stat block keeps its save bonus): 1d4 = 3 Con
  k:advance(1, "minute")
  eq(c:ability("con"), 10)
  k:advance(5, "minutes")
  eq(c:ability("con"), 10, "only two saves")
end)

test("DMG-ENV-11: ice: Balance DC 15 or fall prone; once a minute over a long way", function()
  local c = man()
  dice.force{ 15 }
  eq(E.ice(c), true)
  dice.force{ 14 }
  eq(E.ice(c), false)
  ok(c:has("prone"))
  local d = man()
  local k = K.new()
  E.ice_walk(k, d, { balance = 3 })
  dice.force{ 12, 11 }
  k:advance(2, "minutes")
  eq(d:has("prone"), true, "11 + 3 < 15 the second minute")
end)

test("DMG-ENV-12: thin air hourly (1d6 subdual, fatigued until it leaves); altitude sickness every 6 hours", function()
  local c = man()
  local k = K.new()
  E.thin_air(k, c)
  dice.force{ 4, 3 }
  k:advance(1, "hour")
  eq({ c:get("nonlethal"), c:has("fatigued") }, { 3, true })
  E.end_exposure(c, "thin_air")
  eq(c:has("fatigued"), false, "fatigued only until it leaves the thin air")
  local d = man()
  local k2 = K.new()
  eq(E.altitude(k2, d, 20000), nil)
  E.altitude(k2, d, 21000)
  k2:advance(5, "hours")
  dice.force{ 3 }
  k2:advance(1, "hour")
  eq({ d:ability("str"), d:ability("dex"), d:ability("con"), d:ability("wis") }, { 11, 9, 13, 9 })
end)

test("TV-61: lava: 2d6 a round, 20d6 immersed; out of it 1d3 rounds at half; fire immunity counts", function()
  local c = man({ hp = 200 })
  dice.force{ 3, 4 }
  eq(select(2, E.lava_round(c)), 7)
  local k = K.new()
  dice.force{ 2 } -- 1d3 = 2 rounds
  local _, rounds = E.lava_after(k, c, "contact")
  eq(rounds, 2)
  dice.force{ 5, 6 }
  k:advance(5, "rounds")
  eq(c:get("hp"), 200 - 7 - 11)
  local f20 = {}
  for i = 1, 20 do f20[i] = 1 end
  dice.force(f20)
  eq(select(2, E.lava_round(c, "immersion")), 20)
  local k2 = K.new()
  dice.force{ 1 }
  E.lava_after(k2, c, "immersion")
  dice.force{ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }
  k2:advance(3, "rounds")
  eq(c:get("hp"), 200 - 18 - 20 - 10)
  local imm = man({ traits = { { kind = "immune", type = "fire" } } })
  dice.force{ 6, 6 }
  eq(E.lava_round(imm), 0, "immune to fire, immune to lava")
end)

test("DMG-ENV-14 through the damage pipeline: fire resistance 10 (a special ability) takes lava's 2d6 less 10, out of a fight too", function()
  local ER = require("monsters.abilities.energy_resistance")
  local t = { id = "salamander", hp = 40, bab = 1, abilities = { str = 12, dex = 10, con = 14, wis = 10, int = 10, cha = 10 },
    saves = { fort = 1 }, weapons = { { name = "Fist", damage = "1d3" } } }
  ER.apply(t, { fire = 10 })
  local c = creature.new(S.build(t))
  dice.force{ 3, 4 }
  eq({ E.lava_round(c) }, { 0, 7 }, "7 fire, all of it resisted")
  eq(c:get("hp"), 40)
  -- the running total of the round: 10 of resistance were used by 7, so 3
  -- are left for the next dose this round; 12 - 3 = 9 taken
  dice.force{ 6, 6 }
  eq({ E.lava_round(c) }, { 9, 12 }, "the resistance's round total counts hazards as it counts spells")
  eq(c:get("hp"), 31)
  -- bludgeoning (a fall) is not reduced by fire resistance
  eq(E.harm(c, 4, "bludgeoning", "fall"), 4)
  eq(c:get("hp"), 27)
end)

test("DMG-ENV-15, A-43: smoke: Fort 15, 16 ... a round; a failure chokes (no actions); two in a row 1d6 subdual", function()
  local c = man()
  local k = K.new()
  local h = E.smoke(k, c)
  ok(c:has("concealed_half"), "one-half concealment (20%) inside")
  dice.force{ 5 } -- 8 < 15
  k:advance(1, "round")
  eq({ c:has("choking"), c:get("nonlethal") }, { true, 0 })
  eq(require("core.3e.condsum").behaviour(c), "none")
  dice.force{ 5, 4 } -- again: 1d6
  k:advance(1, "round")
  eq(c:get("nonlethal"), 4)
  dice.force{ 15 } -- 18 >= 17
  k:advance(1, "round")
  eq(c:has("choking"), false)
  dice.force{ 5 }
  k:advance(1, "round")
  eq(c:get("nonlethal"), 4, "one failure after a success: no damage")
  h.stop()
  eq(c:has("concealed_half"), false)
end)

test("TV-62, Table 3-18 [K]: falling objects, cell by cell", function()
  eq(E.falling_object_dice(400, 100), 11, "2d6 for the weight + 9d6 for 90 ft")
  eq(E.falling_object_dice(30, 50), 1)
  eq(E.falling_object_dice(30, 150), 3)
  eq(E.falling_object_dice(0.5, 1000), 0, "under 1 lb: never")
  eq(E.falling_object_dice(2000, 1000), 20, "at most 20d6")
  eq(E.falling_object_dice(200, 10), 1)
  eq(E.falling_object_dice(200, 5), 0)
  -- the [K] bands: {weight, feet per 1d6}
  local bands = { { 200 - 1, 20 }, { 101, 20 }, { 100, 30 }, { 51, 30 }, { 50, 40 }, { 31, 40 }, { 30, 50 }, { 11, 50 },
    { 10, 60 }, { 6, 60 }, { 5, 70 }, { 1, 70 } }
  for _, b in ipairs(bands) do
    eq(E.falling_object_dice(b[1], b[2]), 1, b[1] .. " lb from " .. b[2] .. " ft")
    eq(E.falling_object_dice(b[1], b[2] - 1), 0, b[1] .. " lb from " .. (b[2] - 1) .. " ft")
    eq(E.falling_object_dice(b[1], 2 * b[2]), 2)
  end
  eq(#E.falling_objects, 6)
  local c = man()
  dice.force{ 2, 2, 2 }
  eq(E.falling_object(c, 30, 150), 6)
  eq(pcall(E.falling_object_dice, "heavy", 10), false)
end)

test("TV-63, DMG-ENV-17: a 70-ft fall: 7d6; with the DMG option the first 1d6 is subdual; no fall for the incorporeal", function()
  local c = man({ hp = 60 })
  dice.force{ 1, 2, 3, 4, 5, 6, 1 }
  local r = E.fall(c, 70)
  eq({ r.dice, r.normal, r.subdual, c:get("hp") }, { 7, 22, 0, 38 })
  local d = man({ hp = 60 })
  dice.force{ 4, 1, 2, 3, 4, 5, 6 }
  r = E.fall(d, 70, { first_subdual = true })
  eq({ r.subdual, r.normal, d:get("nonlethal"), d:get("hp") }, { 4, 21, 4, 39 })
  eq(E.fall(d, 5).dice, 0, "under 10 ft: nothing")
  local many = {}
  for i = 1, 20 do many[i] = 1 end
  dice.force(many)
  eq(E.fall(man({ hp = 60 }), 500).dice, 20)
  local g = man({ tags = { "incorporeal" } })
  eq(E.fall(g, 100).dice, 0)
end)
