-- Psionic combat (inventory section 21): TBL-PSI-A to TBL-PSI-D,
-- TBL-PSI-SAVEADJ, TBL-PSI-WIS. A psionic creature's strength is two
-- resources, "psi_attack" and "psi_defense" (its total is their sum).
local rules = require("rules")
local dice = require("dice")
local T = require("core.1e.tables")

local M = rules.get("1e.psionics")
if M then return M end
M = {}

M.attack_modes = { A = "Psionic Blast", B = "Mind Thrust", C = "Ego Whip", D = "Id Insinuation", E = "Psychic Crush" }
M.defence_modes = { F = "Mind Blank", G = "Thought Shield", H = "Mental Barrier", I = "Intellect Fortress",
                    J = "Tower of Iron Will" }
M.attack_cost = { ["Psionic Blast"] = 20, ["Mind Thrust"] = 4, ["Ego Whip"] = 7, ["Id Insinuation"] = 10,
                  ["Psychic Crush"] = 14 }
M.defence_cost = { ["Mind Blank"] = 1, ["Thought Shield"] = 2, ["Mental Barrier"] = 3, ["Intellect Fortress"] = 8,
                   ["Tower of Iron Will"] = 10 }

-- 1E-PSI-01: psionic combat runs in segments and stops everything else;
-- 1E-PSI-03: besides defending, one activity at a time: an attack or one
-- discipline, never both, never two disciplines.
M.segments = true
function M.allowed(activities)
  local attack, disc = 0, 0
  for _, a in ipairs(activities) do
    if a == "attack" then attack = attack + 1 elseif a == "discipline" then disc = disc + 1 end
  end
  return attack + disc <= 1
end

-- The band of a strength (TBL-PSI-A rows; AMB-32: the current total).
function M.band(strength)
  if strength <= 25 then return "1-25" elseif strength <= 50 then return "26-50"
  elseif strength <= 75 then return "51-75" elseif strength <= 100 then return "76-100"
  elseif strength <= 125 then return "101-125" end
  return "126+"
end
-- The TBL-PSI-B column of a defender's unreduced total.
function M.b_col(total)
  if total < 60 then return "10-59" elseif total < 110 then return "60-109" elseif total < 160 then return "110-159"
  elseif total < 210 then return "160-209" elseif total < 260 then return "210-259" elseif total < 310 then return "260-309" end
  return "310+"
end

function M.total(c)
  local a, d = c:resource("psi_attack"), c:resource("psi_defense")
  return (a and a.current or 0) + (d and d.current or 0)
end

-- 1E-PSI-04: the cell of TBL-PSI-A: points the defender loses, or for
-- Psychic Crush the % chance of death ("—": none).
function M.a_cell(strength, attack, defence)
  return T["TBL-PSI-A"][M.band(strength)]:lookup(attack, defence)
end

-- 1E-PSI-02: a creature under attack defends at once with the most
-- suitable mode it has: the least loss (then the cheaper).
function M.best_defence(strength, attack, modes)
  local best, bloss
  for _, d in ipairs(modes) do
    local v = M.a_cell(strength, attack, d)
    local loss = type(v) == "number" and v or 0
    if attack == "Psychic Crush" then loss = type(v) == "number" and v or 0 end
    if not bloss or loss < bloss or (loss == bloss and M.defence_cost[d] < M.defence_cost[best]) then
      best, bloss = d, loss
    end
  end
  return best
end

-- segment(a, d, a_attack, a_def, d_attack, d_def): one segment of mental
-- combat, both sides at once: each pays its attack mode's cost from its
-- attack points, and its defence mode's cost and the points the other's
-- attack takes from its defence points (TV-25: "the defender loses defence
-- points"; what a pool cannot pay comes off the other, so the total drops
-- by the whole amount); a successful Psychic Crush kills, and then only
-- the winner's total changes. Returns {a_lost, d_lost, killed}.
local function spend(c, pool, n)
  local other = pool == "psi_attack" and "psi_defense" or "psi_attack"
  local p, o = c:resource(pool), c:resource(other)
  local first = math.min(n, p and p.current or 0)
  if first > 0 then c:spend(pool, first) end
  local rest = math.min(n - first, o and o.current or 0)
  if rest > 0 then c:spend(other, rest) end
end
local function pay(c, attack, defence, loss)
  spend(c, "psi_attack", attack and M.attack_cost[attack] or 0)
  spend(c, "psi_defense", M.defence_cost[defence] + (loss or 0))
end
function M.segment(a, d, a_attack, a_def, d_attack, d_def)
  local sa, sd = M.total(a), M.total(d)
  local out = { a_lost = 0, d_lost = 0 }
  local function hit(att_strength, attack, defence)
    local v = M.a_cell(att_strength, attack, defence)
    if attack == "Psychic Crush" then
      if type(v) == "number" and dice.total("1d100") <= v then return 0, true end
      return 0, false
    end
    return v, false
  end
  local d_loss, d_killed = 0, false
  local a_loss, a_killed = 0, false
  if a_attack then d_loss, d_killed = hit(sa, a_attack, d_def) end
  if d_attack then a_loss, a_killed = hit(sd, d_attack, a_def) end
  if d_killed then
    out.killed = "d"
    pay(a, a_attack, a_def)
    return out
  end
  if a_killed then
    out.killed = "a"
    pay(d, d_attack, d_def)
    return out
  end
  out.a_lost = (a_attack and M.attack_cost[a_attack] or 0) + M.defence_cost[a_def] + a_loss
  out.d_lost = (d_attack and M.attack_cost[d_attack] or 0) + M.defence_cost[d_def] + d_loss
  pay(a, a_attack, a_def, a_loss)
  pay(d, d_attack, d_def, d_loss)
  return out
end

-- 1E-PSI-05: an attack on a defenceless psionic: TBL-PSI-B by the
-- attacker's current attack strength and the defender's unreduced total.
-- A number is attack points lost; a letter an effect (1E-PSI-06); with
-- Mind Bar a letter counts as 40 points until the strength is gone; past
-- 0 attack points the rest comes off hit points 1 for 1.
function M.b_cell(attack_strength, attack, defender_total)
  return T["TBL-PSI-B"][M.band(attack_strength)]:lookup(attack, M.b_col(defender_total))
end
function M.defenceless(c, cell, o)
  o = o or {}
  if type(cell) == "string" and cell:match("%%$") then
    return { crush = tonumber(cell:match("^(%d+)")) }
  end
  local pts = cell
  if type(cell) == "string" then
    if o.mind_bar and M.total(c) > 0 then
      pts = 40
    else
      local e = M.letter(cell)
      M.apply_letter(c, cell, e, o)
      return { letter = cell, effect = e }
    end
  end
  local a = c:resource("psi_attack")
  local have = a and a.current or 0
  local take = math.min(pts, have)
  if take > 0 then c:spend("psi_attack", take) end
  local hp = pts - take
  if hp > 0 then c:damage(hp, "psionic") end
  return { points = take, hp = hp }
end

-- 1E-PSI-06: the letter results with their durations (dice), and the
-- condition each puts on the creature (level: the duration in its unit).
M.letters = {
  C = { effect = "confused", dice = "2d4", unit = "round", psionics = false, condition = "confused" },
  D = { effect = "dazed", dice = "1d4", unit = "turn", condition = "dazed" },
  I = { effect = "feebleminded", permanent = true, cure = "heal", condition = "feebleminded", psionics_lost = true },
  K = { effect = "killed", raise = true, psionics_lost = true, condition = "dead" },
  P = { effect = "permanent_loss", also = "D", condition = "psionic_mode_lost" },
  S = { effect = "coma", dice = "1d4", unit = "week", taken_for_dead = 99, condition = "coma" },
  R = { effect = "controlled", dice = "2d4", unit = "week", save = "spell", condition = "controlled" },
  W = { effect = "wounded", dice = "2d4", unit = "week", condition = "psionic_wound" },
}
-- letter(l) rolls letter result l: {effect, unit, duration, save (R: the
-- save that frees after the duration), also (P: the daze of D)}.
function M.letter(l)
  local e = M.letters[l]
  local out = { effect = e.effect, unit = e.unit }
  if e.dice then out.duration = dice.total(e.dice) end
  if e.save then out.save = e.save end
  if e.also then out.also = M.letter(e.also) end
  return out
end

-- apply_letter(c, l, rolled [, o]): letter result l (as M.letter rolled
-- it) as conditions on c: the letter's condition with the duration as its
-- level (source: o.by, the victor, else "psionics"), the tag
-- "no_psionics" while confused and "psionics_lost" for good after I or K;
-- K kills (in a fight too); P adds its daze.
function M.apply_letter(c, l, rolled, o)
  local e = M.letters[l]
  local src = (o and o.by) or "psionics"
  if l == "K" then
    local ok, info = pcall(require("fight").info, c)
    if ok and info then require("fight").kill(c) end
  end
  c:add_condition(e.condition, { source = src, level = rolled.duration, stacking = "levels" })
  if e.psionics == false then c:add_tag("no_psionics") end
  if e.psionics_lost then c:add_tag("psionics_lost") end
  if e.also then M.apply_letter(c, e.also, rolled.also, o) end
  return c
end

-- release(c, weeks): a creature controlled by R is freed only once its
-- 2-8 weeks have passed (weeks: the time since) and then a save vs magic
-- succeeds (rolled only then). Returns whether it is free.
function M.release(c, weeks)
  local inst = c:conditions("controlled")[1]
  if inst == nil then return true end
  if weeks < (inst.level or 0) then return false end
  if not rules.need("1e.saves").save(c, "spell").success then return false end
  c:remove_condition("controlled")
  return true
end

-- 1E-PSI-07: Psionic Blast on a non-psionic needs attack strength 100+;
-- the save by the victim's Int+Wis and range (TBL-PSI-C-SAVE) with the
-- adjustments of TBL-PSI-SAVEADJ; a failed save rolls d% on
-- TBL-PSI-C-EFFECT (AMB-36).
M.ranges = { short = "Save, short range", medium = "Save, medium range", long = "Save, long range" }
function M.save_number(intwis, range)
  return T["TBL-PSI-C-SAVE"]:lookup(intwis, M.ranges[range])
end
function M.effect_band(intwis)
  local bands = { { 5, "0-5" }, { 9, "6-9" }, { 13, "10-13" }, { 17, "14-17" }, { 21, "18-21" }, { 25, "22-25" },
                  { 29, "26-29" }, { 33, "30-33" }, { 35, "34-35" }, { 37, "36-37" } }
  for _, b in ipairs(bands) do
    if intwis <= b[1] then return b[2] end
  end
  return "38+"
end
-- blast(attack_strength, intwis, range, adjustments) -> {allowed, save,
-- saved, effect}
function M.blast(attack_strength, intwis, range, adjust)
  if attack_strength < 100 then return { allowed = false } end
  local need = M.save_number(intwis, range)
  local nat = dice.total("1d20")
  local total = nat + (adjust or 0)
  local out = { allowed = true, need = need, roll = nat, total = total, saved = total >= need }
  if not out.saved then
    out.effect = T["TBL-PSI-C-EFFECT"][M.effect_band(intwis)]:roll().value
  end
  return out
end

-- blast_on(c, attack_strength, range [, adjust]): Psionic Blast on the
-- non-psionic creature c (Int + Wis its total; a monster without Wisdom
-- counts none), with the effect of a failed save put on c as a condition
-- (M.effects' condition, its duration as the level; Death kills). Returns
-- blast's record with duration and unit.
function M.blast_on(c, attack_strength, range, adjust)
  local intwis = (c:ability("int") or 0) + (c:ability("wis") or 0)
  local out = M.blast(attack_strength, intwis, range, adjust)
  if not out.effect then return out end
  local e = M.effects[out.effect]
  out.duration, out.unit = M.duration(out.effect)
  if out.effect == "Death" then
    local ok, info = pcall(require("fight").info, c)
    if ok and info then require("fight").kill(c) end
  end
  c:add_condition(e.condition, { source = "psionic blast", level = out.duration, stacking = "levels" })
  if e.forms == 1 or out.effect == "Minor insanity" then c:add_tag("minor_insanity") end
  return out
end

-- 1E-PSI-08: the durations of the blast's effects (dice, unit) and the
-- condition each puts on the victim.
M.effects = {
  Death = { raise = true, condition = "dead" }, Coma = { dice = "2d6", unit = "day", condition = "coma" },
  Sleep = { dice = "5d4", unit = "round", condition = "asleep" },
  Stun = { dice = "2d4", unit = "turn", condition = "stunned" }, Confusion = { dice = "1d4", unit = "turn", condition = "confused" },
  Rage = { dice = "2d4", unit = "round", condition = "raging" },
  Panic = { dice = "2d4", unit = "round", as = "fear by a 4th-level magic-user", condition = "panicked" },
  Feeblemind = { cure = { "heal", "restoration", "wish" }, intwis = "0-5", condition = "feebleminded" },
  ["Permanent insanity"] = { cure = { "heal", "restoration", "wish" }, forms = 2, condition = "insane" },
  ["Temporary insanity"] = { dice = "2d6", unit = "week", forms = 2, condition = "insane" },
  ["Minor insanity"] = { dice = "1d4", unit = "week", forms = 1, condition = "insane" },
}
function M.duration(effect)
  local e = M.effects[effect]
  if e and e.dice then return dice.total(e.dice), e.unit end
  return nil
end

-- 1E-PSI-09: save adjustments by source (TBL-PSI-SAVEADJ). A feebleminded
-- creature uses the 0-5 row; only the four minor insanities may be
-- attacked (AMB-35); a helm of telepathy that saves stuns the attacker
-- 1-4 rounds.
function M.save_adjust(sources)
  local n = 0
  for _, s in ipairs(sources) do
    local v = T["TBL-PSI-SAVEADJ"]:lookup(s, "Adjustment")
    if type(v) == "number" then n = n + v end
  end
  return n
end
function M.attackable(c)
  if c:has("insane") then return c:has_tag("minor_insanity") end
  return true
end

-- 1E-PSI-10: ranges (TBL-PSI-D); linked attacks (AMB-33: 2 linked 200%,
-- 3 linked 250%, base x (1 + 0.5 n)); a single psionic paying double or
-- triple points doubles or triples the range of Mind Thrust, Ego Whip or
-- Id Insinuation (and defends only with Thought Shield); medium range
-- damage -20% rounded up, long range one band lower and -20%, or -50%
-- rounded down in the lowest band (AMB-34).
function M.range(mode, band)
  local col = ({ short = "Short", medium = "Medium", long = "Long" })[band]
  if mode == "Psychic Crush" then mode = "Psychic Crush*" end
  local v = T["TBL-PSI-D"]:lookup(mode, col)
  if type(v) == "string" then
    local lead = v:match("^(%d+)")
    v = lead and tonumber(lead) or nil
  end
  return v
end
function M.linked_range(base, n)
  if n < 2 then return base end
  return base * (1 + 0.5 * n)
end
M.boostable = { ["Mind Thrust"] = true, ["Ego Whip"] = true, ["Id Insinuation"] = true }
function M.boosted_range(mode, base, times)
  if not M.boostable[mode] then return base end
  return base * times, "Thought Shield"
end
function M.range_damage(dmg, band, strength)
  if band == "medium" then return math.ceil(dmg * 0.8), strength end
  if band == "long" then
    if strength <= 25 then return math.floor(dmg * 0.5), strength end
    return math.ceil(dmg * 0.8), strength - 25
  end
  return dmg, strength
end

-- 1E-PSI-11, TBL-PSI-WIS: a monster's Wisdom from its intelligence class.
M.wis_dice = { Low = "2d4", Average = "3d4", ["Very / High"] = "4d4", ["Exceptional / Genius"] = "2d6+6",
               ["Supra-genius"] = "4d4+4", Godlike = "3d6+6" }
M.int_row = { low = "Low", average = "Average", very = "Very / High", high = "Very / High",
              exceptional = "Exceptional / Genius", genius = "Exceptional / Genius",
              ["supra-genius"] = "Supra-genius", godlike = "Godlike" }
function M.monster_wis(int_class)
  local row = M.int_row[int_class]
  if not row then return 0 end
  return dice.total(M.wis_dice[row])
end

rules.define("1e.psionics", M)
return M
