-- English and Chinese names of the 3.0 combat conditions, actions and
-- action types (inventory §21). The Chinese is the source text's
-- (seeds/003_*.txt, Simplified Chinese) wherever it names the thing;
-- entries marked "-- not in source" use the usual Simplified Chinese
-- rendering instead.
local rules = require("rules")

local M = rules.get("3e.names")
if M then return M end

local function list(rows)
  local out, by = {}, {}
  for _, r in ipairs(rows) do
    local e = { id = r[1], en = r[2], zh = r[3] }
    out[#out + 1] = e
    by[e.id] = e
  end
  return out, by
end

M = {}

-- Conditions (what conditions.lua defines).
M.conditions, M.condition = list{
  { "flat_footed", "Flat-footed", "措手不及" },
  { "surprised", "Surprised", "惊吓" },
  { "charging", "Charging (−2 AC)", "冲锋" },
  { "fighting_defensively", "Fighting defensively", "纯防守作战" },
  { "total_defense", "Total defense", "全防御" },
  { "prone", "Prone", "俯卧" },
  { "kneeling", "Sitting or kneeling", "蹲坐" },
  { "stunned", "Stunned", "眩晕" },
  { "cowering", "Cowering", "畏缩" },
  { "off_balance", "Off balance", "失去平衡" },
  { "climbing", "Climbing", "攀爬" },
  { "running", "Running", "奔跑" },
  { "grappling", "Grappling", "擒抱" },
  { "pinned", "Pinned", "限定行动" },
  { "helpless", "Helpless", "无助" },
  { "unconscious", "Unconscious", "昏迷" },
  { "asleep", "Asleep", "睡眠" },                  -- not in source
  { "held", "Held", "定身" },
  { "paralyzed", "Paralyzed", "麻痹" },            -- not in source
  { "bound", "Bound", "捆绑" },                    -- not in source
  { "disabled", "Disabled (0 hp)", "失去行动能力" },
  { "dying", "Dying (−1 to −9 hp)", "濒死" },
  { "stable", "Stable", "稳定" },
  { "dead", "Dead", "死亡" },
  { "staggered", "Staggered (subdual = hp)", "摇摆" },
  { "invisible", "Invisible", "隐型" },
  { "blinded", "Blinded", "目盲" },                -- not in source
  { "higher_ground", "On higher ground", "高地" },
  { "concealed_quarter", "One-quarter concealment (10%)", "1/4隐藏" },
  { "concealed_half", "One-half concealment (20%)", "1/2隐藏" },
  { "concealed_three_quarters", "Three-quarters concealment (30%)", "3/4隐藏" },
  { "concealed_nine_tenths", "Nine-tenths concealment (40%)", "9/10隐藏" },
  { "concealed_total", "Total concealment (50%)", "完全隐藏" },
  { "cover_quarter", "One-quarter cover", "1/4掩护" },
  { "cover_nine_tenths", "Nine-tenths cover", "9/10掩护" },
  { "set_against_charge", "Weapon set against a charge", "预备武器对抗冲锋" },
  { "dodging", "Dodging one opponent (Dodge feat)", "闪避" },
  { "readied", "Readied action", "准备动作" },
  { "delaying", "Delaying", "延迟行动" },
  { "refocusing", "Refocusing", "重新集中" },
}

-- Action types (Table 8-1, 3E-ACTION-01).
M.action_types, M.action_type = list{
  { "standard", "Standard action", "标准动作" },
  { "move", "Move-equivalent action", "同移动动作" },
  { "full", "Full-round action", "整回合动作" },
  { "partial", "Partial action", "部分动作" },
  { "free", "Free action", "自由动作" },
  { "none", "Not an action", "非动作" },
}

-- Actions (Tables 8-1, 8-3, 8-4 and the initiative actions).
M.actions, M.action = list{
  { "attack", "Attack", "攻击" },
  { "full_attack", "Full attack", "整回合攻击" },
  { "charge", "Charge", "冲锋" },
  { "partial_charge", "Partial charge", "部分冲锋" },
  { "move", "Move", "移动" },
  { "single_move", "Single move", "单次移动" },           -- not in source
  { "double_move", "Double move", "快步移动" },
  { "run", "Run", "奔跑" },
  { "partial_run", "Partial run", "部分奔跑" },
  { "five_foot_step", "5-foot step", "5呎快步" },
  { "total_defense", "Total defense", "全防御" },
  { "fight_defensively", "Fighting defensively", "纯防守作战" },
  { "start_full_round", "Start full-round action", "起始全回合动作" },
  { "coup_de_grace", "Coup de grace", "致命一击" },
  { "stand_up", "Stand up from prone", "站起来" },
  { "draw_weapon", "Draw a weapon", "拔出武器" },
  { "load_crossbow", "Load a crossbow", "装填十字弓" },
  { "stabilize", "Stabilise a dying friend (Heal)", "医疗" },
  { "delay", "Delay", "延迟行动" },
  { "ready", "Ready", "准备动作" },
  { "refocus", "Refocus", "重新集中" },
  { "attack_of_opportunity", "Attack of opportunity", "借机攻击" },
  { "two_weapon", "Two-weapon fighting", "双武器格斗" },
  { "cast", "Cast a spell", "施放法术" },
}

-- Other terms of the chapter (§21).
M.terms, M.term = list{
  { "initiative", "Initiative", "优先权" },
  { "surprise_round", "Surprise round", "突袭回合" },
  { "threatened_area", "Threatened area", "有效攻击范围" },
  { "armor_class", "Armor Class", "防护等级" },
  { "touch_ac", "Touch AC", "接触攻击" },
  { "attack_bonus", "Attack bonus", "攻击附加值" },
  { "base_attack_bonus", "Base attack bonus", "基本攻击奖励值" },
  { "size_modifier", "Size modifier", "体型修正值" },
  { "range_increment", "Range increment", "有效射程" },
  { "range_penalty", "Range penalty", "距离处罚值" },
  { "critical_hit", "Critical hit", "重击" },
  { "threat", "Threat", "威胁" },
  { "fortitude", "Fortitude save", "坚忍" },
  { "reflex", "Reflex save", "反射" },
  { "will", "Will save", "意志" },
  { "subdual", "Subdual damage", "淤伤" },
  { "massive_damage", "Massive damage", "巨创" },
  { "temporary_hp", "Temporary hit points", "临时的生命值" },
  { "flanking", "Flanking", "夹击" },
  { "cover", "Cover", "掩护" },
  { "concealment", "Concealment", "隐藏" },
  { "face", "Face", "占据范围" },
  { "reach", "Reach", "触及区域" },
}

rules.define("3e.names", M)
return M
