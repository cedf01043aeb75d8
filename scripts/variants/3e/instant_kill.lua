-- DMG-ATK-06 [Variant] (3.0 DMG p.65, 规则变化：一击毙命): instant kill. An
-- attack roll of a natural 20 is confirmed as usual; when the confirmation
-- roll is a natural 20 too, a third roll is made, the instant-kill check,
-- the same test as the confirmation (A-14: it hits the target's AC, a
-- natural 20 hitting); if it hits, the target dies. Only natural 20s
-- count (a keen weapon's 19 never starts it); creatures immune to critical
-- hits are immune to it.
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local A = require("core.3e.attack")

rules.variant{ id = "3e.instant_kill", system = "3e", implements = { "DMG-ATK-06" },
               name = { en = "Instant kill", zh = "一击毙命" } }

local M = {}

-- M.check(bonus, needed): the instant-kill roll: d20 + bonus against the
-- total the confirmation had to reach. Returns whether it kills and the
-- roll.
function M.check(bonus, needed)
  local nat = dice.total("1d20")
  local total = A.face_value(nat) + bonus
  local hit = A.hits(nat, total, needed)
  return hit, nat, total
end

-- a mark left by a hit whose damage never came (a hook cancelled it) does
-- not carry over to a later attack
rules.on("attack.roll", function(e)
  if e.target:has_tag("instant_kill") then e.target:remove_tag("instant_kill") end
end, { phase = "modify" })

rules.on("attack.roll", function(e)
  if not (e.crit and e.natural == 20 and e.confirm_natural == 20) then return end
  local t = e.target
  if t:has_tag("crit_immune") or fight.is(t, "dead") then return end
  local bonus = e.confirm_total - A.face_value(e.confirm_natural)
  local kill, nat, total = M.check(bonus, e.needed)
  if kill then
    fight.note(string.format("%s: instant kill on %s (natural 20, confirmed on a natural 20, then %d: %d vs %d)",
      e.attacker:get("id"), t:get("id"), nat, total, e.needed))
    t:add_tag("instant_kill")
  end
end, { phase = "result" })

-- the kill itself once the hit's damage is applied (the target may not
-- survive it anyway); a hook that cancels the damage cancels the kill
rules.on("damage.apply", function(e)
  local t = e.target
  if t:has_tag("instant_kill") then
    t:remove_tag("instant_kill")
    if not fight.is(t, "dead") then fight.kill(t, e.attacker) end
  end
end, { phase = "after" })

rules.define("3e.instant_kill", M)
