-- Aid another (inventory 3E-AID-01/02; B-15).
--
-- A standard action that does not provoke: from where it could attack an
-- opponent in melee that an ally fights, the aider rolls an attack
-- against AC 10; on a success the ally gets +2 (circumstance) on its next
-- attack roll against that opponent, or +2 (circumstance) to AC against
-- that opponent's next attack. Either ends at the start of the aider's
-- next turn (B-15, the 3.5 wording; M.lasts says so).
--
-- The bonus is a condition on the ally, "aided_attack" or "aided_ac",
-- whose source is "<aider id>><opponent id>"; the hooks below spend it on
-- the attack it applies to and end it when the aider's turn starts.
local rules = require("rules")
local check = require("check")

local M = rules.get("3e.special.aid")
if M then return M end
M = {}

M.names = {
  aid_another = { en = "Aid another", zh = "援助他人" },
  aid_attack = { en = "Aid another: +2 on attack rolls", zh = "援助他人：攻击检定+2" },
  aid_ac = { en = "Aid another: +2 to AC", zh = "援助他人：防护等级+2" },
}

M.ac = 10     -- the roll's target
M.bonus = 2   -- circumstance bonus
M.lasts = "next attack, until the aider's next turn"

local function src(aider, opponent) return aider:get("id") .. ">" .. opponent:get("id") end
local function split(s) return s:match("^(.-)>(.*)$") end

-- roll(attack_bonus): the aid roll against AC 10 (natural 1 misses,
-- natural 20 hits, as any attack roll). Returns the check record.
function M.roll(bonus)
  return check.roll{ mods = { { value = bonus, source = "attack" } }, target = M.ac,
                     auto_success = 20, auto_failure = 1 }
end

-- apply(aider, ally, opponent, choice): the aid succeeded; choice is
-- "attack" or "ac".
function M.apply(aider, ally, opponent, choice)
  if choice ~= "attack" and choice ~= "ac" then
    error(string.format("aid another: choice %q (want attack or ac)", tostring(choice)), 2)
  end
  ally:add_condition(choice == "attack" and "aided_attack" or "aided_ac",
                     { source = src(aider, opponent), stacking = "independent" })
end

-- aid(aider, ally, opponent, choice, attack_bonus): roll and apply.
function M.aid(aider, ally, opponent, choice, bonus)
  local r = M.roll(bonus)
  if r.success then M.apply(aider, ally, opponent, choice) end
  return r
end

-- attack_mod(attacker, target, spend): the aid bonuses on attacker's
-- attack roll against target (+2 per aid on attacker's attacks against
-- target, -2 per aid on target's AC against attacker); spend removes
-- them (they last one attack).
function M.attack_mod(attacker, target, spend)
  local n = 0
  local aid_id = target:get("id")
  for _, k in ipairs(attacker:conditions("aided_attack")) do
    local _, opp = split(k.source or "")
    if opp == aid_id then
      n = n + M.bonus
      if spend then attacker:remove_condition(k.id) end
    end
  end
  local atk_id = attacker:get("id")
  for _, k in ipairs(target:conditions("aided_ac")) do
    local _, opp = split(k.source or "")
    if opp == atk_id then
      n = n - M.bonus
      if spend then target:remove_condition(k.id) end
    end
  end
  return n
end

-- expire(aider, creatures): the aider's turn starts; its aid ends.
function M.expire(aider, creatures)
  local id = aider:get("id")
  for _, c in ipairs(creatures) do
    for _, name in ipairs({ "aided_attack", "aided_ac" }) do
      for _, k in ipairs(c:conditions(name)) do
        local a = split(k.source or "")
        if a == id then c:remove_condition(k.id) end
      end
    end
  end
end

rules.define("3e.special.aid", M)
return M
