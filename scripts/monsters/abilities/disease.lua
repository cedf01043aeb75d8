-- Disease (monsters.abilities.disease; DMG-SA-17, Table 3-14 [K, recon:
-- SRD 3.5 "Diseases", the 3.0 SRD naming the same ten]): on exposure an
-- immediate Fortitude save against the DC, or infection; after the
-- incubation the listed damage (temporary ability damage); then a save a
-- day: a failure deals the damage again, a success none that day; two
-- successes in a row cure it (devil chills three; mummy rot never: only
-- magic). A healer's Heal check replaces the patient's save when higher
-- (the patient under care and resting). Natural recovery of ability
-- damage goes on meanwhile. The DM may roll these saves secretly.
--
-- The affliction is a plain table the caller keeps (its clock is days,
-- not rounds): {name, dc, days_to_onset, streak, cured}.
local rules = require("rules")
local dice = require("dice")
local AD = require("monsters.abilities.ability_damage")

local M = rules.get("abilities.disease")
if M then return M end
M = {}

-- name = {type, infection, dc, incubation, damage}
M.table = {
  blinding_sickness = { "ex", "ingested", 16, "1d3", { str = "1d4" }, blinds = true },
  cackle_fever = { "ex", "inhaled", 16, "1", { wis = "1d6" } },
  demon_fever = { "su", "injury", 18, "1", { con = "1d6" }, drain_save = true },
  devil_chills = { "su", "injury", 14, "1d4", { str = "1d4" }, cure_streak = 3 },
  filth_fever = { "ex", "injury", 12, "1d3", { dex = "1d3", con = "1d3" } },
  mindfire = { "ex", "inhaled", 12, "1", { int = "1d4" } },
  mummy_rot = { "su", "contact", 20, "1", { con = "1d6" }, never_cured = true },
  red_ache = { "ex", "injury", 15, "1d3", { str = "1d6" } },
  shakes = { "ex", "contact", 13, "1", { dex = "1d8" } },
  slimy_doom = { "ex", "contact", 14, "1", { con = "1d4" }, drain_save = true },
}
M.order = { "blinding_sickness", "cackle_fever", "demon_fever", "devil_chills", "filth_fever", "mindfire",
  "mummy_rot", "red_ache", "shakes", "slimy_doom" }

function M.get(name)
  local r = M.table[name]
  if not r then error(string.format("disease: no disease %q in Table 3-14", tostring(name)), 2) end
  return { name = name, type = r[1], infection = r[2], dc = r[3], incubation = r[4], damage = r[5],
    blinds = r.blinds, drain_save = r.drain_save, cure_streak = r.cure_streak or 2, never_cured = r.never_cured }
end

-- the save, with a healer's Heal check taking its place when higher
local function save(c, d, healer_bonus)
  local _, r = require("core.3e.saves").roll(c, "fort", d.dc)
  local total = r.total
  if healer_bonus then
    local h = require("check").roll{ mods = { { value = healer_bonus, source = "Heal" } }, target = d.dc }
    if h.total > total then total = h.total end
  end
  return total >= d.dc, total
end

-- M.expose(c, name, opts): the infection save; returns the affliction
-- (nil when it saved).
function M.expose(c, name, opts)
  local d = M.get(name)
  if c:has_tag("disease_immune") or c:has_tag("undead") or c:has_tag("construct") then return nil end
  local ok = save(c, d, opts and opts.healer)
  if ok then return nil end
  return { disease = d, days_to_onset = dice.total(d.incubation), streak = 0, cured = false, target = c }
end

local function damage(c, d)
  local out = {}
  for _, ab in ipairs(AD.abilities) do
    local v = d.damage[ab]
    if v then
      local n = dice.total(v)
      out[ab] = n
      if d.drain_save and not require("core.3e.saves").roll(c, "fort", d.dc) then
        -- footnote 2: one point of it is permanent drain instead
        AD.drain(c, ab, 1)
        if n > 1 then AD.damage(c, ab, n - 1) end
      else
        AD.damage(c, ab, n)
      end
      if d.blinds and n >= 2 and not require("core.3e.saves").roll(c, "fort", d.dc) then
        c:add_condition("blinded", { source = d.name })
        out.blinded = true
      end
    end
  end
  return out
end

-- M.day(a, opts): one day of an affliction: the incubation counts down
-- (the damage on the day it ends), then the daily save. Returns what
-- happened: "incubating", "onset", "damaged", "saved" or "cured".
function M.day(a, opts)
  if a.cured then return "cured" end
  local c, d = a.target, a.disease
  if a.days_to_onset > 0 then
    a.days_to_onset = a.days_to_onset - 1
    if a.days_to_onset > 0 then return "incubating" end
    damage(c, d)
    return "onset"
  end
  local ok = save(c, d, opts and opts.healer)
  if not ok then
    a.streak = 0
    damage(c, d)
    return "damaged"
  end
  a.streak = a.streak + 1
  if not d.never_cured and a.streak >= d.cure_streak then
    a.cured = true
    return "cured"
  end
  return "saved"
end

rules.define("abilities.disease", M)
return M
