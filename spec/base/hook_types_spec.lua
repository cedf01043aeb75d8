-- ruleset: 5e
-- A stat block's hook on damage.apply with types = {...}: the kernel calls
-- it only for damage with a part of one of those types, so a trait about
-- one damage type (a troll's Regeneration: fire and acid) costs the other
-- hits nothing.

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
