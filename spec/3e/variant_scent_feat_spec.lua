-- ruleset: 3e
-- variants: 3e.scent_feat
-- covers: DMG-SA-40
local S = require("core.3e.statblock")
local SN = require("monsters.abilities.senses")

test("(on) a half-orc with Wis 11 takes Scent: the monsters' scent; Wis 10 or a human character cannot", function()
  local b = S.build{ id = "krusk", hp = 10, race = "half-orc", player = true, abilities = { wis = 11 },
    feats = { "scent" }, weapons = { { name = "Axe", damage = "1d12" } } }
  local c = creature.new(b)
  ok(c:has_tag("scent"))
  eq(SN.scent(25, "none"), "sensed")
  local okk, err = pcall(S.build, { id = "k2", hp = 10, race = "half-orc", player = true, abilities = { wis = 10 },
    feats = { "scent" }, weapons = { { name = "Axe", damage = "1d12" } } })
  ok(not okk and string.find(err, "needs Wis 11", 1, true), err)
  okk, err = pcall(S.build, { id = "k3", hp = 10, race = "human", player = true, abilities = { wis = 14 },
    feats = { "scent" }, weapons = { { name = "Axe", damage = "1d12" } } })
  ok(not okk and string.find(err, "half-orc and gnome", 1, true), err)
  -- a humanoid NPC may
  ok(creature.new(S.build{ id = "npc", hp = 5, abilities = { wis = 12 }, feats = { "scent" },
    weapons = { { name = "Club", damage = "1d6" } } }):has_tag("scent"))
end)
