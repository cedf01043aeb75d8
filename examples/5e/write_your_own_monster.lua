-- ruleset: 5e
-- Write your own monster: a tutorial.
--
-- This file builds a creature that is in no book, the Ember Hound, gives it
-- two scripted abilities and an action, and sets two of them against three
-- level 3 characters. Run it once with its log, then many times:
--
--   dndsh run examples/5e/write_your_own_monster.lua --seed 1
--   dndsh sim examples/5e/write_your_own_monster.lua -n 2000
--
-- To make it a monster file that any encounter can use ({ monster =
-- "ember_hound" }, or "add ember_hound" at the REPL's table), copy this file
-- up to step 5 (the requires and steps 1 to 4) into
-- monsters/5e/ember_hound.lua of a folder you give with --scripts, and end
-- it with "return hound" (cmd/dndsh's TestTutorialMonsterFile does just
-- that).
--
-- The characters come from core.5e.pregens (SRD 5.2.1 rules):
-- This work includes material from the System Reference Document 5.2.1
-- (“SRD 5.2.1”) by Wizards of the Coast LLC, available at
-- https://www.dndbeyond.com/srd. The SRD 5.2.1 is licensed under the
-- Creative Commons Attribution 4.0 International License, available at
-- https://creativecommons.org/licenses/by/4.0/legalcode.

-- Scripts use local variables only and reach the modules with require.
local fight = require("fight")
local dice = require("dice")
local util = require("core.5e.util")       -- stat-block helpers, saves, area damage
local hooks = require("core.5e.hooks")     -- several handlers on one event
local tactics = require("core.5e.tactics") -- the turn of a creature that plays itself
local pregens = require("core.5e.pregens") -- ready-made characters

-- 1. The stat block: plain data. util.monster checks it the way the SRD
--    monsters are checked: the printed saves and skills must be the ability
--    modifier, plus the Proficiency Bonus (from the CR) when proficient
--    (twice for Expertise); it turns them into the tags the rules read.
local hound = util.monster{
  id = "ember_hound",
  name = { en = "Ember Hound", zh = "餘燼獵犬" },      -- the log uses the English name
  size = "medium", tags = { "elemental" },
  ac = 13, init = 2, hp = 26, speed = { walk = 40 },
  abilities = { str = 14, dex = 15, con = 14, int = 4, wis = 12, cha = 6 },
  saves = { dex = 4 },                                   -- proficient: +2 mod +2 PB
  skills = { perception = 3 },
  cr = "1", pb = 2,
  -- Damage traits are data the kernel applies on every hit, at Go speed:
  -- prefer them to hooks whenever a rule can be said this way.
  traits = {
    { kind = "immune", type = "fire" },
    { kind = "vuln", type = "cold" },
  },
  -- Attacks: the engine's Attack action uses the multiattack list (or the
  -- first attack). Labelled dice give a hit several damage types.
  attacks = {
    { name = "Bite", bonus = 4, damage = "1d6+2 + 1d4[fire]", type = "piercing", reach = 5 },
  },
  -- Resources: Ember Breath recharges on a d6 roll of 5 or 6, rolled at the
  -- start of each of the hound's turns by its kit (c:start_turn()).
  resources = { ember_breath = { max = 1, recharge = "roll", die = 6, min = 5 } },
  -- A field neither the kernel nor the 5e scripts declare is an error (a
  -- misspelling; docs/lua-api.md lists the fields); keep data of your own
  -- under data = {...}. breath is a 5e field: the tactics read it.
  breath = { ability = "dex", dc = 12, damage = "4d6", type = "fire", label = "breathes embers" },
}

-- 2. Hooks scoped to the hound. hooks.add puts a handler in the stat
--    block's `on` table; the fight registers it for this creature only, so
--    it costs nothing when anyone else attacks. damage.roll fires when the
--    hound hits: e.attacker is the hound, e.target its victim, e.damage the
--    rolled total, which the handler may change. Here, Scorching Bite: a
--    Prone target takes an extra 1d6 (doubled on a Critical Hit). The extra
--    damage joins the bite's first type; for a separate type, deal it with
--    fight.damage from a turn hook instead (never from an attack hook).
hooks.add(hound, "damage.roll", function(e)
  if e.target:has("prone") then
    e.damage = e.damage + dice.total(e.crit and "2d6" or "1d6")
  end
end)

-- A second handler on another event: Smouldering Hide. When the hound is
-- hit (damage.apply fires for the creature taking the damage) by a melee
-- attack, the attacker may be knocked Prone by the flare: a DC 11 Strength
-- saving throw. core.5e.effects ends the Prone condition when the creature
-- stands up at the start of its turn.
local effects = require("core.5e.effects")
hooks.add(hound, "damage.apply", function(e)
  local attacker = e.attacker
  if e.attack == nil or e.ranged or attacker == nil then return end -- not a melee attack
  if not util.save(attacker, "str", 11) then
    effects.knock_prone(attacker, e.target:get("id"))
    fight.note(attacker:get("id") .. " recoils from the smouldering hide and falls Prone")
  end
end)

-- 3. An action the hound chooses. A kit runs the hound's turn: each turn it
--    takes the first action whose `when` returns a value, else the engine's
--    Attack action. Ember Breath: when recharged and at least two enemies
--    are left (fights have no positions), each of them makes a DC 12
--    Dexterity save: 4d6 fire, rolled once, half on a success.
local kit = tactics.kit(hound)
tactics.action(kit, {
  name = "ember_breath",
  when = function(self, k)
    if util.uses(self, "ember_breath") < 1 then return nil end
    return tactics.grouped(self, k)                  -- the enemies caught, or nil
  end,
  run = function(self, _k, _ctx, targets)
    self:spend("ember_breath")
    util.area_save(self, targets, hound.breath)      -- logs a line and deals the damage
  end,
})

-- 4. Settings the tactics read (core.5e.tactics lists them): this hound
--    breathes only when it catches two enemies or more, and at most three.
tactics.plan(hound, { breath_min_targets = 2, breath_max_targets = 3 })

-- 5. The encounter: two hounds against a level 3 fighter, rogue and cleric.
return fight.encounter{
  name = "Two ember hounds against three adventurers",
  sides = {
    { name = "party", members = {
      { stat = pregens.fighter(3) },
      { stat = pregens.rogue(3) },
      { stat = pregens.cleric(3) },
    } },
    { name = "hounds", members = {
      { stat = hound, count = 2 },
    } },
  },
}
