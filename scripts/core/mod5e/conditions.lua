-- Conditions (inventory section 14, HB-COND-00..16, T-7): the thirteen
-- conditions of the chapter and the grappled state (section 11), with the
-- seed's Chinese names, replacing 5e's definitions by name. `fight` is the
-- data the kernel compiles into the one attack assessment and the moves
-- (levels of advantage that add, automatic criticals within 5 ft, speed
-- that halves and halvings that multiply, all terrain difficult); `d20`
-- lists what a condition does to checks and saves, read by
-- 5e.conditions.d20 below:
--
--   { kind = "check" | "skill" | "save", level = N | fail = true,
--     abilities = {str = true, ...}   -- only tests of these attributes
--     skills = {perception = true}    -- only these skills
--     needs = "sight" | "hearing"     -- only tests that need it
--     source_seen = true              -- only while its source is in sight
--     min_level = N }                 -- from this level of the condition on
--
-- ("skill" is a skill check, "check" any ability check; a Reflex save is a
-- Dexterity save, HB-CORE-07.) Several instances of one condition do not
-- add their effects, each keeps its duration (HB-COND-00: the kernel's
-- "independent" instances count once); different conditions add up.
--
-- 5e.conditions is 5e's helper table with the functions the modded rules
-- change replaced: d20 (graded levels from the data above), can_act (no
-- action, swift action or reaction under any condition that takes actions
-- away), speed_locked, hampered, add and remove (Petrified's flat traits,
-- poison and disease suspended, blindsight ignoring Blinded).
local rules = require("rules")

local PHYS = { str = true, dex = true, int = true } -- "Str-, Dex- and Int-related"

local LIST = { "blinded", "charmed", "deafened", "frightened", "prone", "exhaustion", "restrained", "incapacitated",
  "stunned", "petrified", "paralyzed", "poisoned", "unconscious", "grappled" }

local function condition(id, en, zh, def)
  def.name = { en = en, zh = zh }
  rules.define("condition." .. id, def)
end

-- HB-COND-01: sight-based checks fail; other sight-based effects can't
-- affect it; all terrain is difficult; every creature is not visible to it
-- (the kernel's unseen rules, T-5: its attacks 2 dis, attackers it can't
-- see 2 adv); its Reflex saves 1 dis more. A non-visual sense (blindsight)
-- makes a creature ignore the condition (add refuses it; in fights the
-- kernel's senses already let it see).
condition("blinded", "Blinded", "目盲", { sight_immune = true, ignored_by = { "blindsight" },
  d20 = { { kind = "check", needs = "sight", fail = true }, { kind = "save", abilities = { dex = true }, level = -1 } },
  fight = { blind = true, all_difficult = true } })
-- HB-COND-02: can't attack the charmer (or target it with harmful
-- effects); the charmer has 1 adv on social skill checks against it.
condition("charmed", "Charmed", "魅惑", { spare_source = true, social_adv = 1, fight = { no_attack_source = true } })
-- HB-COND-03: hearing-based checks fail; Perception and Insight 1 dis.
condition("deafened", "Deafened", "耳聋", {
  d20 = { { kind = "check", needs = "hearing", fail = true },
          { kind = "check", skills = { perception = true, insight = true }, level = -1 } } })
-- HB-COND-04: while its source is in its line of sight, skill checks and
-- attack rolls 1 dis; it can't willingly move toward the source.
condition("frightened", "Frightened", "恐慌", { no_approach = true,
  d20 = { { kind = "skill", level = -1, source_seen = true } },
  fight = { attack_adv_source_seen = -1 } })
-- HB-COND-05, HB-MOVE-11: crawls (half speed: a square costs twice as
-- much) until it stands, which costs half its movement; its attacks 1 dis;
-- attacks from within 5 ft 1 adv, from farther 1 dis.
condition("prone", "Prone", "倒地", { prone = true,
  fight = { attack_adv = -1, defense_adv_near = 1, defense_adv_far = -1, near = 5, move_extra = 1 } })
-- HB-COND-09: speed 0 and no speed bonus; attacks against it 1 adv; its
-- attacks and Reflex saves 1 dis.
condition("restrained", "Restrained", "束缚", { speed_zero = true,
  d20 = { { kind = "save", abilities = { dex = true }, level = -1 } },
  fight = { attack_adv = -1, defense_adv = 1 } })
-- HB-COND-10, AMB-25: no action, swift action, reaction or movement; can't
-- speak; Str-, Dex- and Int-related checks and saves fail; attacks against
-- it 2 adv, and a hit from within 5 ft (distance, not reach) is a
-- critical hit.
condition("incapacitated", "Incapacitated", "失能", { no_actions = true, speed_zero = true, mute = true,
  d20 = { { kind = "check", abilities = PHYS, fail = true }, { kind = "save", abilities = PHYS, fail = true } },
  fight = { no_actions = true, defense_adv = 2, auto_crit_near = true, near = 5 } })
-- HB-COND-11, AMB-26: speed halved; no actions and no reactions (so no
-- swift actions); can't speak coherently nor use verbal components;
-- Str-, Dex- and Int-related checks and saves 1 dis; attacks against it
-- 1 adv. It is not incapacitated: a Dodge it made holds (HB-ACT-05), it
-- still hampers a ranged attack beside it (HB-ATTACK-11) and keeps a grapple
-- (HB-SPECIAL-11): the kernel's keeps_guard.
condition("stunned", "Stunned", "震慑", { no_actions = true, mute = true,
  d20 = { { kind = "check", abilities = PHYS, level = -1 }, { kind = "save", abilities = PHYS, level = -1 } },
  fight = { no_actions = true, keeps_guard = true, speed_halvings = 1, defense_adv = 1 } })
-- HB-COND-12: unconscious and incapacitated; immune to poison damage;
-- resistance 10 to all damage but psychic and sonic (thunder, a 5e stat
-- block's name for it); bludgeoning vulnerability 10; immune to poison
-- and disease effects, whose running instances are suspended, not removed.
condition("petrified", "Petrified", "石化", { implies = { "unconscious", "incapacitated" },
  traits = { { kind = "immune", type = "poison" },
             { kind = "resist_flat", type = "*", amount = 10, except = { "psychic", "sonic", "thunder" } },
             { kind = "vuln_flat", type = "bludgeoning", amount = 10 } },
  suspends = { "poisoned", "diseased" } })
-- HB-COND-13: counts as incapacitated; nothing more.
condition("paralyzed", "Paralyzed", "麻痹", { implies = { "incapacitated" } })
-- HB-COND-14, AMB-03: attack rolls and skill checks 1 dis.
condition("poisoned", "Poisoned", "中毒", { d20 = { { kind = "skill", level = -1 } }, fight = { attack_adv = -1 } })
-- HB-COND-15: not conscious, incapacitated, unaware; drops what it holds
-- and falls prone (and stays prone when it wakes).
condition("unconscious", "Unconscious", "昏迷", { implies = { "incapacitated", "prone" }, unaware = true,
  drops = true, remains = "prone" })
-- HB-SPECIAL-09, AMB-24: the grappled state, which the grappler has too
-- (its instance's source names the creature it holds, "holds:<id>"):
-- speed 0 with no speed bonus (the grappler may drag, mod5e.special);
-- nothing that needs both hands (two-handed weapons, somatic spells); every
-- attack roll 1 dis except with a light melee weapon or an unarmed strike
-- (attack tags "light", "unarmed").
condition("grappled", "Grappled", "擒抱", { speed_zero = true, no_two_hands = true,
  fight = { attack_adv_unless_tag = -1, unless_tags = { "light", "unarmed" } } })

-- HB-COND-16, AMB-24: states the chapter uses but does not define.
-- Invisible (隐形): not visible to anyone without a special sense (a
-- target the kernel's sight rules don't perceive).
condition("invisible", "Invisible", "隐形", { state = true, fight = { unseen = true } })
-- Hidden (躲藏): not seen and not heard by one observer, the instance's
-- source (mod5e.hide); each observer beaten has an instance.
condition("hidden", "Hidden", "躲藏", { state = true, fight = { unseen_by_source = true } })
-- Concentration (专注) and the long rest (长休) are 5e's (concentrating;
-- 5e.rest).

-- HB-ACT-05: Dodge: attack rolls against it 1 dis and its Reflex saves 1
-- adv until the start of its next turn; lost while incapacitated or at
-- speed 0.
condition("dodging", "Dodging", "回避", { lapses = true,
  d20 = { { kind = "save", abilities = { dex = true }, level = 1 } },
  fight = { defense_adv = -1, lapses = true, ends = "turn_start" } })
-- HB-MOVE-15: climbing: attack rolls 1 dis (and a free hand, no somatic
-- spells, no two-handed weapons).
condition("climbing", "Climbing", "攀爬", { no_two_hands = true, fight = { attack_adv = -1 } })

-- ---- 5e.conditions with the modded rules ----

local C5 = rules.need("5e.conditions")
local M = setmetatable({}, { __index = C5 })

function M.list()
  local out = {}
  for i, id in ipairs(LIST) do out[i] = id end
  return out
end

local function sorted_active(c)
  local set = C5.active(c)
  local names = {}
  for n in pairs(set) do names[#names + 1] = n end
  table.sort(names)
  return names, set
end

-- M.penalty: the modded exhaustion has no flat penalty (its levels are
-- disadvantage, T-8).
function M.penalty()
  return 0
end

local function applies(e, kind, opts, level)
  if e.min_level and level < e.min_level then return false end
  local skills = opts.skills or {}
  if e.kind == "skill" then
    if kind ~= "check" or #skills == 0 then return false end
  elseif e.kind ~= kind then
    return false
  end
  if e.abilities and not (opts.ability and e.abilities[opts.ability]) then return false end
  if e.skills then
    local any = false
    for _, s in ipairs(skills) do any = any or e.skills[s] == true end
    if not any then return false end
  end
  if e.needs == "sight" and not opts.sight then return false end
  if e.needs == "hearing" and not opts.hearing then return false end
  if e.source_seen and opts.source_seen == false then return false end
  return true
end

-- M.d20 returns what c's conditions do to a test of kind "attack",
-- "check", "save" or "initiative": {adv, dis, penalty, auto_fail, why,
-- dice}, adv and dis summed levels (graded). opts: ability, skills (the
-- check's), sight / hearing (the test needs them), source_seen
-- (Frightened, default true), target (attacks).
function M.d20(c, kind, opts)
  opts = opts or {}
  if kind == "attack" then return C5.attack(c, opts) end
  if kind == "death_save" then kind = "save" end
  local r = { adv = 0, dis = 0, penalty = 0, auto_fail = false, why = {} }
  local names = sorted_active(c)
  local hampered = M.hampered(c)
  for _, name in ipairs(names) do
    local d = M.def(name)
    if d then
      local level = c:level(name)
      local n, named = 0, false
      for _, e in ipairs(d.d20 or {}) do
        if applies(e, kind, opts, level) and (e.fail or not (d.lapses and hampered)) then
          if e.fail then r.auto_fail = true else n = n + e.level end
          if not named then
            r.why[#r.why + 1] = name
            named = true
          end
        end
      end
      if n > 0 then r.adv = r.adv + n elseif n < 0 then r.dis = r.dis - n end
      local die = d.d20_die and d.d20_die[kind]
      if die then
        r.dice = r.dice or {}
        r.dice[#r.dice + 1] = { die = die, source = name }
      end
    end
  end
  table.sort(r.why)
  return r
end

-- M.can_act: no standard action, swift action or reaction under a
-- condition that takes actions away (HB-TURN-02, HB-COND-10, 11).
function M.can_act(c)
  local _, set = sorted_active(c)
  for name in pairs(set) do
    local d = M.def(name)
    if d and d.no_actions then return false end
  end
  return true
end

-- M.can_speak: incapacitated and stunned creatures can't speak (coherently).
function M.can_speak(c)
  local _, set = sorted_active(c)
  for name in pairs(set) do
    local d = M.def(name)
    if d and d.mute then return false end
  end
  return true
end

-- M.speed_locked: speed 0 with no speed bonus (grappled, restrained,
-- incapacitated and what implies it; exhaustion 6 sets speed 0).
function M.speed_locked(c)
  local names, set = sorted_active(c)
  for _, name in ipairs(names) do
    local d = set[name] and M.def(name)
    if d and d.speed_zero then return true, name end
  end
  local ex = rules.get("mod5e.exhaustion")
  if ex and c:level("exhaustion") >= ex.SPEED_ZERO then return true, "exhaustion" end
  return false
end

-- M.hampered: incapacitated or at speed 0, what makes Dodge lapse
-- (HB-ACT-05; 如果你陷入失能，或你的速度降为0: stunned, which takes the
-- actions away without incapacitating, does not).
function M.hampered(c)
  return M.has(c, "incapacitated") or (M.speed_locked(c))
end

local function id_of(x)
  if x == nil then return nil end
  if type(x) == "string" then return x end
  return x:get("id")
end

-- M.add gives c a condition (HB-COND-00: instances of one condition don't
-- add their effects; each keeps its duration: stacking "independent").
-- Exhaustion goes through mod5e.exhaustion (levels add, HB-COND-07). A
-- creature with a sense that ignores it is not affected (blindsight and
-- Blinded, HB-COND-01, HB-TYPE-06). Petrified brings its traits and
-- suspends the poison and disease on the creature (HB-COND-12); falling
-- Unconscious drops what it holds (res.dropped, HB-COND-15). opts:
-- source (a creature or an id), duration, level.
function M.add(c, name, opts)
  opts = opts or {}
  if name == "exhaustion" then
    return { level = rules.need("mod5e.exhaustion").gain(c, opts.level or 1, id_of(opts.source)) }
  end
  local d = M.def(name)
  if d and d.ignored_by then
    local senses = c:get("senses") or {}
    for _, s in ipairs(d.ignored_by) do
      if senses[s] then return { added = false, immune = true, ignored = s } end
    end
  end
  local res = c:add_condition(name, { source = id_of(opts.source), duration = opts.duration, stacking = "independent" })
  if res.immune or not d then return res end
  local first = #c:conditions(name) == 1
  if first and d.traits then
    for _, tr in ipairs(d.traits) do
      local t = {}
      for k, v in pairs(tr) do t[k] = v end
      t.source = name
      c:add_trait(t)
    end
  end
  -- HB-COND-15: falling unconscious drops whatever it holds.
  if first and d.drops and rules.get("mod5e.special") then
    res.dropped = rules.get("mod5e.special").drop_all(c)
  end
  if first and d.suspends then
    for _, other in ipairs(d.suspends) do
      for _, inst in ipairs(c:conditions(other)) do
        c:remove_condition(inst.id)
        c:add_condition("suspended", { source = other .. "|" .. (inst.source or ""), level = math.max(inst.level or 1, 1),
          stacking = "independent", duration = inst.duration })
      end
      if not c:immune_to(other) then
        c:set("condition_immune", { [other] = true })
        c:add_tag("immune_from:" .. name .. ":" .. other)
      end
    end
  end
  return res
end

-- M.remove ends a condition (every instance, or opts.source's). When the
-- last instance goes: Unconscious leaves the creature prone unless
-- opts.stand; Petrified takes its traits and immunities away and resumes
-- what it suspended.
function M.remove(c, name, opts)
  opts = opts or {}
  if not c:has(name) then return 0 end
  local n = c:remove_condition(name, { source = opts.source })
  local d = M.def(name)
  if d and not c:has(name) then
    if d.remains and not opts.stand then c:add_condition(d.remains, { source = name }) end
    if d.traits then c:remove_traits(name) end
    for _, other in ipairs(d.suspends or {}) do
      if c:remove_tag("immune_from:" .. name .. ":" .. other) then
        c:set("condition_immune", { [other] = false })
      end
      for _, inst in ipairs(c:conditions("suspended")) do
        local what, src = (inst.source or ""):match("^([^|]*)|(.*)$")
        if what == other then
          c:remove_condition(inst.id)
          c:add_condition(other, { source = src ~= "" and src or nil, duration = inst.duration, stacking = "independent" })
        end
      end
    end
  end
  return n
end

-- M.social_advantage: the charmer's advantage level on social skill checks
-- against the creature it charmed (HB-COND-02), 0 when none.
function M.social_advantage(actor, target)
  return C5.sources(target, "charmed")[id_of(actor)] == true and M.def("charmed").social_adv or false
end

rules.define("condition.suspended", { name = { en = "Suspended (petrified)", zh = "暂时压制" }, state = true })
rules.define("5e.conditions", M)

-- The saving throw and the quick check of fights (core.5e.util's save and
-- quick_check, which monsters' and features' hooks make), by the modded
-- rules: 5e.d20_test with the graded conditions above, natural 20 and 1 on
-- saves, cover on Reflex; Rage's advantage on Strength saves and Magic
-- Resistance's on saves against magic are kept (Legendary Resistance is
-- core.5e.util.save's, after this).
rules.define("5e.fight_save", function(c, ability, dc, opts)
  opts = opts or {}
  local adv = { opts.adv or 0 }
  if ability == "str" and c:has("raging") then adv[#adv + 1] = 1 end
  if opts.magic and c:has_tag("magic_resistance") then adv[#adv + 1] = 1 end
  local r = rules.need("5e.d20_test")(c, { kind = "save", ability = ability, dc = dc, adv = adv,
    mods = opts.bonus and { opts.bonus } or nil, cover = opts.cover })
  return r.success == true, r.total or 0, r.natural or 0
end)

rules.define("5e.quick_check", function(c, skill, dc)
  local r = rules.need("5e.d20_test")(c, { kind = "check", skill = skill, dc = dc })
  return r.success == true, r.total or 0, r.natural or 0
end)
