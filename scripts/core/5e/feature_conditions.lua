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
-- The Dodge action (appendix A [K✓ SRD 5.2]): until the start of your next
-- turn, attack rolls against you have Disadvantage and you make Dexterity
-- saves with Advantage; lost while you are Incapacitated or your Speed is
-- 0 (lapses: while a condition that takes the actions or the Speed away
-- is on). "Attackers you can see": fights have no sight, every attacker
-- counts. 5e.conditions.d20 and core.5e.util.save read save_adv.
condition("dodging", "Dodging", "閃避", { save_adv = { dex = true }, lapses = true,
  fight = { defense_adv_seen = -1, lapses = true, ends = "turn_start" } })
-- Bless (SRD 5.2.1, level 1, Concentration, up to 1 minute): a blessed
-- creature adds 1d4 to its attack rolls and saving throws (the kernel rolls
-- it before an attack's d20; core.5e.util.save and 5e.d20_test add it to
-- saves). The condition's source is the caster; it ends with the caster's
-- Concentration (core.5e.concentration).
condition("blessed", "Blessed", "祝福術", { d20_die = { attack = "1d4", save = "1d4" },
  fight = { attack_die = "1d4" } })
-- Concentration (appendix A): the caster's marker; the effect is kept by
-- core.5e.concentration.
condition("concentrating", "Concentrating", "專注", {})
