-- English and Chinese names of the 1e conditions, actions, classes, monsters
-- and spells. The Chinese is the source text's (seeds/002_*.txt, Simplified
-- Chinese) wherever it names the thing; entries marked "-- not in source"
-- use the usual Simplified Chinese rendering instead.
local rules = require("rules")

local M = rules.get("1e.names")
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

-- Conditions (what scripts/core/1e/conditions.lua defines).
M.conditions, M.condition = list{
  { "surprised", "Surprised", "受惊" },
  { "unconscious", "Unconscious", "失去意识" },
  { "dying", "Bleeding (below 0 hp)", "失血" },
  { "stable", "Aided (no more blood loss)", "获救" },
  { "coma", "Coma after revival", "昏迷" },
  { "convalescent", "Bed rest (one week)", "卧床休息" },
  { "stunned", "Stunned", "击晕" },
  { "asleep", "Magically asleep", "受魔法影响而睡眠" },
  { "held", "Held (magically)", "被抓住" },
  { "paralyzed", "Paralyzed", "麻痹" },
  { "helpless", "Helpless", "毫无还手能力" },
  { "off_balance", "Off balance", "失去平衡" },
  { "slowed", "Slowed", "被减速" },
  { "hasted", "Hasted", "加速术" },
  { "prone", "Prone", "倒地" },
  { "encumbered", "Over-encumbered", "负重过多" },
  { "charging", "Charging", "冲锋" },
  { "set_weapon", "Weapon set against a charge", "架起武器迎击" },
  { "casting", "Casting a spell", "施法" },
  { "blessed", "Blessed", "祝福" },
  { "charmed", "Charmed (monster charm)", "受魅惑" },
  { "turned", "Turned", "被驱散" },
  { "commanded", "Commanded by an evil cleric", "被迫服务" },
  { "confused", "Confused", "困惑" },
  { "dazed", "Dazed", "昏睡" },
  { "panicked", "Panicked", "恐慌" },
  { "raging", "Raging", "狂怒" },
  { "feebleminded", "Feebleminded", "痴愚" },
  { "insane", "Insane", "精神错乱" },
  { "intoxicated", "Intoxicated", "醉酒" },
  { "grappled", "Held in a grappling hold", "擒抱控制" },
  { "overborne", "Overborne", "被压倒" },
  { "subdued", "Subdued", "被制服" },
  { "falling_back", "Falling back, fighting", "边打边后退" },
  { "retreating", "Disengaged and retreating", "脱离战斗并撤退" },
  { "routed", "Broken and running", "恐慌逃跑" },
  { "surrendered", "Surrendered", "投降" },
  { "drained", "Energy drained", "被吸取生命能级" },
  { "burning", "Burning oil", "燃烧的油" },
  { "psionic_mode_lost", "A psionic mode or discipline lost for good", "永久失去一种攻击模式、防御模式或灵能学科" },
  { "controlled", "Mind controlled by the victor", "心灵受控" },
  { "psionic_wound", "Psionically wounded", "灵能受创" },
  { "dead", "Dead", "死亡" },
}

-- Actions: the encounter procedure's options A-H (1E-SEQ-02) and the other
-- actions of the chapter.
M.actions, M.action = list{
  { "avoid", "A. Avoid the encounter", "避战" },
  { "parley", "B. Parley", "交涉" },
  { "await", "C. Await action", "等待行动" },
  { "missile", "D. Discharge missiles", "发射投射武器" },
  { "device", "D. Use a magic device", "魔法装置攻击" },
  { "cast", "D. Cast a spell", "施法" },
  { "turn", "D. Turn undead", "驱散不死生物" },
  { "close", "E. Close to striking range", "接近打击距离" },
  { "charge", "E. Charge", "冲锋" },
  { "set", "F. Set weapons against a charge", "架起武器迎击" },
  { "strike", "G. Strike blows", "打击" },
  { "subdue", "G. Strike to subdue", "制服性攻击" },
  { "grapple_hold", "H. Grapple or hold", "擒抱或制伏" },
  { "pummel", "Pummel", "捶击" },
  { "grapple", "Grapple", "擒抱" },
  { "overbear", "Overbear", "压制" },
  { "flee", "Flee", "逃跑" },
  { "pursue", "Pursue", "追击" },
  { "evade", "Evade pursuit", "规避追击" },
  { "assassinate", "Assassinate", "刺杀" },
  { "backstab", "Backstab", "背刺" },             -- from 从背后刺 (TV-20)
  { "aid", "Aid a dying ally", "援助" },
  { "coup_de_grace", "Slay a helpless opponent", "处置" },
  { "psionic_attack", "Psionic attack", "灵能攻击" },
  { "morale_check", "Morale check", "士气检定" },
  { "reaction", "Encounter reaction", "遭遇反应" },
}

M.classes, M.class = list{
  { "cleric", "Cleric", "牧师" },
  { "druid", "Druid", "德鲁伊" },
  { "monk", "Monk", "武僧" },
  { "fighter", "Fighter", "战士" },
  { "paladin", "Paladin", "圣武士" },
  { "ranger", "Ranger", "游侠" },
  { "bard", "Bard", "吟游诗人" },
  { "normal", "0-level human or halfling", "0 级角色" },
  { "magic-user", "Magic-User", "魔法师" },
  { "illusionist", "Illusionist", "幻术师" },
  { "thief", "Thief", "盗贼" },
  { "assassin", "Assassin", "刺客" },
}

M.monsters, M.monster = list{
  { "orc", "Orc", "兽人" },
  { "goblin", "Goblin", "地精" },
  { "hobgoblin", "Hobgoblin", "大地精" },
  { "kobold", "Kobold", "狗头人" },
  { "gnoll", "Gnoll", "豺狼人" },                -- not in source
  { "bugbear", "Bugbear", "虫怪" },
  { "ogre", "Ogre", "食人魔" },
  { "troll", "Troll", "巨魔" },                  -- not in source
  { "hill_giant", "Hill giant", "丘陵巨人" },
  { "giant_toad", "Giant toad", "巨型蟾蜍" },
  { "red_dragon", "Red dragon", "红龙" },
  { "skeleton", "Skeleton", "骷髅" },
  { "zombie", "Zombie", "僵尸" },
  { "ghoul", "Ghoul", "食尸鬼" },
  { "shadow", "Shadow", "影兽" },
  { "wight", "Wight", "尸妖" },
  { "ghast", "Ghast", "恐尸" },
  { "wraith", "Wraith", "怨灵" },
  { "mummy", "Mummy", "木乃伊" },
  { "spectre", "Spectre", "幽影" },
  { "vampire", "Vampire", "吸血鬼" },
  { "ghost", "Ghost", "幽灵" },
  { "lich", "Lich", "巫妖" },
  { "special", "Special undead", "特殊不死生物" },
}

M.spells, M.spell = list{
  { "bless", "Bless", "祝福" },                  -- 祈祷祝福 in the source
  { "cure_light_wounds", "Cure Light Wounds", "治疗轻伤术" }, -- not in source
  { "hold_person", "Hold Person", "人类定身术" },  -- not in source
  { "magic_missile", "Magic Missile", "魔法飞弹" }, -- not in source
  { "sleep", "Sleep", "睡眠术" },                 -- from 睡眠 (not named as a spell)
  { "web", "Web", "蛛网术" },
  { "fireball", "Fireball", "火球术" },
  { "slow", "Slow", "迟缓术" },
  { "haste", "Haste", "加速术" },
  { "fear", "Fear", "恐惧术" },
  { "heal", "Heal", "医疗术" },
}

-- Saving throw categories (TBL-SAVE-CHAR columns) and item attack forms.
M.saves, M.save = list{
  { "paralyzation", "Paralyzation, Poison or Death Magic", "麻痹、毒素或死亡魔法" },
  { "petrification", "Petrification or Polymorph", "石化或变形" },
  { "wand", "Rod, Staff or Wand", "魔杖、法杖或权杖" },
  { "breath", "Breath Weapon", "喷吐武器" },
  { "spell", "Spell", "法术" },
}

rules.define("1e.names", M)
return M
