-- Skill and ability checks and saving throws as the DM runs them (DMG 3.0
-- pages 89-93; inventory dmg-running-the-game.md §12, DMG-CHK, DMG-SAVE). A
-- check is d20 + the character's modifiers against the DC + the DC's
-- modifiers, both lists kept apart (the DM's, not shown to players), and
-- returns its margin and degree of success. Circumstances are +2 or -2
-- each (the variant 3e.big_modifiers allows 2 to 20); a task is rolled
-- once per actor, task and target group; extended tasks, the book's
-- ability-check rulings, choosing the save, save DCs.
local rules = require("rules")
local check = require("check")
local attack = require("core.3e.attack")

local M = rules.get("3e.checks")
if M then return M end
M = {}

-- [K] PHB 3.0 chapter 4: each skill's key ability (not in the seed; the
-- DMG names Appraise Int-based, A-47).
M.key_ability = {
  alchemy = "int", animal_empathy = "cha", appraise = "int", balance = "dex", bluff = "cha", climb = "str",
  concentration = "con", craft = "int", decipher_script = "int", diplomacy = "cha", disable_device = "int",
  disguise = "cha", escape_artist = "dex", forgery = "int", gather_information = "cha", handle_animal = "cha",
  heal = "wis", hide = "dex", innuendo = "wis", intimidate = "cha", intuit_direction = "wis", jump = "str",
  knowledge = "int", listen = "wis", move_silently = "dex", open_lock = "dex", perform = "cha", pick_pocket = "dex",
  profession = "wis", read_lips = "int", ride = "dex", scry = "int", search = "int", sense_motive = "wis",
  spellcraft = "int", spot = "wis", swim = "str", tumble = "dex", use_magic_device = "cha", use_rope = "dex",
  wilderness_lore = "wis",
}
M.abilities = { str = true, dex = true, con = true, int = true, wis = true, cha = true }

-- DMG-CHK-02: each circumstance is worth 2 (the variant 3e.big_modifiers,
-- DMG-CHK-03, raises the largest to 20).
M.circumstance = 2
M.max_circumstance = 2

-- circumstances(list): DMG-CHK-01/02: each {on = "check"|"dc", good =
-- true|false, size = 2 (default), why}: a favourable one is +size on the
-- check or -size on the DC, an unfavourable one the reverse. Returns the
-- check's and the DC's modifier lists ({value, source}).
function M.circumstances(list)
  local mods, dc_mods = {}, {}
  for i, c in ipairs(list or {}) do
    local size = c.size or M.circumstance
    if type(size) ~= "number" or size ~= math.floor(size) or size < 2 or size > M.max_circumstance
       or (M.max_circumstance == M.circumstance and size ~= M.circumstance) then
      error(string.format("circumstance %d (%s): size %s: a circumstance is worth %s", i, tostring(c.why),
        tostring(size), M.max_circumstance == M.circumstance and "2 (+2 or -2; the variant 3e.big_modifiers allows 2 to 20)"
          or ("2 to " .. M.max_circumstance)), 2)
    end
    if c.on ~= "check" and c.on ~= "dc" then
      error(string.format("circumstance %d (%s): on must be \"check\" or \"dc\"", i, tostring(c.why)), 2)
    end
    local sign = c.good and 1 or -1
    if c.on == "check" then
      mods[#mods + 1] = { value = sign * size, source = c.why or "circumstance" }
    else
      dc_mods[#dc_mods + 1] = { value = -sign * size, source = c.why or "circumstance" }
    end
  end
  return mods, dc_mods
end

local function sum(list)
  local n = 0
  for _, m in ipairs(list) do n = n + m.value end
  return n
end
M.sum = sum

-- score(who, ability): an ability score of a creature handle or a record.
local function score(who, ab)
  if require("creature").is(who) then return who:ability(ab) end
  return who[ab]
end

-- ranks(who, skill): skill ranks of a record ({ranks = {climb = 4}}) or a
-- creature (its data.ranks).
local function ranks(who, skill)
  local t
  if require("creature").is(who) then t = (who:get("data") or {}).ranks else t = who.ranks end
  return (t or {})[skill] or 0
end

-- M.degree(margin): DMG-CHK-07 (T-6): 1 for a bare success (margin 0-9),
-- 2 by 10 or more, 3 by 20 or more; 0 for a failure.
function M.degree(margin)
  if margin < 0 then return 0 end
  if margin >= 20 then return 3 end
  if margin >= 10 then return 2 end
  return 1
end

-- The variant hooks: DMG-CHK-10 (3e.skill_abilities) lets the DM name
-- another ability for a skill check (spec.ability); DMG-CHK-11
-- (3e.critical_checks) rolls again on a natural 20 or 1.
M.other_ability = false
M.critical = false
-- DMG-CHK-11's suggested effects (the DM's to apply): extra is damage
-- dice, dc_mod a lasting change to the next attempt's DC.
M.critical_effects = {
  success = { climb = { distance = 2 }, swim = { distance = 2 }, diplomacy = { text = "a long-term, trusting friend" },
              knowledge = { text = "an important conclusion" }, search = { text = "finds what could almost never be found" },
              wilderness_lore = { text = "details about the quarry" }, heal = { hp = 1 } },
  failure = { perform = { text = "the audience turns hostile" }, climb = { extra = "1d6", dc_mod = 5 },
              disguise = { text = "suspicion and hostility" }, escape_artist = { dc_mod = 5 },
              use_rope = { text = "the rope breaks" }, open_lock = { text = "the pick breaks; the lock is jammed" },
              tool = { text = "the tool is destroyed" } },
}

-- M.check(spec): a skill or ability check (DMG-CHK-01). spec: who (a
-- creature or {str = 12, ..., ranks = {...}}), skill (a key of
-- key_ability) or ability (str ... cha: an ability check), dc, mods and
-- dc_mods ({value, source} lists), circumstances (see above), specific
-- (DMG-CHK-06: acting on specific knowledge, +2), take = 10 or 20,
-- ability (with a skill: another key ability, the variant DMG-CHK-10).
-- Returns {success, total, dc, margin, degree, natural, mods, dc_mods,
-- critical ("success"|"failure"|nil), second}.
function M.check(spec)
  if type(spec) ~= "table" or spec.who == nil then error("check: a spec {who, skill or ability, dc} expected", 2) end
  if type(spec.dc) ~= "number" then error("check: spec.dc (a number) expected", 2) end
  local ab = spec.ability
  local mods = {}
  if spec.skill then
    local key = M.key_ability[spec.skill]
    if not key then error(string.format("check: unknown skill %q", tostring(spec.skill)), 2) end
    if ab and ab ~= key and not M.other_ability then
      error(string.format("check: %s uses %s; another ability is the variant 3e.skill_abilities (DMG-CHK-10)",
        spec.skill, key), 2)
    end
    ab = ab or key
    mods[#mods + 1] = { value = ranks(spec.who, spec.skill), source = spec.skill .. " ranks" }
  end
  if not M.abilities[ab or ""] then error(string.format("check: unknown ability %q", tostring(ab)), 2) end
  local s = score(spec.who, ab)
  mods[#mods + 1] = { value = s and attack.mod(s) or 0, source = ab }
  for _, m in ipairs(spec.mods or {}) do mods[#mods + 1] = m end
  if spec.specific then mods[#mods + 1] = { value = 2, source = "specific knowledge" } end
  local cm, cd = M.circumstances(spec.circumstances)
  for _, m in ipairs(cm) do mods[#mods + 1] = m end
  local dc_mods = {}
  for _, m in ipairs(spec.dc_mods or {}) do dc_mods[#dc_mods + 1] = m end
  for _, m in ipairs(cd) do dc_mods[#dc_mods + 1] = m end
  local dc = spec.dc + sum(dc_mods)
  local r
  if spec.take then
    if spec.take ~= 10 and spec.take ~= 20 then error("check: take must be 10 or 20", 2) end
    r = { total = spec.take + sum(mods) }
  else
    r = check.roll{ mods = mods, target = dc }
  end
  local out = { total = r.total, natural = r.natural, dc = dc, base_dc = spec.dc, mods = mods, dc_mods = dc_mods,
                success = r.total >= dc, margin = r.total - dc }
  out.degree = M.degree(out.margin)
  -- DMG-CHK-11 (variant): a natural 20 that succeeds, or a natural 1 that
  -- fails, rolls again with the same modifiers and DC (A-50); never when
  -- taking 10 or 20.
  if M.critical and not spec.take and ((r.natural == 20 and out.success) or (r.natural == 1 and not out.success)) then
    local again = check.roll{ mods = mods, target = dc }
    out.second = again.total
    if r.natural == 20 and again.total >= dc then out.critical = "success" end
    if r.natural == 1 and again.total < dc then out.critical = "failure" end
  end
  return out
end

-- DMG-CHK-08: taking 10 for repeated movement checks (a long climb or
-- swim with no pressure): one result for every round, no dice. Returns
-- the checks, or nil when the character is threatened or distracted.
function M.repeated(spec, rounds, opts)
  opts = opts or {}
  if opts.threatened or opts.distracted then return nil end
  local s = {}
  for k, v in pairs(spec) do s[k] = v end
  s.take = 10
  local r = M.check(s)
  local out = {}
  for i = 1, rounds do out[i] = r end
  return out
end

-- DMG-CHK-04: tasks. A ledger keeps one result per (actor, task,
-- target group): asking again for the same task gives the same roll (one
-- task, one roll); two groups, or each hidden item of a wall, are tasks
-- of their own. whole: the DM treats a group as one (default) or, with
-- opts.individuals, one roll per member.
function M.ledger()
  local done = {}
  local L = {}
  function L.task(actor, task, group, spec)
    local key = tostring(actor) .. "\0" .. tostring(task) .. "\0" .. tostring(group)
    if not done[key] then done[key] = M.check(spec) end
    return done[key]
  end
  function L.count()
    local n = 0
    for _ in pairs(done) do n = n + 1 end
    return n
  end
  return L
end

-- DMG-CHK-05: the book's extended tasks, as the checks they call for.
M.ride_dc_rough = 10
-- ride_checks(events): ordinary riding needs no roll; rough terrain one
-- Ride DC 10; a hit in the saddle two (stay on, control the mount);
-- leaping off to fight one. Returns the list of checks called for.
function M.ride_checks(events)
  local out = {}
  for _, e in ipairs(events) do
    if e == "rough" then out[#out + 1] = { skill = "ride", dc = M.ride_dc_rough, why = "rough terrain" }
    elseif e == "hit" then
      out[#out + 1] = { skill = "ride", why = "stay in the saddle" }
      out[#out + 1] = { skill = "ride", why = "control the mount" }
    elseif e == "leap" then out[#out + 1] = { skill = "ride", why = "leap down to fight" }
    elseif e ~= "ordinary" then error(string.format("ride_checks: unknown event %q (ordinary, rough, hit, leap)", tostring(e)), 2)
    end
  end
  return out
end

-- tracking(miles, disruptions): one Wilderness Lore check per mile; after
-- a disruption at mile m (a sandstorm) every later check is harder (an
-- unfavourable circumstance, DC +2 by DMG-CHK-02: the book gives no
-- number) until the tracker finds where the quarry was (found_at, a mile).
function M.tracking(miles, disruption, found_at)
  local out = {}
  for m = 1, miles do
    local hard = disruption and m > disruption and (not found_at or m <= found_at)
    out[m] = { skill = "wilderness_lore", mile = m, dc_mod = hard and M.circumstance or 0 }
  end
  return out
end

-- sneaking(groups): Move Silently against each group's Listen, a new
-- check for each new group; a Hide check too where the group is looking.
function M.sneaking(groups)
  local out = {}
  for _, g in ipairs(groups) do
    out[#out + 1] = { skill = "move_silently", against = "listen", group = g.name }
    if g.looking then out[#out + 1] = { skill = "hide", against = "spot", group = g.name } end
  end
  return out
end

-- watch(phases): a night watch: a Listen check (not Spot) at each phase
-- of it, opposed by a sneaking creature's Move Silently.
function M.watch(phases)
  local out = {}
  for _, p in ipairs(phases) do out[#out + 1] = { skill = "listen", against = "move_silently", phase = p } end
  return out
end

-- DMG-CHK-09: the book's ability-check rulings.
-- stay_awake_dc(nights): Con DC 12, +4 for each previous night without
-- sleep (A-49); an elf's +2 is its check's (stay_awake_mods).
function M.stay_awake_dc(previous_nights) return 12 + 4 * (previous_nights or 0) end
function M.stay_awake_mods(who)
  return (who.race == "elf" or (who.tags and who.tags.elf)) and { { value = 2, source = "elf (4 hours of trance)" } } or {}
end
-- transcribe(who): Dex DC 10, whose success gives +2 on the Int DC 15.
function M.transcribe(who)
  local dex = M.check{ who = who, ability = "dex", dc = 10 }
  local int = M.check{ who = who, ability = "int", dc = 15,
    mods = dex.success and { { value = 2, source = "a good hand (Dex check)" } } or nil }
  return int.success, dex, int
end
-- urn(who): Str DC 17 to open it, then Dex DC 13 not to spill it.
function M.urn(who)
  local str = M.check{ who = who, ability = "str", dc = 17 }
  if not str.success then return { opened = false, str = str } end
  local dex = M.check{ who = who, ability = "dex", dc = 13 }
  return { opened = true, spilled = not dex.success, str = str, dex = dex }
end
-- gravity(who): heavy gravity: Str DC 15, else -2 on Open Lock checks.
function M.gravity(who)
  local r = M.check{ who = who, ability = "str", dc = 15 }
  return r.success and {} or { { value = -2, source = "heavy gravity" } }, r
end

-- DMG-SAVE-01: which save resists an effect by what it tests: toughness
-- (Fortitude), agility (Reflex) or inner strength (Will).
M.save_for = {
  toughness = "fort", stamina = "fort", endurance = "fort", build = "fort", bulk = "fort", metabolism = "fort",
  resistance = "fort", immunity = "fort",
  agility = "ref", quickness = "ref", nimbleness = "ref", coordination = "ref", speed = "ref", reaction = "ref",
  willpower = "will", mental_stability = "will", level_headedness = "will", decisiveness = "will",
  self_confidence = "will", self_awareness = "will", temptation = "will",
}
function M.which_save(quality)
  local k = M.save_for[quality]
  if not k then error(string.format("which_save: unknown quality %q", tostring(quality)), 2) end
  return k
end

-- DMG-SAVE-02: a save to avoid something (it scales with level), a check
-- to accomplish something (equal scores, equal odds): Lidda catching
-- herself is a Reflex save, a friend catching her a Dex check, keeping
-- one's balance running over a cracked floor a Balance check.
function M.save_or_check(purpose, skill)
  if purpose == "avoid" then return "save" end
  if purpose == "accomplish" then return skill and "skill" or "ability" end
  error(string.format("save_or_check: purpose must be \"avoid\" or \"accomplish\", got %s", tostring(purpose)), 2)
end

-- DMG-SAVE-03 (T-7): save DCs. spell: core/3e/magic.lua's save_dc (10 +
-- level + the casting ability's modifier); monster: 10 + half its HD
-- (round down) + the ability's modifier; item: as the spell; other: 10 to
-- 20, 15 when unsure. Adjust with circumstances (DMG-CHK-02).
M.other_dc = 15
function M.save_dc(kind, o)
  o = o or {}
  if kind == "spell" or kind == "item" then
    if o.caster then return require("core.3e.magic").save_dc(o.caster, o.spell) end
    if type(o.level) ~= "number" or type(o.mod) ~= "number" then error("save_dc: a spell needs level and mod (or caster and spell)", 2) end
    return require("core.3e.magic").spell_dc(o.level, o.mod, o.spell)
  end
  if kind == "monster" then
    if type(o.hd) ~= "number" or type(o.score) ~= "number" then error("save_dc: a monster needs hd and score", 2) end
    return 10 + math.floor(o.hd / 2) + attack.mod(o.score)
  end
  if kind == "other" then
    local dc = o.dc or M.other_dc
    if dc < 10 or dc > 20 then error(string.format("save_dc: another effect's DC is 10 to 20, got %s", tostring(dc)), 2) end
    return dc
  end
  error(string.format("save_dc: kind must be spell, item, monster or other, got %s", tostring(kind)), 2)
end

rules.define("3e.checks", M)
return M
