-- Adjudicating combat actions (inventory dmg-running-the-game.md §4,
-- DMG-ACT; 3.0 DMG pp. 63-64), the critical-hit design rules of the p.65
-- sidebar (DMG-ATK-05) and the DM's choice of subdual damage (DMG-DAM-01):
-- NPC targets by Intelligence, rulings for unlisted actions (holding a
-- door, swinging from a chandelier, a spell readied against a ray),
-- contested actions outside combat, readied actions (what must be said,
-- the trigger met by the wrong creature), "aiming at the door" outside
-- combat, and the tells an NPC's action gives.
local rules = require("rules")
local check = require("check")
local fight = require("fight")
local A = require("core.3e.attack")
local ST = require("core.3e.special.tables")

local M = rules.get("3e.adjudicate")
if M then return M end
M = {}

-- DMG-ACT-01 [DM option]: Intelligence from which a creature tells threats
-- apart (the book: a phase spider, Int 7, may judge the caster the
-- biggest threat; an Int 1 burrower cannot). The DM's setting.
M.threat_int = 3

local function threat_of(c)
  if c:has_tag("caster") or c:has_tag("spellcaster") then return 2 end
  return 1
end

-- M.target(self, enemies): DMG-ACT-01: a side's tactics. A creature of Int
-- below M.threat_int attacks the first enemy it meets (the list's order:
-- the nearest); a smarter one picks the biggest threat (a spellcaster,
-- tag caster), then the fewest hit points.
function M.target(self, enemies)
  local int = (self:get("abilities") or {}).int or 10
  if int < M.threat_int then return enemies[1] end
  local best
  for _, e in ipairs(enemies) do
    if best == nil or threat_of(e) > threat_of(best)
      or (threat_of(e) == threat_of(best) and e:get("hp") < best:get("hp")) then
      best = e
    end
  end
  return best
end

local function opposed(a, b)
  return check.opposed({ mods = { a } }, { mods = { b } }, { tie = "modifier" })
end

-- M.hold_door(holder_str, pusher_str, opts): DMG-ACT-02: holding a door
-- shut is an opposed Strength check; a stuck door (opts.stuck) must first
-- be forced open a crack with the Strength check to break it (A-11: the
-- PHB's DC, Table 8-14's simple door 13 unless opts.break_dc). Returns
-- "shut" or "open" and the rolls.
function M.hold_door(holder_str, pusher_str, opts)
  opts = opts or {}
  if opts.stuck then
    local dc = opts.break_dc or ST.break_by.simple_door.dc
    if not check.roll({ mods = { pusher_str }, target = dc }).success then return "shut", "stuck" end
  end
  local r = opposed(pusher_str, holder_str)
  return r.winner == "initiator" and "open" or "shut", r
end

-- M.swing(dex_mod, opts): DMG-ACT-02: swinging from a chandelier to
-- attack: a Dex check DC 13 (or Tumble, opts.tumble = its bonus) to catch
-- it; on a success the attack counts as a charge (+2). Returns whether it
-- swings and the attack bonus it gives.
M.swing_dc = 13
function M.swing(dex_mod, opts)
  opts = opts or {}
  local ok = check.roll({ mods = { opts.tumble or dex_mod }, target = M.swing_dc }).success
  return ok, ok and require("core.3e.tables").charge.attack or 0
end

-- M.race_ray(caster_wis, beholder_dex): DMG-ACT-02: a spell readied against
-- a beholder's antimagic ray: the caster's Wisdom check opposed by the
-- beholder's Dexterity check; "spell" when the caster wins, else "ray".
function M.race_ray(caster_wis, beholder_dex)
  return opposed(caster_wis, beholder_dex).winner == "initiator" and "spell" or "ray"
end

-- M.contest(a, b, opts): DMG-ACT-03: a contested physical action outside
-- combat (Lidda pulls a lever, Mialee stops her): both roll initiative
-- (a.init, b.init: the modifiers; ties by the higher one); if a wins it
-- acts ("acts"); else b makes a melee touch attack (b.touch bonus vs
-- a.touch_ac) and on a hit a chooses whether to resist (opts.resist):
-- "grapple" (the grapple rules decide) or "held". Returns the outcome.
function M.contest(a, b, opts)
  opts = opts or {}
  local r = opposed(a.init, b.init)
  if r.winner == "initiator" then return "acts" end
  local t = check.roll({ mods = { b.touch } })
  if not A.hits(t.natural, t.total, a.touch_ac) then return "acts" end
  return opts.resist and "grapple" or "held"
end

-- M.ready(spec): DMG-ACT-04: a readied action names its action and its
-- trigger exactly: {action, trigger = {event, ...}, target}; a spell names
-- the spell and its target (a creature seen, or "any foe from" a
-- direction). The DM may refuse a trigger too fine for a split second
-- (spec.trigger.too_specific: "the first unwounded ghoul"). Returns the
-- checked spec or raises an error saying what is missing.
function M.ready(spec)
  if type(spec) ~= "table" then error("DMG-ACT-04: a readied action is a table {action, trigger, target}", 2) end
  if not spec.action then error("DMG-ACT-04: the readied action must be named (action)", 2) end
  if type(spec.trigger) ~= "table" or not spec.trigger.event then
    error("DMG-ACT-04: the trigger must be stated (trigger = {event = ...})", 2)
  end
  if spec.trigger.too_specific then
    error("DMG-ACT-04: the DM refuses a trigger too specific for a split-second decision: " .. tostring(spec.trigger.too_specific), 2)
  end
  if spec.spell and not spec.target then
    error("DMG-ACT-04: a readied spell names its target (a creature seen, or any foe from a direction)", 2)
  end
  return spec
end

-- M.unwanted_trigger(wis_mod, mode): DMG-ACT-05 [DM option]: the trigger is
-- met but the character does not want to act (its ally comes through the
-- door first). mode "stays" (the default, M.unwanted): the ready stays;
-- "lost": it is lost; "check": a Wisdom check DC 15 holds back, a failure
-- takes the readied action against whatever met the trigger. Returns
-- "stays", "lost" or "acts".
M.unwanted = "stays"
M.hold_back_dc = 15
function M.unwanted_trigger(wis_mod, mode)
  mode = mode or M.unwanted
  if mode == "stays" or mode == "lost" then return mode end
  if mode ~= "check" then error(string.format("DMG-ACT-05: mode %q: stays, lost or check", tostring(mode)), 2) end
  return check.roll({ mods = { wis_mod }, target = M.hold_back_dc }).success and "stays" or "acts"
end

-- M.watch(noticed): DMG-ACT-06: outside combat "I aim at the door" only
-- means the watcher notices who comes; if the newcomer fails to notice the
-- watcher (noticed false) the watcher gets a surprise partial action (the
-- shot), else initiative is rolled normally. Returns "surprise_partial" or
-- "initiative".
function M.watch(noticed)
  return noticed and "initiative" or "surprise_partial"
end

-- DMG-ACT-07 [DM option]: each kind of NPC action gives the same tell
-- every time, so that players learn to read it. M.tell(c, kind) raises
-- the event npc.tell {who, kind, text} and returns the text.
M.tells = {
  ready = { en = "%s holds still, watching, weapon ready", zh = "%s 屏息凝神，严阵以待" },
  cast = { en = "%s chants and gestures", zh = "%s 口中念念有词，比划手势" },
  aid = { en = "%s moves to help an ally", zh = "%s 上前协助同伴" },
  delay = { en = "%s hangs back, waiting", zh = "%s 按兵不动，静观其变" },
}
function M.tell(c, kind, lang)
  local t = M.tells[kind]
  if not t then error(string.format("DMG-ACT-07: no tell for %q (ready, cast, aid, delay)", tostring(kind)), 2) end
  local text = string.format(t[lang or "en"] or t.en, c:get("id"))
  rules.emit("npc.tell", { who = c, kind = kind, text = text })
  return text
end

-- M.weapon_design(crit): DMG-ATK-05 (the p.65 sidebar's design rule for a
-- new weapon's base statistics): a x3 (or higher) weapon threatens only on
-- 20 and a x2 weapon on 19-20; 19-20/x3 is unbalanced (magic and feats may
-- make one, but not the base weapon). Returns true, or false and why.
function M.weapon_design(crit)
  local threat, mul = A.crit(crit)
  if mul >= 3 and threat < 20 then
    return false, string.format("%s: a x%d weapon should threaten only on 20 (the base weapon is unbalanced)", tostring(crit), mul)
  end
  return true
end

-- M.crit_value(mul): DMG-ATK-05: what a critical is worth: x2 about one
-- extra hit, x3 two, x4 three (the multiplier minus one).
function M.crit_value(mul) return mul - 1 end

-- DMG-DAM-01: the DM may rule damage subdual (a rock an angry villager
-- throws; the first 1d6 of a fall), but piercing damage and most energy
-- damage cannot be. M.subdual(target, amount, type): deals it as subdual
-- damage through the fight (fight.damage, nonlethal), or raises an error
-- for a type that cannot be subdual.
M.never_subdual = { piercing = true, fire = true, acid = true, electricity = true, cold = true, sonic = true }
function M.subdual(target, amount, typ)
  if M.never_subdual[typ or ""] then
    error(string.format("DMG-DAM-01: %s damage cannot be subdual damage", tostring(typ)), 2)
  end
  return fight.damage(target, amount, typ or "bludgeoning", nil, { nonlethal = true })
end

rules.define("3e.adjudicate", M)
return M
