-- Audit (independent cases): inventory sections 8, 10 and 15: hiding per
-- observer, search ties, obscurement on checks, creature types; and the
-- graded rules inside a fight (the kernel's path, not the what-if).
-- ruleset: mod5e
-- covers: HB-HIDE-01 HB-HIDE-02 HB-HIDE-03 HB-HIDE-04 HB-VIS-02 HB-VIS-04 HB-VIS-10
-- covers: HB-TYPE-01 HB-TYPE-02 HB-TYPE-03 HB-TYPE-04 HB-TYPE-05
-- covers: HB-COND-10 HB-DMG-04 HB-ATTACK-10

local ch = require("core.5e.character")
local hide = rules.need("mod5e.hide")
local vis = rules.need("mod5e.visibility")
local types = rules.need("mod5e.types")

local function pc(id, pos, opts)
  opts = opts or {}
  local c = ch.new{ id = id, max_hp = 20, level = 1, abilities = { str = 10, dex = opts.dex or 10, con = 10, int = 10,
    wis = opts.wis or 10, cha = 10 }, skills = opts.skills }
  c:set("pos", pos or { x = 0, y = 0 })
  return c
end

test("audit: a hide total equal to passive Perception fails; one more succeeds (HB-HIDE-02, AMB-11)", function()
  local thief, guard = pc("thief"), pc("guard", { x = 3, y = 0 })
  eq(hide.passive(guard), 10)
  dice.force{ 10 }
  eq(#hide.hide(thief, { guard }, { cover = "weak" }).from, 0)
  dice.force{ 11 }
  eq(hide.hide(thief, { guard }, { cover = "weak" }).from, { "guard" })
end)

test("audit: passive Perception with 2 dis is 10 less (HB-HIDE-02, AMB-15)", function()
  eq(hide.passive(pc("g", nil, { wis = 14 }), -2), 2)
  eq(hide.passive(pc("h", nil, { wis = 14 }), 1), 17)
end)

test("audit: a search one above the hide value finds the hider; found, it is seen again (HB-HIDE-03)", function()
  local thief, guard = pc("thief"), pc("guard", { x = 2, y = 0 })
  thief:add_condition("hidden", { source = "guard", level = 14, stacking = "independent" })
  dice.force{ 15 }
  eq(hide.search(guard, { thief }).found, { "thief" })
  eq(fight.sees(guard, thief), true)
end)

test("audit: hidden from one guard: the other attacks it normally; its attack on the first has 2 adv (HB-HIDE-02, HB-VIS-10)", function()
  local thief, g1, g2 = pc("thief"), pc("g1", { x = 1, y = 0 }), pc("g2", { x = 0, y = 1 })
  thief:add_condition("hidden", { source = "g1", level = 16, stacking = "independent" })
  local a = fight.assess(g2, thief, nil, { distance = 5 })
  eq(a.adv - a.dis, 0)
  a = fight.assess(g1, thief, nil, { distance = 5 })
  eq(a.adv - a.dis, -2)
  a = fight.assess(thief, g1, nil, { distance = 5 })
  eq(a.adv - a.dis, 2)
end)

test("audit: Stealth in heavy obscurement 2 adv: three d20s, the highest (HB-VIS-04)", function()
  local c = pc("c")
  vis.obscure(c, "heavy")
  dice.force{ 2, 19, 5 }
  local r = rules.need("mod5e.core").test(c, { skill = "stealth", adv = vis.stealth_adv(c) })
  eq({ r.net_adv, r.natural }, { 2, 19 })
end)

test("audit: 12 types, outsider sub-groups are tags not types: an angel is an outsider (HB-TYPE-01, 02, AMB-32)", function()
  eq(#types.types, 12)
  local a = creature.new{ id = "deva", hp = 5 }
  types.set(a, "天使")
  local t, subs = types.of(a)
  eq({ t, subs }, { "outsider", { "celestial" } })
  ok(types.is(a, "celestial") and types.is(a, "outsider"))
  eq(types.is(a, "fiend"), false)
end)

test("audit: an outsider destroyed off its home plane goes home; on it, it dies (HB-TYPE-03)", function()
  local e = creature.new{ id = "efreet", hp = 5, tags = { "home_plane=fire" } }
  types.set(e, "outsider")
  eq(types.destroyed(e, { plane = "material" }), "banished_home")
  eq(types.destroyed(e, { plane = "fire" }), "dead")
end)

test("audit: a magical beast stays one when it gains more; an undead is hit by anti-undead, a construct not (HB-TYPE-04, 05)", function()
  local w = creature.new{ id = "w", hp = 5 }
  types.set(w, "magical_beast")
  eq(types.gain_supernatural(w), "magical_beast")
  local sk = creature.new{ id = "sk", hp = 5 }
  types.set(sk, "不死生物")
  eq(types.affected_by_anti_undead(sk), true)
end)

-- scene runs fn(all) inside a fight of a and b, after initiative.
local function scene(a, b, fn)
  local done = false
  local h = rules.on("turn.act", function(e)
    if done then return end
    done = true
    local all = {}
    for _, c in ipairs(fight.all()) do all[c:get("id")] = c end
    fn(all)
    e.acted = true
    for _, c in ipairs(fight.enemies(e.fighter)) do fight.flee(c) end
  end, { phase = "after" })
  dice.force{ 15, 5 }
  fight.run(fight.encounter{ max_rounds = 1, sides = { { name = "a", members = { { stat = a } } },
    { name = "b", members = { { stat = b } } } } })
  rules.off(h)
  eq(done, true)
end

test("audit: in a fight, a hit on a paralyzed foe from 5 ft is a critical: 1d8+2 doubled dice only (HB-COND-10, HB-ATTACK-10)", function()
  scene({ id = "knight", hp = 20, ac = 10, attacks = { { name = "Sword", bonus = 5, damage = "1d8+2", type = "slashing" } } },
    { id = "orc", hp = 40, ac = 12, attacks = { { name = "Club", bonus = 0, damage = "1d4" } } },
    function(all)
      all.orc:add_condition("paralyzed")
      dice.force{ 3, 9, 5, 6, 4 }
      local r = fight.strike(all.knight, all.orc, "Sword")
      eq({ r.natural, r.hit, r.crit, r.damage }, { 9, true, true, 12 }, "2 adv: 9 kept, 14 hits 12; 2d8 = 6 + 4, + 2")
    end)
end)

test("audit: in a fight, a crit's fire dice are doubled, summed, then the flat fire resistance once (HB-DMG-04, HB-ATTACK-10)", function()
  scene({ id = "mage", hp = 20, ac = 10, attacks = { { name = "Flame", bonus = 5, damage = "1d6[fire] + 1d6[fire]" } } },
    { id = "orc", hp = 40, ac = 12, traits = { { kind = "resist_flat", type = "fire", amount = 5 } },
      attacks = { { name = "Club", bonus = 0, damage = "1d4" } } },
    function(all)
      dice.force{ 20, 1, 2, 3, 4 }
      local r = fight.strike(all.mage, all.orc, "Flame")
      eq({ r.crit, all.orc:get("hp") }, { true, 40 - (10 - 5) }, "4d6 = 10 fire, - 5")
    end)
end)
