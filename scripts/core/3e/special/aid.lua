-- Aid another (inventory 3E-AID-01/02; B-15).
--
-- A standard action that does not provoke: from where it could attack an
-- opponent in melee that an ally fights, the aider rolls an attack
-- against AC 10; on a success the ally gets +2 (circumstance) on its next
-- attack roll against that opponent, or +2 (circumstance) to AC against
-- that opponent's next attack. Either ends at the start of the aider's
-- next turn at the latest (B-15, the 3.5 wording; M.lasts says so).
--
-- The bonus is a condition on the ally, "aided_attack" or "aided_ac",
-- whose source is the opponent: the kernel adds it to the attacks between
-- the two (attack_mod_vs_source, defense_mod_vs_source) and ends it once
-- it has counted (spent). Its level is the aider's place in the fight's
-- list, so that M.expire ends it when the aider's turn starts.
local rules = require("rules")
local check = require("check")
local fight = require("fight")

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
M.lasts = "the next attack roll, until the aider's next turn"

rules.define("condition.aided_attack", { name = M.names.aid_attack,
  fight = { attack_mod_vs_source = M.bonus, spent = true } })
rules.define("condition.aided_ac", { name = M.names.aid_ac,
  fight = { defense_mod_vs_source = -M.bonus, spent = true } })

local function index_of(c)
  for i, y in ipairs(fight.all()) do
    if y == c or y:get("id") == c:get("id") then return i end
  end
  return nil
end

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
                     { source = opponent:get("id"), level = index_of(aider) or 1, stacking = "independent" })
end

-- aid(aider, ally, opponent, choice [, opts]): the action in a fight. The
-- aider must threaten the opponent (its melee attack, opts.attack, reaches
-- it) and the ally must be fighting it in melee. Returns {refused} or the
-- roll record with .aided.
function M.aid(aider, ally, opponent, choice, opts)
  opts = opts or {}
  local name = opts.attack
  if not name then
    for _, n in ipairs(fight.attacks(aider)) do
      if not fight.attack(aider, n).ranged then name = n break end
    end
  end
  if not name then return { refused = aider:get("id") .. " has no melee attack" } end
  if not fight.reaches(aider, opponent, name) then
    return { refused = aider:get("id") .. " is not in position to attack " .. opponent:get("id") .. " in melee" }
  end
  local engaged = false
  for _, n in ipairs(fight.attacks(ally)) do
    if not fight.attack(ally, n).ranged and fight.reaches(ally, opponent, n) then engaged = true end
  end
  if not engaged then return { refused = ally:get("id") .. " is not fighting " .. opponent:get("id") .. " in melee" } end
  local r = M.roll(fight.attack(aider, name).bonus)
  r.aided = r.success
  if r.success then M.apply(aider, ally, opponent, choice) end
  fight.note(string.format("%s aids %s against %s (%d vs AC 10): %s", aider:get("id"), ally:get("id"),
    opponent:get("id"), r.total, r.success and ("+2 " .. (choice == "attack" and "to hit" or "AC")) or "no help"))
  return r
end

-- expire(aider): the aider's turn starts; its aid ends.
function M.expire(aider)
  local i = index_of(aider)
  for _, c in ipairs(fight.all()) do
    for _, name in ipairs({ "aided_attack", "aided_ac" }) do
      for _, k in ipairs(c:conditions(name)) do
        if k.level == i then c:remove_condition(k.id) end
      end
    end
  end
end

rules.define("3e.special.aid", M)
return M
