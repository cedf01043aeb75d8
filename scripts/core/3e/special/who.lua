-- The numbers of a 3.0 creature that the special attacks read (base
-- attack bonus, ability modifiers, size, stability, hands), from a
-- creature handle or from a plain record (the specs and the REPL pass
-- records such as {bab = 1, str = 15, size = "medium"}).
--
-- A creature (built by core/3e/statblock.lua) keeps its ability scores
-- (str, dex, con, int, wis, cha), its base attack bonus (bab) and its
-- level (Hit Dice, or class level) in its abilities; its size in size; its
-- class, legs, stability and the like as tags ("stable": more than two
-- legs or otherwise exceptionally stable, 3E-MON-05).
local rules = require("rules")
local creature = require("creature")
local T = require("core.3e.special.tables")

local M = rules.get("3e.special.who")
if M then return M end
M = {}

local function is_c(x) return creature.is(x) end

-- score(x, name): an ability score, or nil for a nonability (a skeleton's
-- Con, an ooze's Int).
function M.score(x, name)
  if is_c(x) then return x:ability(name) end
  return x[name]
end

-- mod(x, name): the ability modifier, floor((score - 10) / 2); 0 for a
-- nonability.
local attack = require("core.3e.attack")
function M.mod(x, name)
  local s = M.score(x, name)
  if s == nil then return 0 end
  return attack.mod(s)
end

function M.bab(x)
  if is_c(x) then return x:ability("bab") or 0 end
  return x.bab or 0
end

-- hd(x): the Hit Dice (a stat block's level: statblock.lua keeps hd or
-- the class level there).
function M.hd(x)
  if is_c(x) then return x:ability("level") or 0 end
  return x.hd or x.level or 0
end

-- level(x, class): the level in a class: a creature's class is a tag
-- (classes/*.lua add it), its level the stat block's level; 0 when it has
-- none.
function M.level(x, class)
  if M.tag(x, class) or (not is_c(x) and x.class == class) then
    if is_c(x) then return x:ability("level") or 0 end
    return x.level or 0
  end
  return 0
end

function M.size(x)
  local s
  if is_c(x) then s = x:get("size") else s = x.size end
  if s == nil or s == "" then return "medium" end
  s = s:lower()
  T.rank(s) -- an unknown size is an error naming the known ones
  return s
end

function M.rank(x) return T.rank(M.size(x)) end

function M.tag(x, tag)
  if is_c(x) then return x:has_tag(tag) end
  if x.tags then
    for _, t in ipairs(x.tags) do if t == tag then return true end end
  end
  return x[tag] == true
end

-- stable(x): more than two legs or otherwise exceptionally stable
-- (3E-BULL-03, 3E-TRIP-01, 3E-MON-05).
function M.stable(x) return M.tag(x, "stable") end

function M.id(x)
  if is_c(x) then return x:get("id") end
  return x.id
end

rules.define("3e.special.who", M)
return M
