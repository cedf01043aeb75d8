-- Armor Class (inventory §7, 3E-AC): 10 + the bonuses by type, each type
-- counting once (its highest bonus) but dodge bonuses, which stack; the Dex
-- bonus capped by armour; touch AC without armour, shield and natural
-- armour; flat-footed AC without the Dex bonus (a penalty stays) and the
-- dodge bonuses. The kernel keeps the same parts (combat.ac, a stat block's
-- ac_types) so fights compute the same numbers; these functions are the
-- rules for scripts, stat blocks and the REPL.
local rules = require("rules")
local check = require("check")
local T = require("core.3e.tables")

local M = rules.get("3e.ac")
if M then return M end
M = {}

M.base = 10

local KNOWN = {}
for _, t in ipairs(T.bonus_types) do KNOWN[t] = true end

-- M.check_type(t, where): raises an error naming an unknown bonus type.
function M.check_type(t, where)
  if not KNOWN[t] then
    error(string.format("%s: unknown bonus type %q (known: %s)", where or "ac", tostring(t),
      table.concat(T.bonus_types, ", ")), 3)
  end
end

-- M.mods(bonuses): the list of check modifiers of a table of bonuses by
-- type ({armor = 4, dodge = {1, 4}}: a list gives several bonuses of one
-- type).
function M.mods(bonuses, where)
  local out = {}
  local keys = {}
  for k in pairs(bonuses) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    M.check_type(k, where)
    local v = bonuses[k]
    if type(v) == "table" then
      for _, x in ipairs(v) do out[#out + 1] = { value = x, type = k } end
    else
      out[#out + 1] = { value = v, type = k }
    end
  end
  return out
end

-- The stacking policy of 3.0 bonuses (3E-ATK-24, 3E-AC-10): one bonus of a
-- type counts, the highest, but dodge (and untyped) bonuses all count;
-- penalties always add.
M.stacking = { default = "highest", add = { "dodge", "untyped" } }

-- M.total(bonuses, opts): the armour class of bonuses by type (as
-- M.mods), and the counted value of each type. opts.max_dex caps the Dex
-- bonus (3E-AC-03; dodge bonuses are not capped); opts.touch leaves out
-- armour, shield and natural armour (3E-AC-11); opts.flat_footed leaves
-- out the Dex bonus (a penalty stays) and every dodge bonus (3E-AC-12);
-- opts.helpless treats Dex as 0: a -5 in place of the Dex modifier
-- (3E-HELP-01). Returns the total and {type = counted value}.
function M.total(bonuses, opts)
  opts = opts or {}
  local list = M.mods(bonuses, opts.where)
  local kept = {}
  for _, m in ipairs(list) do
    local v = m.value
    if m.type == "dex" then
      if opts.max_dex and v > opts.max_dex then v = opts.max_dex end
      if opts.helpless then v = T.helpless.dex
      elseif opts.flat_footed and v > 0 then v = 0 end
    end
    if opts.touch and (m.type == "armor" or m.type == "shield" or m.type == "natural") then v = 0 end
    if (opts.flat_footed or opts.helpless) and m.type == "dodge" and v > 0 then v = 0 end
    if v ~= 0 then kept[#kept + 1] = { value = v, type = m.type } end
  end
  local total, applied = check.stack(kept, M.stacking)
  local parts = {}
  for _, a in ipairs(applied) do
    if a.counted then parts[a.type] = (parts[a.type] or 0) + a.value end
  end
  return M.base + total, parts
end

-- M.of(bonuses, opts): {ac, touch, flat_footed, parts} of a stat block's
-- bonuses (3E-AC-01, 11, 12).
function M.of(bonuses, opts)
  opts = opts or {}
  local ac, parts = M.total(bonuses, opts)
  local touch = M.total(bonuses, { max_dex = opts.max_dex, touch = true, where = opts.where })
  local ff = M.total(bonuses, { max_dex = opts.max_dex, flat_footed = true, where = opts.where })
  return { ac = ac, touch = touch, flat_footed = ff, parts = parts }
end

-- M.dodge(c, opponent): 3E-AC-06: the Dodge feat's +1 dodge bonus against
-- one opponent the creature designates (the condition dodging, whose
-- source is that opponent; the kernel counts it against it only, and not
-- when the creature loses its dodge bonuses). A new designation replaces
-- the old.
function M.dodge(c, opponent)
  c:remove_condition("dodging")
  c:add_condition("dodging", { source = opponent:get("id") })
end

rules.define("3e.ac", M)
return M
