-- The 3.0 fighter (require("core.3e.classes.fighter")), [K] PHB 3.0
-- chapter 3: d10 hit dice, good base attack bonus, good Fortitude, a bonus
-- feat at 1st level and every even level (Table 3-9). The feats a fight
-- needs (chapter 5, [K]):
--   Power Attack  trade up to the base attack bonus off melee attack rolls
--                 for as much damage (3.0: the same for two-handed weapons);
--                 the fighter takes what gives the most damage on average
--                 against the target's armour class
--   Cleave        dropping a foe gives an extra melee attack, same weapon and
--                 bonus, against another foe it reaches, once a round (Great
--                 Cleave: no limit)
--   Combat Reflexes, Dodge, Weapon Focus, Improved Initiative: the stat-block
--                 builder's and the kernel's (3E-AOO-06, 3E-AC-06, 3E-ATK-24,
--                 3E-INIT-01)
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local B = require("core.3e.classes.base")

local M = rules.get("3e.classes.fighter")
if M then return M end
M = {}

M.names = {
  fighter = { en = "Fighter", zh = "战士" },
  power_attack = { en = "Power Attack", zh = "猛力攻击" },  -- not in source
  cleave = { en = "Cleave", zh = "顺势斩" },  -- not in source
  combat_reflexes = { en = "Combat Reflexes", zh = "格斗反射" },
  dodge = { en = "Dodge", zh = "闪避" },
  weapon_focus = { en = "Weapon Focus", zh = "武器强化" },
  improved_initiative = { en = "Improved Initiative", zh = "优先改善" },
}

M.class = { id = "fighter", die = 10, bab = "good", saves = { fort = "good", ref = "poor", will = "poor" } }

-- bonus_feats(level): [K] PHB 3.0 Table 3-9, at 1st and every even level.
function M.bonus_feats(level) return 1 + math.floor(level / 2) end

local function has(list, feat)
  for _, f in ipairs(list or {}) do
    if f == feat or f:match("^" .. feat .. ":") then return true end
  end
  return false
end

-- average(expr): the mean of a damage expression.
local mean = {}
local function average(expr)
  if not mean[expr] then mean[expr] = dice.dist(expr).mean end
  return mean[expr]
end

-- power_attack_n(bab, bonus, ac, avg): the penalty that gives the most
-- damage on average: p(hit) x (average + n), a natural 20 always hitting
-- and a natural 1 always missing.
function M.power_attack_n(bab, bonus, ac, avg)
  local best, best_v = 0, -1
  for n = 0, math.max(0, bab) do
    local need = ac - (bonus - n)
    local p = math.min(19, math.max(1, 21 - need)) / 20
    local v = p * (avg + n)
    if v > best_v + 1e-9 then best, best_v = n, v end
  end
  return best
end

-- [K] PHB 3.0: the number is chosen before the round's attack rolls and
-- holds for every melee attack until the fighter's next turn (its attacks
-- of opportunity too): chosen at its first melee attack of the turn,
-- against that target.
local function power_attack(stat)
  B.hook(stat, "turn.start", function(e)
    e.fighter:remove_condition("power_attack")
    e.fighter:remove_condition("power_attack_chosen")
  end)
  B.hook(stat, "attack.roll", function(e)
    local c = e.attacker
    if e.ranged then return end
    if not c:has("power_attack_chosen") then
      c:add_condition("power_attack_chosen")
      local a = fight.attack(c, e.attack)
      local n = M.power_attack_n(c:ability("bab") or 0, a.bonus + e.bonus, e.target:get("ac"), average(a.damage))
      if n > 0 then c:add_condition("power_attack", { level = n }) end
    end
    e.bonus = e.bonus - c:level("power_attack")
  end, { phase = "modify" })
  B.hook(stat, "damage.roll", function(e)
    local c = e.attacker
    local n = c:level("power_attack")
    if n > 0 and not e.ranged then
      -- a bonus to damage, multiplied on a critical hit (3E-DMG-08)
      e.damage = e.damage + n * (e.crit and fight.attack(c, e.attack).crit_mul or 1)
    end
  end, { phase = "result" })
end

local function cleave(stat, great)
  B.hook(stat, "turn.start", function(e) e.fighter:remove_condition("cleaved") end)
  B.hook(stat, "creature.down", function(e)
    local c, t = e.attacker, e.target
    if not c or not e.attack or e.attack == "" or e.ranged or fight.is(c, "out") then return end
    if not great and c:has("cleaved") then return end
    for _, y in ipairs(fight.enemies(c)) do
      if y ~= t and fight.reaches(c, y, e.attack) then
        c:add_condition("cleaved")
        fight.note(string.format("%s cleaves into %s", c:get("id"), y:get("id")))
        fight.strike(c, y, e.attack)
        return
      end
    end
  end, { only = "actor" })
end

-- build(spec): a fighter of spec.level (a 3.0 stat block less bab, saves
-- and hit points, which the class gives).
function M.build(spec)
  return B.build({ id = "fighter", die = 10, bab = "good", saves = M.class.saves,
    apply = function(s)
      if has(s.feats, "power_attack") then power_attack(s) end
      if has(s.feats, "cleave") or has(s.feats, "great_cleave") then cleave(s, has(s.feats, "great_cleave")) end
    end }, spec)
end

-- the same feats for other classes' characters (a barbarian with Power
-- Attack)
M.power_attack, M.cleave = power_attack, cleave

rules.define("3e.classes.fighter", M)
return M
