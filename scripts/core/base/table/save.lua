-- save: a saving throw.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local fight = require("fight")

return function(M, T)
  local lang, say, fail, resolve, meta, adv_level = T.lang, T.say, T.fail, T.resolve, T.meta, T.adv_level
  local dice_text = T.dice_text

  -- ---- save ----

  -- (M.generic_save, the base layer's "save", is core.base.table's own.)

  -- save_one rolls c's saving throw and words it.
  local function save_one(c, id, n, opts)
    local adv = adv_level(opts)
    local mods = opts.mods
    if opts.mods_of then mods = opts.mods_of(c) or mods end
    local r = rules.need("save")(c, id, n, { adv = adv, stat = meta(c).stat, mods = mods })
    local what = r.name
    if type(what) == "table" then what = (lang() == "zh" and what.zh) or what.en end
    what = what or id
    local mode = (adv > 0 and say("comma") .. say("adv")) or (adv < 0 and say("comma") .. say("dis")) or ""
    local result
    if r.auto then
      local why = {}
      for w in tostring(r.auto):gmatch("[^,]+") do
        w = w:gsub("^%s+", "")
        why[#why + 1] = M.label("condition", w)
      end
      result = say("save_auto", table.concat(why, ", "))
    else
      result = dice_text(r) .. say("comma") .. say(r.success and "success" or "failure")
    end
    r.text = say("save", M.name(c), what, n, mode, result)
    return r
  end

  -- M.save rolls a saving throw of a (a creature, or a list: "goblin1,
  -- goblin2" or a table, each saving for itself): ability (any name the
  -- system knows, English or Chinese), dc. opts: adv, dis, mods (extra
  -- modifiers {{value, source}...}: cover), mods_of (function(c) -> the
  -- extra modifiers of creature c), damage (a number or dice, rolled
  -- once for every creature: the failures take it, the successes half of
  -- it with half, none without), type (its damage type). Returns the
  -- system's save record (success, natural, total, ...) with text; for a
  -- list, or with damage, {results = {...}, damage, text}.
  function M.save(a, ability, dc, opts)
    opts = opts or {}
    local list = M.find_list(a)
    local n = tonumber(T.digits(tostring(dc)))
    if not n then fail("bad_dc", tostring(dc)) end
    local id = resolve("ability", ability)
    if opts.damage == nil then
      if opts.half then fail("half_needs_damage") end
      if #list == 1 then return save_one(list[1], id, n, opts) end
      local results, lines = {}, {}
      for i, c in ipairs(list) do
        results[i] = save_one(c, id, n, opts)
        lines[i] = results[i].text
      end
      return { results = results, text = table.concat(lines, "\n") }
    end
    local typ = opts.type and resolve("damage", opts.type) or nil
    local total, rolled = T.amount("damage", opts.damage)
    local lines = {}
    local what = typ and say("typed_damage", M.label("damage", typ)) or say("damage_word")
    lines[1] = say("area_damage", rolled or tostring(total), what)
    local results = {}
    for _, c in ipairs(list) do
      if fight.is(c, "dead") then
        lines[#lines + 1] = say("dead_skipped", M.name(c))
      else
        local r = save_one(c, id, n, opts)
        results[#results + 1] = r
        local amount = total
        if r.success then amount = opts.half and math.floor(total / 2) or 0 end
        if amount > 0 then
          local d = M.damage(c, amount, typ)
          r.taken = d.taken
          lines[#lines + 1] = r.text .. say("then") .. d.text
        else
          r.taken = 0
          lines[#lines + 1] = r.text .. say("then") .. say("no_damage")
        end
      end
    end
    return { results = results, damage = total, text = table.concat(lines, "\n") }
  end
end
