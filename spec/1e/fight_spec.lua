-- ruleset: 1e
-- Fights that play themselves: surprise segments, multiple attack routines,
-- spells in melee, magic devices, turning, morale, thieves and assassins.
-- covers: 1E-SURP-05 1E-INIT-05 1E-CAST-01 1E-CAST-02 1E-CAST-04 1E-MORALE-01 1E-MORALE-02
-- covers: 1E-MORALE-03 1E-MORALE-04 1E-TURN-02 1E-TURN-03 1E-ASSN-01
local lib = require("core.1e.lib")
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")
local morale = require("core.1e.morale")
local spells = require("core.1e.spells")

local function count(log, pat)
  local n = 0
  for _, l in ipairs(log) do
    if l:match(pat) then n = n + 1 end
  end
  return n
end

-- The log lines of the surprise segments (before round 1).
local function round0(log)
  local out = {}
  for _, l in ipairs(log) do
    if l == "-- round 1" then break end
    out[#out + 1] = l
  end
  return out
end

local function run(party, foes, cfg, rounds)
  enc.setup(cfg)
  local members = {}
  for _, p in ipairs(party) do members[#members + 1] = { stat = classes.character(p) } end
  return fight.run(fight.encounter{
    sides = { { name = "party", members = members }, { name = "foes", members = foes } },
    max_rounds = rounds or 1,
  }, { trace = true })
end

test("each surprise segment is a whole round of attacks", function()
  -- a 12th-level fighter (2 routines in odd rounds) against 3 surprised
  -- orcs: 2 segments, 2 attacks in each
  dice.force{ 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1 }
  local r = run({ { id = "lord", class = "fighter", level = 12, weapon = "Long sword", hp = 80 } },
    { { monster = "orc", count = 3, hp = 50 } },
    { distance = 0, roll_hp = false, sides = { foes = { surprised = 2 } } }, 1)
  local seg = round0(r.log)
  eq(count(seg, "^lord attacks"), 4)
  matches(seg[1], "foes is surprised for 2 segment")
  eq(count(seg, "^orc%d attacks"), 0, "the surprised cannot act")
end)

-- covers: 1E-SURP-07 1E-INIT-02
test("in a lost segment the surprisers act first, a quick member of the surprised side after them (1E-SURP-05, 07, 1E-INIT-02)", function()
  -- the party is surprised for 2 segments; its fighter's Dexterity 16
  -- (+1) cuts his to 1, his companion (Dexterity 10) loses both. Segment 1:
  -- the orc alone; segment 2: the orc, then the quick fighter. Every blow
  -- misses (d20 1). The party was declared first: the order is the
  -- initiative's, not the declaration's.
  dice.force{ 1, 1, 1 }
  local r = run({ { id = "quick", class = "fighter", level = 1, weapon = "Long sword", hp = 40, dex = 16 },
                  { id = "slow", class = "fighter", level = 1, weapon = "Long sword", hp = 40, dex = 10 } },
    { { monster = "orc", hp = 50 } },
    { distance = 0, roll_hp = false, sides = { party = { surprised = 2 } } }, 0)
  local who = {}
  for _, l in ipairs(round0(r.log)) do
    local a = l:match("^(%S+) attacks")
    if a then who[#who + 1] = a end
  end
  eq(who, { "orc", "orc", "quick" })
end)

test("multiple attack routines: first and last in the round", function()
  -- the lord (2 routines) wins nothing: the orcs win initiative 6 to 1,
  -- yet the lord strikes first and last (the fight ends with round 1: no
  -- initiative is rolled for a round 2)
  dice.force{ 1, 6, 1, 1, 1, 1 }
  local r = run({ { id = "lord", class = "fighter", level = 12, weapon = "Long sword", hp = 80 } },
    { { monster = "orc", count = 2, hp = 50 } }, { distance = 0, roll_hp = false, surprise = false }, 1)
  matches(r.log[2], "^lord attacks")
  matches(r.log[3], "^orc1 attacks")
  matches(r.log[4], "^orc2 attacks")
  matches(r.log[5], "^lord attacks")
end)

test("both sides with two routines: the winner's take the 1st and 3rd slots, the loser's the 2nd and the last; singles between (1E-INIT-05)", function()
  local ini = require("core.1e.initiative")
  eq(ini.slots({ { name = "a", multi = { { "w", 2 } }, single = { "s1" } }, { name = "b", multi = { { "l", 2 } }, single = { "s2" } } }),
    { { "w", 1 }, { "l", 1 }, { "s1", 1 }, { "s2", 1 }, { "w", 2 }, { "l", 2 } })
  eq(ini.slots({ { name = "a", multi = { { "w", 3 } } }, { name = "b", single = { "s" } } }),
    { { "w", 1 }, { "w", 2 }, { "s", 1 }, { "w", 3 } }, "three routines: the middle one in initiative order")
  -- in a fight: two 12th-level fighters (2 routines in round 1), each with
  -- a 1st-level squire. The foes win 6 to 1: their lord strikes first,
  -- then the party's, the squires (the foes' first), then the foes' lord
  -- again and the party's lord last. Every blow misses (d20 1).
  local function lord(id) return { id = id, class = "fighter", level = 12, weapon = "Long sword", hp = 80, ac = -5 } end
  local function squire(id) return { id = id, class = "fighter", level = 1, weapon = "Long sword", hp = 80, ac = -5 } end
  enc.setup{ distance = 0, roll_hp = false, surprise = false }
  local members = {}
  for _, p in ipairs({ lord("blue"), squire("blue_squire") }) do members[#members + 1] = { stat = classes.character(p) } end
  local foes = {}
  for _, p in ipairs({ lord("red"), squire("red_squire") }) do foes[#foes + 1] = { stat = classes.character(p) } end
  dice.force{ 1, 6, 1, 1, 1, 1, 1, 1 }
  local r = fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "party", members = members }, { name = "foes", members = foes } } }, { trace = true })
  local who = {}
  for _, l in ipairs(r.log) do
    local a = l:match("^(%S+) attacks")
    if a then who[#who + 1] = a end
  end
  eq(who, { "red", "blue", "red_squire", "blue_squire", "red", "blue" })
end)

test("a spell declared at the start of the round is spoiled by a hit", function()
  eq({ spells.completes_at(5, 3) }, { 0, 8 })
  eq({ spells.completes_at(8, 5) }, { 1, 3 }, "spills into the next round")
  eq(spells.spoils("hit"), true)
  eq(spells.spoils("moved"), true)
  eq(spells.spoils("prone", false), false, "no somatic component")
  eq(spells.spoils("prone"), true)
  eq(spells.device_spoiled(), false)
  -- the magic-user's side loses: the orc hits first and the sleep is lost
  dice.force{ 1, 6, 20, 3, 1, 1 }
  local r = run({ { id = "mage", class = "magic-user", level = 1, weapon = "Dagger", hp = 6, spells = { sleep = 1 } } },
    { { monster = "orc", count = 3, hp = 6 } }, { distance = 0, roll_hp = false, surprise = false }, 1)
  matches(r.log[2], "orc1 hits mage")
  matches(r.log[3], "mage's sleep is spoiled (hit)")
  eq(r.fighters[1].hp, 3)
  eq(#r.log, 5, "the mage's round is lost with the spell")
end)

test("a caster who wins the initiative completes a 1-segment spell", function()
  -- initiative 6 to 1; sleep's 4d4 against 1 HD orcs: 1, 1, 1, 1 = 4
  dice.force{ 6, 1, 1, 1, 1, 1 }
  local r = run({ { id = "mage", class = "magic-user", level = 1, weapon = "Dagger", hp = 6 } },
    { { monster = "orc", count = 3, hp = 6 } }, { distance = 0, roll_hp = false, surprise = false }, 1)
  matches(r.log[2], "mage casts sleep: asleep: orc1, orc2, orc3")
end)

test("a magic device in melee is not spoiled", function()
  dice.force{ 6, 1, 4, 1 }
  local r = run({ { id = "mage", class = "magic-user", level = 1, weapon = "Dagger", hp = 6, spells = {} } },
    { { monster = "orc", hp = 20 } }, { distance = 0, roll_hp = false, surprise = false }, 1)
  matches(r.log[2], "mage attacks orc with Dagger", "no spell, no wand: the dagger")
  local h = rules.on("encounter.start", function()
    for _, c in ipairs(fight.all()) do
      if c:has_tag("magic-user") then c:set_resource("wand_of_magic_missiles", 3) end
    end
  end)
  dice.force{ 6, 1, 4, 4, 1 }
  r = run({ { id = "mage", class = "magic-user", level = 1, weapon = "Dagger", hp = 6, spells = {} } },
    { { monster = "orc", hp = 20 } }, { distance = 0, roll_hp = false, surprise = false }, 1)
  rules.off(h)
  matches(r.log[2], "mage uses a wand of magic missiles on orc: 10")
  matches(r.log[3], "orc attacks mage")
end)

test("turning in a fight: the weakest first, again next round after a success", function()
  -- a 4th-level cleric: skeletons T (automatic), ghouls on 4+
  -- initiative 6 to 1, turning d20 2, 1d12 2; what the undead left do
  -- in the rest of the round is random (mixed)
  dice.force({ 6, 1, 2, 2 }, { mixed = true })
  local r = run({ { id = "priest", class = "cleric", level = 4, weapon = "Mace", hp = 30, spells = {} } },
    { { monster = "skeleton", count = 3, hp = 6 }, { monster = "ghoul", hp = 9 } },
    { distance = 6, roll_hp = false, surprise = false }, 1)
  matches(r.log[3], "priest turns undead (d20 2): 2 affected")
  eq(r.fighters[2].fled, true)
  eq(r.fighters[3].fled, true)
  eq(r.fighters[4].fled, false, "1d12 = 2: the count is used up")
  local tu = rules.need("1e.turning")
  eq(tu.may_try({}), true)
  eq(tu.may_try({ tries = 1, remaining = true }), true)
  eq(tu.may_try({ tries = 1, failed = true }), false)
end)

test("morale: who checks, the triggers and the adjustments", function()
  eq(morale.base, 50)
  local orc = creature.new(lib.monster{ id = "o", hd = "1", attacks = { { name = "W", damage = "1d8" } } })
  local skel = creature.new(lib.monster{ id = "s", hd = "1", int = "non", undead = "skeleton", attacks = { { name = "W", damage = "1d6" } } })
  local pc = creature.new(classes.character{ id = "p", class = "fighter", hp = 9 })
  local hench = creature.new(classes.character{ id = "h", class = "fighter", hp = 9, henchman = true, morale = 65 })
  eq({ morale.checks(orc), morale.checks(skel), morale.checks(pc), morale.checks(hench) }, { true, false, false, true })
  eq(orc:ability("morale"), 50)
  eq({ morale.trigger("quarter"), morale.trigger("leader_unconscious"), morale.trigger("half"),
       morale.trigger("leader_slain"), morale.trigger("superior") }, { 5, 10, 15, 30, 0 })
  eq(morale.wounds(7, 10), "quarter", "AMB-15: an individual at 75%")
  eq(morale.wounds(5, 10), "half")
  eq(morale.wounds(9, 10), nil)
  local mods = morale.situation{ enemy_fled = 1, enemy_slain = 2, friend_slain = 1, friend_fled = 1,
                                 own_losses = 2, enemy_losses = 3, own_count = 2, enemy_count = 6 }
  local total = 0
  for _, m in ipairs(mods) do total = total + m.value end
  eq(total, -5 - 20 + 10 + 15 + 20)
  eq(morale.adj("no_loss"), -20)
  eq(morale.adj("one_sided_loss"), 10)
  -- a henchman's check against his loyalty
  dice.force{ 60 }
  eq(morale.check(hench:ability("morale"), {}).held, true)
  dice.force{ 70 }
  eq(morale.check(65, {}).reaction, "Fall back, fighting")
end)

test("in a fight, failed morale makes monsters fall back, flee or surrender", function()
  local r = run({ { id = "lord", class = "fighter", level = 12, str = 18, str_pct = 100, weapon = "Two-handed sword",
                    hp = 90, ac = 0 } },
    { { monster = "orc_leader" }, { monster = "orc", count = 6 } }, { distance = 0, surprise = false }, 10)
  ok(count(r.log, "fails morale") > 0)
  local fled = 0
  for _, f in ipairs(r.fighters) do
    if f.fled then fled = fled + 1 end
  end
  ok(fled > 0, "some orcs left the fight alive")
  eq(r.winner, "party")
end)

test("thieves backstab surprised victims; assassins may kill outright", function()
  eq({ classes.backstab_multiplier(1), classes.backstab_multiplier(5), classes.backstab_multiplier(9),
       classes.backstab_multiplier(13) }, { 2, 3, 4, 5 })
  eq(classes.assassin_chance(1, 0), 50)
  eq(classes.assassin_chance(1, 12), 0, "—: no chance")
  eq(classes.assassin_chance(9, 6, { adjust = 10 }), 80, "the DM adds for a trusting victim")
  eq(classes.assassin_chance(20, 18), 30, "15th-level row for higher assassins")
  -- a 5th-level thief: +4 to hit, x3 damage in a surprise segment
  dice.force{ 10, 2 }
  local r = run({ { id = "thief", class = "thief", level = 5, weapon = "Short sword", hp = 20 } },
    { { monster = "orc", hp = 20 } }, { distance = 0, roll_hp = false, sides = { foes = { surprised = 1 } } }, 0)
  matches(r.log[3], "thief hits orc with Short sword: 14 vs 13, 6 damage")
  -- an assassin's roll: 1d100 40 <= 70 (level 5 against a 1 HD orc)
  dice.force{ 40, 10, 2 }
  r = run({ { id = "killer", class = "assassin", level = 5, weapon = "Short sword", hp = 20 } },
    { { monster = "orc", hp = 20 } }, { distance = 0, roll_hp = false, sides = { foes = { surprised = 1 } } }, 0)
  matches(r.log[3], "killer hits orc with Short sword: 14 vs 13, 6 damage")
  matches(r.log[4], "killer assassinates orc (d% 40 <= 70)")
  eq(r.winner, "party")
end)
