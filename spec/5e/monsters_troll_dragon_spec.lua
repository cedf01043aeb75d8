-- ruleset: 5e
-- Troll (Regeneration, stopped by acid or fire) and Young Red Dragon (Fire
-- Breath, recharge 5-6 as a creature resource), with forced dice.
local function idle() return nil end

local function pc(id, extra)
  local t = { id = id, name = id, hp = 60, ac = 30, tactics = idle,
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Sword", bonus = 5, damage = "1d8", type = "slashing" },
      { name = "Torch", bonus = 5, damage = "1d8", type = "fire" },
      { name = "Flame Tongue", bonus = 5, damage = "1d8[slashing] + 2d6[fire]", type = "slashing" } } }
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

test("Troll: Regeneration, 15 HP at the start of its turn", function()
  -- initiative hero 1 (AC 30), troll 20: it regenerates 15 (from 50), then
  -- its three Rends miss (d20 1, 1, 1)
  dice.force{ 1, 20, 1, 1, 1 }
  local r = run({ { stat = pc("hero") } }, { { monster = "troll", hp = 50, max_hp = 94 } })
  eq(fighter_of(r, "troll").hp, 65)
end)

test("Troll: at 0 HP it stays in the fight and regenerates unless it took acid or fire", function()
  -- initiative hero 20, troll 1. Round 1: the sword (d20 15, 1d8 = 8) drops
  -- it from 5 HP: not dead. Its turn: +15, three misses. Round 2: another
  -- hit (d20 15, 1d8 = 1: 14), and its turn: +15 again, three misses
  dice.force{ 20, 1, 15, 8, 1, 1, 1, 15, 1, 1, 1, 1 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp" }) } }, { { monster = "troll", hp = 5, max_hp = 94 } }, 2)
  local t = fighter_of(r, "troll")
  eq({ t.dead, t.hp }, { false, 29 })
end)

test("Troll: fire stops Regeneration; starting its turn at 0 HP without it, it dies", function()
  -- the torch (fire: the hero's multiattack) drops it: d20 15, 1d8 = 8
  dice.force{ 20, 1, 15, 8 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp", multiattack = { "Torch" } }) } },
    { { monster = "troll", hp = 5, max_hp = 94 } })
  eq(fighter_of(r, "troll").dead, true)
end)

test("Troll: fire at full health only stops one regeneration", function()
  -- the torch hits (d20 15, 1d8 = 4) from 60: no regeneration on its turn
  -- (56), three misses; round 2: a miss (d20 1); the troll regenerates (71)
  dice.force{ 20, 1, 15, 4, 1, 1, 1, 1, 1, 1, 1 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp", multiattack = { "Torch" } }) } },
    { { monster = "troll", hp = 60, max_hp = 94 } }, 2)
  eq(fighter_of(r, "troll").hp, 71)
end)

-- covers: 5E-DMG-08
test("Troll: fire as the second damage type of a hit stops Regeneration too", function()
  local seen
  rules.on("damage.apply", function(e)
    if e.target:get("id") == "troll" then seen = { e.damage_type, #e.parts, e.parts[2].type, e.parts[2].amount } end
  end, { phase = "after" })
  -- the Flame Tongue hits (d20 15): 1d8 = 4 slashing + 2d6 = 1, 1 fire, from
  -- 60: no regeneration on its turn (54), three misses
  dice.force{ 20, 1, 15, 4, 1, 1, 1, 1, 1 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp", multiattack = { "Flame Tongue" } }) } },
    { { monster = "troll", hp = 60, max_hp = 94 } })
  eq(fighter_of(r, "troll").hp, 54)
  eq(seen, { "slashing", 2, "fire", 2 }, "damage_type is the first part; parts has them all")
end)

-- covers: 5E-DMG-04 5E-DMG-05
test("Young Red Dragon: Fire Breath on the grouped enemies, 16d6 rolled once, half on a DC 17 Dexterity save", function()
  local lost = {}
  rules.on("damage.apply", function(e) lost[#lost + 1] = e.target:get("id") .. ":" .. e.damage end, { phase = "after" })
  -- initiative a 1, b 2, dragon 20 (+4). Fire Breath: 16d6 all 3 = 48; a's
  -- save d20 20 (+0) succeeds (24), b's d20 2 fails (48)
  local faces = { 1, 2, 20 }
  for _ = 1, 16 do faces[#faces + 1] = 3 end
  faces[#faces + 1] = 20
  faces[#faces + 1] = 2
  dice.force(faces)
  run({ { stat = pc("a", { hp = 100 }) }, { stat = pc("b", { hp = 100 }) } }, { { monster = "young_red_dragon" } })
  eq(lost, { "a:24", "b:48" })
end)

test("Young Red Dragon: the breath recharges on a 5 or 6 rolled at the start of its turn; else three Rends", function()
  local log = {}
  rules.on("attack.roll", function(e) log[#log + 1] = e.attack end, { phase = "result" })
  rules.on("damage.apply", function(e) if e.attack == nil then log[#log + 1] = "breath" end end, { phase = "after" })
  local faces = { 1, 2, 20 }
  for _ = 1, 16 do faces[#faces + 1] = 1 end
  for _, f in ipairs({ 1, 1, -- the saves fail: 16 each
    4, 1, 1, 1, -- round 2: recharge d6 = 4, three Rends miss
    5 }) do faces[#faces + 1] = f end -- round 3: recharge 5
  for _ = 1, 16 do faces[#faces + 1] = 1 end
  faces[#faces + 1] = 1
  faces[#faces + 1] = 1
  dice.force(faces)
  run({ { stat = pc("a", { hp = 100 }) }, { stat = pc("b", { hp = 100 }) } }, { { monster = "young_red_dragon" } }, 3)
  eq(log, { "breath", "breath", "Rend", "Rend", "Rend", "breath", "breath" })
end)

test("Young Red Dragon: one enemy left is not a group: it rends (setting breath_min_targets)", function()
  local log = {}
  rules.on("attack.roll", function(e) log[#log + 1] = e.attack end, { phase = "result" })
  dice.force{ 1, 20, 1, 1, 1 }
  run({ { stat = pc("a") } }, { { monster = "young_red_dragon" } })
  eq(log, { "Rend", "Rend", "Rend" })
end)
