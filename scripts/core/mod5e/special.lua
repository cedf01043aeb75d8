-- Special attacks (inventory section 11, HB-SPECIAL-01..13, TV-28..30):
-- the unarmed strike, opportunity attacks, two-weapon fighting with the
-- swift action, and the four manoeuvres that replace one melee attack
-- (shove, disarm, trip, grapple), each an Athletics contest (mod5e.core's
-- opposed check: a tie changes nothing, so the attacker fails), with the
-- grapple's escape, release and dragging.
--
-- The opportunity attack itself is the kernel's (the combat table's
-- space.opportunity: a creature leaving a hostile's reach by its own
-- movement, one melee attack for the reaction, never ranged, never more
-- than one even with Extra Attack; Disengage prevents it).
local rules = require("rules")
local fight = require("fight")

local M = {}

local function core() return rules.need("mod5e.core") end
local function cond() return rules.need("5e.conditions") end
local function move() return rules.need("mod5e.movement") end

local function rank(c) return move().rank(c) end

-- knock_prone: in a fight the creature stands up at the start of its turn
-- (5e's effects, spending its movement); elsewhere it stays prone until
-- mod5e.movement.stand_up.
local function knock_prone(target, attacker)
  if pcall(fight.info, target) then
    return require("core.5e.effects").knock_prone(target, attacker:get("id"))
  end
  return cond().add(target, "prone", { source = attacker })
end

local function on_map()
  local ok, m = pcall(fight.map)
  return ok and m ~= nil
end

-- M.unarmed returns c's unarmed strike as a stat-block attack
-- (HB-SPECIAL-01): a melee attack, not a weapon, always proficient, 1 +
-- Str attribute value bludgeoning (no dice: a critical adds nothing).
function M.unarmed(c)
  local str = core().attr(c, "str") or 0
  local pb = rules.need("5e.character").pb(c)
  return { name = "Unarmed Strike", bonus = pb + str, damage = tostring(math.max(1 + str, 0)), type = "bludgeoning",
    reach = 5, tags = { "unarmed" } }
end

-- M.hands: what c holds: {main, off} weapon tables ({name, light, thrown,
-- two_handed, melee}) or nil, from its "holding" definition
-- M.set_hands(c, main, off).
local holding = setmetatable({}, { __mode = "k" })
function M.set_hands(c, main, off)
  holding[c] = { main = main, off = off }
end
function M.hands(c)
  return holding[c] or {}
end
-- M.drop_all: c lets go of all it holds (falling unconscious,
-- HB-COND-15); returns the items, now at its feet.
function M.drop_all(c)
  local h, out = holding[c] or {}, {}
  if h.main then out[#out + 1] = h.main end
  if h.off then out[#out + 1] = h.off end
  holding[c] = nil
  return out
end
function M.free_hand(c)
  local h = M.hands(c)
  if h.main and h.main.two_handed then return false end
  return h.main == nil or h.off == nil
end

-- ---- two-weapon fighting (HB-SPECIAL-03, 04, AMB-21) ----

-- M.off_hand_allowed: after an Attack action made with a light melee
-- weapon held in one hand, holding another light melee weapon in the
-- other, the swift action may make one attack with that other weapon
-- (thrown, if it can be). The attack action's weapon may be in either
-- hand (HB-SPECIAL-04: the attacker chooses the hand). turn is c's
-- mod5e.turn. Returns the other hand's weapon, or false and why.
function M.off_hand_allowed(c, turn)
  local h = M.hands(c)
  if not (turn and turn.attacked_with) then return false, "no Attack action this turn" end
  local used = turn.attacked_with
  if not (used.light and used.melee ~= false) then return false, "the attack was not made with a light melee weapon" end
  local other
  if h.main == used then other = h.off elseif h.off == used then other = h.main end
  if other == nil then return false, "nothing in the other hand" end
  if not (other.light and other.melee ~= false) then return false, "no light melee weapon in the other hand" end
  return other
end

-- M.off_hand makes the off-hand attack with c's swift action (turn:swift);
-- its damage adds the attribute (the general rule, AMB-21), unless
-- mod5e.options.twf_offhand_attr is false and the attribute is positive.
-- opts are mod5e.attack.attack's (damage, damage_type, ...). Returns the
-- attack, or nil and why.
function M.off_hand(c, target, turn, opts)
  local ok, why = M.off_hand_allowed(c, turn)
  if not ok then return nil, why end
  ok, why = turn:swift("two_weapon_fighting")
  if not ok then return nil, why end
  local o = {}
  for k, v in pairs(opts or {}) do o[k] = v end
  o.attack = o.thrown_now and "ranged" or "melee"
  if core().option("twf_offhand_attr") == false then
    local a = rules.need("5e.attack_ability")(c, o)
    local v = core().attr(c, a) or 0
    if v > 0 then o.damage_mods = (o.damage_mods or 0) - v end
  end
  return rules.need("mod5e.attack").attack(c, target, o)
end

-- ---- manoeuvres in place of a melee attack ----

-- contest: the Athletics contest of attacker (the initiator) against
-- target; adv is the target's advantage level.
local function contest(attacker, target, opts, target_adv)
  opts = opts or {}
  return core().opposed(attacker, { skill = "athletics", adv = opts.adv, mods = opts.mods },
    target, { skill = "athletics", adv = target_adv or 0 })
end

local function attack_used(turn)
  if turn then
    local ok, why = turn:melee_attack()
    if not ok then return false, why end
  end
  return true
end

-- M.shove (HB-SPECIAL-05, TV-29): the target at most one size larger; an
-- Athletics contest, won automatically against an incapacitated target;
-- the winner chooses: prone, or pushed 5 ft in any horizontal direction
-- (opts.choice "prone" or "push", opts.to the square). Returns {success,
-- choice, contest} or {allowed = false, why}.
function M.shove(attacker, target, opts)
  opts = opts or {}
  if rank(target) - rank(attacker) > 1 then return { allowed = false, why = "the target is more than one size larger" } end
  local ok, why = attack_used(opts.turn)
  if not ok then return { allowed = false, why = why } end
  local out = { allowed = true, choice = opts.choice or "prone" }
  if cond().has(target, "incapacitated") then
    out.success, out.auto = true, true
  else
    out.contest = contest(attacker, target, opts)
    out.success = out.contest.success
  end
  if out.success then
    if out.choice == "prone" then
      if not target:has_tag("no_prone") then knock_prone(target, attacker) end
    elseif opts.to and on_map() then
      fight.move(target, opts.to, { cause = "forced", budget = 5 })
      M.check_grapples(target) -- pushed out of a grappler's reach: free (HB-SPECIAL-12)
    elseif opts.to then
      target:set("pos", opts.to)
    end
  end
  return out
end

-- M.disarm (HB-SPECIAL-06): a free hand; an Athletics contest; the target
-- drops one item of the attacker's choice (opts.item), which the attacker
-- takes (opts.take, default true) or lets fall at its feet. Returns
-- {success, item, taken}.
function M.disarm(attacker, target, opts)
  opts = opts or {}
  if not M.free_hand(attacker) then return { allowed = false, why = "no free hand" } end
  local ok, why = attack_used(opts.turn)
  if not ok then return { allowed = false, why = why } end
  local out = { allowed = true, contest = contest(attacker, target, opts) }
  out.success = out.contest.success
  if out.success then
    local h = M.hands(target)
    local item = opts.item or h.main
    out.item = item
    if h.main == item then h.main = nil elseif h.off == item then h.off = nil end
    out.taken = opts.take ~= false and M.free_hand(attacker)
    if out.taken then
      local mine = M.hands(attacker)
      if mine.main == nil then mine.main = item else mine.off = item end
      holding[attacker] = mine
    end
  end
  return out
end

-- M.trip (HB-SPECIAL-07, TV-28): an Athletics contest in which the target
-- gets 1 adv for each size it is larger; no size limit; a creature
-- without legs (tag "no_prone": oozes) can't be knocked prone. Returns
-- {success, target_adv, contest}.
function M.trip(attacker, target, opts)
  opts = opts or {}
  if target:has_tag("no_prone") then return { allowed = false, why = "it has no legs to trip" } end
  local ok, why = attack_used(opts.turn)
  if not ok then return { allowed = false, why = why } end
  local adv = math.max(0, rank(target) - rank(attacker))
  local out = { allowed = true, target_adv = adv, contest = contest(attacker, target, opts, adv) }
  out.success = out.contest.success
  if out.success then knock_prone(target, attacker) end
  return out
end

-- M.grappling returns the creature ids c holds (its instances of grappled
-- whose source is "holds:<id>").
function M.grappling(c)
  local out = {}
  for _, inst in ipairs(c:conditions("grappled")) do
    local id = (inst.source or ""):match("^holds:(.+)$")
    if id then out[#out + 1] = id end
  end
  return out
end

-- M.grapple (HB-SPECIAL-08, 09, TV-29, TV-30): the target at most one
-- size larger; a free hand; an Athletics contest; on a win both are
-- grappled (the target's instance from the grappler, the grappler's
-- "holds:<target>"). Returns {success, contest}.
function M.grapple(attacker, target, opts)
  opts = opts or {}
  if rank(target) - rank(attacker) > 1 then return { allowed = false, why = "the target is more than one size larger" } end
  if not M.free_hand(attacker) then return { allowed = false, why = "no free hand" } end
  local ok, why = attack_used(opts.turn)
  if not ok then return { allowed = false, why = why } end
  local out = { allowed = true, contest = contest(attacker, target, opts) }
  out.success = out.contest.success
  if out.success then
    target:add_condition("grappled", { source = attacker:get("id"), stacking = "independent" })
    attacker:add_condition("grappled", { source = "holds:" .. target:get("id"), stacking = "independent" })
  end
  return out
end

-- M.release ends the grapple between grappler and target (HB-SPECIAL-11:
-- at any time, no action).
function M.release(grappler, target)
  target:remove_condition("grappled", { source = grappler:get("id") })
  grappler:remove_condition("grappled", { source = "holds:" .. target:get("id") })
  return true
end

-- M.escape (HB-SPECIAL-10): on its turn the grappled creature uses its
-- action for an Athletics contest against the grappler; winning ends the
-- grapple. turn: its mod5e.turn (the action is spent). Returns {success}.
function M.escape(target, grappler, opts)
  opts = opts or {}
  if opts.turn then
    local ok, why = opts.turn:act("improvise")
    if not ok then return { allowed = false, why = why } end
  end
  local r = core().opposed(target, { skill = "athletics", adv = opts.adv }, grappler, { skill = "athletics" })
  if r.success then M.release(grappler, target) end
  return { allowed = true, success = r.success, contest = r }
end

-- M.check_grapple ends a grapple that can't go on (HB-SPECIAL-11, 12): the
-- grappler unconscious or incapacitated (失去意识或失能: not merely
-- stunned), or the target moved out of its reach (opts.distance, else the
-- map's). Returns whether it ended.
function M.check_grapple(grappler, target, opts)
  opts = opts or {}
  if cond().has(grappler, "incapacitated") or cond().has(grappler, "unconscious") then
    return M.release(grappler, target)
  end
  local d = opts.distance
  if d == nil then d = rules.need("mod5e.movement").distance(grappler, target) end
  local reach = opts.reach or rules.need("5e.attack").reach_of(grappler)
  if d > reach then return M.release(grappler, target) end
  return false
end

-- M.check_grapples(c) checks every grapple c is in, as the one grappled
-- and as the grappler (M.check_grapple), after c was moved by an effect:
-- those whose grappler no longer reaches end (HB-SPECIAL-12). Needs a
-- fight (fight.get finds the other creature).
function M.check_grapples(c)
  local list = c:conditions()
  for i = 1, #list do
    local s = list[i].name == "grappled" and list[i].source
    if s then
      local holds = string.match(s, "^holds:(.+)$")
      local other = fight.get(holds or s)
      if other ~= nil then
        if holds then M.check_grapple(c, other) else M.check_grapple(other, c) end
      end
    end
  end
end

-- M.drag_speed (HB-SPECIAL-13, AMB-22): a grappler keeping its grapple may
-- move pulling the target at half its normal, unmodified speed, rounded
-- down to 5 ft (TV-30: 30 → 15).
function M.drag_speed(grappler)
  local speeds = grappler:get("speed") or {}
  return move().round_down((speeds.walk or 30) / 2)
end

-- M.somatic_allowed: grappled creatures can't cast spells with somatic
-- components (AMB-39, literal), nor can climbing ones (HB-MOVE-15);
-- mod5e.options.somatic_free_hand allows it with a free hand.
function M.somatic_allowed(c)
  if not (c:has("grappled") or c:has("climbing")) then return true end
  return core().option("somatic_free_hand") and M.free_hand(c) or false
end

-- M.two_handed_allowed: no two-handed weapon while grappled or climbing.
function M.two_handed_allowed(c)
  return not (c:has("grappled") or c:has("climbing"))
end

rules.define("mod5e.special", M)
