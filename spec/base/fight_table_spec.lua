-- A fight played by hand (the REPL's table): the same attack pipeline as
-- self-playing fights.
-- ruleset: 5e

local goblin = { id = "goblin", hp = 7, ac = 15, init = 2,
  attacks = { { name = "Scimitar", bonus = 4, damage = "1d6+2", type = "slashing" } } }
local hero = { id = "hero", hp = 20, ac = 16, init = 3, player = true,
  attacks = { { name = "Longsword", bonus = 5, damage = "1d8+3", type = "slashing" } } }

test("add creatures, roll initiative, strike, next", function()
  fight.table()
  local gs = fight.add(goblin, { count = 2 })
  eq(#gs, 2)
  eq(gs[2]:get("id"), "goblin2")
  local h = fight.add(hero, { side = "party" })[1]
  dice.force{ 10, 12, 15 } -- goblin group? each rolls: goblin1 10+2, goblin2 12+2, hero 15+3
  local order = fight.begin()
  eq(order[1].id, "hero")
  eq(order[1].count, 18)
  dice.force{ 20, 8, 8 }
  local r = fight.strike(h, gs[1], "Longsword")
  eq(r.crit, true)
  eq(r.damage, 19)
  eq(fight.info(gs[1]).dead, true)
  local now = fight.next()
  eq(now[1]:get("id"), "goblin2")
  eq(#fight.attacks(h), 1)
  eq(fight.get("hero"), h)
end)

test("a table fight refuses initiative twice and unknown creatures", function()
  fight.table()
  fails(function() fight.begin() end, "add creatures")
  fight.add(goblin)
  dice.force{ 5 }
  fight.begin()
  fails(function() fight.begin() end, "already")
  eq(fight.get("nobody"), nil)
end)

test("a second fight in one runtime does not inherit the first one's creature hooks", function()
  local calls = 0
  local biter = { id = "biter", hp = 5, ac = 10, init = 20,
    attacks = { { name = "Bite", bonus = 50, damage = "100" } },
    on = { ["attack.roll"] = function() calls = calls + 1 end } }
  local dummy = { id = "dummy", hp = 1, ac = 10, init = 0,
    attacks = { { name = "Poke", bonus = 0, damage = "1" } } }
  local enc = function(a)
    return fight.encounter{ sides = { { name = "a", members = { { stat = a } } },
      { name = "b", members = { { stat = dummy } } } } }
  end
  dice.force{ 1, 1, 10 } -- initiative a, b; the biter's attack roll
  fight.run(enc(biter))
  eq(calls, 1, "the biter's hook ran in its own fight")
  local plain = { id = "plain", hp = 5, ac = 10, init = 20,
    attacks = { { name = "Hit", bonus = 50, damage = "100" } } }
  dice.force{ 1, 1, 10 }
  fight.run(enc(plain))
  eq(calls, 1, "no hook of the first fight ran for the second fight's first creature")
end)

test("members may share one initiative roll and be surprised", function()
  local order
  rules.on("round.start", function() if not order then order = fight.order() end end)
  local g = { id = "goblin", hp = 7, ac = 15, init = 2,
    attacks = { { name = "Scimitar", bonus = 4, damage = "1d6+2", type = "slashing" } } }
  local h = { id = "hero", hp = 30, ac = 18, init = 0, player = true,
    attacks = { { name = "Longsword", bonus = 5, damage = "1d8+3", type = "slashing" } } }
  -- goblins: one roll (14 + 2); the surprised hero: Disadvantage, 18 and 3
  -- keep 3; the fight itself is random (mixed): only the order counts here
  dice.force({ 14, 18, 3 }, { mixed = true })
  local out = fight.run(fight.encounter{ sides = {
    { name = "goblins", members = { { stat = g, count = 3, group = true } } },
    { name = "party", members = { { stat = h, surprised = true } } } } })
  ok(out.winner ~= nil)
  eq(order[1].count, 16)
  eq(order[2].count, 16)
  eq(order[3].count, 16)
  eq(order[4].id, "hero")
  eq(order[4].count, 3)
end)

test("a reaction is an attack.roll hook of the target that spends its reaction slot", function()
  local shield = { id = "mage", hp = 20, ac = 12, init = 0, player = true,
    attacks = { { name = "Staff", bonus = 2, damage = "1d6" } },
    on = { ["attack.roll"] = { phase = "result", only = "subject", fn = function(e)
      local me = e.target
      if e.hit and not e.crit and e.total < me:get("ac") + 5 and fight.spend(me, "reaction") then
        e.hit = false
      end
    end } } }
  local orc = { id = "orc", hp = 15, ac = 13, init = 0,
    attacks = { { name = "Axe", bonus = 5, damage = "1d12+3" } } }
  fight.table()
  local m = fight.add(shield, { side = "party" })[1]
  local o = fight.add(orc)[1]
  dice.force{ 5, 10 }
  fight.begin()
  eq(fight.turn()[1], o, "the orc acts first: the mage reacts on the orc's turn")
  eq(fight.remaining(m, "reaction"), 1)
  dice.force{ 9 } -- 9 + 5 = 14 hits AC 12, but not AC 17: the reaction turns it into a miss
  eq(fight.strike(o, m, "Axe").hit, false)
  eq(fight.remaining(m, "reaction"), 0)
  dice.force{ 9, 6 } -- no reaction left: a hit, 6 + 3 damage
  local r = fight.strike(o, m, "Axe")
  eq({ r.hit, r.damage }, { true, 9 })
end)

test("an attack at the table and the same attack in a fight that plays itself give the same result with the same dice", function()
  local function tbl(faces, prone)
    fight.table()
    local h = fight.add(hero, { side = "party" })[1]
    local g = fight.add(goblin)[1]
    dice.force{ 15, 5 }
    fight.begin()
    if prone then g:add_condition("prone") end
    dice.force(faces)
    return fight.strike(h, g, "Longsword")
  end
  local function sim(faces, prone)
    local out
    local hk = rules.on("turn.start", function(e)
      if out or e.fighter:get("id") ~= "hero" then return end
      local g = fight.get("goblin")
      if prone then g:add_condition("prone") end
      dice.force(faces)
      out = fight.strike(e.fighter, g, "Longsword")
      for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
      e.skip = true
    end)
    dice.force{ 15, 5 }
    fight.run(fight.encounter{ max_rounds = 1, sides = {
      { name = "party", members = { { stat = hero } } }, { name = "foes", members = { { stat = goblin } } } } })
    rules.off(hk)
    return out
  end
  -- 9 + 5 misses AC 15, 10 + 5 hits; a natural 20 is a Critical Hit; a
  -- Prone target: Advantage (3 and 12 keep 12)
  for _, c in ipairs({ { { 9 } }, { { 10, 4 } }, { { 20, 4, 4 } }, { { 3, 12, 4 }, true } }) do
    local t, s = tbl(c[1], c[2]), sim(c[1], c[2])
    eq({ t.hit, t.crit, t.natural, t.total, t.damage }, { s.hit, s.crit, s.natural, s.total, s.damage })
  end
  eq(tbl({ 9 }).hit, false)
  eq(tbl({ 10, 4 }).damage, 7)
  eq(tbl({ 3, 12, 4 }, true).natural, 12)
end)
