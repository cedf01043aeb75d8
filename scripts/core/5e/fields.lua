-- The 5e fields of stat blocks and attacks (besides the kernel's, see
-- docs/lua-api.md "Stat blocks"), and the damage types an attack may deal.
-- A field that neither the kernel nor these lists declare is an error, so
-- that a misspelt field (bonsu for bonus) is found where it was written.
local rules = require("rules")

rules.merge("statblock.fields", {
  source = "where the stat block comes from (\"SRD 5.2.1\")",
  creature_type = "the creature type (fey, undead, ...; tags carry it for the rules)",
  alignment = "its alignment, as printed",
  hit_dice = "its Hit Dice, as printed (\"3d6\")",
  skills = "skill modifiers as printed {stealth = 6, ...}",
  gear = "its gear, as printed",
  languages = "its languages, as printed",
  passive_perception = "its Passive Perception, as printed",
  cr = "its Challenge Rating (\"1/4\", 5, ...)",
  xp = "the XP it is worth",
  pb = "its Proficiency Bonus (default from cr or level)",
  features = "its traits and actions, as a list {{id, en, zh, kind}...}",
  class = "a character's class (core.5e.pregens)",
  plan = "settings its tactics read (core.5e.tactics.plan)",
  kit = "the actions its tactics choose among (core.5e.tactics.kit)",
  hooks_tag = "the marker tag of its mixed hooks (core.5e.hooks)",
  concentration_watched = "set once its Concentration hooks are added (5e.concentration.watch)",
  breath = "its breath weapon {ability, dc, damage, type, label, area} (core.5e.tactics)",
  web = "its web attack's settings (the giant spider)",
  regeneration = "its Regeneration {amount, stopped_by} (the troll)",
  -- the imported bestiary's fields (core.5e.bestiary builds the monster from them)
  actions = "its actions other than attacks, as core.5e.bestiary reads them (imported)",
  bonus_actions = "its Bonus Actions (imported)",
  legendary = "its Legendary Actions (imported)",
  specials = "its special traits the bestiary models (imported)",
  group = "the kind of creature it is among the imported ones (its SRD group)",
  hover = "it can hover (imported)",
  sizes = "the sizes a shape-changer may take (imported)",
  multi_uses = "uses of its actions per day or recharge (imported)",
  repairs = "how it is repaired (imported)",
  trait_notes = "notes on its traits (imported)",
  xp_lair = "the XP it is worth in its lair (imported)",
  text = "its stat block's printed lines and entries (core.5e.statblock shows them)",
  modelled = "how fully the script models the stat block: full or partial (imported)",
  unmodelled = "what the script does not model (imported)",
  inert = "what has no effect in fights here (imported)",
  unused = "entries of the stat block the script does not use (imported)",
})

rules.merge("statblock.attack_fields", {
  weapon = "the weapon's id (core.5e.weapons)",
  names = "the weapon's names {en, zh}",
  ability = "the ability the attack uses (str, dex, or spellcasting)",
  mod = "that ability's modifier",
  pb = "the Proficiency Bonus in its bonus",
  die = "the weapon's damage die",
  magic = "a magic weapon's bonus",
  finesse = "a Finesse weapon",
  light = "a Light weapon",
  heavy = "a Heavy weapon",
  heavy_dis = "set when its wielder lacks the score a Heavy weapon needs (Disadvantage)",
  thrown = "a Thrown weapon",
  mastery = "its Weapon Mastery property (sap, topple, ...)",
  variant = "how it was made from another attack (off-hand, cleave)",
  cleave = "the Cleave attack it allows",
  spell = "a spell attack",
  save = "a save the attack forces {ability, dc, ...}",
  escape_dc = "the DC to escape its grapple",
  with_advantage = "extra damage dice when the attack roll had Advantage",
  on_hit = "what a hit also does: a condition, a save, more damage (core.5e.bestiary)",
  hit_save = "the save a hit forces (core.5e.bestiary)",
  alt_damage = "its damage in another case (two-handed, a shape) (core.5e.bestiary)",
  alt_if = "when alt_damage applies (core.5e.bestiary)",
  drain = "a hit's drain of the target's hit point maximum (core.5e.bestiary)",
  recharge = "the attack recharges (a die and its lowest face) (core.5e.bestiary)",
})

local types = {}
for _, t in ipairs(rules.need("5e.damage_types")) do types[#types + 1] = t.id end
rules.define("statblock.damage_types", types)
