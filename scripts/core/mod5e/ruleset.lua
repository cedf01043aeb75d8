-- The modded 5e (inventory: rules/homebrew-d20-combat.md; source text:
-- seeds/001_*.txt, the chapter 「战斗与遭遇」). A layer over 5e: each file
-- replaces by name only the 5e definitions the modded rules change (the
-- combat table, the conditions, the D20 rules, exhaustion, ...) and adds
-- what 5e lacks (the swift action, the special attacks, flat resistance,
-- creature types); everything else is 5e's, the 5e monsters included.
-- `dndsh rules --ruleset mod5e` lists every override and the layer that
-- won.
return {
  id = "mod5e",
  name = { en = "Modded 5e (homebrew combat chapter)", zh = "魔改版本 战斗与遭遇" },
  extends = { "5e" },
  files = {
    "names.lua", "core.lua", "combat.lua", "conditions.lua", "exhaustion.lua", "damage.lua", "dying.lua",
    "movement.lua", "attacks.lua", "visibility.lua", "hide.lua", "special.lua", "turn.lua", "types.lua",
    "table.lua",
  },
  variants = { "mod5e.exhaustion_replace", "mod5e.vis_symmetric_cancel", "mod5e.no_mixed_speed_cap" },
}
