-- English and Chinese names (the Chinese from the source text, inventory
-- section 0.3) of abilities, damage types and actions.
local rules = require("rules")

rules.define("5e.abilities", {
  { id = "str", en = "Strength", zh = "力量" },
  { id = "dex", en = "Dexterity", zh = "敏捷" },
  { id = "con", en = "Constitution", zh = "體質" },
  { id = "int", en = "Intelligence", zh = "智力" },
  { id = "wis", en = "Wisdom", zh = "感知" },
  { id = "cha", en = "Charisma", zh = "魅力" },
})

-- T-18 Damage types [K✓ SRD 5.2]: reconstructed from the published book,
-- checked against SRD 5.2.1.
rules.define("5e.damage_types", {
  { id = "acid", en = "Acid", zh = "強酸" },
  { id = "bludgeoning", en = "Bludgeoning", zh = "鈍擊" },
  { id = "cold", en = "Cold", zh = "寒冷" },
  { id = "fire", en = "Fire", zh = "火焰" },
  { id = "force", en = "Force", zh = "力場" },
  { id = "lightning", en = "Lightning", zh = "閃電" },
  { id = "necrotic", en = "Necrotic", zh = "黯蝕" },
  { id = "piercing", en = "Piercing", zh = "穿刺" },
  { id = "poison", en = "Poison", zh = "毒素" },
  { id = "psychic", en = "Psychic", zh = "心靈" },
  { id = "radiant", en = "Radiant", zh = "光耀" },
  { id = "slashing", en = "Slashing", zh = "揮砍" },
  { id = "thunder", en = "Thunder", zh = "雷鳴" },
})

-- T-10 Actions [K✓ SRD 5.2].
rules.define("5e.actions", {
  { id = "attack", en = "Attack", zh = "攻擊" },
  { id = "dash", en = "Dash", zh = "衝刺" },
  { id = "disengage", en = "Disengage", zh = "脫離" },
  { id = "dodge", en = "Dodge", zh = "閃避" },
  { id = "help", en = "Help", zh = "協助" },
  { id = "hide", en = "Hide", zh = "隱藏" },
  { id = "influence", en = "Influence", zh = "影響" },
  { id = "magic", en = "Magic", zh = "魔法" },
  { id = "ready", en = "Ready", zh = "準備" },
  { id = "search", en = "Search", zh = "搜索" },
  { id = "study", en = "Study", zh = "研究" },
  { id = "utilize", en = "Utilize", zh = "使用" },
})
