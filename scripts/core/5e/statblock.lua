-- The stat block as the SRD 5.2.1 lays it out, as text
-- (require("core.5e.statblock"); `dndsh monster NAME` prints it). An
-- imported monster (core.5e.bestiary) carries its printed lines and entries
-- in `text`; a hand-written one is written from its fields. The lines that
-- follow the stat block say what the script models: the importer's
-- unmodelled, inert and unused lists, or a hand-written monster's features
-- marked scripted = false.
--
--   fmt(stat [, opts]) -> string; opts.width (default 80)
local M = {}

local ABILITIES = { "str", "dex", "con", "int", "wis", "cha" }

local function title(s)
  s = tostring(s or "")
  return (string.gsub(s, "(%a)([%w']*)", function(a, b) return string.upper(a) .. b end))
end

local function signed(n) return n >= 0 and ("+" .. n) or tostring(n) end

local function mod(score) return math.floor(((score or 10) - 10) / 2) end

-- wrap writes text wrapped at width with indent for the lines after the
-- first (paragraphs kept).
local function wrap(out, text, width, indent)
  local first = true
  for para in string.gmatch(text .. "\n", "(.-)\n") do
    local line = ""
    for word in string.gmatch(para, "%S+") do
      if line == "" then
        line = (first and "" or indent) .. word
        first = false
      elseif #line + 1 + #word > width then
        out[#out + 1] = line
        line = indent .. word
      else
        line = line .. " " .. word
      end
    end
    if line ~= "" then out[#out + 1] = line end
  end
end

local function type_line(stat)
  local size = title(stat.sizes and table.concat(stat.sizes, " or ") or stat.size or "medium")
  local typ = stat.creature_type or (stat.tags and stat.tags[1]) or "creature"
  local tags = {}
  for i, t in ipairs(stat.tags or {}) do
    if i > 1 and not string.find(t, "[:=]") and t ~= "legendary" and t ~= "regeneration" and t ~= "magic_resistance"
      and t ~= typ then
      tags[#tags + 1] = title(string.gsub(t, "_", " "))
    end
  end
  local s = size .. " " .. title(typ)
  if #tags > 0 then s = s .. " (" .. table.concat(tags, ", ") .. ")" end
  return s .. ", " .. title(stat.alignment or "unaligned")
end

local function speed_line(stat)
  local sp = stat.speed or {}
  if type(sp) == "number" then return sp .. " ft." end
  local parts = { (sp.walk or 0) .. " ft." }
  for _, m in ipairs({ "burrow", "climb", "fly", "swim" }) do
    if sp[m] then parts[#parts + 1] = title(m) .. " " .. sp[m] .. " ft." .. (m == "fly" and stat.hover and " (hover)" or "") end
  end
  return table.concat(parts, ", ")
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t or {}) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

local function list_line(t, fmtv)
  local parts = {}
  for _, k in ipairs(sorted_keys(t)) do parts[#parts + 1] = fmtv(k, t[k]) end
  return table.concat(parts, ", ")
end

local function traits_of(stat, kind)
  local out = {}
  for _, t in ipairs(stat.traits or {}) do
    if t.kind == kind then out[#out + 1] = title(t.type) end
  end
  return table.concat(out, ", ")
end

local function attack_text(a)
  local kind = a.ranged and "Ranged" or (a.range and "Melee or Ranged" or "Melee")
  local where = {}
  if not a.ranged then where[#where + 1] = "reach " .. (a.reach or 5) .. " ft." end
  if a.range then where[#where + 1] = "range " .. a.range[1] .. "/" .. a.range[2] .. " ft." end
  return string.format("%s Attack Roll: %s, %s Hit: %s %s damage.", kind, signed(a.bonus or 0),
    table.concat(where, " or "), a.damage, title(a.type or ""))
end

-- lines_of returns the printed core lines: the imported ones, or lines
-- made from the fields.
local function lines_of(stat)
  local p = stat.text and stat.text.lines
  if p then return p end
  local l = {}
  l.ac = stat.ac .. " Initiative " .. signed(stat.init or 0) .. " (" .. (10 + (stat.init or 0)) .. ")"
  l.hp = stat.hp .. (stat.hit_dice and (" (" .. stat.hit_dice .. ")") or "")
  l.speed = speed_line(stat)
  if stat.skills then l.skills = list_line(stat.skills, function(k, v) return title(string.gsub(k, "_", " ")) .. " " .. signed(v) end) end
  local r, v, i = traits_of(stat, "resist"), traits_of(stat, "vuln"), traits_of(stat, "immune")
  if r ~= "" then l.resistances = r end
  if v ~= "" then l.vulnerabilities = v end
  local ci = {}
  for _, c in ipairs(stat.condition_immune or {}) do ci[#ci + 1] = title(c) end
  if i ~= "" or #ci > 0 then l.immunities = i .. (#ci > 0 and ((i ~= "" and "; " or "") .. table.concat(ci, ", ")) or "") end
  if stat.gear then l.gear = table.concat(stat.gear, ", ") end
  local senses = list_line(stat.senses, function(k, n) return title(k) .. " " .. n .. " ft." end)
  l.senses = (senses ~= "" and (senses .. "; ") or "") .. "Passive Perception " .. (stat.passive_perception or 10)
  local langs = stat.languages
  if type(langs) == "table" then langs = table.concat(langs, ", ") end
  l.languages = (langs == nil or langs == "") and "None" or langs
  if stat.cr then
    l.cr = string.format("%s (XP %s; PB %s)", stat.cr, tostring(stat.xp or 0), signed(stat.pb or 2))
  end
  return l
end

local SECTIONS = { { "traits", "Traits" }, { "actions", "Actions" }, { "bonus_actions", "Bonus Actions" },
  { "reactions", "Reactions" }, { "legendary", "Legendary Actions" } }

-- entries_of returns the entries of a section: the imported text, or for
-- a hand-written monster its attacks (Actions) and features by kind.
local function entries_of(stat, key)
  if stat.text then return stat.text[key] or {} end
  local out = {}
  if key == "actions" then
    if stat.multiattack and #stat.multiattack > 1 then
      out[#out + 1] = { "Multiattack", "It makes these attacks: " .. table.concat(stat.multiattack, ", ") .. "." }
    end
    for _, a in ipairs(stat.attacks or {}) do out[#out + 1] = { a.name, attack_text(a) } end
  end
  local kind = ({ traits = "trait", actions = "action", bonus_actions = "bonus_action", reactions = "reaction" })[key]
  for _, f in ipairs(stat.features or {}) do
    if f.kind == kind then
      local n = f.en or f.id
      if f.recharge then n = n .. " (Recharge " .. f.recharge .. ")" end
      out[#out + 1] = { n, f.zh and ("(" .. f.zh .. ")") or "" }
    end
  end
  return out
end

function M.fmt(stat, opts)
  local width = opts and opts.width or 80
  local out = {}
  local name = stat.name
  if type(name) == "table" then
    name = name.en and (name.en .. (name.zh and ("  " .. name.zh) or "")) or name.zh
  end
  out[#out + 1] = name or stat.id
  out[#out + 1] = type_line(stat)
  out[#out + 1] = ""
  local l = lines_of(stat)
  out[#out + 1] = "AC " .. string.gsub(l.ac or tostring(stat.ac), " Initiative", "    Initiative")
  out[#out + 1] = "HP " .. (l.hp or tostring(stat.hp))
  out[#out + 1] = "Speed " .. (l.speed or speed_line(stat))
  out[#out + 1] = ""
  out[#out + 1] = string.rep(" ", 9) .. "MOD SAVE" .. string.rep(" ", 11) .. "MOD SAVE" .. string.rep(" ", 11) .. "MOD SAVE"
  for row = 0, 1 do
    local cells = {}
    for i = 1, 3 do
      local ab = ABILITIES[row * 3 + i]
      local score = stat.abilities and stat.abilities[ab] or 10
      local save = stat.saves and stat.saves[ab] or mod(score)
      cells[#cells + 1] = string.format("%s %3d %4s %4s", title(ab), score, signed(mod(score)), signed(save))
    end
    out[#out + 1] = table.concat(cells, "    ")
  end
  out[#out + 1] = ""
  for _, k in ipairs({ { "skills", "Skills" }, { "vulnerabilities", "Vulnerabilities" }, { "resistances", "Resistances" },
    { "immunities", "Immunities" }, { "gear", "Gear" }, { "senses", "Senses" }, { "languages", "Languages" },
    { "cr", "CR" } }) do
    if l[k[1]] then wrap(out, k[2] .. " " .. l[k[1]], width, "  ") end
  end
  if l.initiative then wrap(out, "Initiative " .. l.initiative, width, "  ") end
  for _, s in ipairs(SECTIONS) do
    local list = entries_of(stat, s[1])
    if #list > 0 then
      out[#out + 1] = ""
      out[#out + 1] = s[2]
      if s[1] == "legendary" and stat.text and stat.text.legendary_intro then
        wrap(out, stat.text.legendary_intro, width, "  ")
      end
      for _, e in ipairs(list) do
        wrap(out, e[1] .. ". " .. e[2], width, "  ")
      end
    end
  end
  out[#out + 1] = ""
  if stat.modelled then
    out[#out + 1] = "In fights: " .. (stat.modelled == "full" and "fully modelled" or "partly modelled") .. " (" ..
      (stat.source or "imported") .. ", " .. (stat.data or "") .. ")"
  else
    out[#out + 1] = "In fights: hand-written script (" .. (stat.source or "") .. ")"
  end
  local function section(label, list)
    if list and #list > 0 then
      out[#out + 1] = label
      for _, x in ipairs(list) do wrap(out, "  - " .. x, width, "    ") end
    end
  end
  local unscripted = {}
  for _, f in ipairs(stat.features or {}) do
    if f.scripted == false then unscripted[#unscripted + 1] = (f.en or f.id) .. ": not scripted" end
  end
  section("Not modelled:", stat.unmodelled or unscripted)
  section("No effect in fights:", stat.inert)
  section("Options never taken:", stat.unused)
  return table.concat(out, "\n") .. "\n"
end

return M
