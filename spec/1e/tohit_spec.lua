-- ruleset: 1e
-- To hit: the matrices (monsters' and the [K] character matrices I.A-I.D),
-- the kernel's d20 against combat.attack.needed, special bonuses, magic
-- weapons, armour, missiles' range, Strength and Dexterity, cover.
-- covers: 1E-TOHIT-01 1E-TOHIT-02 1E-TOHIT-04 1E-TOHIT-05 1E-TOHIT-07 1E-TOHIT-08
-- covers: 1E-MISS-04 1E-MISS-05 1E-MISS-07
local lib = require("core.1e.lib")
local th = require("core.1e.tohit")
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")
local T = rules.need("1e.tables")

local function pc(t)
  t.hp = t.hp or 10
  return creature.new(classes.character(t))
end

-- A fight of one fighter against one monster, next to each other, with
-- no surprise and no hit point rolls: the first dice drawn are the two
-- sides' initiative d6 (fighter's side first), then the attacks.
local function duel(monster, fighter, opts)
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  return fight.run(fight.encounter{
    sides = {
      { name = "party", members = { { stat = classes.character(fighter) } } },
      { name = "foes", members = { { monster = monster, hp = opts and opts.hp or 5 } } },
    },
    max_rounds = opts and opts.rounds or 1,
  }, { trace = true })
end

test("the kernel hits when d20 + bonuses reach the matrix number", function()
  -- a 1st-level fighter (I.B 1-2) against an orc's AC 6 needs 14
  local f = pc{ id = "f", class = "fighter", level = 1 }
  local orc = creature.new(lib.monster{ id = "o", hd = "1", ac = 6, attacks = { { name = "Weapon", damage = "1d8" } } })
  eq(rules.need("combat").attack.needed(f, orc), 14)
  dice.force{ 6, 1, 14, 8 }
  local r = duel("orc", { id = "fighter", class = "fighter", level = 1, weapon = "Long sword", hp = 8 })
  eq(r.winner, "party")
  matches(r.log[2], "fighter hits orc with Long sword: 14 vs 14, 8 damage")
  dice.force{ 6, 1, 13, 1 }
  r = duel("orc", { id = "fighter", class = "fighter", level = 1, weapon = "Long sword", hp = 8 })
  matches(r.log[2], "fighter attacks orc with Long sword: 13 vs 14, miss")
  eq(r.winner, "draw")
end)

test("bonuses go on the roll: Strength for melee, Dexterity for missiles, magic", function()
  local s = classes.character{ id = "s", class = "fighter", str = 18, str_pct = 76, dex = 16, weapon = "Long sword",
                               weapon_magic = 1, missile = "Short bow", hp = 10 }
  eq(s.attacks[1], { name = "Long sword +1", bonus = 3, damage = "1d8+5", type = "edged" })
  eq(s.attacks[2].bonus, 1, "Dexterity +1, not Strength (1E-MISS-04/-05)")
  eq(s.attacks[2].damage, "1d6", "no Strength damage on missiles")
  local rules_m = rules.need("1e.missiles")
  eq({ rules_m.bonuses(18, 76, 16, false) }, { 1, 0 })
  eq({ rules_m.bonuses(18, 76, 16, true) }, { 3, 4 }, "a bow made for the archer's Strength")
end)

test("the character matrices: each class attacks on its own [K] matrix", function()
  local cleric = pc{ id = "c", class = "cleric", level = 5 }
  local fighter = pc{ id = "f", class = "fighter", level = 5 }
  local mu = pc{ id = "m", class = "magic-user", level = 5 }
  local thief = pc{ id = "t", class = "thief", level = 5 }
  eq({ th.raw(cleric, 5), th.raw(fighter, 5), th.raw(mu, 5), th.raw(thief, 5) }, { 13, 11, 16, 14 })
  local zero = pc{ id = "z", class = "normal", level = 0 }
  eq(th.raw(zero, 10), 11, "0-level column")
  local both = pc{ id = "b", class = { "fighter", "magic-user" }, level = 5 }
  eq(th.raw(both, 5), 11, "a multi-classed character uses its best matrix")
  local _, _, id = th.attacker(both, 5)
  eq(id, "TBL-MATRIX-IB")
end)

test("the six repeated 20s: every [K] character matrix and the monster matrix follow the generator", function()
  local values = {
    ["TBL-MATRIX-IA"] = { 10, 8, 6, 4, 2, 0, -1 },
    ["TBL-MATRIX-IB"] = { 11, 10, 8, 6, 4, 2, 0, -2, -4, -6 },
    ["TBL-MATRIX-IC"] = { 11, 9, 6, 3, 1 },
    ["TBL-MATRIX-ID"] = { 11, 9, 6, 4, 2, 0 },
  }
  for id, bs in pairs(values) do
    local cols = T[id]:cols()
    for j, col in ipairs(cols) do
      for ac = -10, 10 do
        eq(T[id]:lookup(tostring(ac), col), th.generate(bs[j], ac), id .. " " .. col .. " AC " .. ac)
      end
      -- six 20s in a row before 21, checked past the printed rows
      local twenties, after = 0, nil
      for ac = 10, -30, -1 do
        local v = T[id]:lookup(ac, col)
        if v == 20 then twenties = twenties + 1 elseif v > 20 and not after then after = v end
      end
      eq(twenties, 6, id .. " " .. col .. ": six 20s")
      eq(after, 21)
    end
  end
  local mon = { 11, 10, 9, 8, 6, 5, 3, 2, 0, -1, -2, -3 }
  for j, col in ipairs(th.mon_cols) do
    for ac = -10, 10 do
      local want = th.generate(mon[j], ac)
      if col == "8-9+" and ac == -8 then want = 19 end
      eq(T["TBL-MATRIX-MON"]:lookup(ac, col), want, col .. " AC " .. ac)
    end
  end
  eq(T["TBL-MATRIX-MON"]:lookup(-16, "10-11+"), 21, "extrapolated past AC -10")
  eq(T["TBL-MATRIX-IB"]:lookup(-11, "17+"), 15)
end)

test("the first 20 and its repeats", function()
  local m = creature.new(lib.monster{ id = "m", hd = "1+1", attacks = { { name = "W", damage = "1" } } })
  eq({ th.twenty(m, -2) }, { 1, 20 }, "AC -2 is the column's first 20")
  eq({ th.twenty(m, -4) }, { 3, 20 })
  eq({ th.twenty(m, -7) }, { 6, 20 })
  eq({ th.twenty(m, -8) }, { 7, 21 })
  eq({ th.twenty(m, 5) }, { 0, 13 })
end)

test("special to-hit bonuses against helpless or hampered opponents", function()
  local t = creature.new{ id = "t", hp = 10, ac = 5 }
  eq(th.special(t), 0)
  t:add_condition("off_balance")
  eq(th.special(t), 2)
  t:add_condition("stunned")
  eq(th.special(t), 4)
  t:add_condition("asleep")
  eq(th.special(t), "auto")
  eq(th.helpless(t), true)
  local d = creature.new{ id = "d", hp = 10, ac = 2, abilities = { dex = 17 } }
  eq(th.ac_of(d), 2)
  d:add_condition("held")
  eq(th.ac_of(d), 5, "no Dexterity bonus for the helpless")
end)

test("in a fight a helpless enemy is slain in one round", function()
  local h = rules.on("encounter.start", function()
    for _, c in ipairs(fight.all()) do
      if c:has_tag("monster") then c:add_condition("asleep") end
    end
  end)
  dice.force{ 6, 1 }
  local r = duel("orc", { id = "fighter", class = "fighter", level = 1, weapon = "Long sword", hp = 8 })
  rules.off(h)
  matches(r.log[2], "fighter slays the helpless orc")
  eq(r.winner, "party")
end)

test("only magic (or silver, or enough hit dice) hurts some creatures", function()
  local wight = creature.new(lib.monster{ id = "w", hd = "4+3", tags = { "hit_by:silver" }, attacks = { { name = "Touch", damage = "1d4" } } })
  local f = pc{ id = "f", class = "fighter", level = 10 }
  eq(th.can_hurt(f, lib.weapon("Long sword"), wight), false)
  eq(th.can_hurt(f, lib.weapon("Long sword +1"), wight), true)
  eq(th.can_hurt(f, lib.weapon("Silver dagger"), wight), true)
  local gargoyle = creature.new(lib.monster{ id = "g", hd = "4+4", tags = { "hit_by:+1" }, attacks = { { name = "Claw", damage = "1d3" } } })
  local ogre = creature.new(lib.monster{ id = "o", hd = "4+1", attacks = { { name = "Club", damage = "1d10" } } })
  local gnoll = creature.new(lib.monster{ id = "n", hd = "2", attacks = { { name = "Weapon", damage = "2d4" } } })
  eq(th.can_hurt(ogre, nil, gargoyle), true, "4+1 HD hits +1-only creatures")
  eq(th.can_hurt(gnoll, nil, gargoyle), false)
  eq(th.can_hurt(f, lib.weapon("Long sword"), gargoyle), false, "never for characters")
  eq(T["TBL-MAGICWEAPON"]:lookup("+3 or better", "OR attacker has at least (HD)"), "8+3 or more")
end)

test("armour class by armour worn", function()
  eq(th.armour_ac("Plate mail + shield"), 2)
  eq(th.armour_ac("Plate mail"), 3)
  eq(th.armour_ac("chain mail"), 5)
  eq(th.armour_ac("None"), 10)
  local c = classes.character{ id = "k", class = "fighter", armour = "Chain mail + shield", dex = 16, hp = 9 }
  eq(c.ac, 2, "4 and Dexterity -2")
  fails(function() th.armour_ac("Mithral") end, "no armour")
end)

test("missile range and cover", function()
  eq(th.range_mod("short"), 0)
  eq(th.range_mod("medium"), -2)
  eq(th.range_mod("long"), -5)
  local bow = lib.weapon("Short bow")
  eq({ th.range_band(bow, 4), th.range_band(bow, 8), th.range_band(bow, 12), th.range_band(bow, 20) },
     { "short", "medium", "long", nil })
  eq(th.cover_bonus(25, "hard"), 2)
  eq(th.cover_bonus(90, "hard"), 10)
  eq(th.cover_bonus(60, "soft"), 2)
  eq(th.cover_bonus(10, "hard"), 0)
  local t = creature.new{ id = "t", hp = 5, ac = 5 }
  t:add_condition("cover", { level = 50, stacking = "levels" })
  eq(th.ac_of(t, { ranged = true }), 1)
  eq(th.ac_of(t, { ranged = false }), 5, "cover counts against missiles")
  local m = rules.need("1e.missiles")
  eq(m.cover_examples.arrow_slit, 90)
end)
