-- Missile discharge and grenade-like missiles (inventory sections 7, 8).
local rules = require("rules")
local dice = require("dice")
local lib = require("core.1e.lib")
local T = require("core.1e.tables")

local M = rules.get("1e.missiles")
if M then return M end
M = {}

-- 1E-MISS-01: missiles share the initiative slot of devices, spells and
-- turning; spells and devices can destroy missiles in flight: an item save
-- (TBL-ITEMSAVE) of the missile's material against the effect's form.
M.same_slot = { missile = true, device = true, cast = true, turn = true }
function M.survives_magic(material, form)
  local sv = rules.need("1e.saves")
  return sv.item_save(material, form).success
end

-- ------------------------------------------------------------ into melee
-- 1E-MISS-02: shares by size (Small 1/2, Medium 1, Large 1 1/2).
M.share = { S = 0.5, M = 1, L = 1.5 }
function M.weight(members)
  local w = 0
  for _, s in ipairs(members) do w = w + (M.share[s] or 1) end
  return w
end

-- split(n, a, b): n missiles divided between sides of weights a and b; when
-- the ratio does not divide them, per-missile percentages are rounded down
-- or up (from in front of or behind side A): returns {a = n_a, b = n_b,
-- pct_a = {low, high}}.
function M.split(n, a, b)
  local n_a = n * a / (a + b)
  local per = 100 / n
  return { a = n_a, b = n - n_a, pct_a = { math.floor(n_a) * math.floor(per), math.floor(n_a) * math.ceil(per) } }
end

-- chance_a(a, b): the per-missile chance (%) that side A is hit.
function M.chance_a(a, b) return 100 * a / (a + b) end

-- melee_target(shooter, target, state): a missile fired at a target in a
-- melee goes to the target's side or to the shooter's own engaged allies
-- in proportion to their size shares; returns the creature hit (the target
-- or a random engaged friend).
-- side_of(c) and is_out(c) default to the current fight's; in_melee, the
-- set of the melee's participants, to the fight's model of space
-- (encounter.lua): no map, everyone within 10 ft of the other side; on a
-- map, melee_of(target), the creatures joined to it by striking range.
function M.melee_target(shooter, target, state, side_of, is_out, in_melee)
  local fight = require("fight")
  local enc = rules.need("1e.encounter")
  side_of = side_of or fight.side
  is_out = is_out or fight.out -- fight.is(c, "out")
  if not in_melee and enc.mapped() then in_melee = enc.melee_of(target) end
  local own_side = side_of(shooter)
  local friends = {}
  local wf, we = 0, 0
  local list, by, ft = state.list, enc.state.by, enc.strike_ft
  for i = 1, #list do
    local c = list[i]
    if not is_out(c) and (in_melee and in_melee[c] or not in_melee and (by[c] or enc.rec(c)).gap <= ft) then
      local sz = c:get("size")
      if side_of(c) == own_side then
        if c ~= shooter then
          friends[#friends + 1] = c
          wf = wf + (M.share[sz] or 1)
        end
      else
        we = we + (M.share[sz] or 1)
      end
    end
  end
  if #friends == 0 or we == 0 then return target end
  -- 1E-MISS-03: much larger targets are simply aimed at.
  if M.size_disparity(target, friends) then return target end
  local roll = dice.total("1d100")
  if roll <= M.chance_a(we, wf) then return target end
  return friends[dice.total("1d" .. #friends)]
end

-- 1E-MISS-03: when sizes differ greatly (a giant against man-sized or
-- smaller), small precise missiles can be aimed at the larger group.
function M.size_disparity(target, others)
  local tr = target:get("size_rank")
  if #others == 0 then return false end
  for _, o in ipairs(others) do
    if tr - o:get("size_rank") < 2 then return false end
  end
  return true
end

-- 1E-MISS-04: Strength bonuses do not apply to missiles unless the weapon
-- is made for it (no extra range). 1E-MISS-05: the Dexterity attacking
-- adjustment does, to hit and to the missile initiative die.
function M.bonuses(str, str_pct, dex, special)
  local hit, dmg = lib.dex_reaction(dex), 0
  if special then
    hit = hit + lib.str_hit(str, str_pct)
    dmg = lib.str_dmg(str, str_pct)
  end
  return hit, dmg
end

-- 1E-MISS-06 (TV-07): giants' boulders and siege engines ignore the
-- target's Dexterity AC bonus: AC -2 of which -2 is Dexterity is AC 0.
function M.engine_ac(ac, dex_ac)
  if dex_ac < 0 then return ac - dex_ac end
  return ac
end
M.boulder_diameter_ft = { giant = 1, small_catapult = 1, large_catapult = 2, trebuchet = 2 }

-- 1E-MISS-07: cover and concealment (tohit.cover_bonus reads TBL-COVER).
M.cover_examples = { merlon = 25, thick_brush = 50, crenellation = 50, embrasure = 75, narrow_window = 75, arrow_slit = 90 }

-- 1E-MISS-08 / 1E-CAST-05: cover against spells: no damage at all with
-- 90% or more cover and a made save (AMB-47: no other cover bonus).
function M.cover_vs_spell(dmg, cover, saved)
  if saved and cover >= 90 then return 0 end
  if saved then return math.floor(dmg / 2) end
  return dmg
end

-- ------------------------------------------------------------ grenade-like
-- 1E-GREN-01 (TBL-GREN-CAP) and 1E-GREN-02 (TBL-GREN-EFF), with the
-- conventional dice of the ranges.
M.liquid_row = { acid = "Acid", holy = "Holy / unholy water", unholy = "Holy / unholy water",
                 oil = "Burning oil", poison = "Poison" }
M.cap_row = { acid = "Acid", holy = "Holy / unholy water", unholy = "Holy / unholy water", oil = "Oil", poison = "Poison" }
M.range_dice = { ["2-8 hp"] = "2d4", ["2-7 hp"] = "1d6+1", ["1-3 hp*"] = "1d3", ["1 hp"] = "1", ["2 hp"] = "2" }

function M.capacity(liquid) return T["TBL-GREN-CAP"]:lookup(M.cap_row[liquid], "Capacity") end

-- direct(liquid): damage of a direct hit; burning oil also burns 1d6 in
-- the next round (returned second).
function M.direct(liquid)
  if liquid == "oil" then return dice.total("2d6"), dice.total("1d6") end
  local text = T["TBL-GREN-EFF"]:lookup(M.liquid_row[liquid], "Direct-hit damage")
  local d = M.range_dice[text]
  if not d then return nil end
  return dice.total(d), 0
end

-- splash(liquid): splash damage; burning oil burns 1-3 segments at 1 hp
-- a segment.
function M.splash(liquid)
  if liquid == "oil" then
    local segs = dice.total("1d3")
    return segs, segs
  end
  local text = T["TBL-GREN-EFF"]:lookup(M.liquid_row[liquid], "Splash damage")
  local d = M.range_dice[text]
  if not d then return nil end
  return dice.total(d)
end

-- 1E-GREN-03: range 3"; over 1" is medium (-2), over 2" long (-5).
M.grenade_range = 3
function M.grenade_mod(inches)
  if inches > M.grenade_range then return nil end
  if inches > 2 then return -5 elseif inches > 1 then return -2 end
  return 0
end

-- 1E-GREN-04: a hit breaks the container on an item save failed on the
-- Crushing blow column (AMB-08) unless it was made to break easily; only a
-- broken container harms, and oil only if lit (a burning rag, or lit
-- afterwards).
function M.breaks(material, prepared)
  if prepared then return true end
  local sv = rules.need("1e.saves")
  return not sv.item_save(material, "crushing").success
end
function M.harms(liquid, broke, lit)
  if liquid == "oil" then return lit == true and broke end
  return broke
end

-- 1E-GREN-05: poison: contact poison, or into an eating/breathing orifice;
-- an unstoppered container there works unbroken, a stoppered one breaks on
-- a failed Normal blow save.
function M.poison_works(o)
  if o.contact then return M.breaks(o.material or "Glass", o.prepared) end
  if o.orifice then
    if not o.stoppered then return true end
    local sv = rules.need("1e.saves")
    return not sv.item_save(o.material or "Glass", "normal").success
  end
  return false
end

-- 1E-GREN-06: everyone within 3 ft of the point of breaking saves vs
-- poison or is splashed. splashed(creatures) -> the list splashed.
M.splash_ft = 3
function M.splashed(creatures)
  local sv = rules.need("1e.saves")
  local out = {}
  for _, c in ipairs(creatures) do
    if not sv.save(c, "poison").success then out[#out + 1] = c end
  end
  return out
end

-- 1E-GREN-07: a miss lands 1d6 ft away in the direction of 1d8
-- (TBL-SCATTER); the optional rule (variant 1e.scatter_by_range) uses d4
-- at short and d8 at long range (AMB-07). Large targets measure from the
-- aimed point on them. Returns feet, direction, d8.
M.scatter_die = { short = 6, medium = 6, long = 6 }
function M.scatter(band)
  local ft = dice.total("1d" .. (M.scatter_die[band or "medium"] or 6))
  local r = T["TBL-SCATTER"]:roll()
  return ft, r.value, r.sum
end

-- Offsets of a scatter direction (x across, y along the throw: + is long).
M.offsets = {
  ["long right"] = { 1, 1 }, ["right"] = { 1, 0 }, ["short right"] = { 1, -1 },
  ["short (lands in front of target)"] = { 0, -1 }, ["short left"] = { -1, -1 }, ["left"] = { -1, 0 },
  ["long left"] = { -1, 1 }, ["long (over / beyond target)"] = { 0, 1 },
}
-- Against a wall, long is higher and short lower.
function M.on_wall(dir)
  local o = M.offsets[dir]
  if o[2] > 0 then return "up" elseif o[2] < 0 then return "down" end
  return "level"
end

-- 1E-GREN-08: a torch or lantern thrown at spilled oil scatters like a
-- missed missile; a lantern may make a 2 ft burning area of its own.
function M.lights(scatter_ft, pool_radius_ft)
  return scatter_ft <= pool_radius_ft
end
M.lantern_pool_ft = 2

-- 1E-GREN-09: leaping burning oil is harmless unless flammable; cloth
-- must save (Normal fire) or catch fire; standing in it: 1d6 a round.
function M.crossing(o)
  if o.leap then
    if o.cloth then
      local sv = rules.need("1e.saves")
      return 0, not sv.item_save("Cloth", "normal_fire").success
    end
    return 0, false
  end
  return dice.total("1d6"), false
end

-- 1E-GREN-10: holy water hurts undead and lower-planar creatures, unholy
-- water good or upper-planar ones (paladins, lammasu, shedu, ki-rin);
-- non-material undead (an unmaterialised ghost, a gaseous vampire) are
-- not affected; the damage is holy water's (AMB-49).
function M.water_hurts(water, c)
  if c:has_tag("incorporeal") or c:has("gaseous") then return false end
  if water == "holy" then return c:has_tag("undead") or c:has_tag("lower_planar") end
  return c:has_tag("good") or c:has_tag("upper_planar") or c:has_tag("paladin")
end

-- 1E-GREN-11: dropped weights: 1d6 per 14 lb (AMB-06 default); the text's
-- per-foot reading (1 hp per 14 lb per foot, 10-60 ft) is kept as
-- per_foot = true.
function M.dropped(lb, ft, per_foot)
  local units = math.floor(lb / 14)
  if per_foot then
    if ft < 10 then return 0 end
    return units * math.min(ft, 60)
  end
  return dice.total(math.max(units, 1) .. "d6")
end
M.boulder_ft = { giant = 1, engine = 2 }

rules.define("1e.missiles", M)
return M
