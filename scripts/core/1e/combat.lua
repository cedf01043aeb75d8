-- Combat parameters (inventory sections 1, 4, 15, 24), compiled once per
-- run by the kernel.
local rules = require("rules")
local tohit = require("core.1e.tohit")

rules.define("combat", {
  -- 1E-INIT-01..03: each side rolls 1d6 every round, the higher acts
  -- first, equal dice act at the same time. 1E-SURP-02: surprise costs
  -- segments (encounter.lua gives each creature its lost segments).
  initiative = { mode = "side", die = "1d6", ties = { "simultaneous" }, reroll_each_round = true,
                 surprise = "lost_segments" },
  -- 1E-SEQ-01: a melee round is 1 minute of 10 segments of 6 seconds.
  segments = 10, round_seconds = 60,
  -- The 1e characters act without the 5e action economy: one attack
  -- routine (or one other action) per turn.
  slots = { action = 1 },
  -- 1E-TOHIT-01: d20 + modifiers >= the matrix number (descending AC);
  -- no automatic hit or miss on a natural 20 or 1, no critical hits.
  attack = { die = 20, auto_hit = false, auto_miss = false, threat = false, confirm = false,
             crit = "none", min_damage = 1, needed = tohit.needed },
  damage_steps = { "immune", "adjust", "resist", "vuln" },
  -- 1E-HP-03: any creature at 0 hp is unconscious and bleeds (hp.lua
  -- decides at creature.dying whether the blow killed it outright).
  down = { players = "dying", monsters = "dying" },
  max_rounds = 100,
})
