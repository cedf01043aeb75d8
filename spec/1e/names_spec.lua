-- ruleset: 1e
-- English and Chinese names of the 1e conditions, actions, classes,
-- monsters and spells (the Chinese is the source text's, Simplified).
local names = require("core.1e.names")

test("every name has English and Chinese", function()
  for _, list in ipairs({ names.conditions, names.actions, names.classes, names.monsters, names.spells, names.saves }) do
    for _, e in ipairs(list) do
      ok(e.en ~= "" and e.zh ~= "", e.id)
    end
  end
  eq(names.condition.surprised.zh, "受惊")
  eq(names.condition.paralyzed.zh, "麻痹")
  eq(names.action.turn.zh, "驱散不死生物")
  eq(names.action.charge.zh, "冲锋")
  eq(names.action.set.zh, "架起武器迎击")
  eq(names.action.pummel.zh, "捶击")
  eq(names.class["magic-user"].zh, "魔法师")
  eq(names.monster.skeleton.zh, "骷髅")
  eq(names.save.breath.zh, "喷吐武器")
end)

test("the conditions are defined with their names", function()
  local d = rules.need("condition.unconscious")
  eq(d.name, { en = "Unconscious", zh = "失去意识" })
  eq(d.fight.no_actions, true)
  eq(rules.need("condition.blessed").fight.attack_mod, 1)
  eq(rules.need("condition.cover").name.zh, "掩护")
end)
