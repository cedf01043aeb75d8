-- Rounds and initiative (inventory §§1-2, 3E-ROUND, 3E-INIT) on the
-- kernel's encounter (module combat): the 3.0 configuration, initiative
-- checks, ties by Dex score, the surprise round of partial actions, Delay
-- with its floor, Ready moving the reader's count, Refocus, and durations
-- that end on the creator's count. Fights that play themselves use the
-- same numbers through the combat table (combat.lua).
local rules = require("rules")
local combat = require("combat")
local check = require("check")
local A = require("core.3e.attack")

local M = rules.get("3e.initiative")
if M then return M end
M = {}

-- M.config(): the encounter configuration of 3.0 combat.
--   3E-ROUND-01: rounds of 6 seconds, one turn each, the same order every
--   round; 3E-INIT-01/02: d20 + modifier, ties by Dex score, then a coin
--   flip (the tied reroll); 3E-INIT-07, 3E-ACTION-22: a surprise round in
--   which only the aware act, each with one partial action; 3E-INIT-11:
--   the lowest count a delayer may name is -10 - its initiative modifier;
--   3E-INIT-14: a readied action taken moves the reader's count to the
--   trigger's; 3E-ACTION-01..06: a standard and a move-equivalent action,
--   or both as a full-round action; partial actions only when limited.
function M.config()
  return {
    -- DMG-INIT-08: aware newcomers act before everyone, by Dex score
    initiative = { mode = "individual", die = "1d20", ties = { "score", "reroll" }, aware_newcomers_first = true },
    surprise = { kind = "round", slots = { standard = 0, move = 0, partial = 1 } },
    slots = { standard = 1, move = 1, partial = 0, aoo = { count = 1, off_turn = true } },
    composites = { full = { "standard", "move" } },
    round_seconds = 6,
    delay = { floor = -10, floor_minus_modifier = true },
    ready = { moves_initiative = true },
  }
end

-- M.modifier(c): a creature's initiative modifier (3E-INIT-01): its Dex
-- modifier, +4 with Improved Initiative ([K] PHB 3.0).
function M.modifier(c)
  local ab = c:get("abilities")
  local m = A.mod(ab.dex)
  if c:has_tag("improved_initiative") then m = m + 4 end
  local C = rules.get("3e.condsum") -- DMG-COND-12: deafened -4
  if C then m = m + C.initiative_mod(c) end
  return m
end

-- M.participant(c, opts): the participant spec of a creature: its
-- modifier, its Dex score for ties (3E-INIT-02), whether it is aware
-- (opts.aware, default true; 3E-INIT-06), its side and group (3E-INIT-03:
-- the DM may roll once for a group of monsters).
function M.participant(c, opts)
  opts = opts or {}
  local side = opts.side or c:get("side")
  if side == nil or side == "" then side = "combatants" end
  return { id = c:get("id"), side = side, group = opts.group, init = opts.init or M.modifier(c),
    score = (c:get("abilities") or {}).dex or 10, aware = opts.aware ~= false }
end

-- M.new(entries): an encounter of creatures ({c = creature, aware, group,
-- side} or a bare creature) under M.config(); enc:begin() rolls.
function M.new(entries)
  local enc = combat.new(M.config())
  for _, e in ipairs(entries) do
    if type(e) ~= "table" or e.c == nil then e = { c = e } end
    enc:add(M.participant(e.c, e))
  end
  return enc
end

-- M.surprise_round(entries): 3E-INIT-07: whether a surprise round comes
-- before round 1: some, not all, are aware.
function M.surprise_round(entries)
  local aware, unaware = 0, 0
  for _, e in ipairs(entries) do
    if e.aware == false then unaware = unaware + 1 else aware = aware + 1 end
  end
  return aware > 0 and unaware > 0
end

-- M.delay_floor(modifier): 3E-INIT-11: -10 - the initiative modifier.
function M.delay_floor(modifier)
  return -10 - modifier
end

-- M.refocus(enc, id, modifier): 3E-INIT-18: a full-round action; from the
-- next round on the count is 20 + the initiative modifier.
function M.refocus(enc, id, modifier)
  enc:set(id, { count = 20 + modifier })
end

-- M.lasts(enc, id, rounds, owner): 3E-ROUND-02: an effect of rounds
-- rounds, made now at its creator's count, ends just before that count
-- comes up rounds rounds later. Returns its id.
function M.lasts(enc, id, rounds, owner, target)
  return enc:add_effect({ id = id, owner = owner, target = target, ends = { rounds_from_now = rounds } })
end

-- M.notices(bonus, dc): 3E-INIT-06: a Listen or Spot check the DM calls
-- for at the start of combat (the worked fight: Listen DC 9): d20 + bonus
-- >= dc.
function M.notices(bonus, dc)
  return check.roll({ mods = { bonus }, target = dc }).success
end

-- M.counterspell(spell, spellcraft, known): 3E-INIT-16: a spell readied
-- against a caster: a Spellcraft check DC 15 + the spell's level
-- identifies it, and when the reader has the same spell (known[name]) it
-- counters it. Returns whether the spell is countered.
function M.counterspell(spell, spellcraft, known)
  local id = check.roll({ mods = { spellcraft }, target = 15 + (spell.level or 0) }).success
  return id and known[spell.name] == true
end

rules.define("3e.initiative", M)
return M
