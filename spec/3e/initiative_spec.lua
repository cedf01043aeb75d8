-- ruleset: 3e
-- Rounds and initiative (inventory §§1-2): the 3.0 order with ties by Dex
-- score, group rolls, the surprise round of partial actions, latecomers,
-- Delay and its floor, Ready moving the reader's count, Refocus, and
-- durations that end on the creator's count (EX-03, EX-10, EX-11, EX-12).
-- covers: 3E-ROUND-01 3E-ROUND-02 3E-ROUND-03 3E-INIT-01 3E-INIT-02 3E-INIT-03 3E-INIT-07 3E-INIT-08
-- covers: 3E-INIT-09 3E-INIT-10 3E-INIT-11 3E-INIT-12 3E-INIT-13 3E-INIT-14 3E-INIT-18 3E-ACTION-22
-- covers: 3E-INIT-06 3E-INIT-16
local I = require("core.3e.initiative")

local function mk(id, dex, tags)
  return creature.new{ id = id, hp = 10, abilities = { dex = dex }, tags = tags }
end

local function ids(order)
  local out = {}
  for _, o in ipairs(order) do out[#out + 1] = o.id .. ":" .. o.count end
  return table.concat(out, " ")
end

test("initiative is d20 + Dex modifier (+4 Improved Initiative), highest first, kept every round", function()
  local enc = I.new{ mk("a", 14), mk("b", 10, { "improved_initiative" }), mk("c", 8) }
  dice.force{ 10, 9, 15 }
  enc:begin()
  -- a 10 + 2 = 12, b 9 + 0 + 4 = 13, c 15 - 1 = 14
  eq(ids(enc:order()), "c:14 b:13 a:12")
  enc:next_turn() enc:next_turn() enc:next_turn()
  eq(enc:round(), 2)
  eq(ids(enc:order()), "c:14 b:13 a:12", "the same order every round (3E-ROUND-01)")
end)

test("ties go by Dexterity score, then a coin flip (not by the modifier)", function()
  -- a Dex 15 (+2) and b Dex 14 (+2) tie at 12: the higher score first; c
  -- and d, both Dex 12, tie at 11 and roll off (the coin)
  local enc = I.new{ mk("b", 14), mk("a", 15), mk("c", 12), mk("d", 12) }
  dice.force{ 10, 10, 10, 10, 1, 2 }
  enc:begin()
  eq(ids(enc:order()), "a:12 b:12 d:11 c:11")
end)

test("the DM may roll once for a group of monsters (3E-INIT-03)", function()
  local cleric = mk("cleric", 12)
  local entries = { { c = cleric } }
  for i = 1, 3 do entries[#entries + 1] = { c = mk("zombie" .. i, 8), group = "zombies" } end
  local enc = I.new(entries)
  dice.force{ 5, 17 }
  enc:begin()
  eq(ids(enc:order()), "zombie1:16 zombie2:16 zombie3:16 cleric:6")
end)

test("awareness: a Listen check against the DM's DC (the worked fight's DC 9)", function()
  dice.force{ 8, 3 }
  eq(I.notices(1, 9), true, "8 + 1 = 9 meets DC 9")
  eq(I.notices(5, 9), false, "3 + 5 = 8")
  eq(I.surprise_round{ { aware = true }, { aware = false } }, true)
  eq(I.surprise_round{ { aware = true }, { aware = true } }, false, "everyone aware: no surprise round")
  eq(I.surprise_round{ { aware = false }, { aware = false } }, false, "nobody aware: none either")
end)

test("the surprise round: only the aware act, one partial action each; the rest join at round 1", function()
  -- §18: Lidda (+7) 12, the orcs (+0) 11, Jozan (-1) 8; Tordek rolls at
  -- round 1 (13 + 1 = 14)
  local enc = I.new{ { c = mk("lidda", 17, { "improved_initiative" }) }, { c = mk("tordek", 12), aware = false },
    { c = mk("jozan", 8) }, { c = mk("orcs", 10) } }
  dice.force{ 12, 8, 11 }
  enc:begin()
  eq(enc:round(), 0)
  eq(enc:in_surprise(), true)
  eq(ids(enc:order()), "lidda:19 orcs:11 jozan:7")
  eq(enc:current(), { "lidda" })
  eq(enc:remaining("lidda", "partial"), 1)
  eq(enc:remaining("lidda", "standard"), 0, "no standard action: a partial one")
  eq(enc:can_act("tordek"), false, "the unaware cannot act")
  enc:spend("lidda", "partial")
  eq(enc:remaining("lidda", "partial"), 0)
  enc:next_turn() enc:next_turn()
  dice.force{ 13 }
  enc:next_turn()
  eq(enc:round(), 1)
  eq(ids(enc:order()), "lidda:19 tordek:14 orcs:11 jozan:7", "the surprise actors keep their results")
  eq(enc:remaining("lidda", "standard"), 1)
  eq(enc:remaining("lidda", "partial"), 0)
end)

test("a 1-round effect ends just before its creator's count in the next round (EX-03)", function()
  local enc = I.new{ mk("fast", 10), mk("monk", 10), mk("target", 10) }
  dice.force{ 6, 5, 4 } -- fast 16, monk 15, target 14
  enc:begin()
  enc:next_turn() -- the monk's turn
  eq(enc:current(), { "monk" })
  I.lasts(enc, "stunned", 1, "monk", "target")
  enc:next_turn() -- target 14: still stunned
  ok(enc:effect("stunned") ~= nil)
  enc:next_turn() -- round 2: count 16 acts, still stunned
  eq(enc:current(), { "fast" })
  ok(enc:effect("stunned") ~= nil, "stunned through count 16 of the next round")
  local r = enc:next_turn() -- count 15 comes up: it ended just before
  eq(enc:effect("stunned"), nil)
  eq(r.expired[1].id, "stunned")
  eq(r.expired[1].cause, "initiative_count")
end)

test("Delay: act later at a chosen count, which becomes the initiative (EX-10)", function()
  local enc = I.new{ mk("lidda", 17, { "improved_initiative" }), mk("cleric", 10), mk("ogre", 10), mk("tordek", 10) }
  dice.force{ 15, 14, 8, 6 } -- Lidda 15 + 3 + 4 = 22
  enc:begin()
  eq(enc:current(), { "lidda" })
  enc:delay("lidda")
  enc:next_turn()
  eq(enc:current(), { "cleric" })
  enc:next_turn() enc:next_turn()
  eq(enc:current(), { "tordek" })
  enc:resume("lidda", 5)
  enc:next_turn()
  eq(enc:current(), { "lidda" })
  enc:next_turn()
  eq(enc:round(), 2)
  eq(ids(enc:order()), "cleric:14 ogre:8 tordek:6 lidda:5")
end)

test("the delay floor is -10 - the initiative modifier; the higher modifier waits longer (EX-11)", function()
  eq(I.delay_floor(7), -17)
  local lidda = mk("lidda", 10)
  local elf = mk("elf", 10)
  local enc = combat.new(I.config())
  enc:add{ id = "lidda", side = "party", init = 7, score = 17 }
  enc:add{ id = "elf", side = "them", init = 8, score = 18 }
  dice.force{ 10, 4 } -- lidda 17, elf 12
  enc:begin()
  enc:delay("lidda")
  enc:next_turn()
  eq(enc:current(), { "elf" })
  enc:delay("elf")
  fails(function() enc:resume("lidda", -18) end, "-17")
  enc:resume("lidda", -17)
  enc:resume("elf", -17)
  enc:next_turn()
  eq(enc:current(), { "elf" }, "at the same count, the higher modifier acts first")
  enc:next_turn()
  eq(enc:current(), { "lidda" })
  ok(lidda and elf)
end)

test("Ready: the readied action interrupts the trigger and the reader's count becomes the trigger's (EX-12)", function()
  local enc = I.new{ mk("mialee", 10), mk("tordek", 10), mk("hobgoblin", 10) }
  dice.force{ 14, 10, 7 }
  enc:begin()
  enc:ready("mialee", "enemy within 25 ft")
  enc:next_turn()
  enc:ready("tordek", "enemy in reach")
  enc:next_turn()
  eq(enc:current(), { "hobgoblin" })
  eq(enc:trigger("enemy within 25 ft", "hobgoblin"), { "mialee" })
  eq(enc:trigger("enemy in reach", "hobgoblin"), { "tordek" })
  enc:next_turn()
  eq(enc:round(), 2)
  local o = enc:order()
  eq(o[1].count, 7) eq(o[2].count, 7) eq(o[3].count, 7)
  eq(o[3].id, "hobgoblin", "the readers act before the trigger")
end)

test("an untriggered readied action is lost when the reader's next turn comes", function()
  local enc = I.new{ mk("a", 10), mk("b", 10) }
  dice.force{ 15, 5 }
  enc:begin()
  enc:ready("a", "door opens")
  enc:next_turn()
  local r = enc:next_turn()
  local lost = false
  for _, t in ipairs(r.transitions) do lost = lost or (t.kind == "ready_lost" and t.id == "a") end
  ok(lost, "ready_lost at a's turn")
  eq(enc:trigger("door opens", "b"), {})
end)

test("Refocus: from the next round the count is 20 + the initiative modifier", function()
  local enc = I.new{ mk("a", 16), mk("b", 10) }
  dice.force{ 2, 12 } -- a 5, b 12
  enc:begin()
  enc:next_turn()
  I.refocus(enc, "a", 3)
  eq(ids(enc:order()), "b:12 a:5", "not this round")
  enc:next_turn()
  eq(ids(enc:order()), "a:23 b:12")
end)

test("counterspell: Spellcraft DC 15 + the spell's level identifies it; the same spell counters it", function()
  dice.force{ 13 }
  eq(I.counterspell({ name = "fireball", level = 3 }, 5, { fireball = true }), true, "13 + 5 = 18 meets DC 18")
  dice.force{ 12 }
  eq(I.counterspell({ name = "fireball", level = 3 }, 5, { fireball = true }), false, "17 misses DC 18")
  dice.force{ 20 }
  eq(I.counterspell({ name = "fireball", level = 3 }, 5, { haste = true }), false, "identified, but not prepared")
end)
