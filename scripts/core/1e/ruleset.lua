-- AD&D 1st edition, Dungeon Masters Guide (1979) combat chapter
-- (inventory: rules/adnd1e-dmg-combat.md; source text: seeds/002_*.txt).
--
-- Library files (lib, tables, tohit, ...) define "1e.<name>" and return it,
-- so other scripts reach them with rules.need("1e.<name>") or
-- require("core.1e.<name>"). The files after "combat.lua" register the
-- hooks that make fights play themselves by the 1e rules.
return {
  id = "1e",
  name = { en = "AD&D 1st edition (DMG combat)", zh = "高级龙与地下城 第一版（地下城主指南 战斗）" },
  extends = { "base" },
  files = {
    "names.lua", "lib.lua", "tables.lua", "tohit.lua", "conditions.lua", "combat.lua",
    "saves.lua", "hp.lua", "morale.lua", "encounter.lua", "initiative.lua", "missiles.lua",
    "moves.lua", "melee.lua", "unarmed.lua", "spells.lua", "turning.lua", "classes.lua",
    "afflictions.lua", "tactics.lua", "table.lua",
    -- pursuit.lua and psionics.lua register nothing a fight or the rules listing needs: they load on
    -- their first require("core.1e.<name>").
  },
  variants = {
    "1e.natural_twenties", "1e.minus_three", "1e.minus_nine", "1e.scars", "1e.save_natural_20",
    "1e.individual_initiative", "1e.fighter_per_level", "1e.matrix_correction", "1e.mixed_undead",
    "1e.evil_areas", "1e.artifacts", "1e.scatter_by_range",
  },
}
