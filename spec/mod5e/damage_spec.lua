-- The modded 5e, inventory section 12: damage types, flat resistance and
-- vulnerability, immunity, in the inventory's order (TV-11..16).
-- ruleset: mod5e
-- covers: HB-DMG-01 HB-DMG-02 HB-DMG-03 HB-DMG-04 HB-DMG-05 HB-DMG-06 HB-DMG-07 HB-DMG-08 HB-DMG-09

local dmg = rules.need("mod5e.damage")

local function target(hp)
  return creature.new{ id = "target", hp = hp or 100 }
end

local function lost(c, ...)
  local hp = c:get("hp")
  dmg.apply(c, ...)
  return hp - c:get("hp")
end

-- scene runs fn(attacker, defender) inside a fight of the two, after
-- initiative (forced: the attacker first).
local function scene(attacker, defender, fn)
  attacker.id, defender.id = "attacker", "defender"
  local done = false
  local h = rules.on("turn.act", function(e)
    if done then return end
    done = true
    fn(fight.get("attacker"), fight.get("defender"))
    e.acted = true
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
  end, { phase = "after" })
  dice.force{ 15, 5 }
  fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = attacker } } }, { name = "b", members = { { stat = defender } } } } })
  rules.off(h)
  eq(done, true)
end

test("the 13 damage types, sonic for 5e's thunder, by id, English or Chinese name (HB-DMG-01, AMB-30)", function()
  local zh = {}
  for _, d in ipairs(rules.need("mod5e.names").damage_types) do zh[#zh + 1] = d.zh end
  eq(zh, { "钝击", "穿刺", "挥砍", "强酸", "寒冷", "闪电", "火焰", "音波", "力场", "心灵", "毒素", "黯蚀", "光耀" })
  eq({ dmg.type("音波"), dmg.type("thunder"), dmg.type("Fire"), dmg.type("冷冻"), dmg.type("slashng") },
    { "sonic", "sonic", "fire", "cold", nil })
  fails(function() dmg.add(target(), "火焰抗性") end, "can't read the trait")
end)

test("resistance X subtracts X, vulnerability X adds X, written as the rules write them (HB-DMG-02)", function()
  local c = target()
  dmg.add(c, "火焰抗性5")
  dmg.add(c, "寒冷易伤5")
  eq({ lost(c, 12, "fire"), lost(c, 12, "cold"), lost(c, 12, "acid") }, { 7, 17, 12 })
  eq(dmg.parse("fire resistance 5"), { kind = "resist_flat", type = "fire", amount = 5 })
  eq(dmg.parse("全伤害抗性10"), { kind = "resist_flat", type = "*", amount = 10 })
end)

test("TV-16: resistances don't stack: fire 5 and fire 10 take 12 down to 2; vulnerabilities likewise (HB-DMG-03)", function()
  local c = target()
  dmg.resist(c, "fire", 5)
  dmg.resist(c, "fire", 10)
  eq(lost(c, 12, "fire"), 2)
  dmg.vuln(c, "cold", 3)
  dmg.vuln(c, "cold", 5)
  eq(lost(c, 10, "cold"), 15, "the highest vulnerability, not 18")
end)

test("TV-11: one attack's damage of a type is added first: 6 slashing + (4 + 3 fire - 5) = 8 (HB-DMG-04)", function()
  local c = target()
  dmg.resist(c, "fire", 5)
  eq(lost(c, { { amount = 6, type = "slashing" }, { amount = 4, type = "fire" }, { amount = 3, type = "fire" } }), 8,
    "not 6 + 0 + 0 by source")
  -- the same hit in a fight: 1d8 slashing + 1d6 fire + 1d6 fire rolled 6, 4, 3
  scene({ hp = 20, ac = 10, attacks = { { name = "Flame Blade", bonus = 10, damage = "1d8[slashing] + 1d6[fire] + 1d6[fire]" } } },
    { hp = 50, ac = 10, traits = { { kind = "resist_flat", type = "fire", amount = 5 } },
      attacks = { { name = "Club", bonus = 0, damage = "1d4", type = "bludgeoning" } } },
    function(a, d)
      dice.force{ 12, 6, 4, 3 }
      local r = fight.strike(a, d, "Flame Blade")
      eq(r.hit, true)
      eq(d:get("hp"), 42)
    end)
end)

test("TV-12: resistance 5 to all the damage of one attack: each type's total separately: 1 + 2 = 3 (HB-DMG-05)", function()
  local c = target()
  eq(lost(c, { { amount = 6, type = "slashing" }, { amount = 4, type = "fire" }, { amount = 3, type = "fire" } },
    { resist_all = 5 }), 3)
  eq(lost(c, 6, "slashing"), 6, "only that attack")
end)

test("resistance brings a type's total no lower than 0 (HB-DMG-06)", function()
  local c = target()
  dmg.resist(c, "fire", 10)
  eq(lost(c, { { amount = 3, type = "fire" }, { amount = 4, type = "cold" } }), 4, "fire 0, not -7 off the cold")
end)

test("TV-15: resistance first, then vulnerability: resistance 5, vulnerability 5, 3 fire → 5 (HB-DMG-07)", function()
  local c = target()
  dmg.resist(c, "fire", 5)
  dmg.vuln(c, "fire", 5)
  eq(lost(c, 3, "fire"), 5, "max(0, 3 - 5) + 5; vulnerability first would give 3")
  eq(lost(c, 20, "fire"), 20)
end)

test("TV-13: multipliers first: a fireball of 28 halved by a save is 14, then vulnerability 5: 19; 27 → 18 (HB-DMG-08)", function()
  local c = target()
  dmg.vuln(c, "fire", 5)
  eq(lost(c, 28, "fire", { half = true }), 19)
  eq(lost(c, 27, "fire", { half = true }), 18, "halves round down")
  dmg.resist(c, "cold", 4)
  eq(lost(c, 10, "cold", { half = true }), 1, "halved to 5, then -4 (not (10 - 4) / 2 = 3)")
  -- a spell with a save: fireball 8d6 = 28, the save succeeds
  dice.force{ 6, 5, 4, 3, 3, 3, 2, 2 }
  eq(dmg.spell(c, "8d6", "fire", { saved = true }).total, 19)
end)

test("TV-14: immunity overrides resistance and vulnerability: fire immune and vulnerable 5 takes 0 of 20 (HB-DMG-09)", function()
  local c = target()
  dmg.immune(c, "fire")
  dmg.vuln(c, "fire", 5)
  dmg.resist(c, "fire", 3)
  eq(lost(c, 20, "fire"), 0)
  eq(lost(c, { { amount = 20, type = "fire" }, { amount = 4, type = "cold" } }), 4)
  -- a 5e stat block's immunity and halving resistance in a fight
  scene({ hp = 20, ac = 10, attacks = { { name = "Torch", bonus = 10, damage = "2d6", type = "fire" } } },
    { hp = 50, ac = 10, traits = { { kind = "immune", type = "fire" }, { kind = "vuln_flat", type = "fire", amount = 5 } },
      attacks = { { name = "Club", bonus = 0, damage = "1d4", type = "bludgeoning" } } },
    function(a, d)
      dice.force{ 12, 6, 4 }
      fight.strike(a, d, "Torch")
      eq(d:get("hp"), 50)
    end)
end)
