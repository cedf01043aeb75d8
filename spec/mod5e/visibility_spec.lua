-- The modded 5e, inventory section 10: visibility, obscurement, cover and
-- unseen enemies (TV-07, TV-08, TV-09, TV-37).
-- ruleset: mod5e
-- covers: HB-VIS-01 HB-VIS-02 HB-VIS-03 HB-VIS-04 HB-VIS-05 HB-VIS-06 HB-VIS-07 HB-VIS-08
-- covers: HB-VIS-09 HB-VIS-10 HB-VIS-11 HB-VIS-12 HB-VIS-13

local ch = require("core.5e.character")
local vis = rules.need("mod5e.visibility")
local atk = rules.need("mod5e.attack")
local core = rules.need("mod5e.core")

local function pc(id, pos, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 30, level = 1, abilities = { str = 10, dex = 10, con = 10, int = 10, wis = 10, cha = 10 },
    saves = opts.saves }
  c:set("ac", 12)
  c:set("pos", pos or { x = 0, y = 0 })
  return c
end

local function level(a, b, opts)
  local r = fight.assess(a, b, nil, opts or { distance = 5 })
  return r.adv - r.dis
end

test("visible: in light, nothing heavily obscuring it; lightly obscured is still visible; total cover is not (HB-VIS-01)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  eq(vis.visible(a, b), true)
  vis.obscure(b, "light")
  eq({ vis.visible(a, b), vis.view(a, b) }, { true, "light" })
  vis.obscure(b, "heavy")
  eq({ vis.visible(a, b), vis.view(a, b) }, { false, "unseen" })
  vis.obscure(b, "none")
  eq(vis.visible(a, b, { cover = "total" }), false)
end)

test("light obscurement: Perception at what is in it 1 dis, Stealth inside it 1 adv (HB-VIS-02, AMB-17)", function()
  local hider, watcher = pc("hider"), pc("watcher", { x = 2, y = 0 })
  vis.obscure(hider, "light")
  eq({ vis.perception_adv(hider), vis.stealth_adv(hider), vis.stealth_adv(watcher) }, { -1, 1, 0 })
  dice.force{ 6, 15 }
  eq(core.test(hider, { skill = "stealth", adv = vis.stealth_adv(hider) }).natural, 15)
  eq(rules.need("mod5e.hide").passive(watcher, vis.perception_adv(hider)), 5, "10 + 0 - 5 for 1 dis")
end)

test("TV-07, TV-08: both in fog, each at 1 dis; under Blur, the blurred attacker 1 adv, its target 1 dis (HB-VIS-03)", function()
  local a, b = pc("A"), pc("B", { x = 1, y = 0 })
  vis.obscure(a, "light")
  vis.obscure(b, "light")
  eq({ level(a, b), level(b, a) }, { -1, -1 }, "no unilateral bonus")
  vis.obscure(a, "none")
  vis.obscure(b, "none")
  a:add_condition("blurred")
  eq({ level(a, b), level(b, a) }, { 1, -1 })
  eq({ vis.view(a, b), vis.view(b, a) }, { "clear", "light" })
end)

test("heavy obscurement: not visible; Perception at it 2 dis, Stealth in it 2 adv (HB-VIS-04)", function()
  local c, w = pc("c"), pc("w", { x = 2, y = 0 })
  vis.obscure(c, "heavy")
  eq({ vis.perception_adv(c), vis.stealth_adv(c), vis.visible(w, c) }, { -2, 2, false })
  dice.force{ 6, 3, 15 }
  eq(core.test(c, { skill = "stealth", adv = vis.stealth_adv(c) }).natural, 15)
end)

test("attacking a heavily obscured creature is attacking an unseen enemy (HB-VIS-05)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  b:add_condition("blurred")
  eq(level(a, b), -1)
  b:remove_condition("blurred")
  vis.obscure(b, "heavy")
  eq(level(a, b), -2)
  eq(vis.unseen_why(a, b), "heavily obscured")
end)

test("TV-09: cover counts only its best grade: a creature (weak) and a tree (strong) give +4, not +6 (HB-VIS-06)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  local ctx = atk.context(a, b, { cover = { "weak", "strong" }, distance = 5 })
  eq(ctx.ac_bonus, 4)
  dice.force{ 10 }
  eq(core.test(b, { save = "reflex", dc = 1, cover = { "half", "three-quarters" } }).total, 14, "+4 Reflex")
  eq(atk.best_cover({ "weak", "strong", "weak" }), "three-quarters")
  -- on a map a creature in between gives weak cover, and a low wall too: the best, weak
  local got
  local h = rules.on("turn.act", function(e)
    if got then return end
    got = { fight.cover(fight.get("target"), fight.get("archer")) }
    e.acted = true
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
  end, { phase = "after" })
  local function stat(id, ranged)
    return { id = id, hp = 10, ac = 10, attacks = { { name = "Bow", bonus = 0, damage = "1", ranged = ranged, range = { 80 } } } }
  end
  dice.force{ 15, 5, 4 }
  fight.run(fight.encounter{ max_rounds = 1, map = { rows = { "...=..." } }, sides = {
    { name = "a", members = { { stat = stat("archer", true), at = { 1, 0 } } } },
    { name = "b", members = { { stat = stat("orc"), at = { 4, 0 } }, { stat = stat("target"), at = { 6, 0 } } } } } })
  rules.off(h)
  eq({ got[1], got[2].ac, got[2].save }, { "half", 2, 2 }, "two sources of weak cover: weak, +2")
end)

test("weak cover: +2 to AC and Reflex (HB-VIS-07)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  eq(atk.context(a, b, { cover = "weak", distance = 5 }).ac_bonus, 2)
  eq(atk.cover_bonus("weak"), { grade = "half", ac = 2, reflex = 2, targetable = true })
  dice.force{ 10 }
  eq(core.test(b, { save = "reflex", dc = 1, cover = "half" }).total, 12)
end)

test("strong cover: +4 to AC and Reflex (HB-VIS-08)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  eq(atk.context(a, b, { cover = "strong", distance = 5 }).ac_bonus, 4, "not 5e's +5")
  eq(atk.cover_bonus("strong").reflex, 4)
end)

test("total cover: it can't be targeted; a spreading area spell still reaches it (HB-VIS-09, AMB-18)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  local c = atk.context(a, b, { cover = "total", distance = 5 })
  eq({ c.allowed, c.why }, { false, "total cover" })
  eq(atk.cover_bonus("total").targetable, false)
  eq(atk.roll(a, b, { attack = "melee", cover = "total" }).refused, "total cover")
  -- a fireball's damage needs no attack and no target
  local rec = rules.need("mod5e.damage").spell(b, "3", "fire")
  eq(rec.total, 3)
end)

test("unseen enemies: heavily obscured, invisible, hidden, total cover (HB-VIS-10)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  eq(vis.unseen_why(a, b), nil)
  b:add_condition("invisible")
  eq(vis.unseen_why(a, b), "invisible")
  b:remove_condition("invisible")
  b:add_condition("hidden", { source = "a", level = 15, stacking = "independent" })
  eq(vis.unseen_why(a, b), "hidden")
  eq(vis.unseen_why(pc("c", { x = 2, y = 0 }), b), nil, "hidden from a alone")
  b:remove_condition("hidden")
  eq(vis.unseen_why(a, b, { cover = "total" }), "total cover")
end)

test("attacking an unseen enemy: 2 dis, at a guessed square; a wrong guess misses and says only miss (HB-VIS-11)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  b:add_condition("invisible")
  eq(level(a, b), -2)
  local r = atk.at_square(a, b, { x = 1, y = 1 }, { attack = "melee" })
  eq({ r.hit, r.text }, { false, "miss" })
  eq(#dice.pending(), 0)
  dice.force{ 20, 20, 19 }
  r = atk.at_square(a, b, { x = 1, y = 0 }, { attack = "melee" })
  eq({ r.hit, r.text }, { true, "hit" }, "the right square: rolled at 2 dis (19 + 0 >= 12)")
end)

test("TV-37: attacking a creature that can't see you while you see it clearly: 2 adv; blinded attacker 2 dis (HB-VIS-12, AMB-19)", function()
  local a, b = pc("blind"), pc("sighted", { x = 1, y = 0 })
  a:add_condition("blinded")
  eq({ level(a, b), level(b, a) }, { -2, 2 })
  b:add_condition("blinded")
  eq({ level(a, b), level(b, a) }, { -2, -2 }, "two blind combatants: each 2 dis (literal reading, not 5e's cancel)")
  b:remove_condition("blinded")
  vis.obscure(b, "light")
  eq(level(b, a), -1, "the bonus needs a clear view of the target")
  eq({ vis.level("clear", "unseen"), vis.level("light", "unseen"), vis.level("unseen", "unseen") }, { 2, -1, -2 })
  eq(vis.level("unseen", "unseen", { symmetric = true }), 0, "the vis_symmetric_cancel switch")
end)

test("a hidden attacker gives its position away when it attacks, hit or miss (HB-VIS-13)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  a:add_condition("hidden", { source = "b", level = 20, stacking = "independent" })
  dice.force{ 1, 1, 1 }
  eq(atk.roll(a, b, { attack = "melee" }).hit, false)
  eq(a:has("hidden"), false)
end)
