-- ruleset: 5e
-- A stat block's hook with types = {...} (damage.apply) or has = NAME: the
-- kernel calls it only for damage with a part of one of those types, or
-- while the creature has one of those conditions, so a trait about one
-- damage type (a troll's Regeneration: fire and acid) costs the other hits
-- nothing, and a rule about a condition the creatures that lack it.

test("types = {...} on damage.apply calls the hook only for damage with a part of one of the types", function()
  local seen = {}
  fight.table()
  local m = fight.add({ id = "m", name = "m", hp = 100, ac = 10, attacks = { { name = "Claw", bonus = 0, damage = "1" } },
    on = {
      ["damage.apply"] = { fn = function(e) seen[#seen + 1] = e.damage_type end, types = { "fire", "acid" } },
    } })[1]
  local a = fight.add({ id = "a", name = "a", hp = 100, ac = 10, attacks = { { name = "Torch", bonus = 0, damage = "1" } } },
    { side = "x" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  fight.damage(m, 3, "slashing", a)
  fight.damage(m, 3, "fire", a)
  fight.damage(m, 2, "cold", a)
  fight.damage(m, 2, "acid")
  eq(seen, { "fire", "acid" })
end)

test("types is checked: a list of damage types, on damage.apply", function()
  local function err(on)
    fight.table()
    local ok, e = pcall(fight.add, { id = "m", name = "m", hp = 10, ac = 10, attacks = { { name = "Claw", bonus = 0, damage = "1" } },
      on = on })
    eq(ok, false)
    return tostring(e)
  end
  local noop = function() end
  matches(err({ ["damage.apply"] = { fn = noop, types = "fire" } }), "types must be a list of damage types")
  matches(err({ ["damage.apply"] = { fn = noop, types = {} } }), "types must be a list of damage types")
  matches(err({ ["damage.roll"] = { fn = noop, types = { "fire" } } }), "on damage.apply")
end)

test("hooks.add gives an entry the types of all its handlers, or none when one has none", function()
  local hooks = require("core.5e.hooks")
  local noop = function() end
  local s1 = {}
  hooks.add(s1, "damage.apply", noop, { types = { "fire" } })
  eq(s1.on["damage.apply"].types, { "fire" })
  hooks.add(s1, "damage.apply", noop, { types = { "acid" } })
  eq(s1.on["damage.apply"].types, { "fire", "acid" })
  hooks.add(s1, "damage.apply", noop)
  eq(s1.on["damage.apply"].types, nil)
end)

test("has = NAME (or a list) calls a stat block's hook only while its creature has one of the conditions", function()
  local seen = 0
  fight.table()
  local a = fight.add({ id = "a", name = "a", hp = 100, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1" } },
    on = { ["attack.roll"] = { fn = function() seen = seen + 1 end, phase = "modify", has = { "marked", "blessed" } } } },
    { side = "x" })[1]
  local b = fight.add({ id = "b", name = "b", hp = 100, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1" } } })[1]
  dice.force{ 20, 1 }
  fight.begin()
  dice.force{ 2 }
  fight.strike(a, b, "Club")
  eq(seen, 0)
  a:add_condition("marked")
  dice.force{ 2 }
  fight.strike(a, b, "Club")
  eq(seen, 1)
  matches(tostring(select(2, pcall(fight.add, { id = "c", name = "c", hp = 1, ac = 10,
    attacks = { { name = "Club", bonus = 0, damage = "1" } }, on = { ["turn.start"] = { fn = function() end, has = 3 } } }))),
    "has must be a condition's name")
end)

test("hooks.add gives an entry the has of all its handlers, or none when one has none", function()
  local hooks = require("core.5e.hooks")
  local noop = function() end
  local s = {}
  hooks.add(s, "attack.roll", noop, { has = "vex" })
  eq(s.on["attack.roll"].has, { "vex" })
  hooks.add(s, "attack.roll", noop, { has = { "invisible", "hidden" } })
  eq(s.on["attack.roll"].has, { "vex", "invisible", "hidden" })
  hooks.add(s, "attack.roll", noop)
  eq(s.on["attack.roll"].has, nil)
end)
