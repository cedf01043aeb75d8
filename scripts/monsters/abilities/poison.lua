-- Poison (monsters.abilities.poison; DMG-SA-30..32, Table 3-16 [K, recon:
-- SRD 3.0 "Poisons", rows 19-28 3.5-sourced]): on exposure a Fortitude
-- save, or the initial damage; one minute (10 rounds) later a second save,
-- even if the first succeeded, or the secondary damage. One dose affects
-- one target. Damage is temporary ability damage (monsters.abilities.
-- ability_damage) unless marked drain (Table 3-16's *). Creatures are
-- immune to their own poison; constructs, undead and creatures without a
-- metabolism (elementals) to all; oozes and plants to all but poisons made
-- for them. A hit the target's DR absorbed whole delivers no injury
-- poison (DMG-SA-14).
--
--   on_hit(stat, {attacks = {"Sting"}, poison = "wyvern"} or {..., dc,
--              initial = {str = "1d6"}, secondary = {...}})
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local AD = require("monsters.abilities.ability_damage")

local M = rules.get("abilities.poison")
if M then return M end
M = {}

-- Table 3-16: type, DC, initial, secondary (ability = dice; "*" drain;
-- "hp" hit points; "paralysis" / "unconscious" conditions), price in gp.
M.table = {
  small_centipede = { "injury", 11, { dex = "1d2" }, { dex = "1d2" }, 90 },
  greenblood_oil = { "injury", 13, { con = "1" }, { con = "1d2" }, 100 },
  medium_spider = { "injury", 14, { str = "1d4" }, { str = "1d4" }, 150 },
  bloodroot = { "injury", 12, {}, { con = "1d4", wis = "1d3" }, 100 },
  purple_worm = { "injury", 24, { str = "1d6" }, { str = "2d6" }, 700 },
  large_scorpion = { "injury", 18, { str = "1d6" }, { str = "1d6" }, 200 },
  wyvern = { "injury", 17, { con = "2d6" }, { con = "2d6" }, 3000 },
  blue_whinnis = { "injury", 14, { con = "1" }, { unconscious = true }, 120 },
  giant_wasp = { "injury", 18, { dex = "1d6" }, { dex = "1d6" }, 210 },
  shadow_essence = { "injury", 17, { str = "1*" }, { str = "2d6" }, 250 },
  black_adder = { "injury", 11, { con = "1d6" }, { con = "1d6" }, 120 },
  deathblade = { "injury", 20, { con = "1d6" }, { con = "2d6" }, 1800 },
  malyss_root_paste = { "contact", 16, { dex = "1" }, { dex = "2d4" }, 500 },
  nitharit = { "contact", 13, {}, { con = "3d6" }, 650 },
  dragon_bile = { "contact", 26, { str = "3d6" }, {}, 1500 },
  sassone_leaf_residue = { "contact", 16, { hp = "2d12" }, { con = "1d6" }, 300 },
  terinav_root = { "contact", 16, { dex = "1d6" }, { dex = "2d6" }, 750 },
  carrion_crawler_brain_juice = { "contact", 13, { paralysis = true }, {}, 200 },
  black_lotus_extract = { "contact", 20, { con = "3d6" }, { con = "3d6" }, 4500 },
  oil_of_taggit = { "ingested", 15, {}, { unconscious = true }, 90 },
  id_moss = { "ingested", 14, { int = "1d4" }, { int = "2d6" }, 125 },
  striped_toadstool = { "ingested", 11, { wis = "1" }, { wis = "2d6", int = "1d4" }, 180 },
  arsenic = { "ingested", 13, { con = "1" }, { con = "1d8" }, 120 },
  lich_dust = { "ingested", 17, { str = "2d6" }, { str = "1d6" }, 250 },
  dark_reaver_powder = { "ingested", 18, { con = "2d6" }, { con = "1d6", str = "1d6" }, 300 },
  ungol_dust = { "inhaled", 15, { cha = "1" }, { cha = { "1d6", "1*" } }, 1000 },
  burnt_othur_fumes = { "inhaled", 18, { con = "1*" }, { con = "3d6" }, 2100 },
  insanity_mist = { "inhaled", 15, { wis = "1d4" }, { wis = "2d6" }, 1500 },
}
M.order = { "small_centipede", "greenblood_oil", "medium_spider", "bloodroot", "purple_worm", "large_scorpion",
  "wyvern", "blue_whinnis", "giant_wasp", "shadow_essence", "black_adder", "deathblade", "malyss_root_paste",
  "nitharit", "dragon_bile", "sassone_leaf_residue", "terinav_root", "carrion_crawler_brain_juice",
  "black_lotus_extract", "oil_of_taggit", "id_moss", "striped_toadstool", "arsenic", "lich_dust",
  "dark_reaver_powder", "ungol_dust", "burnt_othur_fumes", "insanity_mist" }

-- M.get(name): {name, kind, dc, initial, secondary, price}.
function M.get(name)
  local r = M.table[name]
  if not r then error(string.format("poison: no poison %q in Table 3-16", tostring(name)), 2) end
  return { name = name, kind = r[1], dc = r[2], initial = r[3], secondary = r[4], price = r[5] }
end

M.secondary_rounds = 10 -- one minute

-- DMG-SA-32: who is immune.
function M.immune(c, p)
  if c:has_tag("poison_immune") or c:has_tag("construct") or c:has_tag("undead") or c:has_tag("elemental")
     or c:has_tag("no_metabolism") then return true end
  if (c:has_tag("ooze") or c:has_tag("plant")) and not (p and p.special) then return true end
  if p and p.name and c:has_tag("poison_immune:" .. p.name) then return true end
  return false
end

local ORDER = { "str", "dex", "con", "int", "wis", "cha", "hp", "paralysis", "unconscious" }

-- deal(c, eff, source): one stage's damage.
local function deal(c, eff, source)
  local out = {}
  for _, k in ipairs(ORDER) do
    local v = eff[k]
    if v ~= nil then
      if k == "hp" then
        out.hp = dice.total(v)
        require("core.3e.damage").apply(c, { amount = out.hp, type = "poison", source = source, ability = "ex" })
      elseif k == "paralysis" or k == "unconscious" then
        c:add_condition(k == "paralysis" and "paralyzed" or "unconscious", { source = "poison" })
        out[k] = true
      else
        local list = type(v) == "table" and v or { v }
        for _, x in ipairs(list) do
          local drain = string.sub(x, -1) == "*"
          local n = dice.total(drain and string.sub(x, 1, -2) or x)
          if drain then AD.drain(c, k, n) else AD.damage(c, k, n) end
          out[k] = (out[k] or 0) + n
        end
      end
    end
  end
  return out
end

local function save(c, dc)
  return require("core.3e.saves").roll(c, "fort", dc)
end

-- M.expose(c, p, source): the first save and the initial damage; returns
-- {saved, damage} and schedules the secondary (M.secondary).
rules.define("condition.poisoned", { name = { en = "Poisoned (secondary damage to come)", zh = "中毒" }, fight = {} })  -- not in source
function M.expose(c, p, source)
  if type(p) == "string" then p = M.get(p) end
  if M.immune(c, p) then return { immune = true } end
  local ok = save(c, p.dc)
  local dmg = ok and {} or deal(c, p.initial, source)
  local now = 0
  pcall(function() now = fight.round() end)
  c:add_condition("poisoned", { source = p.name or "poison", level = now + M.secondary_rounds, stacking = "independent" })
  return { saved = ok, damage = dmg, poison = p }
end

-- M.secondary(c, p, source): the second save, a minute after exposure.
function M.secondary(c, p, source)
  if type(p) == "string" then p = M.get(p) end
  c:remove_condition("poisoned", { source = p.name or "poison" })
  local ok = save(c, p.dc)
  return { saved = ok, damage = ok and {} or deal(c, p.secondary, source) }
end

-- M.handling(): DMG-SA-31: applying poison to a weapon poisons oneself on
-- 5 or less on d%; attacking with it, a natural 1 asks for a Reflex save DC
-- 15 or one is poisoned.
function M.applying_slips() return require("check").percentile(5).success end
M.natural_one_dc = 15
function M.natural_one(c, natural)
  if natural ~= 1 then return false end
  return not require("core.3e.saves").roll(c, "ref", M.natural_one_dc)
end

-- M.on_hit(stat, o): the creature's poisonous attacks (injury poison: a
-- hit that the target's DR absorbed whole delivers none); the secondary
-- save comes at the start of the poisoner's turn a minute later.
function M.on_hit(stat, o)
  local p = o.poison and M.get(o.poison) or { name = stat.id .. "_poison", kind = "injury", dc = o.dc,
    initial = o.initial, secondary = o.secondary }
  -- DMG-SA-32: immune to its own poison
  stat.tags = stat.tags or {}
  stat.tags[#stat.tags + 1] = "poison_immune:" .. p.name
  local which = {}
  for _, a in ipairs(o.attacks) do which[a] = true end
  local hooks = require("core.3e.special.hooks")
  hooks.add(stat, "damage.apply", function(e)
    local t = e.target
    if not which[e.attack] or fight.is(t, "dead") then return end
    if require("core.3e.damage").rider_blocked(t, p.kind) then return end
    local r = M.expose(t, p, e.attacker)
    if not r.immune then
      fight.note(string.format("%s is poisoned (Fort DC %d %s)", t:get("id"), p.dc, r.saved and "saved" or "failed"))
    end
  end, { phase = "after", only = "actor" })
  hooks.add(stat, "turn.start", function()
    local now = fight.round()
    for _, c in ipairs(fight.all()) do
      for _, k in ipairs(c:conditions("poisoned")) do
        if k.source == p.name and k.level <= now and not fight.is(c, "dead") then
          local r = M.secondary(c, p, nil)
          fight.note(string.format("%s: secondary poison (Fort DC %d %s)", c:get("id"), p.dc, r.saved and "saved" or "failed"))
        end
      end
    end
  end)
  return stat
end

rules.define("abilities.poison", M)
return M
