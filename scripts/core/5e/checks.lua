-- D20 Tests (inventory sections 4-6 and the check and save effects of the
-- conditions, section 22): ability checks, saving throws and attack rolls
-- on the kernel's check.roll, with the Proficiency Bonus added once,
-- Expertise, Advantage and Disadvantage (on/off: any number of each gives
-- two dice, both cancel), Heroic Inspiration, passive checks and Help.
--
--   local checks = require("core.5e.checks")     -- or rules.need("5e.checks")
--   checks.d20_test(c, { skill = "stealth", dc = 15 })
--   checks.d20_test(c, { kind = "save", ability = "con", dc = 10 })
--   checks.d20_test(c, { kind = "attack", attack = "melee", weapon = "longsword", ac = 15 })
--   checks.passive(c, { skill = "perception" })
--
-- d20_test(c, opts) options:
--   kind       "check" (default), "save" or "attack"
--   ability    "str".."cha" (a check defaults to its skill's ability, an
--              attack to 5e.attack_ability)
--   skill      a skill or a list ("Str (Acrobatics or Athletics)": PB once)
--   tool       a tool; proficiency adds PB, and with a proficient skill too
--              the check has Advantage (5E-PROF-10)
--   attack     "melee", "unarmed", "ranged" or "spell"; weapon, finesse
--   proficient true/false overrides the creature's proficiency
--   expertise, double_pb, halve_pb   PB multiplied at most once, divided at
--              most once (5E-PROF-03)
--   pb         the Proficiency Bonus (default: the creature's)
--   adv        a signed level or a list of levels / {level =, source =}
--   mods       further modifiers (numbers or {value =, source =})
--   dc, ac or target
--   needs      "sight" or "hearing" (or a list): Blinded / Deafened fail it
--   area       the place looked at (see 5e.exploration sight) for a test
--              that needs sight
--   with       the other creature of a social check (social = true)
--   target     for an attack, the creature attacked (its conditions, Help)
--   assessed   an attack whose Advantage and refusals come from the
--              caller's assessment (fight.assess, 5e.attack.context):
--              the conditions add only their dice
--   fear_in_sight  false when the source of a fright is out of sight
--   pace       the travel pace while travelling (5E-TRV-05)
--   voluntary_fail  a save the creature chooses to fail, without rolling
--   cannot_succeed  the roll is made but cannot succeed (5E-EXP-14)
-- It returns check.roll's record with kind, ability, skills, name = {en, zh},
-- and `auto` (why it failed without a roll) when no die was rolled.
local rules = require("rules")
local check = require("check")
local dice = require("dice")

local M = rules.get("5e.checks")
if M then return M end -- already loaded by the ruleset manifest
M = {}

local function C() return rules.need("5e.character") end

-- How a D20 Test turns its Advantage sources into dice, and which natural
-- faces decide it, as one definition a rule system built on 5e may
-- replace (rules.define("5e.d20_rules", ...)): adv_policy is check.roll's
-- (5E-ADV-03, 04: on/off, any number of each gives two dice, both
-- cancel); net(adv, dis) is the net level of summed Advantage and
-- Disadvantage levels under it; save_auto, when set, is {success face,
-- failure face} on saving throws (5E-D20-14: 5e has none).
rules.define("5e.d20_rules", {
  adv_policy = "onoff",
  net = function(adv, dis)
    if adv > 0 and dis > 0 then return 0 end
    if adv > 0 then return 1 end
    if dis > 0 then return -1 end
    return 0
  end,
  save_auto = nil,
})

local function d20_rules() return rules.need("5e.d20_rules") end

local function list_of(v)
  if v == nil then return {} end
  if type(v) ~= "table" or v.level ~= nil or v.value ~= nil then return { v } end
  return v
end

-- T-05 Typical Difficulty Classes [K✓ SRD 5.2] (reconstructed from the
-- published book; the seed's table is empty). 5E-D20-04: the DM has the
-- final say.
M.dcs = {
  { id = "very_easy", dc = 5, en = "Very easy", zh = "非常簡單" },
  { id = "easy", dc = 10, en = "Easy", zh = "簡單" },
  { id = "medium", dc = 15, en = "Medium", zh = "中等" },
  { id = "hard", dc = 20, en = "Hard", zh = "困難" },
  { id = "very_hard", dc = 25, en = "Very hard", zh = "非常困難" },
  { id = "nearly_impossible", dc = 30, en = "Nearly impossible", zh = "幾乎不可能" },
}
M.dc = {}
for _, d in ipairs(M.dcs) do M.dc[d.id] = d.dc end

-- 5E-D20-01: the three kinds of D20 Test.
M.kinds = {
  check = { en = "ability check", zh = "能力檢定" },
  save = { en = "saving throw", zh = "豁免檢定" },
  attack = { en = "attack roll", zh = "攻擊檢定" },
}

-- T-07 Attack roll abilities [K✓ SRD 5.2] (reconstructed from the
-- published book).
M.attack_kinds = {
  melee = { ability = "str", en = "melee attack with a weapon", zh = "近戰武器攻擊" },
  unarmed = { ability = "str", en = "Unarmed Strike", zh = "徒手打擊" },
  ranged = { ability = "dex", en = "ranged attack with a weapon", zh = "遠程武器攻擊" },
  spell = { ability = "spellcasting", en = "spell attack", zh = "法術攻擊" },
}

-- 5E-D20-10: which ability an attack uses. A rule or feature may replace
-- it (5E-GEN-02, specific beats general): rules.wrap("5e.attack_ability",
-- function(orig, c, opts) ... end).
rules.define("5e.attack_ability", function(c, opts)
  local kind = opts.attack or "melee"
  local k = M.attack_kinds[kind]
  if not k then error("5e.attack_ability: unknown attack " .. tostring(kind) .. " (melee, unarmed, ranged, spell)", 2) end
  if kind == "spell" then
    local a = opts.spell_ability or C().tag_value(c, "spellcasting")
    if not a then error("5e.attack_ability: a spell attack needs the caster's spellcasting ability (spell_ability)", 2) end
    return C().ability_id(a)
  end
  if opts.finesse and kind ~= "unarmed" and c then
    -- Finesse: Strength or Dexterity, the better of the two.
    local s, d = C().mod(c, "str") or -99, C().mod(c, "dex") or -99
    if d > s then return "dex" end
    return "str"
  end
  return k.ability
end)

-- The check and save effects of the conditions (5E-CND-03..17, T-20), used
-- only when conditions.lua offers no 5e.conditions.d20 helper (which is
-- the one source of truth when present); attack effects then come from the
-- conditions' fight data. Listed in a fixed order.
M.condition_effects = {
  { name = "blinded", fail_needing = "sight" },                    -- 5E-CND-03
  { name = "deafened", fail_needing = "hearing" },                 -- 5E-CND-05
  { name = "frightened", check_adv = -1, source_in_sight = true }, -- 5E-CND-07
  { name = "poisoned", check_adv = -1 },                           -- 5E-CND-13
  { name = "paralyzed", fail_saves = { str = true, dex = true } }, -- 5E-CND-11
  { name = "petrified", fail_saves = { str = true, dex = true } }, -- 5E-CND-12
  { name = "stunned", fail_saves = { str = true, dex = true } },   -- 5E-CND-16
  { name = "unconscious", fail_saves = { str = true, dex = true } }, -- 5E-CND-17
  { name = "restrained", save_adv = { dex = -1 } },                -- 5E-CND-15
}

-- 5E-CND-06, T-19: every D20 Test is reduced by 2 x the Exhaustion level.
function M.exhaustion_penalty(level)
  return -2 * level
end

local function needs(opts, what)
  for _, n in ipairs(list_of(opts.needs)) do
    if n == what then return true end
  end
  return false
end

-- name returns the test's name in English and Chinese: "Strength
-- (Athletics) check" / 「力量（運動）檢定」, "Constitution saving throw" /
-- 「體質豁免檢定」 (5E-D20-02, 5E-D20-06).
function M.name(kind, ability, skills)
  local a = C().ability[ability]
  if kind == "save" then
    return { en = a.en .. " saving throw", zh = a.zh .. "豁免檢定" }
  elseif kind == "attack" then
    return { en = "attack roll (" .. a.en .. ")", zh = "攻擊檢定（" .. a.zh .. "）" }
  end
  if skills and #skills > 0 then
    local en, zh = {}, {}
    for _, s in ipairs(skills) do
      en[#en + 1] = C().skill[s].en
      zh[#zh + 1] = C().skill[s].zh
    end
    return { en = a.en .. " (" .. table.concat(en, " or ") .. ") check",
             zh = a.zh .. "（" .. table.concat(zh, "或") .. "）檢定" }
  end
  return { en = a.en .. " check", zh = a.zh .. "檢定" }
end

-- The condition-like states this file adds.
M.states = {
  helped = { en = "Helped (next check)", zh = "受協助（下一次檢定）" },
  help_attack = { en = "Helped against (next attack)", zh = "受協助攻擊（下一次攻擊）" },
  heroic_inspiration = { en = "Heroic Inspiration", zh = "英雄靈感" },
}

-- The Help action's marks (5E-ACT, appendix A Help): "helped" on the ally
-- (source "help:<skill or tool>") and "help_attack" on the enemy (source:
-- the helper's id). Each is used up by the next matching test.
local function help_marks(c, kind, skills, tool, foe)
  local found = {}
  if kind == "check" and c then
    for _, inst in ipairs(c:conditions("helped")) do
      local key = (inst.source or ""):match("^help:(.+)$")
      local hit = key ~= nil and key == tool
      for _, s in ipairs(skills) do
        if key == s then hit = true end
      end
      if hit then
        found[#found + 1] = { creature = c, id = inst.id }
        break
      end
    end
  elseif kind == "attack" and foe and c then
    for _, inst in ipairs(foe:conditions("help_attack")) do
      if inst.source ~= c:get("id") then
        found[#found + 1] = { creature = foe, id = inst.id }
        break
      end
    end
  end
  return found
end

M.help_marks = help_marks

-- build turns (c, opts) into a check.roll spec. It returns spec, info; or
-- nil, info when the test fails without a roll (info.auto says why).
function M.build(c, opts)
  opts = opts or {}
  local ch = C()
  local kind = opts.kind or "check"
  if not M.kinds[kind] then error("5e.d20_test: kind must be check, save or attack, got " .. tostring(kind), 3) end
  local skills = {}
  for _, s in ipairs(list_of(opts.skill)) do skills[#skills + 1] = ch.skill_id(s) end
  local ability = opts.ability and ch.ability_id(opts.ability)
  if not ability then
    if kind == "check" and skills[1] then
      ability = ch.skill[skills[1]].ability
    elseif kind == "attack" then
      ability = rules.need("5e.attack_ability")(c, opts)
    else
      error("5e.d20_test: the " .. M.kinds[kind].en .. " needs an ability (str, dex, con, int, wis, cha)", 3)
    end
  end
  local info = { kind = kind, ability = ability, skills = skills, tool = opts.tool, name = M.name(kind, ability, skills) }
  -- opts.target is a number (the DC or AC) or, for an attack, a creature.
  local foe = type(opts.target) == "userdata" and opts.target or nil
  local mods, adv = {}, {}
  local function fail(why)
    info.auto = why
    return nil, info
  end

  -- 5E-D20-05: a creature may choose to fail a save without rolling.
  if kind == "save" and opts.voluntary_fail then return fail("voluntary") end

  -- Ability modifier (5E-D20-01 step 2). A creature without the score
  -- fails a save automatically and can't make the check (an object,
  -- appendix A).
  if c then
    local score = c:ability(ability)
    if score == nil then
      if kind ~= "attack" then return fail("no " .. ch.ability[ability].en .. " score") end
    else
      mods[#mods + 1] = { value = rules.need("5e.mod")(score), type = "ability", source = ch.ability[ability].en }
    end
  end

  -- Conditions: automatic failures, Advantage and Disadvantage, the
  -- Exhaustion penalty. conditions.lua's helpers (5e.conditions.d20 and
  -- .defense) say what they do; without them, M.condition_effects.
  local conds = rules.get("5e.conditions")
  if c and conds and conds.d20 then
    local e = conds.d20(c, kind, { ability = ability, sight = needs(opts, "sight"), hearing = needs(opts, "hearing"),
      target = foe, source_seen = opts.fear_in_sight, target_sees = opts.target_sees, skills = skills })
    if opts.assessed and kind == "attack" then
      -- the caller's assessment (fight.assess) has the conditions'
      -- advantage, penalties and refusals: only their dice are added here
      e = { adv = 0, dis = 0, penalty = 0, dice = e.dice }
    end
    if e.auto_fail then return fail(table.concat(e.why, ", ")) end
    info.dice = e.dice
    for _ = 1, e.adv do adv[#adv + 1] = { level = 1, source = "conditions" } end
    for _ = 1, e.dis do adv[#adv + 1] = { level = -1, source = "conditions" } end
    if e.penalty ~= 0 then
      mods[#mods + 1] = { value = e.penalty, type = "exhaustion", source = "Exhaustion " .. c:level("exhaustion") }
    end
    if kind == "attack" and foe and conds.defense and not opts.assessed then
      local d = conds.defense(foe, c, { distance = opts.distance, sees = opts.sees })
      for _ = 1, d.adv do adv[#adv + 1] = { level = 1, source = "target's conditions" } end
      for _ = 1, d.dis do adv[#adv + 1] = { level = -1, source = "target's conditions" } end
    end
  elseif c then
    for _, e in ipairs(M.condition_effects) do
      if c:has(e.name) then
        if kind == "check" and e.fail_needing and needs(opts, e.fail_needing) then
          return fail(e.name)
        end
        if kind == "save" and e.fail_saves and e.fail_saves[ability] then return fail(e.name) end
        if kind == "check" and e.check_adv and not (e.source_in_sight and opts.fear_in_sight == false) then
          adv[#adv + 1] = { level = e.check_adv, source = e.name }
        end
        if kind == "save" and e.save_adv and e.save_adv[ability] then
          adv[#adv + 1] = { level = e.save_adv[ability], source = e.name }
        end
      end
    end
    if kind == "attack" then
      -- Attack effects from the conditions' fight data.
      for _, inst in ipairs(c:conditions()) do
        local def = rules.get("condition." .. inst.name)
        local f = def and def.fight
        if f and f.attack_adv and f.attack_adv ~= 0 then
          adv[#adv + 1] = { level = f.attack_adv, source = inst.name }
        end
      end
      if foe then
        for _, inst in ipairs(foe:conditions()) do
          local def = rules.get("condition." .. inst.name)
          local f = def and def.fight
          if f then
            local lv = f.defense_adv
            if opts.attack == "ranged" and f.defense_adv_ranged then lv = f.defense_adv_ranged end
            if opts.attack ~= "ranged" and f.defense_adv_melee then lv = f.defense_adv_melee end
            if lv and lv ~= 0 then adv[#adv + 1] = { level = lv, source = "target " .. inst.name } end
          end
        end
      end
    end
    local ex = c:level("exhaustion")
    if ex > 0 then
      mods[#mods + 1] = { value = M.exhaustion_penalty(ex), type = "exhaustion", source = "Exhaustion " .. ex }
    end
  end
  -- 5E-CND-04: the charmer has Advantage on social checks against the
  -- creature it charmed (opts.social, opts.with: that creature).
  if c and kind == "check" and opts.social and opts.with then
    local charmer = false
    if conds and conds.social_advantage then
      charmer = conds.social_advantage(c, opts.with)
    else
      for _, inst in ipairs(opts.with:conditions("charmed")) do
        if inst.source == c:get("id") then charmer = true end
      end
    end
    if charmer then adv[#adv + 1] = { level = 1, source = "charmer" } end
  end

  -- Sight in an obscured area (5E-EXP-02, 5E-EXP-03).
  if opts.area and c and needs(opts, "sight") then
    local seen = rules.need("5e.exploration").sight(c, opts.area)
    if not seen.sees then return fail("can't see there") end
    if seen.perception_adv ~= 0 and kind == "check" then
      for _, s in ipairs(skills) do
        if s == "perception" then
          adv[#adv + 1] = { level = seen.perception_adv, source = "lightly obscured" }
          break
        end
      end
    end
  end

  -- Proficiency: every qualifying proficiency is a "proficiency" modifier
  -- and the kernel counts the highest once (5E-PROF-02). Multiplied at most
  -- once, divided at most once (5E-PROF-03).
  if opts.proficient ~= false then
    local pb = opts.pb or (c and ch.pb(c)) or 0
    local div = opts.halve_pb and 2 or 1
    local function add_pb(source, doubled)
      local mult = (doubled or opts.double_pb) and 2 or 1
      mods[#mods + 1] = { value = math.floor(pb * mult / div), type = "proficiency", source = source }
    end
    local skilled = false
    if kind == "check" then
      for _, s in ipairs(skills) do
        if c and ch.proficient(c, "skill", s) then
          skilled = true
          add_pb(ch.skill[s].en, opts.expertise or ch.proficient(c, "expertise", s))
        end
      end
      if opts.tool and c and ch.proficient(c, "tool", opts.tool) then
        add_pb(opts.tool, opts.expertise)
        -- 5E-PROF-10: tool and skill proficiency together give Advantage.
        if skilled then adv[#adv + 1] = { level = 1, source = "tool and skill proficiency" } end
      end
    elseif kind == "save" then
      if c and ch.proficient(c, "save", ability) then add_pb(ch.ability[ability].en .. " saves") end
    else
      -- 5E-D20-11, 5E-PROF-09: proficient weapons, and every spell attack.
      if opts.attack == "spell" then
        add_pb("spell attack")
      elseif opts.weapon and c and (ch.proficient(c, "weapon", opts.weapon)
          or (opts.category and ch.proficient(c, "weapon", opts.category))) then
        add_pb(opts.weapon)
      elseif opts.attack == "unarmed" then
        add_pb("Unarmed Strike")
      end
    end
    if opts.proficient == true then add_pb("proficiency", opts.expertise) end
  end

  -- Cover adds to Dexterity saves as to AC (5E-ATK-03, T-17): opts.cover,
  -- a grade (or a list: only the best counts).
  if kind == "save" and ability == "dex" and opts.cover then
    local A = rules.need("5e.attack")
    local g = type(opts.cover) == "table" and A.best_cover(opts.cover) or opts.cover
    local b = A.cover_grades[g] and A.cover_grades[g].dex_save or 0
    if b ~= 0 then mods[#mods + 1] = { value = b, type = "cover", source = g .. " cover" } end
  end

  -- Help (appendix A): Advantage on the next matching test (one level per
  -- mark the rule system's help_marks finds; 5e's finds one at most).
  info.consume = rules.need("5e.checks").help_marks(c, kind, skills, opts.tool, foe)
  for _ = 1, #info.consume do adv[#adv + 1] = { level = 1, source = "Help" } end

  -- 5E-TRV-05: the travel pace's effect on the travellers' checks.
  if opts.pace and kind == "check" then
    local travel = rules.get("5e.travel")
    if travel then
      local lv = travel.check_adv(opts.pace, ability, skills)
      if lv ~= 0 then adv[#adv + 1] = { level = lv, source = opts.pace .. " pace" } end
    end
  end

  for _, m in ipairs(list_of(opts.mods)) do mods[#mods + 1] = m end
  for _, a in ipairs(list_of(opts.adv)) do
    if type(a) == "number" then
      if a ~= 0 then adv[#adv + 1] = { level = a } end
    else
      adv[#adv + 1] = a
    end
  end

  local spec = { mods = mods, adv = adv, stacking = { highest = { "proficiency" } }, adv_policy = d20_rules().adv_policy }
  local target = opts.dc or opts.ac
  if target == nil and type(opts.target) == "number" then target = opts.target end
  if target then spec.target = target end
  if kind == "attack" then
    -- 5E-D20-13: a natural 20 hits and is a Critical Hit, a natural 1
    -- misses. 5E-D20-14: checks and saves have no such rule.
    spec.auto_success, spec.auto_failure, spec.threat = 20, 1, 20
  elseif kind == "save" and d20_rules().save_auto then
    spec.auto_success, spec.auto_failure = d20_rules().save_auto[1], d20_rules().save_auto[2]
  end
  if opts.cannot_succeed then spec.force = "failure" end
  return spec, info
end

local function finish(r, info, spec)
  r.kind, r.ability, r.skills, r.tool, r.name = info.kind, info.ability, info.skills, info.tool, info.name
  r.spec = spec
  return r
end

-- d20_test rolls a D20 Test (see the options above).
rules.define("5e.d20_test", function(c, opts)
  local spec, info = M.build(c, opts)
  if not spec then
    return finish({ dice = {}, success = false, decided = "auto_failure", auto = info.auto,
                    target = opts and (opts.dc or opts.ac) }, info, nil)
  end
  if info.dice then
    -- dice the conditions add (Bless's 1d4), rolled before the d20
    local copy = {}
    for k, v in pairs(spec) do copy[k] = v end
    copy.mods = {}
    for i, m in ipairs(spec.mods) do copy.mods[i] = m end
    spec = copy
    for _, d in ipairs(info.dice) do
      spec.mods[#spec.mods + 1] = { value = dice.total(d.die), source = d.source }
    end
  end
  local r = check.roll(spec)
  for _, m in ipairs(info.consume) do m.creature:remove_condition(m.id) end
  -- 5E-D20-13: a hit on a natural 20 is a Critical Hit.
  if info.kind == "attack" then r.crit = r.natural == 20 end
  return finish(r, info, spec)
end)

function M.d20_test(c, opts) return rules.need("5e.d20_test")(c, opts) end

-- modifier returns the total modifier c adds to a test (no roll), the
-- net Advantage level, and the spec; nil when the test fails automatically.
function M.modifier(c, opts)
  local spec, info = M.build(c, opts)
  if not spec then return nil, 0, info end
  local total, best = 0, nil
  for _, m in ipairs(spec.mods) do
    local v = type(m) == "number" and m or m.value
    if type(m) == "table" and m.type == "proficiency" then
      if best == nil or v > best then best = v end
    else
      total = total + v
    end
  end
  total = total + (best or 0)
  local net = check.net_adv(spec.adv, spec.adv_policy)
  return total, net, spec
end

-- passive returns a passive check's score: 10 + the check's modifier, +5
-- with Advantage, -5 with Disadvantage (appendix A, Passive Perception).
-- Help marks are not used up.
function M.passive(c, opts)
  local mod, net = M.modifier(c, opts)
  if mod == nil then return 0 end
  return 10 + mod + 5 * net
end

-- The saving throw and the quick ability check of fights (core.5e.util's
-- save and quick_check, which a monster's or a class feature's hook makes
-- on every hit): the same rules as d20_test at a fraction of its cost, as
-- definitions a rule system built on 5e replaces with its own.
--
-- 5e.fight_save(c, ability, dc [, opts]) returns success, total and the
-- d20 face. It applies what the conditions do to saves (conditions.lua's
-- data: Paralyzed, Petrified, Stunned and Unconscious fail Strength and
-- Dexterity saves, Restrained gives Disadvantage on Dexterity saves,
-- Exhaustion -2 a level, Dodge's Advantage on Dexterity saves, Bless's
-- 1d4), plus Rage's Advantage on Strength saves and Magic Resistance's on
-- saves against magic. opts: adv (a signed level), bonus, cover (a grade,
-- on Dexterity saves), magic.
rules.define("5e.fight_save", function(c, ability, dc, opts)
  local util = require("core.5e.util")
  if (ability == "str" or ability == "dex")
    and (c:has("paralyzed") or c:has("stunned") or c:has("unconscious") or c:has("petrified")) then
    return false, 0, 0
  end
  local lv = opts and opts.adv or 0
  local adv, dis = lv > 0 and 1 or 0, lv < 0 and 1 or 0
  if ability == "dex" and c:has("restrained") then dis = dis + 1 end
  if ability == "str" and c:has("raging") then adv = adv + 1 end
  -- Dodge: Advantage on Dexterity saves, lost while Incapacitated or at
  -- Speed 0 (feature_conditions.lua)
  if ability == "dex" and c:has("dodging") and not rules.need("5e.conditions").hampered(c) then adv = adv + 1 end
  if opts and opts.magic and c:has_tag("magic_resistance") then adv = adv + 1 end
  local face = util.d20(adv, dis)
  local total = face + util.save_bonus(c, ability) + (opts and opts.bonus or 0)
  -- Cover adds to Dexterity saves (5E-ATK-03, T-17): opts.cover, a grade
  if ability == "dex" and opts and opts.cover then
    total = total + rules.need("5e.attack").cover_grades[opts.cover].dex_save
  end
  -- Bless: +1d4, rolled after the d20
  if c:has("blessed") then total = total + dice.total("1d4") end
  if c:has("exhaustion") then total = total - 2 * c:level("exhaustion") end
  return total >= dc, total, face
end)

-- 5e.quick_check(c, skill, dc) is the ability check of a creature's every
-- turn (Hide): its cached skill bonus, Disadvantage from Poisoned and
-- Frightened, -2 per Exhaustion level. Returns success, total and the d20
-- face.
rules.define("5e.quick_check", function(c, skill, dc)
  local util = require("core.5e.util")
  local dis = (c:has("poisoned") or c:has("frightened")) and "2d20kl1" or "1d20"
  local face = dice.total(dis)
  local total = face + util.skill_bonus(c, skill)
  if c:has("exhaustion") then total = total - 2 * c:level("exhaustion") end
  return total >= dc, total, face
end)

-- 5E-D20-08: spell save DC = 8 + spellcasting modifier + PB [K✓ SRD 5.2].
function M.spell_save_dc(c, ability)
  local a = ability or C().tag_value(c, "spellcasting")
  if not a then error("spell_save_dc: the caster's spellcasting ability expected", 2) end
  return 8 + C().mod(c, a) + C().pb(c)
end

-- 5E-D20-12: Armor Class. Base AC is 10 + Dex modifier; a feature may
-- offer another base calculation ({name =, value =} in opts.bases), and
-- only one base counts: opts.base names it, else the highest. opts.bonuses
-- (a shield, cover) add to the chosen base. Returns ac, base name, bases.
function M.ac(c, opts)
  opts = opts or {}
  local bases = { { name = "base", value = 10 + (C().mod(c, "dex") or 0) } }
  for _, b in ipairs(opts.bases or {}) do bases[#bases + 1] = b end
  local pick
  for _, b in ipairs(bases) do
    if opts.base then
      if b.name == opts.base then pick = b end
    elseif pick == nil or b.value > pick.value then
      pick = b
    end
  end
  if not pick then error("ac: no base calculation named " .. tostring(opts.base), 2) end
  local ac = pick.value
  for _, b in ipairs(opts.bonuses or {}) do ac = ac + (type(b) == "number" and b or b.value) end
  return ac, pick.name, bases
end

-- Help (appendix A [K✓ SRD 5.2]). help(helper, ally, {skill = ...} or
-- {tool = ...}): the helper must be proficient; the ally's next check with
-- that skill or tool has Advantage. help_attack(helper, enemy): the next
-- attack roll by one of the helper's allies against the enemy has
-- Advantage. Both last until the start of the helper's next turn: pass
-- opts.duration (a duration handle) to expire them then.
function M.help(helper, ally, opts)
  opts = opts or {}
  local ch = C()
  local key
  if opts.skill then
    key = ch.skill_id(opts.skill)
    if not ch.proficient(helper, "skill", key) then
      error("help: " .. helper:get("id") .. " is not proficient in " .. ch.skill[key].en, 2)
    end
  elseif opts.tool then
    key = opts.tool
    if not ch.proficient(helper, "tool", key) then error("help: " .. helper:get("id") .. " is not proficient with " .. key, 2) end
  else
    error("help: a skill or tool the helper is proficient in expected", 2)
  end
  return ally:add_condition("helped", { source = "help:" .. key, stacking = "independent", duration = opts.duration })
end

function M.help_attack(helper, enemy, opts)
  opts = opts or {}
  return enemy:add_condition("help_attack", { source = helper:get("id"), stacking = "independent", duration = opts.duration })
end

-- Heroic Inspiration (5E-ADV-06..08): a player character's resource
-- "heroic_inspiration" (max 1).
function M.has_inspiration(c)
  local r = c:resource("heroic_inspiration")
  return r ~= nil and r.current > 0
end

-- gain_inspiration gives c Heroic Inspiration. Holding one already, c may
-- give it to a player character who lacks it (opts.give_to); else it is
-- lost (5E-ADV-07). Returns "gained", "given", "lost" or "npc".
function M.gain_inspiration(c, opts)
  opts = opts or {}
  local r = c:resource("heroic_inspiration")
  if r == nil then return "npc" end
  if r.current == 0 then
    c:restore("heroic_inspiration", 1)
    return "gained"
  end
  local to = opts.give_to
  if to then
    local tr = to:resource("heroic_inspiration")
    if tr == nil or not to:has_tag("pc") then error("gain_inspiration: only a player character can receive Heroic Inspiration", 2) end
    if tr.current > 0 then error("gain_inspiration: " .. to:get("id") .. " already has Heroic Inspiration", 2) end
    to:restore("heroic_inspiration", 1)
    return "given"
  end
  return "lost"
end

local function spend_inspiration(c)
  if not M.has_inspiration(c) then error("no Heroic Inspiration to spend", 3) end
  c:spend("heroic_inspiration")
end

-- recompute returns a copy of the D20 Test record r with die `which`
-- showing `face`: the kept die, natural, total and success follow
-- (5E-ADV-05: the other die stays; keep the higher or lower as before).
function M.recompute(r, which, face)
  local out = {}
  for k, v in pairs(r) do out[k] = v end
  out.dice = {}
  local main = {}
  for i, d in ipairs(r.dice) do
    local nd = { face = d.face, kept = false, role = d.role }
    if i == which then nd.face = face end
    out.dice[i] = nd
    if d.role ~= "confirm" then main[#main + 1] = nd end
  end
  local keep = main[1]
  for _, d in ipairs(main) do
    if r.keep == "lowest" then
      if d.face < keep.face then keep = d end
    elseif d.face > keep.face then
      keep = d
    end
  end
  keep.kept = true
  out.natural, out.value = keep.face, keep.face
  out.total = keep.face + (r.mod_total or 0) + (r.adv_bonus or 0)
  local spec = r.spec or {}
  if r.target == nil then
    out.success, out.decided = false, "none"
  elseif spec.force == "failure" then
    out.success, out.decided = false, "force"
  elseif spec.auto_success and keep.face >= spec.auto_success then
    out.success, out.decided = true, "auto_success"
  elseif spec.auto_failure and keep.face <= spec.auto_failure then
    out.success, out.decided = false, "auto_failure"
  else
    out.success, out.decided = out.total >= r.target, "total"
  end
  if r.target then out.margin = out.total - r.target end
  out.crit = r.kind == "attack" and keep.face == 20
  return out
end

-- reroll spends c's Heroic Inspiration to reroll one die of the D20 Test
-- record r (which: its index; with Advantage or Disadvantage the roller
-- picks one of the two, never both) and returns the new record, which must
-- be used. The check module has no reroll, so the die is rolled again
-- here and the record recomputed.
function M.reroll(c, r, which)
  if type(which) ~= "number" then
    error("reroll: Heroic Inspiration rerolls one die: give its index, not " .. tostring(which) .. " (5E-ADV-05)", 2)
  end
  local d = r.dice and r.dice[which]
  if d == nil or d.role == "confirm" then error("reroll: the roll has no die " .. tostring(which), 2) end
  spend_inspiration(c)
  local face = dice.total("1d" .. (r.sides or 20))
  local out = M.recompute(r, which, face)
  out.rerolled = { index = which, old = d.face, new = face }
  return out
end

-- reroll_die spends c's Heroic Inspiration to reroll one die of a
-- dice.roll record (any die: damage, Hit Point Dice; 5E-ADV-06) and
-- returns the new record. It handles plain kept dice of NdX terms.
function M.reroll_die(c, rec, index)
  local d = rec.dice and rec.dice[index]
  if d == nil then error("reroll_die: the roll has no die " .. tostring(index), 2) end
  local m = tostring(d.term):match("d(%d+)")
  local sides = m and tonumber(m)
  if not sides or not d.kept then error("reroll_die: die " .. index .. " is not a kept die of an NdX term", 2) end
  spend_inspiration(c)
  local face = dice.total("1d" .. sides)
  local out = {}
  for k, v in pairs(rec) do out[k] = v end
  out.dice = {}
  for i, x in ipairs(rec.dice) do
    out.dice[i] = { face = x.face, value = x.value, kept = x.kept, term = x.term }
  end
  out.dice[index].face, out.dice[index].value = face, face
  out.total = rec.total - d.value + face
  out.text = nil
  out.rerolled = { index = index, old = d.face, new = face }
  return out
end

rules.define("5e.checks", M)
return M
