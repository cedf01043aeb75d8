-- ruleset: 3e
-- variants: 3e.individual_summons
-- covers: DMG-MAG-07
local MD = require("core.3e.magic_dmg")

test("TV-77: Mialee's formians Ssruu, Ssrii, Ssraa in order; killed: 24 hours away; truly dead: until replaced", function()
  -- each is rolled up once (hit points 1d8 here): summoning never rolls again
  local function roll(name) return { name = name, hp = dice.total("1d8") } end
  dice.force{ 5, 7, 3 }
  local R = MD.roster("formian worker", { "Ssruu", "Ssrii", "Ssraa" }, roll)
  eq(R.summon(2, 0), { "Ssruu", "Ssrii" })
  eq({ R.stats.Ssruu.hp, R.stats.Ssrii.hp, R.stats.Ssraa.hp }, { 5, 7, 3 })
  R.killed("Ssruu", 0)
  eq(R.summon(2, 5), { "Ssrii" }, "one short the same day (off: two formian workers)")
  eq(R.summon(2, 25), { "Ssruu", "Ssrii" })
  R.dies("Ssruu")
  eq(R.summon(3, 100), { "Ssrii", "Ssraa" })
  fails(function() R.replace("Ssruu", "Ssrigg") end, "gains a level")
  R.level_up()
  dice.force{ 8 }
  R.replace("Ssruu", "Ssrigg")
  eq({ R.stats.Ssrigg.hp, R.stats.Ssruu }, { 8, nil }, "the new one rolled up")
  eq(R.summon(1, 100), { "Ssrigg" }, "the new one takes the first place")
  fails(function() R.replace("Ssraa", "X") end, "gains a level")
end)
