-- The 5e side of the REPL's table commands (scripts/core/base/table.lua):
-- a saving throw is a D20 Test (5e.d20_test: d20 + the ability modifier +
-- the Proficiency Bonus when the stat block lists the save, with the
-- conditions' automatic failures, Advantage and Disadvantage and the
-- Exhaustion penalty), the names the commands accept and show in English
-- and Chinese, and conditions and healing through the 5e helpers
-- (Petrified's resistance, Unconscious leaving the creature Prone, waking
-- at 0 HP).
--
-- A stat block lists its proficient saves as saves = {"dex", "wis"} (or
-- {dex = true}); a number is the save's modifier as printed (saves =
-- {dex = 4}: d20 + 4). The Proficiency Bonus is the stat block's pb, else
-- from its level or challenge rating (cr = "1/4"), else the creature's.
local rules = require("rules")

local function ch() return rules.need("5e.character") end

rules.define("table.names", {
  damage = rules.need("5e.damage_types"),
  ability = rules.need("5e.abilities"),
  action = rules.need("5e.actions"),
  skill = ch().skills,
})

-- listed returns what a stat block's saves say of ability: true
-- (proficient), a number (the printed modifier) or nil.
local function listed(saves, ability)
  if type(saves) ~= "table" then return nil end
  if saves[ability] ~= nil and saves[ability] ~= false then return saves[ability] end
  for _, s in ipairs(saves) do
    local ok, id = pcall(ch().ability_id, s)
    if ok and id == ability then return true end
  end
  return nil
end

local function cr_number(v)
  if type(v) == "string" then
    local a, b = v:match("^(%d+)/(%d+)$")
    if a then return tonumber(a) / tonumber(b) end
  end
  return tonumber(v)
end

-- pb returns the Proficiency Bonus of a creature added from stat.
local function pb(c, stat)
  if tonumber(stat.pb) then return tonumber(stat.pb) end
  local prof = rules.need("5e.proficiency")
  if tonumber(stat.level) then return prof(tonumber(stat.level)) end
  local cr = cr_number(stat.cr)
  if cr then return prof(math.max(1, math.ceil(cr))) end
  return ch().pb(c)
end

-- save rolls c's saving throw against dc (5E-D20-06); opts.adv is a
-- signed Advantage level, opts.stat the stat block, opts.mods further
-- modifiers (a cover bonus to a Dexterity save). Returns the
-- 5e.d20_test record.
rules.define("save", function(c, ability, dc, opts)
  opts = opts or {}
  local id = ch().ability_id(ability)
  local stat = opts.stat or {}
  local test = { kind = "save", ability = id, dc = dc, adv = opts.adv, mods = {} }
  local l = listed(stat.saves, id)
  if type(l) == "number" then
    test.proficient = false
    test.mods[1] = { value = l - (ch().mod(c, id) or 0), source = "saving throw of the stat block" }
  else
    test.proficient = l and true or nil
    test.pb = pb(c, stat)
  end
  for _, m in ipairs(opts.mods or {}) do test.mods[#test.mods + 1] = m end
  return rules.need("5e.d20_test")(c, test)
end)

rules.define("table.cond_add", function(c, name, opts)
  local cond = rules.need("5e.conditions")
  if cond.def(name) then return cond.add(c, name, opts) end
  return c:add_condition(name, opts)
end)

rules.define("table.cond_remove", function(c, name)
  local cond = rules.need("5e.conditions")
  if cond.def(name) then return cond.remove(c, name) end
  return c:remove_condition(name)
end)

rules.define("table.heal", function(c, n)
  return (rules.need("5e.damage").heal(c, n))
end)

-- The ready-made characters the table's add knows by class
-- (core.5e.pregens): "add fighter --level 3 --id Brak". The module (and the
-- weapons and tactics it requires) loads when the table first asks for
-- them, not at start-up.
do
  local function pregens() return require("core.5e.pregens") end
  local function names()
    local list = {}
    for id, c in pairs(pregens().classes) do list[#list + 1] = { id = id, en = c.en, zh = c.zh } end
    table.sort(list, function(a, b) return a.id < b.id end)
    return list
  end
  local list
  rules.define("table.pregens", setmetatable({
    make = function(id, opts)
      opts = opts or {}
      return pregens()[id](tonumber(opts.level) or 1, { id = opts.id, hp = opts.hp, ac = opts.ac })
    end,
  }, {
    __index = function(_, k)
      if k ~= "names" then return nil end
      list = list or names()
      return list
    end,
  }))
end

-- table.concentrate(caster, name, on_end): a condition the table gives
-- lasts while caster concentrates (5e.concentration): on_end(why) is
-- called when its Concentration ends. Several conditions may hang on one
-- Concentration (one spell on several targets).
rules.define("table.concentrate", function(caster, _name, on_end)
  local conc = rules.need("5e.concentration")
  local e = conc.effect(caster)
  if e and e.table_ends then
    e.table_ends[#e.table_ends + 1] = on_end
    return
  end
  local eff = { name = "table", table_ends = { on_end } }
  eff.ends = function(_, why)
    for _, f in ipairs(eff.table_ends) do f(why) end
  end
  conc.start(caster, eff)
end)

-- table.damaged(c, taken, stat): what damage at the table does to c's
-- Concentration: the Constitution save (unless the stat block's own hooks
-- roll it, 5e.concentration.watch), and its end at 0 HP.
rules.define("table.damaged", function(c, taken, stat)
  local conc = rules.need("5e.concentration")
  if not (type(stat) == "table" and stat.concentration_watched) and taken > 0 then conc.damaged(c, taken) end
  conc.holds(c)
end)
