-- ruleset: 3e
-- Turning in a fight that plays itself: a standard action that provokes
-- nothing, destroyed undead die, turned ones flee for 10 rounds.
-- covers: 3E-TURN-01 3E-TURN-06
local tu = require("core.3e.special.turning")
local ab = require("monsters.abilities.3e")

local S = require("core.3e.statblock")

local function cleric(opts)
  opts = opts or {}
  local tags = { "cleric" }
  for _, t in ipairs(opts.tags or {}) do tags[#tags + 1] = t end
  return S.build{ id = opts.id or "jozan", hp = 20, level = opts.level or 3, bab = 2, speed = 20,
    abilities = { cha = opts.cha or 10 }, ac = { armor = 5 },
    resources = { turn_undead = { max = 3 } }, tags = tags,
    weapons = { { name = "Mace", damage = "1d8" } },
    on = { ["turn.act"] = function(e)
      if e.acted then return end
      local r = tu.turn(e.fighter)
      if not r.refused then e.acted = true end
    end } }
end

local function undead(id, hd)
  return S.build(ab.turnable{ id = id, hp = 8, hd = hd, speed = 30, tags = { "undead" }, ac = { natural = 2 },
                              natural = { { name = "Claw", damage = "1d4" } } })
end

test("a 4th-level cleric destroys a 2-HD zombie and turns a 3-HD one, which flees", function()
  -- initiative: jozan 20, z1 1, z2 1 (ties by score, then d20s: forced), turning check 10 -> 4 HD,
  -- 2d6 6 + 6 + 4 = 16
  dice.force{ 20, 1, 1, 5, 4, 10, 6, 6 }
  local r = fight.run(fight.encounter{ sides = {
    { name = "party", members = { { stat = cleric{ level = 4 } } } },
    { name = "undead", members = { { stat = undead("z1", 2) }, { stat = undead("z2", 3) } } },
  }, max_rounds = 1 }, { trace = true })
  local log = table.concat(r.log, "\n")
  matches(log, "jozan turns undead (check 10, max 4 HD, 16 HD): z1 destroyed, z2 turned")
  eq({ r.fighters[2].dead, r.fighters[3].dead, r.fighters[3].out }, { true, false, true })
end)

test("on a map a turned undead double-moves away; a cornered one cowers", function()
  -- jozan in the mouth of an alcove, z1 in the hall beyond him, z2 in the
  -- alcove behind him (its only way out is through jozan's square)
  dice.force{ 20, 1, 1, 5, 4, 13, 6, 6 }
  local r = fight.run(fight.encounter{
    map = { rows = {
      "##########",
      "#........#",
      "###.######",
      "###.######",
      "##########",
    } },
    sides = {
      { name = "party", members = { { stat = cleric{ level = 3 }, at = { 3, 2 } } } },
      { name = "undead", members = { { stat = undead("z1", 2), at = { 4, 1 } }, { stat = undead("z2", 2), at = { 3, 3 } } } },
    }, max_rounds = 1 }, { trace = true })
  local log = table.concat(r.log, "\n")
  matches(log, "jozan turns undead (check 13, max 4 HD, 15 HD): z1 turned, z2 turned")
  matches(log, "z1 flees (turned) to")
  matches(log, "z2 cowers (turned, cornered)")
  eq(log:find("opportunity attack", 1, true), nil, "a move-only turn: leaving its start square provokes nothing")
  eq(r.fighters[3].out, false)
end)

test("3E-TURN-06: the turning runs 10 rounds from the cleric's count", function()
  fight.table()
  fight.add(cleric{ level = 1 }, { side = "party" })
  local z = fight.add(undead("z", 1), { side = "undead" })[1]
  local y = fight.add(undead("y", 1), { side = "undead" })[1]
  dice.force{ 15, 18, 3 }   -- initiative: jozan 15, z 18 (before him), y 3 (after him)
  fight.begin()
  -- turned in round 1 at jozan's count
  z:add_condition("turned", { source = "jozan", level = fight.round() + 1 })
  y:add_condition("turned", { source = "jozan", level = fight.round() + 1 })
  local seen = {}
  for _ = 1, 40 do
    local cur = fight.turn()[1]
    if cur == z or cur == y then
      -- the undead's turn.start hook has run: still turned?
      seen[#seen + 1] = string.format("%s r%d %s", cur:get("id"), fight.round(), tostring(cur:has("turned")))
    end
    fight.next()
    if fight.round() > 11 then break end
  end
  -- z acts before jozan's count: still turned at its turn of round 11,
  -- free from round 12; y acts after it: free at its turn of round 11
  eq({ seen[1], seen[2] }, { "z r1 true", "y r1 true" })
  eq({ seen[#seen - 3], seen[#seen - 2], seen[#seen - 1], seen[#seen] },
     { "z r10 true", "y r10 true", "z r11 true", "y r11 false" })
end)
