-- Grenade-like (splash) weapons (inventory 3E-SPLASH-01..03, Table X-3).
-- A throw is a ranged touch attack; a hit deals the direct-hit damage to
-- the target and splash damage to every creature within 5 ft of it; a
-- miss lands 1d6 ft from the target (Table X-3's 1d8 gives the
-- direction) and splashes every creature within 5 ft of where it lands.
-- The weapons' damage is [K] PHB 3.0 Table 7-10 (not in the seed).
local rules = require("rules")
local dice = require("dice")
local T = require("core.3e.special.tables")

local M = rules.get("3e.special.splash")
if M then return M end
M = {}

M.names = {
  splash = { en = "Throw a splash weapon", zh = "榴弹类武器的攻击" },
  direct = { en = "Direct hit", zh = "直接命中" },
  splash_damage = { en = "Splash damage", zh = "溅射性伤害" },
}

M.splash_radius = 5  -- 3E-SPLASH-03
M.range_increment = 10 -- [K] Table 7-10: thrown splash weapons, 10 ft

-- [K] PHB 3.0 Table 7-10: Grenadelike Weapons.
M.weapons = {
  acid = { name = { en = "Acid (flask)", zh = "酸液瓶" }, direct = "1d6", splash = "1", type = "acid" },
  alchemists_fire = { name = { en = "Alchemist's fire", zh = "燃素瓶" }, direct = "1d6", splash = "1", type = "fire" },
  holy_water = { name = { en = "Holy water", zh = "圣水" }, direct = "2d4", splash = "1", type = "holy", undead_only = true },
}

-- miss(steps): 3E-SPLASH-02, where a missed throw lands: {feet, roll
-- (the 1d8 of Table X-3), direction, along, across} with along/across the
-- feet beyond the target (+) or short of it (-) and to the thrower's right
-- (+) or left (-). feet is the 1d6 plus DMG-GRID-04's 1 ft per range
-- increment of the throw (steps: the range penalty's increments, A-19;
-- default 0). A diagonal direction puts the feet on both axes (rounded to
-- the foot).
function M.miss(steps)
  steps = steps or 0
  if type(steps) ~= "number" or steps < 0 or steps ~= math.floor(steps) then
    error(string.format("splash.miss: steps must be a whole number >= 0, got %s", tostring(steps)), 2)
  end
  local feet = math.max(1, math.min(6, dice.total("1d6"))) + steps
  local roll = dice.total("1d8")
  local row = T.splash_direction[roll]
  local f = feet
  if row.along ~= 0 and row.across ~= 0 then f = math.floor(feet / math.sqrt(2) + 0.5) end
  return { feet = feet, roll = roll, direction = row.name.en, along = row.along * f, across = row.across * f }
end

-- landing(thrower, target, miss, square): the landing point {x, y} in feet
-- on a grid whose squares are square feet wide, from the centres of the
-- thrower's and target's squares ({x, y} squares).
function M.landing(from, to, miss, square)
  square = square or 5
  local fx, fy = (from.x + 0.5) * square, (from.y + 0.5) * square
  local tx, ty = (to.x + 0.5) * square, (to.y + 0.5) * square
  local dx, dy = tx - fx, ty - fy
  local len = math.sqrt(dx * dx + dy * dy)
  if len == 0 then dx, dy, len = 0, 1, 1 end
  local ux, uy = dx / len, dy / len
  -- right of the line of the throw (y grows downward on the map)
  local rx, ry = -uy, ux
  return { x = tx + ux * miss.along + rx * miss.across, y = ty + uy * miss.along + ry * miss.across }
end

-- splashed(point, squares, square): which of the squares {{x, y, id}...}
-- the splash reaches from a point in feet. DMG-GRID-04: on the grid a
-- splash is centred on a square (not a grid intersection): the square the
-- point lies in and the eight around it, everything within 5 ft of it.
function M.splashed(point, squares, square)
  square = square or 5
  local lx, ly = math.floor(point.x / square), math.floor(point.y / square)
  local reach = math.floor(M.splash_radius / square)
  local out = {}
  for _, s in ipairs(squares) do
    if math.abs(s.x - lx) <= reach and math.abs(s.y - ly) <= reach then out[#out + 1] = s.id or s end
  end
  return out
end

-- throw(x, target, key, opts): a splash weapon thrown in a fight
-- (3E-SPLASH-01..03) with x's ranged attack opts.attack (its range
-- increment and bonus; 10 ft for flasks): a ranged touch attack; a hit
-- deals the direct damage to the target and splash damage to every other
-- creature within 5 ft of it; a miss lands 1d6 ft off (Table X-3) and
-- splashes every creature within 5 ft of that point. Holy water harms
-- only undead. Returns {hit, landed, splashed = {ids}}.
function M.throw(x, target, key, opts)
  opts = opts or {}
  local fight = require("fight")
  local w = M.weapons[key]
  if not w then error(string.format("no splash weapon %q (acid, alchemists_fire, holy_water)", tostring(key)), 2) end
  local name = opts.attack
  if not name then
    for _, n in ipairs(fight.attacks(x)) do
      if fight.attack(x, n).ranged then name = n break end
    end
  end
  if not name then error(x:get("id") .. " has no ranged attack to throw with", 2) end
  local r = fight.strike(x, target, name, { touch = true, no_damage = true })
  local out = { hit = r.hit, splashed = {} }
  local function hurt(c, expr)
    if w.undead_only and not c:has_tag("undead") then return end
    fight.damage(c, math.max(1, dice.total(expr)), w.type, x)
  end
  local point
  local tp = fight.pos(target)
  if r.hit then
    hurt(target, w.direct)
    if tp then point = { x = (tp.x + 0.5) * 5, y = (tp.y + 0.5) * 5 } end
  elseif tp then
    -- DMG-GRID-04: +1 ft per range increment (the strike's range penalty
    -- steps, A-19)
    local inc = fight.attack(x, name).range or M.range_increment
    local m = M.miss(r.distance and math.floor(r.distance / inc) or 0)
    point = M.landing(fight.pos(x), tp, m)
    out.landed = m
  end
  if not point then return out end
  local squares = {}
  for _, c in ipairs(fight.all()) do
    if c ~= target and not fight.is(c, "out") then
      local q = fight.pos(c)
      if q then squares[#squares + 1] = { id = c:get("id"), x = q.x, y = q.y, c = c } end
    end
  end
  if not r.hit then squares[#squares + 1] = { id = target:get("id"), x = tp.x, y = tp.y, c = target } end
  local by = {}
  for _, s in ipairs(squares) do by[s.id] = s.c end
  for _, sid in ipairs(M.splashed(point, squares)) do
    hurt(by[sid], w.splash)
    out.splashed[#out.splashed + 1] = sid
  end
  return out
end

rules.define("3e.special.splash", M)
return M
