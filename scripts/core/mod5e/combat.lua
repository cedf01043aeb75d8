-- Combat (inventory sections 3-5, 7, 9, 10, 12, 13): the combat table the
-- kernel compiles once per run, as 5e's with what the modded rules change,
-- the combat flow and rounds, initiative with its tie-break chain and the
-- surprise round.
--
-- The table is 5e's (combat.lua of 5e) copied field by field, then changed
-- where the modded rules differ; every change names its mechanic:
--   initiative  ties: higher bonus, then the tied re-roll among themselves
--               (HB-INIT-03); surprise is a surprise round (HB-INIT-04..07)
--   slots       action, swift, reaction (HB-TURN-01..03)
--   attack      graded advantage (HB-CORE-02, 03)
--   damage      multipliers first, then immunity, flat resistance, flat
--               vulnerability (HB-DMG-02..09)
--   space       Tiny fills its square (HB-SIZE-01), difficult terrain
--               halves speed (HB-MOVE-09), creatures' spaces (HB-SIZE-03,
--               04), weak +2 / strong +4 cover (HB-VIS-06..09), the seeing
--               table T-5 (HB-VIS-03..12), opportunity attacks without
--               sight (AMB-20)
local rules = require("rules")
local combat = require("combat")

local function copy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = copy(x) end
  return out
end

local t = copy(rules.need("combat"))

-- HB-INIT-01..03: initiative is d20 + Dex attribute value + modifiers,
-- rolled once and kept (HB-INIT-02); ties go to the higher initiative
-- bonus, then only the tied re-roll, again until broken (their counts
-- stay). HB-INIT-04..07: a surprise round when some combatant is unaware
-- of its foes: only the aware roll and act, with a full turn; the others
-- roll when round 1 starts and join the order (AMB-05); none is held when
-- everyone is aware. Levels of advantage on initiative add up (graded).
t.initiative = { mode = "individual", die = "1d20", ties = { "modifier", "reroll" }, surprise = "round",
  advantage = "net" }

-- HB-FLOW-02: a round is 6 seconds.
t.round_seconds = 6

-- HB-TURN-01..03: a move, a swift action, a standard action and a
-- reaction each turn; the reaction is spent on others' turns and comes
-- back at the start of one's own. The swift action needs a feature that
-- grants one (mod5e.turn; in fights the kits' features, as 5e's Bonus
-- Actions).
t.slots = { action = 1, swift = 1, reaction = { count = 1, off_turn = true } }

-- HB-CORE-02, 03, HB-ATTACK-08..10: a natural 20 hits and is a critical
-- hit, a natural 1 misses, a critical doubles the damage dice; the levels
-- of advantage add and the kept die's face decides (mod5e.advantage).
local adv = rules.need("mod5e.advantage")
t.attack.advantage = { mode = adv.mode or "graded", cap = rules.need("mod5e.options").adv_cap or 0,
  max_dice = adv.max_dice or 0, step = adv.step or 0 }

-- HB-DMG-02..09: amounts of one type in one attack are added first (the
-- kernel sums the parts of a type), multipliers apply first (halving on a
-- save; a 5e stat block's resistance, which has no number, halves as a
-- multiplier), then immunity (which overrides the rest), then the highest
-- flat resistance (never below 0), then the highest flat vulnerability.
t.damage_steps = { "adjust", "resist", "vuln", "immune", "resist_flat", "vuln_flat" }

-- HB-HP-01..06: as 5e (section 0, unchanged): monsters die at 0 HP
-- (HB-HP-08, the GM's shortcut for NPCs); characters fall unconscious and
-- make death saves; overflow damage of at least the HP maximum kills.

local sp = t.space
-- T-3, HB-SIZE-01: a Tiny creature fills a whole 5-ft square.
sp.sizes.tiny = { rank = 1, space = 1 }
-- HB-MOVE-09, AMB-40: difficult terrain halves speed: a difficult square
-- costs 10 ft, crawling in it 20 (halvings multiply).
sp.difficult = { multiply = 2 }
-- HB-MOVE-03: no diagonal past a corner wholly filled by terrain.
sp.corner_cutting = false
-- HB-SIZE-03, 04, HB-MOVE-09: through a non-hostile's space freely, a
-- hostile's only when two or more sizes apart; any occupied space is
-- difficult terrain; ending a move in another's space only two sizes
-- apart.
sp.pass = { size_diff = 2, unable = false, difficult = true, ally_difficult = true, end_size_diff = 2 }
-- T-4, HB-VIS-06..09: weak cover +2 to AC and Reflex, strong +4; total
-- cover can't be targeted; only the best counts; a creature in between
-- gives weak cover (TV-09).
sp.cover = { creatures = true, half = { ac = 2, save = 2 }, ["three-quarters"] = { ac = 4, save = 4 },
  total = { untargetable = true } }
-- HB-ATTACK-11: a ranged attack has 1 dis while a hostile within 5 ft
-- that can see the attacker and is not incapacitated is there (as 5e).
sp.ranged_in_melee = { within = 5, adv = -1, sight = true, able = true }
-- T-5, HB-VIS-03, 05, 11, 12: attacking a target one can't see 2 dis, a
-- lightly obscured one 1 dis; a target that can't see the attacker 2 adv,
-- one that sees it lightly obscured 1 adv, but only while the attacker
-- sees the target clearly (TV-07: both in fog, each at 1 dis).
sp.sight.target_unseen, sp.sight.attacker_unseen = -2, 2
sp.sight.target_obscured, sp.sight.attacker_obscured = -1, 1
sp.sight.bonus_needs_clear = true
-- HB-SPECIAL-02, HB-SIZE-05, AMB-20: leaving a hostile's reach by one's
-- own movement provokes its opportunity attack, seen or not (the unseen
-- penalty still applies); not after Disengage (HB-ACT-04).
sp.opportunity = { on = "leave_reach", slot = "reaction", sight = false, unless = "disengaged", max_cover = "three-quarters" }

rules.define("combat", t)

-- ---- combat flow (HB-FLOW-01..04) ----

local F = {}

-- HB-FLOW-01: the steps of a fight, in order.
F.steps = {
  { id = "surprise", en = "the GM decides whether there is surprise: a surprise round first", zh = "突袭阶段" },
  { id = "positions", en = "the GM places every combatant", zh = "决定位置" },
  { id = "initiative", en = "everyone rolls initiative", zh = "先攻检定" },
  { id = "rounds", en = "each round everyone takes a turn in descending initiative", zh = "进行战斗轮" },
  { id = "repeat", en = "a new round, until the fight ends", zh = "开始新一轮" },
  { id = "end", en = "one side wiped out or routed, or a GM-set victory or defeat condition", zh = "战斗结束" },
}

-- F.config is the kernel encounter configuration (module combat) of these
-- rules: initiative, the surprise round, 6-second rounds and the turn's
-- slots.
function F.config()
  local c = rules.need("combat")
  local ini = c.initiative
  return { initiative = { mode = ini.mode, die = ini.die, ties = ini.ties, advantage = ini.advantage },
    surprise = ini.surprise, round_seconds = c.round_seconds, slots = c.slots }
end

-- F.new returns a kernel encounter under these rules.
function F.new() return combat.new(F.config()) end

-- F.duration returns the end of an effect lasting n rounds that starts now
-- in enc (HB-FLOW-02, 03): it ends in the round where it runs out, just
-- before the initiative count on which it began acts (an effect begun in
-- a reaction uses the count of the turn it happened on).
function F.duration(enc, n)
  return { rounds_from_now = n }
end

-- F.over reports whether a fight is over (HB-FLOW-01 step 6, HB-FLOW-04):
-- one side is left, or victory(enc) (a GM-set condition: grab the
-- treasure, escape the encirclement) returns true.
function F.over(enc, victory)
  if #enc:active_sides() <= 1 then return true, "one side left" end
  if victory and victory(enc) then return true, "victory condition" end
  return false
end

rules.define("mod5e.flow", F)

-- ---- initiative (HB-INIT-01..07) ----

-- 5e.initiative, with what the modded rules change: the count is d20 +
-- the Dex attribute value + other modifiers (HB-INIT-01), and the only
-- things that change it are the modifiers given; there is no
-- Disadvantage for surprise, which is a round of its own. entry.aware =
-- false marks a creature unaware of its opponents (HB-INIT-04: the GM may
-- decide it by M.aware).
local I5 = rules.need("5e.initiative")
local I = setmetatable({}, { __index = I5 })

function I.sources()
  return {}
end

function I.config() return F.config() end

-- I.bonus is the initiative bonus (先攻加值): Dex + other modifiers.
function I.bonus(c, extra)
  return (rules.need("mod5e.core").attr(c, "dex") or 0) + (extra or 0)
end

function I.participant(e)
  if type(e) ~= "table" or e.c == nil then e = { c = e } end
  local c = e.c
  return { id = c:get("id"), side = e.side or (c:get("side") ~= "" and c:get("side")) or "combatants",
    group = e.group, init = I.bonus(c, e.bonus), adv = math.max(e.adv or 0, 0), dis = math.max(-(e.adv or 0), 0),
    aware = e.aware ~= false }
end

-- I.aware decides whether c notices its opponents at the start (HB-INIT-04):
-- its Perception check opposed by each surpriser's Stealth check. The
-- surprisers are the side changing the situation (AMB-11): c is unaware
-- only when every one of them wins; a tie leaves c aware.
function I.aware(c, surprisers)
  local core = rules.need("mod5e.core")
  for _, s in ipairs(surprisers) do
    local r = core.opposed(s, { skill = "stealth" }, c, { skill = "perception" })
    if not r.success then return true end
  end
  return false
end

rules.define("5e.initiative", I)
