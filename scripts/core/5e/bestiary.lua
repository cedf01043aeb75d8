-- The builder of imported monsters (require("core.5e.bestiary")): the
-- scripts `dndsh import` writes (scripts/monsters/5e/srd/*.lua) are one
-- call to bestiary.monster with the stat block as data. This file turns
-- that data into a fighting stat block, as the hand-written monsters do
-- with their hooks:
--
--   attacks            the engine's attacks; an attack's on_hit conditions
--                      (a size limit, an escape DC, how long they last), its
--                      hit_save (a saving throw the hit calls for, with its
--                      damage and conditions) and with_advantage damage are
--                      one damage.roll hook of the monster
--   multiattack        the engine's multiattack (names of attacks); an attack
--                      with a Recharge or X/Day is its kit's Action when ready
--   actions            save effects (a breath weapon, a gaze) as Actions of
--   bonus_actions      its kit (core.5e.tactics), with their Recharge or
--                      X/Day as creature resources; taken when available and
--                      worth more than the Attack action (see worth below)
--   multi_uses         save-effect actions the Multiattack uses with its
--                      attacks ("makes two Tentacle attacks and uses Consume
--                      Memories"): taken before the attacks
--   legendary          Legendary Actions: {uses, actions = {{name, attack |
--                      use | save..., cost, once_per_turn}}}; one use after
--                      each enemy's turn (see legendary below)
--   specials           traits by name: {ability = "pack_tactics", ...} loads
--                      scripts/monsters/abilities/<ability>.lua and calls its
--                      apply(stat, params)
--
-- and keeps what it cannot do listed: `unmodelled`, `inert` (no effect in
-- fights without positions, light or terrain) and `unused` (options never
-- taken), with `modelled` = "full" or "partial".
--
-- Save effects: the damage is rolled once for every target (5E-DMG-04), a
-- success takes half (rounded down, 5E-DMG-05) when the effect says so,
-- a failure also gets the effect's conditions. Fights have no positions:
-- an area catches as many enemies as the Dungeon Master's Guide's "Targets
-- in Areas of Effect" table gives ([K] DMG 2014 ch. 8: a Cone its length /
-- 10, a Cube or square its side / 5, a Line its length / 30, a Sphere,
-- Cylinder or Emanation its radius / 5, rounded up), the weakest first.
local dice = require("dice")
local fight = require("fight")
local util = require("core.5e.util")
local hooks = require("core.5e.hooks")
local effects = require("core.5e.effects")
local lasting = require("core.5e.lasting")
local tactics = require("core.5e.tactics")

local M = {}

-- mean(expr) is the average of a damage expression of the importer's
-- form ("2d6+6 + 1d6[fire]", "1").
function M.mean(expr)
  local total = 0
  for term in string.gmatch(expr or "", "[^+%s][^+]*") do
    local n, d = string.match(term, "^(%d+)d(%d+)")
    if n then
      total = total + tonumber(n) * (tonumber(d) + 1) / 2
      term = string.gsub(term, "^%d+d%d+", "")
    end
    for sign, k in string.gmatch(term, "([+-]?)(%d+)") do
      total = total + (sign == "-" and -1 or 1) * tonumber(k)
    end
  end
  return total
end

-- parts(expr, typ) splits "2d6+6 + 1d6[fire]" into {{"2d6+6", typ}, {"1d6", "fire"}}.
local function parts(expr, typ)
  local out = {}
  for term in string.gmatch(expr or "", "[^+%s][^%[+]*%[?%a*%]?") do
    term = string.match(term, "^%s*(.-)%s*$")
    local e, label = string.match(term, "^(.-)%[(%a+)%]$")
    if e then
      out[#out + 1] = { e, label }
    elseif #out > 0 and out[#out][2] == typ and not string.find(term, "d") then
      out[#out][1] = out[#out][1] .. "+" .. term -- "2d6" "+6": one part
    else
      out[#out + 1] = { term, typ }
    end
  end
  return out
end
M.parts = parts

local SHAPES = { cone = 10, cube = 5, line = 30, sphere = 5, cylinder = 5, emanation = 5 }

-- area_targets(area) is how many creatures an area catches ([K] DMG 2014,
-- Targets in Areas of Effect); "each creature within 30 feet" counts as
-- a 30-foot-radius Sphere.
function M.area_targets(area)
  area = area or ""
  local n = string.match(area, "(%d+)%-foot") or string.match(area, "within (%d+) feet")
  local shape = string.match(area, "(%a+)$")
  local per = SHAPES[string.lower(shape or "")] or (string.find(area, "within %d+ feet") and SHAPES.sphere)
  if n == nil or per == nil then return 1 end
  return math.max(1, math.ceil(tonumber(n) / per))
end

-- ---- conditions a hit or a failed save imposes ----

-- grappler_of(c, id): c is Grappled by the creature called id.
local function grappled_by(c, id)
  for _, g in ipairs(c:conditions("grappled")) do
    if g.source == id then return true end
  end
  return false
end
M.grappled_by = grappled_by

-- impose(target, source, eff [, save]) gives target the condition of eff
-- for as long as eff says; save ({ability, dc}) is the effect's save, for
-- "repeats the save". Returns whether it took hold.
function M.impose(target, source, eff, save)
  if eff.max_size and util.size_rank(target) > (util.SIZES[eff.max_size] or 6) then return false end
  if target:immune_to(eff.condition) or fight.is(target, "out") then return false end
  local id = tactics.id_of(source)
  local name, lasts = eff.condition, eff.lasts
  if name == "grappled" then
    if grappled_by(target, id) then return false end
    target:add_condition("grappled", { source = id, stacking = "independent" })
    return true
  end
  if lasts == "grapple" then
    return target:add_condition(name, { source = "grapple:" .. id, stacking = "independent" }).immune ~= true
  elseif lasts == "end_of_its_turn" then
    return effects.until_end_of_next_turn(target, name, id)
  elseif lasts == "start_of_its_turn" then
    return lasting.start_of(target, name, tactics.id_of(target))
  elseif lasts == "start_of_source_turn" then
    return lasting.start_of(target, name, id)
  elseif lasts == "end_of_source_turn" then
    return lasting.end_of(target, name, id)
  elseif lasts == "save_ends" and save then
    return lasting.save_ends(target, name, id, save.save, save.dc)
  elseif lasts == "minute" or lasts == "save_ends" then
    return lasting.rounds(target, name, id, 10)
  elseif name == "prone" then
    return effects.knock_prone(target, id)
  end
  if target:has(name) then return false end
  return target:add_condition(name, { source = id, stacking = "independent" }).immune ~= true
end

-- release(id) ends the grapples of the creature called id (it is down)
-- and what lasts "until the grapple ends".
local function release(id)
  for _, c in ipairs(fight.all()) do
    if c:has("grappled") then c:remove_condition("grappled", { source = id }) end
    local list = c:conditions()
    for i = 1, #list do
      if list[i].source == "grapple:" .. id then c:remove_condition(list[i].id) end
    end
  end
end

-- ---- save effects ----

local function eligible(spec, self, c)
  if spec.max_size and util.size_rank(c) > (util.SIZES[spec.max_size] or 6) then return false end
  if spec.needs == "grappled_by_self" then return grappled_by(c, tactics.id_of(self)) end
  if spec.needs then return c:has(spec.needs) end
  if spec.only == "humanoid" then return c:has_tag("humanoid") end
  if spec.only == "non_undead_creature" then return not c:has_tag("undead") end
  if spec.only == "creature_that_isn_t_an_undead_or_elf" then return not (c:has_tag("undead") or c:has_tag("elf")) end
  if spec.only == "creature_that_isn_t_an_undead" then return not c:has_tag("undead") end
  if spec.only == "creature_that_isn_t_a_construct_or_an_undead" then
    return not (c:has_tag("undead") or c:has_tag("construct"))
  end
  return true
end

-- targets(self, spec) is the enemies a save effect catches now (nil when
-- none): an area's share, the weakest first, or the weakest eligible one.
-- On a battle map the area is aimed (fight.aim: the most enemies, the
-- fewest allies) and catches whom its shape covers.
local function map_area(area)
  local a = tactics.area_of({ area = area })
  if a then return a end
  local n = string.match(area or "", "within (%d+) feet")
  if n then return { shape = "emanation", length = tonumber(n) } end
  return nil
end

function M.targets(self, spec)
  local shape = spec.area and fight.map() and map_area(spec.area)
  if shape then
    local aim = fight.aim(self, shape)
    if aim == nil then return nil end
    local out = {}
    for _, c in ipairs(aim.targets) do
      if c ~= self and not fight.is(c, "out") and eligible(spec, self, c) then out[#out + 1] = c end
    end
    if #out == 0 then return nil end
    return out
  end
  local enemies = fight.enemies(self)
  local ok = {}
  for i = 1, #enemies do
    if eligible(spec, self, enemies[i]) then ok[#ok + 1] = enemies[i] end
  end
  if #ok == 0 then return nil end
  table.sort(ok, function(a, b)
    local ha, hb = a:get("hp"), b:get("hp")
    if ha ~= hb then return ha < hb end
    return tactics.id_of(a) < tactics.id_of(b)
  end)
  local n = spec.area and M.area_targets(spec.area) or 1
  local out = {}
  for i = 1, math.min(n, #ok) do out[i] = ok[i] end
  return out
end

-- resolve(self, spec, targets) makes every target save against spec: the
-- damage is rolled once (each part with its type), a failure takes it and
-- the conditions, a success half of it (spec.half) or nothing.
function M.resolve(self, spec, targets)
  local rolled = {}
  local list = parts(spec.damage, spec.type)
  for i = 1, #list do rolled[i] = dice.total(list[i][1]) end
  local notes, plan = {}, {}
  for _, t in ipairs(targets) do
    if not fight.is(t, "out") then
      -- on a map, cover between the source and the target counts on a
      -- Dexterity save (5E-ATK-03)
      local cover = spec.save == "dex" and fight.map() and fight.cover(t, self) or nil
      local saved = util.save(t, spec.save, spec.dc, { magic = spec.magic, cover = cover })
      local dealt = {}
      local sum = 0
      for i = 1, #list do
        local d = rolled[i]
        if saved then d = spec.half and util.half(d) or 0 end
        dealt[i] = d
        sum = sum + d
      end
      plan[#plan + 1] = { t, saved, dealt }
      notes[#notes + 1] = string.format("%s %s (%d)", tactics.id_of(t), saved and "saves" or "fails", sum)
    end
  end
  fight.note(string.format("%s uses %s (DC %d %s): %s", tactics.id_of(self), spec.name or "an effect", spec.dc,
    string.upper(spec.save), table.concat(notes, "; ")))
  for _, p in ipairs(plan) do
    local t, saved, dealt = p[1], p[2], p[3]
    local lost = 0
    for i = 1, #list do
      if dealt[i] > 0 and not fight.is(t, "out") then lost = lost + fight.damage(t, dealt[i], list[i][2], self) end
    end
    if not saved and spec.drain then M.drain(t, lost) end
    if not saved and spec.effects then
      for _, eff in ipairs(spec.effects) do M.impose(t, self, eff, spec) end
    end
  end
end

-- The fields of an attack-level event's Lua table. Nested events share the
-- table (docs/status.md, Known gaps): nested(e, fn, ...) runs fn, which may
-- deal damage, and then puts e's fields back, so that the outer event (and
-- the hooks after this one) see their own.
local EVENT_KEYS = { "attacker", "target", "attack", "ranged", "reach", "adv", "dis", "bonus", "natural", "total",
  "needed", "hit", "crit", "damage", "damage_type", "hp_lost", "past_zero", "parts", "cancelled", "reason" }

function M.nested(e, fn, ...)
  local saved = {}
  for i = 1, #EVENT_KEYS do saved[i] = e[EVENT_KEYS[i]] end
  fn(...)
  for i = 1, #EVENT_KEYS do e[EVENT_KEYS[i]] = saved[i] end
end

-- worth(spec, n) is what a save effect on n targets is worth in damage:
-- about half the targets fail, a success keeps half when spec.half, and a
-- condition counts as 6 damage on each target that fails.
function M.worth(spec, n)
  local dmg = M.mean(spec.damage)
  local per = dmg * (spec.half and 0.75 or 0.5) + (spec.effects and #spec.effects * 3 or 0)
  return per * n
end

-- attack_worth(stat) is what its Attack action is worth: the average
-- damage of its attacks, two thirds of which hit.
function M.attack_worth(stat)
  if stat.attack_worth then return stat.attack_worth end
  local by = {}
  for _, a in ipairs(stat.attacks or {}) do by[a.name] = a end
  local seq = stat.multiattack or (stat.attacks and stat.attacks[1] and { stat.attacks[1].name }) or {}
  local w = 0
  for _, n in ipairs(seq) do w = w + M.mean(by[n] and by[n].damage or "0") * 2 / 3 end
  stat.attack_worth = w
  return w
end

local function resource_name(spec) return "use:" .. spec.name end

local function resource_of(spec)
  if spec.recharge then return { max = 1, recharge = "roll", die = 6, min = spec.recharge } end
  if spec.per_day then return { max = spec.per_day, recharge = "rest", rest = "long" } end
  if spec.per_rest then return { max = 1, recharge = "rest", rest = spec.per_rest } end
  return nil
end

-- ready(self, spec) is whether a limited effect has a use left.
local function ready(self, spec)
  if not resource_of(spec) then return true end
  return util.uses(self, resource_name(spec)) > 0
end

local function spend(self, spec)
  if resource_of(spec) then self:spend(resource_name(spec)) end
end

-- ---- legendary actions ----

local legendary = {} -- {tag, stat, attacks, actions} per legendary stat block, in load order
local registered = false

local function pick_legendary(self, entry)
  local stat = entry.stat
  local left = util.uses(self, "legendary")
  local best, bw
  for _, a in ipairs(stat.legendary.actions) do
    local cost = a.cost or 1
    local used = a.once_per_turn and self:has("legendary:" .. a.name)
    if cost <= left and not used then
      local w, arg
      if a.attack then
        local enemies = fight.enemies(self)
        if #enemies > 0 then
          w = M.mean(entry.attacks[a.attack] and entry.attacks[a.attack].damage or "0") * 2 / 3
          arg = a
        end
      else
        local spec = a.use and entry.actions[a.use] or a
        if spec and ready(self, spec) then
          local targets = M.targets(self, spec)
          if targets then
            w = M.worth(spec, #targets)
            arg = targets
          end
        end
      end
      if w and w / cost > (bw or -1) then best, bw = { a, arg }, w / cost end
    end
  end
  return best
end

local function take_legendary(self, entry)
  local pick = pick_legendary(self, entry)
  if pick == nil then return end
  local a, arg = pick[1], pick[2]
  self:spend("legendary", a.cost or 1)
  if a.once_per_turn then self:add_condition("legendary:" .. a.name) end
  if a.attack then
    fight.note(string.format("%s takes a Legendary Action: %s", tactics.id_of(self), a.name))
    tactics.strike(self, entry.stat.kit, entry.stat.kit.ctx, a.attack)
  else
    local spec = a.use and entry.actions[a.use] or a
    spend(self, spec)
    M.resolve(self, spec, arg)
  end
end

-- The Legendary Action hook (registered once per runtime): after the turn
-- of a creature, each living legendary enemy of it with a use left (and
-- not Incapacitated) takes one Legendary Action: the one worth the most per
-- use (an attack's average damage or a save effect's worth).
local function after_turn(e)
  local ended = e.fighter
  if ended == nil then return end
  local side = tactics.side_of(ended)
  local all = fight.all()
  for i = 1, #all do
    local c = all[i]
    if c ~= ended and tactics.side_of(c) ~= side and not fight.is(c, "out") and c:has_tag("legendary") then
      for j = 1, #legendary do
        local entry = legendary[j]
        if c:has_tag(entry.tag) then
          if util.uses(c, "legendary") > 0 and not util.incapacitated(c) then take_legendary(c, entry) end
          break
        end
      end
    end
  end
end

local function setup_legendary(stat, kit)
  local tag = "legendary:" .. (#legendary + 1)
  stat.tags[#stat.tags + 1] = "legendary"
  stat.tags[#stat.tags + 1] = tag
  local entry = { tag = tag, stat = stat, attacks = {}, actions = {} }
  for _, a in ipairs(stat.attacks or {}) do entry.attacks[a.name] = a end
  for _, a in ipairs(stat.actions or {}) do entry.actions[a.name] = a end
  for _, a in ipairs(stat.bonus_actions or {}) do entry.actions[a.name] = a end
  legendary[#legendary + 1] = entry
  util.resource(stat, "legendary", { max = stat.legendary.uses, recharge = "turn" })
  -- "can't take this action again until the start of its next turn"
  tactics.on_start(kit, function(self)
    for _, a in ipairs(stat.legendary.actions) do
      if a.once_per_turn then self:remove_condition("legendary:" .. a.name) end
    end
  end)
  if not registered then
    registered = true
    require("rules").on("turn.end", after_turn, { phase = "after" })
  end
end

-- ---- the builder ----

-- crit_dice doubles the dice of an expression ("2d6+3" -> "4d6+3").
local function crit_dice(x)
  return (string.gsub(x, "(%d+)d(%d+)", function(n, d) return (2 * tonumber(n)) .. "d" .. d end))
end

-- alt_holds: the condition of an attack's alternative damage.
local function alt_holds(a, e)
  local w = a.alt_if
  if w == "self_bloodied" then return e.attacker:get("hp") * 2 <= e.attacker:get("max_hp") end
  if w == "target_bloodied" then return e.target:get("hp") * 2 <= e.target:get("max_hp") end
  if w == "advantage" then return util.had_advantage(e) end
  if w == "target_grappled" then return grappled_by(e.target, tactics.id_of(e.attacker)) end
  return false
end

-- drain lowers c's Hit Point maximum by n (it dies at 0).
function M.drain(c, n)
  if n <= 0 or fight.is(c, "out") then return end
  local m = c:get("max_hp") - n
  if m <= 0 then
    fight.note(tactics.id_of(c) .. "'s hit point maximum drops to 0")
    fight.kill(c)
    return
  end
  c:set("max_hp", m)
  if c:get("hp") > m then c:set("hp", m) end
end

local function hit_hook(stat)
  local pending = {}
  local by = {}
  for _, a in ipairs(stat.attacks or {}) do
    if a.on_hit or a.hit_save or a.with_advantage or a.alt_damage or a.drain then by[a.name] = a end
  end
  if next(by) == nil then return end
  hooks.add(stat, "damage.roll", function(e)
    local a = by[e.attack]
    if a == nil then return end
    if a.with_advantage and util.had_advantage(e) then
      local x = a.with_advantage
      e.damage = e.damage + dice.total(e.crit and crit_dice(x) or x)
    end
    if a.alt_damage and alt_holds(a, e) then
      -- the alternative's roll instead of the first part's: the rolled
      -- total plus the difference of an alternative roll and a second
      -- roll of the first part (the mean is exact, the spread close)
      local first = parts(a.damage, a.type)[1][1]
      local alt, base = a.alt_damage, first
      if e.crit then alt, base = crit_dice(alt), crit_dice(base) end
      e.damage = math.max(0, e.damage + dice.total(alt) - dice.total(base))
    end
    local t = e.target
    if a.drain then
      -- after the hit's damage is dealt: at the end of the turn (the
      -- damage rolled, before resistances)
      pending[#pending + 1] = { t, e.damage }
    end
    for _, eff in ipairs(a.on_hit or {}) do M.impose(t, e.attacker, eff) end
    local sv = a.hit_save
    if sv and eligible(sv, e.attacker, t) and not fight.is(t, "out") then
      sv.name = sv.name or a.name
      M.nested(e, M.resolve, e.attacker, sv, { t })
    end
  end)
  local drains = false
  for _, a in ipairs(stat.attacks or {}) do drains = drains or a.drain == true end
  if drains then
    hooks.add(stat, "turn.end", function()
      for i = 1, #pending do
        M.drain(pending[i][1], pending[i][2])
        pending[i] = nil
      end
    end, { phase = "after" })
  end
  local grapples = false
  for _, a in ipairs(stat.attacks or {}) do
    for _, eff in ipairs(a.on_hit or {}) do grapples = grapples or eff.condition == "grappled" end
  end
  if grapples then
    hooks.add(stat, "creature.down", function(e) release(tactics.id_of(e.target)) end)
  end
end

local function save_action(kit, stat, spec, kind)
  local entry = {
    name = spec.name,
    when = function(self)
      if not ready(self, spec) then return nil end
      local targets = M.targets(self, spec)
      if targets == nil then return nil end
      local w, aw = M.worth(spec, #targets), M.attack_worth(stat)
      if kind == "bonus" then return targets end
      if resource_of(spec) then
        if w < aw * 0.5 then return nil end
      elseif w <= aw then
        return nil
      end
      return targets
    end,
    run = function(self, _k, _ctx, targets)
      spend(self, spec)
      M.resolve(self, spec, targets)
    end,
  }
  if kind == "bonus" then tactics.after(kit, entry) else tactics.action(kit, entry) end
end

-- limited_attack makes a Recharge or X/Day attack the Action when it is
-- ready and worth at least half the Attack action, at the weakest enemy.
local function limited_attack(kit, stat, a)
  tactics.action(kit, {
    name = a.name,
    when = function(self)
      if not ready(self, a) or M.mean(a.damage) * 2 / 3 < M.attack_worth(stat) * 0.5 then return nil end
      local t = M.targets(self, {})
      return t and t[1]
    end,
    run = function(self, _k, _ctx, target)
      spend(self, a)
      fight.strike(self, target, a.name)
    end,
  })
end

-- monster(t) finishes an imported stat block (see the file's comment) and
-- returns it.
function M.monster(t)
  util.monster(t)
  local kit
  local function need_kit()
    kit = kit or tactics.kit(t)
    return kit
  end
  for _, list in ipairs({ t.actions or {}, t.bonus_actions or {} }) do
    for _, a in ipairs(list) do
      local r = resource_of(a)
      if r then util.resource(t, resource_name(a), r) end
    end
  end
  for _, a in ipairs(t.attacks or {}) do
    local r = resource_of(a)
    if r then
      -- a limited attack (Recharge, X/Day): the Action when it is ready
      util.resource(t, resource_name(a), r)
      limited_attack(need_kit(), t, a)
    end
  end
  for _, a in ipairs(t.actions or {}) do save_action(need_kit(), t, a, "action") end
  for _, a in ipairs(t.bonus_actions or {}) do save_action(need_kit(), t, a, "bonus") end
  if t.multi_uses then
    local by = {}
    for _, a in ipairs(t.actions or {}) do by[a.name] = a end
    tactics.before_attack(need_kit(), function(self)
      for _, name in ipairs(t.multi_uses) do
        local spec = by[name]
        if spec and ready(self, spec) then
          local targets = M.targets(self, spec)
          if targets then
            spend(self, spec)
            M.resolve(self, spec, targets)
          end
        end
      end
    end)
  end
  hit_hook(t)
  if t.legendary then setup_legendary(t, need_kit()) end
  for _, s in ipairs(t.specials or {}) do
    require("monsters.abilities." .. s.ability).apply(t, s)
  end
  return t
end

return M
