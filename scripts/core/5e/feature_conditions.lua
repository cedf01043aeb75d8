-- Conditions that class features, weapon masteries and monster abilities
-- (core/5e/classes, weapons.lua, monsters/5e) put on creatures, with what
-- they do in fights as data the kernel compiles once per run (so they must
-- load with the rule system, before any encounter is compiled). Markers
-- without fight effects (raging, vex, regenerating, turned, ...) need no
-- definition.
local rules = require("rules")

local function condition(id, en, zh, def)
  def.name = { en = en, zh = zh }
  rules.define("condition." .. id, def)
end

-- Barbarian, Reckless Attack: attack rolls against you have Advantage until
-- the start of your next turn (your own Advantage on Strength attacks is a
-- hook of the barbarian).
condition("reckless", "Reckless", "魯莽攻擊", { fight = { defense_adv = 1 } })
-- Wizard, Shield: +5 AC until the start of your next turn.
condition("shielded", "Shielded", "護盾術", { fight = { ac_mod = 5 } })
-- Weapon mastery Sap: Disadvantage on the next attack roll before the start
-- of the attacker's next turn (the fight ends it after the bearer's next
-- turn or at the start of the attacker's, whichever comes first).
condition("sapped", "Sapped", "削弱", { fight = { attack_adv = -1 } })
