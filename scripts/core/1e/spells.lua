-- Spell casting and magic devices in melee (inventory section 9), and the
-- few spells the self-playing clerics and magic-users use. The spells'
-- numbers are [K] Players Handbook (not in the seed).
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local lib = require("core.1e.lib")
local melee = require("core.1e.melee")

local M = rules.get("1e.spells")
if M then return M end
M = {}

-- ------------------------------------------------------------ timing
-- 1E-CAST-01: casting begins when initiative says and completes its
-- casting time (segments) later; casting, missiles, devices and turning
-- share a slot. completes_at(start, time) -> round offset and segment
-- (AMB-48: a completion past segment 10 spills into the next round).
function M.completes_at(start_segment, casting_time)
  local s = start_segment + casting_time
  local rounds = 0
  while s > 10 do
    s = s - 10
    rounds = rounds + 1
  end
  return rounds, s
end

-- 1E-CAST-02: what spoils a spell: any interruption of the somatic motion,
-- moving (running, dodging, even walking), losing sight of the area,
-- crouching or lying down (unless no somatic component), and any
-- successful hit, missile or unsaved (or unsaveable) spell, even a shove.
-- A spoiled spell is lost as if cast.
M.spoilers = { hit = true, missile = true, unsaved_spell = true, shove = true, moved = true,
               lost_sight = true, interrupted = true, prone = true, crouched = true }
function M.spoils(event, somatic)
  if (event == "prone" or event == "crouched") and somatic == false then return false end
  return M.spoilers[event] == true
end

-- 1E-CAST-03: (1) spells are declared at the start of the round before
-- initiative; (2) attacks on the caster come in the segment of the
-- applicable initiative die (the winning, higher die: TV-09, AMB-05);
-- (3) intelligent monsters not engaged by others attack casters;
-- (4) no Dexterity AC bonus while casting (tohit.lua reads "casting");
-- (5) any hit or failed save spoils the spell.
function M.attack_segment(die_a, die_b) return math.max(die_a, die_b) end

-- lands_first(o): does an attack on a caster land before the spell is
-- done? o.melee with o.wsf against a caster whose side won: 1E-STRIKE-03
-- (melee.versus_spell); everything else: the attack's segment (the
-- winning die) against the casting time (AMB-05).
function M.lands_first(o)
  if o.melee and o.caster_won then
    local r = melee.versus_spell(o.wsf, o.loser_die, o.casting_time, o.tied)
    return r == "blow", r
  end
  if not o.caster_won and not o.tied then return true, "blow" end
  local seg = o.winner_die
  if seg < o.casting_time then return true, "blow" end
  if seg == o.casting_time then return false, "simultaneous" end
  return false, "spell"
end

-- 1E-CAST-04: a magic device's effect goes off when initiative says; no
-- rule lets a hit spoil it.
function M.device_spoiled() return false end

-- 1E-CAST-05 / 1E-MISS-08: cover against spells (missiles.lua).

-- ------------------------------------------------------------ spells [K]
-- casting time in segments, range in inches, level, class.
M.list = {
  bless = { class = "cleric", level = 1, time = 10, range = 6, rounds = 6 },
  cure_light_wounds = { class = "cleric", level = 1, time = 5, range = 0, heal = "1d8" },
  hold_person = { class = "cleric", level = 2, time = 5, range = 6, targets = 3 },
  magic_missile = { class = "magic-user", level = 1, time = 1, range = 6 },
  sleep = { class = "magic-user", level = 1, time = 1, range = 3 },
}

-- magic missile: one missile (1d4+1, never misses) per 2 levels.
function M.missiles(level) return 1 + math.floor((level - 1) / 2) end

-- sleep: how many creatures of each hit dice (up to 4+ HD), no save.
M.sleep_dice = { [1] = "4d4", [2] = "2d4", [3] = "1d4", [4] = "1" }
function M.sleep_band(c)
  local d, p = lib.hd(c)
  if d < 1 then return 1 end
  if d == 1 and p <= 1 then return 1 end
  if d <= 2 then return 2 end
  if d <= 3 then return 3 end
  if d == 4 and p <= 3 then return 4 end
  return nil
end

-- hold person: humans, demi-humans and humanoids; the save is at -3
-- against one target, -1 against two, 0 against three [K].
M.hold_save = { [1] = -3, [2] = -1, [3] = 0 }
function M.holdable(c)
  return c:has_tag("pc") or c:has_tag("humanoid")
end

-- ------------------------------------------------------------ effects
-- effect(name, caster, targets, saves) applies a spell that completed;
-- returns a short description for the log.
function M.effect(name, caster, targets, saves)
  local lvl = lib.level(caster)
  if name == "magic_missile" then
    local t = targets[1]
    local n, total = M.missiles(lvl), 0
    for _ = 1, n do total = total + dice.total("1d4+1") end
    fight.tally(caster, true) -- the missiles never miss: a hit in the caster's hit rate
    fight.damage(t, total, "force", caster)
    return string.format("%d missile(s) hit %s for %d", n, t:get("id"), total)
  elseif name == "sleep" then
    local left = {}
    local asleep = {}
    for _, t in ipairs(targets) do
      local band = M.sleep_band(t)
      if band and not t:has_tag("undead") and not t:has("asleep") then
        if left[band] == nil then left[band] = dice.total(M.sleep_dice[band]) end
        if left[band] > 0 then
          left[band] = left[band] - 1
          t:add_condition("asleep", { source = "sleep" })
          asleep[#asleep + 1] = t:get("id")
        end
      end
    end
    return "asleep: " .. table.concat(asleep, ", ")
  elseif name == "hold_person" then
    local held = {}
    local sv = rules.need("1e.saves")
    local n = math.min(#targets, 3)
    for i = 1, n do
      local t = targets[i]
      if M.holdable(t) then
        local r = sv.save(t, "spell", { M.hold_save[n] })
        if not r.success then
          t:add_condition("held", { source = "hold person" })
          held[#held + 1] = t:get("id")
        end
      end
    end
    return "held: " .. table.concat(held, ", ")
  elseif name == "bless" then
    for _, t in ipairs(targets) do t:add_condition("blessed", { source = "bless" }) end
    return string.format("%d blessed", #targets)
  elseif name == "cure_light_wounds" then
    local t = targets[1]
    local n = dice.total("1d8")
    if t:has("dying") then
      rules.need("1e.hp").aid(t)
      fight.stabilize(t)
      return t:get("id") .. " stops bleeding"
    end
    t:heal(n)
    return string.format("%s heals %d", t:get("id"), n)
  end
  error("unknown spell " .. tostring(name), 2)
end

-- can_cast(c, name): has the caster a prepared spell of that name?
function M.can_cast(c, name)
  local r = c:resource(name)
  return r ~= nil and r.current > 0
end

rules.define("1e.spells", M)
return M
