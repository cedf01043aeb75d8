-- ruleset: 5e
-- Goblin Warrior (Nimble Escape, the extra 1d4 with Advantage), Hobgoblin
-- Warrior (Pack Tactics), Bugbear Warrior (Grab, Light Hammer), with forced
-- dice.
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

local function fighter_of(r, id)
  for _, f in ipairs(r.fighters) do
    if f.id == id then return f end
  end
end

local function record(fn)
  local out = {}
  rules.on("attack.roll", function(e) out[#out + 1] = fn(e) end, { phase = "result" })
  return out
end

test("Goblin: Nimble Escape hides it after its attack; its next attack has Advantage and +1d4", function()
  local advs = record(function(e) return e.attacker:get("id") .. ":" .. e.adv end)
  -- initiative: hero 1, goblin 20 (+2). Round 1: scimitar d20 1 (miss);
  -- Hide: d20 9 + 6 = 15. Round 2: Invisible: d20s 2 and 15 hit, 1d6 = 3
  -- (+2), and 1d4 = 4 for the Advantage; it hides again: d20 1 (7, no).
  dice.force{ 1, 20, 1, 9, 2, 15, 3, 4, 1 }
  local r = run({ { stat = pc("hero") } }, { { monster = "goblin" } }, 2)
  eq(advs, { "goblin:0", "goblin:1" })
  eq(fighter_of(r, "hero").taken, 9)
end)

test("Goblin: no extra 1d4 when Advantage and Disadvantage cancel", function()
  -- the goblin is Poisoned (Disadvantage) and its target Prone (Advantage in
  -- melee): they cancel, one d20 15 hits, 1d6 = 3 (+2) and no 1d4; then it
  -- hides, with Disadvantage on the Stealth check (Poisoned): d20s 20 and 19
  rules.on("turn.start", function(e)
    if e.fighter:get("id") == "goblin" then
      e.fighter:add_condition("poisoned")
      fight.get("hero"):add_condition("prone")
    end
  end, { phase = "declare" })
  dice.force{ 1, 20, 15, 3, 20, 19 }
  local r = run({ { stat = pc("hero") } }, { { monster = "goblin" } })
  eq(fighter_of(r, "hero").taken, 5)
end)

test("Hobgoblin: Pack Tactics gives Advantage while an ally is up", function()
  local advs = record(function(e) return e.attacker:get("id") .. ":" .. e.adv end)
  -- initiative: hero 1, hobgoblins 20 and 19 (+3); both attack with
  -- Advantage (d20s 1, 1 each: misses)
  dice.force{ 1, 20, 19, 1, 1, 1, 1 }
  run({ { stat = pc("hero") } }, { { id = "hob", monster = "hobgoblin", count = 2 } })
  eq(advs, { "hob1:1", "hob2:1" })
end)

test("Hobgoblin: no Pack Tactics alone", function()
  local advs = record(function(e) return e.adv end)
  dice.force{ 1, 20, 1 }
  run({ { stat = pc("hero") } }, { { monster = "hobgoblin" } })
  eq(advs, { 0 })
end)

test("Bugbear: Grab grapples a Medium target; Light Hammer then has Advantage against it", function()
  local log = record(function(e) return e.attack .. ":" .. e.adv end)
  local grappled = {}
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "bugbear" then grappled[#grappled + 1] = fight.get("hero"):has("grappled") end
  end, { phase = "after" })
  -- initiative hero 1, bugbear 20. Round 1: Grab d20 15, 2d6 = 1, 1.
  -- Round 2: Light Hammer with Advantage: d20s 1 and 1
  dice.force{ 1, 20, 15, 1, 1, 1, 1 }
  run({ { stat = pc("hero", { size = "medium" }) } }, { { monster = "bugbear" } }, 2)
  eq(log, { "Grab:0", "Light Hammer:1" })
  eq(grappled, { true, true })
end)

test("Bugbear: a Large target is not grappled", function()
  local grappled = {}
  rules.on("turn.end", function(e)
    if e.fighter:get("id") == "bugbear" then grappled[#grappled + 1] = fight.get("ogre"):has("grappled") end
  end, { phase = "after" })
  local used = record(function(e) return e.attack end)
  -- no Grab against a Large target: the Light Hammer, d20 15, 3d4 = 1, 1, 1
  dice.force{ 1, 20, 15, 1, 1, 1 }
  run({ { stat = pc("ogre", { size = "large", size_rank = 4 }) } }, { { monster = "bugbear" } })
  eq(grappled, { false })
  eq(used, { "Light Hammer" })
end)

test("Bugbear: the grapple ends when the bugbear drops", function()
  local held = {}
  rules.on("creature.down", function() held[#held + 1] = fight.get("hero"):has("grappled") end, { phase = "after" })
  -- the bugbear grabs (d20 15, 2d6 = 1, 1); on its turn the hero, still
  -- grappled, fells it (1 HP) without an attack roll
  rules.on("turn.act", function(e)
    if e.fighter:get("id") ~= "hero" then return end
    ok(e.fighter:has("grappled"), "grappled until the bugbear drops")
    fight.damage(fight.get("bugbear"), 1, "bludgeoning", e.fighter)
    e.acted = true
  end)
  dice.force{ 1, 20, 15, 1, 1 }
  run({ { stat = pc("hero", { tactics = "lowest_hp" }) } }, { { monster = "bugbear", hp = 1 } })
  eq(held, { false })
end)
