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
  -- 5E-ZERO-01/02: monsters die at 0 HP; characters fall Unconscious
  -- (5E-ZERO-06) and make Death Saving Throws, rolled by the kernel as data
  -- (T-21): a d20 at the start of each turn, 10 or more succeeds, three
  -- successes stabilise, three failures kill, a natural 1 counts twice, a
  -- natural 20 regains 1 HP (5E-ZERO-08..10); damage while dying is a
  -- failure, two from a Critical Hit (5E-ZERO-11); massive damage kills
  -- (5E-ZERO-04).
  down = { players = "dying", monsters = "dead", condition = "unconscious",
           dying_save = { die = 20, dc = 10, successes = 3, failures = 3, double_fail = 1,
                          revive = 20, revive_hp = 1, damage_failures = 1, crit_failures = 2,
                          massive = true } },
  max_rounds = 100,
})
