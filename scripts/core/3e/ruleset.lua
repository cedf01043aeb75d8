-- D&D 3rd edition, version 3.0 (2000): Player's Handbook chapter 8, Combat
-- (inventory: rules/dnd3e-phb-combat.md; source text: seeds/003_*.txt, a
-- Chinese translation). This is 3.0, not 3.5: partial actions,
-- move-equivalent actions, subdual damage, one attack of opportunity a
-- round, graded cover and concealment.
--
-- Library files define "3e.<name>" and return it, so other scripts reach
-- them with rules.need("3e.<name>") or require("core.3e.<name>"). The
-- combat table (combat.lua) is what the kernel compiles for fights that
-- play themselves; statblock.lua turns a 3.0 stat block into the kernel's.
return {
  id = "3e",
  name = { en = "3rd edition (3.0) combat rules", zh = "第三版（3.0）战斗规则" },
  extends = { "base" },
  files = {
    "names.lua", "tables.lua", "conditions.lua", "condsum.lua", "combat.lua", "ac.lua", "attack.lua", "statblock.lua",
    "initiative.lua", "turn.lua", "saves.lua", "defense.lua", "hp.lua", "subdual.lua", "damage.lua", "move.lua", "position.lua",
    -- the special half (magic and special attacks)
    "special/tables.lua", "special/hooks.lua", "special/who.lua", "special/opposed.lua", "special/act.lua", "special/grapple.lua",
    "special/trip.lua", "special/turning.lua", "special/objects.lua", "special/unarmed.lua", "special/splash.lua",
    "special/mounted.lua", "special/aid.lua", "special/maneuvers.lua", "magic.lua", "special/names.lua",
    -- the DMG chapter 3: the condition summary's rules, exposure clocks, environment hazards
    "clock.lua", "environment.lua",
    -- weather.lua, grid.lua, flight.lua, checks.lua, magic_dmg.lua, encounter.lua and adjudicate.lua
    -- (the DMG's weather, running the game, starting combat, adjudication) register nothing a fight
    -- or the rules listing needs: they load on their first require("core.3e.<name>").
  },
  -- the DMG's variant rules (dmg-running-the-game.md, "[Variant]")
  variants = {
    "3e.big_modifiers", "3e.skill_abilities", "3e.critical_checks", "3e.save_abilities", "3e.spell_roll",
    "3e.power_components", "3e.individual_summons",
    "3e.surprise_round", "3e.initiative_every_round", "3e.no_auto_hits", "3e.defense_roll", "3e.instant_kill",
    "3e.fumbles", "3e.stray_missiles", "3e.clobbered", "3e.massive_by_size", "3e.specific_areas",
    "3e.quick_ability_loss", "3e.psionics_not_magic", "3e.scent_feat",
  },
}
