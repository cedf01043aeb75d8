-- Combat (inventory sections 12-14, 18, 20). The `combat` table holds the
-- parameters the kernel compiles once per run for self-playing fights:
-- rounds of 6 seconds in which everyone takes a turn in an initiative order
-- that does not change (5E-CMB-01, 02, 06), until one side is defeated
-- (5E-CMB-12); the attack roll, critical damage, the damage steps, and
-- what 0 HP does, the Death Saving Throws included. The functions below
-- are the same rules for scripts and the REPL, on the kernel's encounter
-- (module combat): rolling Initiative with groups, Surprise and the
-- conditions (5e.initiative; self-playing fights do not group or surprise
-- their members yet), and the budget of one turn (5e.turn).
local rules = require("rules")
local check = require("check")
local combat = require("combat")

rules.define("combat", {
  -- 5E-CMB-03..07: Initiative is a Dexterity check; ties go to the higher
  -- modifier, then a roll-off (the DM and players decide at the table,
  -- AMB resolution). Surprise gives Disadvantage on Initiative.
  initiative = { mode = "individual", die = "1d20", ties = { "modifier", "reroll" },
                 surprise = "disadvantage", advantage = "cancel" },
  round_seconds = 6,
  -- 5E-CMB-08, 5E-ACT-03..05: one action, one Bonus Action when a feature
  -- grants one, one Reaction per round, spent on others' turns too.
  slots = { action = 1, bonus = 1, reaction = { count = 1, off_turn = true } },
  -- 5E-D20-09, 5E-ATK: a natural 20 hits and is a Critical Hit, a natural 1
  -- misses; Advantage and Disadvantage do not stack and cancel (5E-ADV-03/04).
  -- 5E-DMG-03: a Critical Hit rolls the damage dice twice, modifiers once.
  attack = { die = 20, auto_hit = 20, auto_miss = 1, threat = 20, confirm = false,
             crit = "double_dice", advantage = "onoff", min_damage = 0 },
  -- 5E-DMG-09/10: immunity, adjustments, Resistance, then Vulnerability.
  damage_steps = { "immune", "adjust", "resist", "vuln" },
  -- 5E-ZERO-01/02: monsters die at 0 HP; characters fall Unconscious
  -- (5E-ZERO-06) and make Death Saving Throws, rolled by the kernel as data
  -- (T-21): a d20 at the start of each turn, 10 or more succeeds, three
  -- successes stabilise, three failures kill, a natural 1 counts twice, a
  -- natural 20 regains 1 HP (5E-ZERO-08..10); damage while dying is a
  -- failure, two from a Critical Hit (5E-ZERO-11); massive damage kills
  -- (5E-ZERO-04). A creature that wakes (a natural 20, healing) stays
  -- Prone (5E-CND-17: Unconscious ends, Prone remains).
  down = { players = "dying", monsters = "dead", condition = "unconscious", revive_condition = "prone",
           dying_save = { die = 20, dc = 10, successes = 3, failures = 3, double_fail = 1,
                          revive = 20, revive_hp = 1, damage_failures = 1, crit_failures = 2,
                          massive = true } },
  max_rounds = 100,
  -- Space: the battle map and what position does (inventory sections 13,
  -- 14; T-16, T-17). The same rules hold with no map, as its abstraction:
  -- everyone reaches everyone, a melee attack is made from 5 ft and a ranged
  -- one from 30 ft (or its normal range, when shorter), nothing gives cover
  -- and nothing blocks sight.
  space = {
    -- 5E-MOV-04, 05, 07: 5-ft squares, every diagonal one square.
    square = 5, unit = "ft", diagonal = "one",
    -- T-16 [K✓ SRD 5.2]: rank (for "two sizes apart") and space in squares;
    -- Tiny creatures share a square, four to a square.
    sizes = { tiny = { rank = 1, space = 1, shared = true }, small = { rank = 2, space = 1 },
              medium = { rank = 3, space = 1 }, large = { rank = 4, space = 2 },
              huge = { rank = 5, space = 3 }, gargantuan = { rank = 6, space = 4 } },
    default_size = "medium",
    -- 5E-MOV-03, 05: each foot of Difficult Terrain costs 1 extra foot (not
    -- stacking with itself); crawling (Prone's move_extra) adds its own.
    difficult = { extra = 1 },
    -- 5E-MOV-06: no diagonal past a wall's corner.
    corner_cutting = false,
    -- 5E-MOV-12, 13: through an ally's space freely; through a Tiny
    -- creature's, an Incapacitated one's or one two or more sizes apart, as
    -- Difficult Terrain; never ending there (5E-MOV-14).
    pass = { size_diff = 2, unable = true, tiny = "tiny", difficult = true },
    -- 5E-ATK-03, T-17 [K✓ SRD 5.2]: another creature gives Half Cover;
    -- Half +2 to AC and Dexterity saves, Three-Quarters +5, Total: can't
    -- be targeted. Only the best counts (the kernel keeps one grade).
    cover = { creatures = true, half = { ac = 2, save = 2 }, ["three-quarters"] = { ac = 5, save = 5 },
              total = { untargetable = true } },
    -- 5E-ATK-07: beyond normal range Disadvantage, beyond long range no
    -- attack.
    range = { bands = { { adv = -1 } } },
    -- 5E-ATK-08: a ranged attack roll has Disadvantage while an enemy
    -- within 5 ft that can see the attacker and isn't Incapacitated.
    ranged_in_melee = { within = 5, adv = -1, sight = true, able = true },
    -- 5E-ATK-04, 05; 5E-EXP-07..10, T-12: an attack on a target the attacker
    -- can't see has Disadvantage, one by an attacker the target can't see
    -- Advantage. Blindsight works Blinded and sees the Invisible; Truesight
    -- sees the Invisible; Tremorsense is not sight (AMB-27).
    sight = { target_unseen = -1, attacker_unseen = 1,
              senses = { blindsight = { blinded = true, invisible = true, ignores_light = true },
                         truesight = { invisible = true, ignores_light = true },
                         darkvision = { light = 1 },
                         tremorsense = { blinded = true, invisible = true, not_sight = true, ignores_light = true } } },
    -- 5E-ATK-10, 11, 5E-ACT-05: leaving a creature's reach lets it spend
    -- its Reaction on one melee attack, if it can see the mover; not after
    -- Disengage, nor when the mover is moved by something else.
    opportunity = { on = "leave_reach", slot = "reaction", sight = true, unless = "disengaged", max_cover = "three-quarters" },
    -- 5E-CMB-08, 5E-MOV-08, T-10: move up to Speed and take the Attack
    -- action (every attack of it, movement split between them); a creature
    -- that can't reach its target Dashes instead.
    turn = { full_attack_move = -1, double_move = true, double_move_tag = "dashed", dash_repeats = true },
    -- An area reaches only where a straight line from its point of origin
    -- is unblocked: a creature behind a full wall is not in it [K✓ SRD
    -- 5.2.1, "Area of Effect"; the inventory has no area rules].
    area_line = true,
    nomap_ranged = 30, default_speed = 30,
  },
})

-- ---- Initiative (5E-CMB-03..07, 13) ----

local I = {}

local function cond()
  return rules.need("5e.conditions")
end

-- I.sources returns the Advantage levels on c's Initiative roll beyond
-- those of any Dexterity check: Surprise gives Disadvantage (5E-CMB-05),
-- Invisible Advantage (5E-CND-10), Incapacitated Disadvantage (5E-CND-09).
function I.sources(c, surprised)
  local adv = {}
  if surprised then adv[#adv + 1] = { level = -1, source = "surprised" } end
  if cond().has(c, "invisible") then adv[#adv + 1] = { level = 1, source = "invisible" } end
  if cond().has(c, "incapacitated") then adv[#adv + 1] = { level = -1, source = "incapacitated" } end
  return adv
end

-- I.config is the kernel encounter configuration of the 5e rules (module
-- combat): the `combat` table's initiative, surprise and round, with the
-- per-turn action budget (5E-CMB-08: one action; a Bonus Action when a
-- feature grants one; a Reaction, also off one's turn, back at the start of
-- one's turn).
function I.config()
  local t = rules.need("combat")
  local ini = t.initiative
  return {
    initiative = { mode = ini.mode, die = ini.die, ties = ini.ties, advantage = ini.advantage },
    surprise = ini.surprise,
    round_seconds = t.round_seconds,
    slots = t.slots,
  }
end

-- entry reads an entry: a creature, or {c = creature, group, surprised,
-- bonus, side}.
local function entry(e)
  if type(e) ~= "table" or e.c == nil then e = { c = e } end
  return e
end

-- I.participant returns the kernel participant spec of an entry:
-- Initiative is a Dexterity check (5E-CMB-03), so its modifier and
-- Advantage come from 5e.checks (Exhaustion, Poisoned, ...) plus I.sources;
-- the kernel applies the Surprise Disadvantage (5E-CMB-05) and cancels
-- Advantage against Disadvantage whatever their counts (5E-ADV-04).
function I.participant(e)
  e = entry(e)
  local c = e.c
  local adv = rules.need("5e.initiative").sources(c, false)
  local mod, _, spec = rules.need("5e.checks").modifier(c, { kind = "check", ability = "dex", adv = adv,
    mods = { e.bonus or 0 } })
  local _, up, down = check.net_adv(spec.adv)
  return { id = c:get("id"), side = e.side or (c:get("side") ~= "" and c:get("side")) or "combatants",
    group = e.group, init = mod, adv = up, dis = down, surprised = e.surprised or false }
end

-- I.roll rolls Initiative for entries with the kernel's encounter (module
-- combat, the 5e configuration): a group of identical creatures (the same
-- group name) rolls once and shares the result (5E-CMB-04, TV-42);
-- Surprise, Invisible and Incapacitated add Disadvantage or Advantage, and
-- they cancel (TV-43). The order runs from the highest count down and is
-- kept for the whole fight (5E-CMB-06); ties go to the higher modifier,
-- then a roll-off (the `combat` table's ties; at the table the DM and
-- players may reorder, 5E-CMB-07: opts.tie(a, b) returns true when a goes
-- first). With opts.static nobody rolls: the count is 10 + the modifier,
-- +5 with Advantage and -5 with Disadvantage (5E-CMB-13, a [K] glossary
-- option checked against SRD 5.2.1). Returns the order {{id, c, count}...}
-- and the encounter (enc:rolls() has the dice).
function I.roll(entries, opts)
  opts = opts or {}
  local self = rules.need("5e.initiative") -- a rule system built on 5e may replace parts
  local enc = combat.new(self.config())
  local by_id = {}
  for _, e in ipairs(entries) do
    e = entry(e)
    local p = self.participant(e)
    by_id[p.id] = e.c
    if opts.static then
      local net = check.net_adv({ p.adv, -p.dis, e.surprised and -1 or 0 })
      p.count = 10 + p.init + 5 * net
    end
    enc:add(p)
  end
  enc:begin()
  local order = {}
  for i, o in ipairs(enc:order()) do
    order[i] = { id = o.id, c = by_id[o.id], count = o.count }
  end
  if opts.tie then
    -- stable insertion sort: only tied neighbours move
    for i = 2, #order do
      local j = i
      while j > 1 and order[j].count == order[j - 1].count and opts.tie(order[j], order[j - 1]) do
        order[j], order[j - 1] = order[j - 1], order[j]
        j = j - 1
      end
    end
  end
  return order, enc
end

rules.define("5e.initiative", I)

-- ---- a turn (5E-CMB-08..11, 5E-MOV-08) ----

local T = {}
T.__index = T

-- T.start begins c's turn: its Speed to move (in pieces, before and after
-- its action), one action, a Bonus Action only when opts.bonus_action (a
-- feature grants one), one free object interaction, and its Reaction back.
-- An Incapacitated creature has no action, Bonus Action or Reaction.
function T.start(c, opts)
  opts = opts or {}
  local act = cond().can_act(c)
  rules.need("5e.attack").ready_reaction(c)
  c:start_turn()
  c:remove_tag("disengaged")
  return setmetatable({ c = c, actions = act and 1 or 0, bonus = (act and opts.bonus_action) and 1 or 0,
    interactions = 1, move = rules.need("5e.movement").budget(c), log = {} }, T)
end

local function known_action(name)
  for _, a in ipairs(rules.need("5e.actions")) do
    if a.id == name then return true end
  end
  return false
end

-- t:act takes an action (one per turn, 5E-CMB-08); a Dash adds Speed.
function T:act(name)
  if not known_action(name) and name ~= "improvise" then return false, "unknown action " .. tostring(name) end
  if self.actions < 1 then return false, "no action left" end
  self.actions = self.actions - 1
  self.log[#self.log + 1] = name
  if name == "dash" then self.move:dash() end
  if name == "disengage" then rules.need("5e.attack").disengage(self.c) end
  return true
end

-- t:bonus_action takes the Bonus Action a feature grants (5E-ACT-04).
function T:bonus_action(name)
  if self.bonus < 1 then return false, "no bonus action" end
  self.bonus = self.bonus - 1
  self.log[#self.log + 1] = "bonus:" .. name
  return true
end

-- t:interact: one object or feature during the move or action is free; a
-- second one takes the Utilize action (5E-CMB-10). opts.action: the item
-- always takes an action (a magic item, a stuck door).
function T:interact(what, opts)
  if self.interactions > 0 and not (opts and opts.action) then
    self.interactions = self.interactions - 1
    self.log[#self.log + 1] = "interact:" .. tostring(what)
    return true, "free"
  end
  local ok, why = self:act("utilize")
  if not ok then return false, why end
  return true, "utilize"
end

-- t:speak: brief words and gestures are free; extended communication
-- (explaining, persuading a foe: the Influence action) takes the action
-- (5E-CMB-09).
function T:speak(extended)
  if not extended then return true, "free" end
  local ok, why = self:act("influence")
  if not ok then return false, why end
  return true, "influence"
end

-- t:move spends movement; it may come before and after the action.
function T:move_feet(cost)
  return self.move:move(cost)
end

-- t:finish ends the turn; doing nothing at all is allowed (5E-CMB-11).
-- Returns what was left unused, and the suggested fallbacks.
function T:finish()
  return { actions = self.actions, movement = self.move:left(), fallbacks = { "dodge", "ready" } }
end

rules.define("5e.turn", T)
