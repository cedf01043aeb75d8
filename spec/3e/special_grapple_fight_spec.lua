-- ruleset: 3e
-- The 3.0 grapple played in a fight with forced dice: the four steps of
-- starting one, joining, the options in a grapple, pins, escapes, several
-- grapplers, and what grappling does to AC and threatened squares.
-- covers: 3E-GRAP-02 3E-GRAP-04 3E-GRAP-05 3E-GRAP-06 3E-GRAP-07 3E-GRAP-08 3E-GRAP-09 3E-GRAP-10
-- covers: 3E-GRAP-11 3E-GRAP-12 3E-GRAP-14
local S = require("core.3e.statblock")
local G = require("core.3e.special.grapple")

local function pc(id, opts)
  opts = opts or {}
  return S.build{ id = id, hp = 30, bab = 1, size = opts.size, speed = 30, abilities = opts.abilities or { str = 14 },
    ac = opts.ac, weapons = { { name = "Sword", damage = "1d8" } } }
end

local ROOM = { "#######", "#.....#", "#.....#", "#.....#", "#.....#", "#######" }

-- x (grapple +3, AC 10), y (grapple +2, Dex 14: AC 12, touch 12), z and w
local function setup(extra)
  fight.table()
  fight.set_map{ rows = ROOM }
  local list = {
    { pc("x"), "party", 2, 2 }, { pc("y", { abilities = { str = 12, dex = 14 } }), "foes", 3, 2 },
    { pc("z", { abilities = { str = 10 } }), "foes", 2, 1 }, { pc("w"), "party", 3, 3 },
  }
  for _, e in ipairs(extra or {}) do list[#list + 1] = e end
  local out, faces = {}, {}
  for i, e in ipairs(list) do
    out[e[1].id] = fight.add(e[1], { side = e[2] })[1]
    fight.place(out[e[1].id], e[3], e[4])
    faces[#faces + 1] = 21 - i
  end
  dice.force(faces)
  fight.begin()
  for _, c in pairs(out) do c:remove_condition("flat_footed") end
  return out
end

test("starting a grapple: the target's attack of opportunity, the grab, the hold with unarmed subdual damage, moving in", function()
  local c = setup()
  -- y's AoO 5 + 2 misses AC 10; touch 10 + 3 hits touch 12; hold 12 + 3
  -- against 8 + 2; 1d3 2 + 2 subdual; moving in: z's AoO 15 + 1 hits, 1d8 3
  dice.force{ 5, 10, 12, 8, 2, 15, 3 }
  local r = G.start(c.x, c.y)
  eq({ r.step, r.check.a, r.check.b, r.damage }, { "held", 15, 10, 4 })
  eq({ c.y:get("nonlethal"), c.y:get("hp"), c.x:get("hp") }, { 4, 30, 27 })
  eq({ G.grappling(c.x, c.y), G.grappling(c.y, c.x) }, { true, true })
  eq(fight.remaining(c.z, "aoo"), 0, "z struck as x moved into y's space")
end)

test("the attempt fails if the attack of opportunity hurts, if the grab misses, if the hold is lost, or on a creature two sizes larger", function()
  local c = setup()
  dice.force{ 15, 4 }
  eq(G.start(c.x, c.y).step, "opportunity", "hurt by y's attack of opportunity")
  c = setup()
  dice.force{ 5, 1 }
  eq(G.start(c.x, c.y).step, "touch")
  c = setup()
  dice.force{ 5, 10, 5, 15 }
  eq(G.start(c.x, c.y).step, "hold")
  c = setup({ { pc("giant", { size = "huge" }), "foes", 1, 3 } })
  -- the giant's AoO 2 misses; the touch 10 + 3 hits its touch AC 8
  dice.force{ 2, 10 }
  local r = G.start(c.x, c.giant)
  eq({ r.step, r.why }, { "size", "cannot hold a creature two or more size categories larger" })
  -- 3E-GRAP-02: an attempt made with the second attack of a full attack: -5
  c = setup()
  dice.force{ 5, 14, 16, 8, 1, 1 }
  r = G.start(c.x, c.y, { iterative = 1 })
  eq({ r.touch.total, r.check.a }, { 14 + 3 - 5, 16 + 3 - 5 })
end)

test("joining a grapple: no attack of opportunity, no grab, but the hold; damage, pins, escapes", function()
  local c = setup()
  dice.force{ 5, 10, 12, 8, 2, 1 }
  G.start(c.x, c.y)
  -- w joins: hold 14 + 3 against y 9 + 2; 1d3 1 + 2
  dice.force{ 14, 9, 1 }
  local r = G.start(c.w, c.y)
  eq({ r.joined, r.step, r.touch, r.damage }, { true, "held", nil, 3 })
  eq(fight.remaining(c.y, "aoo"), 0, "y's one attack of opportunity went on x's grab, none on w")
  eq(G.opponents(c.y), { "x", "w" })
  -- damage: a won check, 1d3 + Str subdual; normal damage at -4
  dice.force{ 10, 10, 3 }
  r = G.act(c.x, "damage", { target = c.y })
  eq({ r.won, r.damage, c.y:get("nonlethal"), c.y:get("hp") }, { true, 5, 4 + 3 + 5, 30 })
  dice.force{ 10, 9 }
  r = G.act(c.x, "damage", { target = c.y, normal = true })
  eq({ r.check.a, r.won, c.y:get("hp") }, { 10 + 3 - 4, false, 30 })
  -- pin: y is held for a round; others strike it at +4
  dice.force{ 15, 5 }
  eq(G.act(c.x, "pin", { target = c.y }).won, true)
  eq(G.pinned_by(c.y), "x")
  dice.force{ 5, 1 }
  eq(fight.strike(c.w, c.y, "Sword").total, 5 + 3 + 4, "pinned: +4 in melee (Table 8-8)")
  eq(G.act(c.x, "pin", { target = c.y }).refused, "x already pins y")
  -- a pinned creature can only try to escape the pin
  eq(G.act(c.y, "escape").refused, "y is pinned: escape the pin first")
  dice.force{ 15, 5 }
  r = G.act(c.y, "escape_pin")
  eq({ r.won, G.pinned_by(c.y), G.grappling(c.y, c.x) }, { true, nil, true }, "free of the pin, still grappling")
  -- escape: beat both grapplers
  dice.force{ 17, 10, 16 }
  r = G.act(c.y, "escape")
  eq({ r.won, r.check.beaten }, { false, 1 }, "19 beats x's 13 but not w's 19")
  dice.force{ 17, 10, 10 }
  r = G.act(c.y, "escape")
  eq({ r.won, G.grappling(c.y), G.grappling(c.x), G.grappling(c.w) }, { true, false, false, false })
end)

test("breaking a pin on an ally; a pinner cannot harm a second opponent; wriggling free with Escape Artist", function()
  local c = setup()
  dice.force{ 5, 10, 12, 8, 2, 1 }
  G.start(c.x, c.y)
  dice.force{ 15, 5 }
  G.act(c.x, "pin", { target = c.y })
  -- z (y's ally) joins the grapple on x (x is grappling: no AoO, no grab)
  dice.force{ 15, 5, 1 }
  eq(G.start(c.z, c.x).joined, true)
  eq(G.act(c.x, "damage", { target = c.z }).refused, "x is holding a pin: it cannot damage or pin a second opponent")
  dice.force{ 16, 5 }
  local r = G.act(c.z, "break_pin", { target = c.x, ally = c.y })
  eq({ r.won, G.pinned_by(c.y) }, { true, nil })
  -- 3E-GRAP-12: Escape Artist against every grappler's check
  dice.force{ 12, 10, 2 }
  r = G.wriggle(c.x, 6)
  eq({ r.won, r.action, G.grappling(c.x) }, { true, "standard", false })
end)

test("3E-GRAP-14: a grappler loses its Dex bonus against those it does not grapple, and threatens nothing", function()
  local c = setup()
  dice.force{ 5, 10, 12, 8, 2, 1 }
  G.start(c.x, c.y)
  -- y: Dex 14, AC 12: 10 against w (not grappling it), 12 against x
  dice.force{ 2 }
  eq(fight.strike(c.w, c.y, "Sword").needed, 10)
  dice.force{ 2 }
  eq(fight.strike(c.x, c.y, "Sword").needed, 12)
  local ok, why = fight.opportunity(c.y, c.w)
  eq(ok, false)
  eq(type(why), "string", "no attack of opportunity from a grappler")
end)

test("a grapple from a creature that cannot grapple, or with no room left, is refused with the reason", function()
  local c = setup({ { S.build{ id = "ghost", hp = 10, tags = { "cannot_grapple" }, natural = { { name = "Touch", damage = "1d4" } } },
    "foes", 4, 3 } })
  eq(G.start(c.ghost, c.x).refused, "ghost cannot grapple (no body to hold with)")
  dice.force{ 5, 10, 12, 8, 2, 1 }
  G.start(c.x, c.y)
  eq(G.start(c.x, c.y).refused, "x is already grappling y")
  eq(G.start(c.x, c.z).refused, "x is already in another grapple")
  -- four Medium-size grapplers on y fill it: a fifth is refused
  for _, id in ipairs({ "a", "b", "d" }) do
    local g = fight.add(pc(id), { side = "party" })[1]
    G.link(g, c.y)
  end
  local e = fight.add(pc("e"), { side = "party" })[1]
  eq(G.start(e, c.y).refused, "no room: y already has grapplers counting 4 of 4")
  eq(G.act(c.z, "damage", { target = c.y }).refused, "z is not grappling")
  fails(function() G.act(c.x, "throw", { target = c.y }) end, 'unknown option "throw"')
end)
