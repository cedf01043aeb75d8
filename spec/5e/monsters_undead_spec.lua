-- ruleset: 5e
-- Zombie (Undead Fortitude) and Ghoul (paralysing Claw), with forced dice.
local function idle() return nil end

local function pc(id, extra)
  local t = { id = id, name = id, hp = 60, ac = 10, tactics = idle,
    abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    attacks = { { name = "Sword", bonus = 5, damage = "1d8", type = "slashing" },
      { name = "Sun Blade", bonus = 5, damage = "1d8", type = "radiant" },
      { name = "Blessed Mace", bonus = 5, damage = "1d6[bludgeoning] + 1d4[radiant]", type = "bludgeoning" } } }
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

test("Zombie: Undead Fortitude, a DC 5 + damage Constitution save, leaves it at 1 HP", function()
  -- initiative hero 20, zombie 1; the sword hits (d20 15) for 1d8 = 6 from
  -- 5 HP: Constitution save d20 12 + 3 >= 5 + 6 -> 1 HP. The zombie's slam
  -- misses (d20 1).
  dice.force{ 20, 1, 15, 6, 12, 1 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp" }) } }, { { monster = "zombie", hp = 5, max_hp = 15 } })
  local z = fighter_of(r, "zombie")
  eq({ z.hp, z.out }, { 1, false })
end)

test("Zombie: a failed Undead Fortitude save destroys it", function()
  -- d20 2 + 3 < 5 + 6
  dice.force{ 20, 1, 15, 6, 2 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp" }) } }, { { monster = "zombie", hp = 5, max_hp = 15 } })
  eq(fighter_of(r, "zombie").dead, true)
end)

test("Zombie: no Undead Fortitude against a Critical Hit", function()
  -- d20 20, 2d8 = 3, 3: no save
  dice.force{ 20, 1, 20, 3, 3 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp" }) } }, { { monster = "zombie", hp = 5, max_hp = 15 } })
  eq(fighter_of(r, "zombie").dead, true)
end)

test("Zombie: no Undead Fortitude against Radiant damage", function()
  -- the hero's multiattack is its Sun Blade: d20 15, 1d8 = 6, no save
  dice.force{ 20, 1, 15, 6 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp", multiattack = { "Sun Blade" } }) } },
    { { monster = "zombie", hp = 5, max_hp = 15 } })
  eq(fighter_of(r, "zombie").dead, true)
end)

-- covers: 5E-DMG-08
test("Zombie: no Undead Fortitude when Radiant is the second damage type of the hit", function()
  -- the Blessed Mace: d20 15, 1d6 = 4 bludgeoning + 1d4 = 3 radiant drops
  -- it from 5 HP: Radiant among the damage, no save (a save would draw a d20)
  local parts
  rules.on("damage.apply", function(e)
    if e.target:get("id") ~= "zombie" then return end
    parts = {}
    for i, part in ipairs(e.parts) do parts[i] = { type = part.type, amount = part.amount, taken = part.taken } end
  end, { phase = "after" })
  dice.force{ 20, 1, 15, 4, 3 }
  local r = run({ { stat = pc("hero", { tactics = "lowest_hp", multiattack = { "Blessed Mace" } }) } },
    { { monster = "zombie", hp = 5, max_hp = 15 } })
  eq(fighter_of(r, "zombie").dead, true)
  eq(parts, { { type = "bludgeoning", amount = 4, taken = 4 }, { type = "radiant", amount = 3, taken = 3 } },
    "a hook sees every part of the hit")
end)

test("Ghoul: a Claw paralyses on a failed DC 10 Constitution save until the end of the target's next turn", function()
  local seen = {}
  rules.on("turn.act", function(e)
    if e.fighter:get("id") == "hero" then seen[#seen + 1] = "hero acts:" .. tostring(not e.acted) end
  end, { phase = "declare" })
  rules.on("turn.end", function(e)
    seen[#seen + 1] = e.fighter:get("id") .. " end:" .. tostring(fight.get("hero"):has("paralyzed"))
  end, { phase = "after" })
  -- initiative hero 1, ghoul 20. Round 1: Claw d20 15, 1d4 = 1 (+2); save d20 3 fails.
  dice.force{ 1, 20, 15, 1, 3 }
  run({ { stat = pc("hero") } }, { { monster = "ghoul" } })
  eq(seen, { "ghoul end:true", "hero acts:false", "hero end:false" })
end)

-- covers: 5E-CND-11
test("Ghoul: it bites a paralysed target, whose melee hits are Critical Hits", function()
  local log = {}
  rules.on("attack.roll", function(e) log[#log + 1] = e.attack .. ">" .. e.target:get("id") .. (e.crit and ":crit" or "") end,
    { phase = "result" })
  rules.on("turn.start", function(e)
    if e.fighter:get("id") == "ghoul" then fight.get("b"):add_condition("paralyzed") end
  end, { phase = "declare" })
  -- initiative a 1, b 2, ghoul 20; b is paralysed: two Bites with Advantage
  -- (d20s 15, 2: a hit, critical; 2d6 + 2d6 = 1, 1, 1, 1) then (1, 1: a miss)
  dice.force{ 1, 2, 20, 15, 2, 1, 1, 1, 1, 1, 1 }
  run({ { stat = pc("a") }, { stat = pc("b") } }, { { monster = "ghoul" } })
  eq(log, { "Bite>b:crit", "Bite>b" })
end)

test("Ghoul: Undead and elves are immune to the Claw's paralysis: it bites them", function()
  local names = {}
  rules.on("attack.roll", function(e) names[#names + 1] = e.attack end, { phase = "result" })
  dice.force{ 1, 20, 1, 1 }
  run({ { stat = pc("elf", { tags = { "elf" } }) } }, { { monster = "ghoul" } })
  eq(names, { "Bite", "Bite" })
end)
