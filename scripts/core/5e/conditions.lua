-- The 15 conditions (5E-CND-00..17, T-20) with their Chinese names and what
-- they do in fights, as data the kernel compiles once per run. Effects that
-- need positions or sight (Frightened's line of sight, Grappled's "anyone
-- other than the grappler", Invisible against creatures that can see it)
-- are applied without that qualification in self-playing fights; the REPL
-- leaves them to the game master.
local rules = require("rules")

local function condition(id, en, zh, def)
  def.name = { en = en, zh = zh }
  rules.define("condition." .. id, def)
end

condition("blinded", "Blinded", "目盲", { fight = { attack_adv = -1, defense_adv = 1 } })
condition("charmed", "Charmed", "魅惑", {})
condition("deafened", "Deafened", "耳聾", {})
condition("exhaustion", "Exhaustion", "力竭", { stacking = "levels", max_level = 6 })
condition("frightened", "Frightened", "恐懼", { fight = { attack_adv = -1 } })
condition("grappled", "Grappled", "被擒抱", { fight = { attack_adv = -1 } })
condition("incapacitated", "Incapacitated", "無力", { fight = { no_actions = true } })
condition("invisible", "Invisible", "隱形", { fight = { attack_adv = 1, defense_adv = -1 } })
condition("paralyzed", "Paralyzed", "麻痺", { implies = { "incapacitated" },
  fight = { defense_adv = 1, auto_crit_melee = true } })
condition("petrified", "Petrified", "石化", { implies = { "incapacitated" }, fight = { defense_adv = 1 } })
condition("poisoned", "Poisoned", "中毒", { fight = { attack_adv = -1 } })
condition("prone", "Prone", "倒地", { fight = { attack_adv = -1, defense_adv_melee = 1, defense_adv_ranged = -1 } })
condition("restrained", "Restrained", "束縛", { fight = { attack_adv = -1, defense_adv = 1 } })
condition("stunned", "Stunned", "震懾", { implies = { "incapacitated" }, fight = { defense_adv = 1 } })
condition("unconscious", "Unconscious", "昏迷", { implies = { "incapacitated", "prone" },
  fight = { defense_adv = 1, auto_crit_melee = true } })
