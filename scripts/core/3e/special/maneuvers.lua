-- Bull rush, overrun, disarm and striking a weapon in a fight (inventory
-- 3E-BULL-01..04, 3E-OVER-01..04, 3E-DISARM-01/02, 3E-SUNDER-01/02;
-- Table X-4). The opposed checks are opposed.lua's, the steps the
-- special attacks' primitives (act.lua); trip is trip.lua's.
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local O = require("core.3e.special.opposed")
local A = require("core.3e.special.act")
local trip = require("core.3e.special.trip")
local objects = require("core.3e.special.objects")

local M = rules.get("3e.special.maneuvers")
if M then return M end
M = {}

M.names = {
  bull_rush = { en = "Bull rush", zh = "猛撞" },
  overrun = { en = "Overrun", zh = "穿越" },
  disarm = { en = "Disarm", zh = "缴械" },
  sunder = { en = "Strike a weapon", zh = "击打武器" },
  avoid = { en = "Avoid (let the overrun pass)", zh = "避开" },
  block = { en = "Block", zh = "阻止" },
  disarmed = { en = "Disarmed", zh = "被缴械" },
}

M.misdirect_chance = 25 -- 3E-BULL-02

-- disarmed: a condition whose source is the weapon's attack name; the
-- kernel refuses that attack (no_attack_named).
rules.define("condition.disarmed", { name = M.names.disarmed, fight = { no_attack_named = true } })
rules.define("condition.weapon_broken", { name = { en = "Weapon broken", zh = "武器损坏" },  -- not in source
  fight = { no_attack_named = true } })

local id = A.id

-- place(c, p): puts c on square p (free); returns whether it moved.
local function place(c, p)
  if not A.free(p, c) then return false end
  fight.place(c, p.x, p.y)
  return true
end

-- ------------------------------------------------------------ bull rush
-- bull_rush(x, y, opts): 3E-BULL-01..04. opts.charging (+2), opts.follow
-- (x moves with y: 5 ft more per 5 points of margin, within x's
-- movement). Returns {refused} or {check, won, pushed (ft), fell}.
function M.bull_rush(x, y, opts)
  opts = opts or {}
  local ok, why = O.size_ok(x, y)
  if not ok then return { refused = why } end
  local out = {}
  -- moving into the defender's space: every enemy threatening x may
  -- strike, the defender too; the others' may hit the defender (25%)
  local start = fight.pos(x)
  if fight.opportunity(y, x) and fight.is(x, "out") then return out end
  A.provoke_some(x, { except = y, misdirect = y, chance = M.misdirect_chance })
  if fight.is(x, "out") then return out end
  out.check = O.roll(O.bull_rush_mods(x, "attacker", opts), O.bull_rush_mods(y, "defender"))
  out.won = out.check.winner == "attacker"
  if out.won then
    local ft = O.push_distance(out.check.margin, { follow = opts.follow,
      movement = opts.follow and fight.movement_left(x) or nil })
    out.pushed = 0
    if fight.map() then
      for _ = 1, ft / 5 do
        local from = fight.pos(y)
        local to = A.away(x, y)
        if not A.free(to, y) then break end
        -- y is pushed: its enemies but x strike as it leaves (x may be hit
        -- instead, 25%); x and y never provoke each other (3E-BULL-04)
        A.provoke_some(y, { except = x, misdirect = x, chance = M.misdirect_chance })
        if fight.is(y, "out") then break end
        place(y, to)
        out.pushed = out.pushed + 5
        if opts.follow then
          A.provoke_some(x, { except = y })
          if fight.is(x, "out") then break end
          place(x, from)
        end
      end
    else
      out.pushed = ft
    end
    A.note("%s bull rushes %s (%d vs %d): pushed %d ft", id(x), id(y), out.check.a, out.check.b, out.pushed)
  else
    -- x falls back 5 ft the way it came; prone if that square is taken
    local back = start and { x = start.x, y = start.y }
    if fight.map() and back then
      local here = fight.pos(x)
      if here.x == back.x and here.y == back.y then back = A.away(y, x) end
      if not place(x, back) then
        A.prone(x)
        out.fell = true
      end
    end
    A.note("%s fails to bull rush %s (%d vs %d)%s", id(x), id(y), out.check.a, out.check.b, out.fell and ", falls prone" or "")
  end
  return out
end

-- ------------------------------------------------------------ overrun
-- overrun(x, y, opts): 3E-OVER-01..04, in a charge: opts.moved (the feet
-- x charged toward y in a straight line, at least 10), opts.choice
-- ("avoid" or "block"; by default the defender blocks when its trip
-- defence is at least x's trip check). Returns {refused} or {choice,
-- passed, trip, fell, back}.
function M.overrun(x, y, opts)
  opts = opts or {}
  local ok, why = O.size_ok(x, y)
  if not ok then return { refused = why } end
  if (opts.moved or 0) < 10 then
    return { refused = "an overrun needs at least 10 ft of straight charge toward the defender" }
  end
  local choice = opts.choice
  if not choice then
    choice = O.sum(O.trip_mods(y, x, "defender")) >= O.sum(O.trip_mods(x, y, "attacker")) and "block" or "avoid"
  end
  local out = { choice = choice }
  local beyond = fight.map() and A.away(x, y)
  if choice == "avoid" then
    out.passed = true
    if beyond then place(x, beyond) end
    A.note("%s lets %s pass", id(y), id(x))
    return out
  end
  out.trip = trip.attempt(x, y, { attack = opts.attack })
  if out.trip.tripped then
    out.passed = true
    if beyond then place(x, beyond) end
    A.note("%s overruns %s", id(x), id(y))
  elseif out.trip.tripped_back then
    -- prone in front of the defender, where x stands (B-30)
    out.fell = true
  else
    if fight.map() then
      out.back = true
      if not place(x, A.away(y, x)) then
        A.prone(x)
        out.fell = true
      end
    end
  end
  return out
end

-- ------------------------------------------------------------ disarm
-- disarm(x, y, opts): 3E-DISARM-01/02. opts.weapon (x's attack),
-- opts.target_weapon (y's), opts.weapon_size, opts.target_size (the
-- weapons' sizes, Medium-size by default), opts.two_handed and
-- opts.locked (y's), opts.unarmed (x is unarmed: it takes the weapon),
-- opts.counter (this is a counter-attempt: no attack of opportunity, no
-- further counter). Returns {check, won, countered}.
function M.disarm(x, y, opts)
  opts = opts or {}
  local out = {}
  local w = opts.weapon or fight.attacks(x)[1]
  local tw = opts.target_weapon or fight.attacks(y)[1]
  if y:has_tag("spiked_gauntlet") and tw == "Spiked gauntlet" then
    return { refused = "a spiked gauntlet cannot be disarmed" }
  end
  if not opts.counter then
    local r = A.opportunity(y, x)
    out.opportunity = r
    if fight.is(x, "out") then return out end
  end
  local ws, ts = opts.weapon_size or "medium", opts.target_size or "medium"
  out.check = O.roll(O.disarm_mods("attacker", { attack = fight.attack(x, w).bonus, weapon_size = ws, other_size = ts }),
    O.disarm_mods("defender", { attack = fight.attack(y, tw).bonus, weapon_size = ts, other_size = ws,
      two_handed = opts.two_handed, locked = opts.locked }))
  out.won = out.check.winner == "attacker"
  if out.won then
    y:add_condition("disarmed", { source = tw, stacking = "independent" })
    A.note("%s disarms %s (%d vs %d): %s %s", id(x), id(y), out.check.a, out.check.b, tw,
      opts.unarmed and "is in its hands" or "falls at its feet")
    return out
  end
  A.note("%s fails to disarm %s (%d vs %d)", id(x), id(y), out.check.a, out.check.b)
  if not opts.counter then
    -- the defender may try at once to disarm the attacker (B-19: no
    -- attack of opportunity, no counter to the counter)
    out.countered = M.disarm(y, x, { counter = true, weapon = tw, target_weapon = w, weapon_size = ts, target_size = ws })
  end
  return out
end

-- ------------------------------------------------------------ sunder
-- sunder(x, y, item, opts): 3E-SUNDER-01/02, x strikes the weapon or
-- shield y holds (an objects.lua record: objects.new{key = ...}), with
-- opts.weapon (x's attack) of opts.weapon_size and opts.enhancement;
-- opts.target_weapon (y's attack with the item, for its roll).
function M.sunder(x, y, item, opts)
  opts = opts or {}
  local ok, why = objects.can_sunder(opts.weapon_size or "medium", item)
  if not ok then return { refused = why } end
  local w = opts.weapon or fight.attacks(x)[1]
  local tw = opts.target_weapon or fight.attacks(y)[1]
  local out = { opportunity = A.opportunity(y, x) }
  if fight.is(x, "out") then return out end
  out.check = O.roll({ { fight.attack(x, w).bonus, "attack" } }, { { fight.attack(y, tw).bonus, "attack" } })
  out.won = out.check.winner == "attacker"
  if not out.won then
    A.note("%s fails to strike %s's %s", id(x), id(y), tostring(item.name))
    return out
  end
  if not objects.sunder_damages(opts.enhancement, item) then
    out.damage = { dealt = 0, hp = item.hp, broken = false }
    return out
  end
  local n = math.max(1, dice.total(fight.attack(x, w).damage))
  out.damage = objects.damage(item, n)
  if out.damage.broken and opts.item_attack then
    y:add_condition("weapon_broken", { source = opts.item_attack, stacking = "independent" })
  end
  A.note("%s strikes %s's %s: %d (hardness %d), %s", id(x), id(y), tostring(item.name), n, item.hardness,
    out.damage.broken and "it breaks" or (out.damage.hp .. " hp left"))
  return out
end

rules.define("3e.special.maneuvers", M)
return M
