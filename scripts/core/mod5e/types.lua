-- Creature types (inventory section 15, HB-TYPE-01..06, T-9): twelve
-- types, the outsiders' sub-groups with their interchangeable names, the
-- outsider that goes home instead of dying, the beast that becomes a
-- magical beast, the corpse-built construct that is no undead, creatures
-- without legs and non-visual senses.
--
-- A creature's type is its stat block's creature_type (and a tag of the
-- same name); a 5e stat block's type is read as the modded type it
-- matches (5e's monstrosity is a magical beast, its fiend an infernal
-- outsider, and so on), so the 5e monsters keep theirs.
local rules = require("rules")
local fight = require("fight")

local M = {}

-- T-9, in the seed's order of its list.
M.types = {
  { id = "humanoid", en = "Humanoid", zh = "类人生物" },
  { id = "beast", en = "Beast", zh = "野兽" },
  { id = "aberration", en = "Aberration", zh = "异怪" },
  { id = "outsider", en = "Outsider", zh = "异界生物", subtypes = { "celestial", "infernal" } },
  { id = "plant", en = "Plant", zh = "植物" },
  { id = "dragon", en = "Dragon", zh = "龙类" },
  { id = "fey", en = "Fey", zh = "精类" },
  { id = "undead", en = "Undead", zh = "不死生物" },
  { id = "elemental", en = "Elemental", zh = "元素生物" },
  { id = "construct", en = "Construct", zh = "构装生物" },
  { id = "magical_beast", en = "Magical beast", zh = "魔法兽" },
  { id = "monstrous_humanoid", en = "Monstrous humanoid", zh = "人形怪物" },
}
M.subtypes = {
  celestial = { en = "Celestial", zh = "天界生物", of = "outsider" },
  infernal = { en = "Infernal", zh = "炼狱生物", of = "outsider" },
}

-- Names that mean the same in rules text (HB-TYPE-02, AMB-31): the
-- outsiders' sub-groups and the type names' variants, with 5e's types
-- mapped to the modded ones.
M.aliases = {
  ["天界生物"] = "celestial", ["天族"] = "celestial", ["天使"] = "celestial", angel = "celestial",
  ["炼狱生物"] = "infernal", ["恶魔"] = "infernal", ["邪魔"] = "infernal", ["魔鬼"] = "infernal", ["魔族"] = "infernal",
  fiend = "infernal", demon = "infernal", devil = "infernal",
  ["魔兽"] = "magical_beast", ["魔法兽"] = "magical_beast", ["魔物"] = "magical_beast", ["怪兽"] = "magical_beast",
  monstrosity = "magical_beast",
  ["妖精"] = "fey", ["亡灵"] = "undead", ["死灵"] = "undead", ["不死族"] = "undead",
  ["构装体"] = "construct", ["组构体"] = "construct",
  ooze = "aberration", giant = "monstrous_humanoid",
}
for _, t in ipairs(M.types) do M.aliases[t.zh] = t.id; M.aliases[t.id] = t.id; M.aliases[string.lower(t.en)] = t.id end
for id, s in pairs(M.subtypes) do M.aliases[s.zh] = id; M.aliases[id] = id end

-- M.normalize returns a type or sub-group id from any of its names, and
-- the type a sub-group belongs to: normalize("恶魔") → "infernal", "outsider".
function M.normalize(name)
  if name == nil then return nil end
  local id = M.aliases[name] or M.aliases[string.lower(name)]
  if id == nil then return nil end
  if M.subtypes[id] then return id, M.subtypes[id].of end
  return id, id
end

-- M.of returns c's type and sub-groups: its creature_type (or a type tag)
-- read through the aliases (5e stat blocks give "fiend", "monstrosity").
function M.of(c)
  local subs = {}
  local typ
  for _, tag in ipairs(c:get("tags")) do
    local id, base = M.normalize(tag)
    if id then
      if M.subtypes[id] then subs[#subs + 1] = id end
      typ = typ or base
    end
  end
  table.sort(subs)
  return typ, subs
end

-- M.is reports whether c counts as a type or sub-group, under any of its
-- names (an effect "against fiends" matches an infernal).
function M.is(c, name)
  local id, base = M.normalize(name)
  if id == nil then return false end
  local typ, subs = M.of(c)
  if M.subtypes[id] then
    for _, s in ipairs(subs) do if s == id then return true end end
    return false
  end
  return typ == base
end

-- M.set gives c a type (and sub-groups): a tag each (HB-TYPE-01: exactly
-- one type); an unknown name is an error.
function M.set(c, name, subs)
  local id, base = M.normalize(name)
  if id == nil then error("unknown creature type " .. tostring(name) .. " (one of the 12 of T-9)", 2) end
  local typ = M.of(c)
  if typ then
    for _, tag in ipairs(c:get("tags")) do
      local _, b = M.normalize(tag)
      if b then c:remove_tag(tag) end
    end
  end
  c:add_tag(base)
  if M.subtypes[id] then c:add_tag(id) end
  for _, s in ipairs(subs or {}) do
    local sid = M.normalize(s)
    if not M.subtypes[sid] then error("unknown outsider sub-group " .. tostring(s), 2) end
    c:add_tag(sid)
  end
  return base
end

-- HB-TYPE-04: a beast that gains supernatural abilities or more than an
-- animal's intelligence becomes a magical beast (beasts are never sapient
-- nor supernatural).
function M.gain_supernatural(c)
  if M.is(c, "beast") then M.set(c, "magical_beast") end
  return M.of(c)
end

-- HB-TYPE-05: a construct built from corpses is a construct, not undead:
-- effects against undead do not affect it.
function M.affected_by_anti_undead(c)
  return M.is(c, "undead") and not M.is(c, "construct")
end

-- HB-TYPE-03: an outsider destroyed away from its home plane returns
-- there instead of dying (flag home_plane: its plane; opts.plane: where it
-- is); only destroyed on its own plane does it die for good. Returns
-- "banished_home" or "dead".
function M.destroyed(c, opts)
  opts = opts or {}
  local home = nil
  for _, tag in ipairs(c:get("tags")) do
    home = home or tag:match("^home_plane=(.+)$")
  end
  if M.is(c, "outsider") and home and opts.plane ~= home then
    c:add_tag("banished_home")
    return "banished_home"
  end
  return "dead"
end

-- In a fight an outsider away from home that drops is banished, not dead:
-- a creature.down hook for its stat block (on = { ["creature.down"] =
-- rules.need("mod5e.types").banish_hook }); it leaves the fight alive.
M.banish_hook = {
  only = "subject",
  fn = function(e)
    if M.destroyed(e.target, { plane = "material" }) == "banished_home" then
      rules.cancel(e, "returned to its home plane")
      fight.flee(e.target)
    end
  end,
}

-- HB-TYPE-06: creatures without legs can't be tripped prone (tag
-- "no_prone", read by mod5e.special.trip); a non-visual sense such as
-- blindsight makes a creature ignore Blinded (condition.blinded's
-- ignored_by).
function M.no_legs(c)
  c:add_tag("no_prone")
end

rules.define("mod5e.types", M)
