-- damage and heal.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local fight = require("fight")

return function(M, T)
  local lang, say, fail, resolve, hp_text, state = T.lang, T.say, T.fail, T.resolve, T.hp_text, T.state
  local fate, join, amount = T.fate, T.join, T.amount

  -- ---- damage, heal ----

  -- M.damage deals n damage (a number or dice) of a type (any name the
  -- system knows; nil: untyped) to a, through damage.apply and the dying
  -- rules. Returns {amount, lost, taken, text}.
  function M.damage(a, n, typ)
    local c = M.find(a)
    if fight.is(c, "dead") then fail("dead_target", M.name(c)) end
    local total, rolled = amount("damage", n)
    local id = typ and resolve("damage", typ) or nil
    local hp0, temp0, was = c:get("hp"), c:get("temp_hp"), state(c)
    local lost = fight.damage(c, total, id or "")
    local taken = (hp0 - c:get("hp")) + (temp0 - c:get("temp_hp"))
    local what = id and say("typed_damage", M.label("damage", id)) or say("damage_word")
    local note = ""
    if total > 0 and taken == 0 and hp0 > 0 then
      note = say("immune")
    elseif taken < total and c:get("hp") > 0 then
      note = say("resisted", total)
    elseif taken > total then
      note = say("increased", total)
    end
    local shown = tostring(taken) .. (lang() == "zh" and " 點" or " ")
    local text = say("damaged", M.name(c), shown, what, note, hp_text(c))
    if rolled then text = rolled .. "\n" .. text end
    local lines = { text }
    fate(c, was, lines)
    return { amount = total, lost = lost, taken = taken, text = join(lines) }
  end

  -- M.heal gives a n hit points (a number or dice), through the system's
  -- "table.heal" when it defines one; a creature that was down and now has
  -- hit points is back in the fight. Returns {amount, regained, text}.
  function M.heal(a, n)
    local c = M.find(a)
    if fight.is(c, "dead") then fail("dead_heal", M.name(c)) end
    local total, rolled = amount("heal", n)
    local was_out = fight.is(c, "out")
    local hook = rules.get("table.heal")
    local got
    if type(hook) == "function" then
      got = hook(c, total)
    else
      got = c:heal(total)
    end
    if fight.is(c, "out") and not fight.is(c, "dead") and c:get("hp") > 0 then fight.revive(c) end
    local lines = { rolled or "", say("healed", M.name(c), got, hp_text(c)) }
    if was_out and not fight.is(c, "out") then lines[#lines + 1] = say("back", M.name(c)) end
    return { amount = total, regained = got, text = join(lines) }
  end
end
