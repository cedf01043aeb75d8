-- Troll (id "troll"), SRD 5.2.1 Monsters A-Z, "Troll".
--
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.
--
-- Scripted, scoped to the troll (monsters.abilities.regeneration):
--   Regeneration  it regains 15 HP at the start of each of its turns; if it
--                 took Acid or Fire damage since its last turn, the trait
--                 doesn't function on that turn (condition
--                 "regeneration_stopped", set by its damage.apply hook when
--                 any part of the damage is Acid or Fire). It dies only if it starts its
--                 turn with 0 HP and doesn't regenerate: its creature.down
--                 hook keeps it in the fight at 0 HP (condition
--                 "regenerating"), and its turn.start hook either kills it
--                 (fight.kill) or heals it. Its enemies' kits skip a troll
--                 at 0 HP unless they deal fire or acid, which finishes it
--                 (its tag "regeneration" tells them to look).
--   Multiattack   three Rend attacks (the engine's multiattack).
-- Not modelled: Loathsome Limbs (a severed limb becomes a new creature, and
-- fights cannot add creatures once begun) and Charge (movement).
local util = require("core.5e.util")

local stat = util.monster{
  id = "troll", name = { en = "Troll", zh = "巨魔" }, source = "SRD 5.2.1",
  size = "large", creature_type = "giant", tags = { "giant" }, alignment = "Chaotic Evil",
  ac = 15, init = 1, hp = 94, hit_dice = "9d10+45", speed = { walk = 30 },
  abilities = { str = 18, dex = 13, con = 20, int = 7, wis = 9, cha = 7 },
  saves = { str = 4, dex = 1, con = 5, int = -2, wis = -1, cha = -2 },
  skills = { perception = 5 },
  senses = { darkvision = 60 }, passive_perception = 15, languages = { "Giant" },
  cr = "5", xp = 1800, pb = 3, reach = 10,
  attacks = {
    { name = "Rend", bonus = 7, damage = "2d6+4", type = "slashing", reach = 10 },
  },
  multiattack = { "Rend", "Rend", "Rend" },
  features = {
    { id = "loathsome_limbs", en = "Loathsome Limbs", zh = "可憎斷肢", kind = "trait", scripted = false },
    { id = "regeneration", en = "Regeneration", zh = "再生", kind = "trait" },
    { id = "charge", en = "Charge", zh = "衝鋒", kind = "bonus_action", scripted = false },
  },
}

return require("monsters.abilities.regeneration").apply(stat, { hp = 15, stopped_by = { "acid", "fire" }, rises = true })
