-- save: a saving throw.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local check = require("check")

return function(M, T)
  local lang, say, fail, resolve, meta, adv_level = T.lang, T.say, T.fail, T.resolve, T.meta, T.adv_level

  -- ---- save ----

  -- The base layer's saving throw: d20 + the stat block's `saves` bonus for
  -- the ability (saves = {dex = 3}; 0 when absent) against dc, through the
  -- check module (M.generic_save). Rule systems define their own "save" (5e:
  -- ability modifier and proficiency). opts: adv (a signed level), stat (the
  -- stat block). Returns check.roll's record with ability and name.
  function M.generic_save(c, ability, dc, opts)
    opts = opts or {}
    local stat = opts.stat or {}
    local bonus = 0
    if type(stat.saves) == "table" and type(stat.saves[ability]) == "number" then bonus = stat.saves[ability] end
    local r = check.roll({ mods = { { value = bonus, source = ability .. " save" } }, target = dc, adv = opts.adv or 0 })
    r.ability = ability
    r.name = { en = ability .. " save", zh = ability .. "豁免" }
    return r
  end
  rules.define("save", M.generic_save)

  local function dice_text(r)
    local faces = {}
    for _, d in ipairs(r.dice or {}) do
      faces[#faces + 1] = d.kept and tostring(d.face) or ("~~" .. d.face .. "~~")
    end
    local head = faces[1] or tostring(r.natural)
    if #faces > 1 then head = "(" .. table.concat(faces, ", ") .. ")" end
    local mod = r.total - (r.natural or 0)
    if mod < 0 then return string.format("%s - %d = %d", head, -mod, r.total) end
    return string.format("%s + %d = %d", head, mod, r.total)
  end

  -- M.save rolls a saving throw of a: ability (any name the system knows,
  -- English or Chinese), dc; opts.adv, opts.dis. Returns the system's save
  -- record (success, natural, total, ...) with text.
  function M.save(a, ability, dc, opts)
    opts = opts or {}
    local c = M.find(a)
    local n = tonumber(dc)
    if not n then fail("bad_dc", tostring(dc)) end
    local id = resolve("ability", ability)
    local adv = adv_level(opts)
    local r = rules.need("save")(c, id, n, { adv = adv, stat = meta(c).stat })
    local what = r.name
    if type(what) == "table" then what = (lang() == "zh" and what.zh) or what.en end
    what = what or id
    local mode = (adv > 0 and ", " .. say("adv")) or (adv < 0 and ", " .. say("dis")) or ""
    if lang() == "zh" then mode = (adv > 0 and "，" .. say("adv")) or (adv < 0 and "，" .. say("dis")) or "" end
    local result
    if r.auto then
      local why = {}
      for w in tostring(r.auto):gmatch("[^,]+") do
        w = w:gsub("^%s+", "")
        why[#why + 1] = M.label("condition", w)
      end
      result = say("save_auto", table.concat(why, ", "))
    else
      result = dice_text(r) .. (lang() == "zh" and "，" or ", ") .. say(r.success and "success" or "failure")
    end
    r.text = say("save", M.name(c), what, n, mode, result)
    return r
  end
end
