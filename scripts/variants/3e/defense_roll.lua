-- DMG-ATK-03 [Variant] (3.0 DMG p.64, 规则变化：防御检定): the defense roll.
-- Instead of a fixed armour class the defender rolls 1d20 + (AC - 10)
-- against each attack (the standard AC is this roll taking 10); the attack
-- hits when its total beats the defense roll, a tie hitting (A-13: so that
-- taking 10 is the static AC; the defense die's 1 and 20 mean nothing).
-- The compromise option (3e.defense_roll.per_round = true): one defense
-- roll a round, against every attack of that round. The attacker's
-- natural 1 and 20, its threat and the confirmation roll are the usual
-- ones, made against the defense roll (the kernel's needed total).
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")

rules.variant{ id = "3e.defense_roll", system = "3e", implements = { "DMG-ATK-03" },
               name = { en = "Defense roll", zh = "防御检定" } }

local M = { per_round = false }
local held = {} -- per_round: target id -> {round, total}

-- M.roll(ac): one defense roll against armour class ac.
function M.roll(ac)
  return dice.total("1d20") + (ac - 10)
end

local function round()
  local enc = fight.clock()
  return enc and enc:round() or 0
end

-- the kernel's needed total of an attack: the defense roll of the target
-- at its armour class against this attack (touch, flat-footed, cover
-- included: ac_mod is the rules' change to its AC)
local function needed(_, target, ac_mod)
  local ac = target:get("ac") + ac_mod
  if not M.per_round then return M.roll(ac) end
  local id, r = target:get("id"), round()
  local h = held[id]
  if h == nil or h.round ~= r or h.ac ~= ac then
    -- a changed AC (flat-footed no more, a touch attack) is rolled anew:
    -- the roll is the die, kept for the round, on the AC of the attack
    local die = (h and h.round == r) and h.die or dice.total("1d20")
    h = { round = r, ac = ac, die = die }
    held[id] = h
  end
  return h.die + (ac - 10)
end

rules.on("encounter.start", function() held = {} end)

local atk = {}
for k, v in pairs(rules.need("combat").attack) do atk[k] = v end
atk.needed = needed
rules.merge("combat", { attack = atk })
rules.define("3e.defense_roll", M)
