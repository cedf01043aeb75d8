-- Your turn and the action economy (inventory section 5, HB-TURN-01..06,
-- HB-ACT-00..11, T-1, T-2, TV-02, TV-06): one move, one swift action, one
-- standard action and one reaction a turn; the incidental action; the
-- eleven standard actions.
--
--   local turn = rules.need("mod5e.turn").start(c, { swift = { "two_weapon_fighting" } })
--   turn:act("attack", { attacks = 2 }); turn:melee_attack(); turn:move_feet(10)
--   turn:swift("two_weapon_fighting"); turn:incidental("draw_weapon")
--
-- In fights the kernel keeps the same slots (the combat table's: action,
-- swift, reaction); class features and monster kits take their "bonus"
-- options as the swift action their feature grants.
local rules = require("rules")

local T = {}
T.__index = T

local function cond() return rules.need("5e.conditions") end
local function names() return rules.need("mod5e.names") end

-- The reaction outside fights: one, back at the start of the owner's turn
-- (HB-TURN-03); in a fight it is the kernel's "reaction" slot.
local function ready_reaction(c)
  if not c:resource("reaction") then c:set_resource("reaction", { max = 1, recharge = "turn" }) end
end

-- The creatures each helper's Help marks are on (HB-ACT-06: they lapse at
-- the start of the helper's next turn).
local helped_by = setmetatable({}, { __mode = "k" })

-- lapse_help removes the unused Help marks helper gave.
local function lapse_help(helper)
  local allies = helped_by[helper]
  if not allies then return end
  helped_by[helper] = nil
  local suffix = ":" .. helper:get("id")
  for _, ally in ipairs(allies) do
    for _, inst in ipairs(ally:conditions("helped")) do
      local src = inst.source or ""
      if src:sub(1, 5) == "help:" and src:sub(-#suffix) == suffix then ally:remove_condition(inst.id) end
    end
  end
end

-- T.start begins c's turn (HB-TURN-01): its movement (mod5e.movement's
-- budget, in pieces), one standard action, one swift action only when a
-- feature grants it (opts.swift: the names of the swift options c has, or
-- the tags "swift:<name>"; HB-TURN-02), one incidental action (HB-TURN-05)
-- and its reaction back; the Help c gave that nobody used lapses
-- (HB-ACT-06), and so does an action it readied that never triggered
-- (HB-ACT-09, T.lapse). A condition that takes actions away takes the swift action
-- and the reaction too (HB-TURN-02), and an incapacitated creature cannot
-- move (AMB-25).
function T.start(c, opts)
  opts = opts or {}
  ready_reaction(c)
  c:start_turn()
  c:remove_tag("disengaged")
  c:remove_condition("dodging")
  lapse_help(c)
  T.lapse(c)
  local act = cond().can_act(c)
  local swift = {}
  for _, s in ipairs(opts.swift or {}) do swift[s] = true end
  for _, tag in ipairs(c:get("tags")) do
    local s = tag:match("^swift:(.+)$")
    if s then swift[s] = true end
  end
  return setmetatable({ c = c, actions = act and 1 or 0, swifts = act and 1 or 0, swift_options = swift,
    incidentals = 1, attacks = 0, move = rules.need("mod5e.movement").budget(c), log = {} }, T)
end

local known = {}
for _, a in ipairs(names().actions) do known[a.id] = true end

-- t:act takes the standard action (HB-ACT-00..11): Attack (opts.attacks:
-- how many attacks the action gives, 1 unless a feature says more), Cast a
-- Spell, Dash (another move equal to the speed), Disengage (no
-- opportunity attacks for the rest of the turn), Dodge, Help, Hide,
-- Search, Ready, Use an Object, or improvise (the GM rules on it, and on
-- actions of features not listed: opts.feature).
function T:act(name, opts)
  opts = opts or {}
  if not known[name] and not opts.feature then return false, "unknown action " .. tostring(name) end
  if self.actions < 1 then return false, "no action left" end
  self.actions = self.actions - 1
  self.log[#self.log + 1] = name
  if name == "attack" then
    self.attacks = opts.attacks or 1
    self.attacked_with = opts.weapon
  elseif name == "dash" then
    self.move:dash()
  elseif name == "disengage" then
    self.c:add_tag(rules.need("combat").space.opportunity.unless)
  elseif name == "dodge" then
    self.c:add_condition("dodging", { source = "dodge" })
  end
  return true
end

-- t:melee_attack spends one attack of the Attack action (a manoeuvre
-- replaces one, HB-SPECIAL-05..08).
function T:melee_attack()
  if self.attacks < 1 then return false, "no attack of an Attack action left" end
  self.attacks = self.attacks - 1
  return true
end

-- t:swift takes the swift action (HB-TURN-02): only an option some feature
-- or rule grants (two-weapon fighting grants its own), one a turn, at any
-- point of the turn; none while a condition takes actions away.
function T:swift(name)
  if not cond().can_act(self.c) then return false, "can't take actions" end
  if self.swifts < 1 then return false, "the swift action is used" end
  if not (self.swift_options[name] or name == "two_weapon_fighting") then
    return false, "no feature grants the swift action " .. tostring(name)
  end
  self.swifts = self.swifts - 1
  self.log[#self.log + 1] = "swift:" .. name
  return true
end

-- t:incidental does one effortless thing while attacking or moving (T-2)
-- without the action (HB-TURN-05, HB-ACT-10, AMB-36): one a turn; a second
-- one, or a complex one (opts.complex: throwing a bomb, a complicated
-- device), takes the action (Use an Object). Returns ok and "free" or
-- "action".
function T:incidental(what, opts)
  if self.incidentals > 0 and not (opts and opts.complex) then
    self.incidentals = self.incidentals - 1
    self.log[#self.log + 1] = "incidental:" .. tostring(what)
    return true, "free"
  end
  local ok, why = self:act("use_object")
  if not ok then return false, why end
  return true, "action"
end

-- t:speak: a short exchange or a gesture is free; a long speech, working
-- complex machinery or starting a vehicle takes the action (HB-TURN-06).
function T:speak(long)
  if not cond().can_speak(self.c) then return false, "can't speak" end
  if not long then return true, "free" end
  local ok, why = self:act("improvise")
  if not ok then return false, why end
  return true, "action"
end

-- t:move_feet spends movement in a mode (HB-TURN-04, HB-MOVE-07: before,
-- after and between attacks).
function T:move_feet(cost, mode)
  if not cond().can_act(self.c) and cond().has(self.c, "incapacitated") then return false, "incapacitated" end
  return self.move:move(cost, mode)
end

-- t:reaction spends the reaction (outside one's own turn, HB-TURN-03).
function T.reaction(c)
  ready_reaction(c)
  if not cond().can_act(c) then return false, "can't take reactions" end
  if c:resource("reaction").current < 1 then return false, "the reaction is used until the start of its next turn" end
  c:spend("reaction")
  return true
end

-- t:finish ends the turn; what is left is lost.
function T:finish()
  return { actions = self.actions, swifts = self.swifts, movement = self.move:left() }
end

-- ---- Help and Ready (HB-ACT-06, 09) ----

-- T.help: the helper names a creature and a task; that creature's next
-- skill check (opts.skill) or attack roll (opts.against: the enemy) for
-- the task has 1 adv if made before the start of the helper's next turn
-- (opts.duration). There is no range: the GM judges whether help is
-- plausible (opts.plausible = false refuses it, TV-06). Several helpers
-- each add 1 (AMB-12). Returns the mark, or nil and why.
function T.help(helper, ally, opts)
  opts = opts or {}
  if opts.plausible == false then return nil, "the GM rules the help implausible" end
  local key
  if opts.against then
    key = "attack:" .. opts.against:get("id")
  elseif opts.skill then
    key = rules.need("5e.character").skill_id(opts.skill)
  else
    error("help: a skill (opts.skill) or an enemy to attack (opts.against) expected", 2)
  end
  local allies = helped_by[helper] or {}
  allies[#allies + 1] = ally
  helped_by[helper] = allies
  return ally:add_condition("helped", { source = "help:" .. key .. ":" .. helper:get("id"), stacking = "independent",
    duration = opts.duration })
end

-- help_marks finds the Help marks a test of c uses (5e.checks' hook,
-- replaced): every helper's mark for the skill, or for attacking foe.
local function help_marks(c, kind, skills, _tool, foe)
  local found = {}
  if not c then return found end
  for _, inst in ipairs(c:conditions("helped")) do
    local key = (inst.source or ""):match("^help:(.+):[^:]+$")
    local hit = false
    if kind == "check" then
      for _, s in ipairs(skills) do hit = hit or key == s end
    elseif kind == "attack" and foe then
      hit = key == "attack:" .. foe:get("id")
    end
    if hit then found[#found + 1] = { creature = c, id = inst.id } end
  end
  return found
end

local K5 = rules.need("5e.checks")
rules.define("5e.checks", setmetatable({ help_marks = help_marks }, { __index = K5 }))

-- T.ready: name an observable trigger and an action; until the start of
-- c's next turn the reaction may take it when the trigger happens
-- (HB-ACT-09). A spell (1 action only) is cast now and held, which needs
-- concentration: a concentration already running ends; the slot is spent
-- now (AMB-13); if concentration breaks the spell fades.
function T:ready(trigger, action, opts)
  opts = opts or {}
  if opts.spell and (opts.casting_time or "action") ~= "action" then
    return false, "only a spell cast with one action can be readied"
  end
  local ok, why = self:act("ready")
  if not ok then return false, why end
  self.c:add_condition("readied", { source = trigger .. "|" .. action, stacking = "independent" })
  if opts.spell then
    self.c:remove_condition("concentrating")
    self.c:add_condition("concentrating", { source = "readied:" .. opts.spell })
    if opts.slot then self.c:spend(opts.slot) end
  end
  return true
end

-- T.trigger: the trigger happened: c takes the readied action with its
-- reaction (a held spell only while it still concentrates). Returns the
-- action, or nil and why.
function T.trigger(c, trigger)
  for _, inst in ipairs(c:conditions("readied")) do
    local tr, action = (inst.source or ""):match("^(.-)|(.*)$")
    if tr == trigger then
      local ok, why = T.reaction(c)
      if not ok then return nil, why end
      c:remove_condition(inst.id)
      return action
    end
  end
  return nil, "nothing readied for " .. tostring(trigger)
end

-- T.lapse: at the start of c's next turn a readied action that never
-- triggered is lost (and a held spell fades).
function T.lapse(c)
  local n = c:remove_condition("readied")
  for _, inst in ipairs(c:conditions("concentrating")) do
    if (inst.source or ""):match("^readied:") then c:remove_condition(inst.id) end
  end
  return n
end

rules.define("condition.helped", { state = true, name = { en = "Helped", zh = "受协助" } })
rules.define("condition.readied", { state = true, name = { en = "Readied action", zh = "预备" } })
rules.define("mod5e.turn", T)
