-- ruleset: 1e
-- variants: 1e.natural_twenties
-- The optional rule that repeated 20s need a natural 20 (TV-19).
-- covers: 1E-TOHIT-06
local lib = require("core.1e.lib")
local th = require("core.1e.tohit")
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")

test("TV-19: Str +3 and a +3 sword against a repeated 20 need a natural 20", function()
  eq(th.natural_hits(19, 6, 20, 3), false)
  eq(th.natural_hits(20, 6, 20, 3), true)
  -- (derived) column 1+ of TBL-MATRIX-MON
  local m = creature.new(lib.monster{ id = "m", hd = "1+1", attacks = { { name = "W", damage = "1" } } })
  local k = th.twenty(m, -2)
  eq(k, 1, "AC -2 is the first 20")
  eq(th.natural_hits(18, 2, 20, k), true, "a modified 20 hits")
  for ac = -3, -7 do
    local i = th.twenty(m, ac)
    eq(th.natural_hits(19, 5, 20, i), false, "AC " .. ac .. " repeated 20")
  end
  eq({ th.twenty(m, -8) }, { 7, 21 })
  eq(th.natural_hits(20, 0, 21, 7), false, "21 needs +1 as well")
  eq(th.natural_hits(20, 1, 21, 7), true)
  eq(th.natural_hits(20, 1, 22, 7), false)
  eq(th.natural_hits(19, 0, 19, 0), true, "19: the modified total")
end)

test("in a fight: a modified 20 against a repeated-20 cell misses", function()
  -- a 1st-level fighter with Str 18/00 (+3) and a +3 sword against AC -5
  -- (I.B column 1-2: a repeated 20, the third); a natural 19 + 6 misses
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  local armoured = lib.monster{ id = "knight", hd = "1", ac = -5, hp = 50, attacks = { { name = "Weapon", damage = "1d8" } } }
  dice.force{ 6, 1, 19, 1 }
  local r = fight.run(fight.encounter{
    sides = {
      { name = "party", members = { { stat = classes.character{ id = "hero", class = "fighter", level = 1, str = 18,
                                                                 str_pct = 100, weapon = "Long sword", weapon_magic = 3, hp = 20 } } } },
      { name = "foes", members = { { stat = armoured } } },
    },
    max_rounds = 1,
  }, { trace = true })
  matches(r.log[2], "hero attacks knight with Long sword +3: 25 vs 20, miss")
end)
