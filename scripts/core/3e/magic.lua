-- Magic in combat (inventory 3E-MAGIC-01..25): what casting costs in
-- actions, what provokes, the Concentration checks that keep a spell
-- (casting defensively, damaged while casting, in a grapple, on a moving
-- mount), components, touch spells and the held charge, magic items and
-- special abilities, spell resistance.
--
-- A spell is a plain record {name, level, time = "action"|"round"|
-- "minute"|"free", components = {V = true, S = true, M = true, ...},
-- touch, ray, self, attack_roll, precise}; a caster is a creature (its
-- Concentration modifier in abilities.concentration, its caster level in
-- abilities.caster_level) or a record {concentration, caster_level,
-- spontaneous}. The pieces that need no fight are plain functions; in a
-- fight the core's action economy spends the actions these name.
local rules = require("rules")
local check = require("check")
local W = require("core.3e.special.who")

local M = rules.get("3e.magic")
if M then return M end
M = {}

M.names = {
  cast = { en = "Cast a spell", zh = "施法" },
  cast_defensively = { en = "Cast defensively", zh = "在防御状态下施法" },
  concentration = { en = "Concentration", zh = "精神集中" },
  maintain = { en = "Concentrate to maintain a spell", zh = "集中精神以维持法术的进行" },
  touch_spell = { en = "Touch spell", zh = "接触性法术" },
  touch_attack = { en = "Touch attack", zh = "接触攻击" },
  ranged_touch = { en = "Ranged touch attack", zh = "远程接触性攻击" },
  hold_charge = { en = "Hold the charge", zh = "保持法术能量" },
  touch_allies = { en = "Touch up to six allies", zh = "接触至多六名盟友" },  -- not in source
  dismiss = { en = "Dismiss a spell", zh = "解除法术" },  -- not in source
  activate_item = { en = "Activate a magic item", zh = "激活魔法物品" },
  spell_completion = { en = "Spell-completion item", zh = "法术填充物品" },
  spell_trigger = { en = "Spell-trigger item", zh = "法术启动装置" },
  spell_like = { en = "Spell-like ability (Sp)", zh = "类法术能力" },
  supernatural = { en = "Supernatural ability (Su)", zh = "超自然能力" },
  extraordinary = { en = "Extraordinary ability (Ex)", zh = "特异能力" },
  counterspell = { en = "Counterspell", zh = "反制法术" },
  spell_resistance = { en = "Spell resistance", zh = "法术抗力" },  -- not in source
}

M.defensive_dc = 15        -- 3E-MAGIC-11: 15 + spell level
M.damaged_dc = 10          -- 3E-MAGIC-10: 10 + damage dealt
M.grapple_dc = 20          -- 3E-GRAP-12: 20 + spell level
M.spell_like_defensive_dc = 15  -- 3E-MAGIC-21 as written (B-27: a script constant)
M.mount_dc = { moving = 10, running = 15 }  -- 3E-MOUNT-09: + spell level
M.deaf_failure = 20        -- 3E-MAGIC-05: % failure of V spells when deafened
M.touch_allies_max = 6     -- 3E-MAGIC-16

-- The action a casting takes (3E-MAGIC-01..03; 3E-ACTION-12: with only
-- partial actions a casting longer than a round takes twice as long).
-- Returns {action = "standard"|"full"|"free", rounds (until the effect:
-- 0 at once, 1 just before the caster's next turn, 10 for a minute),
-- five_foot_step}.
function M.casting(spell, opts)
  local t = spell.time or "action"
  local partial = opts and opts.partial
  if t == "free" then return { action = "free", rounds = 0 } end
  if t == "action" then return { action = partial and "partial" or "standard", rounds = 0 } end
  if t == "round" then
    if partial then return { action = "start_full_round", rounds = 1 } end
    return { action = "full", rounds = 1, five_foot_step = true }
  end
  if t == "minute" then
    return { action = "full", rounds = partial and 20 or 10, five_foot_step = true }
  end
  error(string.format("spell %s: unknown casting time %q (action, round, minute, free)", tostring(spell.name), tostring(t)), 2)
end

-- row(label): the row of Table 8-4 (the core's tables.lua) whose label
-- starts with label: {type = free|move|standard|full|..., aoo = "No"|...}.
-- The spell-related actions (3E-MAGIC-24) are read from there.
local CT = require("core.3e.tables")
function M.row(label)
  for _, a in ipairs(CT.misc_actions) do
    if a.label:sub(1, #label) == label then return a end
  end
  error(string.format("Table 8-4 has no action %q", label), 2)
end
local function no_aoo(label) return M.row(label).aoo == "No" end

-- The spell actions of Table 8-4 (3E-MAGIC-12, -16, -24): cease
-- concentration (free), concentrate to maintain or dismiss a spell
-- (standard, no attack of opportunity), a quickened spell (free).
function M.action(what)
  local label = ({ cease = "Cease concentration on a spell", maintain = "Concentrate to maintain a spell",
    dismiss = "Dismiss a spell", quickened = "Cast a quickened spell", touch_self = "Cast a touch spell on yourself",
    touch_six = "Use a touch spell on up to six friends" })[what]
  if not label then error(string.format("no spell action %q", tostring(what)), 2) end
  local r = M.row(label)
  return { action = r.type, provokes = r.aoo ~= "No" }
end

-- provokes(spell, opts): whether casting provokes attacks of opportunity
-- (Table 8-1, 8-4; 3E-MAGIC-11, -13, -24). Casting defensively does not; a
-- free-action spell (quickened, feather fall) does not; casting a touch
-- spell on yourself does not (Table 8-4); everything else does.
function M.provokes(spell, opts)
  opts = opts or {}
  if opts.defensively then return false end
  if spell.time == "free" then return not no_aoo("Cast a quickened spell") end
  if spell.touch and opts.on_self then return not no_aoo("Cast a touch spell on yourself") end
  return true
end

-- can_cast(caster, spell, state): whether the components allow casting
-- now (3E-MAGIC-05..08, 3E-GRAP-12). state: {gagged, silenced, deafened,
-- bound, grappling, pinned, hands_free (0, 1, 2), has_material, xp,
-- xp_floor}. Returns ok, why, failure (a % spell failure chance).
function M.can_cast(spell, state)
  state = state or {}
  local c = spell.components or {}
  if c.V and (state.gagged or state.silenced) then return false, "a verbal component cannot be spoken (gagged or silenced)" end
  if state.grappling or state.pinned then
    local t = spell.time or "action"
    if t ~= "action" and t ~= "free" then return false, "in a grapple only spells of at most 1 action can be cast" end
    if c.S then return false, "a somatic component cannot be made in a grapple" end
    if spell.precise then return false, "a spell that needs precise, careful work cannot be cast in a grapple" end
    if c.M and not state.has_material then return false, "the material component is not in hand" end
  elseif c.S and (state.bound or (state.hands_free or 1) < 1) then
    return false, "a somatic component needs a free hand"
  end
  if (c.M or c.F or c.DF) and state.has_material == false then return false, "the material component or focus is not in hand" end
  if c.XP then
    local ok, why = M.xp_ok(state.xp, c.XP, state.xp_floor)
    if not ok then return false, why end
  end
  local failure = 0
  if c.V and state.deafened then failure = M.deaf_failure end
  return true, nil, failure
end

-- xp_ok(xp, cost, floor): 3E-MAGIC-08, the XP paid may not drop the caster
-- below its level's XP (floor: the XP its level needs; XP earned toward
-- the next level may be spent instead of taking it).
function M.xp_ok(xp, cost, floor)
  if xp == nil then return true end
  if xp - cost < (floor or 0) then return false, "paying the XP would lose a level" end
  return true
end

-- concentration(caster, dc [, opts]): a Concentration check (d20 + the
-- caster's Concentration modifier) against dc; returns the check record
-- with .kept (the spell goes on) and .lost.
-- concentration_mod(x): a creature's Concentration modifier: Con plus its
-- ranks, which for a caster class (Concentration is a class skill of
-- clerics and wizards) are taken at the most, level + 3 ([K] PHB 3.0
-- chapter 4); others have none. A record gives it as concentration.
M.caster_classes = { cleric = "wis", wizard = "int" }
local CASTERS = { "cleric", "wizard" }
local function caster_class(x)
  for _, class in ipairs(CASTERS) do
    if x:has_tag(class) then return class end
  end
  return nil
end
function M.concentration_mod(x)
  if require("creature").is(x) then
    local ranks = caster_class(x) and (x:ability("level") or 0) + 3 or 0
    return W.mod(x, "con") + ranks
  end
  return x.concentration or 0
end
function M.concentration(x, dc, opts)
  local mods = { { value = M.concentration_mod(x), source = "Concentration" } }
  if opts and opts.mods then for _, m in ipairs(opts.mods) do mods[#mods + 1] = m end end
  local r = check.roll{ mods = mods, target = dc }
  r.kept, r.lost = r.success, not r.success
  r.dc = dc
  return r
end

-- The DCs (3E-MAGIC-10, -11, -21; 3E-GRAP-12; 3E-MOUNT-09).
function M.dc_defensive(spell) return M.defensive_dc + (spell.level or 0) end
function M.dc_damaged(damage) return M.damaged_dc + damage end
function M.dc_grapple(spell) return M.grapple_dc + (spell.level or 0) end
function M.dc_spell_like_defensive() return M.spell_like_defensive_dc end
-- dc_mounted(spell, mount): the mount moved before and after the casting
-- ("moving") or ran ("running"); nil when no check is needed (it moved
-- before or after only).
function M.dc_mounted(spell, mount)
  local base = M.mount_dc[mount]
  if not base then return nil end
  return base + (spell.level or 0)
end

-- lose(caster, spell): a failed Concentration check loses the spell
-- (3E-MAGIC-09): a prepared caster loses the prepared spell, a spontaneous
-- caster the day's slot of its level. caster.prepared = {name = count},
-- caster.slots = {[level] = count}. Returns what was spent.
function M.lose(caster, spell)
  if caster.spontaneous then
    local n = caster.slots and caster.slots[spell.level] or 0
    if n <= 0 then error(string.format("no spell slot of level %d left to lose", spell.level or 0), 2) end
    caster.slots[spell.level] = n - 1
    return "slot"
  end
  local n = caster.prepared and caster.prepared[spell.name] or 0
  if n <= 0 then error(string.format("%s is not prepared", tostring(spell.name)), 2) end
  caster.prepared[spell.name] = n - 1
  return "prepared"
end

-- cast_defensively(caster, spell): 3E-MAGIC-11. No attack of opportunity;
-- a Concentration check DC 15 + spell level or the spell is lost.
function M.cast_defensively(x, spell)
  return M.concentration(x, M.dc_defensive(spell))
end

-- disrupted(caster, spell, damage): 3E-MAGIC-10 (and 3E-AOO-09,
-- 3E-INIT-15): damage while casting calls for Concentration DC 10 +
-- damage; no damage, no check (returns nil).
function M.disrupted(x, damage)
  if not damage or damage <= 0 then return nil end
  return M.concentration(x, M.dc_damaged(damage))
end

-- ------------------------------------------------------------ touch spells
-- 3E-MAGIC-13..16. A touch spell cast becomes a held charge on the
-- caster (state.charge = {spell, left}); each touch discharges one use;
-- touching anything else discharges it all; casting another spell makes
-- it dissipate. Touching the caster itself or a willing ally needs no
-- roll; an enemy needs a melee touch attack (a ray a ranged touch attack),
-- which does not provoke (it counts as armed).
function M.hold(state, spell, uses)
  state.charge = { spell = spell, left = uses or 1 }
  return state.charge
end
function M.cast_other(state)
  local had = state.charge ~= nil
  state.charge = nil
  return had
end
function M.touch_needs_roll(target_kind)
  return target_kind == "enemy"
end
function M.discharge(state, n)
  local ch = state.charge
  if not ch then error("no charge held", 2) end
  ch.left = ch.left - (n or 1)
  if ch.left <= 0 then state.charge = nil end
  return ch.spell
end
-- touch_allies(n): Table 8-4, touching one ally is a standard action
-- (no attack of opportunity); up to six, a full-round action that provokes.
function M.touch_allies(n)
  if n < 1 then error("touch_allies: at least one ally", 2) end
  if n == 1 then return { action = "standard", provokes = false } end
  if n > M.touch_allies_max then return nil, "at most " .. M.touch_allies_max .. " allies in one action" end
  return M.action("touch_six")
end

-- maintain(state, spell): 3E-MAGIC-12, the caster concentrates on spell
-- (a standard action that provokes nothing, M.action("maintain")); anything
-- that would disrupt a casting may end it: interrupt(caster, state,
-- damage) makes the Concentration check (10 + damage) and ends the spell
-- on a failure. cease(state): a free action, the spell ends.
function M.maintain(state, spell)
  state.maintained = spell
  return M.action("maintain")
end
function M.interrupt(x, state, damage)
  if not state.maintained then return nil end
  local r = M.disrupted(x, damage)
  if r and r.lost then state.maintained = nil end
  return r
end
function M.cease(state)
  state.maintained = nil
  return M.action("cease")
end

-- ------------------------------------------------------------ items and abilities
-- 3E-MAGIC-17..23: what using each kind provokes and whether it can be
-- disrupted. Returns {action, provokes, concentration, disrupt, defensive}.
M.uses = {
  spell = { action = "standard", provokes = true, concentration = true, disrupt = true, defensive = true },
  spell_completion = { action = "standard", provokes = true, concentration = true, disrupt = true, defensive = true },
  spell_trigger = { action = "standard", provokes = false, concentration = false, disrupt = false },
  command_word = { action = "standard", provokes = false, concentration = false, disrupt = false },
  use_activated = { action = "standard", provokes = false, concentration = false, disrupt = false },
  continuous = { action = "none", provokes = false, concentration = false, disrupt = false },
  spell_like = { action = "standard", provokes = true, concentration = true, disrupt = true, defensive = true,
                 used_on_failure = true },
  supernatural = { action = "standard", provokes = false, concentration = false, disrupt = false },
  extraordinary = { action = "none", provokes = false, concentration = false, disrupt = false },
}
function M.use(kind)
  local u = M.uses[kind]
  if not u then
    local known = {}
    for k in pairs(M.uses) do known[#known + 1] = k end
    table.sort(known)
    error(string.format("unknown kind of magic %q (known: %s)", tostring(kind), table.concat(known, ", ")), 2)
  end
  return u
end

-- spell_like_defensively(x, pool): 3E-MAGIC-21. Concentration DC 15; on a
-- failure the use still counts, and a pooled ability (lay on hands) loses
-- at least 1 point. pool = {left} or nil. Returns the check record.
function M.spell_like_defensively(x, pool, spend)
  local r = M.concentration(x, M.dc_spell_like_defensive())
  if pool then
    local cost = spend or 1
    if r.lost then cost = math.max(1, cost) end
    pool.left = math.max(0, pool.left - cost)
  end
  return r
end

-- ------------------------------------------------------------ spell resistance
-- [K] PHB 3.0 (chapter 10): a spell that allows spell resistance must
-- beat it with a caster level check, 1d20 + caster level >= SR. A
-- creature without SR (0) is affected. Returns {affected, check}.
function M.caster_level(x)
  if require("creature").is(x) then return caster_class(x) and x:ability("level") or 0 end
  return x.caster_level or 0
end
function M.spell_resistance(target)
  if require("creature").is(target) then return target:ability("sr") or 0 end
  return target.sr or 0
end
function M.penetrates(caster, target, opts)
  if opts and opts.no_sr then return { affected = true } end
  -- the one rule of spell resistance (DMG-SA-41): its value from every
  -- source, the caster level check
  if not require("creature").is(target) then
    local sr = M.spell_resistance(target)
    if sr <= 0 then return { affected = true } end
    local r = check.roll{ mods = { { value = M.caster_level(caster), source = "caster level" } }, target = sr }
    return { affected = r.success, check = r }
  end
  return require("monsters.abilities.spell_resistance").check(caster, target, { ability = "spell" })
end

-- ------------------------------------------------------------ saves for half
-- reflex_half(target, damage, dc, opts): a save for half damage (Reflex,
-- or opts.save) by the core's saving throw (saves.lua: a success halves
-- it; behind nine-tenths cover none on a success and half on a failure,
-- 3E-COVER-03); [K] PHB 3.0 evasion (rogues from 2nd level, the tag
-- "evasion") takes none on a successful Reflex save. opts.cover is the
-- cover the target has against the effect: a Table 8-9 key or the map's
-- grade ("half", "three-quarters"), whose Reflex bonus counts
-- (3E-COVER-02). Returns the damage and the save record.
function M.reflex_half(t, damage, dc, opts)
  opts = opts or {}
  -- the damage pipeline's save step (core/3e/damage.lua, DMG-SA-20)
  local n, _, r = require("core.3e.damage").save_damage(t, damage, { kind = opts.save or "ref", dc = dc,
    cover = opts.cover })
  return n, r
end

-- ------------------------------------------------------------ spells
-- The spells the classes fight with ([K] PHB 3.0 chapter 11). heal and
-- damage are dice with "L" for the caster level; cap caps it.
M.spell = {
  cure_minor_wounds = { name = "cure minor wounds", level = 0, school = "conjuration", time = "action", touch = true,
    components = { V = true, S = true }, heal = "1", range = "touch" },
  cure_light_wounds = { name = "cure light wounds", level = 1, school = "conjuration", time = "action", touch = true,
    components = { V = true, S = true }, heal = "1d8", heal_plus_level = 5, range = "touch" },
  cure_moderate_wounds = { name = "cure moderate wounds", level = 2, school = "conjuration", time = "action", touch = true,
    components = { V = true, S = true }, heal = "2d8", heal_plus_level = 10, range = "touch" },
  shocking_grasp = { name = "shocking grasp", level = 1, school = "transmutation", time = "action", touch = true,
    attack = "melee touch", sr = true, components = { V = true, S = true }, damage_die = "d8", dice_per_level = 1,
    max_dice = 5, type = "electricity", range = "touch" },
  magic_missile = { name = "magic missile", level = 1, school = "evocation", time = "action", sr = true,
    components = { V = true, S = true }, missile = "1d4+1", missiles = { first = 1, per = 2, max = 5 }, type = "force",
    range = { base = 100, per_level = 10 } },
  sleep = { name = "sleep", level = 1, school = "enchantment", time = "round", sr = true, mind = true,
    components = { V = true, S = true, M = true }, hd = "2d4", max_hd = 4, save = "will",
    area = { shape = "burst", length = 15 }, range = { base = 100, per_level = 10 } },
  burning_hands = { name = "burning hands", level = 1, school = "transmutation", time = "action", sr = true,
    components = { V = true, S = true }, damage_die = "d4", dice_per_level = 1, max_dice = 5, type = "fire",
    save = "ref", area = { shape = "cone", length = 10 } },
  fireball = { name = "fireball", level = 3, school = "evocation", time = "action", sr = true,
    components = { V = true, S = true, M = true }, damage_die = "d6", dice_per_level = 1, max_dice = 10, type = "fire",
    save = "ref", area = { shape = "burst", length = 20 }, range = { base = 400, per_level = 40 } },
}

-- spell_dc(level, mod, spell): a spell's save DC, 10 + spell level + the
-- caster's ability modifier (DMG-SAVE-03). The variant 3e.spell_roll
-- (DMG-MAG-05) sets rolled_dc: 1d20 in place of the 10, rolled once per
-- casting (each casting asks once) for every spell that allows a save, or
-- (rolled_dc = "targeted", A-53) only for spells with no area.
M.rolled_dc = false
function M.spell_dc(level, mod, spell)
  local rolled = M.rolled_dc == true or (M.rolled_dc == "targeted" and not (spell and spell.area))
  return (rolled and require("dice").total("1d20") or 10) + level + mod
end

-- dc(caster, spell): spell_dc with the casting ability's modifier ([K]
-- PHB 3.0: Int for wizards, Wis for clerics).
function M.save_dc(caster, spell)
  local class = caster_class(caster)
  return M.spell_dc(spell.level, class and W.mod(caster, M.caster_classes[class]) or 0, spell)
end

function M.range_of(caster, spell)
  local r = spell.range
  if type(r) ~= "table" then return nil end
  return r.base + r.per_level * M.caster_level(caster)
end

-- slot(caster, spell): the resource a casting spends: "spell_<level>"
-- (0-level spells: "spell_0").
function M.slot(spell) return "spell_" .. spell.level end

-- bonus_spells(mod, level): [K] PHB 3.0 Table 1-1, the bonus spells a
-- day of a spell level (1st and up) for the casting ability's modifier.
function M.bonus_spells(mod, level)
  if level < 1 or mod < level then return 0 end
  return math.floor((mod - level) / 4) + 1
end

-- slots(table_row, mod): a class's spells a day at its level (a list,
-- 0-level first) plus bonus spells, as resources spell_0, spell_1, ...
function M.slots(row, mod, extra)
  local out = {}
  for i, n in ipairs(row) do
    local level = i - 1
    local total = n + M.bonus_spells(mod, level) + ((extra and level > 0) and extra or 0)
    out["spell_" .. level] = { max = total }
  end
  return out
end

-- ------------------------------------------------------------ casting in a fight
local fight = require("fight")

local function note(fmt, ...) fight.note(string.format(fmt, ...)) end
local function hurt(c) return c:get("max_hp") - c:get("hp") + c:get("nonlethal") end

-- threatened(c): whether an enemy could make an attack of opportunity on
-- c where it stands (an enemy whose melee attack reaches it).
function M.threatened(c)
  for _, y in ipairs(fight.enemies(c)) do
    if not fight.is(y, "out") and not y:has("grappling") then
      for _, name in ipairs(fight.attacks(y)) do
        if not fight.attack(y, name).ranged and fight.reaches(y, c, name) then return true end
      end
    end
  end
  return false
end

-- begin(caster, spell, opts): the casting itself (3E-MAGIC-01/02/09..11):
-- the components, the day's slot (opts.slot or the spell's level), then
-- either casting defensively (opts.defensively: Concentration DC 15 +
-- level, no attack of opportunity) or the attacks of opportunity it
-- provokes, whose damage calls for Concentration DC 10 + damage. Returns
-- true when the spell goes off, or false and why.
function M.begin(caster, spell, opts)
  opts = opts or {}
  local state = { grappling = caster:has("grappling"), pinned = caster:has("pinned"),
                  deafened = caster:has("deafened"), silenced = caster:has("silenced") }
  local ok, why, failure = M.can_cast(spell, state)
  if not ok then return false, why end
  local slot = opts.slot or M.slot(spell)
  local res = caster:resource(slot)
  if not res or res.current < 1 then return false, "no " .. slot .. " left" end
  caster:spend(slot)
  local id = caster:get("id")
  if state.grappling or state.pinned then
    -- 3E-GRAP-12: Concentration DC 20 + level
    local r = M.concentration(caster, M.dc_grapple(spell))
    if r.lost then
      note("%s loses %s (Concentration %d vs %d in a grapple)", id, spell.name, r.total, r.dc)
      return false, "lost"
    end
  elseif opts.defensively then
    local r = M.cast_defensively(caster, spell)
    if r.lost then
      note("%s loses %s casting defensively (Concentration %d vs %d)", id, spell.name, r.total, r.dc)
      return false, "lost"
    end
    note("%s casts %s defensively (Concentration %d vs %d)", id, spell.name, r.total, r.dc)
  elseif M.provokes(spell, opts) then
    local before = hurt(caster)
    fight.provoke(caster)
    if fight.is(caster, "out") then return false, "down" end
    local r = M.disrupted(caster, hurt(caster) - before)
    if r and r.lost then
      note("%s loses %s (Concentration %d vs %d after %d damage)", id, spell.name, r.total, r.dc, hurt(caster) - before)
      return false, "lost"
    end
  end
  if failure and failure > 0 and check.percentile(failure).success then
    note("%s's %s fails (deafened)", id, spell.name)
    return false, "failed"
  end
  return true
end

-- strained(caster, hp_before, was_disabled): 3E-HP-05 (B-05): casting is a
-- strenuous action: a caster that was disabled (0 hp) when it began takes
-- the disabled condition's strenuous damage (1) right after the spell,
-- unless the spell raised its hit points (a cure on itself). Returns the
-- damage dealt.
function M.strained(caster, hp_before, was_disabled)
  if not was_disabled or fight.is(caster, "out") or caster:get("hp") > hp_before then return 0 end
  local n = rules.need("condition.disabled").fight.strenuous
  note("%s strains itself casting: %d damage", caster:get("id"), n)
  fight.damage(caster, n, "", caster)
  return n
end

-- heal(caster, target, spell): a cure (3E-HP-14): the dice (+1 a caster
-- level up to heal_plus_level), through the core's hp.heal.
function M.heal(caster, target, spell)
  local n = require("dice").total(spell.heal)
  if spell.heal_plus_level then n = n + math.min(spell.heal_plus_level, M.caster_level(caster)) end
  -- the core's healing: capped, subdual too (3E-SUBD-06), stabilising,
  -- conscious again at 0 or more
  local got = require("core.3e.hp").heal(target, n)
  note("%s casts %s on %s: +%d hp", caster:get("id"), spell.name, target:get("id"), got)
  return got
end

-- touch(caster, target, spell, state): deliver a held touch spell to an
-- enemy (3E-MAGIC-13/14): a melee touch attack (a ray: ranged touch) that
-- counts as armed, so it provokes nothing; it can score a critical hit
-- (3E-ATK-12), which doubles the spell's damage. Discharges the charge
-- (state.charge) hit or miss only when it touches something: a miss keeps
-- it. Returns the attack record.
function M.touch(caster, target, spell, state)
  local r = fight.strike(caster, target, nil, { touch = true, no_damage = true, ranged = spell.attack == "ranged touch" })
  if not r.hit then return r end
  if state then M.discharge(state) end
  if spell.sr and not M.penetrates(caster, target).affected then return r end
  local n = math.min(spell.max_dice, spell.dice_per_level * math.max(1, M.caster_level(caster)))
  local dmg = require("dice").total(n .. spell.damage_die)
  if r.crit then dmg = dmg + require("dice").total(n .. spell.damage_die) end
  note("%s touches %s with %s: %d %s", caster:get("id"), target:get("id"), spell.name, dmg, spell.type)
  fight.damage(target, dmg, spell.type, caster)
  r.damage = dmg
  return r
end

-- missiles(caster, spell): how many missiles a magic missile fires.
function M.missiles(caster, spell)
  local m = spell.missiles
  return math.min(m.max, m.first + math.floor((M.caster_level(caster) - 1) / m.per))
end

-- area_damage(caster, spell, targets): damage of a save-for-half spell to
-- each target, with spell resistance.
function M.area_damage(caster, spell, hits)
  local dice_n = math.min(spell.max_dice, spell.dice_per_level * math.max(1, M.caster_level(caster)))
  local total = require("dice").total(dice_n .. spell.damage_die)
  local dc = M.save_dc(caster, spell)
  note("%s casts %s: %d %s", caster:get("id"), spell.name, total, spell.type)
  for _, h in ipairs(hits) do
    local t = h.c
    if t ~= caster and not fight.is(t, "out") then
      if not spell.sr or M.penetrates(caster, t).affected then
        local n = M.reflex_half(t, total, dc, { cover = fight.cover(t, caster) })
        if n > 0 then fight.damage(t, n, spell.type, caster) end
      end
    end
  end
end

-- sleep(caster, spell, hits): [K] PHB 3.0 sleep: 2d4 HD of living
-- creatures, fewest HD first (then nearest), none of 5 HD or more; Will
-- negates; sleeping creatures are helpless.
function M.sleep(caster, spell, hits)
  local budget = require("dice").total(spell.hd)
  local list = {}
  for _, h in ipairs(hits) do
    local t = h.c
    if t ~= caster and not fight.is(t, "out") and not t:has_tag("undead") and not t:has_tag("construct")
       and W.hd(t) <= spell.max_hd and not t:immune_to("asleep") then
      list[#list + 1] = { c = t, hd = W.hd(t), d = fight.distance(caster, t) }
    end
  end
  table.sort(list, function(a, b) if a.hd ~= b.hd then return a.hd < b.hd end return a.d < b.d end)
  local dc = M.save_dc(caster, spell)
  local slept = {}
  for _, x in ipairs(list) do
    if x.hd > budget then break end
    budget = budget - x.hd
    if (not spell.sr or M.penetrates(caster, x.c).affected) then
      local r = check.roll{ mods = { { value = x.c:ability("will") or 0, source = "will" } }, target = dc }
      if not r.success then
        x.c:add_condition("asleep", { source = caster:get("id") })
        slept[#slept + 1] = x.c:get("id")
      else
        require("core.3e.magic_dmg").sensed(caster, x.c, spell, true)  -- DMG-MAG-01
      end
    end
  end
  note("%s casts sleep: %s", caster:get("id"), #slept > 0 and (table.concat(slept, ", ") .. " fall asleep") or "no one sleeps")
  return slept
end

rules.define("3e.magic", M)
return M
