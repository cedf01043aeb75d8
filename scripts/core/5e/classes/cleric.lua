-- Cleric features that fights need (require("core.5e.classes.cleric")).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
--   Spellcasting            Wisdom; spell slots of a full caster (resources
--                           slot_1 ..); one spell with a slot per turn.
--   Healing Word (level 1)  Bonus Action, 60 ft: a creature regains 2d4 +
--                           Wisdom modifier HP (+2d4 per slot level above
--                           1). Cast on a dying ally first (it is back in the
--                           fight, Prone until its turn), else, without Cure
--                           Wounds, on an ally at or below heal_below.
--   Cure Wounds (level 1)   Action, touch: 2d8 + Wisdom modifier HP (+2d8 per
--                           slot level above 1), on a dying ally when the
--                           Bonus Action is spent, else on an ally (itself
--                           included) at or below heal_below.
--   Turn Undead (level 2)   Channel Divinity (2 uses, 3 at 6, 4 at 18), a
--                           Magic action: each Undead enemy makes a Wisdom
--                           save against the spell save DC or has the
--                           Frightened and Incapacitated conditions for 1
--                           minute, ending early when it takes damage. Used
--                           when turn_undead_min Undead are not turned.
--   Sear Undead (level 5)   each Undead that fails takes Radiant damage:
--                           Wisdom modifier (at least 1) d8s, rolled once;
--                           this damage does not end the turning.
--   Bless (level 1)         Action, 30 ft, Concentration up to 1 minute:
--                           up to three creatures (+1 per slot level above
--                           1) add 1d4 to their attack rolls and saving
--                           throws (condition "blessed", whose source is the
--                           caster) until the Concentration ends
--                           (core.5e.concentration: a failed Constitution
--                           save on damage, Incapacitated, 0 HP, another
--                           Concentration spell). Cast on the caster and
--                           the allies with the most HP when nobody needs
--                           healing and it holds no Concentration; off
--                           unless the setting bless is true (the slots are
--                           kept for healing). Paladins have it too.
--   A cleric's kit stabilises a dying ally it cannot heal (DC 10 Wisdom
--   (Medicine), setting stabilise; tag "skill:medicine" adds the PB).
local dice = require("dice")
local rules = require("rules")
local fight = require("fight")
local util = require("core.5e.util")
local effects = require("core.5e.effects")
local tactics = require("core.5e.tactics")
local conc = require("core.5e.concentration")

local M = {}

M.names = {
  healing_word = { en = "Healing Word", zh = "治療真言" },
  cure_wounds = { en = "Cure Wounds", zh = "治療傷口" },
  turn_undead = { en = "Turn Undead", zh = "驅散不死生物" },
  sear_undead = { en = "Sear Undead", zh = "灼燒不死生物" },
  bless = { en = "Bless", zh = "祝福術" },
}

local function level_of(stat, opts) return opts and opts.level or stat.level or 1 end

-- heal(c, n) heals a living creature, or brings a dying one back.
function M.heal(c, n)
  if fight.is(c, "out") then
    effects.revive(c, n)
  else
    c:heal(n)
  end
end

-- spellcasting(stat [, opts]): Wisdom spellcasting of a Cleric level.
function M.spellcasting(stat, opts)
  local kit = tactics.kit(stat)
  if kit.dc then return stat end
  kit.dc, kit.spell_attack, kit.cast_mod = util.spellcasting(stat, { ability = "wis", level = level_of(stat, opts) })
  kit.defaults.stabilise = true
  return stat
end

local function cast(self, ctx, min)
  local l = util.slot_left(self, min or 1)
  self:spend("slot_" .. l)
  ctx.slot = true
  return l
end

-- healing_word(stat [, opts]).
function M.healing_word(stat, opts)
  M.spellcasting(stat, opts)
  local kit = stat.kit
  kit.healing_word = true
  tactics.bonus(kit, { name = "healing_word",
    when = function(self, k, ctx)
      if ctx.slot then return nil end
      local a
      if tactics.setting(self, k, "revive") then a = tactics.turn_dying_ally(self, ctx) end
      if a == nil and not k.cure_wounds then a = tactics.wounded_ally(self, tactics.setting(self, k, "heal_below"), true) end
      if a == nil or not util.slot_left(self, 1) then return nil end
      return a
    end,
    run = function(self, k, ctx, ally)
      local l = cast(self, ctx)
      local n = dice.total((2 * l) .. "d4") + k.cast_mod
      if fight.tracing() then fight.note(string.format("%s casts Healing Word (level %d) on %s: %d HP", self:get("id"), l, ally:get("id"), n)) end
      M.heal(ally, n)
    end })
  return stat
end

-- cure_wounds(stat [, opts]).
function M.cure_wounds(stat, opts)
  M.spellcasting(stat, opts)
  local kit = stat.kit
  kit.cure_wounds = true
  tactics.action(kit, { name = "cure_wounds",
    when = function(self, k, ctx)
      if ctx.slot then return nil end
      local a
      if tactics.setting(self, k, "revive") then a = tactics.turn_dying_ally(self, ctx) end
      if a == nil then a = tactics.wounded_ally(self, tactics.setting(self, k, "heal_below"), true) end
      if a == nil or not util.slot_left(self, 1) then return nil end
      return a
    end,
    run = function(self, k, ctx, ally)
      local l = cast(self, ctx)
      local n = dice.total((2 * l) .. "d8") + k.cast_mod
      if fight.tracing() then fight.note(string.format("%s casts Cure Wounds (level %d) on %s: %d HP", self:get("id"), l, ally:get("id"), n)) end
      M.heal(ally, n)
    end })
  return stat
end

-- bless_targets(self, n) lists self and the living allies with the most
-- HP, n in all.
local function bless_targets(self, n)
  local list = { self }
  local others = {}
  for _, a in ipairs(fight.allies(self)) do
    if a ~= self then others[#others + 1] = a end
  end
  table.sort(others, function(a, b) return a:get("hp") > b:get("hp") end)
  for i = 1, math.min(n - 1, #others) do list[#list + 1] = others[i] end
  return list
end

-- M.cast_bless makes self concentrate on Bless on targets (a list of
-- creatures): each has the condition "blessed" (source: self's id) until
-- the Concentration ends. Exposed for specs and scripts.
function M.cast_bless(self, targets)
  local id = self:get("id")
  local list = {}
  for i, t in ipairs(targets) do list[i] = t end
  conc.start(self, { name = "bless", targets = list, ends = function()
    for _, t in ipairs(list) do t:remove_condition("blessed", { source = id }) end
  end })
  for _, t in ipairs(list) do t:add_condition("blessed", { source = id, stacking = "independent" }) end
  return list
end

-- bless(stat [, opts]): the Bless spell in the caster's kit (setting bless).
function M.bless(stat, opts)
  local kit = tactics.kit(stat)
  if kit.bless then return stat end
  kit.bless = true
  if opts and opts.spellcasting then opts.spellcasting(stat, opts) else M.spellcasting(stat, opts) end
  conc.watch(stat)
  tactics.action(kit, { name = "bless",
    when = function(self, k, ctx)
      if ctx.slot or not tactics.setting(self, k, "bless") or conc.holds(self) then return nil end
      if fight.enemy_count(self) == 0 then return nil end
      return util.slot_left(self, 1)
    end,
    run = function(self, _k, ctx, l)
      self:spend("slot_" .. l)
      ctx.slot = true
      local list = M.cast_bless(self, bless_targets(self, 2 + l))
      local names = {}
      for i, t in ipairs(list) do names[i] = t:get("id") end
      fight.note(string.format("%s casts Bless (level %d): %s", self:get("id"), l, table.concat(names, ", ")))
    end })
  return stat
end

-- undead_foes caches whether a creature has any Undead enemy in its fight.
local undead_foes = rules.memo()
local function has_undead_foes(self)
  local v = undead_foes[self]
  if v == nil then
    v = false
    local side = tactics.side_of(self)
    for _, c in ipairs(fight.all()) do
      if tactics.side_of(c) ~= side and c:has_tag("undead") then v = true end
    end
    undead_foes[self] = v
  end
  return v
end

-- turnable(self) lists the Undead enemies that are not turned.
local function turnable(self)
  local out = {}
  if not has_undead_foes(self) then return out end
  for _, c in ipairs(fight.enemies(self)) do
    if c:has_tag("undead") and not c:has("turned") and c:get("hp") > 0 then out[#out + 1] = c end
  end
  return out
end

-- turn_undead(stat [, opts]): opts.level (Sear Undead from level 5).
function M.turn_undead(stat, opts)
  local level = level_of(stat, opts)
  M.spellcasting(stat, opts)
  local kit = stat.kit
  util.resource(stat, "channel_divinity", { max = level >= 18 and 4 or (level >= 6 and 3 or 2),
    recharge = "rest", rest = "short", amount = 1 })
  local sear = level >= 5 and (math.max(1, kit.cast_mod) .. "d8") or nil
  tactics.action(kit, { name = "turn_undead",
    when = function(self, k)
      local list = turnable(self)
      if #list < tactics.setting(self, k, "turn_undead_min") or util.uses(self, "channel_divinity") < 1 then return nil end
      return list
    end,
    run = function(self, k, _ctx, list)
      self:spend("channel_divinity")
      local failed = M.turn(self, list, k.dc, sear)
      fight.note(string.format("%s turns undead (DC %d): %d of %d fail", self:get("id"), k.dc, #failed, #list))
    end })
  return stat
end

-- turn(self, undead, dc [, sear]) resolves Turn Undead against a list of
-- Undead (exposed for specs and custom scripts): returns the list of those
-- that failed their save.
function M.turn(self, undead, dc, sear)
  local id = self:get("id")
  local failed = {}
  for _, c in ipairs(undead) do
    if not util.save(c, "wis", dc, { magic = true }) then failed[#failed + 1] = c end
  end
  if sear and #failed > 0 then
    local n = dice.total(sear)
    -- each Undead in the cleric's hit rate: a hit when it failed and takes the damage
    local hit = {}
    for _, c in ipairs(failed) do hit[c] = true end
    for _, c in ipairs(undead) do fight.tally(self, hit[c] == true) end
    for _, c in ipairs(failed) do fight.damage(c, n, "radiant", self) end
  end
  for _, c in ipairs(failed) do
    local info = fight.info(c)
    if not info.out then effects.turn(c, id, info.taken) end
  end
  return failed
end

-- apply(stat [, level]) adds every feature of the Cleric level.
function M.apply(stat, level)
  level = level or stat.level or 1
  util.tag_level(stat, level)
  M.spellcasting(stat, { level = level })
  M.healing_word(stat, { level = level })
  M.cure_wounds(stat, { level = level })
  if level >= 2 then M.turn_undead(stat, { level = level }) end
  M.bless(stat, { level = level })
  return stat
end

return M
