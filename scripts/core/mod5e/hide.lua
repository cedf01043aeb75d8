-- Hiding and searching (inventory section 8, HB-HIDE-01..04; the Hide and
-- Search actions HB-ACT-07, 08).
--
-- Hiding is per observer: a Stealth (Dex) check compared separately with
-- the passive Perception of each creature that can see the hider; to each
-- one beaten (a tie is not enough, AMB-11) the hider is an unseen enemy,
-- recorded as a "hidden" condition whose source is that observer and
-- whose level is the check's total (the hide value). The kernel reads it:
-- that observer does not perceive the hider (fight.sees, the T-5 levels).
-- One can't hide from a creature that sees one clearly: there must be
-- cover or obscurement between them (HB-HIDE-01). Searching is Perception
-- against the hide value (HB-HIDE-03). Noise or an attack gives the hider
-- away at once, hit or miss (HB-HIDE-04, HB-VIS-13).
--
-- 5e.exploration's hiding for fights' kits (quick_hide: Nimble Escape,
-- Cunning Action) and its reveal after an attack are replaced by these.
local rules = require("rules")
local fight = require("fight")

local M = {}

local function core() return rules.need("mod5e.core") end
local function vis() return rules.need("mod5e.visibility") end

-- M.passive is a passive Perception score (AMB-15): 10 + the Perception
-- bonus, ±5 a net level (mod5e.options.passive_step); adv adds levels
-- (the obscurement at what it looks at, HB-VIS-02).
function M.passive(c, adv)
  local mod, net = rules.need("5e.checks").modifier(c, { skill = "perception", adv = adv })
  if mod == nil then return 0 end
  return 10 + mod + (core().option("passive_step") or 5) * net
end

-- M.can_hide_from reports whether hider may try to hide from observer:
-- not while observer sees it clearly (no cover, no obscurement between
-- them) (HB-HIDE-01, HB-ACT-07). opts.cover: the hider's cover against it
-- (default: the map's, none without one).
function M.can_hide_from(hider, observer, opts)
  opts = opts or {}
  local view = vis().view(observer, hider, opts)
  if view ~= "clear" then return true end
  local cover = opts.cover
  if cover == nil then
    local mapped, m = pcall(fight.map)
    if mapped and m then
      local ok, g = pcall(fight.cover, hider, observer)
      cover = ok and g or "none"
    end
  end
  cover = rules.need("5e.attack").grade(cover or "none")
  return cover ~= "none"
end

-- M.hide: hider's Stealth check against each observer's passive
-- Perception (HB-HIDE-02): hidden from each it beats (a "hidden" instance
-- with that source, level = the hide value). opts: cover (a grade, or a
-- table by observer id), adv, total (a result already rolled). Returns
-- {total, from = {ids}, not_from = {ids}, cannot = {ids}}.
function M.hide(hider, observers, opts)
  opts = opts or {}
  local out = { from = {}, not_from = {}, cannot = {} }
  local r = opts.total and { total = opts.total }
    or core().test(hider, { skill = "stealth", adv = { opts.adv or 0, vis().stealth_adv(hider) } })
  out.total, out.roll = r.total or 0, r
  for _, o in ipairs(observers) do
    local id = o:get("id")
    local cover = type(opts.cover) == "table" and opts.cover[id] or opts.cover
    if not M.can_hide_from(hider, o, { cover = cover }) then
      out.cannot[#out.cannot + 1] = id
    elseif out.total > M.passive(o, vis().perception_adv(hider)) then
      hider:remove_condition("hidden", { source = id })
      hider:add_condition("hidden", { source = id, level = math.max(out.total, 1), stacking = "independent" })
      out.from[#out.from + 1] = id
    else
      out.not_from[#out.not_from + 1] = id
    end
  end
  return out
end

-- M.hidden_from reports whether hider is hidden from observer, and its
-- hide value.
function M.hidden_from(hider, observer)
  for _, inst in ipairs(hider:conditions("hidden")) do
    if inst.source == observer:get("id") then return true, inst.level end
  end
  return false
end

-- M.search: seeker's Perception check against the hide value of each
-- hidden creature nearby (HB-HIDE-03, HB-ACT-08); each it beats is found:
-- no longer hidden from it, though it may still not be visible (heavily
-- obscured, invisible, total cover). Returns {total, found = {ids},
-- still_unseen = {ids}}.
function M.search(seeker, hiders, opts)
  opts = opts or {}
  local out = { found = {}, missed = {}, still_unseen = {} }
  local id = seeker:get("id")
  local r = opts.total and { total = opts.total } or core().test(seeker, { skill = "perception", adv = opts.adv })
  out.total = r.total or 0
  for _, h in ipairs(hiders) do
    local hidden, value = M.hidden_from(h, seeker)
    if hidden then
      local adv_total = out.total
      if adv_total > value then
        h:remove_condition("hidden", { source = id })
        out.found[#out.found + 1] = h:get("id")
        if vis().unseen_why(seeker, h, opts) then out.still_unseen[#out.still_unseen + 1] = h:get("id") end
      else
        out.missed[#out.missed + 1] = h:get("id")
      end
    end
  end
  return out
end

-- M.reveal: noise or a violent act (an attack, hit or miss) gives the
-- hider's position away at once: hidden from nobody (HB-HIDE-04,
-- HB-VIS-13). Returns whether it was hidden.
function M.reveal(c)
  return c:remove_condition("hidden") > 0
end

rules.define("mod5e.hide", M)

-- 5e.exploration with these rules for fights' kits.
local E5 = rules.need("5e.exploration")
local E = setmetatable({}, { __index = E5 })

-- E.quick_hide: a kit's Hide (Nimble Escape, Cunning Action) against the
-- living enemies it can hide from; no roll when it can hide from none.
function E.quick_hide(c)
  local ok, enemies = pcall(fight.enemies, c)
  if not ok then return false end
  local some = false
  for _, o in ipairs(enemies) do
    if M.can_hide_from(c, o) then
      some = true
      break
    end
  end
  if not some then return false end
  local r = M.hide(c, enemies)
  return #r.from > 0
end

function E.after(c, event)
  if not E5.hide_enders[event] then return false end
  local a = M.reveal(c)
  local b = E5.reveal(c)
  return a or b
end

function E.hidden(c)
  return c:has("hidden")
end

rules.define("5e.exploration", E)
