-- DMG-SA-07 (variant): quick ability loss. Instead of recomputing a
-- character's numbers, every 2 points of ability loss are -1 on the d20
-- rolls that use that ability (A-25: checks, attacks, saves, and AC for
-- Dex; monsters.abilities.ability_damage.quick_penalty); a loss of at
-- least the original score makes it 0 (DMG-SA-03's effects); temporary
-- loss still heals 1 point a day. Hit points, carrying capacity and bonus
-- spells are not recomputed. The setting "checks only" (A-25's literal
-- reading): ability_damage.quick_scope = "checks".
local rules = require("rules")
rules.variant{ id = "3e.quick_ability_loss", system = "3e", implements = { "DMG-SA-07" },
               name = { en = "Quick ability loss", zh = "属性减少的速算法" } }
require("monsters.abilities.ability_damage")
rules.merge("abilities.ability_damage", { quick = true })
