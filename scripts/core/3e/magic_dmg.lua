-- Magic as the DM runs it (DMG 3.0 pages 93-96; inventory
-- dmg-running-the-game.md §12, DMG-MAG): what a target notices, divination
-- answers from the DM, reviewing a new spell, the damage caps of Tables
-- 3-22 and 3-23, and the state the variants use (power components,
-- individual summoned creatures). The save DCs are magic.lua's
-- (spell_dc, save_dc; the rolled-DC variant DMG-MAG-05 there).
local rules = require("rules")

local M = rules.get("3e.magic_dmg")
if M then return M end
M = {}

-- DMG-MAG-01: a creature that saves against a spell senses a hostile
-- force (a charm it resists is a chill it shakes off); one the spell
-- affects notices nothing. sensed(caster, target, spell, saved) raises the
-- event "spell.sensed" {caster, target, spell, to = target} when the save
-- succeeded, for the target alone; returns whether it did.
function M.sensed(caster, target, spell, saved)
  if not saved then return false end
  rules.emit("spell.sensed", { caster = caster, target = target, spell = spell and spell.name, to = target })
  return true
end

-- DMG-MAG-02 [DM option]: divinations get truthful answers, which only the
-- DM knows: oracle(spell, question) is the DM's function and must be set
-- before a divination is cast; an answer {cryptic = true, truth = "..."}
-- is dressed in a stock riddle (riddles, the DM's templates, "%s" the
-- truth) but still says the truth.
M.oracle = nil
M.riddles = { "Where the %s lies, there your path ends.", "Seek the %s, and the door will open." }
M.divinations = { augury = true, divination = true, legend_lore = true, commune = true }
function M.divine(spell, question, pick)
  if not M.divinations[spell] then
    error(string.format("divine: %q is not a divination (augury, divination, legend_lore, commune)", tostring(spell)), 2)
  end
  if type(M.oracle) ~= "function" then
    error("divine: a divination needs the DM's oracle (set core.3e.magic_dmg.oracle = function(spell, question))", 2)
  end
  local a = M.oracle(spell, question)
  if type(a) == "table" and a.cryptic then
    if type(a.truth) ~= "string" then error("divine: a cryptic answer needs its truth", 2) end
    local t = M.riddles[pick or 1] or error(string.format("divine: no riddle %s", tostring(pick)), 2)
    return string.format(t, a.truth), a.truth
  end
  return a, a
end

-- DMG-MAG-04, Tables 3-22 and 3-23 [K: reconstructed, agrees with the 3.5
-- DMG's version; the 3.0 printing is not confirmed]: the most damage dice
-- a new spell of each level deals, arcane or divine, to a single target
-- (or split among several) or to each of multiple targets (nil: none at
-- that level).
M.damage_caps = {
  arcane = { single = { 5, 10, 10, 15, 15, 20, 20, 25, 25 }, multiple = { nil, 5, 10, 10, 15, 15, 20, 20, 25 } },
  divine = { single = { 1, 5, 10, 10, 15, 15, 20, 20, 25 }, multiple = { nil, 1, 5, 10, 10, 15, 15, 20, 20 } },
}
-- dice_count(n, die, divine): the dice a spell counts on the tables: for a
-- divine spell a d8 counts as two (the seed, A-51).
function M.dice_count(n, die, divine)
  if divine and die == "d8" then return 2 * n end
  return n
end
-- within_cap(spell): {level, dice, die, divine, multiple}: whether its
-- damage is within the table's cap; returns ok, counted dice, cap.
function M.within_cap(s)
  if type(s) ~= "table" or type(s.level) ~= "number" or s.level < 1 or s.level > 9 or type(s.dice) ~= "number" then
    error("within_cap: a spell {level = 1..9, dice, die, divine, multiple} expected", 2)
  end
  local cap = M.damage_caps[s.divine and "divine" or "arcane"][s.multiple and "multiple" or "single"][s.level]
  local n = M.dice_count(s.dice, s.die, s.divine)
  return cap ~= nil and n <= cap, n, cap
end

-- DMG-MAG-03: reviewing a new spell against the book's guidelines.
-- spell: {level, classes = {...}, heals, attack (flashy attack magic:
-- damage to an area or missiles), narrow (one kind of foe only), xp,
-- material_gp, benchmark ("above_sleep": stronger than sleep or charm
-- person), always (casters would cast it all the time)}. Returns the
-- notes {{rule, text}...}, empty when nothing stands out.
M.flavour = {
  wizard = { no = "heals", text = "wizards and sorcerers have no healing" },
  sorcerer = { no = "heals", text = "wizards and sorcerers have no healing" },
  ranger = { no = "attack", text = "rangers and paladins have no flashy attack magic" },
  paladin = { no = "attack", text = "rangers and paladins have no flashy attack magic" },
  bard = { no = "attack", text = "bards have no big attack spells" },
}
function M.review(s)
  if type(s) ~= "table" or type(s.level) ~= "number" then error("review: a spell {level, ...} expected", 2) end
  local notes = {}
  local function note(rule, text) notes[#notes + 1] = { rule = rule, text = text } end
  for _, class in ipairs(s.classes or {}) do
    local f = M.flavour[class]
    if f and s[f.no] then note("flavour", string.format("%s: %s", class, f.text)) end
  end
  if s.level == 1 and s.benchmark == "above_sleep" then
    note("benchmark", "stronger than sleep and charm person, the strongest 1st-level spells: about 2nd level")
  end
  if s.always then note("level", "casters would cast it all the time: too strong or too low in level") end
  if s.narrow then note("narrow", string.format("narrow use: may be one level lower (%d)", math.max(0, s.level - 1))) end
  if s.dice then
    local ok, n, cap = M.within_cap(s)
    if not ok then note("damage", string.format("%d dice over the cap of %s", n, tostring(cap or "none"))) end
  end
  return notes
end

-- DMG-MAG-06 (the variant 3e.power_components): a rare component in place
-- of a spell's or an item's XP cost, worth the XP x 10 or x 20 in gp.
M.power_components = false
M.power_factors = { 10, 20 }
function M.power_component_gp(xp, factor)
  factor = factor or M.power_factors[1]
  if factor ~= M.power_factors[1] and factor ~= M.power_factors[2] then
    error(string.format("power_component_gp: the factor is 10 or 20, got %s", tostring(factor)), 2)
  end
  return xp * factor
end
-- pay(caster, cost, component): pays a casting's XP cost: from caster.xp,
-- or (with the variant on, and a component {gp, factor} worth the XP x
-- factor, the spell allowed: component.allowed ~= false) by using up the
-- component. Returns what was paid: "xp" or "component".
function M.pay(caster, cost, component)
  if M.power_components and component and component.allowed ~= false
     and (component.gp or 0) >= M.power_component_gp(cost, component.factor) then
    component.used = true
    return "component"
  end
  local magic = require("core.3e.magic")
  if not magic.xp_ok(caster.xp or 0, cost, caster.xp_floor) then
    error(string.format("pay: %s XP cost %d: not enough XP", tostring(caster.id), cost), 2)
  end
  caster.xp = caster.xp - cost
  return "xp"
end

-- DMG-MAG-07 (the variant 3e.individual_summons): a caster's roster of
-- specific summoned creatures, summoned in a fixed order. summon(n, hour)
-- without the variant brings n creatures of the kind; with it, the first n
-- slots of the order, an empty slot (a creature sent home in the last 24
-- hours, or truly dead and not yet replaced) bringing none.
M.individual_summons = false
M.cooldown_hours = 24
function M.roster(kind, names)
  local R = { kind = kind, order = {}, back_at = {}, dead = {} }
  for i, n in ipairs(names or {}) do R.order[i] = n end
  -- summon(n, hour): the creatures that come.
  function R.summon(n, hour)
    local out = {}
    if not M.individual_summons then
      for i = 1, n do out[i] = kind end
      return out
    end
    for i = 1, math.min(n, #R.order) do
      local name = R.order[i]
      if not R.dead[name] and (R.back_at[name] or -math.huge) <= hour then out[#out + 1] = name end
    end
    return out
  end
  -- killed(name, hour): killed while summoned (or dismissed): home, and
  -- unavailable for 24 hours.
  function R.killed(name, hour) R.back_at[name] = hour + M.cooldown_hours end
  -- dies(name): truly dead (on its home plane): never again.
  function R.dies(name) R.dead[name] = true end
  -- level_up(): the caster gains a level in the casting class: it may
  -- replace one creature.
  R.replacements = 0
  function R.level_up() R.replacements = R.replacements + 1 end
  -- replace(old, new): one creature gives its place in the order to a new
  -- one (rolled up afresh); only after a level gained.
  function R.replace(old, new)
    if R.replacements < 1 then
      error("replace: a creature is replaced only when the caster gains a level in the casting class", 2)
    end
    for i, n in ipairs(R.order) do
      if n == old then
        R.order[i] = new
        R.dead[old], R.back_at[old] = nil, nil
        R.replacements = R.replacements - 1
        return true
      end
    end
    error(string.format("replace: %s is not on the roster", tostring(old)), 2)
  end
  return R
end

rules.define("3e.magic_dmg", M)
return M
