-- Audit (independent cases): inventory sections 9 and 10, attacks, cover
-- and sight at their edges: exactly the AC, natural 1 / 20 under levels,
-- cover that doesn't stack, T-5 both ways.
-- ruleset: mod5e
-- covers: HB-ATTACK-03 HB-ATTACK-06 HB-ATTACK-08 HB-ATTACK-09 HB-ATTACK-10 HB-ATTACK-11
-- covers: HB-VIS-03 HB-VIS-05 HB-VIS-06 HB-VIS-07 HB-VIS-08 HB-VIS-09 HB-VIS-11 HB-VIS-12 HB-VIS-13

local ch = require("core.5e.character")
local atk = rules.need("mod5e.attack")
local vis = rules.need("mod5e.visibility")
local core = rules.need("mod5e.core")

local function pc(id, pos, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 30, level = 1, abilities = { str = 14, dex = 16, con = 10, int = 10, wis = 10, cha = 10 } }
  c:set("ac", opts.ac or 12)
  c:set("pos", pos or { x = 0, y = 0 })
  if opts.side then c:set("side", opts.side) end
  return c
end

local function level(a, b, opts)
  local r = fight.assess(a, b, nil, opts or { distance = 5 })
  return r.adv - r.dis
end

test("audit: strong cover: a total of exactly AC + 4 hits, one less misses (HB-ATTACK-03, HB-VIS-08)", function()
  local a, t = pc("a"), pc("t", { x = 1, y = 0 })
  dice.force{ 14 }
  eq(atk.roll(a, t, { attack = "melee", cover = "strong" }).hit, true, "14 + Str 2 = 16 = 12 + 4")
  dice.force{ 13 }
  eq(atk.roll(a, t, { attack = "melee", cover = "strong" }).hit, false)
end)

test("audit: weak and strong cover and a wall of weak: the best only, +4 to a Reflex save (HB-VIS-06)", function()
  local t = pc("t")
  dice.force{ 10 }
  eq(core.test(t, { save = "reflex", dc = 1, cover = { "weak", "weak", "strong" } }).total, 10 + 3 + 4)
end)

test("audit: a natural 1 misses at 2 adv when it is the kept die; a 20 beside it is kept instead (HB-ATTACK-08, 09)", function()
  local a, t = pc("a"), pc("t", { x = 1, y = 0 }, { ac = 40 })
  t:add_condition("restrained")
  t:add_condition("stunned")
  dice.force{ 1, 20, 2 }
  local r = atk.roll(a, t, { attack = "melee" })
  eq({ r.natural, r.hit, r.crit }, { 20, true, true }, "2 adv: the highest of three")
end)

test("audit: at 1 dis a natural 20 and a 1: the 1 is kept and misses, whatever the bonus (HB-ATTACK-09)", function()
  local a, t = pc("a"), pc("t", { x = 1, y = 0 }, { ac = 2 })
  a:add_condition("poisoned")
  dice.force{ 20, 1 }
  local r = atk.roll(a, t, { attack = "melee", mods = { 30 } })
  eq({ r.natural, r.hit }, { 1, false })
end)

test("audit: a natural 20 is a critical even against an AC it could not reach (HB-ATTACK-08, 10)", function()
  local a, t = pc("a"), pc("t", { x = 1, y = 0 }, { ac = 50 })
  dice.force{ 20, 3, 4 }
  local r = atk.attack(a, t, { attack = "melee", damage = "1d6", damage_type = "slashing" })
  eq({ r.hit, r.crit, r.damage }, { true, true, 9 }, "2d6 = 3 + 4, + Str 2 (not doubled)")
end)

test("audit: a critical doubles every die of a many-dice attack, not the bonus: 1d8+2d6+3 → 2d8+4d6+3 (HB-ATTACK-10)", function()
  eq(rules.need("5e.damage").crit_expr("1d8+2d6+3"), "2d8+4d6+3")
end)

test("audit: damage adds the attack's attribute: a melee longsword Str, a thrown dagger with Dex (finesse) Dex (HB-ATTACK-06)", function()
  local a, t = pc("a"), pc("t", { x = 1, y = 0 }, { ac = 5 })
  dice.force{ 15, 4 }
  eq(atk.attack(a, t, { attack = "melee", damage = "1d8", damage_type = "slashing" }).damage, 6, "4 + Str 2")
  dice.force{ 15, 4 }
  eq(atk.attack(a, t, { attack = "ranged", thrown = true, finesse = true, range = { 20, 60 }, damage = "1d4",
    damage_type = "piercing" }).damage, 7, "4 + Dex 3")
end)

test("audit: a ranged attack with the only adjacent hostile being its target: 1 dis (HB-ATTACK-11)", function()
  local archer = pc("archer", nil, { side = "us" })
  local t = pc("t", { x = 1, y = 0 }, { side = "them" })
  eq(level(archer, t, { distance = 5, ranged = true, range = { 80, 320 }, enemies = { t } }), -1)
  local ally = pc("ally", { x = 0, y = 1 }, { side = "us" })
  eq(level(archer, pc("far", { x = 6, y = 0 }, { side = "them" }), { ranged = true, range = { 80, 320 }, enemies = {} }), 0,
    "no hostile near")
  ok(ally)
end)

test("audit: in a fight on a map, an archer next to its only foe shoots at 1 dis (HB-ATTACK-11)", function()
  local got
  local h = rules.on("turn.act", function(e)
    if got then return end
    local a = fight.assess(fight.get("archer"), fight.get("orc"), "Bow")
    got = a.adv - a.dis
    e.acted = true
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
  end, { phase = "after" })
  dice.force{ 15, 5 }
  fight.run(fight.encounter{ max_rounds = 1, map = { rows = { "....." } }, sides = {
    { name = "a", members = { { stat = { id = "archer", hp = 10, ac = 10, attacks = { { name = "Bow", bonus = 0, damage = "1",
      ranged = true, range = { 80, 320 } } } }, at = { 1, 0 } } } },
    { name = "b", members = { { stat = { id = "orc", hp = 10, ac = 10, attacks = { { name = "Club", bonus = 0, damage = "1" } } },
      at = { 2, 0 } } } } } })
  rules.off(h)
  eq(got, -1)
end)

test("audit: a blinded adjacent hostile does not hamper a ranged attack; a restrained one does (HB-ATTACK-11)", function()
  local archer = pc("archer", nil, { side = "us" })
  local t = pc("t", { x = 6, y = 0 }, { side = "them" })
  local brute = pc("brute", { x = 1, y = 1 }, { side = "them" })
  brute:add_condition("restrained")
  eq(level(archer, t, { ranged = true, range = { 80, 320 }, enemies = { brute } }), -1, "restrained: it can still act")
  brute:remove_condition("restrained")
  brute:add_condition("blinded")
  eq(level(archer, t, { ranged = true, range = { 80, 320 }, enemies = { brute } }), 0, "it can't see the archer")
end)

test("audit: T-5: a lightly obscured target: -1 for its attacker, +1 for its own attacks on a clear foe (HB-VIS-03)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  vis.obscure(b, "dim")
  eq(level(a, b), -1, "light view of the target: -1 whatever it sees")
  eq(level(b, a), 1, "in dim light b sees a clearly, a sees b lightly obscured: +1")
  vis.obscure(b, "light")
  eq(level(b, a), -1, "in mist b's own view is obscured too: mutual, -1 (AMB-28)")
  vis.obscure(a, "heavy")
  eq(level(b, a), -2, "b can't see a heavily obscured a: -2")
end)

test("audit: T-5: attacker unseen by the target and clear view: +2; invisible attacker (HB-VIS-12)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  a:add_condition("invisible")
  eq({ level(a, b), level(b, a) }, { 2, -2 })
end)

test("audit: T-5: the target sees the attacker only lightly obscured and the attacker sees it clearly: +1 (HB-VIS-03)", function()
  eq({ vis.level("clear", "light"), vis.level("light", "clear"), vis.level("clear", "clear") }, { 1, -1, 0 })
end)

test("audit: unseen target plus prone within 5 ft: -2 + 1 = -1 (HB-VIS-11, HB-COND-05)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  b:add_condition("invisible")
  b:add_condition("prone")
  eq(level(a, b), -1)
end)

test("audit: total cover: even a creature that can't see you can't be attacked (HB-VIS-09, AMB-18)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  b:add_condition("blinded")
  local c = atk.context(a, b, { cover = "total", distance = 5 })
  eq(c.allowed, false)
  eq(atk.at_square(a, b, { x = 1, y = 0 }, { attack = "melee", cover = "total" }).hit, false)
end)

test("audit: a hidden attacker that misses is revealed; its attack had 2 adv against a target that can't see it (HB-VIS-13)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 }, { ac = 30 })
  a:add_condition("hidden", { source = "b", level = 18, stacking = "independent" })
  dice.force{ 2, 3, 4 }
  local r = atk.roll(a, b, { attack = "melee" })
  eq({ r.net_adv, r.hit, a:has("hidden") }, { 2, false, false })
end)

test("audit: a guessed square that is wrong misses with no roll, even at 2 adv context (HB-VIS-11)", function()
  local a, b = pc("a"), pc("b", { x = 1, y = 0 })
  b:add_condition("invisible")
  local r = atk.at_square(a, b, { x = 0, y = 1 }, { attack = "melee" })
  eq({ r.hit, r.text }, { false, "miss" })
  eq(r.wrong_square == nil or r.text == "miss", true)
end)
