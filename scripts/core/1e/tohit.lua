-- To hit (inventory section 15): the attack matrices, the roll needed,
-- hit-dice pluses, the six repeated 20s, special to-hit bonuses, creatures
-- hit only by magic weapons, missile range, cover and giants' missiles.
--
-- 1E-TOHIT-01: roll 1d20; the roll plus modifiers must reach the matrix
-- number (the scripts always adjust the roll, never the number). The kernel
-- asks combat.attack.needed (combat.lua) for the number: M.needed below.
local rules = require("rules")
local fight = require("fight")
local lib = require("core.1e.lib")
local T = require("core.1e.tables")

local M = rules.get("1e.tohit")
if M then return M end
M = {}

-- Which matrix each class attacks on (1E-TOHIT-08, [K] matrices I.A-I.D).
M.group = {
  cleric = "TBL-MATRIX-IA", druid = "TBL-MATRIX-IA", monk = "TBL-MATRIX-IA",
  fighter = "TBL-MATRIX-IB", paladin = "TBL-MATRIX-IB", ranger = "TBL-MATRIX-IB",
  bard = "TBL-MATRIX-IB", normal = "TBL-MATRIX-IB",
  ["magic-user"] = "TBL-MATRIX-IC", illusionist = "TBL-MATRIX-IC",
  thief = "TBL-MATRIX-ID", assassin = "TBL-MATRIX-ID",
}

-- The columns of TBL-MATRIX-MON in order (AMB-53 numbers them from 1).
M.mon_cols = { "up to 1-1", "1-1", "1", "1+", "2-3+", "4-5+", "6-7+", "8-9+", "10-11+", "12-13+", "14-15+", "16+" }

-- 1E-TOHIT-03, AMB-29 reading (a): only the part of a plus above +3 counts,
-- each further +3 as one more hit die (6+6 attacks as 7 HD).
function M.attack_hd(d, p)
  if d < 1 then return d end
  if p > 3 then return d + math.floor((p - 3) / 3) end
  return d
end

-- The TBL-MATRIX-MON column of a monster of d hit dice plus p (AMB-52:
-- "up to 1-1" is less than 1 HD - 1, "1-1" is one die minus hit points).
local pair_cols = {}
function M.mon_col(d, p)
  if d < 1 then return "up to 1-1" end
  local hd = M.attack_hd(d, p)
  if hd == 1 then
    if p < 0 then return "1-1" elseif p == 0 then return "1" end
    return "1+"
  end
  if hd >= 16 then return "16+" end
  local lo = hd - (hd % 2)
  local name = pair_cols[lo] -- "2-3+", made once
  if not name then
    name = lo .. "-" .. (lo + 1) .. "+"
    pair_cols[lo] = name
  end
  return name
end

-- The matrix and column a creature attacks with: monsters by hit dice,
-- characters by class and level (a multi-classed one uses its best class,
-- whose number against target_ac comes fourth).
local class_buf = {} -- lib.classes of the attacker, written over each time
function M.attacker(c, target_ac)
  if c:has_tag("monster") then -- lib.is_monster(c)
    local d, p = lib.hd(c)
    return T["TBL-MATRIX-MON"], M.mon_col(d, p), "TBL-MATRIX-MON"
  end
  local lvl = c:ability("level") or 0 -- lib.level(c)
  local best, bcol, bid, bneed
  local classes = lib.classes(c, class_buf)
  for i = 1, #classes do
    local id = M.group[classes[i]]
    local need = T[id]:lookup(target_ac or 5, lvl)
    if not bneed or need < bneed then best, bcol, bid, bneed = T[id], lvl, id, need end
  end
  if not best then
    return T["TBL-MATRIX-IB"], lvl, "TBL-MATRIX-IB"
  end
  return best, bcol, bid, bneed
end

-- The optional per-level fighter progression (variant 1e.fighter_per_level)
-- and the AMB-28 correction (variant 1e.matrix_correction) set these.
M.per_level = false
M.amb28 = false

-- raw(c, ac): the matrix number a creature needs against armour class ac.
function M.raw(c, ac)
  local m, col, id, need = M.attacker(c, ac)
  if M.per_level and id == "TBL-MATRIX-IB" and col >= 1 then
    -- 1E-TOHIT-08 option: AC-10 value 11 - level, same six-20s rule.
    return M.generate(11 - col, ac)
  end
  if M.amb28 and id == "TBL-MATRIX-MON" and col == "8-9+" and ac == -8 then return 20 end
  return need or m:lookup(ac, col) -- need: the character's matrix read at ac already
end

-- The matrix generator of 1E-TOHIT-05: b is a column's AC-10 value.
function M.generate(b, ac)
  local n = b + (10 - ac)
  if n < 20 then return n end
  return math.max(20, n - 5)
end

-- twenty(c, ac): which 20 of its column the cell is (1 = the first 20,
-- 2..6 the repeated 20s), 0 below 20; and for cells above 20 the number.
function M.twenty(c, ac)
  local need = M.raw(c, ac)
  if need < 20 then return 0, need end
  if need > 20 then return 7, need end
  local k = 0
  local a = ac
  while a <= 10 and M.raw(c, a) == 20 do
    k = k + 1
    a = a + 1
  end
  return k, need
end

-- ------------------------------------------------------------ target AC
-- ac_of(t, how): the armour class an attack meets. how.no_dex: the
-- target's Dexterity does not count (1E-MISS-06 giants' and engines'
-- missiles, 1E-CAST-03 casters, 1E-TOHIT-02 helpless); how.rear: an
-- attack from behind, which negates shield and Dexterity (1E-UNARMED-10,
-- unarmed.rear_ac); how.ranged: cover and concealment count (1E-MISS-07);
-- how.map_ac: the AC bonus of the battle map's cover (combat.space, from
-- the kernel), of which and the target's cover condition the better counts.
-- (ac_at is ac_of with how's fields as arguments, which M.needed gives it
-- without filling a table.)
local function ac_at(t, rear, no_dex, ranged, map_ac)
  local ac = t:get("ac")
  local dex = lib.dex_ac(t)
  local charging = t:has("charging")
  if rear then
    ac = rules.need("1e.unarmed").rear_ac(ac, t:has_tag("shield"), dex)
  elseif dex < 0 and (no_dex or charging or t:has("casting") or M.helpless(t)) then
    -- no Dexterity bonus (asked only of a target that has one)
    ac = ac - dex
  end
  -- 1E-MOVE-03: a charger without a Dexterity bonus is 1 worse; AC 10 is not.
  if charging and dex >= 0 and ac < 10 then ac = ac + 1 end
  local hard = 0
  if ranged then
    local cover, conceal = t:level("cover"), t:level("concealment")
    hard = M.cover_bonus(cover, "hard")
    ac = ac - M.cover_bonus(conceal, "soft")
  end
  map_ac = map_ac or 0
  if map_ac > hard then hard = map_ac end
  return ac - hard
end

function M.ac_of(t, how)
  if not how then return ac_at(t) end
  return ac_at(t, how.rear, how.no_dex, how.ranged, how.map_ac)
end

-- 1E-MISS-07, TBL-COVER: the AC bonus of pct % cover (hard) or
-- concealment (soft).
function M.cover_bonus(pct, kind)
  if not pct or pct < 25 then return 0 end
  if pct > 100 then pct = 100 end
  local col = kind == "soft" and "AC bonus from concealment (soft)" or "AC bonus from cover (hard)"
  return T["TBL-COVER"]:lookup(pct, col)
end

-- 1E-TOHIT-07, TBL-AC: the armour class of the armour worn ("Chain mail",
-- "Chain mail + shield", "None"); magic and Dexterity improve it further.
function M.armour_ac(name)
  for _, r in ipairs(T["TBL-AC"]:rows()) do
    for part in (r.text .. " / "):gmatch("(.-) / ") do
      if part:lower() == name:lower() then return r.lo end
    end
  end
  error("no armour " .. tostring(name) .. " in TBL-AC", 2)
end

-- ------------------------------------------------------------ needed
-- The attack being rolled (set by the attack.roll hook before the kernel
-- asks for the number): ranged, weapon, rear (an attack from behind).
M.current = { ranged = false, weapon = nil, rear = false }

-- needed(a, t, ac_mod): the total a's attack needs against t
-- (combat.attack.needed). ac_mod is the AC bonus the kernel's rules of
-- space give the target (the map's cover, combat.space): it lowers the
-- descending armour class the matrix is read at.
function M.needed(a, t, ac_mod)
  local cur = M.current
  local w = cur.weapon
  local ac = ac_at(t, cur.rear, w ~= nil and w.giant or false, cur.ranged, ac_mod or 0)
  M.last_ac = ac
  return M.raw(a, ac)
end

-- ------------------------------------------------------------ bonuses
-- 1E-TOHIT-02, TBL-SPECIAL-TOHIT: the bonus against a target's state, or
-- "auto" for an automatic hit.
M.special_rows = {
  { cond = { "off_balance", "encumbered", "held_one_leg" }, row = "Over-encumbered, held by one leg, off balance, etc." },
  { cond = { "stunned", "slowed", "held_both_legs", "partly_bound" }, row = "Stunned, held by both legs, slowed, partially bound, etc." },
  { cond = { "asleep", "held", "paralyzed", "immobile" }, row = "Magically asleep, held, paralyzed, or totally immobile" },
}

-- The conditions that leave a creature helpless (TBL-SPECIAL-TOHIT's
-- third row, and unconscious): M.helpless asks them of one creature,
-- tactics.lua of a whole list at once (fight.has_any_each).
M.helpless_conditions = { "asleep", "held", "paralyzed", "immobile", "unconscious" }
local has_any_in = fight.has_any_in
function M.helpless(t)
  return has_any_in(t, M.helpless_conditions)
end

-- the union of the rows' conditions (made again when the rows are replaced):
-- one fight.has_any of it says at once that no row applies
local any_cond, any_of
function M.special(t)
  local rows = M.special_rows
  if any_of ~= rows then
    any_cond, any_of = {}, rows
    for _, r in ipairs(rows) do
      for _, cond in ipairs(r.cond) do any_cond[#any_cond + 1] = cond end
    end
  end
  if not has_any_in(t, any_cond) then return 0 end
  local best = 0
  for i = #M.special_rows, 1, -1 do
    local r = M.special_rows[i]
    -- one call for the row's conditions (c:has of each), then the row's bonus once for each it has
    if has_any_in(t, r.cond) then
      for _, cond in ipairs(r.cond) do
        if t:has(cond) then
          local v = T["TBL-SPECIAL-TOHIT"]:lookup(r.row, "To-hit bonus")
          if v == "automatic hit" then return "auto" end
          if v > best then best = v end
        end
      end
    end
  end
  return best
end

-- Breaking off from melee ([K] DMG p. 70, named by 1E-AVOID-01 and absent
-- from the seed): the free attack is "a rear attack upon a stunned
-- opponent", the Stunned row of TBL-SPECIAL-TOHIT (+4) from behind
-- (1E-UNARMED-10: no shield, no Dexterity; ac_of with how.rear).
function M.free_attack_bonus()
  return T["TBL-SPECIAL-TOHIT"]:lookup(M.special_rows[2].row, "To-hit bonus")
end

-- 1E-TOHIT-03 / section 15 note: missiles at medium range -2, long -5.
function M.range_mod(band)
  if band == "long" then return -5 elseif band == "medium" then return -2 end
  return 0
end

-- The range band of a missile weapon at distance d (inches).
function M.range_band(weapon, d)
  local r = weapon.range or { 1, 2, 3 }
  if d <= r[1] then return "short" elseif d <= r[2] then return "medium" elseif d <= r[3] then return "long" end
  return nil
end

-- 1E-TOHIT-04, TBL-MAGICWEAPON: can an attack with weapon w (nil:
-- natural) from attacker a hurt t? A target tagged "hit_by:+N" needs a +N
-- weapon, or (monsters only, never characters) the listed hit dice;
-- "hit_by:silver" also accepts silver.
M.magic_rows = {
  { plus = 1, row = "+1 or better" }, { plus = 2, row = "+2 or better" },
  { plus = 3, row = "+3 or better" }, { plus = 4, row = "+4 or better" },
}

local plus_tags = {} -- "hit_by:+N" by N, made once
local all_tags, all_of -- every row's tag (made again when the rows are replaced)
function M.needs_plus(t)
  if all_of ~= M.magic_rows then
    all_tags, all_of = {}, M.magic_rows
    for i, r in ipairs(all_of) do all_tags[i] = "hit_by:+" .. r.plus end
  end
  if not fight.has_any_tag_in(t, all_tags) then return 0 end
  for i = #M.magic_rows, 1, -1 do
    local plus = M.magic_rows[i].plus
    local tag = plus_tags[plus]
    if not tag then
      tag = "hit_by:+" .. plus
      plus_tags[plus] = tag
    end
    if t:has_tag(tag) then return plus end
  end
  return 0
end

-- (every row's tag and "hit_by:silver": one fight.has_any_tag_in of them
-- says at once that t asks nothing of the weapon; made again when the rows
-- are replaced)
local hurt_tags, hurt_of
function M.can_hurt(a, w, t)
  if hurt_of ~= M.magic_rows then
    hurt_tags, hurt_of = { "hit_by:silver" }, M.magic_rows
    for i, r in ipairs(hurt_of) do hurt_tags[i + 1] = "hit_by:+" .. r.plus end
  end
  if not fight.has_any_tag_in(t, hurt_tags) then return true end
  local plus = M.needs_plus(t)
  local silver_ok = t:has_tag("hit_by:silver")
  if plus == 0 and not silver_ok then return true end
  if w and w.magic >= math.max(plus, 1) then return true end
  if silver_ok and w and w.silver then return true end
  if plus > 0 and lib.is_monster(a) then
    local row = M.magic_rows[plus].row
    local need = T["TBL-MAGICWEAPON"]:lookup(row, "OR attacker has at least (HD)")
    local nd, np = lib.parse_hd(need:match("^(%S+)"))
    local d, p = lib.hd(a)
    if d > nd or (d == nd and p >= np) then return true end
  end
  return false
end

rules.define("1e.tohit", M)
return M
