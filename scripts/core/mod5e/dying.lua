-- Hit points, dying and death (inventory section 13, HB-HP-01..13,
-- TV-18, TV-23..26). As 5e (section 0: unchanged): 0 HP with overflow
-- damage below the HP maximum is unconscious and dying, at or above it
-- death (the combat table's down and 5e.dying); death saves of a bare d20,
-- 10 or more a success, three of a kind decide, a natural 1 two failures,
-- a natural 20 1 HP; damage at 0 HP one failure, two from a critical hit;
-- a stable creature regains 1 HP after 1d4 hours; temporary HP soak
-- damage first, never stack (the higher is kept) and don't wake a dying
-- creature. What differs is the knockout (HB-HP-09): the creature is
-- unconscious but stable at 0 HP (5e 2024 leaves it at 1 HP), and the
-- GM's shortcut for NPCs (HB-HP-08: monsters die at 0 HP; an important
-- one is marked player = true in an encounter, or tagged "death_saves").
local rules = require("rules")
local fight = require("fight")

local D5 = rules.need("5e.dying")
local D = setmetatable({}, { __index = D5 })

-- D.knock_out: at the moment a melee attack brings c to 0 HP the attacker
-- may knock it out: unconscious (in the fight, out of it) and stable, at
-- 0 HP.
function D.knock_out(c)
  c:remove_condition("death_success")
  c:remove_condition("death_failure")
  c:remove_condition("dying")
  c:set("hp", 0)
  if not c:has("unconscious") then
    rules.need("5e.conditions").add(c, "unconscious", { source = "knocked out" })
  end
  if not c:has("stable") then c:add_condition("stable", { source = "knocked out" }) end
  return c
end

function D.knocked_out(c)
  return rules.need("5e.conditions").sources(c, "unconscious")["knocked out"] == true
end

-- D.knock_out_hook is a fighter's creature.down hook for attackers that
-- knock foes out (as 5e's): on melee attacks only; the foe leaves the
-- fight alive (marked fled: the fight has no "knocked out" exit).
D.knock_out_hook = {
  only = "actor",
  fn = function(e)
    if e.attack == nil or e.ranged then return end
    D.knock_out(e.target)
    rules.cancel(e, "knocked out")
    fight.flee(e.target)
  end,
}

rules.define("5e.dying", D)
