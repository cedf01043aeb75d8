-- ruleset: 3e
-- 3.0 stat blocks (statblock.lua) and bad input: an unknown field, a bonus
-- of an unknown type (in a 3.0 stat block, in a kernel stat block's
-- ac_types, in a condition), an unknown feat, size or ability, each a clear
-- error naming what was wrong; the refusals of the turn and the attack of
-- opportunity budget are in actions_spec and aoo_spec.
local S = require("core.3e.statblock")

local function base(extra)
  local t = { id = "x", hp = 5, weapons = { { name = "Club", damage = "1d6" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

test("an unknown field is an error naming it and the known ones", function()
  fails(function() S.build(base({ armour_class = 15 })) end, "unknown field \"armour_class\" (known: ")
  fails(function() S.build(base({ weapons = { { name = "Club", damage = "1d6", sharpness = 2 } } })) end,
    "weapons[1]: unknown field \"sharpness\"")
  fails(function() S.build(base({ abilities = { stength = 14 } })) end, "unknown ability \"stength\"")
  fails(function() S.build(base({ saves = { reflexes = 2 } })) end, "unknown save \"reflexes\"")
  fails(function() S.build(base({ feats = { "power_atack" } })) end, "unknown feat \"power_atack\"")
  fails(function() S.build(base({ size = "Medium-size" })) end, "unknown size")
  fails(function() S.build({ id = "x", weapons = { { name = "Club", damage = "1d6" } } }) end, "hp is required")
  fails(function() S.build(base({ weapons = {} })) end, "needs a weapon")
  fails(function() S.build(base({ ac = { dex = 2 } })) end, "comes from the size and the Dex score")
end)

test("the error points at the line that built the stat block", function()
  local okv, err = pcall(function() return S.build(base({ bogus = 1 })) end)
  eq(okv, false)
  matches(tostring(err), "statblock_spec.lua:")
end)

test("a bonus of an unknown type is an error, wherever it is given", function()
  fails(function() S.build(base({ ac = { armour = 4 } })) end, "unknown bonus type \"armour\"")
  fails(function() S.build(base({ weapons = { { name = "Club", damage = "1d6", bonus = { { value = 1, type = "lucky" } } } } })) end,
    "unknown bonus type \"lucky\"")
  local stat = S.build(base())
  stat.ac_types = { armor = 2, magic = 1 }
  fails(function()
    fight.run(fight.encounter{ sides = { { name = "a", members = { { stat = stat } } },
      { name = "b", members = { { stat = S.build(base({ id = "y" })) } } } } })
  end, "ac_types: unknown bonus type \"magic\" (known types: armor, shield")
end)

test("a condition with an unknown bonus type is refused when a fight compiles the rules", function()
  rules.define("condition.bad_luck", { name = { en = "Bad luck", zh = "霉运" }, fight = { ac_mod = -1, ac_type = "karma" } })
  fails(function() fight.table() end, "ac_type: unknown bonus type \"karma\"")
end)

test("a stat block's numbers: hit points to -10, init with Dex ties, saves as named scores", function()
  local s = S.build{ id = "lidda", hp = 8, size = "small", abilities = { dex = 17, con = 10, wis = 12 }, bab = 0,
    saves = { fort = 0, ref = 2, will = 0 }, feats = { "improved_initiative", "lightning_reflexes" },
    weapons = { { name = "Short sword", damage = "1d6" } } }
  eq({ s.floor, s.init, s.init_score, s.abilities.ref, s.abilities.will, s.abilities.fort }, { -10, 7, 17, 7, 1, 0 })
  eq(s.tags, { "improved_initiative", "lightning_reflexes" })
  eq(s.space, { w = 1, h = 1, shared = false })
end)
