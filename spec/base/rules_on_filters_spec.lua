-- ruleset: 5e
-- rules.on's attacks and group options: the kernel calls a hook only for
-- the attacks it asks for (melee or ranged, one attack group), so a rule
-- about one kind of attack costs the others nothing.

local function table_fight()
  fight.table()
  local a = fight.add({ id = "a", name = "a", hp = 40, ac = 10, attacks = {
    { name = "Club", bonus = 0, damage = "1", group = "club" },
    { name = "Fist", bonus = 0, damage = "1", group = "unarmed" },
    { name = "Sling", bonus = 0, damage = "1", ranged = true, range = { 30, 120 } } } }, { side = "x" })[1]
  local b = fight.add({ id = "b", name = "b", hp = 40, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1" } } },
    { side = "y" })[1]
  dice.force{ 20, 1 }
  fight.begin()
  return a, b
end

test("attacks = melee / ranged and group = NAME call the hook only for those attacks", function()
  local a, b = table_fight()
  local seen = {}
  local h1 = rules.on("attack.declare", function(e) seen[#seen + 1] = "ranged:" .. e.attack end,
    { phase = "declare", attacks = "ranged" })
  local h2 = rules.on("attack.declare", function(e) seen[#seen + 1] = "melee:" .. e.attack end,
    { phase = "declare", attacks = "melee" })
  local h3 = rules.on("attack.declare", function(e) seen[#seen + 1] = "unarmed:" .. e.attack end,
    { phase = "declare", group = "unarmed" })
  local h4 = rules.on("attack.declare", function(e) seen[#seen + 1] = "any:" .. e.attack end, { phase = "declare" })
  -- both options: the attack must be of the kind and of the group
  local h5 = rules.on("attack.declare", function(e) seen[#seen + 1] = "melee unarmed:" .. e.attack end,
    { phase = "declare", attacks = "melee", group = "unarmed" })
  local h6 = rules.on("attack.declare", function(e) seen[#seen + 1] = "ranged unarmed:" .. e.attack end,
    { phase = "declare", attacks = "ranged", group = "unarmed" })
  for _, name in ipairs({ "Club", "Fist", "Sling" }) do
    dice.force{ 2 } -- a miss: the d20 only
    fight.strike(a, b, name)
  end
  for _, h in ipairs({ h1, h2, h3, h4, h5, h6 }) do rules.off(h) end
  eq(seen, { "melee:Club", "any:Club", "melee:Fist", "unarmed:Fist", "any:Fist", "melee unarmed:Fist",
    "ranged:Sling", "any:Sling" })
end)

test("the options are checked: a kind other than melee or ranged, a group that is not a name, either on another event", function()
  local function err(fn)
    local ok, e = pcall(fn)
    eq(ok, false)
    return tostring(e)
  end
  local noop = function() end
  matches(err(function() rules.on("attack.declare", noop, { attacks = "thrown" }) end), 'unknown attacks "thrown"')
  matches(err(function() rules.on("attack.declare", noop, { group = 3 }) end), "group must be an attack group's name")
  matches(err(function() rules.on("turn.start", noop, { attacks = "melee" }) end), "for the attack events")
  matches(err(function() rules.on("turn.start", noop, { group = "unarmed" }) end), "on an attack event")
end)

test("has = NAME (or a list) calls a turn hook only on the turns of a creature with one of those conditions", function()
  local function stat(id) return { id = id, name = id, hp = 40, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1" } } } end
  local seen = {}
  local h1 = rules.on("turn.start", function(e)
    if e.fighter:get("id") == "a" and e.round == 2 then e.fighter:add_condition("marked") end
    e.skip = true
  end, { phase = "declare" })
  local h2 = rules.on("turn.start", function(e) seen[#seen + 1] = "marked:" .. e.fighter:get("id") end,
    { phase = "result", has = "marked" })
  local h3 = rules.on("turn.start", function(e) seen[#seen + 1] = "list:" .. e.fighter:get("id") end,
    { phase = "result", has = { "nothing", "marked" } })
  local h4 = rules.on("turn.start", function(e) seen[#seen + 1] = "none:" .. e.fighter:get("id") end,
    { phase = "result", has = "nothing" })
  fight.run(fight.encounter{ max_rounds = 3, sides = {
    { name = "x", members = { { stat = stat("a") } } }, { name = "y", members = { { stat = stat("b") } } } } })
  for _, h in ipairs({ h1, h2, h3, h4 }) do rules.off(h) end
  -- a has the condition from its second turn on (added in an earlier phase of that turn's event)
  eq(seen, { "marked:a", "list:a", "marked:a", "list:a" })
end)

test("has is checked: a name or a list of names, on a turn event", function()
  local function err(fn)
    local ok, e = pcall(fn)
    eq(ok, false)
    return tostring(e)
  end
  local noop = function() end
  matches(err(function() rules.on("turn.start", noop, { has = 3 }) end), "has must be a condition's name")
  matches(err(function() rules.on("turn.end", noop, { has = {} }) end), "has must be a condition's name")
  matches(err(function() rules.on("turn.end", noop, { has = { "a", 1 } }) end), "has must be a condition's name")
  matches(err(function() rules.on("attack.roll", noop, { has = "prone" }) end), "on a turn event")
end)
