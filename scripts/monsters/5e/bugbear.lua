-- Bugbear Warrior (id "bugbear"), SRD 5.2.1 Monsters A-Z, "Bugbears".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Scripted, scoped to the bugbear (its kit chooses its action):
--   Grab          on a hit, a Medium or smaller target has the Grappled
--                 condition (escape DC 12; source: the bugbear). It grabs
--                 when it grapples nobody yet (the weakest enemy it can).
--   Light Hammer  Advantage on the attack roll when the target is Grappled
--                 by the bugbear; its attack once it holds someone, at the
--                 creature it holds first.
--   Abduct        movement only: no effect without positions.
-- The grapple ends when the bugbear drops. Grappled creatures do not try
-- to escape (self-playing creatures keep attacking).
local fight = require("fight")
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")
local tactics = require("core.5e.tactics")

local stat = util.monster{
  id = "bugbear", name = { en = "Bugbear Warrior", zh = "熊地精戰士" }, source = "SRD 5.2.1",
  size = "medium", creature_type = "fey", tags = { "fey", "goblinoid" }, alignment = "Chaotic Evil",
  ac = 14, init = 2, hp = 33, hit_dice = "6d8+6", speed = { walk = 30 },
  abilities = { str = 15, dex = 14, con = 13, int = 8, wis = 11, cha = 9 },
  saves = { str = 2, dex = 2, con = 1, int = -1, wis = 0, cha = -1 },
  skills = { stealth = 6, survival = 2 },
  gear = { "Hide Armor", "Light Hammers (3)" },
  senses = { darkvision = 60 }, passive_perception = 10, languages = { "Common", "Goblin" },
  cr = "1", xp = 200, pb = 2, reach = 10,
  attacks = {
    { name = "Grab", bonus = 4, damage = "2d6+2", type = "bludgeoning", reach = 10, escape_dc = 12 },
    { name = "Light Hammer", bonus = 4, damage = "3d4+2", type = "bludgeoning", reach = 10, range = { 20, 60 } },
  },
  features = {
    { id = "abduct", en = "Abduct", zh = "擄走", kind = "trait" },
  },
}

-- held(self) is a living enemy Grappled by self, or nil.
local function held(self)
  local id = self:get("id")
  for _, c in ipairs(fight.enemies(self)) do
    if c:has("grappled") then
      for _, g in ipairs(c:conditions("grappled")) do
        if g.source == id then return c end
      end
    end
  end
  return nil
end

local function grappled_by(c, id)
  for _, g in ipairs(c:conditions("grappled")) do
    if g.source == id then return true end
  end
  return false
end

local kit = tactics.kit(stat)

tactics.action(kit, { name = "grab",
  when = function(self)
    if held(self) then return nil end
    local best
    for _, c in ipairs(fight.enemies(self)) do
      if util.size_rank(c) <= 3 and not c:has("grappled") and (best == nil or c:get("hp") < best:get("hp")) then
        best = c
      end
    end
    return best
  end,
  run = function(self, k, ctx, target) tactics.strike_at(self, k, ctx, target, "Grab") end })

-- Light Hammer (its Attack action for the engine: a one-attack
-- "multiattack") goes to the creature it holds.
stat.multiattack = { "Light Hammer" }
stat.tactics = function(self, enemies)
  local h = held(self)
  if h then return h end
  local best = enemies[1]
  for _, c in ipairs(enemies) do
    if c:get("hp") < best:get("hp") then best = c end
  end
  return best
end

hooks.add(stat, "attack.roll", function(e)
  if e.attack == "Light Hammer" and e.target:has("grappled") and grappled_by(e.target, e.attacker:get("id")) then
    e.adv = e.adv + 1
  end
end)

hooks.add(stat, "damage.roll", function(e)
  if e.attack == "Grab" and util.size_rank(e.target) <= 3 then
    e.target:add_condition("grappled", { source = e.attacker:get("id"), stacking = "independent" })
  end
end)

hooks.add(stat, "creature.down", function(e)
  local id = e.target:get("id")
  for _, c in ipairs(fight.all()) do
    if c:has("grappled") then c:remove_condition("grappled", { source = id }) end
  end
end)

return stat
