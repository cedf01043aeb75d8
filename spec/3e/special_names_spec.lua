-- ruleset: 3e
-- The special attacks' and magic actions' names in English and Chinese
-- (inventory §21: the seed's terms).
local N = require("core.3e.special.names")

test("every special attack, turning and magic action has an English and a Chinese name", function()
  ok(#N.list >= 40)
  for _, e in ipairs(N.list) do
    ok(type(e.en) == "string" and e.en ~= "" and type(e.zh) == "string" and e.zh ~= "", e.module .. "." .. e.id)
  end
end)

test("the seed's terms, as the glossary (§21) gives them", function()
  local want = {
    aid_another = "援助他人", sunder = "击打武器", break_object = "破坏物体", bull_rush = "猛撞", disarm = "缴械",
    grapple = "擒抱", pin = "限定行动", overrun = "穿越", trip = "绊倒", splash = "榴弹类武器的攻击",
    unarmed = "徒手攻击", hardness = "硬度", object_hp = "耐久度", turn = "超度不死生物", rebuke = "威慑不死生物",
    command = "控制不死生物", bolster = "支援不死生物", concentration = "精神集中", cast_defensively = "在防御状态下施法",
    hold_charge = "保持法术能量", touch_attack = "接触攻击", mounted_combat = "马上战斗", trip_rider = "绊倒骑马者",
    escape = "逃跑", join = "加入擒抱", break_pin = "打断别的限定行动",
  }
  for id, zh in pairs(want) do eq(N.by[id] and N.by[id].zh, zh, id) end
end)
