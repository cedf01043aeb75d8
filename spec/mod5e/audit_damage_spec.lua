-- Audit (independent cases): inventory sections 12 and 13, edge cases of
-- flat resistance and vulnerability, immunity, halving, dying and
-- temporary hit points.
-- ruleset: mod5e
-- covers: HB-DMG-02 HB-DMG-03 HB-DMG-04 HB-DMG-05 HB-DMG-06 HB-DMG-07 HB-DMG-08 HB-DMG-09
-- covers: HB-HP-01 HB-HP-02 HB-HP-03 HB-HP-04 HB-HP-05 HB-HP-06 HB-HP-07 HB-HP-09 HB-HP-10 HB-HP-11 HB-HP-12

local ch = require("core.5e.character")
local mdmg = rules.need("mod5e.damage")
local dmg = rules.need("5e.damage")
local dying = rules.need("5e.dying")
local cond = rules.need("5e.conditions")

local function target(hp)
  return creature.new{ id = "target", hp = hp or 100 }
end

local function lost(c, ...)
  local hp = c:get("hp")
  mdmg.apply(c, ...)
  return hp - c:get("hp")
end

local function hero(max, hp)
  local c = ch.new{ id = "hero", max_hp = max, level = 1, abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } }
  c:add_tag("pc")
  c:set("hp", hp or max)
  return c
end

test("audit: a resistance exactly equal to the damage leaves 0; one more point leaves 1 (HB-DMG-02, 06)", function()
  local c = target()
  mdmg.resist(c, "cold", 5)
  eq({ lost(c, 5, "cold"), lost(c, 6, "cold"), lost(c, 4, "cold") }, { 0, 1, 0 })
end)

test("audit: vulnerabilities don't stack, the highest counts, in either order (HB-DMG-03)", function()
  local c = target()
  mdmg.vuln(c, "acid", 10)
  mdmg.vuln(c, "acid", 2)
  eq(lost(c, 1, "acid"), 11)
end)

test("audit: one attack's same-type parts are summed before the resistance, each other type apart (HB-DMG-04, 06)", function()
  local c = target()
  mdmg.resist(c, "fire", 5)
  mdmg.resist(c, "cold", 5)
  eq(lost(c, { { amount = 2, type = "fire" }, { amount = 2, type = "fire" }, { amount = 2, type = "fire" },
    { amount = 4, type = "cold" }, { amount = 3, type = "cold" } }), 1 + 2, "fire 6-5, cold 7-5")
end)

test("audit: vulnerability applies once a type, however many parts (HB-DMG-04)", function()
  local c = target()
  mdmg.vuln(c, "fire", 5)
  eq(lost(c, { { amount = 1, type = "fire" }, { amount = 1, type = "fire" } }), 7, "(1 + 1) + 5, not 12")
end)

test("audit: resistance to all of this attack with the creature's own fire resistance: the higher, per type (HB-DMG-03, 05)", function()
  local c = target()
  mdmg.resist(c, "fire", 10)
  eq(lost(c, { { amount = 12, type = "fire" }, { amount = 7, type = "slashing" } }, { resist_all = 5 }), 2 + 2,
    "fire 12-10 (not -15), slashing 7-5")
end)

test("audit: resistance and vulnerability on one type with a big hit: d - R + V (HB-DMG-07)", function()
  local c = target()
  mdmg.resist(c, "lightning", 5)
  mdmg.vuln(c, "lightning", 3)
  eq({ lost(c, 10, "lightning"), lost(c, 5, "lightning") }, { 8, 3 })
end)

test("audit: a halved odd total rounds down before the flat traits (HB-DMG-08, AMB-23)", function()
  local c = target()
  mdmg.resist(c, "fire", 2)
  eq(lost(c, 9, "fire", { half = true }), 2, "9/2 = 4, - 2")
  local d = target()
  mdmg.vuln(d, "fire", 2)
  eq(lost(d, 1, "fire", { half = true }), 2, "1/2 = 0, + 2")
end)

test("audit: immunity overrides the vulnerability of a petrified creature's own type: poison 0 (HB-DMG-09, HB-COND-12)", function()
  local c = hero(200)
  cond.add(c, "petrified")
  mdmg.vuln(c, "poison", 5)
  eq(lost(c, 15, "poison"), 0)
end)

test("audit: petrified and a bludgeoning vulnerability of 5 of its own: only the highest, 10 (HB-DMG-03, HB-COND-12)", function()
  local c = hero(200)
  mdmg.vuln(c, "bludgeoning", 5)
  cond.add(c, "petrified")
  eq(lost(c, 4, "bludgeoning"), 10, "max(0, 4 - 10) + 10")
  mdmg.resist(c, "fire", 15)
  eq(lost(c, 20, "fire"), 5, "its own fire resistance 15 beats the statue's 10")
end)

test("audit: overflow damage exactly one short of the HP maximum: dying, not dead (HB-HP-01, 02)", function()
  local c = hero(10, 1)
  eq(dmg.apply(c, 10, "slashing").state, "dying", "overflow 9 < 10")
  local d = hero(10, 1)
  eq(dmg.apply(d, 11, "slashing").state, "dead", "overflow 10 = 10")
end)

test("audit: temporary HP soak first, the overflow counts only what passes them (HB-HP-02, 10)", function()
  local c = hero(20, 6)
  dmg.temp(c, 5)
  eq(dmg.apply(c, 30, "slashing").state, "dying", "5 temp, then 25: overflow 19")
  local d = hero(20, 6)
  dmg.temp(d, 5)
  eq(dmg.apply(d, 31, "slashing").state, "dead", "overflow 20")
end)

test("audit: a death save of exactly 10 succeeds, 9 fails, no attribute added (HB-HP-03)", function()
  local c = ch.new{ id = "hero", max_hp = 20, level = 5, abilities = { str = 10, dex = 10, con = 20, int = 10, wis = 10, cha = 10 } }
  c:add_tag("pc")
  dmg.apply(c, 20, "slashing")
  dice.force{ 10 }
  eq(dying.death_save(c).result, "success")
  dice.force{ 9 }
  eq(dying.death_save(c).result, "failure", "9 + nothing: Con 20 is not added")
  eq({ c:level("death_success"), c:level("death_failure") }, { 1, 1 })
end)

test("audit: a natural 1 with one failure already: three failures, dead (HB-HP-04)", function()
  local c = hero(20, 1)
  dmg.apply(c, 1, "slashing")
  dice.force{ 5 }
  dying.death_save(c)
  dice.force{ 1 }
  eq(dying.death_save(c).result, "dead")
end)

test("audit: a natural 20 after two successes and two failures: 1 HP, awake, tallies 0 (HB-HP-04, 05)", function()
  local c = hero(20, 1)
  dmg.apply(c, 1, "slashing")
  dice.force{ 15, 15, 5, 5, 20 }
  for _ = 1, 4 do dying.death_save(c) end
  eq(dying.death_save(c).result, "revived")
  eq({ c:get("hp"), c:has("unconscious"), c:level("death_success"), c:level("death_failure") }, { 1, false, 0, 0 })
end)

test("audit: a critical at 0 HP with two failures already: dead (HB-HP-06)", function()
  local c = hero(30, 1)
  dmg.apply(c, 1, "slashing")
  dmg.apply(c, 1, "slashing")
  eq(c:level("death_failure"), 1)
  eq(dmg.apply(c, 1, "slashing", { crit = true }).state, "dead", "1 + 2")
end)

test("audit: damage at 0 HP of exactly the HP maximum kills at once, one less is a failure (HB-HP-06)", function()
  local c = hero(12, 1)
  dmg.apply(c, 1, "slashing")
  eq(dmg.apply(c, 11, "slashing").state, "failure")
  eq(dmg.apply(c, 12, "slashing").state, "dead")
end)

test("audit: temporary HP at 0 HP soak a hit, but it is still dying (HB-HP-12)", function()
  local c = hero(20, 1)
  dmg.apply(c, 1, "slashing")
  dmg.temp(c, 10)
  dmg.apply(c, 4, "slashing")
  eq({ c:get("temp_hp"), c:get("hp") }, { 6, 0 }, "the temporary HP took it all")
  ok(c:has("unconscious") and c:has("dying"), "still dying")
end)

test("audit: a stable creature hit: it is dying again, with the failure (HB-HP-07, AMB-37)", function()
  local c = hero(20, 1)
  dmg.apply(c, 1, "slashing")
  dying.stabilize(c)
  eq(dmg.apply(c, 1, "slashing").state, "failure")
  eq({ c:has("stable"), c:level("death_failure") }, { false, 1 })
  dice.force{ 12 }
  eq(dying.death_save(c).result, "success", "it makes death saves again")
end)

test("audit: healing a dying creature by 1 wakes it and resets both tallies (HB-HP-05)", function()
  local c = hero(20, 1)
  dmg.apply(c, 1, "slashing")
  dice.force{ 15, 3 }
  dying.death_save(c)
  dying.death_save(c)
  dmg.heal(c, 1)
  eq({ c:get("hp"), c:has("dying"), c:level("death_success"), c:level("death_failure") }, { 1, false, 0, 0 })
end)

test("audit: a knockout is only for melee: a ranged blow that drops the foe leaves it dying or dead (HB-HP-09)", function()
  local out = fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = { id = "archer", hp = 50, ac = 10, init = 20,
      attacks = { { name = "Bow", bonus = 20, damage = "20", type = "piercing", ranged = true, range = { 80 } } },
      on = { ["creature.down"] = dying.knock_out_hook } } } } },
    { name = "b", members = { { stat = { id = "thug", hp = 10, ac = 10, attacks = { { name = "Fist", bonus = 0, damage = "1" } } } } } } } })
  eq(out.fighters[2].dead, true, "a monster shot down dies; a knockout needs a melee attack")
end)

test("audit: the same temporary HP offered twice never stack; the lower offer keeps the current (HB-HP-11)", function()
  local c = hero(20)
  dmg.temp(c, 6)
  eq(dmg.temp(c, 6), 6, "not 12")
  eq(dmg.temp(c, 2), 6)
end)

test("audit: temporary HP are not healing: gaining them at full HP is no 'regain HP' (HB-HP-10)", function()
  local c = hero(20, 1)
  dmg.apply(c, 1, "slashing")
  local healed = false
  local h = rules.on("creature.healed", function() healed = true end)
  dmg.temp(c, 5)
  rules.off(h)
  eq({ healed, c:has("unconscious") }, { false, true })
end)

test("audit: vulnerability 5 to all the damage of one attack: each type's total +5 (HB-DMG-05, source 抗性/易伤)", function()
  local c = target()
  eq(lost(c, { { amount = 6, type = "slashing" }, { amount = 4, type = "fire" }, { amount = 3, type = "fire" } },
    { vuln_all = 5 }), 11 + 12, "slashing 6 + 5, fire 7 + 5")
  mdmg.resist(c, "fire", 10)
  eq(lost(c, { { amount = 6, type = "slashing" }, { amount = 7, type = "fire" } }, { vuln_all = 5, resist_all = 2 }),
    (6 - 2 + 5) + (0 + 5), "resistance first (the creature's 10 beats 2), then the vulnerability")
end)
