-- ruleset: 3e
-- Encounter distance, spotting and hiding, and the start of combat (DMG
-- ch.3 §§2-3; encounter.lua): TV-01 to TV-07, TV-10, with the [recon]
-- Tables 3-1 and 3-2 (inventory §13.3).
-- covers: DMG-ENC-01 DMG-ENC-02 DMG-ENC-03 DMG-ENC-04 DMG-ENC-05
-- covers: DMG-INIT-01 DMG-INIT-02 DMG-INIT-03 DMG-INIT-04 DMG-INIT-05 DMG-INIT-06 DMG-INIT-08 DMG-INIT-09
-- covers: DMG-INIT-10 DMG-INIT-12 DMG-INIT-13
local E = require("core.3e.encounter")

local function mk(id, dex, side)
  return creature.new{ id = id, hp = 10, side = side, abilities = { dex = dex or 10 } }
end

local function ids(order)
  local out = {}
  for _, o in ipairs(order) do out[#out + 1] = o.id .. ":" .. tostring(o.count) end
  return table.concat(out, " ")
end

test("TV-01: light forest 3d6 x 10 ft; the trolls' DC 14, the party's 20; all fail: 60 ft", function()
  dice.force{ 4, 5, 3 }
  local d = E.distance("light_forest")
  eq(d, 120)
  eq(E.spot_dc{ size = "large", count = 8 }, 14, "20 - 4 (Large) - 2 (six or more)")
  eq(E.spot_dc{ size = "medium", count = 4 }, 20)
  local party = { { id = "lidda", spot = 2 }, dc = 20 }
  local trolls = { { id = "troll", spot = 5 }, dc = 14 }
  dice.force{ 11, 15 }
  local r = E.spotting_checks(party, trolls, d)
  eq({ r.noticed.lidda, r.noticed.troll, r.distance, r.mutual_at_half }, { nil, true, 120, false },
    "13 < 14 fails; 20 >= 20: the trolls notice at 120 ft")
  dice.force{ 11, 14 }
  r = E.spotting_checks(party, trolls, d)
  eq({ r.noticed.lidda, r.noticed.troll, r.distance, r.mutual_at_half }, { true, true, 60, true }, "nobody succeeds: 60 ft")
  eq(E.distance("dungeon", { fixed = 40 }), 40, "line of sight fixes it")
  fails(function() E.distance("swamp") end, "no spotting distance")
end)

test("Table 3-2: stillness, contrast, light and vision; total darkness only with darkvision", function()
  eq(E.spot_dc{ size = "small", still = true }, 29, "20 + 4 + 5")
  eq(E.spot_dc{ contrast = -5 }, 15)
  eq(E.spot_dc{ contrast = -5, camouflage = true }, 20, "camouflage replaces contrast")
  eq(E.spot_dc{ light = "moonlight" }, 25)
  eq(E.spot_dc{ light = "starlight" }, 30)
  eq(E.spot_dc{ light = "darkness" }, nil)
  eq({ E.vision_bonus("low_light", "moonlight"), E.vision_bonus("darkvision", "starlight"), E.vision_bonus(nil, "starlight") },
    { 5, 10, 0 })
  eq({ E.vision_bonus("darkvision", "darkness"), E.vision_bonus("low_light", "darkness") }, { 0, nil })
  -- under moonlight (DC 25) an elf with low-light vision gets +5 back: 20
  -- + 5 = 25 spots; a human's 20 does not
  local elves = { { id = "elf", spot = 0, vision = "low_light" }, dc = 20 }
  local orcs = { { id = "orc", spot = 0 }, dc = 25, light = "moonlight" }
  dice.force{ 20, 1 }
  local r = E.spotting_checks(elves, orcs, 100)
  eq({ r.noticed.elf, r.mutual_at_half }, { true, false })
  elves[1].vision = nil
  dice.force{ 20, 1 }
  eq(E.spotting_checks(elves, orcs, 100).mutual_at_half, true, "a natural 20 is no automatic success: 20 < 25")
end)

test("TV-02: a hider's DC is max(Hide + 25, the normal DC); a hider travels at half speed, -2 on its own Spot", function()
  eq(E.hider_dc{ hide = 7 }, 32)
  eq(E.hider_dc{ hide = -7 }, 20, "ranks 0, Dex -1, ACP -6: the normal 20")
  eq(E.hider_dc{ hide = -4, size = "large" }, 21, "Large Hide -4: 21 vs 16")
  eq(E.hider_dc{ hide = 7, still = true }, 37, "the non-size modifiers apply")
  eq(E.hiding_speed(30), 15)
  local hider = { { id = "lidda", spot = 4, hiding = true }, dc = 32 }
  local orcs = { { id = "orc", spot = 0 }, dc = 20 }
  dice.force{ 17, 5 }
  local r = E.spotting_checks(hider, orcs, 100)
  eq({ r.mutual_at_half, r.distance }, { true, 50 }, "17 + 4 - 2 = 19 < 20 (without the -2 it would be 21); the orc's 5 fails")
  eq(r.hiders, { "lidda" }, "at half distance the hider still needs the opposed check")
end)

test("DMG-ENC-04: at half distance a hider is spotted only by winning the opposed Spot/Hide check", function()
  dice.force{ 10, 9 }
  eq(E.half_distance_hider(3, 5), false, "13 vs 14")
  dice.force{ 12, 9 }
  eq(E.half_distance_hider(3, 5), true, "15 vs 14")
end)

test("DMG-ENC-05: a 50% chance the groups miss each other; trackers always close in", function()
  dice.force{ 50 }
  eq(E.missed(), true)
  dice.force{ 51 }
  eq(E.missed(), false)
  eq(E.missed{ tracking = true }, false, "no die")
end)

test("TV-03 (DMG-INIT-01/02): the kobold sorcerer's partial action comes before anyone rolls; the party is flat-footed", function()
  local entries = { { c = mk("kobold", 14), side = "kobolds" },
    { c = mk("tordek", 10), side = "party", aware = false }, { c = mk("jozan", 10), side = "party", aware = false } }
  eq(E.start_kind(entries), "one_side")
  local enc, kind = E.start(entries)
  eq(kind, "one_side")
  enc:begin() -- no die: nobody rolls before the kobold acts
  eq({ enc:round(), enc:current()[1], enc:remaining("kobold", "partial"), enc:can_act("tordek") }, { 0, "kobold", 1, false })
  eq(E.flat_footed(enc, "tordek"), true)
  dice.force{ 10, 12, 8 }
  enc:next_turn()
  eq(enc:round(), 1)
  eq(ids(enc:order()), "kobold:12 tordek:12 jozan:8", "then everyone rolls: 10 + 2 ties 12, the kobold's Dex 14 first")
end)

test("TV-04 (DMG-INIT-03): lead time keeps the pre-initiative action; heard chanting makes it mutual", function()
  local entries = { { c = mk("jozan", 10), side = "party" }, { c = mk("orc", 10), side = "orcs", aware = false } }
  local enc, kind, info = E.start(entries, { lead = 2 })
  eq({ kind, info.prep_rounds }, { "one_side", 2 })
  enc:begin()
  eq({ enc:round(), enc:current()[1] }, { 0, "jozan" })
  enc, kind = E.start(entries, { lead = 2, noticed = true })
  eq(kind, "mutual")
  dice.force{ 5, 6 }
  enc:begin()
  eq({ enc:round(), enc:in_surprise() }, { 1, false }, "initiative straight away")
end)

test("TV-05 (DMG-INIT-04/05): aware but separated: two counted rounds, then initiative; round 3 in order; flat-footed until acting", function()
  local entries = { { c = mk("tordek", 10), side = "party" }, { c = mk("orc", 10), side = "orcs" } }
  local enc, kind, info = E.start(entries, { separated = 2 })
  eq({ kind, info.prep_rounds, info.first_round }, { "mutual", 2, 3 })
  eq({ E.flat_footed(enc, "tordek"), E.flat_footed(enc, "orc") }, { true, true })
  dice.force{ 15, 7 }
  enc:begin()
  eq({ E.flat_footed(enc, "tordek"), E.flat_footed(enc, "orc") }, { false, true }, "Tordek's turn: he acts")
  enc:next_turn()
  eq({ E.flat_footed(enc, "tordek"), E.flat_footed(enc, "orc") }, { false, false }, "the orc's turn now")
  fails(function() E.start({ { c = mk("a", 10), side = "x" }, { c = mk("b", 10), side = "y", aware = false } }, { separated = 1 }) end,
    "aware of each other")
end)

test("TV-06 (DMG-INIT-06): only Lidda and the gargoyle are aware: they roll first for their partial actions", function()
  local entries = { { c = mk("lidda", 10), side = "party" }, { c = mk("tordek", 10), side = "party", aware = false },
    { c = mk("gargoyle", 10), side = "monsters" } }
  eq(E.start_kind(entries), "some")
  local enc = E.start(entries)
  dice.force{ 8, 14 }
  enc:begin()
  eq({ enc:round(), ids(enc:order()) }, { 0, "gargoyle:14 lidda:8" })
  enc:next_turn()
  dice.force{ 11 }
  enc:next_turn()
  eq(ids(enc:order()), "gargoyle:14 tordek:11 lidda:8")
end)

test("TV-07 (DMG-INIT-08/09): aware nagas above everyone by Dex, unaware orcs by their roll, flat-footed", function()
  local party = {}
  for i, n in ipairs({ 18, 15, 12, 9 }) do party[i] = { c = mk("pc" .. n, 10), side = "party" } end
  local entries = {}
  for i, e in ipairs(party) do entries[i] = e end
  entries[#entries + 1] = { c = mk("naga", 10), side = "nagas" }
  local enc = E.start(entries)
  dice.force{ 18, 15, 12, 9, 4 }
  enc:begin()
  eq(ids(enc:order()), "pc18:18 pc15:15 pc12:12 pc9:9 naga:4")
  E.newcomers(enc, { { c = mk("naga13", 13), side = "nagas", aware = true }, { c = mk("naga15", 15), side = "nagas", aware = true },
    { c = mk("orcs", 10), side = "orcs", aware = false } })
  for _ = 1, 4 do enc:next_turn() end
  dice.force{ 2 } -- round 2 begins: only the unaware orcs roll
  enc:next_turn()
  eq(enc:round(), 2)
  eq(ids(enc:order()), "naga15:19 naga13:19 pc18:18 pc15:15 pc12:12 pc9:9 naga:4 orcs:2")
  eq({ E.flat_footed(enc, "orcs"), E.flat_footed(enc, "naga13") }, { true, true }, "naga15 acts first")
  for _ = 1, 6 do enc:next_turn() end
  eq({ enc:current()[1], E.flat_footed(enc, "orcs") }, { "naga", true }, "until their own turn")
  enc:next_turn()
  eq({ enc:current()[1], E.flat_footed(enc, "orcs") }, { "orcs", false })
  enc:next_turn()
  eq(ids(enc:order()), "naga15:19 naga13:19 pc18:18 pc15:15 pc12:12 pc9:9 naga:4 orcs:2", "the same order later")
end)

test("DMG-INIT-10: a trap sprung mid-round: announce at once, after commitments, or at the round's end", function()
  local sprung = {}
  local q = E.queue("announce")
  eq(q:spring("trap", function() sprung[#sprung + 1] = "now" end), true)
  q = E.queue("commit")
  eq(q:spring("trap", function(c) sprung[#sprung + 1] = "after " .. c.mialee end), false)
  q:commit("mialee", "fireball")
  eq(q:resolve(), 1)
  q = E.queue("end_of_round")
  q:spring("trap", function() sprung[#sprung + 1] = "round end" end)
  eq(#sprung, 2, "not yet")
  eq(q:round_end(), 1)
  eq(sprung, { "now", "after fireball", "round end" })
  fails(function() E.queue("later") end, "announce, commit or end_of_round")
end)

test("TV-10 (DMG-INIT-12): the revealed drow: everyone, the drow too, rerolls at the next round", function()
  local enc = E.start({ { c = mk("jozan", 10), side = "party" }, { c = mk("drow", 10), side = "drow" } })
  dice.force{ 15, 5 }
  enc:begin()
  E.reveal(enc)
  enc:next_turn()
  dice.force{ 3, 17 }
  enc:next_turn()
  eq(ids(enc:order()), "drow:17 jozan:3")
end)

test("DMG-INIT-13: players see their own places and the NPCs' once they act; pre-rolled attack and damage", function()
  local enc = E.start({ { c = mk("lidda", 10), side = "party" }, { c = mk("orc", 10), side = "orcs" } })
  dice.force{ 15, 5 }
  enc:begin()
  eq(ids(E.order_for(enc, "party")), "lidda:15 ?:nil", "the orc's count is hidden until it acts")
  enc:next_turn()
  eq(ids(E.order_for(enc, "party")), "lidda:15 orc:5")
  dice.force{ 9, 7 }
  eq(E.preroll(5, "1d8+2"), { natural = 9, hits_ac = 14, damage = 9 }, "hits AC 14, 9 damage if it hits")
  E.prerolls = false
  fails(function() E.preroll(5, "1d8") end, "does not allow")
  E.prerolls = true
end)
