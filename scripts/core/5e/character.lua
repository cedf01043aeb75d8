-- Characters and monsters as the 5e rules read them (inventory sections 3
-- and 6): the six abilities, what their scores mean, the 18 skills, the
-- Proficiency Bonus, and the proficiencies a creature has.
--
-- The kernel's creature knows abilities, hit points, resources and tags but
-- nothing of skills or proficiency, so this file keeps them as tags:
--   "pb=3"            an explicit Proficiency Bonus (else from level or CR)
--   "level=5", "cr=0.25"
--   "skill:stealth", "expertise:stealth", "save:dex", "tool:thieves_tools",
--   "weapon:martial", "weapon:longsword", "spellcasting=int", "pc",
--   "resourceful"     (the Human trait: Heroic Inspiration on a Long Rest)
-- and Hit Point Dice as resources "hit_dice:d8" (one per die size).
--
-- Use from scripts or the REPL:
--   local ch = require("core.5e.character")
--   local c = ch.new{ id = "vex", abilities = {dex = 16, wis = 12}, level = 3,
--                     skills = {"stealth", "perception"}, saves = {"dex", "int"},
--                     hit_dice = "d8", max_hp = 20 }
--   ch.pb(c), ch.proficient(c, "skill", "stealth"), ch.mod(c, "dex")
local rules = require("rules")
local creature = require("creature")

local M = rules.get("5e.character")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- T-01 Ability descriptions [K✓ SRD 5.2] (the seed's table is empty: this
-- was reconstructed from the published book), with T-04 ability check
-- examples and T-06 saving throw examples [K✓ SRD 5.2]. The Chinese names
-- are the seed's.
M.abilities = {
  { id = "str", en = "Strength", zh = "力量", measures = "physical might",
    check = "lift, push, pull or break something", save = "physically resist direct force" },
  { id = "dex", en = "Dexterity", zh = "敏捷", measures = "agility, reflexes, balance",
    check = "move nimbly, quickly or quietly", save = "dodge out of harm's way" },
  { id = "con", en = "Constitution", zh = "體質", measures = "health, stamina",
    check = "push the body past normal limits", save = "endure a toxic hazard" },
  { id = "int", en = "Intelligence", zh = "智力", measures = "reasoning, memory",
    check = "reason or remember", save = "recognise an illusion as fake" },
  { id = "wis", en = "Wisdom", zh = "感知", measures = "perceptiveness, mental fortitude",
    check = "notice things in the environment or in creatures' behaviour", save = "resist a mental assault" },
  { id = "cha", en = "Charisma", zh = "魅力", measures = "confidence, poise, charm",
    check = "influence, entertain or deceive", save = "assert your identity" },
}
M.ability = {}
for _, a in ipairs(M.abilities) do M.ability[a.id] = a end

-- T-09 Skills [K✓ SRD 5.2] (reconstructed from the published book; the
-- seed's table is empty). Chinese names marked "seed" are the seed's own;
-- the others are the usual Traditional Chinese rules terms.
M.skills = {
  { id = "acrobatics", ability = "dex", en = "Acrobatics", zh = "特技" },          -- seed
  { id = "animal_handling", ability = "wis", en = "Animal Handling", zh = "馴獸" },
  { id = "arcana", ability = "int", en = "Arcana", zh = "奧秘" },
  { id = "athletics", ability = "str", en = "Athletics", zh = "運動" },            -- seed
  { id = "deception", ability = "cha", en = "Deception", zh = "欺騙" },             -- seed
  { id = "history", ability = "int", en = "History", zh = "歷史" },
  { id = "insight", ability = "wis", en = "Insight", zh = "洞悉" },
  { id = "intimidation", ability = "cha", en = "Intimidation", zh = "威嚇" },       -- seed
  { id = "investigation", ability = "int", en = "Investigation", zh = "調查" },
  { id = "medicine", ability = "wis", en = "Medicine", zh = "醫療" },              -- seed
  { id = "nature", ability = "int", en = "Nature", zh = "自然" },
  { id = "perception", ability = "wis", en = "Perception", zh = "察覺" },          -- seed
  { id = "performance", ability = "cha", en = "Performance", zh = "表演" },
  { id = "persuasion", ability = "cha", en = "Persuasion", zh = "說服" },           -- seed
  { id = "religion", ability = "int", en = "Religion", zh = "宗教" },
  { id = "sleight_of_hand", ability = "dex", en = "Sleight of Hand", zh = "巧手" },
  { id = "stealth", ability = "dex", en = "Stealth", zh = "隱匿" },                -- seed
  { id = "survival", ability = "wis", en = "Survival", zh = "生存" },              -- seed
}
M.skill = {}
for _, s in ipairs(M.skills) do M.skill[s.id] = s end

-- T-02 Ability scores [K✓ SRD 5.2] (reconstructed from the published book).
M.score_bands = {
  { lo = 0, hi = 0, en = "reduced to 0: the effect that did it says what happens", zh = "由造成的效果決定" },
  { lo = 1, hi = 1, en = "normal minimum", zh = "一般最低" },
  { lo = 2, hi = 9, en = "weak", zh = "弱" },
  { lo = 10, hi = 11, en = "human average", zh = "人類平均" },
  { lo = 12, hi = 19, en = "strong", zh = "強" },
  { lo = 20, hi = 20, en = "adventurer maximum", zh = "冒險者上限" },
  { lo = 21, hi = 29, en = "extraordinary", zh = "非凡" },
  { lo = 30, hi = 30, en = "absolute maximum", zh = "絕對上限" },
}

-- 5E-ABL-02: a score runs 1-20 for a player character (unless a feature
-- raises it), up to 30 for monsters; 30 is the absolute maximum.
M.MAX_PC_SCORE = 20
M.MAX_SCORE = 30

-- band returns the T-02 row of a score.
function M.band(score)
  for _, b in ipairs(M.score_bands) do
    if score >= b.lo and score <= b.hi then return b end
  end
  error("ability score " .. tostring(score) .. " is outside 0-30 (5E-ABL-02)", 2)
end

-- valid_score says whether a score is allowed; opts.pc: a player character
-- (1-20 unless opts.cap raises the cap), else a monster (1-30).
function M.valid_score(score, opts)
  opts = opts or {}
  if score ~= math.floor(score) or score < 1 then return false end
  local cap = M.MAX_SCORE
  if opts.pc then cap = math.min(opts.cap or M.MAX_PC_SCORE, M.MAX_SCORE) end
  return score <= cap
end

-- ability_id accepts "str", "Strength", "力量" and returns "str".
function M.ability_id(a)
  if M.ability[a] then return a end
  for _, x in ipairs(M.abilities) do
    if x.en == a or x.zh == a or x.en:lower() == tostring(a):lower() then return x.id end
  end
  error("unknown ability " .. tostring(a) .. " (str, dex, con, int, wis, cha)", 2)
end

-- skill_id accepts "sleight_of_hand", "Sleight of Hand", "巧手".
function M.skill_id(s)
  if M.skill[s] then return s end
  for _, x in ipairs(M.skills) do
    if x.en == s or x.zh == s or x.en:lower() == tostring(s):lower() then return x.id end
  end
  error("unknown skill " .. tostring(s), 2)
end

-- Tags of the form "key=value". value_after(c, p) is the rest of c's first
-- tag that begins with p ("key="): fight.tag_suffix, which reads the tags
-- without copying them, unless c has the tag p itself (an empty value),
-- which tag_suffix passes over: then the list is searched in order.
local tag_suffix = require("fight").tag_suffix
local function value_after(c, p)
  if not c:has_tag(p) then return tag_suffix(c, p) end
  for _, t in ipairs(c:get("tags")) do
    if t:sub(1, #p) == p then return t:sub(#p + 1) end
  end
  return nil
end
local function tag_value(c, key) return value_after(c, key .. "=") end
M.tag_value = tag_value

local function set_tag_value(c, key, value)
  local old = tag_value(c, key)
  if old then c:remove_tag(key .. "=" .. old) end
  if value ~= nil then c:add_tag(key .. "=" .. tostring(value)) end
end
M.set_tag_value = set_tag_value

-- mod returns the ability modifier of c's score (5E-ABL-03, T-03), or nil
-- when c has no such score.
function M.mod(c, ability)
  local s = c:ability(M.ability_id(ability))
  if s == nil then return nil end
  return rules.need("5e.mod")(s)
end

-- pb returns c's Proficiency Bonus (5E-PROF-01, T-08 [K✓ SRD 5.2]): an
-- explicit "pb=" tag, else by level, else by challenge rating
-- (2 + floor((max(1, ceil(x)) - 1) / 4)), else +2, the lowest any creature
-- has.
function M.pb(c)
  local v = tonumber(value_after(c, "pb="))
  if v then return v end
  local prof = rules.need("5e.proficiency")
  local level = tonumber(value_after(c, "level="))
  if level then return prof(level) end
  local cr = tonumber(value_after(c, "cr="))
  if cr then return prof(math.max(1, math.ceil(cr))) end
  return 2
end

-- proficient says whether c is proficient in a skill, save, tool or weapon
-- (kind "skill", "save", "tool", "weapon"; also "expertise").
function M.proficient(c, kind, id)
  return c:has_tag(kind .. ":" .. id)
end

local function list_of(v)
  if v == nil then return {} end
  if type(v) ~= "table" then return { v } end
  return v
end

-- cr reads "1/4" as 0.25.
local function cr_number(v)
  if type(v) == "string" then
    local a, b = v:match("^(%d+)/(%d+)$")
    if a then return tonumber(a) / tonumber(b) end
    return tonumber(v)
  end
  return v
end

-- apply adds 5e data to an existing creature (a monster built elsewhere):
-- spec fields level, cr, pb, pc, skills, expertise, saves, tools, weapons,
-- spellcasting, species, resourceful, heroic_inspiration, hit_dice.
-- skills may be a list of ids or {id = true | "expertise"}. hit_dice is
-- "d8" (as many as the level), {d8 = 3, d10 = 2}, or a list of sizes.
function M.apply(c, spec)
  if spec.level then set_tag_value(c, "level", spec.level) end
  if spec.cr then set_tag_value(c, "cr", cr_number(spec.cr)) end
  if spec.pb then set_tag_value(c, "pb", spec.pb) end
  -- A list of ids, or a table {id = true | "expertise" | false} (taken in
  -- sorted order, so the tags come out the same every run).
  local function add_all(kind, v, ids)
    local t = list_of(v)
    local keys = {}
    for k in pairs(t) do
      if type(k) == "string" then keys[#keys + 1] = k end
    end
    table.sort(keys)
    local entries = {}
    for _, x in ipairs(t) do entries[#entries + 1] = { x, true } end
    for _, k in ipairs(keys) do entries[#entries + 1] = { k, t[k] } end
    for _, e in ipairs(entries) do
      local id, how = ids(e[1]), e[2]
      if how ~= false then
        c:add_tag(kind .. ":" .. id)
        if how == "expertise" then c:add_tag("expertise:" .. id) end
      end
    end
  end
  add_all("skill", spec.skills, M.skill_id)
  add_all("expertise", spec.expertise, M.skill_id)
  add_all("save", spec.saves, M.ability_id)
  add_all("tool", spec.tools, function(x) return x end)
  add_all("weapon", spec.weapons, function(x) return x end)
  if spec.spellcasting then set_tag_value(c, "spellcasting", M.ability_id(spec.spellcasting)) end
  if spec.pc then c:add_tag("pc") end
  if spec.resourceful or spec.species == "human" then c:add_tag("resourceful") end
  -- 5E-ADV-06/07: Heroic Inspiration is a one-use resource of player
  -- characters (NPCs and monsters don't use it, 5E-ADV-08).
  if spec.pc then
    c:set_resource("heroic_inspiration", { max = 1, current = spec.heroic_inspiration and 1 or 0 })
  end
  if spec.hit_dice then
    local hd = spec.hit_dice
    if type(hd) == "string" then
      hd = { [hd] = tonumber(spec.level) or 1 }
    elseif hd[1] then
      local counts = {}
      for _, d in ipairs(hd) do counts[d] = (counts[d] or 0) + 1 end
      hd = counts
    end
    local dies = {}
    for die in pairs(hd) do dies[#dies + 1] = die end
    table.sort(dies)
    for _, die in ipairs(dies) do
      if not tostring(die):match("^d%d+$") then error("hit_dice: die size like \"d8\" expected, got " .. tostring(die), 2) end
      c:set_resource("hit_dice:" .. die, { max = hd[die] })
    end
  end
  return c
end

local own = { level = true, cr = true, pb = true, pc = true, skills = true, expertise = true, saves = true,
  tools = true, weapons = true, spellcasting = true, species = true, resourceful = true,
  heroic_inspiration = true, hit_dice = true }

-- new builds a creature from a stat block with the 5e fields of apply.
function M.new(spec)
  local stat = {}
  for k, v in pairs(spec) do
    if not own[k] then stat[k] = v end
  end
  local extra = spec
  if spec.pc == nil and spec.level ~= nil then
    -- a creature with a class level is a player character
    extra = {}
    for k, v in pairs(spec) do extra[k] = v end
    extra.pc = true
  end
  return M.apply(creature.new(stat), extra)
end

-- hit_dice returns c's Hit Point Dice as {{die = "d8", sides = 8, current, max}...},
-- largest die first.
function M.hit_dice(c)
  local out = {}
  for name, r in pairs(c:get("resources")) do
    local die = name:match("^hit_dice:(d%d+)$")
    if die then
      out[#out + 1] = { die = die, sides = tonumber(die:sub(2)), current = r.current, max = r.max }
    end
  end
  table.sort(out, function(a, b) return a.sides > b.sides end)
  return out
end

rules.define("5e.character", M)
return M
