-- The modded 5e, inventory section 8 and T-1 (7), (8): hiding from each
-- observer, searching, giving oneself away.
-- ruleset: mod5e
-- covers: HB-HIDE-01 HB-HIDE-02 HB-HIDE-03 HB-HIDE-04 HB-ACT-07 HB-ACT-08

local ch = require("core.5e.character")
local hide = rules.need("mod5e.hide")
local vis = rules.need("mod5e.visibility")
local turn = rules.need("mod5e.turn")

local function pc(id, pos, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 20, level = 1, abilities = { str = 10, dex = opts.dex or 10, con = 10, int = 10,
    wis = opts.wis or 10, cha = 10 }, skills = opts.skills }
  c:set("pos", pos or { x = 0, y = 0 })
  return c
end

test("one can't hide from a creature that sees one clearly: cover or obscurement is needed (HB-HIDE-01)", function()
  local thief, guard = pc("thief"), pc("guard", { x = 3, y = 0 })
  eq(hide.can_hide_from(thief, guard), false)
  eq(hide.can_hide_from(thief, guard, { cover = "weak" }), true, "behind a low wall")
  vis.obscure(thief, "light")
  eq(hide.can_hide_from(thief, guard), true, "in the mist")
  local r = hide.hide(pc("t2"), { guard }, { total = 30 })
  eq({ #r.from, r.cannot[1] }, { 0, "guard" }, "in plain sight: no hiding, whatever the roll")
end)

test("Stealth against each observer's passive Perception separately; a tie is not enough (HB-HIDE-02, AMB-11, 15)", function()
  local thief = pc("thief", nil, { dex = 16, skills = { "stealth" } })
  local dull = pc("dull", { x = 3, y = 0 }, { wis = 8 })
  local keen = pc("keen", { x = 3, y = 1 }, { wis = 18, skills = { "perception" } })
  local even = pc("even", { x = 3, y = 2 }, { wis = 14 })
  eq({ hide.passive(dull), hide.passive(keen), hide.passive(even) }, { 9, 16, 12 })
  dice.force{ 7 }
  local r = hide.hide(thief, { dull, keen, even }, { cover = "strong" })
  eq(r.total, 12, "7 + Dex 3 + proficiency 2")
  eq({ r.from, r.not_from }, { { "dull" }, { "keen", "even" } }, "12 beats 9; ties 12")
  eq({ hide.hidden_from(thief, dull) }, { true, 12 }, "the hide value is kept")
  eq(fight.sees(dull, thief), false, "an unseen enemy to the dull guard")
  eq(fight.sees(keen, thief), true)
  eq(fight.assess(dull, thief, nil, { distance = 5 }).dis, 2)
end)

test("searching: Perception against the hide value; found, it may still be not visible (HB-HIDE-03)", function()
  local thief, guard = pc("thief"), pc("guard", { x = 2, y = 0 })
  thief:add_condition("hidden", { source = "guard", level = 14, stacking = "independent" })
  dice.force{ 14 }
  local r = hide.search(guard, { thief })
  eq({ r.found, r.missed }, { {}, { "thief" } }, "14 against 14: not beaten")
  dice.force{ 15 }
  r = hide.search(guard, { thief })
  eq(r.found, { "thief" })
  eq(fight.sees(guard, thief), true)
  thief:add_condition("hidden", { source = "guard", level = 5, stacking = "independent" })
  vis.obscure(thief, "heavy")
  dice.force{ 12 }
  r = hide.search(guard, { thief })
  eq({ r.found, r.still_unseen }, { { "thief" }, { "thief" } }, "known, but heavily obscured")
end)

test("noise or an attack gives the hider away at once, to everyone (HB-HIDE-04)", function()
  local thief = pc("thief")
  thief:add_condition("hidden", { source = "a", level = 14, stacking = "independent" })
  thief:add_condition("hidden", { source = "b", level = 14, stacking = "independent" })
  eq(hide.reveal(thief), true)
  eq(thief:has("hidden"), false)
  -- a fight kit's Hide under these rules is the same per-observer hide
  thief:add_condition("hidden", { source = "a", level = 14, stacking = "independent" })
  eq(rules.need("5e.exploration").after(thief, "sound"), true)
  eq(thief:has("hidden"), false)
end)

test("the Hide action takes the standard action in combat (HB-ACT-07)", function()
  local thief, guard = pc("thief", nil, { dex = 14 }), pc("guard", { x = 3, y = 0 })
  local t = turn.start(thief)
  ok(t:act("hide"))
  dice.force{ 15 }
  local r = hide.hide(thief, { guard }, { cover = "weak" })
  eq(r.from, { "guard" })
  eq((t:act("hide")), false, "one action a turn")
end)

test("the Search action: one Perception check against every hidden creature nearby (HB-ACT-08)", function()
  local guard = pc("guard", nil, { wis = 12 })
  local a, b = pc("a", { x = 2, y = 0 }), pc("b", { x = 3, y = 0 })
  a:add_condition("hidden", { source = "guard", level = 10, stacking = "independent" })
  b:add_condition("hidden", { source = "guard", level = 16, stacking = "independent" })
  local t = turn.start(guard)
  ok(t:act("search"))
  dice.force{ 12 }
  local r = hide.search(guard, { a, b })
  eq({ r.total, r.found, r.missed }, { 13, { "a" }, { "b" } })
end)
