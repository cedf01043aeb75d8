-- The Lua check module: die tests (modifiers and stacking, on/off and graded
-- advantage, natural-face rules, threats and confirmation, degrees), opposed
-- checks, roll-under checks and the advantage arithmetic. Worked examples
-- come from the inventories under rules/.
-- ruleset: base

test("a plain test: total against a target, every modifier reported", function()
  dice.force{11}
  local r = check.roll{mods = {3, {value = 2, type = "morale", source = "Bless"}}, target = 15}
  eq(r.natural, 11)
  eq(r.total, 16)
  eq(r.mod_total, 5)
  eq(r.success, true)
  eq(r.decided, "total")
  eq(r.margin, 1)
  eq(r.compare, ">=")
  eq(r.target, 15)
  eq(r.dice, {{face = 11, kept = true, role = "main"}})
  eq(r.mods[2], {value = 2, type = "morale", source = "Bless", counted = true})
  eq(r.crit, false)
end)

test("no target: the roll only totals", function()
  dice.force{8}
  local r = check.roll{mods = {4}}
  eq(r.total, 12)
  eq(r.compare, "none")
  eq(r.target, nil)
  eq(r.success, false)
  eq(r.decided, "none")
end)

test("5e: advantage and disadvantage cancel whatever the counts", function()
  -- 5E-ADV-03/04: two advantage sources and one disadvantage: one d20.
  dice.force{12}
  local r = check.roll{
    mods = {5},
    adv = {{level = 1, source = "Help"}, {level = 1, source = "unseen attacker"}, {level = -1, source = "prone"}},
    target = 15,
  }
  eq(#r.dice, 1)
  eq(r.net_adv, 0)
  eq(r.adv_up, 2)
  eq(r.adv_down, 1)
  eq(r.total, 17)
  eq(r.success, true)
  local net, up, down = check.net_adv({1, 1, -1})
  eq({net, up, down}, {0, 2, 1})
end)

test("5e: advantage keeps the higher d20, disadvantage the lower", function()
  dice.force{3, 18, 3, 18}
  local adv = check.roll{adv = 1, target = 10}
  eq(adv.natural, 18)
  eq(adv.dice[1].kept, false)
  eq(adv.dice[2].kept, true)
  eq(adv.keep, "highest")
  local dis = check.roll{adv = {{level = -1, source = "poisoned"}, {level = -1, source = "prone"}}, target = 10}
  eq(dis.net_adv, -1, "on/off: two disadvantages are one")
  eq(#dis.dice, 2)
  eq(dis.natural, 3)
  eq(dis.success, false)
end)

test("graded advantage: 2 advantage and 1 disadvantage leave +1 (HB-CORE-02/03)", function()
  dice.force{7, 16}
  local r = check.roll{
    adv = {{level = 2, source = "target incapacitated"}, {level = -1, source = "prone"}},
    adv_policy = "graded",
    mods = {4},
    target = 18,
  }
  eq(r.net_adv, 1)
  eq(#r.dice, 2, "1 + |net| dice")
  eq(r.keep, "highest")
  eq(r.natural, 16)
  eq(r.total, 20)
  eq(r.success, true)
  local net, up, down = check.net_adv({2, -1}, "graded")
  eq({net, up, down}, {1, 2, 1})
  eq(check.net_adv({2, -1}), 0, "the same sources cancel under on/off")
  eq(check.net_adv({3, 1}, {mode = "graded", cap = 2}), 2, "a cap limits the net level")
end)

test("graded advantage: net -2 rolls three dice and keeps the lowest", function()
  dice.force{15, 4, 9}
  local r = check.roll{adv = -2, adv_policy = "graded", target = 5}
  eq(#r.dice, 3)
  eq(r.keep, "lowest")
  eq(r.natural, 4)
  eq(r.success, false)
end)

test("graded advantage through another dice rule: 2d20, then +2 per further level", function()
  dice.force{4, 9}
  local r = check.roll{adv = 3, adv_policy = {mode = "graded", max_dice = 2, step = 2}, target = 12}
  eq(#r.dice, 2)
  eq(r.natural, 9)
  eq(r.adv_bonus, 4)
  eq(r.total, 13)
  eq(r.success, true)
end)

test("graded advantage through a script's resolve hook and a level table", function()
  dice.force{10, 10, 7}
  local flat = check.roll{adv = -2, adv_policy = {mode = "graded", resolve = function(net)
    return {dice = 1, bonus = 2 * net}
  end}}
  eq(flat.total, 6)
  eq(#flat.dice, 1)
  local tabled = check.roll{adv = 5, adv_policy = {mode = "graded", table = {[1] = {dice = 2}, [2] = {dice = 2, bonus = 3}}}}
  eq(tabled.adv_bonus, 3, "levels beyond the table use its last row")
  eq(tabled.total, 13)
end)

test("3e: Tordek's natural 20 threatens, the confirmation roll confirms (§18 3b-3c)", function()
  dice.force{20, 13}
  local r = check.roll{
    mods = {
      {value = 1, type = "base", source = "BAB"},
      {value = 2, type = "ability", source = "Str"},
      {value = 1, type = "feat", source = "Weapon Focus"},
    },
    target = 16, auto_success = 20, auto_failure = 1, threat = 20, confirm = true, text = true,
  }
  eq(r.total, 24)
  eq(r.success, true)
  eq(r.threat, true)
  eq(r.crit, true)
  eq(r.confirmed, true)
  eq(r.confirm_natural, 13)
  eq(r.confirm_total, 17)
  eq(#r.dice, 2)
  eq(r.dice[2].role, "confirm")
  matches(r.text, "crit (confirm 13 -> 17)")
end)

test("3e: a 19-20 threat range; a threat that misses is no threat, a failed confirmation no crit", function()
  dice.force{19, 19, 2}
  local spec = {mods = {5}, target = 25, auto_success = 20, auto_failure = 1, threat = {19, 20}, confirm = true}
  local miss = check.roll(spec)
  eq(miss.success, false)
  eq(miss.threat, false, "3E-ATK-10: a roll in the range that misses does not threaten")
  spec.target = 20
  local hit = check.roll(spec)
  eq(hit.threat, true)
  eq(hit.crit, false)
  eq(hit.confirmed, false)
  eq(hit.confirm_natural, 2)
end)

test("3e: typed bonuses count once, highest wins; dodge and untyped stack", function()
  dice.force{10}
  local r = check.roll{
    mods = {
      {value = 2, type = "enhancement", source = "+2 sword"},
      {value = 1, type = "enhancement", source = "masterwork"},
      {value = 1, type = "dodge", source = "Dodge"},
      {value = 2, type = "dodge", source = "fighting defensively"},
      {value = 1, source = "flanking"},
      {value = 1, source = "higher ground"},
    },
    stacking = {default = "highest", add = {"dodge", "untyped"}},
  }
  eq(r.mod_total, 7)
  eq(r.total, 17)
  eq(r.mods[2].counted, false)
  eq(r.mods[2].why, "stacking: lower enhancement")
  eq(r.mods[4].counted, true)
  dice.force{10}
  eq(check.roll{mods = r.mods, stacking = "add"}.total, 18, "a result's mods can be rolled again; everything adds")
end)

test("mod5e: a natural 1 fails a save and a natural 20 makes it (TV-32)", function()
  dice.force{1, 20}
  local spec = {mods = {25}, target = 20, auto_success = 20, auto_failure = 1}
  local r = check.roll(spec)
  eq(r.total, 26)
  eq(r.success, false)
  eq(r.decided, "auto_failure")
  spec.mods, spec.target = {-5}, 30
  r = check.roll(spec)
  eq(r.success, true)
  eq(r.decided, "auto_success")
end)

test("mod5e: swim distance by degree of success, steps of 5 (TV-20)", function()
  dice.force{7, 12, 13, 20}
  local function swim(mod)
    return check.roll{mods = {mod}, target = 10, degree_step = 5}
  end
  local totals, degrees = {}, {}
  for _, mod in ipairs{2, 2, 2, 7} do
    local r = swim(mod)
    totals[#totals + 1] = r.total
    degrees[#degrees + 1] = r.degree
  end
  eq(totals, {9, 14, 15, 27})
  eq(degrees, {-1, 0, 1, 3})
end)

test("roll-under, lower is better: the test keeps the lower die under advantage", function()
  dice.force{9, 14}
  local r = check.roll{adv = 1, target = 12, compare = "<="}
  eq(r.keep, "lowest")
  eq(r.natural, 9)
  eq(r.success, true)
  eq(r.margin, 3)
end)

test("a forced failure decides without the dice", function()
  dice.force{20}
  local r = check.roll{target = 5, force = "failure"}
  eq(r.success, false)
  eq(r.decided, "force")
end)

test("opposed: a tie goes to the defender (HB-CORE-04)", function()
  dice.force{10, 12}
  local o = check.opposed({mods = {3}}, {mods = {1}})
  eq(o.winner, "defender")
  eq(o.how, "tie")
  eq(o.a.total, 13)
  eq(o.b.total, 13)
  eq(#o.rounds, 1)
end)

test("opposed: a side that fails automatically loses; both failing changes nothing (HB-CORE-05)", function()
  local o = check.opposed({mods = {9}, force = "failure"}, {mods = {0}})
  eq(o.winner, "defender")
  eq(o.how, "force")
  eq(#o.rounds, 0)
  eq(o.a, nil)
  o = check.opposed({force = "failure"}, {force = "failure"})
  eq(o.winner, "neither")
end)

test("opposed: ties by modifier, then by re-rolling (TV-17)", function()
  dice.force{12, 13}
  local o = check.opposed({mods = {3}}, {mods = {2}}, {tie = "modifier"})
  eq(o.winner, "initiator")
  eq(o.how, "modifier")
  dice.force{10, 12, 15, 4}
  o = check.opposed({mods = {3}}, {mods = {1}}, {tie = "reroll"})
  eq(#o.rounds, 2)
  eq(o.winner, "initiator")
  eq(o.margin, 13)
  eq(o.rounds[1].a.total, 13)
end)

test("1e: a 4+4 HD monster's morale 69% fails by 6 (TV-27, 1E-MORALE-06)", function()
  dice.force{35}
  local m = check.percentile(69, {mods = {
    {value = 10, source = "friend slain"},
    {value = 10, source = "friend slain"},
    {value = 20, source = "enemy superior 3:1"},
  }, text = true})
  eq(m.faces, {35})
  eq(m.roll, 75)
  eq(m.score, 69)
  eq(m.success, false)
  eq(m.margin, -6)
  eq(m.text, "(35) +40 = 75 vs <= 69: failure by 6")
end)

test("1e: surprise is an N-in-d6 check; the other side's ability adds to the score (TV-01, TV-02)", function()
  dice.force{2, 3, 4}
  eq(check.in_d(2, 6).success, true, "surprised on 1-2, rolls 2")
  eq(check.in_d(2, 6).success, false, "rolls 3")
  local r = check.in_d(1, 6, {score_mods = {{value = 3, source = "surprises on 1-5"}}})
  eq(r.score, 4)
  eq(r.success, true)
  eq(r.margin, 0)
end)

test("roll-under NdX against a score", function()
  dice.force{3, 4, 6}
  local r = check.under(3, 6, 12)
  eq(r.sum, 13)
  eq(r.success, false)
  eq(r.margin, -1)
end)

test("misuse names the argument and the field", function()
  -- fails() takes a plain substring (or a Go regular expression).
  fails(function() check.roll{target = "x"} end, [[bad argument #1 to roll (target: integer expected, got string "x")]])
  fails(function() check.roll{taget = 12} end, [[unknown field "taget" (did you mean "target"?)]])
  fails(function() check.roll{mods = {2, {value = 1.5}}} end, "mods[2].value: integer expected, got number 1.5")
  fails(function() check.roll{adv_policy = {cap = 2}} end, [[adv_policy.mode: "onoff" or "graded" expected, got nil]])
  fails(function() check.roll{compare = "<="} end, "target: integer expected with compare")
  fails(function() check.opposed({}, {}, {tie = "coin"}) end, "bad argument #3 to opposed (tie:")
  fails(function() check.percentile("x") end, "bad argument #1 to percentile")
  fails(function() check.roll{sides = 1} end, "at least 2 sides")
end)

test("check.reroll changes one die of the last roll and works the outcome out again (5E-ADV-05)", function()
  -- Advantage: 3 and 18; reroll the 3 (the lowest by default): 11. The
  -- dice are now 11 and 18, and 18 is kept (TV-08).
  dice.force{ 3, 18 }
  local r = check.roll{ adv = 1, target = 15 }
  eq(r.natural, 18)
  dice.force{ 11 }
  r = check.reroll()
  eq(r.natural, 18)
  -- Disadvantage: the same dice keep the lower, so the reroll matters.
  dice.force{ 3, 18 }
  r = check.roll{ adv = -1, target = 10 }
  eq({ r.natural, r.success }, { 3, false })
  dice.force{ 11 }
  r = check.reroll()
  eq({ r.natural, r.success }, { 11, true })
  fails(function() check.reroll(5) end, "slot")
end)
