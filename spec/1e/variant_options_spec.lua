-- ruleset: 1e
-- variants: 1e.fighter_per_level, 1e.matrix_correction, 1e.scatter_by_range, 1e.individual_initiative, 1e.minus_nine
-- Options the inventory describes without a mechanic ID of their own.
local lib = require("core.1e.lib")
local th = require("core.1e.tohit")
local classes = require("core.1e.classes")

test("fighters improving every level; the AMB-28 correction", function()
  local f2 = creature.new(classes.character{ id = "f", class = "fighter", level = 2, hp = 9 })
  eq(th.raw(f2, 10), 9, "11 - 2")
  local w = creature.new(lib.monster{ id = "w", hd = "8", attacks = { { name = "W", damage = "1" } } })
  eq(th.raw(w, -8), 20)
end)

test("scatter by range; individual initiative; unconscious to -9", function()
  -- d4 at short range, d6 at medium, d8 at long (AMB-07), pinned by the
  -- largest face each die takes and the next one it refuses
  local m = rules.need("1e.missiles")
  for _, bs in ipairs({ { "short", 4 }, { "medium", 6 }, { "long", 8 } }) do
    local band, sides = bs[1], bs[2]
    dice.force{ sides, 1 }
    eq(m.scatter(band), sides, band)
    dice.force{ sides + 1 }
    fails(function() m.scatter(band) end, "does not fit a die of 1.." .. sides)
  end
  eq(rules.need("combat").initiative.mode, "individual")
  eq(rules.need("1e.hp").knockout(-9), "unconscious")
end)
