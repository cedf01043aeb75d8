-- ruleset: 3e
-- The imported SRD 3.5 monsters (scripts/monsters/3e/srd, built by
-- core/3e/bestiary.lua) in fights: their printed attacks, damage
-- reduction (off each weapon hit, not off energy; a "/bludgeoning" one
-- not off bludgeoning hits), energy resistance and immunity,
-- vulnerability (+50%, [K] SRD 3.5), and the hand-written monster winning
-- over the imported one of its id.
local S = require("core.3e.statblock")

local function tordek(weapon)
  return S.build{ id = "tordek", hp = 40, level = 3, bab = 3, speed = 20,
    abilities = { str = 15, dex = 12, con = 14 }, ac = { armor = 4, shield = 2 }, saves = { fort = 2 },
    weapons = { weapon or { name = "Waraxe", damage = "1d10", crit = "x3", type = "slashing" } } }
end

local function table_fight(list)
  fight.table()
  local out = {}
  local faces = {}
  for i, x in ipairs(list) do
    out[i] = fight.add(x[1], { side = x[2] })[1]
    faces[#faces + 1] = 21 - i
  end
  dice.force(faces)
  fight.begin()
  return out
end

test("damage reduction 5/silver takes 5 off each weapon hit, resistance to cold 10 off cold, nothing off fire", function()
  local f = table_fight{ { tordek(), "party" }, { "srd/vampire_spawn", "undead" } }
  local t, v = f[1], f[2]
  eq(v:get("hp"), 29)
  -- waraxe: d20 15 + 5 hits AC 15; 1d10 = 8 + 2 = 10, less 5
  dice.force{ 15, 8 }
  local r = fight.strike(t, v, "Waraxe")
  eq({ r.hit, v:get("hp") }, { true, 24 })
  -- a hit of 4 is reduced to nothing (0: damage reduction may take all of it)
  dice.force{ 15, 2 }
  fight.strike(t, v, "Waraxe")
  eq(v:get("hp"), 24)
  eq(fight.damage(v, 14, "cold", t), 4)
  eq(fight.damage(v, 6, "fire", t), 6)
  eq(v:get("hp"), 14)
end)

test("damage reduction 5/bludgeoning (written 5/bludgeoning in 3.0 too) takes 5 off a slashing hit", function()
  local f = table_fight{ { tordek(), "party" }, { "srd/human_warrior_skeleton", "undead" } }
  local t, sk = f[1], f[2]
  eq(sk:get("hp"), 6)
  dice.force{ 15, 7 } -- 7 + 2 = 9, less 5
  fight.strike(t, sk, "Waraxe")
  eq(sk:get("hp"), 2)
end)

test("the azer (fire subtype): immune to fire, double damage from cold (the 3.0 subtype, not 3.5's +50%)", function()
  local f = table_fight{ { tordek(), "party" }, { "srd/azer", "azer" } }
  local a = f[2]
  local hp = a:get("hp")
  eq(fight.damage(a, 10, "fire", f[1]), 0)
  eq(fight.damage(a, 4, "cold", f[1]), 8)
  eq(a:get("hp"), hp - 8)
end)

test("the imported troll's printed attacks: the one attack is a claw, the full attack two claws and a bite", function()
  local f = table_fight{ { tordek(), "party" }, { "srd/troll", "giants" } }
  local tr = f[2]
  local names = {}
  local sb = require("monsters.3e.srd.troll")
  for _, a in ipairs(sb.attacks) do names[#names + 1] = string.format("%s %+d %s %s", a.name, a.bonus, a.damage, a.type) end
  eq(names, { "Claw +9 1d6+6 slashing", "Claw 2 +9 1d6+6 slashing", "Bite +4 1d6+3 piercing" })
  eq(sb.multiattack, { "Claw", "Claw 2", "Bite" })
  -- one attack (a standard action): the first, Claw; the full attack: all
  -- three, d20 10 + 9 hits Tordek's AC 17 (10 + 4 + 2 + 1 Dex), 1d6 = 3 + 6
  dice.force{ 10, 3 }
  local r = fight.strike(tr, f[1], "Claw")
  eq({ r.hit, r.damage }, { true, 9 })
  -- the hand-written 3.0 troll (AC 18) wins over the imported one (AC 16)
  local g = table_fight{ { tordek(), "party" }, { "troll", "giants" } }
  eq({ g[2]:get("ac"), tr:get("ac") }, { 18, 16 })
end)
