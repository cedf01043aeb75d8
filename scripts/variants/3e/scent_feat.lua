-- DMG-SA-40 (variant): scent as a feat. Half-orc and gnome characters and
-- many humanoid NPCs may take Scent as a feat (prerequisite Wis 11); it
-- gives the monsters' scent (monsters.abilities.senses: the tag "scent").
-- The book warns it is stronger than most feats.
local rules = require("rules")
rules.variant{ id = "3e.scent_feat", system = "3e", implements = { "DMG-SA-40" },
               name = { en = "Scent as a feat", zh = "具有灵敏嗅觉的人物" } }
local S = require("core.3e.statblock")
local feats = {}
for k, v in pairs(S.feat_rules) do feats[k] = v end
feats.scent = function(spec, abilities)
  if (abilities.wis or 10) < 11 then return "the Scent feat needs Wis 11" end
  local race = spec.race
  if spec.player and race ~= "half-orc" and race ~= "gnome" then
    return "the Scent feat is for half-orc and gnome characters (and humanoid NPCs)"
  end
  return nil
end
rules.merge("3e.statblock", { feat_rules = feats })
