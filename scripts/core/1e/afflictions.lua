-- Alcohol and drugs, and insanity (inventory sections 25, 26). The
-- insanities without numbers (schizoid, pathological liar, megalomania,
-- delusional insanity, paranoia) are behaviour for the DM to play and are
-- kept only as data (kind, description).
local rules = require("rules")
local dice = require("dice")
local T = require("core.1e.tables")

local M = rules.get("1e.afflictions")
if M then return M end
M = {}

-- ------------------------------------------------------------ intoxication
M.degrees = { "Slight", "Moderate", "Great*" }
M.degree_col = { slight = "Slight", moderate = "Moderate", great = "Great*" }
M.effect_row = { courage = "Courage", morale = "Morale", int = "Intelligence", wis = "Wisdom", dex = "Dexterity",
                 cha = "Charisma", attack = "Attack (to-hit) rolls", hp = "Hit points" }

-- 1E-INTOX-01: the effects of a degree of intoxication ("slight",
-- "moderate", "great"); beyond great the drinker sleeps 7-10 hours.
function M.intox(degree)
  local col = M.degree_col[degree]
  if not col then
    return { unconscious_hours = dice.total("1d4+6") }
  end
  local out = {}
  for k, row in pairs(M.effect_row) do
    out[k] = T["TBL-INTOX"]:lookup(row, col)
  end
  return out
end

-- 1E-INTOX-02: morale counts for NPCs only and is a bonus (AMB-17: taken
-- off the morale roll); the attack penalty also gives the opponents of an
-- intoxicated caster that bonus on their saves, 5% (1 on the d20) a point
-- (TV-26).
function M.morale_mod(degree, is_npc)
  if not is_npc then return 0 end
  return -M.intox(degree).morale
end
function M.caster_save_bonus(attack_penalty)
  local n = math.abs(attack_penalty)
  return n, 5 * n
end

-- intoxicate(c, degree) puts a degree's effects on c (1E-INTOX-02): the
-- condition "intoxicated" (source: the degree), the temporary Intelligence,
-- Wisdom, Dexterity and Charisma changes (with the armour class Dexterity
-- gives), the hit points the body absorbs as temporary hit points; the
-- to-hit penalty (attack_penalty) goes on its attack rolls in fights and
-- the morale bonus on its morale checks there (tactics.lua). A new degree
-- replaces the old; beyond great the drinker is unconscious (asleep
-- 7-10 hours). Returns the effects.
local drunk = {} -- what intoxicate changed, by creature
function M.intoxicate(c, degree)
  M.sober(c)
  local e = M.intox(degree)
  if e.unconscious_hours then
    c:add_condition("unconscious", { source = "drink" })
    return e
  end
  local lib = require("core.1e.lib")
  local done = { temp = e.hp }
  local dex0 = c:ability("dex")
  for _, k in ipairs({ "int", "wis", "dex", "cha" }) do
    local v = c:ability(k)
    if v and e[k] ~= 0 then
      c:set("abilities", { [k] = v + e[k] })
      done[k] = e[k]
    end
  end
  if done.dex then
    done.ac = lib.dex_defense(c:ability("dex")) - lib.dex_defense(dex0)
    c:set("ac", c:get("ac") + done.ac)
  end
  if e.hp > 0 then c:gain_temp(e.hp) end
  c:add_condition("intoxicated", { source = degree })
  drunk[c] = done
  return e
end

-- sober(c) ends c's intoxication and undoes what intoxicate changed (the
-- temporary hit points left from it go too).
function M.sober(c)
  local done = drunk[c]
  drunk[c] = nil
  if not c:has("intoxicated") or done == nil then
    c:remove_condition("intoxicated")
    return false
  end
  for _, k in ipairs({ "int", "wis", "dex", "cha" }) do
    if done[k] then c:set("abilities", { [k] = c:ability(k) - done[k] }) end
  end
  if done.ac then c:set("ac", c:get("ac") - done.ac) end
  if done.temp and done.temp > 0 then c:set("temp_hp", math.max(0, c:get("temp_hp") - done.temp)) end
  c:remove_condition("intoxicated")
  return true
end

-- degree(c): c's degree of intoxication, or nil.
function M.degree(c)
  local inst = c:conditions("intoxicated")[1]
  return inst and inst.source
end

-- attack_penalty(c): what c's intoxication does to its attack rolls.
function M.attack_penalty(c)
  local d = M.degree(c)
  if not d or not M.degree_col[d] then return 0 end
  return M.intox(d).attack
end

-- 1E-INTOX-03: recovery takes the listed hours (times the stimulant's
-- multiplier), one degree at a time (AMB-40); a strong stimulant has a 5%
-- chance a use of costing a point of Constitution for good.
M.rec_rows = { slight = "Slight", moderate = "Moderate", great = "Great", unconscious = "Unconscious" }
M.rec_dice = { slight = "1d2", moderate = "1d3+1", great = "1d3+3", unconscious = "1d4+6" }
M.order = { "unconscious", "great", "moderate", "slight" }
function M.multiplier(degree, stimulant)
  if not stimulant then return 1 end
  local col = stimulant == "strong" and "Strong stimulant" or "Mild stimulant"
  local v = T["TBL-INTOX-REC"]:lookup(M.rec_rows[degree], col)
  return tonumber((tostring(v):gsub("^%D+", "")))
end
function M.recovery_hours(degree, stimulant)
  local total, on = 0, false
  for _, d in ipairs(M.order) do
    if d == degree then on = true end
    if on then total = total + dice.total(M.rec_dice[d]) * M.multiplier(d, stimulant) end
  end
  return total
end
function M.strong_stimulant_cost()
  return dice.total("1d100") <= 5
end

-- ------------------------------------------------------------ insanity
-- 1E-INSANE-01: the DM assigns a type or rolls d20 on TBL-INSANITY; the DM
-- plays the character in its episodes; types 1-4 (starred) are the minor
-- insanities psionic attacks can affect.
function M.roll_insanity()
  local r = T["TBL-INSANITY"]:roll()
  local name = r.value:gsub("%*$", "")
  return { roll = r.sum, type = name, minor = r.value:find("%*") ~= nil, dm_plays = true }
end

-- 1E-INSANE-02 dipsomania: on waking the bout goes on at 50% with drink at
-- hand, else 10%.
function M.dipsomania_continues(drink_at_hand)
  return dice.total("1d100") <= (drink_at_hand and 50 or 10)
end
-- 1E-INSANE-03 kleptomania: seen 90% of the time when watched; thieves'
-- stealing skills -10%.
function M.kleptomania_seen(watched)
  if not watched then return false end
  return dice.total("1d100") <= 90
end
M.kleptomania_skill = -10
-- 1E-INSANE-06 monomania: normal until a goal appears, then obsessed;
-- after the goal, dementia praecox until a new one.
function M.monomania(state, event)
  if event == "goal_found" then return "obsessed" end
  if event == "goal_reached" then return "dementia praecox" end
  return state
end
-- 1E-INSANE-07 dementia praecox (25%) and 1E-INSANE-08 melancholia (50%):
-- the chance a matter is ignored.
M.ignore_chance = { ["Dementia praecox"] = 25, Melancholia = 50 }
function M.ignores(kind) return dice.total("1d100") <= M.ignore_chance[kind] end
-- 1E-INSANE-11 schizophrenia: 1-4 personalities; a 1 in 6 chance a day of
-- onset and of a new (or old) personality; under stress every round.
function M.personalities() return dice.total("1d4") end
function M.schizophrenia_onset() return dice.total("1d6") == 1 end
-- 1E-INSANE-12 mania (AMB-41: per round only under stress): onset 1 in 6,
-- 2-12 rounds, then 1 in 6 a round of recovery; 1d6: hysteria, rage or
-- frenzy with Strength 18/50, 18/75 or 18/00.
M.mania_states = { { "hysteria", 50 }, { "hysteria", 50 }, { "rage", 75 }, { "rage", 75 }, { "frenzy", 100 }, { "frenzy", 100 } }
function M.mania()
  local s = M.mania_states[dice.total("1d6")]
  return { state = s[1], str = 18, str_pct = s[2], rounds = dice.total("2d6") }
end
function M.mania_onset() return dice.total("1d6") == 1 end
function M.mania_recovers() return dice.total("1d6") == 1 end
-- 1E-INSANE-13 lunacy: by the moon.
function M.lunacy(moon)
  if moon == "full" or moon == "near_full" then return "mania" end
  if moon == "new" or moon == "first_quarter" or moon == "last_quarter" or moon == "hidden" then return "melancholia" end
  return "normal"
end
-- 1E-INSANE-15 manic-depressive: alternates every 1-4 days; elated: 90%
-- mania; frustrated: 90% severe melancholia.
function M.manic_cycle_days() return dice.total("1d4") end
function M.manic_depressive(mood)
  local r = dice.total("1d100") <= 90
  if mood == "elated" then return r and "mania" or "normal" end
  if mood == "frustrated" then return r and "melancholia" or "normal" end
  return "normal"
end
-- 1E-INSANE-16 hallucinatory: 50% normal until stress; hallucinations
-- last 1-20 rounds after it ends.
function M.hallucinates(stress)
  if not stress then return dice.total("1d100") > 50, 0 end
  return true, dice.total("1d20")
end
-- 1E-INSANE-17 sado-masochism: sadistic or masochistic at even odds,
-- relatively normal 1-3 days after acting on it.
function M.sado_masochism()
  local kind = dice.total("1d2") == 1 and "sadistic" or "masochistic"
  return kind, dice.total("1d3")
end
-- 1E-INSANE-18 homicidal mania: kills every 1-4 days (a human, or of its
-- own race); prevented: mania; afterwards melancholia 1-6 days.
function M.homicidal_interval() return dice.total("1d4") end
function M.homicidal(prevented)
  if prevented then return "mania" end
  return "melancholia", dice.total("1d6")
end
-- 1E-INSANE-19 hebephrenia: irritated: 75% a vicious rage, else catatonic
-- 1-6 hours.
function M.hebephrenia_irritated()
  if dice.total("1d100") <= 75 then return "rage" end
  return "catatonia", dice.total("1d6")
end
-- 1E-INSANE-20 suicidal mania: a chance of 10%-80% by the situation; no
-- attempt: melancholy 1-6 days; a thwarted attempt: mania 2-8 rounds,
-- then melancholia 2-12 days.
function M.suicidal(chance, thwarted)
  chance = math.max(10, math.min(80, chance))
  if dice.total("1d100") > chance then return "melancholia", dice.total("1d6") end
  if thwarted then return "mania", dice.total("2d4"), dice.total("2d6") end
  return "attempt"
end
-- 1E-INSANE-21 catatonia: prodding gives a cumulative 1% a round of
-- turning homicidal; catatonia returns when it stops.
function M.catatonia_prodded(rounds)
  local chance = rounds
  return dice.total("1d100") <= chance, chance
end

-- The types with no numbers (behaviour only).
M.behaviour_only = {
  Schizoid = "copies a role model as unlike himself as possible",
  ["Pathological liar"] = "boasts and lies about anything important, believing it",
  Megalomania = "believes himself the best at everything; demands to lead",
  ["Delusional insanity"] = "believes he is a famous person and acts the role",
  Paranoia = "believes 'they' plot against him; trusts no one",
}

rules.define("1e.afflictions", M)
return M
