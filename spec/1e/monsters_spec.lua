-- ruleset: 1e
-- The 1e monsters (scripts/monsters/1e) and their special abilities:
-- stat blocks, trolls' regeneration, ghouls' paralysis, wights' energy
-- drain, zombies striking last, skeletons and edged weapons, monster
-- charm.
-- covers: 1E-CHARM-01
local lib = require("core.1e.lib")
local th = require("core.1e.tohit")
local classes = require("core.1e.classes")
local enc = require("core.1e.encounter")
local names = require("core.1e.names")

local inner = {}

local function duel(foes, hero, rounds, hook)
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  local h = hook and rules.on("encounter.start", hook)
  for _, x in ipairs(inner) do rules.off(x) end
  local r = fight.run(fight.encounter{
    sides = {
      { name = "party", members = { { stat = classes.character(hero) } } },
      { name = "foes", members = foes },
    },
    max_rounds = rounds or 1,
  }, { trace = true })
  if h then rules.off(h) end
  for _, x in ipairs(inner) do rules.off(x) end
  return r
end

test("every monster file: its stat block, matrix column and names", function()
  local want = {
    orc = { "1", 6, 9, "1" }, orc_leader = { "2", 6, 9, "2-3+" }, goblin = { "1-1", 6, 6, "1-1" },
    hobgoblin = { "1+1", 5, 9, "1+" }, kobold = { "1/2", 7, 6, "up to 1-1" }, gnoll = { "2", 5, 9, "2-3+" },
    ogre = { "4+1", 5, 9, "4-5+" }, troll = { "6+6", 4, 12, "6-7+" }, ghoul = { "2", 6, 9, "2-3+" },
    skeleton = { "1", 7, 12, "1" }, zombie = { "2", 8, 6, "2-3+" }, wight = { "4+3", 5, 12, "4-5+" },
  }
  local ids = { "orc", "orc_leader", "goblin", "hobgoblin", "kobold", "gnoll", "ogre", "troll", "ghoul", "skeleton",
                "zombie", "wight" }
  for _, id in ipairs(ids) do
    local stat = require("monsters.1e." .. id)
    local c = creature.new(stat)
    local w = want[id]
    local d, p = lib.hd(c)
    eq(lib.hd_text(d, p), w[1] == "1/2" and "0" or w[1], id .. " HD")
    eq(c:get("ac"), w[2], id .. " AC")
    eq(c:ability("move"), w[3], id .. " move")
    eq(th.mon_col(d, p), w[4], id .. " column")
    eq(c:get("ac_descending"), true)
    ok(stat.name.zh ~= nil and stat.name.en ~= nil, id .. " names")
  end
  eq(names.monster.orc.zh, "兽人")
  eq(names.monster.wight.zh, "尸妖")
  eq(names.monster.ghoul.zh, "食尸鬼")
  ok(#ids >= 10)
end)

test("a troll downed by a sword regenerates and rises; fire kills it", function()
  local function hook(burn)
    return function()
      for _, c in ipairs(fight.all()) do
        if c:has_tag("pc") then c:add_condition("held") end
      end
      inner[#inner + 1] = rules.on("round.start", function(e)
        if e.round ~= 1 then return end
        for _, c in ipairs(fight.all()) do
          if c:has_tag("regenerates") then fight.damage(c, 40, burn and "fire" or "slashing") end
        end
      end)
    end
  end
  local r = duel({ { monster = "troll" }, { monster = "zombie", hp = 50 } },
                 { id = "hero", class = "fighter", level = 1, weapon = "Long sword", hp = 200 }, 6, hook(false))
  local rose = false
  for _, l in ipairs(r.log) do
    if l == "troll regenerates and rises" then rose = true end
  end
  ok(rose, "rose again")
  r = duel({ { monster = "troll" }, { monster = "zombie", hp = 50 } },
           { id = "hero", class = "fighter", level = 1, weapon = "Long sword", hp = 200 }, 6, hook(true))
  eq(r.fighters[2].dead, true, "burned")
end)

test("a troll felled by a blow whose second damage type is fire does not rise", function()
  local hero = classes.character{ id = "hero", class = "fighter", level = 1, weapon = "Long sword", hp = 50 }
  hero.attacks[#hero.attacks + 1] = { name = "Flaming sword", bonus = 0, damage = "1d8[slashing] + 1d6[fire]", type = "slashing" }
  enc.setup{ surprise = false, distance = 0, roll_hp = false }
  local h = rules.on("round.start", function(e)
    if e.round ~= 1 then return end
    -- d20 20 hits; 1d8 = 4 slashing + 1d6 = 3 fire fells the 5 hp troll
    dice.force{ 20, 4, 3 }
    fight.strike(fight.get("hero"), fight.get("troll"), "Flaming sword")
    fight.get("hero"):add_condition("held")
  end)
  -- initiative 6 to 1
  dice.force{ 6, 1 }
  local r = fight.run(fight.encounter{ max_rounds = 1, sides = {
    { name = "party", members = { { stat = hero } } },
    { name = "foes", members = { { monster = "troll", hp = 5 } } } } }, { trace = true })
  rules.off(h)
  eq(r.fighters[2].dead, true, "burned: it cannot regrow")
  eq(r.winner, "party")
end)

test("a ghoul's touch paralyses", function()
  -- initiative 1-6; claw 20 (1 damage), save 2 (fails 13), then 3d4
  -- rounds (1, 1, 1); the paralysed hero is hit automatically: claw 1 (1
  -- damage: no second save, no second duration), bite 1 (1 damage); the
  -- fight ends with round 1 (no initiative for a round 2)
  dice.force{ 1, 6, 20, 1, 2, 1, 1, 1, 1, 1, 1, 1 }
  local r = duel({ { monster = "ghoul", hp = 9 } }, { id = "hero", class = "fighter", level = 3, weapon = "Mace", hp = 30 })
  matches(r.log[2], "ghoul hits hero with Claw")
  matches(r.log[3], "hero is paralysed")
  eq(#r.log, 5, "the paralysed hero does nothing")
  eq(r.fighters[1].hp, 27)
end)

test("a wight drains a level with each hit, and shrugs off plain steel", function()
  dice.force{ 1, 6, 20, 2, 20, 8 }
  local r = duel({ { monster = "wight", hp = 20 } }, { id = "hero", class = "fighter", level = 3, weapon = "Long sword", hp = 30 })
  matches(r.log[3], "hero is drained to level 2")
  matches(r.log[4], "hero hits wight with Long sword: 20 vs 15, 0 damage", "now a 2nd-level fighter")
  eq(r.fighters[1].max_hp, 20)
end)

test("zombies always strike last", function()
  -- initiative 1-6: the zombies' side wins, yet the hero's blow (1, a
  -- miss) comes first and the zombie's (1) at the round's end
  dice.force{ 1, 6, 1, 1 }
  local r = duel({ { monster = "zombie", hp = 20 } }, { id = "hero", class = "fighter", level = 1, weapon = "Mace", hp = 30 })
  matches(r.log[2], "^hero attacks zombie")
  matches(r.log[3], "^zombie attacks hero")
end)

test("skeletons take half damage from edged weapons", function()
  dice.force{ 6, 1, 20, 8, 1 }
  local r = duel({ { monster = "skeleton", hp = 10 } }, { id = "hero", class = "fighter", level = 1, weapon = "Long sword", hp = 30 })
  eq(r.fighters[2].hp, 6)
  dice.force{ 6, 1, 20, 6, 1 }
  r = duel({ { monster = "skeleton", hp = 10 } }, { id = "hero", class = "fighter", level = 1, weapon = "Mace", hp = 30 })
  eq(r.fighters[2].hp, 3, "a mace: full damage")
end)

test("monster charm: commands obeyed while the link holds", function()
  local ab = require("monsters.abilities.1e")
  local victim = creature.new{ id = "v", hp = 10 }
  local vampire = creature.new{ id = "vampire", hp = 40 }
  ab.charm(victim, vampire)
  eq(victim:conditions("charmed")[1].source, "vampire")
  eq(ab.charm_link({ sees = true }), true)
  eq(ab.charm_link({ sees = false, distance_ft = 50 }), true, "60 ft unseen")
  eq(ab.charm_link({ sees = false, distance_ft = 70 }), false)
  eq({ ab.charm_link({ sees = true, in_circle = true }) }, { false, "suppressed" })
  eq({ ab.charm_link({ sees = true, dispelled = true }) }, { false, "ended" })
  eq(ab.obeys({ order = "give me your sword" }, true), true, "even betraying companions")
  eq(ab.obeys({ self_destructive = true }, true), false)
  eq(ab.understood({ simple = false }, false), false, "no common language: simple orders only")
  eq(ab.understood({ simple = true }, false), true)
end)
