-- DMG-ATK-09 [Variant] (3.0 DMG pp.65-66, 规则变化：向人群中射击): stray
-- missiles when shooting into a crowd (beside the PHB's -4 for shooting
-- into melee, 3E-ATK-14). An attack that hits is resolved as usual. A miss
-- is checked against the target's touch AC: reaching it, the missile
-- struck the target but did no damage; else it deviates. A direct-fire
-- missile is followed along its path, nearest creature first: a new
-- ranged touch roll with none of the shooter's modifiers (A-20: no base
-- attack bonus, ability or feats; the missile's magic bonus counts, and
-- each creature's cover is added to its AC and touch AC): reaching the
-- touch AC and the AC it deals damage; the touch AC only, it drops at that
-- creature's feet; neither, it flies on. One that strikes nobody lands at
-- the direct-fire limit. An indirect-fire missile lands at a point; a
-- creature there is attacked (no shooter's modifiers) for damage.
--
-- Tables 3-3 to 3-7 (the direct-fire limit, the deviation direction and
-- distance) are missing from the seed and not reconstructable (§13.3):
-- which creatures lie on the deviated path, or at the landing point, is
-- the DM's: M.path traces the line from the shooter to the deviation
-- point the DM chooses and gives M.resolve the creatures on it.
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local T = require("core.3e.tables")

rules.variant{ id = "3e.stray_missiles", system = "3e", implements = { "DMG-ATK-09" },
               name = { en = "Shooting into a crowd: stray missiles", zh = "向人群中射击：流矢" } }

local M = {}

-- a d20 roll with the missile's own bonus only; a natural 1 misses, 20
-- hits (the PHB's attack-roll rule)
local function stray_roll(magic)
  local nat = dice.total("1d20")
  return nat, nat + (magic or 0)
end

local function reaches(nat, total, ac)
  return nat ~= 1 and (nat == 20 or total >= ac)
end

-- M.resolve(shot): shot = {total (the missed attack's total), target =
-- {touch_ac}, magic (the missile's magic bonus), fire = "direct" or
-- "indirect", path = {{id, c, ac, touch_ac, cover}...} (the creatures on
-- the deviated line, nearest first, or the one at the landing point),
-- damage (a dice expression dealt to a creature struck, through
-- fight.damage when it has a handle c), type}. Returns {result =
-- "struck_no_damage" | "hit" | "dropped" | "lands", who, rolls =
-- {{id, natural, total, outcome}...}, damage}.
function M.resolve(shot)
  if type(shot) ~= "table" or type(shot.target) ~= "table" or shot.total == nil then
    error("stray missiles: resolve{total, target = {touch_ac}, path, magic, fire, damage}", 2)
  end
  local out = { rolls = {} }
  if shot.total >= shot.target.touch_ac then
    out.result = "struck_no_damage"
    return out
  end
  local fire = shot.fire or "direct"
  if fire ~= "direct" and fire ~= "indirect" then error("stray missiles: fire is direct or indirect", 2) end
  for _, b in ipairs(shot.path or {}) do
    local cover = b.cover or 0
    local nat, total = stray_roll(shot.magic)
    local r = { id = b.id, natural = nat, total = total }
    out.rolls[#out.rolls + 1] = r
    local hit_touch = reaches(nat, total, b.touch_ac + cover)
    local hit = reaches(nat, total, b.ac + cover)
    if fire == "indirect" then
      r.outcome = hit and "hit" or "lands"
    elseif hit_touch and hit then
      r.outcome = "hit"
    elseif hit_touch then
      r.outcome = "dropped"
    else
      r.outcome = "flies_on"
    end
    if r.outcome ~= "flies_on" then
      out.result, out.who = r.outcome, b.id
      if r.outcome == "hit" and shot.damage then
        local n = math.max(1, dice.total(shot.damage))
        out.damage = n
        if b.c then fight.damage(b.c, n, shot.type or "piercing") end
      end
      return out
    end
  end
  out.result = "lands" -- at the direct-fire limit (Table 3-3, missing) or the landing point
  return out
end

-- M.path(shooter, point, skip): direct fire: the creatures on the line
-- from the shooter to the deviation point {x, y} on the map, nearest
-- first, with their AC, touch AC (fight.ac) and the AC bonus of their cover
-- from the shooter (Table 8-9); the shooter, the missed target (skip) and
-- the dead are not on it.
function M.path(shooter, point, skip)
  local from = fight.pos(shooter)
  if not from then error("stray missiles: M.path needs a battle map", 2) end
  local px, py = point.x or point[1], point.y or point[2]
  local length = math.max(math.abs(px - from.x), math.abs(py - from.y)) * T.square
  local out = {}
  for _, hit in ipairs(fight.area{ shape = "line", from = shooter, toward = { x = px, y = py }, length = length }) do
    local c = hit.c
    if c ~= shooter and c ~= skip and not fight.is(c, "dead") then
      local ac = fight.ac(c)
      local cv = T.cover[hit.cover or ""]
      out[#out + 1] = { id = c:get("id"), c = c, ac = ac.ac, touch_ac = ac.touch, cover = cv and cv.ac or 0,
        distance = fight.distance(shooter, c) }
    end
  end
  table.sort(out, function(a, b)
    if a.distance ~= b.distance then return a.distance < b.distance end
    return a.id < b.id
  end)
  return out
end

rules.define("3e.stray_missiles", M)
