-- ruleset: 3e
-- variants: 3e.individual_summons
-- covers: DMG-MAG-07
local MD = require("core.3e.magic_dmg")

test("TV-77: Mialee's formians Ssruu, Ssrii, Ssraa in order; killed: 24 hours away; truly dead: until replaced", function()
  local R = MD.roster("formian worker", { "Ssruu", "Ssrii", "Ssraa" })
  eq(R.summon(2, 0), { "Ssruu", "Ssrii" })
  R.killed("Ssruu", 0)
  eq(R.summon(2, 5), { "Ssrii" }, "one short the same day (off: two formian workers)")
  eq(R.summon(2, 25), { "Ssruu", "Ssrii" })
  R.dies("Ssruu")
  eq(R.summon(3, 100), { "Ssrii", "Ssraa" })
  fails(function() R.replace("Ssruu", "Ssrigg") end, "gains a level")
  R.level_up()
  R.replace("Ssruu", "Ssrigg")
  eq(R.summon(1, 100), { "Ssrigg" }, "the new one takes the first place")
  fails(function() R.replace("Ssraa", "X") end, "gains a level")
end)
