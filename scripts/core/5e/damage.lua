-- Damage, and the 0-HP side of healing and hit points (inventory sections
-- 17-19 and 21, T-18, T-22): helpers over the kernel's creature damage
-- pipeline, with the 5e order of application from the combat table's
-- damage_steps (immunity, adjustments, Resistance, Vulnerability) and the
-- 0-HP rules of dying.lua. Self-playing fights apply the same steps in Go;
-- these functions serve scripted effects, the REPL and specs. Bloodied,
-- healing and rests themselves are 5e.rest's (rest.lua).
local rules = require("rules")
local dice = require("dice")

local M = {}

local function steps()
  return rules.need("combat").damage_steps
end

local function dying()
  return rules.need("5e.dying")
end

-- M.crit_expr doubles the dice of a damage expression for a Critical Hit
-- (5E-DMG-03): every NdX becomes 2NdX, constants stay (fixed damage is not
-- doubled; the fight engine does the same with the kernel's dice tree).
function M.crit_expr(expr)
  local out = expr:gsub("(%d*)[dD](%d+)", function(n, x)
    local count = tonumber(n ~= "" and n or "1")
    return (2 * count) .. "d" .. x
  end)
  return out
end

-- M.roll rolls damage: expr (with opts.crit, the dice twice), never below
-- 0 (5E-DMG-01). Returns the total and the roll ({total, labels, ...}).
function M.roll(expr, opts)
  if opts and opts.crit then expr = M.crit_expr(expr) end
  local r = dice.roll(expr)
  local total = r.total
  if total < 0 then total = 0 end
  return total, r
end

-- M.weapon_expr is a weapon's damage expression with the attack's ability
-- modifier added (5E-DMG-02); fixed damage with no dice (a blowgun's 1)
-- gets no modifier unless opts.add_to_fixed.
function M.weapon_expr(damage, mod, opts)
  damage = tostring(damage)
  if not damage:find("[dD]%d") and not (opts and opts.add_to_fixed) then return damage end
  if mod == 0 then return damage end
  if mod > 0 then return damage .. "+" .. mod end
  return damage .. mod
end

-- M.apply deals damage to c through the 5e steps: amount and type, or a
-- table of amounts by type. opts: half (a successful save: half, rounded
-- down, as a step-1 multiplier, 5E-DMG-05, 09), adjust (the kernel's
-- adjustments, e.g. {{add = -5}}), traits (damage traits for this damage
-- only, as c:damage takes them), crit (the damage is from a Critical
-- Hit: two death-save failures at 0 HP). Reaching 0 HP, or taking damage
-- at 0 HP, runs the rules of dying.lua; a creature that concentrates makes
-- its Constitution save (5e.concentration). Returns the kernel's damage
-- record with `state` (nil, "dying", "dead", a death-save outcome) and
-- `concentration` (whether it still concentrates, when it did).
function M.apply(c, amount, typ, opts)
  if type(typ) == "table" then opts, typ = typ, nil end
  opts = opts or {}
  local adjust = {}
  for _, a in ipairs(opts.adjust or {}) do adjust[#adjust + 1] = a end
  if opts.half then adjust[#adjust + 1] = { num = 1, den = 2, source = "save" } end
  local at_zero = dying().at_zero(c)
  local dopts = { steps = steps(), adjust = adjust, traits = opts.traits }
  local rec
  if type(amount) == "table" then
    rec = c:damage(amount, dopts)
  else
    rec = c:damage(amount, typ or "", dopts)
  end
  if at_zero then
    rec.state = dying().damaged(c, rec.total, opts.crit)
  elseif rec.hp_after <= 0 and rec.hp_before > 0 then
    rec.state = dying().drop(c, rec)
  end
  -- Concentration: the Constitution save on damage, or the end at 0 HP
  local conc = rules.get("5e.concentration")
  if conc and rec.total > 0 and c:has("concentrating") then
    rec.concentration = conc.damaged(c, rec.total)
  end
  return rec
end

-- M.area deals one effect's damage to several targets that save at the
-- same time: expr is rolled once (5E-DMG-04) and each target takes all of
-- it or, with saved[i], half (5E-DMG-05). Returns the roll and the records.
function M.area(expr, typ, targets, saved)
  local total = M.roll(expr)
  local recs = {}
  for i, t in ipairs(targets) do
    recs[i] = M.apply(t, total, typ, { half = saved and saved[i] })
  end
  return total, recs
end

-- M.heal gives c n hit points (a number or a 5e.rest healing effect's
-- name), up to its maximum (5E-HEAL-02: the excess is lost; returns what
-- was regained), through 5e.rest.heal. At 0 HP any healing wakes it
-- (5E-ZERO-06, 09, 13), and it ends a knock-out (5E-ZERO-07).
function M.heal(c, n)
  local was_zero = dying().at_zero(c) or dying().knocked_out(c)
  local got, rolled = rules.need("5e.rest").heal(c, n)
  if got > 0 and was_zero then dying().wake(c) end
  return got, rolled
end

-- M.temp grants temporary hit points (5E-THP-03: they never add up; the
-- creature keeps the old amount or takes the new one: opts.keep =
-- "higher" (default), "new" or "old"). They are not healing (5E-THP-04): a
-- creature at 0 HP stays Unconscious. Returns the amount held.
function M.temp(c, n, opts)
  local keep = (opts and opts.keep) or "higher"
  if keep == "old" and c:get("temp_hp") > 0 then return c:get("temp_hp") end
  return c:gain_temp(n, { replace = keep == "new" })
end

-- M.reduce_max lowers c's HP maximum by n until its next Long Rest
-- (5e.rest.reduce_max_hp); a maximum of 0 kills (5E-ZERO-03). Returns the
-- new maximum.
function M.reduce_max(c, n)
  local m = rules.need("5e.rest").reduce_max_hp(c, n)
  if m <= 0 then dying().kill(c, "hp maximum 0") end
  return m
end

rules.define("5e.damage", M)
