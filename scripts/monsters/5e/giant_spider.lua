-- Giant Spider (id "giant_spider"), SRD 5.2.1 Animals.
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Scripted, scoped to the spider (its kit chooses its action):
--   Bite                 1d8 + 3 Piercing plus 2d6 Poison (a labelled damage
--                        part). It bites a Restrained enemy first.
--   Web (Recharge 5-6)   Dexterity saving throw DC 13, one creature within
--                        60 feet: on a failure it has the Restrained
--                        condition until the web (AC 10; HP 5; Vulnerability
--                        to Fire; Immunity to Poison and Psychic) is
--                        destroyed. Resource "web": it recharges on a d6
--                        of 5-6 rolled at the start of the spider's turn.
--                        It webs the weakest enemy not yet Restrained. A
--                        webbed creature spends its next turn tearing the
--                        web (5 HP, AC 10: any weapon hit does it) and takes
--                        no action on that turn (core.5e.effects "web").
--   Spider Climb, Web Walker  movement only: no effect without positions.
local fight = require("fight")
local util = require("core.5e.util")
local effects = require("core.5e.effects")
local tactics = require("core.5e.tactics")

local stat = util.monster{
  id = "giant_spider", name = { en = "Giant Spider", zh = "巨型蜘蛛" }, source = "SRD 5.2.1",
  size = "large", creature_type = "beast", tags = { "beast" }, alignment = "Unaligned",
  ac = 14, init = 3, hp = 26, hit_dice = "4d10+4", speed = { walk = 30, climb = 30 },
  abilities = { str = 14, dex = 16, con = 12, int = 2, wis = 11, cha = 4 },
  saves = { str = 2, dex = 3, con = 1, int = -4, wis = 0, cha = -3 },
  skills = { perception = 4, stealth = 7 },
  senses = { darkvision = 60 }, passive_perception = 14, languages = {},
  cr = "1", xp = 200, pb = 2, reach = 5,
  attacks = {
    { name = "Bite", bonus = 5, damage = "1d8+3 + 2d6[poison]", type = "piercing", reach = 5 },
  },
  resources = { web = { max = 1, recharge = "roll", die = 6, min = 5 } },
  web = { ability = "dex", dc = 13, range = 60 },
  features = {
    { id = "spider_climb", en = "Spider Climb", zh = "蛛行", kind = "trait", scripted = false },
    { id = "web_walker", en = "Web Walker", zh = "蛛網行者", kind = "trait", scripted = false },
    { id = "web", en = "Web", zh = "蛛網", kind = "action", recharge = "5-6" },
  },
}

-- Bites go to a Restrained enemy first, then the weakest.
stat.tactics = function(_self, enemies)
  local best
  for _, c in ipairs(enemies) do
    local r = c:has("restrained") and 0 or 1
    if best == nil or r < best[2] or (r == best[2] and c:get("hp") < best[1]:get("hp")) then best = { c, r } end
  end
  return best[1]
end

local kit = tactics.kit(stat)

tactics.action(kit, { name = "web",
  when = function(self)
    if util.uses(self, "web") < 1 then return nil end
    local best
    for _, c in ipairs(fight.enemies(self)) do
      if not c:has("restrained") and (best == nil or c:get("hp") < best:get("hp")) then best = c end
    end
    return best
  end,
  run = function(self, _k, _ctx, target)
    self:spend("web")
    if util.save(target, stat.web.ability, stat.web.dc) then
      fight.note(self:get("id") .. " shoots a web at " .. target:get("id") .. ", who dodges it")
    else
      effects.web(target, self:get("id"))
      fight.note(self:get("id") .. " webs " .. target:get("id") .. " (Restrained)")
    end
  end })

return stat
