-- The modded 5e, inventory section 15: creature types (T-9).
-- ruleset: mod5e
-- covers: HB-TYPE-01 HB-TYPE-02 HB-TYPE-03 HB-TYPE-04 HB-TYPE-05 HB-TYPE-06

local types = rules.need("mod5e.types")

test("twelve types with the seed's names; each creature has one (HB-TYPE-01)", function()
  local zh = {}
  for _, t in ipairs(types.types) do zh[#zh + 1] = t.zh end
  eq(zh, { "类人生物", "野兽", "异怪", "异界生物", "植物", "龙类", "精类", "不死生物", "元素生物", "构装生物", "魔法兽", "人形怪物" })
  local c = creature.new{ id = "c", hp = 5 }
  types.set(c, "野兽")
  eq(types.of(c), "beast")
  types.set(c, "dragon")
  eq(types.of(c), "dragon", "one type: setting another replaces it")
  eq(c:has_tag("beast"), false)
  fails(function() types.set(c, "monstrosityx") end, "unknown creature type")
end)

test("outsider sub-groups and their interchangeable names: 'vs fiends' matches an infernal (HB-TYPE-02, AMB-31, 32)", function()
  local imp = creature.new{ id = "imp", hp = 5 }
  types.set(imp, "恶魔")
  local typ, subs = types.of(imp)
  eq({ typ, subs }, { "outsider", { "infernal" } })
  for _, name in ipairs({ "炼狱生物", "恶魔", "邪魔", "魔鬼", "魔族", "fiend", "outsider" }) do
    ok(types.is(imp, name), name)
  end
  eq(types.is(imp, "天使"), false)
  local deva = creature.new{ id = "deva", hp = 5 }
  types.set(deva, "天族")
  ok(types.is(deva, "天界生物") and types.is(deva, "angel"))
  eq({ (types.normalize("魔兽")), (types.normalize("魔法兽")) }, { "magical_beast", "magical_beast" })
  -- a 5e stat block's type is read as the modded one
  local wolf = creature.new{ id = "owlbear", hp = 5, tags = { "monstrosity" } }
  eq(types.of(wolf), "magical_beast")
end)

test("an outsider destroyed away from its home plane goes home instead of dying (HB-TYPE-03)", function()
  local imp = creature.new{ id = "imp", hp = 5, tags = { "home_plane=hell" } }
  types.set(imp, "infernal")
  eq(types.destroyed(imp, { plane = "material" }), "banished_home")
  eq(types.destroyed(imp, { plane = "hell" }), "dead")
  local orc = creature.new{ id = "orc", hp = 5 }
  types.set(orc, "humanoid")
  eq(types.destroyed(orc, { plane = "material" }), "dead")
  -- in a fight it leaves alive
  dice.force{ 10, 5, 15 }
  local out = fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "a", members = { { stat = { id = "paladin", hp = 30, ac = 10, init = 20,
      attacks = { { name = "Sword", bonus = 20, damage = "9", type = "slashing" } } } } } },
    { name = "b", members = { { stat = { id = "imp", hp = 5, ac = 10, tags = { "outsider", "infernal", "home_plane=hell" },
      attacks = { { name = "Sting", bonus = 0, damage = "1" } }, on = { ["creature.down"] = types.banish_hook } } } } } } })
  eq({ out.winner, out.fighters[2].dead }, { "a", false })
end)

test("a beast that gains supernatural power becomes a magical beast (HB-TYPE-04)", function()
  local wolf = creature.new{ id = "wolf", hp = 5 }
  types.set(wolf, "beast")
  eq(types.gain_supernatural(wolf), "magical_beast")
  local elf = creature.new{ id = "elf", hp = 5 }
  types.set(elf, "humanoid")
  eq(types.gain_supernatural(elf), "humanoid", "only beasts change")
end)

test("a construct built from corpses is no undead (HB-TYPE-05)", function()
  local golem = creature.new{ id = "flesh_golem", hp = 5 }
  types.set(golem, "construct")
  eq(types.affected_by_anti_undead(golem), false)
  local zombie = creature.new{ id = "zombie", hp = 5 }
  types.set(zombie, "undead")
  eq(types.affected_by_anti_undead(zombie), true)
end)

test("no legs, no trip; a non-visual sense ignores Blinded (HB-TYPE-06)", function()
  local ooze = creature.new{ id = "ooze", hp = 5 }
  types.no_legs(ooze)
  local hero = creature.new{ id = "hero", hp = 5 }
  eq(rules.need("mod5e.special").trip(hero, ooze).allowed, false)
  local bat = creature.new{ id = "bat", hp = 5, senses = { blindsight = 60 } }
  eq(rules.need("5e.conditions").add(bat, "blinded").immune, true)
  eq(bat:has("blinded"), false)
end)
