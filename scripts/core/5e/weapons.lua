-- Weapons and weapon mastery, D&D 5e 2024 rules (require("core.5e.weapons")).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- The weapon table is the SRD 5.2.1 Weapons table (Equipment chapter:
-- damage, properties, mastery); the mastery texts are from
-- 5e-SRD-Weapon-Mastery-Properties.json (5e-bits/5e-database, SRD 5.2.1).
-- Chinese names are this project's.
--
--   local weapons = require("core.5e.weapons")
--   weapons.arm(stat, { "longsword", "handaxe" }, { masteries = true })
--
-- weapons.attack(id, opts) builds one attack entry of a stat block from a
-- weapon and the wielder's scores; weapons.arm(stat, list, opts) adds the
-- entries and, for the weapons the wielder has mastered, the mastery
-- effects: hooks scoped to the wielder (damage.roll on its hits,
-- attack.roll for Vex, attack.declare for Graze) and follow-ups its kit
-- makes at the end of its turn (Cleave, Graze, the Light weapon's attack):
--
--   Vex     a hit that deals damage gives Advantage on the next attack roll
--           against that creature before the end of the wielder's next turn
--           (hook on the wielder's attack.roll)
--   Topple  a hit forces a Constitution save (DC 8 + the attack's ability
--           modifier + PB) or the target has the Prone condition (it stands
--           up at the start of its turn)
--   Sap     a hit gives Disadvantage on the target's next attack roll before
--           the start of the wielder's next turn (condition "sapped"; ends
--           after the target's next turn or at the wielder's next turn)
--   Cleave  a melee hit allows, once per turn, a melee attack against a
--           second enemy (every enemy counts as within 5 feet: no
--           positions) that deals the weapon's damage without the ability
--           modifier unless it is negative (made at the end of the turn)
--   Graze   a miss deals damage equal to the ability modifier (if positive;
--           dealt at the end of the turn)
--   Nick    the Light property's extra attack is part of the Attack action
--           instead of a Bonus Action (once per turn)
--   Push    a hit on a Large or smaller creature pushes it 10 feet: fights
--           have no positions, so it only gets the marker condition "pushed"
--           until the start of the wielder's next turn
--   Slow    a hit that deals damage reduces the target's Speed by 10 feet
--           until the start of the wielder's next turn: no movement in
--           fights, so only the marker condition "slowed"
--
-- The Light property's extra attack (two-weapon fighting) is
-- opts.offhand = "<weapon id>": after the Attack action, one attack with
-- that weapon that adds no ability modifier to damage unless it is
-- negative, as a Bonus Action (or free, with Nick). Heavy weapons give
-- Disadvantage when the wielder's Strength (melee) or Dexterity (ranged) is
-- under 13.
local rules = require("rules")
local fight = require("fight")
local hooks = require("core.5e.hooks")
local util = require("core.5e.util")
local effects = require("core.5e.effects")
local tactics = require("core.5e.tactics")

local M = {}

local proficiency = rules.need("5e.proficiency")

M.ATTRIBUTION = "This work includes material from the System Reference Document 5.2.1 (“SRD 5.2.1”) by Wizards " ..
  "of the Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the Creative " ..
  "Commons Attribution 4.0 International License, available at https://creativecommons.org/licenses/by/4.0/legalcode."

-- Weapon mastery properties (descriptions from the SRD 5.2.1 data).
M.masteries = {
  cleave = { en = "Cleave", zh = "順劈", desc =
    "If you hit a creature with a melee attack roll using this weapon, you can make a melee attack roll with the " ..
    "weapon against a second creature within 5 feet of the first that is also within your reach. On a hit, the " ..
    "second creature takes the weapon's damage, but don't add your ability modifier to that damage unless that " ..
    "modifier is negative. You can make this extra attack only once per turn." },
  graze = { en = "Graze", zh = "擦掠", desc =
    "If your attack roll with this weapon misses a creature, you can deal damage to that creature equal to the " ..
    "ability modifier you used to make the attack roll. This damage is the same type dealt by the weapon, and the " ..
    "damage can be increased only by increasing the ability modifier." },
  nick = { en = "Nick", zh = "迅擊", desc =
    "When you make the extra attack of the Light property, you can make it as part of the Attack action instead of " ..
    "as a Bonus Action. You can make this extra attack only once per turn." },
  push = { en = "Push", zh = "推離", desc =
    "If you hit a creature with this weapon, you can push the creature up to 10 feet straight away from yourself if" ..
    " it is Large or smaller." },
  sap = { en = "Sap", zh = "削弱", desc =
    "If you hit a creature with this weapon, that creature has Disadvantage on its next attack roll before the " ..
    "start of your next turn." },
  slow = { en = "Slow", zh = "緩速", desc =
    "If you hit a creature with this weapon and deal damage to it, you can reduce its Speed by 10 feet until the " ..
    "start of your next turn. If the creature is hit more than once by weapons that have this property, the Speed " ..
    "reduction doesn't exceed 10 feet." },
  topple = { en = "Topple", zh = "擊倒", desc =
    "If you hit a creature with this weapon, you can force the creature to make a Constitution saving throw (DC 8 " ..
    "plus the ability modifier used to make the attack roll and your Proficiency Bonus). On a failed save, the " ..
    "creature has the Prone condition." },
  vex = { en = "Vex", zh = "惱擾", desc =
    "If you hit a creature with this weapon and deal damage to the creature, you have Advantage on your next attack" ..
    " roll against that creature before the end of your next turn." },
}

local function w(en, zh, category, damage, typ, props, mastery)
  return { name = { en = en, zh = zh }, category = category, damage = damage, type = typ, properties = props, mastery = mastery }
end

-- The SRD 5.2.1 weapons. properties: finesse, light, heavy, two_handed,
-- reach, loading, thrown = {normal, long}, ammunition = {normal, long},
-- versatile = "<die>".
M.list = {
  -- Simple Melee Weapons
  club = w("Club", "木棒", "simple_melee", "1d4", "bludgeoning", { light = true }, "slow"),
  dagger = w("Dagger", "匕首", "simple_melee", "1d4", "piercing", { finesse = true, light = true, thrown = { 20, 60 } }, "nick"),
  greatclub = w("Greatclub", "巨棒", "simple_melee", "1d8", "bludgeoning", { two_handed = true }, "push"),
  handaxe = w("Handaxe", "手斧", "simple_melee", "1d6", "slashing", { light = true, thrown = { 20, 60 } }, "vex"),
  javelin = w("Javelin", "標槍", "simple_melee", "1d6", "piercing", { thrown = { 30, 120 } }, "slow"),
  light_hammer = w("Light Hammer", "輕錘", "simple_melee", "1d4", "bludgeoning", { light = true, thrown = { 20, 60 } }, "nick"),
  mace = w("Mace", "硬頭錘", "simple_melee", "1d6", "bludgeoning", {}, "sap"),
  quarterstaff = w("Quarterstaff", "長棍", "simple_melee", "1d6", "bludgeoning", { versatile = "1d8" }, "topple"),
  sickle = w("Sickle", "鐮刀", "simple_melee", "1d4", "slashing", { light = true }, "nick"),
  spear = w("Spear", "矛", "simple_melee", "1d6", "piercing", { thrown = { 20, 60 }, versatile = "1d8" }, "sap"),
  -- Simple Ranged Weapons
  dart = w("Dart", "飛鏢", "simple_ranged", "1d4", "piercing", { finesse = true, thrown = { 20, 60 } }, "vex"),
  light_crossbow = w("Light Crossbow", "輕弩", "simple_ranged", "1d8", "piercing", { ammunition = { 80, 320 }, loading = true, two_handed = true }, "slow"),
  shortbow = w("Shortbow", "短弓", "simple_ranged", "1d6", "piercing", { ammunition = { 80, 320 }, two_handed = true }, "vex"),
  sling = w("Sling", "投石索", "simple_ranged", "1d4", "bludgeoning", { ammunition = { 30, 120 } }, "slow"),
  -- Martial Melee Weapons
  battleaxe = w("Battleaxe", "戰斧", "martial_melee", "1d8", "slashing", { versatile = "1d10" }, "topple"),
  flail = w("Flail", "鏈枷", "martial_melee", "1d8", "bludgeoning", {}, "sap"),
  glaive = w("Glaive", "長柄刀", "martial_melee", "1d10", "slashing", { heavy = true, reach = true, two_handed = true }, "graze"),
  greataxe = w("Greataxe", "巨斧", "martial_melee", "1d12", "slashing", { heavy = true, two_handed = true }, "cleave"),
  greatsword = w("Greatsword", "巨劍", "martial_melee", "2d6", "slashing", { heavy = true, two_handed = true }, "graze"),
  halberd = w("Halberd", "戟", "martial_melee", "1d10", "slashing", { heavy = true, reach = true, two_handed = true }, "cleave"),
  lance = w("Lance", "騎槍", "martial_melee", "1d10", "piercing", { heavy = true, reach = true, two_handed = true }, "topple"),
  longsword = w("Longsword", "長劍", "martial_melee", "1d8", "slashing", { versatile = "1d10" }, "sap"),
  maul = w("Maul", "巨錘", "martial_melee", "2d6", "bludgeoning", { heavy = true, two_handed = true }, "topple"),
  morningstar = w("Morningstar", "釘頭錘", "martial_melee", "1d8", "piercing", {}, "sap"),
  pike = w("Pike", "長矛", "martial_melee", "1d10", "piercing", { heavy = true, reach = true, two_handed = true }, "push"),
  rapier = w("Rapier", "刺劍", "martial_melee", "1d8", "piercing", { finesse = true }, "vex"),
  scimitar = w("Scimitar", "彎刀", "martial_melee", "1d6", "slashing", { finesse = true, light = true }, "nick"),
  shortsword = w("Shortsword", "短劍", "martial_melee", "1d6", "piercing", { finesse = true, light = true }, "vex"),
  trident = w("Trident", "三叉戟", "martial_melee", "1d8", "piercing", { thrown = { 20, 60 }, versatile = "1d10" }, "topple"),
  warhammer = w("Warhammer", "戰錘", "martial_melee", "1d8", "bludgeoning", { versatile = "1d10" }, "push"),
  war_pick = w("War Pick", "戰鎬", "martial_melee", "1d8", "piercing", { versatile = "1d10" }, "sap"),
  whip = w("Whip", "鞭子", "martial_melee", "1d4", "slashing", { finesse = true, reach = true }, "slow"),
  -- Martial Ranged Weapons
  blowgun = w("Blowgun", "吹箭筒", "martial_ranged", "1", "piercing", { ammunition = { 25, 100 }, loading = true }, "vex"),
  hand_crossbow = w("Hand Crossbow", "手弩", "martial_ranged", "1d6", "piercing", { ammunition = { 30, 120 }, light = true, loading = true }, "vex"),
  heavy_crossbow = w("Heavy Crossbow", "重弩", "martial_ranged", "1d10", "piercing",
    { ammunition = { 100, 400 }, heavy = true, loading = true, two_handed = true }, "push"),
  longbow = w("Longbow", "長弓", "martial_ranged", "1d8", "piercing", { ammunition = { 150, 600 }, heavy = true, two_handed = true }, "slow"),
  musket = w("Musket", "火槍", "martial_ranged", "1d12", "piercing", { ammunition = { 40, 120 }, loading = true, two_handed = true }, "slow"),
  pistol = w("Pistol", "手槍", "martial_ranged", "1d10", "piercing", { ammunition = { 30, 90 }, loading = true }, "vex"),
}

local function signed(n)
  if n > 0 then return "+" .. n end
  if n < 0 then return tostring(n) end
  return ""
end

-- damage_expr(die, m) is the damage of a weapon die with a modifier; fixed
-- damage (the Blowgun's 1) gets no modifier (5E-DMG-02).
local function damage_expr(die, m)
  if not string.find(die, "d") then return die end
  return die .. signed(m)
end

-- attack(id, opts) builds the attack entry of weapon id.
-- opts: abilities (scores; default 10s), pb (default 2), magic (+N to hit
-- and damage), two_handed (a Versatile weapon's larger die), ability
-- ("str"/"dex"; default: Dex for ranged weapons, the better of the two for
-- Finesse, else Str), mastery (true when the wielder has mastered it),
-- name (default the weapon's English name), proficient (default true).
function M.attack(id, opts)
  opts = opts or {}
  local wpn = M.list[id]
  if wpn == nil then error("weapons.attack: unknown weapon " .. tostring(id), 2) end
  local p = wpn.properties
  local scores = opts.abilities or {}
  local str, dex = util.mod(scores.str), util.mod(scores.dex)
  local ranged = p.ammunition ~= nil
  local ab = opts.ability
  if ab == nil then
    if ranged then ab = "dex"
    elseif p.finesse and dex > str then ab = "dex"
    else ab = "str" end
  end
  local m = ab == "dex" and dex or str
  local magic = opts.magic or 0
  local pb = opts.proficient == false and 0 or (opts.pb or 2)
  local die = wpn.damage
  if opts.two_handed and p.versatile then die = p.versatile end
  local score = scores[ranged and "dex" or "str"] or 10
  return {
    name = opts.name or wpn.name.en, names = wpn.name,
    bonus = m + pb + magic, damage = damage_expr(die, m + magic), type = wpn.type,
    reach = p.reach and 10 or 5, ranged = ranged, range = p.ammunition or p.thrown,
    weapon = id, ability = ab, mod = m, pb = pb, die = die, magic = magic,
    finesse = p.finesse, light = p.light, heavy = p.heavy, thrown = p.thrown ~= nil,
    heavy_dis = p.heavy and score < 13 or nil,
    mastery = opts.mastery and wpn.mastery or nil,
  }
end

-- no_mod_expr(entry) is the damage of an attack that adds the ability
-- modifier only when it is negative (Light extra attack, Cleave).
local function no_mod_expr(a)
  local m = math.min(a.mod, 0) + a.magic
  return damage_expr(a.die, m)
end

local function mastered(opts, id)
  local m = opts.masteries
  if m == true then return true end
  if type(m) == "table" then
    for _, x in ipairs(m) do
      if x == id then return true end
    end
  end
  return false
end

-- Mastery effects ---------------------------------------------------------

local function remember(kit, self, target, name, source)
  local marks = kit.marks[self]
  if marks == nil then
    marks = {}
    kit.marks[self] = marks
  end
  local n = #marks
  marks[n + 1], marks[n + 2], marks[n + 3] = target, name, { source = source }
end

-- on_hit is the wielder's damage.roll hook: the mastery of the weapon that
-- hit (Vex, Topple, Sap, Slow, Push; Cleave and Graze act at the end of
-- the turn).
local function on_hit(kit, e)
  local a = tactics.attack_info(kit, e.attack)
  local m = a and a.mastery
  if not m then return end
  local self, target = e.attacker, e.target
  local id = tactics.id_of(self)
  if m == "vex" then
    if e.damage > 0 then
      self:add_condition("vex", { source = tactics.id_of(target), level = fight.round(), stacking = "independent" })
    end
  elseif m == "topple" then
    if not target:has("prone") and not util.save(target, "con", 8 + a.mod + a.pb) then
      effects.knock_prone(target, id)
    end
  elseif m == "sap" then
    if effects.sap(target, id) then remember(kit, self, target, "sapped", "sap:" .. id) end
  elseif m == "slow" then
    if e.damage > 0 and not target:has("slowed") then
      target:add_condition("slowed", { source = "slow:" .. id })
      remember(kit, self, target, "slowed", "slow:" .. id)
    end
  elseif m == "push" then
    if util.size_rank(target) <= 4 and not target:has("pushed") then
      target:add_condition("pushed", { source = "push:" .. id })
      remember(kit, self, target, "pushed", "push:" .. id)
    end
  elseif m == "cleave" then
    if not a.ranged then kit.ctx.cleave = a.cleave end
  elseif m == "graze" then
    kit.ctx.graze_hit = true
  end
end

-- Graze: the wielder's attack.declare hook notes each attack with a Graze
-- weapon; one that reaches no damage.roll missed.
local function graze_flush(kit)
  local ctx = kit.ctx
  if ctx.graze_target and not ctx.graze_hit then
    local n = (ctx.grazes or 0) + 1
    ctx.grazes = n
    kit.grazelog[2 * n - 1], kit.grazelog[2 * n] = ctx.graze_target, ctx.graze_attack
  end
  ctx.graze_target, ctx.graze_attack, ctx.graze_hit = nil, nil, nil
end

local function graze_declare(kit, e)
  local ctx = kit.ctx
  if ctx.pending ~= e.attacker then return end
  graze_flush(kit)
  local a = tactics.attack_info(kit, e.attack)
  if a and a.mastery == "graze" then
    ctx.graze_target, ctx.graze_attack, ctx.graze_hit = e.target, a, false
  end
end

local function graze_post(self, kit, ctx)
  graze_flush(kit)
  for i = 1, ctx.grazes or 0 do
    local target, a = kit.grazelog[2 * i - 1], kit.grazelog[2 * i]
    if a.mod > 0 and not fight.is(target, "out") then
      if fight.tracing() then fight.note(self:get("id") .. " grazes " .. target:get("id") .. " (" .. a.name .. "): " .. a.mod) end
      fight.damage(target, a.mod, a.type, self)
    end
  end
  ctx.grazes = 0
end

-- Cleave: once per turn, after a melee hit, an attack on a second enemy.
local function cleave_post(self, kit, ctx)
  local name = ctx.cleave
  ctx.cleave = nil
  if name == nil or ctx.cleaved then return end
  local hits, n = tactics.hits(kit)
  local first = n > 0 and hits[n].target or nil
  local other
  for _, c in ipairs(fight.enemies(self)) do
    if c ~= first and c:get("hp") > 0 then
      other = c
      break
    end
  end
  if other then
    ctx.cleaved = true
    tactics.strike_at(self, kit, ctx, other, name)
  end
end

-- Vex: Advantage on the next attack roll against the vexed creature.
local function vex_roll(e)
  local self = e.attacker
  if not self:has("vex") then return end
  local tid = tactics.id_of(e.target)
  local list = self:conditions("vex")
  for i = 1, #list do
    if list[i].source == tid then
      e.adv = e.adv + 1
      self:remove_condition(list[i].id)
      return
    end
  end
end

-- At the start of the wielder's turn: Sap, Slow and Push it imposed end.
local function marks_end(self, kit)
  local marks = kit.marks[self]
  if marks == nil or #marks == 0 then return end
  for i = 1, #marks, 3 do
    local t, name = marks[i], marks[i + 1]
    if t:has(name) then t:remove_condition(name, marks[i + 2]) end
  end
  for i = #marks, 1, -1 do marks[i] = nil end
end

-- At the end of the wielder's turn: Vex granted on an earlier turn expires.
local function vex_expire(self)
  if not self:has("vex") then return end
  local r = fight.round()
  local list = self:conditions("vex")
  for i = 1, #list do
    if list[i].level < r then self:remove_condition(list[i].id) end
  end
end

-- arm(stat, list, opts) adds weapon attacks to a stat block (after the
-- attacks it has). list: weapon ids or {id = ..., two_handed, magic, name,
-- ability}. opts: masteries (true, or the list of weapon ids the wielder has
-- mastered), offhand (the weapon id of the Light property's extra attack),
-- abilities and pb (default: the stat block's scores and its level's PB).
-- Returns stat.
function M.arm(stat, list, opts)
  opts = opts or {}
  stat.attacks = stat.attacks or {}
  local base = {
    abilities = opts.abilities or stat.abilities,
    pb = opts.pb or proficiency(stat.level or 1),
  }
  local kinds = {}
  local kit = tactics.kit(stat)
  kit.marks = kit.marks or {}
  kit.grazelog = kit.grazelog or {}
  local function add(item)
    local id, o = item, {}
    if type(item) == "table" then id, o = item.id, item end
    local a = M.attack(id, { abilities = base.abilities, pb = base.pb, magic = o.magic, two_handed = o.two_handed,
      ability = o.ability, name = o.name, mastery = mastered(opts, id) })
    stat.attacks[#stat.attacks + 1] = a
    if a.mastery then
      kinds[a.mastery] = true
      if a.mastery == "cleave" then
        local c = {}
        for k, v in pairs(a) do c[k] = v end
        c.name, c.damage, c.mastery, c.variant = a.name .. " (cleave)", no_mod_expr(a), nil, "cleave"
        stat.attacks[#stat.attacks + 1] = c
        a.cleave = c.name
      end
    end
    return a
  end
  for _, item in ipairs(list) do add(item) end
  if opts.offhand then
    local main = stat.attacks[1]
    local a = M.attack(opts.offhand, { abilities = base.abilities, pb = base.pb, mastery = mastered(opts, opts.offhand) })
    if not (a.light and main and main.light and main.weapon ~= opts.offhand) then
      error("weapons.arm: the extra attack of the Light property needs two different Light weapons", 2)
    end
    a.name, a.damage, a.variant = a.name .. " (off-hand)", no_mod_expr(a), "off-hand"
    local nick = a.mastery == "nick"
    a.mastery = nil
    stat.attacks[#stat.attacks + 1] = a
    -- After an Attack action with a Light weapon: with Nick, part of the
    -- action (once per turn); else the Bonus Action.
    local function light(self, k, ctx)
      if ctx.action == "attack" and not ctx.light_done then
        ctx.light_done = true
        tactics.strike(self, k, ctx, a.name)
      end
    end
    if nick then
      tactics.post(kit, light)
    else
      tactics.after(kit, { name = "light weapon attack",
        when = function(_self, _k, ctx) return ctx.action == "attack" and not ctx.light_done end,
        run = light })
    end
  end
  if next(kinds) ~= nil and not kit.masteries then
    kit.masteries = true
    hooks.add(stat, "damage.roll", function(e) on_hit(kit, e) end)
    tactics.on_start(kit, marks_end)
  end
  if kinds.cleave and not kit.cleave then
    kit.cleave = true
    tactics.track_hits(stat, kit)
    tactics.post(kit, cleave_post)
  end
  if kinds.graze and not kit.graze then
    kit.graze = true
    hooks.add(stat, "attack.declare", function(e) graze_declare(kit, e) end)
    tactics.post(kit, graze_post)
  end
  local heavy = false
  for _, a in ipairs(stat.attacks) do heavy = heavy or a.heavy_dis == true end
  if heavy and not kit.heavy then
    kit.heavy = true
    hooks.add(stat, "attack.roll", function(e)
      local a = tactics.attack_info(kit, e.attack)
      if a and a.heavy_dis then e.dis = e.dis + 1 end
    end)
  end
  if kinds.vex and not kit.vex then
    kit.vex = true
    tactics.on_finish(kit, vex_expire)
    hooks.add(stat, "attack.roll", vex_roll, { has = "vex" })
  end
  return stat
end

return M
