-- The modded 5e, inventory section 13: hit points, dying and death,
-- temporary hit points (TV-18, TV-23..26).
-- ruleset: mod5e
-- covers: HB-HP-01 HB-HP-02 HB-HP-03 HB-HP-04 HB-HP-05 HB-HP-06 HB-HP-07 HB-HP-08 HB-HP-09
-- covers: HB-HP-10 HB-HP-11 HB-HP-12 HB-HP-13

local ch = require("core.5e.character")
local dmg = rules.need("5e.damage")
local dying = rules.need("5e.dying")

local function hero(max, hp)
  local c = ch.new{ id = "hero", max_hp = max, level = 1, abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 } }
  c:add_tag("pc")
  c:set("hp", hp or max)
  return c
end

test("TV-18: at 0 HP with overflow below the HP maximum: unconscious and dying; at or above it: dead (HB-HP-01, 02)", function()
  local c = hero(20, 6)
  eq(dmg.apply(c, 25, "slashing").state, "dying", "overflow 19 < 20")
  ok(c:has("unconscious") and c:has("dying"))
  local d = hero(20, 6)
  eq(dmg.apply(d, 26, "slashing").state, "dead", "overflow 20 >= 20")
end)

test("TV-23: death saves: a bare d20, 10 or more succeeds; 12, 1, 9: S1 F2 then F3, dead (HB-HP-03, 04)", function()
  local c = hero(20, 6)
  dmg.apply(c, 6, "slashing")
  dice.force{ 12 }
  eq(dying.death_save(c).result, "success")
  dice.force{ 1 }
  local r = dying.death_save(c)
  eq({ r.result, r.failures }, { "failure", 2 }, "a natural 1 is two failures")
  dice.force{ 9 }
  eq(dying.death_save(c).result, "dead")
  -- three successes: stable
  local d = hero(20, 6)
  dmg.apply(d, 6, "slashing")
  dice.force{ 10, 15, 19 }
  dying.death_save(d)
  dying.death_save(d)
  eq(dying.death_save(d).result, "stable")
end)

test("TV-24: a natural 20 regains 1 HP: conscious, the tallies reset (HB-HP-04, 05)", function()
  local c = hero(20, 6)
  dmg.apply(c, 6, "slashing")
  c:add_condition("death_failure", { level = 2, stacking = "levels" })
  dice.force{ 20 }
  eq(dying.death_save(c).result, "revived")
  eq({ c:get("hp"), c:has("unconscious"), c:level("death_failure"), c:has("dying") }, { 1, false, 0, false })
  -- healing resets too
  local d = hero(20, 6)
  dmg.apply(d, 6, "slashing")
  dice.force{ 15 }
  dying.death_save(d)
  dmg.heal(d, 3)
  eq({ d:get("hp"), d:level("death_success"), d:has("dying") }, { 3, 0, false })
end)

test("TV-25: damage at 0 HP is a failure, a critical two; damage of the HP maximum kills at once (HB-HP-06)", function()
  local c = hero(30, 5)
  dmg.apply(c, 5, "slashing")
  c:add_condition("death_success", { level = 1, stacking = "levels" })
  c:add_condition("death_failure", { level = 1, stacking = "levels" })
  eq(dmg.apply(c, 8, "slashing", { crit = true }).state, "dead", "F1 + 2 = F3")
  local d = hero(30, 5)
  dmg.apply(d, 5, "slashing")
  eq(dmg.apply(d, 30, "slashing").state, "dead")
  local e = hero(30, 5)
  dmg.apply(e, 5, "slashing")
  eq(dmg.apply(e, 4, "slashing").state, "failure")
  eq(e:level("death_failure"), 1)
end)

test("a stable creature stays at 0 HP; damage restarts its death saves with failures; 1 HP after 1d4 hours (HB-HP-07, AMB-37)", function()
  local c = hero(20, 2)
  dmg.apply(c, 2, "slashing")
  dying.stabilize(c)
  ok(c:has("stable") and c:has("unconscious"))
  eq(c:get("hp"), 0)
  eq(dmg.apply(c, 3, "slashing", { crit = true }).state, "failure")
  eq({ c:has("stable"), c:has("dying"), c:level("death_failure") }, { false, true, 2 })
  dying.stabilize(c)
  dice.force{ 3 }
  eq(dying.stable_recovery(c), 3)
  eq({ c:get("hp"), c:has("unconscious") }, { 1, false })
end)

test("the GM's shortcut: monsters die at 0 HP; an important NPC may fall unconscious instead (HB-HP-08)", function()
  local orc = creature.new{ id = "orc", hp = 10 }
  eq(dmg.apply(orc, 10, "slashing").state, "dead")
  local npc = creature.new{ id = "baron", hp = 10, tags = { "death_saves" } }
  eq(dmg.apply(npc, 10, "slashing").state, "dying")
  -- in a fight: members marked player = true make death saves, others die
  local function run(player)
    dice.force{ 10, 5, 15 } -- initiative, the axe's d20 (the fight is over before the NPC's turn)
    return fight.run(fight.encounter{ max_rounds = 1, sides = {
      { name = "a", members = { { stat = { id = "killer", hp = 50, ac = 10, init = 20,
        attacks = { { name = "Axe", bonus = 20, damage = "12", type = "slashing" } } } } } },
      { name = "b", members = { { stat = { id = "npc", hp = 10, ac = 10, attacks = { { name = "Fist", bonus = 0, damage = "1" } } },
        player = player } } } } })
  end
  local out = run(true)
  eq({ out.fighters[2].out, out.fighters[2].dead }, { true, false }, "a player-marked NPC is down, not dead")
  dice.force{ 10, 5, 15 }
  out = fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = { id = "killer", hp = 50, ac = 10, init = 20,
      attacks = { { name = "Axe", bonus = 20, damage = "12", type = "slashing" } } } } } },
    { name = "b", members = { { stat = { id = "npc", hp = 10, ac = 10, attacks = { { name = "Fist", bonus = 0, damage = "1" } } } } } } } })
  eq(out.fighters[2].dead, true, "an ordinary NPC just dies")
end)

test("a melee knockout: at the moment of the damage the attacker may knock the foe out: unconscious and stable at 0 HP (HB-HP-09)", function()
  local c = creature.new{ id = "guard", hp = 8 }
  dying.knock_out(c)
  eq({ c:get("hp"), c:has("unconscious"), c:has("stable"), dying.knocked_out(c) }, { 0, true, true, true },
    "at 0 HP and stable, not at 1 HP as in 5e 2024")
  -- in a fight, the hook takes the foe out alive
  local out = fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = { id = "boxer", hp = 50, ac = 10, init = 20,
      attacks = { { name = "Fist", bonus = 20, damage = "20", type = "bludgeoning" } },
      on = { ["creature.down"] = dying.knock_out_hook } } } } },
    { name = "b", members = { { stat = { id = "thug", hp = 10, ac = 10, attacks = { { name = "Fist", bonus = 0, damage = "1" } } } } } } } })
  eq({ out.winner, out.fighters[2].dead }, { "a", false })
end)

test("TV-26: temporary HP soak damage first: HP 15, temp 10 takes 12: temp 0, HP 13; a new 8 over 5 keeps 8 (HB-HP-10, 11)", function()
  local c = hero(20, 15)
  dmg.temp(c, 10)
  dmg.apply(c, 12, "slashing")
  eq({ c:get("temp_hp"), c:get("hp") }, { 0, 13 })
  dmg.temp(c, 5)
  eq(dmg.temp(c, 8), 8, "no stacking: the higher is kept")
  eq(dmg.temp(c, 3), 8)
  eq(dmg.temp(c, 3, { keep = "new" }), 3, "the owner may keep the other")
  c:set("temp_hp", 0)
  dmg.temp(c, 30)
  eq(c:get("temp_hp"), 30, "temporary HP may exceed the HP maximum")
  eq(dmg.heal(c, 5), 5)
  eq(c:get("temp_hp"), 30, "healing restores HP, never temporary HP")
end)

test("at 0 HP temporary HP neither wake nor stabilise, but they soak damage (HB-HP-12)", function()
  local c = hero(20, 3)
  dmg.apply(c, 3, "slashing")
  dmg.temp(c, 5)
  ok(c:has("unconscious") and c:has("dying"))
  dmg.apply(c, 4, "slashing")
  eq({ c:get("hp"), c:get("temp_hp") }, { 0, 1 }, "the temporary HP took it")
  ok(c:has("unconscious") and c:has("dying"), "still dying: only real healing saves it")
  eq(dmg.heal(c, 2), 2)
  eq(c:has("unconscious"), false)
end)

test("temporary HP last until used up or a long rest (HB-HP-13)", function()
  local c = hero(20, 20)
  dmg.temp(c, 6)
  rules.need("5e.rest").short_rest(c)
  eq(c:get("temp_hp"), 6, "a short rest keeps them")
  rules.need("5e.rest").long_rest(c)
  eq(c:get("temp_hp"), 0)
end)
