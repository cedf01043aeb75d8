-- ruleset: 3e
-- Skill and ability checks and saves as the DM runs them (DMG 3.0
-- pp. 89-93, inventory §12, TV-68..72, TV-74): the check's and the DC's
-- modifiers, +2/-2 circumstances, tasks, extended tasks, specific
-- knowledge, degrees of success, taking 10, the book's rulings, choosing
-- the save, save DCs. The variants' "off" cases are here too.
-- covers: DMG-CHK-01 DMG-CHK-02 DMG-CHK-04 DMG-CHK-05 DMG-CHK-06 DMG-CHK-07 DMG-CHK-08 DMG-CHK-09
-- covers: DMG-SAVE-01 DMG-SAVE-02 DMG-SAVE-03
local C = require("core.3e.checks")

local mialee = { id = "mialee", wis = 12, int = 15, ranks = { listen = 4 } }

test("DMG-CHK-01/02 (TV-68): Mialee listens for ogres: net check -2, net DC +-0, the two lists kept apart", function()
  local circ = {
    { on = "check", good = false, why = "fleeing a beholder" },
    { on = "dc", good = true, why = "a noisy winch" },
    { on = "check", good = true, why = "she has heard of ogre raids here" },
    { on = "check", good = false, why = "ears ringing from a lightning bolt" },
    { on = "dc", good = false, why = "a dragon roaring below" },
  }
  local mods, dc_mods = C.circumstances(circ)
  eq({ C.sum(mods), C.sum(dc_mods), #mods, #dc_mods }, { -2, 0, 3, 2 })
  -- ranks 4 + Wis 1 - 2 = +3; d20 10: 13 against 15
  dice.force{ 10 }
  local r = C.check{ who = mialee, skill = "listen", dc = 15, circumstances = circ }
  eq({ r.total, r.dc, r.success, r.margin, C.sum(r.dc_mods) }, { 13, 15, false, -2, 0 })
  fails(function() C.circumstances{ { on = "check", good = true, size = 4 } } end, "worth 2")
  fails(function() C.circumstances{ { on = "roll", good = true } } end, "on must be")
  fails(function() C.check{ who = mialee, skill = "juggling", dc = 10 } end, "unknown skill")
end)

test("DMG-CHK-04: one task, one roll (keyed by actor, task and group); two groups, two rolls", function()
  local L = C.ledger()
  dice.force{ 12 }
  local a = L.task("lidda", "spot", "orcs", { who = { wis = 10 }, skill = "spot", dc = 15 })
  local b = L.task("lidda", "spot", "orcs", { who = { wis = 10 }, skill = "spot", dc = 15 })
  eq(a == b, true, "the same task asked again: no second roll (strict dice would fail it)")
  dice.force{ 18 }
  local c = L.task("lidda", "spot", "goblins", { who = { wis = 10 }, skill = "spot", dc = 15 })
  eq({ a.total, c.total, L.count() }, { 12, 18, 2 }, "a second group approaching: a second Spot check")
end)

test("DMG-CHK-05 (TV-69): a night watch, riding, tracking, sneaking", function()
  eq(#C.watch({ "start", "the goblin again", "after the fight" }), 3)
  eq(C.watch({ "start" })[1].skill, "listen", "Listen, not Spot, at night")
  local ride = C.ride_checks{ "ordinary", "rough", "hit", "leap" }
  eq({ #ride, ride[1].dc }, { 4, 10 }, "Soveliss: DC 10 into the valley, two when the owlbear hits him, one to leap down")
  local t = C.tracking(6, 3, 5)
  eq({ #t, t[3].dc_mod, t[4].dc_mod, t[5].dc_mod, t[6].dc_mod }, { 6, 0, 2, 2, 0 },
    "one check a mile; harder after the sandstorm until he finds the scorpion's trail again")
  local s = C.sneaking{ { name = "drinking hobgoblins", looking = false }, { name = "guards", looking = true } }
  eq({ #s, s[1].skill, s[2].skill, s[3].skill, s[3].group }, { 3, "move_silently", "move_silently", "hide", "guards" })
  fails(function() C.ride_checks{ "gallop" } end, "unknown event")
end)

test("DMG-CHK-06 (TV-70): +2 for the kobold it saw, none for the lurker on the ceiling: two rolls", function()
  local who = { wis = 10, ranks = { spot = 2 } }
  dice.force{ 10, 10 }
  local kobold = C.check{ who = who, skill = "spot", dc = 14, specific = true }
  local lurker = C.check{ who = who, skill = "spot", dc = 14 }
  eq({ kobold.total, kobold.success, lurker.total, lurker.success }, { 14, true, 12, false })
end)

test("DMG-CHK-07 (TV-71): degrees of success against a Move Silently of 17", function()
  local who = { wis = 10 }
  for _, c in ipairs({ { 8, 10, 1 }, { 18, 10, 2 }, { 18, 20, 3 }, { 5, 10, 0 } }) do
    dice.force{ c[1] }
    local r = C.check{ who = who, skill = "listen", dc = 17, mods = { { value = c[2], source = "ranks and more" } } }
    eq(r.degree, c[3], "total " .. r.total)
  end
  eq({ C.degree(0), C.degree(9), C.degree(10), C.degree(19), C.degree(20), C.degree(-1) }, { 1, 1, 2, 2, 3, 0 })
end)

test("DMG-CHK-08: taking 10 on a long climb: one result every round, no dice; not when threatened", function()
  local r = C.repeated({ who = { str = 14, ranks = { climb = 3 } }, skill = "climb", dc = 15 }, 10)
  eq({ #r, r[1].total, r[10].success }, { 10, 15, true })
  eq(C.repeated({ who = { str = 14 }, skill = "climb", dc = 15 }, 3, { threatened = true }), nil)
end)

test("DMG-CHK-09 (TV-72): staying awake, transcribing, the sealed urn, heavy gravity", function()
  eq({ C.stay_awake_dc(0), C.stay_awake_dc(2) }, { 12, 20 }, "the third night in a row: DC 20")
  eq(C.stay_awake_mods{ race = "elf" }, { { value = 2, source = "elf (4 hours of trance)" } })
  local scribe = { dex = 10, int = 10 }
  dice.force{ 10, 13 }
  local ok, dex, int = C.transcribe(scribe)
  eq({ ok, dex.success, int.total }, { true, true, 15 }, "the Dex success gives +2: 13 + 2 = 15")
  dice.force{ 9, 13 }
  eq(C.transcribe(scribe), false, "no +2 after a failed Dex check: 13")
  dice.force{ 17, 12 }
  eq(C.urn{ str = 10, dex = 10 }.spilled, true, "opened (17), then spilled (12 < 13)")
  dice.force{ 16 }
  eq(C.urn{ str = 10, dex = 10 }.opened, false)
  dice.force{ 14 }
  eq(C.gravity{ str = 10 }, { { value = -2, source = "heavy gravity" } })
end)

test("DMG-SAVE-01/02: the save that fits the quality tested; a save to avoid, a check to accomplish", function()
  eq({ C.which_save("endurance"), C.which_save("reaction"), C.which_save("temptation") }, { "fort", "ref", "will" })
  fails(function() C.which_save("luck") end, "unknown quality")
  eq({ C.save_or_check("avoid"), C.save_or_check("accomplish"), C.save_or_check("accomplish", "balance") },
    { "save", "ability", "skill" }, "Lidda catching herself; a friend catching her; running over a cracked floor")
end)

test("DMG-SAVE-03 (TV-74): spell DC 10 + level + modifier, a monster's 10 + HD/2 + modifier, otherwise 15", function()
  eq(C.save_dc("spell", { level = 3, mod = 3 }), 16, "a 3rd-level spell, Int 16")
  eq(C.save_dc("monster", { hd = 8, score = 17 }), 17, "8 HD, Con 17")
  eq(C.save_dc("monster", { hd = 9, score = 17 }), 17, "half the HD rounded down")
  eq({ C.save_dc("other"), C.save_dc("other", { dc = 12 }) }, { 15, 12 })
  fails(function() C.save_dc("other", { dc = 25 }) end, "10 to 20")
  local S = require("core.3e.statblock")
  local wiz = creature.new(S.build{ id = "w", hp = 10, level = 5, abilities = { int = 16 }, tags = { "wizard" },
    weapons = { { name = "Staff", damage = "1d6" } } })
  eq(C.save_dc("spell", { caster = wiz, spell = require("core.3e.magic").spell.fireball }), 16, "magic.lua's own DC")
end)

test("variants off: no big circumstances, no other abilities, no critical checks, no other save ability", function()
  fails(function() C.circumstances{ { on = "check", good = false, size = 20, why = "hopeless" } } end, "3e.big_modifiers")
  fails(function() C.check{ who = { dex = 14 }, skill = "climb", ability = "dex", dc = 10 } end, "3e.skill_abilities")
  dice.force{ 20 }
  local r = C.check{ who = { str = 10, ranks = { climb = 8 } }, skill = "climb", dc = 15 }
  eq({ r.success, r.critical, r.second }, { true, nil, nil }, "no second roll: strict dice would fail one")
  local S = require("core.3e.statblock")
  local c = creature.new(S.build{ id = "c", hp = 10, abilities = { con = 10, wis = 16 }, weapons = { { name = "Staff", damage = "1d6" } } })
  fails(function() require("core.3e.saves").roll(c, "fort", 15, { ability = "wis" }) end, "3e.save_abilities")
end)
