-- Wizard features that fights need (require("core.5e.classes.wizard")).
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
--   Spellcasting           Intelligence; spell slots of a full caster.
--   Fire Bolt (cantrip)    ranged spell attack (spell attack bonus), 120 ft:
--                          1d10 Fire damage (2d10 at level 5, 3d10 at 11,
--                          4d10 at 17), no ability modifier. It is the
--                          wizard's attack (an attack entry "Fire Bolt"), so
--                          Extra Attack-free Attack actions cast it; fire
--                          also stops a troll's Regeneration, and the
--                          target choice finishes a troll at 0 HP with it.
--   Magic Missile (1st)    Action: three darts of 1d4 + 1 Force damage (one
--                          more per slot level above 1), each hitting a
--                          creature of its choice: the darts go to the
--                          weakest enemies, as many as (on average) fell
--                          each. Cast when the darts can finish an enemy,
--                          or when every enemy is immune to Fire Bolt's fire
--                          (setting magic_missile).
--   Shield (1st)           Reaction when hit by an attack roll: +5 AC until
--                          the start of its next turn, including against the
--                          triggering attack. An attack.roll hook on the
--                          wizard as its target (result phase, after the
--                          attacker's hooks) casts it on a hit whose total
--                          is under its AC + 5 and whose d20 is no natural
--                          20: it spends a level 1 slot (the lowest left)
--                          and the Reaction (fight.spend; the engine refills
--                          it at the start of the wizard's turn) and the
--                          attack misses; condition "shielded" (+5 AC) makes
--                          later attacks miss too until the start of its
--                          next turn. It keeps slot_reserve level 1 slots
--                          for it (setting shield).
local dice = require("dice")
local fight = require("fight")
local hooks = require("core.5e.hooks")
local util = require("core.5e.util")
local tactics = require("core.5e.tactics")

local M = {}

M.names = {
  fire_bolt = { en = "Fire Bolt", zh = "火焰箭" },
  magic_missile = { en = "Magic Missile", zh = "魔法飛彈" },
  shield = { en = "Shield", zh = "護盾術" },
}

local function level_of(stat, opts) return opts and opts.level or stat.level or 1 end

-- spellcasting(stat [, opts]): Intelligence spellcasting of a Wizard level.
function M.spellcasting(stat, opts)
  local kit = tactics.kit(stat)
  if kit.dc then return stat end
  kit.dc, kit.spell_attack, kit.cast_mod = util.spellcasting(stat, { ability = "int", level = level_of(stat, opts) })
  return stat
end

-- fire_bolt(stat [, opts]) adds the attack entry "Fire Bolt".
function M.fire_bolt(stat, opts)
  local level = level_of(stat, opts)
  M.spellcasting(stat, opts)
  local n = level >= 17 and 4 or (level >= 11 and 3 or (level >= 5 and 2 or 1))
  stat.attacks = stat.attacks or {}
  for _, a in ipairs(stat.attacks) do
    if a.name == "Fire Bolt" then return stat end
  end
  stat.attacks[#stat.attacks + 1] = { name = "Fire Bolt", names = M.names.fire_bolt, bonus = stat.kit.spell_attack,
    damage = n .. "d10", type = "fire", ranged = true, spell = true, range = { 120, 120 } }
  return stat
end

-- missile_slot(self, kit): the slot level Magic Missile would use, keeping
-- the level 1 slots reserved for Shield.
local function missile_slot(self, k)
  local reserve = k.shield and tactics.setting(self, k, "slot_reserve") or 0
  if util.slots_left(self, 1) > reserve then return 1 end
  return util.slot_left(self, 2)
end

-- darts(self, n) assigns n darts to the weakest enemies: each gets darts
-- until their average (3.5) covers its hit points. Returns {{target, n}...}.
function M.assign_darts(self, n)
  local enemies = fight.enemies(self)
  local list = {}
  for _, c in ipairs(enemies) do
    if c:get("hp") > 0 then list[#list + 1] = c end
  end
  if #list == 0 then list = enemies end
  table.sort(list, function(a, b) return a:get("hp") < b:get("hp") end)
  local out, i = {}, 1
  while n > 0 and i <= #list do
    local need = math.max(1, math.ceil(list[i]:get("hp") / 3.5))
    local k = math.min(need, n)
    if i == #list then k = n end
    out[#out + 1] = { list[i], k }
    n = n - k
    i = i + 1
  end
  return out
end

-- magic_missile(stat [, opts]).
function M.magic_missile(stat, opts)
  M.spellcasting(stat, opts)
  local kit = stat.kit
  tactics.action(kit, { name = "magic_missile",
    when = function(self, k, ctx)
      if ctx.slot then return nil end
      local how = tactics.setting(self, k, "magic_missile")
      if how == "never" then return nil end
      if how ~= "always" then
        -- three darts (the fewest) can likely finish an enemy, or every
        -- enemy is immune to Fire Bolt
        local found, burnable = false, false
        local enemies = fight.enemies(self)
        for i = 1, #enemies do
          local c = enemies[i]
          local hp = c:get("hp")
          if hp > 0 and hp <= 3 * 3.5 then found = true end
          if not util.immune(c, "fire") then burnable = true end
        end
        if not found and burnable then return nil end
      end
      return missile_slot(self, k)
    end,
    run = function(self, _k, ctx, l)
      self:spend("slot_" .. l)
      ctx.slot = true
      if fight.tracing() then fight.note(string.format("%s casts Magic Missile (level %d, %d darts)", self:get("id"), l, 2 + l)) end
      for _, p in ipairs(M.assign_darts(self, 2 + l)) do
        for _ = 1, p[2] do
          if not fight.is(p[1], "out") then
            fight.tally(self, true) -- a dart always hits: one in the caster's hit rate
            fight.damage(p[1], dice.total("1d4+1"), "force", self)
          end
        end
      end
    end })
  return stat
end

-- shield(stat [, opts]).
function M.shield(stat, opts)
  M.spellcasting(stat, opts)
  local kit = stat.kit
  if kit.shield then return stat end
  kit.shield = true
  tactics.on_start(kit, function(self) self:remove_condition("shielded") end)
  hooks.add(stat, "attack.roll", function(e)
    if not e.hit or e.natural == 20 then return end
    local self = e.target
    local ac = e.needed + 5
    if e.total >= ac or self:has("shielded") then return end
    if util.incapacitated(self) or fight.is(self, "out") or not tactics.setting(self, kit, "shield") then return end
    local l = util.slot_left(self, 1)
    if not l or not fight.spend(self, "reaction") then return end
    self:spend("slot_" .. l)
    self:add_condition("shielded", { source = "shield" })
    e.hit, e.crit = false, false
    if fight.tracing() then fight.note(string.format("%s casts Shield (reaction): AC %d against %d", tactics.id_of(self), ac, e.total)) end
  end, { phase = "result", only = "subject", priority = hooks.LATE })
  return stat
end

-- apply(stat [, level]) adds every feature of the Wizard level.
function M.apply(stat, level)
  level = level or stat.level or 1
  util.tag_level(stat, level)
  M.spellcasting(stat, { level = level })
  M.fire_bolt(stat, { level = level })
  M.magic_missile(stat, { level = level })
  M.shield(stat, { level = level })
  return stat
end

return M
