-- Combat parameters (inventory §§1-13), compiled once per run by the kernel
-- for fights that play themselves (bindings/fightmod/compile.go and
-- space.go list every key). The rules behind each number are cited by
-- mechanic ID; the functions that compute the same rules for scripts and
-- the REPL are in the other files (initiative.lua, attack.lua, ...), and
-- the numbers they share live in tables.lua.
local rules = require("rules")

rules.define("combat", {
  -- 3E-INIT-01/02: d20 + Dex modifier + other modifiers, highest first;
  -- ties by Dexterity score, then a coin flip (a reroll of the tied).
  -- 3E-INIT-07: a surprise round when some but not all are aware.
  initiative = { mode = "individual", die = "1d20", ties = { "score", "reroll" }, surprise = "round" },
  -- 3E-ROUND-01: a round is 6 seconds.
  round_seconds = 6,
  -- 3E-ACTION-01..08: a standard action and a move-equivalent action, or
  -- both as a full-round action; 3E-AOO-05: one attack of opportunity a
  -- round, spent on others' turns, back at the start of one's own turn
  -- (B-03).
  slots = { standard = 1, move = 1, aoo = { count = 1, off_turn = true } },
  -- 3E-ATK-01/08/09: d20 + bonus >= AC; a natural 1 misses, a natural 20
  -- hits and threatens; a threat is confirmed by a second roll with the
  -- same modifiers; 3E-DMG-08: a critical hit rolls the damage, modifiers
  -- included, that many times (x2 unless the weapon says more);
  -- 3E-DMG-07: at least 1 damage.
  attack = { die = 20, auto_hit = 20, auto_miss = 1, threat = 20, confirm = true,
             crit = "multiply", crit_mul = 2, min_damage = 1 },
  damage_steps = { "immune", "adjust", "resist", "vuln" },
  down = { players = "dying", monsters = "dying", condition = "dying" },
  max_rounds = 100,
})
