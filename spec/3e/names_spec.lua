-- ruleset: 3e
-- English and Chinese names of the 3.0 conditions, action types and actions
-- (inventory §21: the Chinese is the source text's where it names them).
local names = require("core.3e.names")

test("every name has English and Chinese", function()
  for _, list in ipairs({ names.conditions, names.action_types, names.actions, names.terms }) do
    for _, e in ipairs(list) do
      ok(e.en ~= "" and e.zh ~= "", e.id)
    end
  end
  eq(names.condition.flat_footed.zh, "措手不及")
  eq(names.condition.staggered.zh, "摇摆")
  eq(names.action.double_move.zh, "快步移动", "快步移动 is the double move, not the 5-foot step (A-01)")
  eq(names.action.five_foot_step.zh, "5呎快步")
  eq(names.action_type.move.zh, "同移动动作")
  eq(names.action_type.partial.zh, "部分动作")
  eq(names.term.subdual.zh, "淤伤")
end)

test("every condition is defined with its names", function()
  for _, e in ipairs(names.conditions) do
    local d = rules.need("condition." .. e.id)
    eq(d.name, { en = e.en, zh = e.zh }, e.id)
  end
end)
