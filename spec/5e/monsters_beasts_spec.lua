-- ruleset: 5e
-- Wolf (Pack Tactics, a Bite that knocks Prone) and Giant Spider (Web,
-- poisonous Bite), with forced dice.
local function idle() return nil end

local function pc(id, extra)
  local t = { id = id, name = id, hp = 60, ac = 10, tactics = idle,
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Punch", bonus = 0, damage = "1" } } }
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

local function run(party, foes, rounds)
  return fight.run(fight.encounter{ max_rounds = rounds or 1, sides = {
    { name = "party", members = party }, { name = "foes", members = foes } } })
end

local function record(fn)
  local out = {}
  rules.on("attack.roll", function(e) out[#out + 1] = fn(e) end, { phase = "result" })
  return out
end

-- covers: 5E-CND-14
test("Wolf: Pack Tactics (an ally up gives Advantage), and a Bite knocks a Medium target Prone", function()
  local advs = record(function(e) return e.attacker:get("id") .. ":" .. e.adv end)
  local prone = {}
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "wolf1" then prone[#prone + 1] = fight.get("hero"):has("prone") end
  end, { phase = "after" })
  -- initiative hero 1, wolves 20 and 19. wolf1: Advantage, d20s 15 and 2,
  -- 1d6 = 1: Prone. wolf2: Advantage (Pack Tactics; Prone adds another
  -- source), d20s 1 and 1.
  dice.force{ 1, 20, 19, 15, 2, 1, 1, 1 }
  run({ { stat = pc("hero", { size = "medium" }) } }, { { id = "wolf", monster = "wolf", count = 2 } })
  eq(advs, { "wolf1:1", "wolf2:2" })
  eq(prone, { true })
end)

test("Wolf: alone, no Advantage; a Large target is not knocked down; Prone ends when it stands up", function()
  local advs = record(function(e) return e.adv end)
  local prone = {}
  rules.on("turn.end", function(e) prone[#prone + 1] = e.fighter:get("id") .. ":" .. tostring(fight.get("ogre"):has("prone")) end,
    { phase = "after" })
  dice.force{ 1, 20, 15, 1 }
  run({ { stat = pc("ogre", { size = "large" }) } }, { { monster = "wolf" } })
  eq(advs, { 0 })
  eq(prone, { "wolf:false", "ogre:false" })
end)

test("Prone from a Bite ends when the creature stands up at the start of its turn", function()
  local seen = {}
  rules.on("turn.start", function(e)
    if e.fighter:get("id") == "hero" then seen[#seen + 1] = e.fighter:has("prone") end
  end, { phase = "after" })
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "wolf" then seen[#seen + 1] = fight.get("hero"):has("prone") end
  end, { phase = "after" })
  dice.force{ 1, 20, 15, 1 }
  run({ { stat = pc("hero") } }, { { monster = "wolf" } })
  eq(seen, { true, false })
end)

test("Giant Spider: Web (Recharge 5-6) restrains on a failed DC 13 Dexterity save; the target tears free, losing its turn", function()
  local acted = {}
  rules.on("turn.act", function(e) acted[#acted + 1] = e.fighter:get("id") end, { phase = "declare" })
  local states = {}
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "giant_spider" then states[#states + 1] = fight.get("hero"):has("restrained") end
  end, { phase = "after" })
  -- initiative hero 1, spider 20. Round 1: Web, the hero's save d20 2 fails.
  -- The hero's turn: it tears free (no action, no turn.act). Round 2: the
  -- web's recharge d6 = 4 (not recharged); the spider bites the free hero:
  -- d20 1 misses. The hero's turn (it idles).
  dice.force{ 1, 20, 2, 4, 1 }
  run({ { stat = pc("hero") } }, { { monster = "giant_spider" } }, 2)
  eq(states, { true, false })
  eq(acted, { "giant_spider", "giant_spider", "hero" }, "the hero lost its round 1 turn")
end)

test("Giant Spider: the Bite deals Piercing plus 2d6 Poison and targets a Restrained creature first", function()
  local parts = {}
  rules.on("damage.apply", function(e) parts[#parts + 1] = e.target:get("id") .. ":" .. e.damage end, { phase = "after" })
  rules.on("turn.start", function(e)
    if e.fighter:get("id") == "giant_spider" then
      e.fighter:spend("web")
      fight.get("b"):add_condition("restrained")
    end
  end, { phase = "declare" })
  -- initiative a 1, b 2, spider 20; its web is spent. The Bite goes to the
  -- Restrained b (Advantage: d20s 15, 3): 1d8 = 2 (+3), 2d6 = 1, 1
  dice.force{ 1, 2, 20, 15, 3, 2, 1, 1 }
  run({ { stat = pc("a") }, { stat = pc("b") } }, { { monster = "giant_spider" } })
  eq(parts, { "b:7" })
end)
