-- The 3.0 wizard (require("core.3e.classes.wizard")), [K] PHB 3.0 chapter
-- 3: d4 hit dice, poor base attack bonus, good Will, arcane spells (Table
-- 3-18 and Int bonus spells; spell_0 .. spell_9 resources). The spells a
-- fight uses (magic.lua): magic missile, sleep (a 1-round casting that
-- takes effect just before the wizard's next turn, 3E-MAGIC-02), burning
-- hands, and fireball (a 20-ft burst) from 5th level. spec.spells lists the
-- prepared ones (default: all it has slots for).
--
-- In a fight that plays itself the wizard: casts the area spell that
-- catches the most enemies (two or more) and no ally, else magic missile
-- at the most hurt enemy in range; casts defensively when an enemy
-- threatens it (3E-MAGIC-11); otherwise attacks as the kernel does.
local rules = require("rules")
local fight = require("fight")
local B = require("core.3e.classes.base")
local A = require("core.3e.attack")
local magic = require("core.3e.magic")

local M = rules.get("3e.classes.wizard")
if M then return M end
M = {}

M.names = {
  wizard = { en = "Wizard", zh = "法师" },
  magic_missile = { en = "Magic missile", zh = "魔法飞弹" },  -- not in source
  sleep = { en = "Sleep", zh = "睡眠术" },  -- not in source
  burning_hands = { en = "Burning hands", zh = "燃烧之手" },  -- not in source
  fireball = { en = "Fireball", zh = "火球术" },  -- not in source
}

-- [K] PHB 3.0 Table 3-18: spells a day by level (0-level first).
M.spells_per_day = {
  { 3, 1 }, { 4, 2 }, { 4, 2, 1 }, { 4, 3, 2 }, { 4, 3, 2, 1 }, { 4, 3, 3, 2 }, { 4, 4, 3, 2, 1 },
  { 4, 4, 3, 3, 2 }, { 4, 4, 4, 3, 2, 1 }, { 4, 4, 4, 3, 3, 2 },
}

M.area_spells = { "fireball", "sleep", "burning_hands" }

local function prepared(c, key)
  return c:has_tag("spell:" .. key)
end

local function slot_left(c, spell)
  local r = c:resource(magic.slot(spell))
  return r and r.current > 0
end

-- affects(spell, y): whether the spell would affect y at all (sleep: only
-- the living of 4 HD or less).
local W = require("core.3e.special.who")
local function affects(spell, y)
  if spell.hd then return not y:has_tag("undead") and W.hd(y) <= spell.max_hd end
  return true
end

-- engaged(y): y stands next to one of its enemies (in melee).
local function engaged(y)
  for _, z in ipairs(fight.enemies(y)) do
    if fight.distance(y, z) <= 5 then return true end
  end
  return false
end

-- area(c, key, cast): the aim of an area spell that catches the most
-- enemies and no ally, or nil (cast: the spell is cast already, its slot
-- spent: only the aim is wanted).
local function area(c, key, cast)
  local spell = magic.spell[key]
  if not cast and (not prepared(c, key) or not slot_left(c, spell)) then return nil end
  local a = spell.area
  local spec = { shape = a.shape, length = a.length }
  if a.shape == "burst" then
    -- a burst is aimed at a grid intersection within the spell's range
    -- (DMG-GRID-05): a corner of an enemy's space
    local best
    local range = magic.range_of(c, spell)
    local corners = require("core.3e.grid").corners
    local side = c:get("side")
    -- what each creature caught counts for, worked out once per aim (the
    -- corners' bursts catch the same creatures again and again, and
    -- nothing moves while the aim is chosen): a friend the spell affects,
    -- an enemy it counts (when it goes off this round, or the enemy is
    -- held in melee and will still be there), or neither
    local FRIEND, FOE, NONE = 1, 2, 0
    local counts = {}
    local function counts_as(y)
      local v = counts[y]
      if v == nil then
        if y:get("side") == side then
          v = affects(spell, y) and FRIEND or NONE
        elseif spell.time ~= "round" or engaged(y) then
          v = FOE
        else
          v = NONE
        end
        counts[y] = v
      end
      return v
    end
    for _, y in ipairs(fight.enemies(c)) do
      for _, corner in ipairs(fight.distance(c, y) <= range and corners(y) or {}) do
        local hits = fight.area{ shape = "burst", from = corner, length = a.length }
        local foes, friends = 0, 0
        for i = 1, #hits do
          local v = counts_as(hits[i].c)
          if v == FRIEND then
            friends = friends + 1
          elseif v == FOE then
            foes = foes + 1
          end
        end
        if friends == 0 and foes >= 2 and (not best or foes > best.n) then best = { n = foes, from = corner } end
      end
    end
    return best and { spec = { shape = "burst", from = best.from, length = a.length }, spell = spell } or nil
  end
  local aim = fight.aim(c, spec, { allies = 100 })
  if not aim or aim.enemies < 2 or aim.allies > 0 then return nil end
  spec.from, spec.toward = c, aim.toward
  return { spec = spec, spell = spell }
end

-- resolve(c, spell, spec): the spell's effect on the creatures in its area.
M.area = area

local function resolve(c, spell, spec)
  local hits = fight.area(spec)
  if spell.hd then return magic.sleep(c, spell, hits) end
  return magic.area_damage(c, spell, hits)
end

local function missile(c)
  local spell = magic.spell.magic_missile
  if not prepared(c, "magic_missile") or not slot_left(c, spell) then return false end
  local range = magic.range_of(c, spell)
  local t
  for _, y in ipairs(fight.enemies(c)) do
    if fight.distance(c, y) <= range and fight.sees(c, y) and (not t or y:get("hp") < t:get("hp")) then t = y end
  end
  if not t then return false end
  local ok = magic.begin(c, spell, { defensively = magic.threatened(c) })
  fight.spend(c, "standard")
  if not ok then return true end
  local n = magic.missiles(c, spell)
  if spell.sr and not magic.penetrates(c, t).affected then
    fight.note(string.format("%s's magic missile: %s's spell resistance", c:get("id"), t:get("id")))
    return true
  end
  local total = 0
  for _ = 1, n do total = total + require("dice").total(spell.missile) end
  fight.note(string.format("%s casts magic missile (%d) at %s: %d", c:get("id"), n, t:get("id"), total))
  fight.damage(t, total, spell.type, c)
  return true
end

-- complete(c): a 1-round spell cast last turn goes off now, just before
-- c acts (3E-MAGIC-02), unless the damage c took since it began breaks
-- its concentration: Concentration DC 10 + that damage (3E-MAGIC-04).
-- Returns what happened: nil, "lost" or the spell's key.
function M.complete(c)
  local done
  for _, key in ipairs(M.area_spells) do
    local k = c:conditions("casting:" .. key)[1]
    if k then
      c:remove_condition(k.id)
      local spell = magic.spell[key]
      local taken = c:get("max_hp") - c:get("hp") + c:get("nonlethal") - (k.level - 1)
      local r = taken > 0 and magic.disrupted(c, taken)
      if r and r.lost then
        fight.note(string.format("%s loses %s (Concentration %d vs %d)", c:get("id"), spell.name, r.total, r.dc))
        done = "lost"
      else
        done = key
        -- the area was chosen when the casting began: its centre square
        local x, y = (k.source or ""):match("^(%d+),(%d+)$")
        if x then
          resolve(c, spell, { shape = spell.area.shape, length = spell.area.length, from = { x = tonumber(x), y = tonumber(y) } })
        end
      end
    end
  end
  return done
end

-- begin_round(c, key, aim): c starts casting a 1-round spell (a full-round
-- action) at aim; it goes off at M.complete.
function M.begin_round(c, key, aim)
  local spell = magic.spell[key]
  local ok = magic.begin(c, spell, { defensively = magic.threatened(c) })
  fight.spend(c, "standard")
  fight.spend(c, "move")
  if not ok then return false end
  -- the damage it takes until then may disrupt it (3E-MAGIC-04); the
  -- area's centre is chosen now (a burst's: a square)
  local from = aim.spec.from
  local p = from and (from.x and from or fight.pos(from))
  c:add_condition("casting:" .. key, { level = c:get("max_hp") - c:get("hp") + c:get("nonlethal") + 1,
                                        source = p and (p.x .. "," .. p.y) or nil })
  fight.note(string.format("%s begins casting %s", c:get("id"), spell.name))
  return true
end

local function cast(e)
  local c = e.fighter
  M.complete(c)
  for _, key in ipairs(M.area_spells) do
    local aim = area(c, key)
    if aim then
      local spell = aim.spell
      e.acted = true
      if spell.time == "round" then
        M.begin_round(c, key, aim)
      else
        local ok = magic.begin(c, spell, { defensively = magic.threatened(c) })
        fight.spend(c, "standard")
        if ok then resolve(c, spell, aim.spec) end
      end
      return
    end
  end
  if missile(c) then e.acted = true end
end

local function act(e)
  if e.acted then return end
  local c = e.fighter
  local hp0, disabled = c:get("hp"), c:has("disabled")
  cast(e)
  if e.acted then magic.strained(c, hp0, disabled) end
end

function M.build(spec)
  local spells = spec.spells
  local s = {}
  for k, v in pairs(spec) do s[k] = v end
  s.spells = nil
  return B.build({ id = "wizard", die = 4, bab = "poor", saves = { fort = "poor", ref = "poor", will = "good" },
    apply = function(st, level)
      local int = A.mod((st.abilities or {}).int or 10)
      local res = st.resources or {}
      local row = M.spells_per_day[math.min(level, #M.spells_per_day)]
      for k, v in pairs(magic.slots(row, int)) do res[k] = v end
      st.resources = res
      for _, key in ipairs(spells or { "magic_missile", "sleep", "burning_hands", "fireball" }) do
        local sp = magic.spell[key]
        if not sp then error(string.format("wizard %s: unknown spell %q", tostring(st.id), key), 4) end
        if res["spell_" .. sp.level] then st.tags[#st.tags + 1] = "spell:" .. key end
      end
      B.hook(st, "turn.act", act, { phase = "declare" })
    end }, s)
end

rules.define("3e.classes.wizard", M)
return M
