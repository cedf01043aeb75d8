-- D&D 5th edition, 2024 rules (inventory: rules/dnd5e-playing-the-game.md).
return {
  id = "5e",
  name = { en = "D&D 5e (2024 rules)", zh = "龍與地下城 第五版（2024 規則）" },
  extends = { "base" },
  files = { "names.lua", "abilities.lua", "conditions.lua", "combat.lua", "dying.lua",
    "character.lua", "checks.lua", "rolls.lua", "actions.lua", "exploration.lua", "hazards.lua", "travel.lua", "rest.lua",
    "movement.lua", "attacks.lua", "damage.lua", "concentration.lua", "mounted.lua", "underwater.lua",
    "feature_conditions.lua", "table.lua" },
  variants = {},
}
