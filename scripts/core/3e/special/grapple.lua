-- The 3.0 grapple (inventory 3E-GRAP-01..14, Table X-2, EX-21).
--
-- Starting a grapple replaces a melee attack and runs four steps: the
-- target's attack of opportunity (damage ends the attempt), a melee touch
-- attack (the grab), an opposed grapple check (the hold, which deals
-- unarmed damage at once) and moving into the target's space (attacks of
-- opportunity from others). Joining a grapple skips the first two. In a
-- grapple, each attack may be an opposed grapple check that damages, pins,
-- breaks a pin or escapes.
--
-- Who grapples whom is kept on the creatures as conditions, so it is part
-- of the fight's state and never outlives a trial: "grappling" (one
-- instance per opponent, its source the opponent's id), "pinned" (source:
-- the pinner) and "pinning" (source: the pinned creature).
--
-- The pieces that need no fight (the check bonus, the head count, the
-- options' effects on records) are plain functions; M.start, M.act and
-- M.escape play the steps in a fight through the ports the core provides
-- (M.ports: touch attack, opportunity attack, damage).
local rules = require("rules")
local dice = require("dice")
local T = require("core.3e.special.tables")
local W = require("core.3e.special.who")
local O = require("core.3e.special.opposed")

local M = rules.get("3e.special.grapple")
if M then return M end
M = {}

M.names = {
  grapple = { en = "Grapple", zh = "擒抱" },
  start = { en = "Start a grapple", zh = "开始擒抱" },
  grab = { en = "Grab (melee touch attack)", zh = "抓拽" },
  hold = { en = "Hold (opposed grapple check)", zh = "扣住敌人" },
  move_in = { en = "Move in", zh = "接近" },
  join = { en = "Join a grapple", zh = "加入擒抱" },
  damage = { en = "Damage your opponent", zh = "伤害你的敌人" },
  pin = { en = "Pin", zh = "限定行动" },
  break_pin = { en = "Break another's pin", zh = "打断别的限定行动" },
  escape = { en = "Escape", zh = "逃跑" },
  escape_pin = { en = "Escape a pin", zh = "从被限制行动状态中解脱" },
  wriggle = { en = "Wriggle free (Escape Artist)", zh = "挣脱" },
  grappling = { en = "Grappling", zh = "擒抱状态" },
  pinned = { en = "Pinned", zh = "被限制行动" },
}

M.capacity = 4            -- 3E-GRAP-13: at most 4 (counted by size) on one opponent
M.normal_damage_penalty = -4  -- 3E-GRAP-08: lethal damage instead of subdual
M.spell_dc = 20           -- 3E-GRAP-12: Concentration DC 20 + spell level

-- 3E-GRAP-01: BAB + Str modifier + the special size modifier (which
-- replaces the normal size modifier). opts.mods adds {value, source}s.
function M.bonus_mods(x, opts)
  local list = { { W.bab(x), "base attack" }, { W.mod(x, "str"), "Str" },
                 { T.grapple_size[W.size(x)], "grapple size" } }
  if opts and opts.mods then for _, m in ipairs(opts.mods) do list[#list + 1] = m end end
  return list
end
function M.bonus(x, opts) return O.sum(M.bonus_mods(x, opts)) end

-- 3E-GRAP-13: how much of the 4 a grappler uses against a defender, by
-- its size relative to the defender's: one smaller 1/2, the same 1, one
-- larger 2, two or more larger 4. Two or more smaller halves again per
-- category (an extrapolation of the seed's example, B-23).
function M.counts_as(grappler_size, defender_size)
  local d = T.rank(grappler_size) - T.rank(defender_size)
  if d >= 2 then return 4 end
  if d == 1 then return 2 end
  if d == 0 then return 1 end
  return 0.5 ^ (-d)
end

-- room(defender_size, sizes): whether grapplers of these sizes fit on one
-- defender, and the count they make.
function M.room(defender_size, sizes)
  local n = 0
  for _, s in ipairs(sizes) do n = n + M.counts_as(s, defender_size) end
  return n <= M.capacity, n
end

-- 3E-GRAP-05 (B-21): no hold on a creature two or more sizes larger.
function M.can_hold(attacker, target)
  if W.rank(target) - W.rank(attacker) >= 2 then
    return false, "cannot hold a creature two or more size categories larger"
  end
  return true
end

-- 3E-GRAP-08, 3E-UNARMED-03: grapple damage is an unarmed strike: 1d3 for
-- Medium-size, 1d2 for Small, plus the Str modifier, subdual unless the
-- grappler takes -4 to deal normal damage (a monk deals its unarmed
-- damage). Sizes beyond those two follow [K] PHB 3.0 Table 7-4's unarmed
-- strike by size.
M.unarmed_die = { fine = "0", diminutive = "1", tiny = "1d1", small = "1d2", medium = "1d3",
                  large = "1d4", huge = "1d6", gargantuan = "1d8", colossal = "2d6" }
function M.damage_expr(x, opts)
  opts = opts or {}
  if opts.damage then return opts.damage end
  local die = M.unarmed_die[W.size(x)] or "1d3"
  local s = W.mod(x, "str")
  if s ~= 0 then return string.format("%s%+d", die, s) end
  return die
end

-- ------------------------------------------------------------ state
-- The grapple's state lives in conditions on the creatures (see above).

local function id_of(x) return W.id(x) end

-- opponents(c) -> the ids of those c grapples, oldest first.
function M.opponents(c)
  local out = {}
  for _, k in ipairs(c:conditions("grappling")) do
    if k.source then out[#out + 1] = k.source end
  end
  return out
end

function M.grappling(c, other)
  if not c:has("grappling") then return false end
  if other == nil then return true end
  local oid = id_of(other)
  for _, s in ipairs(M.opponents(c)) do if s == oid then return true end end
  return false
end

function M.pinned_by(c)
  local k = c:conditions("pinned")[1]
  return k and k.source
end

function M.pinning(c)
  local k = c:conditions("pinning")[1]
  return k and k.source
end

-- link(a, b): a and b are now grappling each other.
function M.link(a, b)
  if not M.grappling(a, b) then a:add_condition("grappling", { source = id_of(b), stacking = "independent" }) end
  if not M.grappling(b, a) then b:add_condition("grappling", { source = id_of(a), stacking = "independent" }) end
end

-- unlink(a, b): a and b no longer grapple each other (and a pin between
-- them ends).
function M.unlink(a, b)
  a:remove_condition("grappling", { source = id_of(b) })
  b:remove_condition("grappling", { source = id_of(a) })
  M.unpin(a, b)
  M.unpin(b, a)
end

-- pin(pinner, target) / unpin(pinner, target).
function M.pin(pinner, target)
  target:add_condition("pinned", { source = id_of(pinner) })
  pinner:add_condition("pinning", { source = id_of(target) })
end
function M.unpin(pinner, target)
  local n = target:remove_condition("pinned", { source = id_of(pinner) })
  pinner:remove_condition("pinning", { source = id_of(target) })
  return n > 0
end

-- dex_denied(target, attacker): 3E-GRAP-14, a grappler loses its Dex bonus
-- to AC against attackers it is not grappling (and a pinned creature
-- against everyone, Table 8-8 #).
function M.dex_denied(target, attacker)
  if target:has("pinned") then return true end
  if not target:has("grappling") then return false end
  return not M.grappling(target, attacker)
end

-- threatens(c): 3E-GRAP-14, a grappling creature threatens no squares.
function M.threatens(c) return not c:has("grappling") end

-- weapon_ok(c, weapon): 3E-GRAP-12, only a light weapon in a grapple,
-- never while pinning or pinned; no two-weapon fighting.
function M.weapon_ok(c, weapon)
  if not c:has("grappling") then return true end
  if c:has("pinned") or c:has("pinning") then return false, "cannot attack with a weapon while pinning or pinned" end
  if weapon and weapon.two_weapon then return false, "cannot fight with two weapons in a grapple" end
  if weapon and not weapon.light and not weapon.natural and not weapon.unarmed then
    return false, "only a light weapon can be used in a grapple"
  end
  return true
end

-- ------------------------------------------------------------ in a fight
local fight = require("fight")
local A = require("core.3e.special.act")

-- check(a, b, opts): the opposed grapple check (opts.a_mods, opts.b_mods:
-- more {value, source} for either side, as the -4 for lethal damage).
function M.check(a, b, opts)
  opts = opts or {}
  return O.roll(M.bonus_mods(a, { mods = opts.a_mods }), M.bonus_mods(b, { mods = opts.b_mods }))
end

local function by_id(id)
  return fight.get(id)
end

-- grapplers(target): the creatures grappling target (handles).
function M.grapplers(target)
  local out = {}
  for _, id in ipairs(M.opponents(target)) do
    local c = by_id(id)
    if c then out[#out + 1] = c end
  end
  return out
end

-- can_start(x, y): whether x may try to start (or join) a grapple with y
-- now, or why not: a creature that cannot grapple at all (tag
-- "cannot_grapple", or no Strength score), one already holding someone
-- else, pinned or pinning, and a target with no room left (3E-GRAP-13).
function M.can_start(x, y)
  local id = A.id(x)
  if x:has_tag("cannot_grapple") or W.score(x, "str") == nil then
    return false, id .. " cannot grapple (no body to hold with)"
  end
  if x:has("pinned") then return false, id .. " is pinned" end
  if x:has("pinning") then return false, id .. " is holding a pin" end
  if M.grappling(x, y) then return false, id .. " is already grappling " .. A.id(y) end
  if x:has("grappling") then return false, id .. " is already in another grapple" end
  local sizes = {}
  for _, g in ipairs(M.grapplers(y)) do sizes[#sizes + 1] = W.size(g) end
  sizes[#sizes + 1] = W.size(x)
  local ok, n = M.room(W.size(y), sizes)
  if not ok then
    return false, string.format("no room: %s already has grapplers counting %s of %d", A.id(y),
      tostring(n - M.counts_as(W.size(x), W.size(y))), M.capacity)
  end
  return true
end

-- deal(x, y, opts): the damage of a won grapple check: opts.damage (a
-- monster's listed damage, normal) or an unarmed strike, subdual unless
-- opts.normal (3E-GRAP-08). Returns the damage dealt.
function M.deal(x, y, opts)
  opts = opts or {}
  local expr = M.damage_expr(x, opts)
  local n = math.max(1, dice.total(expr))
  local subdual = not opts.damage and not opts.normal
  fight.damage(y, n, opts.type or "bludgeoning", x, { nonlethal = subdual })
  return n, subdual
end

-- start(x, y, opts): 3E-GRAP-02..07, x tries to start a grapple with y
-- (or to join one y is in). opts.no_provoke and opts.no_touch: an
-- improved grab (3E-GRAP-03, 3E-MON-03); opts.attack: the weapon of the
-- touch attack; opts.damage: the hold's damage when not unarmed;
-- opts.no_hold_damage: the hold deals none (the claw that grabbed dealt
-- its own). Returns {refused} or {step = "opportunity"|"touch"|"size"|
-- "hold"|"held", joined, check, damage}.
function M.start(x, y, opts)
  opts = opts or {}
  local ok, why = M.can_start(x, y)
  if not ok then return { refused = why } end
  local out = { joined = y:has("grappling") }
  local xid, yid = A.id(x), A.id(y)
  -- Step 1: the target's attack of opportunity; damage ends the attempt
  -- (none when joining, 3E-GRAP-07)
  if not out.joined and not opts.no_provoke then
    local r = A.opportunity(y, x)
    out.opportunity = r
    if r.damage > 0 then
      out.step = "opportunity"
      A.note("%s tries to grapple %s: the attack of opportunity hurts, the attempt fails", xid, yid)
      return out
    end
  end
  if fight.is(x, "out") then
    out.step = "opportunity"
    return out
  end
  -- Step 2: the grab, a melee touch attack (automatic when joining);
  -- an attempt made with a later attack of a full attack uses that
  -- attack's lower base attack bonus (opts.iterative: 1 for the second,
  -- -5; 3E-GRAP-02)
  local lower = -5 * (opts.iterative or 0)
  if not out.joined and not opts.no_touch then
    out.touch = A.touch(x, y, { attack = opts.attack, bonus = lower })
    if not out.touch.hit then
      out.step = "touch"
      A.note("%s tries to grapple %s: the grab misses", xid, yid)
      return out
    end
  end
  -- Step 3: the hold, an opposed grapple check (never on a creature two
  -- or more sizes larger, B-21)
  local can, cwhy = M.can_hold(x, y)
  if not can then
    out.step = "size"
    out.why = cwhy
    A.note("%s grabs %s but %s", xid, yid, cwhy)
    return out
  end
  out.check = M.check(x, y, { a_mods = lower ~= 0 and { { lower, "iterative attack" } } or nil })
  if out.check.winner ~= "attacker" then
    out.step = "hold"
    A.note("%s fails to hold %s (grapple %d vs %d)", xid, yid, out.check.a, out.check.b)
    return out
  end
  M.link(x, y)
  out.step = "held"
  if not opts.no_hold_damage then out.damage = M.deal(x, y, opts) end
  A.note("%s %s %s (grapple %d vs %d)%s", xid, out.joined and "joins the grapple on" or "grapples", yid,
    out.check.a, out.check.b, out.damage and (", " .. out.damage .. " damage") or "")
  -- Step 4: moving into the target's space provokes from the others who
  -- threaten x (the target, grappling, threatens nothing)
  out.move_in = A.provoke(x)
  return out
end

-- act(x, option, opts): 3E-GRAP-08..11, one attack of x in a grapple made
-- as an opposed grapple check. option:
--   "damage"     against opts.target: unarmed damage (opts.normal: -4 for
--                normal damage; opts.damage: a monster's listed damage)
--   "pin"        pin opts.target for a round
--   "break_pin"  free an ally pinned by opts.target (which x grapples)
--   "escape"     leave the grapple: beat every grappler's check (those
--                that opts.let_go names do not resist)
--   "escape_pin" when pinned: beat the pinner, stay grappling
-- Returns {refused} or {option, check, won, damage}.
function M.act(x, option, opts)
  opts = opts or {}
  local xid = A.id(x)
  if not x:has("grappling") then return { refused = xid .. " is not grappling" } end
  local t = opts.target
  if option == "escape" then
    if x:has("pinned") then return { refused = xid .. " is pinned: escape the pin first" } end
    local list = {}
    for _, g in ipairs(M.grapplers(x)) do
      if not (opts.let_go and opts.let_go[A.id(g)]) then list[#list + 1] = M.bonus_mods(g) end
    end
    local r = #list > 0 and O.roll_many(M.bonus_mods(x), list) or { winner = "attacker" }
    local out = { option = option, check = r, won = r.winner == "attacker" }
    if out.won then
      for _, g in ipairs(M.grapplers(x)) do M.unlink(x, g) end
      A.note("%s escapes the grapple", xid)
    else
      A.note("%s fails to escape the grapple", xid)
    end
    return out
  end
  if option == "escape_pin" then
    local pid = M.pinned_by(x)
    if not pid then return { refused = xid .. " is not pinned" } end
    local p = by_id(pid)
    local r = M.check(x, p)
    local out = { option = option, check = r, won = r.winner == "attacker" }
    if out.won then
      M.unpin(p, x)
      A.note("%s escapes %s's pin (still grappling)", xid, pid)
    end
    return out
  end
  if x:has("pinned") then return { refused = xid .. " is pinned: it can only try to escape the pin" } end
  if not t or not M.grappling(x, t) then return { refused = xid .. " is not grappling that creature" } end
  local tid = A.id(t)
  if option == "damage" or option == "pin" then
    local held = M.pinning(x)
    if held and held ~= tid then
      return { refused = xid .. " is holding a pin: it cannot damage or pin a second opponent" }
    end
    if option == "pin" and held == tid then return { refused = xid .. " already pins " .. tid } end
    local a_mods = (option == "damage" and opts.normal and not opts.damage) and { { M.normal_damage_penalty, "normal damage" } } or nil
    local r = M.check(x, t, { a_mods = a_mods })
    local out = { option = option, check = r, won = r.winner == "attacker" }
    if out.won then
      if option == "damage" then
        out.damage = M.deal(x, t, opts)
        A.note("%s damages %s in the grapple (%d vs %d): %d", xid, tid, r.a, r.b, out.damage)
      else
        M.pin(x, t)
        A.note("%s pins %s (%d vs %d)", xid, tid, r.a, r.b)
      end
    end
    return out
  end
  if option == "break_pin" then
    local ally = opts.ally
    if not ally or M.pinned_by(ally) ~= tid then return { refused = tid .. " pins no such ally" } end
    local r = M.check(x, t)
    local out = { option = option, check = r, won = r.winner == "attacker" }
    if out.won then
      M.unpin(t, ally)
      A.note("%s breaks %s's pin on %s", xid, tid, A.id(ally))
    end
    return out
  end
  error(string.format("grapple: unknown option %q (damage, pin, break_pin, escape, escape_pin)", tostring(option)), 2)
end

-- release(c): c leaves every grapple (it went down, fled, died).
function M.release(c)
  for _, g in ipairs(M.grapplers(c)) do M.unlink(c, g) end
  c:remove_condition("grappling")
  c:remove_condition("pinned")
  c:remove_condition("pinning")
end

-- wriggle(x, escape_artist): 3E-GRAP-12, an Escape Artist check (a
-- standard action) against the grapplers' grapple checks; out, x may
-- still move this round.
function M.wriggle(x, escape_artist)
  local list = {}
  for _, g in ipairs(M.grapplers(x)) do list[#list + 1] = M.bonus_mods(g) end
  local r = O.roll_many({ { escape_artist, "Escape Artist" } }, list)
  if r.winner == "attacker" then
    for _, g in ipairs(M.grapplers(x)) do M.unlink(x, g) end
    A.note("%s wriggles free", A.id(x))
  end
  return { check = r, won = r.winner == "attacker", action = "standard" }
end

rules.define("3e.special.grapple", M)
return M
