-- D&D 5e (2024), inventory section 18: damage (TV-22..TV-28, T-18, T-22):
-- 5e.damage over the kernel's damage steps, and the same steps in a
-- self-playing fight.
-- ruleset: 5e
-- covers: 5E-DMG-01 5E-DMG-02 5E-DMG-03 5E-DMG-04 5E-DMG-05 5E-DMG-06 5E-DMG-07
-- covers: 5E-DMG-08 5E-DMG-09 5E-DMG-10

local dmg = rules.need("5e.damage")

local function target(traits, hp)
  return creature.new{ id = "target", hp = hp or 60, traits = traits }
end

-- scene runs fn(all) in the first turn of a fight of attacker and
-- defender stat blocks, after initiative (forced).
local function scene(attacker, defender, fn)
  attacker.name, defender.name = "attacker", "defender"
  local done = false
  local h = rules.on("turn.act", function(e)
    if done then return end
    done = true
    local all = {}
    for _, c in ipairs(fight.all()) do all[c:get("name")] = c end
    fn(all)
    e.acted = true
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
  end, { phase = "after" })
  dice.force{ 15, 5 } -- initiative: the attacker first
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = attacker } } }, { name = "b", members = { { stat = defender } } } } })
  rules.off(h)
  eq(done, true)
end

test("TV-28: damage dice plus modifiers, never below 0 (5E-DMG-01)", function()
  dice.force{ 1 }
  eq(dmg.roll("1d4-3"), 0)
  dice.force{ 4 }
  eq(dmg.roll("1d4-3"), 1)
  scene({ hp = 10, ac = 10, attacks = { { name = "Weak", bonus = 10, damage = "1d4-3" } } },
    { hp = 10, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1d4" } } }, function(all)
      dice.force{ 12, 1 }
      local r = fight.strike(all.attacker, all.defender, "Weak")
      eq({ r.hit, r.damage }, { true, 0 })
      eq(all.defender:get("hp"), 10)
    end)
end)

test("weapon damage adds the attack's ability modifier; fixed damage doesn't (5E-DMG-02)", function()
  eq(dmg.weapon_expr("1d8", 3), "1d8+3")
  eq(dmg.weapon_expr("1d6", -1), "1d6-1")
  eq(dmg.weapon_expr("1", 3), "1", "a blowgun's 1")
  eq(dmg.weapon_expr("1", 3, { add_to_fixed = true }), "1+3", "unless a rule says so")
  -- the same modifier as the attack roll: Finesse picks the better of Str and Dex
  local rogue = creature.new{ id = "rogue", hp = 10, abilities = { str = 8, dex = 16 } }
  local ability = rules.need("5e.attack_ability")(rogue, { attack = "melee", finesse = true })
  eq(ability, "dex")
  dice.force{ 2 }
  eq(dmg.roll(dmg.weapon_expr("1d4", rules.need("5e.mod")(rogue:ability(ability)))), 5)
end)

test("TV-22: a dagger Critical Hit with Dex +3 and Sneak Attack 1d6: 2d4 = 3, 2; 2d6 = 4, 5: 17 (5E-DMG-03)", function()
  eq(dmg.crit_expr("1d4+1d6+3"), "2d4+2d6+3")
  dice.force{ 3, 2, 4, 5 }
  eq(dmg.roll("1d4+1d6+3", { crit = true }), 17)
  -- the fight engine doubles the dice of a critical hit, not the modifier
  scene({ hp = 10, ac = 10, attacks = { { name = "Dagger", bonus = 5, damage = "1d4+1d6+3", type = "piercing" } } },
    { hp = 40, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1d4" } } }, function(all)
      dice.force{ 20, 3, 2, 4, 5 }
      local r = fight.strike(all.attacker, all.defender, "Dagger")
      eq({ r.crit, r.damage }, { true, 17 })
    end)
end)

test("TV-23: Fireball 8d6 rolled once for three saving targets: 28 failed, 14 saved, 7 saved with Fire Resistance (5E-DMG-04, 05)", function()
  local failed, saved = target(), target()
  local resistant = target({ { kind = "resist", type = "fire" } })
  dice.force{ 6, 5, 4, 3, 3, 3, 2, 2 }
  local total, recs = dmg.area("8d6", "fire", { failed, saved, resistant }, { false, true, true })
  eq(total, 28)
  eq({ recs[1].total, recs[2].total, recs[3].total }, { 28, 14, 7 })
end)

test("TV-24: half damage on a successful save rounds down: 25 -> 12 (5E-DMG-05)", function()
  eq(dmg.apply(target(), 25, "fire", { half = true }).total, 12)
  eq(dmg.apply(target(), 1, "fire", { half = true }).total, 0)
end)

test("every damage instance has a type; the 13 types of T-18 (5E-DMG-06)", function()
  local types = {}
  for _, t in ipairs(rules.need("5e.damage_types")) do types[#types + 1] = t.id end
  eq(types, { "acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison",
    "psychic", "radiant", "slashing", "thunder" })
  local c = target({ { kind = "resist", type = "cold" } })
  local rec = dmg.apply(c, { fire = 6, cold = 6 })
  eq({ rec.total, #rec.types }, { 9, 2 }, "each type meets its own traits")
end)

test("TV-27: 7 Cold with Resistance is 3; with Vulnerability 14 (5E-DMG-07)", function()
  eq(dmg.apply(target({ { kind = "resist", type = "cold" } }), 7, "cold").total, 3)
  eq(dmg.apply(target({ { kind = "vuln", type = "cold" } }), 7, "cold").total, 14)
end)

test("TV-25: Resistance to Necrotic and to all damage halve 20 Necrotic once: 10 (5E-DMG-08)", function()
  local c = target({ { kind = "resist", type = "necrotic" }, { kind = "resist", type = "*" } })
  eq(dmg.apply(c, 20, "necrotic").total, 10)
  local v = target({ { kind = "vuln", type = "fire" }, { kind = "vuln", type = "*" } })
  eq(dmg.apply(v, 5, "fire").total, 10, "Vulnerability counts once too")
end)

test("TV-26: 28 Fire, an aura -5, Resistance to all, Vulnerable to Fire: 28 -> 23 -> 11 -> 22 (5E-DMG-09)", function()
  eq(rules.need("combat").damage_steps, { "immune", "adjust", "resist", "vuln" })
  local c = target({ { kind = "resist", type = "*" }, { kind = "vuln", type = "fire" } })
  local rec = dmg.apply(c, 28, "fire", { adjust = { { add = -5, source = "aura" } } })
  eq(rec.total, 22)
  eq(rec.types[1].steps, {
    { step = "adjust", before = 28, after = 23, source = "aura" },
    { step = "resist", before = 23, after = 11 },
    { step = "vuln", before = 11, after = 22 },
  })
  -- the fight engine applies the same order: 28 resisted and doubled = 28
  scene({ hp = 10, ac = 10, attacks = { { name = "Flame", bonus = 5, damage = "28", type = "fire" } } },
    { hp = 60, ac = 10, traits = { { kind = "resist", type = "*" }, { kind = "vuln", type = "fire" } },
      attacks = { { name = "Club", bonus = 0, damage = "1d4" } } }, function(all)
      dice.force{ 12 }
      fight.strike(all.attacker, all.defender, "Flame")
      eq(all.defender:get("hp"), 32)
    end)
end)

test("Immunity: no damage of that type; an immune creature never gets the condition (5E-DMG-10)", function()
  local golem = target({ { kind = "immune", type = "poison" }, { kind = "resist", type = "*" } })
  golem:set("condition_immune", { "poisoned" })
  local rec = dmg.apply(golem, { poison = 30, fire = 10 })
  eq(rec.total, 5)
  local res = rules.need("5e.conditions").add(golem, "poisoned")
  eq({ res.immune, golem:has("poisoned") }, { true, false })
end)
