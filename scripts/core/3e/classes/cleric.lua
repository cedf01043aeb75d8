-- The 3.0 cleric (require("core.3e.classes.cleric")), [K] PHB 3.0 chapter
-- 3: d8 hit dice, average base attack bonus, good Fortitude and Will,
-- turning (3 + Cha a day; 3E-TURN: special/turning.lua), divine spells
-- (Table 3-6 and Wis bonus spells; a domain spell a level), and a good
-- cleric's spontaneous cures: any prepared spell can become a cure of its
-- level, so in a fight every slot is a cure (cure minor wounds at 0
-- level, cure light wounds at 1st, cure moderate wounds at 2nd).
--
-- In a fight that plays itself the cleric: heals a dying ally first (or
-- one below a third of its hit points), moving to touch it, casting
-- defensively when an enemy threatens it; turns undead within 60 ft;
-- otherwise attacks as the kernel does.
local rules = require("rules")
local fight = require("fight")
local B = require("core.3e.classes.base")
local A = require("core.3e.attack")
local magic = require("core.3e.magic")
local turning = require("core.3e.special.turning")

local M = rules.get("3e.classes.cleric")
if M then return M end
M = {}

M.names = {
  cleric = { en = "Cleric", zh = "牧师" },
  spontaneous = { en = "Spontaneous casting (cures)", zh = "自发施法（治疗）" },  -- not in source
  cure_light_wounds = { en = "Cure light wounds", zh = "治疗轻伤" },  -- not in source
  cure_minor_wounds = { en = "Cure minor wounds", zh = "治疗小伤" },  -- not in source
}

-- [K] PHB 3.0 Table 3-6: spells a day by level (0-level first), before
-- domain and bonus spells.
M.spells_per_day = {
  { 3, 1 }, { 4, 2 }, { 4, 2, 1 }, { 5, 3, 2 }, { 5, 3, 2, 1 }, { 5, 3, 3, 2 }, { 6, 4, 3, 2, 1 },
  { 6, 4, 3, 3, 2 }, { 6, 4, 4, 3, 2, 1 }, { 6, 4, 4, 3, 3, 2 },
}

M.cures = { [0] = "cure_minor_wounds", [1] = "cure_light_wounds", [2] = "cure_moderate_wounds" }

M.heal_below = 1 / 3 -- heal an ally below a third of its hit points

-- patient(c): the ally to heal: a dying one first (the nearest; one not
-- yet stable before a stable one), then the most hurt below heal_below of
-- its hit points (the cleric too).
function M.patient(c)
  local best, best_k
  for _, y in ipairs(fight.all()) do
    if y:get("side") == c:get("side") and fight.is(y, "out") and not fight.is(y, "dead") and not fight.is(y, "fled") then
      local k = (fight.is(y, "stable") and 10000 or 0) + fight.distance(c, y)
      if not best_k or k < best_k then best, best_k = y, k end
    end
  end
  if best then return best, true end
  local worst, frac
  for _, y in ipairs(fight.allies(c)) do
    local f = y:get("hp") / math.max(1, y:get("max_hp"))
    if f < M.heal_below and (not frac or f < frac) then worst, frac = y, f end
  end
  return worst, false
end

-- cure(c, dying): the best cure the cleric has left (the highest slot;
-- for a dying ally even cure minor wounds will do).
function M.cure(c, dying)
  for level = 2, dying and 0 or 1, -1 do
    local key = M.cures[level]
    local r = c:resource("spell_" .. level)
    if key and r and r.current > 0 then return magic.spell[key] end
  end
  return nil
end

-- heal_ally(c): the healing action: move within touch, cast (defensively
-- when threatened), touch (automatic for an ally, 3E-MAGIC-13). Returns
-- true when it acted.
function M.heal_ally(c)
  local y, dying = M.patient(c)
  if not y then return false end
  local spell = M.cure(c, dying)
  if not spell then return false end
  if y ~= c and fight.map() and fight.distance(c, y) > 5 then
    local p = fight.path(c, y)
    if not p.ok then return false end
    fight.move(c, y)
    if fight.is(c, "out") or fight.distance(c, y) > 5 then return true end
  end
  local hp0, disabled = c:get("hp"), c:has("disabled")
  local ok = magic.begin(c, spell, { defensively = magic.threatened(c) })
  fight.spend(c, "standard")
  if ok then magic.heal(c, y, spell) end
  magic.strained(c, hp0, disabled)
  return true
end

local function act(e)
  if e.acted then return end
  local c = e.fighter
  if M.heal_ally(c) then
    e.acted = true
    return
  end
  local r = turning.turn(c)
  if not r.refused then e.acted = true end
end

function M.build(spec)
  return B.build({ id = "cleric", die = 8, bab = "average", saves = { fort = "good", ref = "poor", will = "good" },
    apply = function(s, level)
      local ab = s.abilities or {}
      local wis, cha = A.mod(ab.wis or 10), A.mod(ab.cha or 10)
      local res = s.resources or {}
      local feats = 0
      for _, f in ipairs(s.feats or {}) do if f == "extra_turning" then feats = feats + 1 end end
      res.turn_undead = { max = turning.uses_per_day(cha, feats) }
      for k, v in pairs(magic.slots(M.spells_per_day[math.min(level, #M.spells_per_day)], wis, 1)) do res[k] = v end
      s.resources = res
      if s.rebukes then s.tags[#s.tags + 1] = "rebukes" end
      s.rebukes = nil
      B.hook(s, "turn.act", act, { phase = "declare" })
    end }, spec)
end

rules.define("3e.classes.cleric", M)
return M
