-- ruleset: 1e
-- Non-lethal and weaponless combat (inventory section 19).
-- covers: 1E-UNARMED-01 1E-UNARMED-03 1E-UNARMED-05 1E-UNARMED-06 1E-UNARMED-07 1E-UNARMED-08
-- covers: 1E-UNARMED-09 1E-UNARMED-10 1E-UNARMED-11 1E-UNARMED-12 1E-UNARMED-13 1E-SUBDUE-02
local u = require("core.1e.unarmed")
local lib = require("core.1e.lib")
local classes = require("core.1e.classes")

local function pc(t)
  t.hp = t.hp or 10
  return creature.new(classes.character(t))
end

test("the variable: column number + a secret d6 (attacker) or d4 (defender)", function()
  eq(u.column(pc{ id = "a", class = "fighter", level = 0 }), 1)
  eq(u.column(pc{ id = "b", class = "fighter", level = 5 }), 4, "I.B: 0, 1-2, 3-4, 5-6")
  eq(u.column(pc{ id = "c", class = "cleric", level = 19 }), 7)
  eq(u.column(pc{ id = "d", class = "magic-user", level = 6 }), 2)
  eq(u.column(pc{ id = "e", class = "thief", level = 21 }), 6)
  eq(u.column(creature.new(lib.monster{ id = "o", hd = "6+6", attacks = { { name = "C", damage = "1" } } })), 7,
     "monsters: the TBL-MATRIX-MON column")
  local f = pc{ id = "f", class = "fighter", level = 5 }
  dice.force{ 3, 2 }
  eq(u.variable(f, "attacker"), 7)
  eq(u.variable(f, "defender"), 6)
  f:add_condition("unconscious")
  eq(u.variable(f, "attacker"), 0, "an unconscious participant has none")
  eq({ u.apply_variables(50, 7, "chance", 6, "result") }, { 57, -6 })
  eq({ u.apply_variables(50, 7, "result", 6, "chance") }, { 44, 7 })
end)

test("who attacks first", function()
  eq(u.first({ surprised = true, dex = 18 }, { dex = 3 }), "b")
  eq(u.first({ charging = true }, { dex = 18 }), "a")
  eq(u.first({ dex = 15 }, { dex = 12 }), "b" == "a" and "x" or "a")
  dice.force{ 2, 2, 5, 1 }
  eq(u.first({ dex = 12 }, { dex = 12 }), "a", "then the higher die (ties roll again)")
end)

test("pummelling: base chance, modifiers, the result table and strings of blows", function()
  eq(u.pummel_chance(7, { attacker_dex = 12, attacker_str = 17, attacker_ac = 8 }), 70 + 12 + 2 + 8)
  eq(u.pummel_chance(7, { stunned = true, hasted = true, fast = true }), 70 + 20 - 10 - 5)
  eq(u.pummel_chance(7, { fast = true, cannot_move = true }), 70)
  eq(u.pummel_chance(2, { helpless = true }), "auto")
  eq(u.pummel_mods{ str = 18, str_pct = 50, metal = true, def_dex = 16, shield = true, armour = "chain", helm = "visored" },
     6 + 10 + 10 - 4 - 10 - 20 - 20)
  local r = u.pummel_result(85, 1)
  eq({ r.damage, r.continue, r.off_balance }, { 9, true, false })
  r = u.pummel_result(30, 1)
  eq({ r.damage, r.off_balance, r.continue }, { 3, true, false })
  r = u.pummel_result(101, 0)
  eq({ r.damage, r.stunned }, { 10, true })
  eq(u.pummel_result(-5).counter, true)
  eq(u.pummels_per_round, 2)
  local total, blows = u.pummel_string({ 90, 50, 25, 95 }, 0)
  eq(total, 8 + 4 + 2, "a string ends at off balance")
  eq(#blows, 3)
end)

test("grappling: base from the grappler's own AC, hold rolls, holds that last", function()
  eq(u.grapple_base(7, 1), 80, "magic armour's plus added back (AMB-22)")
  eq(u.grapple_base(-2), 0)
  eq(u.grapple_chance(60, { holding = true }), nil, "nothing in either hand")
  eq(u.grapple_chance(60, { dex = 15, def_armour = "plate", slowed_or_stunned = true, faster_by = 6, hasted = true }),
     60 + 15 + 30 + 20 - 20 - 20)
  eq(u.real_share.grapple, 25)
  eq(u.hold_mods({ dex = 15, str = 16, weight_steps = 1 }, { dex = 16, str = 14, shield = true }),
     15 + 16 + 25 - 4 - 2 - 10)
  eq(u.hold_mods({ dex = 15, str = 16 }, { dex = 16, str = 14, shield = true, prone = true }), 31 - 8,
     "the defender's penalties halved when prone")
  local r = u.grapple_result(60, 2)
  eq({ r.hold, r.strike, r.damage }, { "Bear hug", "trip", 5 })
  r = u.grapple_result(99, 0)
  eq({ r.damage, r.stunned }, { 8, true })
  eq(u.grapple_result(10).counter, true)
  eq(u.hold_persists(60, 45), true, "a lower roll does not break it")
  eq(u.hold_persists(60, 75), false, "a higher one does")
  eq(u.after_stun(r), "attack_again")
end)

test("overbearing", function()
  eq(u.real_share.overbear, 50)
  eq(u.overbear_mods{ str = 17, charging = true, weight_steps = 2, opp_str = 16, opp_dex = 17, braced = true },
     17 + 15 + 20 - 2 - 6 - 10)
  eq(u.overbear_mods{ opp_dex = 17, opp_free = false }, 0, "Dexterity does not count when not free to move")
  local r = u.overbear_result(105, 1)
  eq({ r.damage, r.stunned, r.down }, { 5, true, true })
  eq(u.overbear_result(30).down, false)
end)

test("unarmed damage is partly temporary; temporary damage recovers", function()
  local c = creature.new{ id = "c", hp = 12 }
  eq(u.hit(c, "overbear", 6), 0)
  eq({ c:get("hp"), c:get("nonlethal") }, { 9, 3 })
  eq(u.recover(c, 2), 2)
  eq(c:get("nonlethal"), 1)
end)

test("several attackers: all hits first, then results in order; rear attacks", function()
  eq(u.rear_ac(3, true, -2), 6, "no shield, no Dexterity from behind")
  local order = {}
  local out = u.resolve_many({
    { roll = function() order[#order + 1] = "roll1" return true end, apply = function() order[#order + 1] = "apply1" return 1 end },
    { roll = function() order[#order + 1] = "roll2" return false end, apply = function() return 2 end },
    { roll = function() order[#order + 1] = "roll3" return true end, apply = function() order[#order + 1] = "apply3" return 3 end },
  })
  eq(order, { "roll1", "roll2", "roll3", "apply1", "apply3" })
  eq(out, { 1, 3 })
end)

test("monsters' choice of unarmed attack", function()
  local bear = creature.new{ id = "b", hp = 30, tags = { "hugger" } }
  local wolf = creature.new{ id = "w", hp = 12, tags = { "weaponless" } }
  local ogre_mage = creature.new{ id = "o", hp = 30, tags = { "humanoid" }, abilities = { int = 14 } }
  eq(u.monster_choice(bear), "grapple")
  eq(u.monster_choice(wolf), "overbear")
  eq(u.monster_choice(ogre_mage, "pummel"), "pummel", "the most effective")
  dice.force{ 2 }
  eq(u.monster_choice(creature.new{ id = "g", hp = 5, tags = { "humanoid" }, abilities = { int = 7 } }, "pummel"), "grapple")
end)

test("armed defenders fend unarmed attackers off", function()
  eq(u.armed_defender({ weapon_hit = true }), "fended")
  eq(u.armed_defender({ weapon_hit = false }), "attack_goes_on")
  eq(u.armed_defender({ surprised = true, weapon_hit = true }), "no_fend")
  eq(u.armed_defender({ surprised = true, closing_used_surprise = true, weapon_hit = true }), "fended")
end)

test("monks fight on open-handed until stunned or unconscious", function()
  local monk = pc{ id = "m", class = "monk", level = 3 }
  eq(u.monk_fights(monk), true)
  monk:add_condition("grappled")
  eq(u.monk_fights(monk), true)
  monk:add_condition("stunned")
  eq(u.monk_fights(monk), false)
  eq(rules.need("1e.melee").grapple_and_hold, "core.1e.unarmed")
end)
