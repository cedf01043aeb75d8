-- The 3.0 barbarian (require("core.3e.classes.barbarian")), [K] PHB 3.0
-- chapter 3: d12 hit dice, good base attack bonus, good Fortitude, fast
-- movement (+10 ft when not in heavy armour, 3E-MOVE-04), uncanny dodge at
-- 2nd level, and rage (once a day at 1st, twice at 4th, three times at
-- 8th...): +4 Str, +4 Con, +2 on Will saves, -2 AC, for 3 + the raging Con
-- modifier rounds; afterwards fatigued (-2 Str, -2 Dex, no charging or
-- running) for the rest of the fight. The Con rise adds 2 hit points a
-- level, which are not temporary and go when the rage ends (3E-HP-18,
-- EX-14: Krusk, 3rd level, 31 -> 37; at 5 hp when it ends, -1 and dying).
--
-- In a fight that plays itself the barbarian rages at the start of its
-- first turn with an enemy within a charge.
local rules = require("rules")
local fight = require("fight")
local B = require("core.3e.classes.base")
local A = require("core.3e.attack")

local M = rules.get("3e.classes.barbarian")
if M then return M end
M = {}

M.names = {
  barbarian = { en = "Barbarian", zh = "野蛮人" },
  rage = { en = "Rage", zh = "狂暴" },  -- not in source
  raging = { en = "Raging", zh = "狂暴中" },  -- not in source
  fatigued = { en = "Fatigued", zh = "疲乏" },  -- not in source
  fast_movement = { en = "Fast movement", zh = "快速移动" },  -- not in source
}

M.rage = { str = 4, con = 4, will = 2, ac = -2, rounds = 3 }
M.fatigue = { str = -2, dex = -2 }

-- rages_per_day(level): [K] PHB 3.0 Table 3-7.
function M.rages_per_day(level)
  if level >= 20 then return 6 end
  return 1 + math.floor(level / 4)
end

-- The conditions: raging (+2 melee attack, -2 AC; the Str damage, the hit
-- points and Will are the hooks' and the stat's), fatigued (-1 attack for
-- -2 Str, -1 AC for -2 Dex; no charge: the kernel's turn reads
-- no_charge). Their modifiers follow the ability changes: +4 Str is +2.
rules.define("condition.raging", { name = M.names.raging,
  fight = { attack_mod_melee = A.mod(10 + M.rage.str) - A.mod(10), ac_mod = M.rage.ac } })
-- fatigued is the DMG condition summary's (condsum.lua, DMG-COND-18: the
-- same -2 Str and Dex, with the -1 on melee damage and no run or charge).

-- start(c): c rages (3E-HP-18: +2 hp a level to maximum and current).
function M.start(c)
  local level = c:ability("level") or 1
  local ab = c:get("abilities")
  c:spend("rage")
  local hp_up = require("core.3e.hp").con_change(c, ab.con, ab.con + M.rage.con, level)
  c:set("abilities", { str = ab.str + M.rage.str, con = ab.con + M.rage.con, will = (ab.will or 0) + M.rage.will })
  local rounds = M.rage.rounds + A.mod(ab.con + M.rage.con)
  c:add_condition("raging", { level = rounds })
  fight.note(string.format("%s rages (%d rounds, +%d hp)", c:get("id"), rounds, hp_up))
end

-- stop(c): the rage ends: the abilities and hit points go back, fatigue
-- follows (a creature the lost hit points take below 0 drops: fight.sync_hp).
function M.stop(c)
  local ab = c:get("abilities")
  c:remove_condition("raging")
  c:set("abilities", { str = ab.str - M.rage.str, con = ab.con - M.rage.con, will = (ab.will or 0) - M.rage.will })
  local hp_down = require("core.3e.hp").con_change(c, ab.con, ab.con - M.rage.con, c:ability("level") or 1)
  c:add_condition("fatigued")
  fight.note(string.format("%s's rage ends (%d hp), fatigued", c:get("id"), hp_down))
end

local function near_enemy(c)
  local reach = 2 * fight.speed(c) + 10
  for _, y in ipairs(fight.enemies(c)) do
    if fight.distance(c, y) <= reach then return true end
  end
  return false
end

local function hooks(stat)
  B.hook(stat, "turn.start", function(e)
    local c = e.fighter
    if c:has("raging") then
      if c:level("raging") <= 1 then M.stop(c) else c:reduce_level("raging", 1) end
    elseif not c:has("fatigued") and (c:resource("rage") or { current = 0 }).current > 0 and near_enemy(c) then
      M.start(c)
    end
  end)
  -- +4 Str: +2 melee damage (+3 two-handed: 1.5 x, 3E-DMG-06); a bonus to
  -- damage, multiplied on a critical hit
  B.hook(stat, "damage.roll", function(e)
    local c = e.attacker
    if not c:has("raging") or e.ranged then return end
    local a = fight.attack(c, e.attack)
    local plus = (a.group == "two_handed" or c:has_tag("two_handed:" .. e.attack)) and 3 or 2
    e.damage = e.damage + plus * (e.crit and a.crit_mul or 1)
  end, { phase = "result" })
end

function M.build(spec)
  return B.build({ id = "barbarian", die = 12, bab = "good", saves = { fort = "good", ref = "poor", will = "poor" },
    apply = function(s, level)
      local res = s.resources or {}
      res.rage = { max = M.rages_per_day(level) }
      s.resources = res
      if s.armor ~= "heavy" and type(s.speed) == "number" then s.speed = s.speed + 10 end
      if s.armor ~= "heavy" and s.speed == nil and s.race then
        s.speed = require("core.3e.statblock").speed(s.race, s.armor) + 10
      end
      if level >= 2 then
        s.feats = s.feats or {}
        s.feats[#s.feats + 1] = "uncanny_dodge"
      end
      for _, w in ipairs(s.weapons or {}) do
        if w.two_handed then s.tags[#s.tags + 1] = "two_handed:" .. w.name end
      end
      hooks(s)
    end }, spec)
end

rules.define("3e.classes.barbarian", M)
return M
