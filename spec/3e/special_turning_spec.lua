-- ruleset: 3e
-- Turning and rebuking undead (3E-TURN-01..14, Table 8-16), with EX-18
-- (Jozan against seven ghouls and a ghast) as the test vector.
-- covers: 3E-TURN-02 3E-TURN-03 3E-TURN-04 3E-TURN-05 3E-TURN-07 3E-TURN-08 3E-TURN-09
-- covers: 3E-TURN-10 3E-TURN-11 3E-TURN-12 3E-TURN-13 3E-TURN-14
local tu = require("core.3e.special.turning")

-- EX-18's undead: seven ghouls (2 HD) in a file, the ghast (4 HD) that
-- leads them behind (the example's second round turns two ghouls before
-- the HD run out for the ghast, so it stands behind them). Jozan's Cha
-- modifier is not given; +1 makes the printed check of 21 possible.
local function pack()
  local u = {}
  for i = 1, 7 do u[#u + 1] = { id = "ghoul" .. i, hd = 2, distance = 5 * i } end
  u[#u + 1] = { id = "ghast", hd = 4, distance = 40 }
  return u
end

local function ids(r)
  local out = {}
  for _, a in ipairs(r.affected) do out[#out + 1] = a[1] .. ":" .. a[3] end
  return out
end

test("EX-18 round 1: check 9 reaches 2 HD; 11 HD turns the five nearest ghouls, 1 wasted", function()
  -- d20 8 + Cha 1 = 9; 2d6 4 + 3 + level 3 + Cha 1 = 11
  dice.force{ 8, 4, 3 }
  local r = tu.attempt{ level = 3, cha = 1, energy = "positive", undead = pack() }
  eq({ r.check, r.max_hd, r.damage, r.wasted }, { 9, 2, 11, 1 })
  eq(ids(r), { "ghoul1:turned", "ghoul2:turned", "ghoul3:turned", "ghoul4:turned", "ghoul5:turned" },
     "nearest first; level 3 < 2 x 2 HD destroys none")
end)

test("EX-18 round 2: check 21 reaches 6 HD; 7 HD turns two ghouls, 3 left cannot cover the ghast", function()
  local u = pack()
  for i = 1, 5 do u[i].affected = true end
  -- d20 20 + 1 = 21; 2d6 2 + 1 + 3 + 1 = 7
  dice.force{ 20, 2, 1 }
  local r = tu.attempt{ level = 3, cha = 1, energy = "positive", undead = u, skip_affected = true }
  eq({ r.check, r.max_hd, r.damage, r.wasted }, { 21, 6, 7, 3 })
  eq(ids(r), { "ghoul6:turned", "ghoul7:turned" })
  eq(#r.skipped, 5, "the turned ghouls still in range are skipped")
end)

test("HD left over stop at the next creature: they do not skip it to a smaller one behind", function()
  dice.force{ 12, 1, 1 }
  -- level 3: max 3 HD; 2d6 2 + 3 = 5: ghoul (2), then a 3-HD wight (fits
  -- exactly), then nothing left
  local r = tu.attempt{ level = 3, cha = 0, energy = "positive", undead = {
    { id = "a", hd = 2, distance = 5 }, { id = "b", hd = 3, distance = 10 }, { id = "c", hd = 1, distance = 15 } } }
  eq(ids(r), { "a:turned", "b:turned" })
  dice.force{ 12, 1, 1 }
  r = tu.attempt{ level = 3, cha = 0, energy = "positive", undead = {
    { id = "a", hd = 3, distance = 5 }, { id = "b", hd = 3, distance = 10 }, { id = "c", hd = 2, distance = 15 } } }
  eq({ ids(r), r.wasted }, { { "a:turned" }, 2 }, "2 HD left cannot cover b; c behind it is not turned")
end)

test("EX-18 side example: a 1st-level cleric's check of 19 reaches a wight, but 3 HD cannot turn it", function()
  dice.force{ 19, 1, 1 }
  local r = tu.attempt{ level = 1, cha = 0, energy = "positive", undead = { { id = "wight", hd = 4, distance = 10 } } }
  eq({ r.check, r.max_hd, r.damage, #r.affected, r.wasted }, { 19, 4, 3, 0, 3 })
end)

test("no turning damage is rolled when no undead in range is weak enough", function()
  dice.force{ 1 }
  local r = tu.attempt{ level = 1, cha = -1, energy = "positive", undead = { { id = "skel", hd = 1, distance = 5 } } }
  eq({ r.check, r.max_hd, r.damage }, { 0, -3, nil }, "check 0: level - 4")
end)

test("3E-TURN-03: only undead within 60 ft and not behind total cover", function()
  dice.force{ 15, 6, 6 }
  local r = tu.attempt{ level = 4, cha = 0, energy = "positive", undead = {
    { id = "far", hd = 3, distance = 65 }, { id = "walled", hd = 3, distance = 5, total_cover = true },
    { id = "edge", hd = 3, distance = 60 } } }
  eq(ids(r), { "edge:turned" }, "60 ft is in range; 65 ft and total cover are not")
  eq(r.skipped, { { "far", "out of range" }, { "walled", "total cover" } })
end)

test("3E-TURN-07: a cleric of at least twice the HD destroys; 3E-TURN-08/09: an evil cleric rebukes and commands", function()
  local u = { { id = "skel1", hd = 1, distance = 5 }, { id = "zombie", hd = 2, distance = 10 }, { id = "ghast", hd = 4, distance = 15 } }
  dice.force{ 13, 6, 6 }
  local r = tu.attempt{ level = 4, cha = 0, energy = "positive", undead = u }
  eq(ids(r), { "skel1:destroyed", "zombie:destroyed", "ghast:turned" }, "4 >= 2 x 2 destroys; 4 < 2 x 4 turns")
  dice.force{ 13, 6, 6 }
  r = tu.attempt{ level = 4, cha = 0, energy = "negative", undead = u }
  eq(ids(r), { "skel1:commanded", "zombie:commanded", "ghast:rebuked" })
  eq(r.commanded_hd, 3)
  -- the cap: no more HD commanded at once than the cleric's level
  dice.force{ 13, 6, 6 }
  r = tu.attempt{ level = 4, cha = 0, energy = "negative", undead = u, commanded_hd = 2 }
  eq(ids(r), { "skel1:commanded", "zombie:rebuked", "ghast:rebuked" }, "2 + 1 + 2 would pass level 4")
end)

test("3E-TURN-02: 3 + Cha modifier a day, +4 per Extra Turning [K]", function()
  eq({ tu.uses_per_day(0), tu.uses_per_day(2), tu.uses_per_day(-1), tu.uses_per_day(1, 1), tu.uses_per_day(-4) },
     { 3, 5, 2, 8, 0 })
end)

test("3E-TURN-12/13: who turns at what level and with which energy", function()
  eq({ tu.turning_level("cleric", 3), tu.turning_level("paladin", 3), tu.turning_level("paladin", 2),
       tu.turning_level("paladin", 7), tu.turning_level("fighter", 9) }, { 3, 1, 0, 5, 0 })
  eq({ tu.energy("lawful good"), tu.energy("chaotic evil"), tu.energy("neutral", "rebuke"),
       tu.energy("true neutral", "turn") }, { "positive", "negative", "negative", "positive" })
  fails(function() tu.energy("neutral") end, "must choose turn or rebuke")
  local r = tu.attempt{ level = 0, undead = { { id = "s", hd = 1 } } }
  eq(r.refused, "cannot turn undead (turning level below 1)")
end)

test("3E-TURN-10: an evil cleric's check at least the good one's protects 2d6 + level + Cha HD", function()
  local u = { { id = "z1", hd = 2, distance = 5 }, { id = "z2", hd = 2, distance = 10 }, { id = "z3", hd = 2, distance = 15 } }
  -- evil cleric level 2, Cha +1: d20 11 + 1 = 12 >= 12; 2d6 1 + 1 + 2 + 1 = 5: protects z1, z2
  dice.force{ 11, 1, 1 }
  local c = tu.counter{ check = 12, level = 2, cha = 1, undead = u }
  eq({ c.check, c.success, c.damage, c.protected }, { 12, true, 5, { "z1", "z2" } })
  dice.force{ 10 }
  c = tu.counter{ check = 12, level = 2, cha = 1, undead = u }
  eq({ c.check, c.success, #c.protected }, { 11, false, 0 }, "11 < 12 fails")
  -- the protected undead are not turned by the good cleric
  u[1].protected, u[2].protected = true, true
  dice.force{ 12, 6, 6 }
  local r = tu.attempt{ level = 3, cha = 0, energy = "positive", undead = u }
  eq(ids(r), { "z3:turned" })
end)

test("3E-TURN-11: bolstered undead resist as the bolstering's HD", function()
  local u = { { id = "z1", hd = 2, distance = 5 }, { id = "ghast", hd = 4, distance = 10 } }
  -- evil cleric level 3: check 16 -> 5 HD
  dice.force{ 16 }
  local b = tu.bolster{ level = 3, cha = 0, undead = u }
  eq({ b.hd, b.bolstered }, { 5, { { "z1", 5 }, { "ghast", 5 } } })
  for _, x in ipairs(b.bolstered) do
    for _, v in ipairs(u) do if v.id == x[1] then v.bolstered = x[2] end end
  end
  -- a good cleric of level 3 with a check of 13 reaches 4 HD: the
  -- bolstered zombie (5) is beyond it now
  dice.force{ 13 }
  local r = tu.attempt{ level = 3, cha = 0, energy = "positive", undead = u }
  eq({ r.max_hd, r.damage, #r.affected }, { 4, nil, 0 })
  -- with 6 HD reached both can be turned; the turning damage still
  -- counts their real HD (like turn resistance, [K] MM 3.0)
  dice.force{ 16, 2, 1 }
  r = tu.attempt{ level = 4, cha = 0, energy = "positive", undead = u }
  eq({ r.damage, ids(r), r.wasted }, { 7, { "z1:destroyed", "ghast:turned" }, 1 },
     "destroyed: level 4 >= 2 x its real 2 HD")
  -- turn resistance adds to the HD for the check only
  dice.force{ 10 }
  r = tu.attempt{ level = 3, cha = 0, energy = "positive", undead = { { id = "g", hd = 2, turn_resistance = 2, distance = 5 } } }
  eq({ r.max_hd, r.damage, #r.affected }, { 3, nil, 0 }, "2 + 2 resists a check that reaches 3 HD")
end)

test("3E-TURN-14: a door for good clerics whose check would affect 3-HD undead", function()
  eq({ tu.opens{ energy = "positive", level = 2, check = 13, needed = 3 },
       tu.opens{ energy = "positive", level = 2, check = 12, needed = 3 },
       tu.opens{ energy = "negative", level = 2, check = 20, needed = 3 } }, { true, false, false })
end)
