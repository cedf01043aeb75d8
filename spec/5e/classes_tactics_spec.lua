-- ruleset: 5e
-- Tactics (core.5e.tactics): stabilising a dying ally, settings per
-- creature and per side, the target choice of the attacks a kit makes, with
-- forced dice, one fight per test. (Second Wind when low, healing a dying ally and breathing at
-- grouped enemies are in the fighter, cleric and dragon specs.)
local weapons = require("core.5e.weapons")
local util = require("core.5e.util")
local fighter = require("core.5e.classes.fighter")
local tactics = require("core.5e.tactics")

local function idle() return nil end

local function a_fighter(level, plan)
  local s = util.character({ id = "fighter", name = "Fighter", hp = 50, ac = 18, plan = plan,
    abilities = { str = 16, dex = 12, con = 14, int = 10, wis = 12, cha = 10 } }, { level = level, skills = { "medicine" } })
  weapons.arm(s, { "longsword" })
  fighter.apply(s, level)
  return s
end

local function run(party, foes, rounds)
  return fight.run(fight.encounter{ max_rounds = rounds or 1, sides = {
    { name = "party", members = party }, { name = "foes", members = foes } } })
end

local function fighter_of(r, id)
  for _, f in ipairs(r.fighters) do
    if f.id == id then return f end
  end
end

-- covers: 5E-ZERO-12
test("stabilise: the Action on a DC 10 Wisdom (Medicine) check makes a dying ally Stable", function()
  local seen = {}
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "fighter" then seen[#seen + 1] = fight.is(fight.get("ally"), "stable") end
  end, { phase = "after" })
  local attacks = { 0 }
  rules.on("attack.roll", function(e)
    if e.attacker:get("id") == "fighter" then attacks[1] = attacks[1] + 1 end
  end, { phase = "result" })
  -- initiative brute 20, fighter 10, ally 1: the brute drops the ally (d20
  -- 15); the fighter's Medicine check: d20 7 + Wis 1 + PB 2 = 10
  dice.force{ 10, 1, 20, 15, 7 }
  run({ { stat = a_fighter(1, { stabilise = true }) },
    { stat = { id = "ally", name = "Ally", hp = 20, ac = 10, tactics = idle, attacks = { { name = "x", damage = "1" } } },
      hp = 1, max_hp = 20, player = true } },
    { { stat = { id = "brute", name = "Brute", hp = 50, ac = 10, attacks = { { name = "Club", bonus = 5, damage = "1" } } } } })
  eq(seen, { true })
  eq(attacks[1], 0, "no attack: the Action went to first aid")
end)

local function dummy()
  return { id = "d", name = "D", hp = 99, ac = 30, tactics = idle, attacks = { { name = "x", damage = "1" } } }
end

test("settings: a side's settings override the defaults", function()
  -- the fighter at 40/50 HP (80%): Second Wind (1d10 = 6, +1) only with
  -- second_wind_below 0.9; its attack misses (d20 1)
  tactics.side("party", { second_wind_below = 0.9, action_surge = false })
  dice.force{ 20, 1, 6, 1 }
  local r = run({ { stat = a_fighter(1), hp = 40, max_hp = 50 } }, { { stat = dummy() } })
  eq(fighter_of(r, "fighter").hp, 47)
end)

test("settings: a creature's plan overrides its side's", function()
  tactics.side("party", { second_wind_below = 0.9, action_surge = false })
  dice.force{ 20, 1, 1 }
  local r = run({ { stat = a_fighter(1, { second_wind_below = 0.5 }), hp = 40, max_hp = 50 } }, { { stat = dummy() } })
  eq(fighter_of(r, "fighter").hp, 40)
end)

test("the kit's own attacks focus the weakest enemy, skipping one at 0 HP unless they burn", function()
  local targets = {}
  rules.on("attack.roll", function(e) targets[#targets + 1] = e.attack .. ">" .. e.target:get("id") end, { phase = "result" })
  local s = a_fighter(1)
  s.attacks[#s.attacks + 1] = { name = "Torch", bonus = 5, damage = "1d4", type = "fire" }
  tactics.kit(s, { lua_attacks = true })
  local kit = s.kit
  local function enemy(id, hp) return { id = id, name = id, hp = hp, max_hp = 50, ac = 30, tactics = idle,
    attacks = { { name = "x", damage = "1" } } } end
  -- a stand-in for a troll at 0 HP: a foe whose creature.down is cancelled
  local downed = enemy("downed", 0)
  downed.on = { ["creature.down"] = function(e) e.cancelled = true end }
  rules.on("turn.act", function(e)
    if e.fighter:get("id") == "fighter" then
      tactics.strike(e.fighter, kit, kit.ctx, "Torch")
    end
  end, { phase = "declare" })
  dice.force{ 20, 1, 2, 3, 1, 1 }
  run({ { stat = s, plan = { action_surge = false } } }, { { stat = downed }, { stat = enemy("weak", 5) }, { stat = enemy("strong", 40) } })
  eq(targets, { "Torch>downed", "Longsword>weak" })
end)

test("a kit leaves a troll lying at 0 HP alone when it cannot burn it", function()
  local targets = {}
  rules.on("attack.roll", function(e)
    if e.attacker:get("id") == "fighter" then targets[#targets + 1] = e.target:get("id") end
  end, { phase = "result" })
  -- initiative fighter 20, troll 1 (at 0 HP, still in the fight), ogre 2:
  -- the fighter's longsword (d20 1) goes to the ogre; the troll regenerates
  -- and its three Rends miss (d20 1, 1, 1)
  dice.force{ 20, 1, 2, 1, 1, 1, 1 }
  run({ { stat = a_fighter(1, { action_surge = false }) } },
    { { monster = "troll", hp = 0, max_hp = 94 }, { monster = "ogre", tactics = idle } })
  eq(targets, { "ogre" })
end)
