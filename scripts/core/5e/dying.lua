-- Dropping to 0 HP (5E-ZERO-04, 06, 08..11). The Death Saving Throw track
-- is data in combat.lua (down.dying_save) rolled by the kernel, and the
-- Unconscious condition is added by it (down.condition), so a dying
-- character costs a simulation no Lua call. Scripts that need more (the
-- Help action to stabilise, 5E-ZERO-12; knocking out, 5E-ZERO-07) hook
-- creature.dying, dying.turn or creature.down, and read the track with
-- fight.info(c).
local rules = require("rules")

rules.define("5e.dying_rules", { "T-21 in combat.lua: down.dying_save" })
