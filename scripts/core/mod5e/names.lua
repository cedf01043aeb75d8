-- English and Chinese names of the modded 5e's terms (inventory section 1,
-- the glossary; T-1, T-2, T-3, T-6). The Chinese are the source text's own
-- (Simplified, as the seed writes them); a name the seed does not give is
-- marked "not in the seed" and follows its usage.
--
-- The names 5e defines for its own tables (5e.abilities, 5e.damage_types,
-- 5e.actions) are replaced by the modded ones: sonic (音波) stands where 5e
-- has thunder (T-6), and the standard actions are the eleven of T-1.
local rules = require("rules")

local M = {}

-- The glossary (section 1), by identifier.
M.terms = {
  round = { en = "round", zh = "战斗轮" },
  turn = { en = "turn", zh = "回合" },
  initiative = { en = "initiative check", zh = "先攻检定" },
  init_bonus = { en = "initiative bonus", zh = "先攻加值" },
  surprise = { en = "surprise", zh = "突袭" },
  surprise_round = { en = "surprise round", zh = "突袭轮" },
  action = { en = "standard action", zh = "标准动作" },
  swift = { en = "swift action", zh = "迅捷动作" },
  reaction = { en = "reaction", zh = "反应" },
  move = { en = "move", zh = "移动" },
  incidental = { en = "incidental action", zh = "连带行动" },
  other = { en = "other actions", zh = "其他行动" },
  attribute = { en = "attribute value", zh = "属性值" },
  prof = { en = "proficiency bonus", zh = "熟练加值" },
  skill_check = { en = "skill check", zh = "技能检定" },
  passive_perception = { en = "passive Perception", zh = "被动察觉值" },
  save = { en = "saving throw", zh = "豁免检定" },
  reflex = { en = "Reflex save", zh = "反射豁免" },
  ac = { en = "armor class", zh = "防御等级" },
  adv = { en = "advantage", zh = "优势" },
  dis = { en = "disadvantage", zh = "劣势" },
  crit = { en = "critical hit", zh = "重击" },
  auto = { en = "automatic failure and success", zh = "必然失败和必然成功" },
  oa = { en = "opportunity attack", zh = "借机攻击" },
  reach = { en = "reach", zh = "触及" },
  difficult = { en = "difficult terrain", zh = "困难地形" },
  obstacle = { en = "obstacle", zh = "障碍物" },
  ["obscure.light"] = { en = "lightly obscured", zh = "轻度遮蔽" },
  ["obscure.heavy"] = { en = "heavily obscured", zh = "重度遮蔽" },
  ["cover.weak"] = { en = "weak cover", zh = "弱掩护" },
  ["cover.strong"] = { en = "strong cover", zh = "强掩护" },
  ["cover.total"] = { en = "total cover", zh = "全掩护" },
  unseen = { en = "unseen enemy", zh = "看不见的敌人" },
  visible = { en = "visible", zh = "可见" },
  not_visible = { en = "not visible", zh = "不可见" },
  invisible = { en = "invisible", zh = "隐形" },
  hidden = { en = "hidden", zh = "躲藏" },
  unarmed = { en = "unarmed strike", zh = "徒手打击" },
  twf = { en = "two-weapon fighting", zh = "双武器战斗" },
  shove = { en = "shove", zh = "推撞" },
  disarm = { en = "disarm", zh = "缴械" },
  trip = { en = "trip", zh = "摔绊" },
  grapple = { en = "grapple", zh = "擒抱" },
  escape = { en = "escape a grapple", zh = "脱离擒抱" },
  drag = { en = "drag", zh = "拖行目标" },
  ranged_in_melee = { en = "ranged attack in melee", zh = "近身远程攻击" },
  resistance = { en = "resistance", zh = "抗性" },
  vulnerability = { en = "vulnerability", zh = "易伤" },
  immunity = { en = "immunity", zh = "免疫" },
  temp_hp = { en = "temporary hit points", zh = "临时生命值" },
  death_save = { en = "death save", zh = "死亡豁免" },
  stable = { en = "stable", zh = "伤势稳定" },
  knock_out = { en = "knock out", zh = "击晕" },
  npc_death = { en = "death of non-player characters", zh = "非玩家角色的死亡" },
  long_rest = { en = "long rest", zh = "长休" },
  concentration = { en = "concentration", zh = "专注" },
  somatic = { en = "somatic component", zh = "姿势成分" },
  verbal = { en = "verbal component", zh = "语言成分" },
  light = { en = "light", zh = "轻型" },
  finesse = { en = "finesse", zh = "灵巧" },
  thrown = { en = "thrown", zh = "投掷" },
  two_handed = { en = "two-handed", zh = "双手" },
  opposed = { en = "opposed check", zh = "对抗" },
  split_move = { en = "split movement", zh = "分拆移动" },
  crawl = { en = "crawl", zh = "匍匐" },
  long_jump = { en = "long jump", zh = "跳远" },
  high_jump = { en = "high jump", zh = "跳高" },
  fall = { en = "falling", zh = "坠落" },
  dive = { en = "3-D movement and diving", zh = "三维移动和坠落" },
  empty_space = { en = "unoccupied space", zh = "空地" },
  grid = { en = "grid map", zh = "方格地图" },
  distance = { en = "distance", zh = "判定距离" },
  round_down = { en = "round down", zh = "向下取整" },
  diagonal = { en = "diagonal movement", zh = "对角移动" },
  enter = { en = "entering a square", zh = "进入格子" },
  speed = { en = "speed", zh = "速度" },
  movement = { en = "movement", zh = "移动力" },
  size = { en = "size", zh = "体型" },
  space = { en = "space", zh = "占据空间" },
  attack = { en = "attack", zh = "攻击" },
  damage = { en = "damage", zh = "伤害" },
  creature_type = { en = "creature type", zh = "生物种类" },
  conditions = { en = "conditions", zh = "状态" },
  flow = { en = "combat flow", zh = "战斗流程" },
}

-- The six attributes (属性值). The seed names five (Constitution is not in
-- the seed; 体质 is the usual term).
M.abilities = {
  { id = "str", en = "Strength", zh = "力量" },
  { id = "dex", en = "Dexterity", zh = "敏捷" },
  { id = "con", en = "Constitution", zh = "体质" }, -- not in the seed
  { id = "int", en = "Intelligence", zh = "智力" },
  { id = "wis", en = "Wisdom", zh = "感知" },
  { id = "cha", en = "Charisma", zh = "魅力" },
}

-- T-6: the 13 damage types, in the seed's order. Sonic replaces 5e's
-- thunder (a 5e stat block's "thunder" damage is sonic here, see
-- M.damage_alias).
M.damage_types = {
  { id = "bludgeoning", en = "Bludgeoning", zh = "钝击" },
  { id = "piercing", en = "Piercing", zh = "穿刺" },
  { id = "slashing", en = "Slashing", zh = "挥砍" },
  { id = "acid", en = "Acid", zh = "强酸" },
  { id = "cold", en = "Cold", zh = "寒冷" }, -- the entry says 冷冻伤害 (AMB-30: the same type)
  { id = "lightning", en = "Lightning", zh = "闪电" },
  { id = "fire", en = "Fire", zh = "火焰" },
  { id = "sonic", en = "Sonic", zh = "音波" },
  { id = "force", en = "Force", zh = "力场" },
  { id = "psychic", en = "Psychic", zh = "心灵" },
  { id = "poison", en = "Poison", zh = "毒素" },
  { id = "necrotic", en = "Necrotic", zh = "黯蚀" },
  { id = "radiant", en = "Radiant", zh = "光耀" },
}
M.damage_alias = { thunder = "sonic", freezing = "cold" }

-- T-1: the standard actions (标准动作), (1)-(11) of the seed.
M.actions = {
  { id = "attack", en = "Attack", zh = "攻击" },
  { id = "cast", en = "Cast a Spell", zh = "施法" },
  { id = "dash", en = "Dash", zh = "疾走" },
  { id = "disengage", en = "Disengage", zh = "撤离" },
  { id = "dodge", en = "Dodge", zh = "回避" },
  { id = "help", en = "Help", zh = "协助" },
  { id = "hide", en = "Hide", zh = "躲藏" },
  { id = "search", en = "Search", zh = "搜索" },
  { id = "ready", en = "Ready", zh = "预备" },
  { id = "use_object", en = "Use an Object", zh = "物件交互" },
  { id = "improvise", en = "Improvise", zh = "其他即兴动作" },
}

-- T-2: the incidental actions (连带行动范例), all sixteen.
M.incidental = {
  { id = "draw_weapon", en = "Draw or sheathe a weapon", zh = "将一把武器拔出或收起" },
  { id = "door", en = "Open or close a door", zh = "将一扇门打开或关上" },
  { id = "potion", en = "Take a potion out of your pack (drinking it usually needs an action)",
    zh = "从背包取出一瓶药剂（但服用药剂通常需要一个动作）" },
  { id = "pick_up_weapon", en = "Pick up a dropped weapon from the ground", zh = "从地上捡起一把掉落的武器" },
  { id = "pick_up_book", en = "Pick up a book from a table", zh = "从桌上拿起一本书" },
  { id = "ring", en = "Take a ring off your hand", zh = "从自己手上取下一枚戒指" },
  { id = "banner", en = "Plant a banner in the ground", zh = "将一面旗帜插进土里" },
  { id = "lever", en = "Pull a simple lever or switch", zh = "将简易的拉杆或开关放下" },
  { id = "torch", en = "Take a torch from a wall sconce", zh = "从壁台上取下一支火把" },
  { id = "flame", en = "Put out a small flame", zh = "将一处小火苗扑灭" },
  { id = "mask", en = "Put on a mask", zh = "戴上一副面具" },
  { id = "hood", en = "Push back the hood of your cloak", zh = "将自己身上斗篷的兜帽往后拨开" },
  { id = "listen", en = "Put your ear to a door", zh = "将耳朵贴到门上" },
  { id = "pebble", en = "Kick a small pebble away", zh = "踢飞一颗小石子" },
  { id = "key", en = "Turn a key already in a lock", zh = "转动插上锁孔的钥匙" },
  { id = "hand_over", en = "Hand an item to another character", zh = "将一件物品递给另一名角色" },
}

-- T-3: the six sizes.
M.sizes = {
  { id = "tiny", en = "Tiny", zh = "微型" },
  { id = "small", en = "Small", zh = "小型" },
  { id = "medium", en = "Medium", zh = "中型" },
  { id = "large", en = "Large", zh = "大型" },
  { id = "huge", en = "Huge", zh = "巨型" },
  { id = "gargantuan", en = "Gargantuan", zh = "超巨型" },
}

-- The movement modes (HB-MOVE-10).
M.modes = {
  { id = "walk", en = "walk", zh = "步行" },
  { id = "fly", en = "fly", zh = "飞行" },
  { id = "swim", en = "swim", zh = "游泳" },
  { id = "climb", en = "climb", zh = "攀爬" },
  { id = "burrow", en = "burrow", zh = "掘穴" },
}

-- The skills the chapter names (HB-CORE-06), with the seed's names.
M.skills = {
  { id = "athletics", ability = "str", en = "Athletics", zh = "运动" },
  { id = "stealth", ability = "dex", en = "Stealth", zh = "隐匿" },
  { id = "perception", ability = "wis", en = "Perception", zh = "察觉" },
  { id = "insight", ability = "wis", en = "Insight", zh = "洞悉" },
}

-- name(id) returns {en, zh} of a term, action, damage type, size, mode,
-- skill or condition (conditions: their definitions' names), or nil.
function M.name(id)
  if M.terms[id] then return M.terms[id] end
  for _, list in ipairs({ M.actions, M.damage_types, M.sizes, M.modes, M.skills, M.abilities, M.incidental }) do
    for _, e in ipairs(list) do
      if e.id == id then return { en = e.en, zh = e.zh } end
    end
  end
  local d = rules.get("condition." .. id)
  return d and d.name or nil
end

rules.define("mod5e.names", M)
rules.define("5e.abilities", M.abilities)
rules.define("5e.damage_types", M.damage_types)
rules.define("5e.actions", M.actions)
