-- Encounter distance, spotting and hiding, and how combat starts (inventory
-- dmg-running-the-game.md §§2-3, DMG-ENC, DMG-INIT; 3.0 DMG pp. 59-63):
-- the spotting distance by terrain (Table 3-1), the Spot DC to notice a
-- creature or group (Table 3-2), hiders, missed encounters; the three ways
-- an encounter starts, the pre-initiative partial action, lead time,
-- counted rounds before contact, newcomers (aware: above everyone by Dex;
-- unaware: by their roll, flat-footed), simultaneous actions, rerolling on
-- a drastic change, and what the DM shows of the order. The encounters are
-- the kernel's (module combat) under initiative.lua's 3.0 configuration.
local rules = require("rules")
local check = require("check")
local dice = require("dice")
local T = require("core.3e.tables")
local I = require("core.3e.initiative")

local M = rules.get("3e.encounter")
if M then return M end
M = {}

-- Table 3-1, Spotting Distance [recon: the seed has only a placeholder;
-- reconstructed from the published 3.0 DMG p.60, inventory §13.3, checked
-- against the seed's "light forest 3d6 x 10 ft"]: dice and feet per point.
M.spotting = {
  smoke = { dice = "2d4", ft = 5 },          -- smoke or heavy fog
  dense_forest = { dice = "2d4", ft = 10 },  -- jungle or dense forest
  light_forest = { dice = "3d6", ft = 10 },
  scrub = { dice = "6d6", ft = 10 },         -- scrub, brush or bush
  grassland = { dice = "6d6", ft = 20 },     -- grassland, little cover
}

-- Table 3-2, Spot DC modifiers [recon, inventory §13.3; the seed itself
-- gives base 20, size +/-4 and six or more -2 in its troll example].
M.spot = { base = 20, per_size = 4, still = 5, crowd = -2, crowd_at = 6,
  light = { moonlight = 5, starlight = 10 },
  -- footnotes 1-3: what the spotter's vision gives back on the check
  vision = { moonlight = { low_light = 5, darkvision = 5 }, starlight = { low_light = 5, darkvision = 10 } },
  hide_base = 25, hider_spot = -2 }

local function size_rank(size)
  for i, s in ipairs(T.sizes) do
    if s == (size or "medium") then return i end
  end
  error(string.format("unknown size %q (known: %s)", tostring(size), table.concat(T.sizes, ", ")), 3)
end

-- M.distance(terrain, opts): DMG-ENC-01 steps 1-2: the encounter distance
-- in feet: opts.fixed (line of sight or the edge of the light fixes it,
-- typical indoors) or the terrain's roll on Table 3-1.
function M.distance(terrain, opts)
  opts = opts or {}
  if opts.fixed then return opts.fixed end
  local row = M.spotting[terrain]
  if not row then
    local known = {}
    for k in pairs(M.spotting) do known[#known + 1] = k end
    table.sort(known)
    error(string.format("no spotting distance for terrain %q (Table 3-1: %s; or opts.fixed)", tostring(terrain),
      table.concat(known, ", ")), 2)
  end
  return dice.total(row.dice) * row.ft
end

-- M.nonsize_mods(o): the Table 3-2 modifiers but size (DMG-ENC-02/03):
-- o.contrast (a number: negative is easier, say -5 for a bright creature
-- on a dark ground), o.still, o.count (six or more: -2), o.light
-- ("moonlight", "starlight", "darkness"). Returns the sum, or nil when the
-- creature cannot be spotted (total darkness). o.camouflage: a Hide bonus
-- from colouring replaces the contrast modifier (DMG-ENC-03), so contrast
-- is not counted.
function M.nonsize_mods(o)
  if o.light == "darkness" then return nil end
  local n = 0
  if o.contrast and not o.camouflage then n = n + o.contrast end
  if o.still then n = n + M.spot.still end
  if (o.count or 1) >= M.spot.crowd_at then n = n + M.spot.crowd end
  if o.light then
    local l = M.spot.light[o.light]
    if l == nil then error(string.format("unknown light %q (moonlight, starlight, darkness)", tostring(o.light)), 3) end
    n = n + l
  end
  return n
end

-- M.spot_dc(o): DMG-ENC-02: the Spot DC to notice a creature or group:
-- 20, +4 per size category smaller than Medium (-4 per larger), and the
-- other modifiers (M.nonsize_mods). nil when it cannot be spotted.
function M.spot_dc(o)
  o = o or {}
  local rest = M.nonsize_mods(o)
  if rest == nil then return nil end
  return M.spot.base + (size_rank("medium") - size_rank(o.size)) * M.spot.per_size + rest
end

-- M.vision_bonus(vision, light): Table 3-2's footnotes: a spotter with
-- low-light vision or darkvision gets some of the light's DC back on its
-- check; in total darkness only darkvision spots (0), anyone else cannot
-- (nil).
function M.vision_bonus(vision, light)
  if light == "darkness" then return vision == "darkvision" and 0 or nil end
  local v = M.spot.vision[light or ""]
  return v and v[vision] or 0
end

-- M.hider_dc(o): DMG-ENC-03: the DC to spot a hider at the normal distance:
-- its Hide modifier (o.hide, size included) + 25 with the non-size
-- modifiers, but never below the DC it would have not hiding (A-06: the
-- "-6 or lower" rule is exactly max(HideMod + 25, normal DC)).
function M.hider_dc(o)
  local rest = M.nonsize_mods(o)
  if rest == nil then return nil end
  return math.max(o.hide + M.spot.hide_base + rest, M.spot_dc(o))
end

-- M.hiding_speed(speed): DMG-ENC-03: a hider travels at half speed (and
-- takes M.spot.hider_spot on its own Spot checks).
function M.hiding_speed(speed) return math.floor(speed / 2) end

-- M.spot_check(bonus, dc): one Spot check; an impossible DC never succeeds.
local function spot_check(bonus, dc)
  if dc == nil or bonus == nil then return false end
  return check.roll({ mods = { bonus }, target = dc }).success
end

-- M.spotting_checks(a, b, distance): DMG-ENC-01 steps 3-4 (A-07): every
-- creature of side a ({{id, spot, vision, hiding}...}, dc = the DC to spot
-- a) and of side b makes a Spot check against the other side's DC, a's in
-- list order first. A hider's own checks take -2. Those that succeed
-- notice at the full distance. When nobody on either side succeeds, both
-- notice each other at half the distance. Returns {distance, noticed =
-- {id = true}, mutual_at_half = bool, hiders = {ids} (at half distance)}.
function M.spotting_checks(a, b, distance)
  local out = { distance = distance, noticed = {}, mutual_at_half = false }
  local any = false
  for _, pair in ipairs({ { a, b }, { b, a } }) do
    local me, other = pair[1], pair[2]
    for _, m in ipairs(me) do
      local bonus = m.spot
      if m.hiding then bonus = bonus + M.spot.hider_spot end
      local vb = M.vision_bonus(m.vision, other.light)
      if vb ~= nil and spot_check(bonus + vb, other.dc) then
        out.noticed[m.id] = true
        any = true
      end
    end
  end
  if not any then
    -- everyone notices the other side at half the distance, but a hider is
    -- not noticed by itself (DMG-ENC-04: out.hiders, M.half_distance_hider)
    out.distance, out.mutual_at_half, out.hiders = math.floor(distance / 2), true, {}
    for _, side in ipairs({ a, b }) do
      for _, m in ipairs(side) do
        out.noticed[m.id] = true
        if m.hiding then out.hiders[#out.hiders + 1] = m.id end
      end
    end
  end
  return out
end

-- M.half_distance_hider(spot_bonus, hide_bonus): DMG-ENC-04: at half the
-- distance a hider is not noticed by itself: the observer's Spot check
-- opposed by the hider's Hide check (ties: the higher modifier). Returns
-- whether the observer notices it.
function M.half_distance_hider(spot_bonus, hide_bonus)
  local r = check.opposed({ mods = { spot_bonus } }, { mods = { hide_bonus } }, { tie = "modifier" })
  return r.winner == "initiator"
end

-- M.missed(opts): DMG-ENC-05 [DM option]: the DM may give a 50% chance
-- that the two groups pass each other (d% of 50 or less); creatures
-- tracking the party always close in (opts.tracking).
M.missed_chance = 50
function M.missed(opts)
  opts = opts or {}
  if opts.tracking then return false end
  return check.percentile(M.missed_chance).success
end

-- M.start_kind(entries): DMG-INIT-01: how the encounter starts from who is
-- aware ({aware, side}...): "one_side" (a whole side aware, the other not:
-- DMG-INIT-02), "mutual" (everyone aware: DMG-INIT-04), "some" (only some
-- members aware: DMG-INIT-06), "none" (nobody yet).
function M.start_kind(entries)
  local by = {}
  local order = {}
  for _, e in ipairs(entries) do
    local s = e.side or (e.c and e.c:get("side")) or "?"
    if not by[s] then by[s] = { aware = 0, unaware = 0 }; order[#order + 1] = s end
    if e.aware == false then by[s].unaware = by[s].unaware + 1 else by[s].aware = by[s].aware + 1 end
  end
  local all, none, whole_sides = true, true, true
  for _, s in ipairs(order) do
    local v = by[s]
    if v.unaware > 0 then all = false end
    if v.aware > 0 then none = false end
    if v.aware > 0 and v.unaware > 0 then whole_sides = false end
  end
  if all then return "mutual" end
  if none then return "none" end
  if whole_sides then return "one_side" end
  return "some"
end

-- M.config(kind): the encounter configuration for a start: initiative.lua's
-- 3.0 one, with DMG-INIT-02's start (a whole side aware): each aware
-- creature takes one partial action before anyone rolls (the kernel's
-- unordered surprise round), and DMG-INIT-06's (only some aware: the aware
-- roll first to order their partial actions, the PHB surprise round).
function M.config(kind)
  local c = I.config()
  if kind == "one_side" then c.surprise.unordered = true end
  return c
end

-- M.start(entries, opts): an encounter of creatures ({c, aware, side,
-- group}) started the way DMG-INIT-01..06 say; opts.lead: the aware side's
-- lead time in rounds before contact (DMG-INIT-03): those rounds are the
-- DM's to count (returned as prep_rounds) and the pre-initiative partial
-- action comes all the same, unless opts.noticed (the aware side was
-- noticed before contact: mutual awareness, no pre-initiative action).
-- opts.separated: both sides aware but unable to interact yet
-- (DMG-INIT-05): those rounds are counted with equal time for both, and
-- the first round in initiative order is separated + 1. Returns the
-- encounter (not begun), the start kind and {prep_rounds, first_round}.
function M.start(entries, opts)
  opts = opts or {}
  local list = {}
  for i, e in ipairs(entries) do
    local x = {}
    for k, v in pairs(e) do x[k] = v end
    if opts.noticed then x.aware = true end
    list[i] = x
  end
  local kind = M.start_kind(list)
  local enc = require("combat").new(M.config(kind))
  for _, e in ipairs(list) do enc:add(I.participant(e.c, e)) end
  local info = { prep_rounds = opts.lead or 0, first_round = 1 }
  if opts.separated then
    if kind ~= "mutual" then error("DMG-INIT-05: counted rounds before contact are for two sides aware of each other", 2) end
    info.prep_rounds, info.first_round = opts.separated, opts.separated + 1
  end
  return enc, kind, info
end

-- M.newcomers(enc, list): DMG-INIT-08/09: newcomers join between rounds,
-- at the start of the next round. Aware ones ({c, aware = true}) act
-- before everyone (the highest count + 1), by Dexterity score, highest
-- first (A-08: then the kernel's tie rules); unaware ones roll and slot
-- in, flat-footed until they act (M.flat_footed).
function M.newcomers(enc, list)
  local specs = {}
  for i, e in ipairs(list) do specs[i] = I.participant(e.c, e) end
  enc:join(specs, { at = "round_start" })
end

-- M.flat_footed(enc, id): DMG-INIT-04/09, 3E-INIT-04: flat-footed until
-- its first action.
function M.flat_footed(enc, id)
  local p = enc:participant(id)
  return p ~= nil and not p.acted
end

-- M.queue(mode): DMG-INIT-10 [DM option]: what a mid-round trigger (a trap
-- sprung at the end of a move) does: "announce" resolves it at once and
-- play goes on; "commit" resolves it once the others have committed their
-- actions (q:commit(id, action) records them; q:resolve() then runs it);
-- "end_of_round" resolves it after everyone has acted (q:round_end()).
-- q:spring(name, fn) returns whether fn ran now.
function M.queue(mode)
  if mode ~= "announce" and mode ~= "commit" and mode ~= "end_of_round" then
    error(string.format("DMG-INIT-10: mode %q: announce, commit or end_of_round", tostring(mode)), 2)
  end
  local q = { mode = mode, pending = {}, commitments = {} }
  function q.spring(_, name, fn)
    if mode == "announce" then fn(); return true end
    q.pending[#q.pending + 1] = { name = name, fn = fn }
    return false
  end
  function q.commit(_, id, action) q.commitments[id] = action end
  local function run()
    local p = q.pending
    q.pending = {}
    for _, t in ipairs(p) do t.fn(q.commitments) end
    return #p
  end
  function q.resolve()
    if mode ~= "commit" then error("q:resolve is the commit mode's; this queue is " .. mode, 2) end
    return run()
  end
  function q.round_end()
    if mode ~= "end_of_round" then return 0 end
    return run()
  end
  return q
end

-- M.reveal(enc): DMG-INIT-12 [DM option]: a drastic change (an invisible
-- foe revealed): everyone, the revealed creature included, rolls
-- initiative again when the next round starts.
function M.reveal(enc)
  enc:reroll()
end

-- M.order_for(enc, viewer_side): DMG-INIT-13: what a side may be told of
-- the order: its own members' places, and the others only once they have
-- acted (their count hidden until then: count = nil).
function M.order_for(enc, viewer_side)
  local out = {}
  for _, o in ipairs(enc:order()) do
    local p = enc:participant(o.id)
    local shown = p.side == viewer_side or p.acted
    out[#out + 1] = { id = shown and o.id or "?", count = shown and o.count or nil }
  end
  return out
end

-- M.preroll(bonus, damage, allowed): DMG-INIT-13: a player rolls attack and
-- damage together ("hits AC 14, 9 damage if it hits") when the DM allows
-- it (the setting M.prerolls, default true). Returns {hits_ac, damage,
-- natural}; the d20 first, then the damage dice.
M.prerolls = true
function M.preroll(bonus, damage)
  if not M.prerolls then error("DMG-INIT-13: the DM does not allow pre-rolled attacks (3e.encounter.prerolls = false)", 2) end
  local d = dice.roll("1d20")
  return { natural = d.total, hits_ac = d.total + bonus, damage = math.max(1, dice.total(damage)) }
end

rules.define("3e.encounter", M)
return M
