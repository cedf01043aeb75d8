-- The rules an attack applied, as the fight lists them (fight.strike's
-- and fight.assess's reasons: the kernel's one assessment of an attack),
-- worded for the table in the session's language. Nothing here decides a
-- rule: it only words the fight's reasons.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local fight = require("fight")

return function(M, T)
  local lang, say, enum = T.lang, T.say, T.enum

  local function zh() return lang() == "zh" end

  local COVER = {
    half = { "half cover", "半掩蔽" },
    ["three-quarters"] = { "three-quarters cover", "四分之三掩蔽" },
    total = { "total cover", "全掩蔽" },
  }

  -- cover_word names a degree of cover ("half" -> "half cover").
  local function cover_word(g)
    local w = COVER[g]
    if not w then return g end
    return zh() and w[2] or w[1]
  end
  T.cover_word = cover_word

  -- who names a creature given by id in a reason.
  local function who(id)
    local c = fight.get(id)
    if c then return M.name(c) end
    return id
  end

  -- The qualifiers the kernel adds after a condition ("..., melee attack",
  -- "... within 5 ft").
  local SUFFIX = {
    { "^, ranged attack", ", ranged attack", "，遠程攻擊" },
    { "^, melee attack", ", melee attack", "，近戰攻擊" },
    { "^, the target is not its source", ", the target is not its source", "，目標並非其來源" },
    { "^, its source in sight", ", its source in sight", "，其來源在視線內" },
    { "^, it sees the attacker", ", it sees the attacker", "，其看得見攻擊者" },
  }

  local function suffix(rest)
    local out = {}
    while rest ~= "" do
      local done = false
      for _, s in ipairs(SUFFIX) do
        local a, b = rest:find(s[1])
        if a then
          out[#out + 1] = zh() and s[3] or s[2]
          rest = rest:sub(b + 1)
          done = true
          break
        end
      end
      if not done then
        local n, unit, after = rest:match("^ within (%d+) (%S+)(.*)$")
        local word = "within"
        if not n then
          n, unit, after = rest:match("^ beyond (%d+) (%S+)(.*)$")
          word = "beyond"
        end
        if not n then
          out[#out + 1] = rest
          break
        end
        if zh() then
          local u = unit == "ft" and "呎" or unit
          out[#out + 1] = string.format(word == "within" and "（%s %s內）" or "（%s %s外）", n, u)
        else
          out[#out + 1] = " " .. word .. " " .. n .. " " .. unit
        end
        rest = after
      end
    end
    return table.concat(out)
  end

  -- M.reason words one reason of the fight ("target unconscious within 5
  -- ft") in the session's language, with the conditions' names.
  function M.reason(text)
    text = tostring(text)
    local auto = text:match("^automatic: (.*)$")
    if auto then return (zh() and "自動：" or "automatic: ") .. M.reason(auto) end
    local role, cond, rest = text:match("^(attacker) ([%w_%-]+)(.*)$")
    if not role then role, cond, rest = text:match("^(target) ([%w_%-]+)(.*)$") end
    if role then
      local name = M.label("condition", cond)
      if zh() then return (role == "target" and "目標" or "攻擊者") .. name .. suffix(rest) end
      return role .. " " .. name .. suffix(rest)
    end
    local g = text:match("^cover (.+)$")
    if g then return cover_word(g) end
    local id = text:match("^enemy within reach: (.+)$")
    if id then return zh() and ("敵人在身旁：" .. who(id)) or ("enemy within reach: " .. who(id)) end
    id = text:match("^flanking with (.+)$")
    if id then return zh() and ("與 " .. who(id) .. " 夾擊") or ("flanking with " .. who(id)) end
    if not zh() then return text end
    local ZH = {
      range = "遠距離", ["can't see the target"] = "看不見目標",
      ["the target can't see the attacker"] = "目標看不見攻擊者",
      ["out of range"] = "超出射程", ["out of reach"] = "超出觸及範圍",
    }
    return ZH[text] or text
  end

  local function signed(n)
    if n >= 0 then return "+" .. n end
    return tostring(n)
  end

  -- M.explain words an attack's reasons: r is fight.strike's or
  -- fight.assess's record; opts.adv is the level the command line added
  -- (--adv, --dis). Returns {adv = {...}, dis = {...}, mods = {...}, crit =
  -- "why a hit is critical" or nil, text = "Advantage: ...; Disadvantage:
  -- ..." or ""}.
  function M.explain(r, opts)
    opts = opts or {}
    local adv, dis, mods, crit = {}, {}, {}, nil
    local up, down = 0, 0
    for _, x in ipairs(r.reasons or {}) do
      if x.kind == "adv" and x.level > 0 then
        adv[#adv + 1] = M.reason(x.why)
        up = up + x.level
      elseif x.kind == "adv" and x.level < 0 then
        dis[#dis + 1] = M.reason(x.why)
        down = down - x.level
      elseif x.kind == "mod" then
        mods[#mods + 1] = say("why_mod", signed(x.level), M.reason(x.why))
      elseif x.kind == "ac" then
        mods[#mods + 1] = say("why_ac", signed(x.level), M.reason(x.why))
      elseif x.kind == "crit" and crit == nil then
        crit = M.reason(x.why)
      end
    end
    local flag = opts.adv or 0
    if flag > 0 then
      adv[#adv + 1] = say("why_flag", "--adv")
      up = up + flag
    elseif flag < 0 then
      dis[#dis + 1] = say("why_flag", "--dis")
      down = down - flag
    end
    -- what a script's hook added beyond the fight's own rules
    if (r.adv or 0) > up then adv[#adv + 1] = say("why_script") end
    if (r.dis or 0) > down then dis[#dis + 1] = say("why_script") end
    local parts = {}
    if #adv > 0 then parts[#parts + 1] = say("why_adv", enum(adv)) end
    if #dis > 0 then parts[#parts + 1] = say("why_dis", enum(dis)) end
    if #adv > 0 and #dis > 0 then parts[#parts + 1] = say("why_cancel") end
    for _, m in ipairs(mods) do parts[#parts + 1] = m end
    return { adv = adv, dis = dis, mods = mods, crit = crit, text = table.concat(parts, zh() and "；" or "; ") }
  end

  -- M.where words where an attack was made on a map ("at 10 ft, half
  -- cover"), "" without a map.
  function M.where(r)
    if r.distance == nil then return "" end
    local unit = (fight.map() or {}).unit or "ft"
    local text = say("at_distance", r.distance, zh() and unit == "ft" and "呎" or unit)
    if r.cover and r.cover ~= "none" then text = text .. say("comma") .. cover_word(r.cover) end
    return text
  end
end
