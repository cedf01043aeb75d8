-- ruleset: 3e
-- Poison (Table 3-16), disease (Table 3-14), energy drain and negative
-- levels, fear (monsters.abilities.poison, disease, energy_drain, fear).
-- covers: DMG-SA-30 DMG-SA-31 DMG-SA-32 DMG-SA-17 DMG-SA-18 DMG-SA-22
local S = require("core.3e.statblock")
local P = require("monsters.abilities.poison")
local DIS = require("monsters.abilities.disease")
local ED = require("monsters.abilities.energy_drain")
local FEAR = require("monsters.abilities.fear")

local function pc(o)
  o = o or {}
  return S.build{ id = o.id or "pc", hp = o.hp or 60, level = o.level or 7, abilities = o.abilities or { str = 15, con = 16 },
    weapons = { { name = "Waraxe", damage = "1d10" } }, saves = { fort = o.fort or 5 }, tags = o.tags, resources = o.resources }
end

test("Table 3-16 [K]: 28 poisons, cell by cell for a sample; initial and secondary damage", function()
  eq(#P.order, 28)
  for _, n in ipairs(P.order) do ok(P.table[n], n) end
  local w = P.get("wyvern")
  eq({ w.kind, w.dc, w.initial.con, w.secondary.con, w.price }, { "injury", 17, "2d6", "2d6", 3000 })
  eq({ P.get("bloodroot").initial, P.get("bloodroot").secondary }, { {}, { con = "1d4", wis = "1d3" } })
  eq(P.get("shadow_essence").initial.str, "1*", "drain")
  eq(P.get("dragon_bile").kind, "contact")
  eq(P.get("carrion_crawler_brain_juice").initial.paralysis, true)
  eq(P.get("insanity_mist").dc, 15)
  local okk, err = pcall(P.get, "drow_poison")
  ok(not okk and string.find(err, "no poison", 1, true), "drow poison is 3.5 only")
end)

test("DMG-SA-30: a failed first save takes the initial damage; a minute later a second save, even after a success", function()
  local c = creature.new(pc{ fort = 2 })
  -- Fort d20 5 + 2 + 3 = 10 < 14: 1d4 = 3 Str
  dice.force{ 5, 3 }
  local r = P.expose(c, "medium_spider")
  eq({ r.saved, r.damage.str, c:ability("str") }, { false, 3, 12 })
  ok(c:has("poisoned"))
  -- the secondary: d20 15 saves
  dice.force{ 15 }
  eq(P.secondary(c, "medium_spider").saved, true)
  ok(not c:has("poisoned"))
  -- a success on the first save still leaves the secondary to come
  dice.force{ 19 }
  r = P.expose(c, "medium_spider")
  eq(r.saved, true)
  ok(c:has("poisoned"))
  dice.force{ 2, 4 }
  eq(P.secondary(c, "medium_spider").damage.str, 4)
  eq(c:ability("str"), 8)
  -- shadow essence's initial damage is drain
  dice.force{ 1 }
  P.expose(c, "shadow_essence")
  eq(require("monsters.abilities.ability_damage").drain_of(c, "str"), 1)
end)

test("DMG-SA-32: undead, constructs, elementals immune; oozes and plants but to special poisons; own poison", function()
  eq(P.immune(creature.new{ id = "z", hp = 5, tags = { "undead" } }), true)
  eq(P.immune(creature.new{ id = "g", hp = 5, tags = { "construct" } }), true)
  eq(P.immune(creature.new{ id = "e", hp = 5, tags = { "elemental" } }), true)
  eq(P.immune(creature.new{ id = "o", hp = 5, tags = { "ooze" } }, { name = "x" }), true)
  eq(P.immune(creature.new{ id = "o", hp = 5, tags = { "ooze" } }, { name = "x", special = true }), false)
  local wyv = { id = "wyvern", hp = 59, hd = 7, bab = 7, natural = { { name = "Sting", damage = "1d6" } } }
  P.on_hit(wyv, { attacks = { "Sting" }, poison = "wyvern" })
  eq(P.immune(creature.new(S.build(wyv)), P.get("wyvern")), true, "a wyvern is immune to its own poison")
  eq(P.immune(creature.new(pc()), P.get("wyvern")), false)
end)

test("DMG-SA-31: 5% to poison oneself applying it; a natural 1 with a poisoned weapon: Reflex DC 15 or poisoned", function()
  dice.force{ 5 }
  eq(P.applying_slips(), true)
  dice.force{ 6 }
  eq(P.applying_slips(), false)
  local c = creature.new(pc())
  eq(P.natural_one(c, 2), false)
  dice.force{ 10 }
  eq(P.natural_one(c, 1), true, "d20 10 + 0 < 15")
  dice.force{ 15 }
  eq(P.natural_one(c, 1), false)
end)

test("a wyvern's sting in a fight: the poison on a hit, the secondary a minute (10 rounds) later; none when DR absorbs it", function()
  local wyv = { id = "wyvern", hp = 59, hd = 7, bab = 7, abilities = { str = 19 },
    natural = { { name = "Sting", damage = "1d6" } } }
  P.on_hit(wyv, { attacks = { "Sting" }, poison = "wyvern" })
  fight.table()
  local w = fight.add(S.build(wyv), { side = "foes" })[1]
  local t = fight.add(pc{ id = "t", fort = 2 }, { side = "party" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  -- sting 15 hits, 1d6 2 + 4; Fort 3 + 5 fails; 2d6 = 3 + 4 Con
  dice.force{ 15, 2, 3, 3, 4 }
  fight.strike(w, t, "Sting")
  eq(t:ability("con"), 9)
  ok(t:has("poisoned"))
  for _ = 1, 9 do
    fight.next()
    fight.next()
  end
  -- round 11: the wyvern's turn starts: the secondary save 20 saves
  dice.force{ 20 }
  fight.next()
  fight.next()
  ok(not t:has("poisoned"))
end)

test("Table 3-14 [K]: ten diseases; the infection save, incubation, daily saves, two in a row cure", function()
  eq(#DIS.order, 10)
  local f = DIS.get("filth_fever")
  eq({ f.type, f.infection, f.dc, f.incubation, f.damage }, { "ex", "injury", 12, "1d3", { dex = "1d3", con = "1d3" } })
  eq({ DIS.get("devil_chills").cure_streak, DIS.get("mummy_rot").never_cured, DIS.get("demon_fever").type },
     { 3, true, "su" })
  local c = creature.new(pc{ fort = 0 })
  -- infection: d20 2 + 3 < 12; incubation 1d3 = 2 days
  dice.force{ 2, 2 }
  local a = DIS.expose(c, "filth_fever")
  eq(DIS.day(a), "incubating")
  -- day 2: onset: 1d3 Dex 2, 1d3 Con 1
  dice.force{ 2, 1 }
  eq(DIS.day(a), "onset")
  eq(c:ability("dex"), 8)
  -- a failed save: the damage again, the streak back to 0
  dice.force{ 1, 1, 1 }
  eq(DIS.day(a), "damaged")
  dice.force{ 15 }
  eq(DIS.day(a), "saved")
  dice.force{ 15 }
  eq(DIS.day(a), "cured")
  -- a successful infection save: no disease
  dice.force{ 15 }
  eq(DIS.expose(c, "filth_fever"), nil)
  -- mummy rot: saves never cure
  dice.force{ 1 }
  local m = DIS.expose(c, "mummy_rot")
  dice.force{ 3 }
  DIS.day(m)
  for _ = 1, 4 do
    dice.force{ 20 }
    eq(DIS.day(m), "saved")
  end
  -- the healer's Heal check replaces a lower save
  dice.force{ 2, 18 }
  local h = DIS.expose(c, "cackle_fever", { healer = 0 })
  eq(h, nil, "d20 2 + 3 failed, the Heal check 18 beat 16")
end)

test("TV-35: a wight drains a 2nd-level rogue: -1, DC 14, +5 temporary hp; the 24-hour save fails: 1st level, 500 XP, no evasion", function()
  eq(ED.dc(4, 15), 14)
  local wight = S.build{ id = "wight", hp = 26, hd = 4, bab = 2, abilities = { cha = 15 },
    natural = { { name = "Slam", damage = "1d4" } } }
  ED.on_hit(wight, { attacks = { "Slam" }, hd = 4, cha = 15 })
  fight.table()
  local w = fight.add(wight, { side = "foes" })[1]
  local r = fight.add(pc{ id = "lidda", level = 2, hp = 12, tags = { "rogue", "evasion" }, fort = 0 }, { side = "party" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  dice.force{ 15, 1 }
  fight.strike(w, r, "Slam")
  eq({ ED.negative_levels(r), ED.effective_level(r), ED.penalty(r) }, { 1, 1, -1 })
  eq(w:get("hp"), 26 + 5, "five temporary hit points")
  -- the penalty on saves (saves.roll adds it): d20 13 + 3 - 1 = 15
  dice.force{ 13 }
  local _, sv = require("core.3e.saves").roll(r, "fort", 15)
  eq(sv.total, 15)
  -- 24 hours: d20 8 + 3 = 11 < 14 (the negative level's own -1 is not on this save)
  dice.force{ 8 }
  local out = ED.day(r)
  eq(out, { removed = 1, lost = 1 })
  eq({ r:ability("level"), r:ability("xp"), r:has_tag("evasion"), ED.negative_levels(r) }, { 1, 500, false, 0 })
end)

test("TV-36: negative levels equal to the level kill; a lost 5th level leaves 8,000 XP; a slot of the highest level goes", function()
  local c = creature.new(pc{ level = 3, resources = { spell_1 = { max = 2 }, spell_2 = { max = 1 } } })
  eq(ED.drain(c, 1, { dc = 14 }), 1)
  eq({ c:resource("spell_2").current, c:resource("spell_1").current }, { 0, 2 })
  eq(ED.drain(c, 2, { dc = 14, spell = true }), "dead")
  ok(c:has_tag("rises_as_wight"))
  eq(ED.xp(4), 8000)
end)

test("level loss is one mechanism: 1e's wight drains through monsters.abilities.energy_drain.lose_level", function()
  local c = creature.new{ id = "f", hp = 30, abilities = { level = 3 } }
  eq(ED.lose_level(c, "level"), 2)
  eq({ c:get("max_hp"), c:ability("level") }, { 20, 2 })
end)

test("TV-38: fear stacks; shaken is -2 on attacks, saves, checks and weapon damage (A-29)", function()
  eq(FEAR.stack("shaken", "shaken"), "frightened")
  eq(FEAR.stack("shaken", "frightened"), "panicked")
  eq(FEAR.stack("frightened", "shaken"), "panicked")
  eq(FEAR.stack("frightened", "frightened"), "panicked")
  eq(FEAR.stack(nil, "shaken"), "shaken")
  local c = creature.new(pc())
  -- a failed Will save (d20 2): shaken; again: frightened
  dice.force{ 2 }
  ok(FEAR.save(c, 15, "shaken", "ghost"))
  eq(FEAR.state(c), "shaken")
  eq({ FEAR.penalty(c, "attack"), FEAR.penalty(c, "damage"), FEAR.penalty(c, "save"), FEAR.penalty(c, "check") },
     { -2, -2, -2, -2 })
  -- the -2 is on the save: d20 17 + 0 - 2 = 15 saves; 16 - 2 = 14 fails
  dice.force{ 16 }
  ok(FEAR.save(c, 15, "shaken", "ghost"))
  eq(FEAR.state(c), "frightened")
  eq(FEAR.behaviour("frightened", { sees_source = true, can_flee = true }), "flee")
  eq(FEAR.behaviour("frightened", { sees_source = false }), "act")
  eq(FEAR.behaviour("frightened", { sees_source = true, can_flee = false }), "fight")
  eq(FEAR.behaviour("panicked", { can_flee = false }), "cower")
  dice.force{ 50 }
  eq(FEAR.panic_drop(), true)
end)
