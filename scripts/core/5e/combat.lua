-- Combat parameters (inventory sections 12-14, 18, 20): compiled once per
-- run by the kernel.
local rules = require("rules")

rules.define("combat", {
  -- 5E-CMB-03..07: Initiative is a Dexterity check; ties go to the higher
  -- modifier, then a roll-off (the DM and players decide at the table,
  -- AMB resolution). Surprise gives Disadvantage on Initiative.
  initiative = { mode = "individual", die = "1d20", ties = { "modifier", "reroll" },
                 surprise = "disadvantage", advantage = "cancel" },
  round_seconds = 6,
  -- 5E-CMB-08, 5E-ACT-03..05: one action, one Bonus Action when a feature
  -- grants one, one Reaction per round.
  slots = { action = 1, bonus = 1, reaction = 1 },
  -- 5E-D20-09, 5E-ATK: a natural 20 hits and is a Critical Hit, a natural 1
  -- misses; Advantage and Disadvantage do not stack and cancel (5E-ADV-03/04).
  -- 5E-DMG-05: a Critical Hit rolls the damage dice twice, modifiers once.
  attack = { die = 20, auto_hit = 20, auto_miss = 1, threat = 20, confirm = false,
             crit = "double_dice", advantage = "onoff", min_damage = 0 },
  -- 5E-DMG-09/10: immunity, adjustments, Resistance, then Vulnerability.
  damage_steps = { "immune", "adjust", "resist", "vuln" },
  -- 5E-ZERO-01/02: monsters die at 0 HP; characters fall unconscious and
  -- make Death Saving Throws (dying.lua).
  down = { players = "dying", monsters = "dead" },
  max_rounds = 100,
})
