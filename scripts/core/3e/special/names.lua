-- English and Chinese names of the special attacks, the magic actions and
-- the turning of undead (inventory §21; the Chinese is the seed's term
-- wherever it names the thing, else marked "not in source" where the
-- module defines it). Gathered from the modules that own them, so each
-- name is written once.
local rules = require("rules")

local M = rules.get("3e.special.names")
if M then return M end
M = { list = {}, by = {} }

local modules = {
  { "grapple", "core.3e.special.grapple" }, { "trip", "core.3e.special.trip" },
  { "maneuvers", "core.3e.special.maneuvers" }, { "objects", "core.3e.special.objects" },
  { "aid", "core.3e.special.aid" }, { "splash", "core.3e.special.splash" },
  { "mounted", "core.3e.special.mounted" }, { "unarmed", "core.3e.special.unarmed" },
  { "turning", "core.3e.special.turning" }, { "magic", "core.3e.magic" },
}

for _, m in ipairs(modules) do
  local mod = require(m[2])
  local keys = {}
  for k in pairs(mod.names) do keys[#keys + 1] = k end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local n = mod.names[k]
    local e = { id = k, module = m[1], en = n.en, zh = n.zh }
    M.list[#M.list + 1] = e
    if not M.by[k] then M.by[k] = e end
  end
end

rules.define("3e.special.names", M)
return M
