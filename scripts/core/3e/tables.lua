-- The tables of PHB 3.0 chapter 8 that the core rules use (inventory §17:
-- Tables 8-1 to 8-10 and X-1), and the chapter's constants. Every other
-- 3e file takes its numbers from here; spec/3e/tables_spec.lua compares
-- these tables cell by cell with the inventory's transcription. Labels are
-- the inventory's English, so the comparison needs no mapping.
local rules = require("rules")

local M = rules.get("3e.tables")
if M then return M end
M = {}

-- Table X-1 (3E-ATK-04, 3E-AC-05): sizes, smallest first, and the size
-- modifier to attack rolls and AC.
M.sizes = { "fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal" }
M.size_label = { fine = "Fine", diminutive = "Diminutive", tiny = "Tiny", small = "Small", medium = "Medium-size",
  large = "Large", huge = "Huge", gargantuan = "Gargantuan", colossal = "Colossal" }
M.size_mod = { fine = 8, diminutive = 4, tiny = 2, small = 1, medium = 0, large = -1, huge = -2, gargantuan = -4,
  colossal = -8 }

-- Table 8-7 (3E-POS-03/04): reach and face (width x length, in feet) by
-- size and shape. The retriever and purple worm rows are monsters' own
-- (A-05): their stat blocks give face and reach.
M.face_rows = {
  { key = "fine", label = "Fine", example = "fly", reach = 0, w = 0.5, l = 0.5 },
  { key = "diminutive", label = "Diminutive", example = "toad", reach = 0, w = 1, l = 1 },
  { key = "tiny", label = "Tiny", example = "cat", reach = 0, w = 2.5, l = 2.5 },
  { key = "small", label = "Small", example = "halfling", reach = 5, w = 5, l = 5 },
  { key = "medium", label = "Medium-size", example = "human", reach = 5, w = 5, l = 5 },
  { key = "large_tall", label = "Large (tall)", example = "hill giant", reach = 10, w = 5, l = 5 },
  { key = "large_long", label = "Large (long)", example = "horse", reach = 5, w = 5, l = 10 },
  { key = "huge_tall", label = "Huge (tall)", example = "cloud giant", reach = 15, w = 10, l = 10 },
  { key = "huge_long", label = "Huge (long)", example = "bulette", reach = 10, w = 10, l = 20 },
  { key = "retriever", label = "(Huge, unlabelled)", example = "retriever", reach = 10, w = 15, l = 15 },
  { key = "gargantuan_tall", label = "Gargantuan (tall)", example = "50-ft animated statue", reach = 20, w = 20, l = 20 },
  { key = "gargantuan_long", label = "Gargantuan (long)", example = "kraken", reach = 10, w = 20, l = 40 },
  { key = "purple_worm", label = "(Gargantuan, unlabelled)", example = "purple worm", reach = 15, w = 30, l = 30 },
  { key = "colossal_tall", label = "Colossal (tall)", example = "the tarrasque", reach = 25, w = 40, l = 40 },
  { key = "colossal_long", label = "Colossal (long)", example = "great red wyrm", reach = 15, w = 40, l = 80 },
}
M.face = {}
for _, r in ipairs(M.face_rows) do M.face[r.key] = r end

-- Table 8-6 (3E-MOVE-01): tactical speed by race and armour.
M.speed_rows = {
  { races = { "human", "elf", "half-elf", "half-orc" }, label = "Human, elf, half-elf, half-orc", light = 30, heavy = 20 },
  { races = { "dwarf", "halfling", "gnome" }, label = "Dwarf, halfling, gnome", light = 20, heavy = 15 },
}
M.speed = {}
for _, r in ipairs(M.speed_rows) do
  for _, race in ipairs(r.races) do M.speed[race] = r end
end

-- Table 8-5 (3E-ROUND-04): scales.
M.scales = {
  { "1 inch (on the map)", "5 feet" },
  { '"Next to" / "adjacent"', "5 feet" },
  { "30 mm figure", "a man-sized creature" },
  { "Man-sized creature", "occupies 5 feet" },
  { "1 round", "6 seconds" },
}
M.square, M.round_seconds = 5, 6

-- Table 8-2 (3E-ATK-20): two-weapon fighting penalties, primary and off
-- hand, by the off-hand weapon being light and the two feats.
M.twf_rows = {
  { label = "Normal penalties", light = false, ambi = false, twf = false, primary = -6, off = -10 },
  { label = "Off-hand weapon is light", light = true, ambi = false, twf = false, primary = -4, off = -8 },
  { label = "Ambidexterity feat", light = false, ambi = true, twf = false, primary = -6, off = -6 },
  { label = "Two-Weapon Fighting feat", light = false, ambi = false, twf = true, primary = -4, off = -8 },
  { label = "Off-hand weapon is light and Ambidexterity feat", light = true, ambi = true, twf = false, primary = -4, off = -4 },
  { label = "Off-hand weapon is light and Two-Weapon Fighting feat", light = true, ambi = false, twf = true, primary = -2, off = -6 },
  { label = "Ambidexterity feat and Two-Weapon Fighting feat", light = false, ambi = true, twf = true, primary = -4, off = -4 },
  { label = "Off-hand light, Ambidexterity and Two-Weapon Fighting", light = true, ambi = true, twf = true, primary = -2, off = -2 },
}

-- Tables 8-1, 8-3, 8-4 (3E-ACTION-01, 3E-AOO-02): each action's type, its
-- movement and whether the action itself provokes ("yes", "no", "maybe",
-- "usually", "varies"). id names what turn.lua does with it.
M.actions = {
  { group = "Attack actions", label = "Attack (melee)", id = "attack_melee", type = "standard", move = "Yes", aoo = "No" },
  { group = "Attack actions", label = "Attack (ranged)", id = "attack_ranged", type = "standard", move = "Yes", aoo = "Yes" },
  { group = "Attack actions", label = "Attack (unarmed)", id = "attack_unarmed", type = "standard", move = "Yes", aoo = "Maybe" },
  { group = "Attack actions", label = "Charge", id = "charge", type = "full", move = "×2 (special)#", aoo = "No" },
  { group = "Attack actions", label = "Full attack", id = "full_attack", type = "full", move = "5-ft step", aoo = "No" },
  { group = "Magic actions: cast a spell", label = "1-action spell", id = "cast", type = "standard", move = "Yes", aoo = "Yes" },
  { group = "Magic actions: cast a spell", label = "Full-round spell", id = "cast_full", type = "full", move = "5-ft step", aoo = "Yes" },
  { group = "Magic actions: cast a spell", label = "Concentrate to maintain a spell", id = "concentrate", type = "standard", move = "Yes", aoo = "No" },
  { group = "Magic actions: cast a spell", label = "Activate magic item", id = "activate_item", type = "standard", move = "Yes", aoo = "Maybe" },
  { group = "Magic actions: use special ability", label = "Spell-like ability", id = "spell_like", type = "standard", move = "Usually**", aoo = "Yes" },
  { group = "Magic actions: use special ability", label = "Supernatural ability", id = "supernatural", type = "standard", move = "Usually**", aoo = "No" },
  { group = "Magic actions: use special ability", label = "Extraordinary ability##", id = "extraordinary", type = "standard", move = "Usually**", aoo = "No" },
  { group = "Movement actions", label = "Double move (快步移动)", id = "double_move", type = "full", move = "×2", aoo = "Maybe" },
  { group = "Movement actions", label = "Run", id = "run", type = "full", move = "×4", aoo = "Yes" },
  { group = "Miscellaneous actions", label = nil, id = "misc", type = "standard", move = "Maybe", aoo = "Maybe" },
}

M.partial_actions = {
  { group = "Attack partial actions", label = "Attack (melee)", id = "attack_melee", move = "5-ft step", aoo = "No" },
  { group = "Attack partial actions", label = "Attack (ranged)", id = "attack_ranged", move = "5-ft step", aoo = "Yes" },
  { group = "Attack partial actions", label = "Attack (unarmed)", id = "attack_unarmed", move = "5-ft step", aoo = "Maybe" },
  { group = "Attack partial actions", label = "Partial charge", id = "partial_charge", move = "Yes (special)#", aoo = "No" },
  { group = "Magic partial actions", label = "Cast a spell##", id = "cast", move = "5-ft step", aoo = "Yes" },
  { group = "Magic partial actions", label = "Activate magic item", id = "activate_item", move = "5-ft step", aoo = "Maybe" },
  { group = "Magic partial actions", label = "Use special ability##", id = "special_ability", move = "5-ft step", aoo = "Maybe" },
  { group = "Magic partial actions", label = "Concentrate to maintain a spell", id = "concentrate", move = "5-ft step", aoo = "No" },
  { group = "Magic partial actions", label = "Dismiss a spell", id = "dismiss", move = "5-ft step", aoo = "No" },
  { group = "Movement partial actions", label = "Single move", id = "single_move", move = "Yes", aoo = "No" },
  { group = "Movement partial actions", label = "Partial run", id = "partial_run", move = "×2", aoo = "Yes" },
  { group = "Movement partial actions", label = "Miscellaneous partial action**", id = "misc", move = "5-ft step", aoo = "Maybe" },
  { group = "Special partial action", label = "Start full-round action", id = "start_full_round", move = "No", aoo = "Maybe" },
}

-- Table 8-4: miscellaneous actions by type (the groups) and AoO.
local misc = {
  { "No action", "none", {
    { "Delay", "No", "delay" } } },
  { "Free actions", "free", {
    { "Cast a quickened spell (p. 84) or *feather fall* (p. 203)", "No" },
    { "Cease concentration on a spell", "No" },
    { "Prepare spell components to cast a spell**", "No" },
    { "Redirect / change facing of a Bigby's hand spell, a rainbow-pattern spell, or *shield* (调整比拜冲拳术、彩虹迷图或护盾术的方向)", "No" },
    { "Make an attack with *eyebite*", "No" },
    { "Change form (shapechanger) (改变体型（变形）)", "No" },
    { "Dismiss *tree shape*", "No" },
    { "Drop an item", "No", "drop_item" },
    { "Drop to the floor (go prone)", "No", "drop_prone" },
    { "Speak", "No", "speak" },
    { "Use Spellcraft to identify a spell being cast, for counterspelling (p. 152)", "No" } } },
  { "Move-equivalent actions", "move", {
    { "Climb (¼ speed)", "No" },
    { "Draw a weapon#", "No", "draw_weapon" },
    { "Sheathe a weapon", "Yes", "sheathe_weapon" },
    { "Ready (strap on) a shield#", "No", "ready_shield" },
    { "Loose (take off) a shield#", "No", "loose_shield" },
    { "Open a door", "No", "open_door" },
    { "Pick up an item", "Yes", "pick_up" },
    { "Retrieve a stored item", "Yes", "retrieve_item" },
    { "Move a heavy object", "Yes" },
    { "Stand up from prone", "No", "stand_up" },
    { "Load a hand crossbow", "Yes", "load_hand_crossbow" },
    { "Load a light crossbow", "Yes", "load_light_crossbow" },
    { "Control a frightened mount", "Yes" },
    { "Mount or dismount a steed", "No" },
    { "Direct or redirect a *flaming sphere*, or direct *levitate*", "No" } } },
  { "Standard actions", "standard", {
    { "Ready (triggers a partial action)", "No", "ready" },
    { "Concentrate to maintain a spell", "No" },
    { "Dismiss a spell", "No" },
    { "Aid another", "No", "aid_another" },
    { "Bull rush (as part of a charge)", "No" },
    { "Bull rush (as an attack)", "No" },
    { "Change form (shapechanger) — listed again here; see §20", "No" },
    { "Cast a touch spell on yourself", "No" },
    { "Escape from a grapple (p. 138)", "No" },
    { "Activate *sunbeam* (p. 261)", "No" },
    { "Feint (see Bluff, p. 64)", "No" },
    { "Command an *animate rope*", "No" },
    { "Overrun (as part of a charge) (seed: 全速奔跑（冲锋）)", "No" },
    { "Stabilise a dying friend (see Heal, p. 69)", "Yes", "stabilize" },
    { "Light a torch with a tindertwig (p. 114)", "Yes" },
    { "Use a skill that takes 1 action", "Usually" },
    { "Turn or rebuke undead (use special ability)", "No" },
    { "Strike a weapon (attack) (seed: 击落武器（攻击）)", "Yes" },
    { "Strike an object (attack)", "Maybe##" },
    { "Total defense", "No", "total_defense" } } },
  { "Full-round actions", "full", {
    { "Climb (½ speed)", "No" },
    { "Use a skill that takes 1 round", "Usually" },
    { "Coup de grace (p. 133)", "Yes", "coup_de_grace" },
    { "Light a torch (without a tindertwig)", "Yes" },
    { "Change form (*polymorph self*)", "Yes" },
    { "Extinguish flames", "No" },
    { "Load a heavy crossbow", "Yes", "load_heavy_crossbow" },
    { "Load a repeating crossbow", "Yes" },
    { "Lock or unlock a weapon in a locked gauntlet", "Yes" },
    { "Prepare to throw oil (p. 109)", "Yes" },
    { "Throw a two-handed weapon (seed: \"use one hand to throw a two-handed weapon\", p. 97)", "Yes" },
    { "\"搬运（tree stride 法术）\": travel with *tree stride* (garbled, see §20)", "No" },
    { "Use a touch spell on up to six friends", "Yes" },
    { "Refocus (no movement)", "No", "refocus" },
    { "Escape from a net (p. 102), *entangle* (p. 200) or *Otiluke's freezing sphere*", "Yes" } } },
  { "Action type varies", "varies", {
    { "Disarm&", "Yes" },
    { "Grapple&", "Yes" },
    { "Trip an opponent&", "No" },
    { "Use a feat&&", "Varies" } } },
}
M.misc_actions = {}
M.action_by_id = {}
for _, g in ipairs(misc) do
  for _, r in ipairs(g[3]) do
    local a = { group = g[1], type = g[2], label = r[1], aoo = r[2], id = r[3] }
    M.misc_actions[#M.misc_actions + 1] = a
    if a.id then M.action_by_id[a.id] = a end
  end
end
for _, a in ipairs(M.actions) do M.action_by_id[a.id] = M.action_by_id[a.id] or a end

-- Table 8-8 (3E-MOD-01..13): attack roll modifiers, melee and ranged
-- (nil: does not apply; "**": see the note), and whether the defender
-- loses its Dex bonus to AC (#; "##": only the grappler struck). Each row
-- is carried by the condition named (conditions.lua reads it).
M.attack_mods = {
  { label = "Attacker flanking defender*", key = "flanking", melee = 2, ranged = nil },
  { label = "Attacker on higher ground", key = "higher_ground", side = "attacker", melee = 1, ranged = 0 },
  { label = "Attacker prone", key = "prone", side = "attacker", melee = -4, ranged = "**" },
  { label = "Attacker invisible", key = "invisible", side = "attacker", melee = 2, ranged = 2, dex = "#" },
  { label = "Defender sitting or kneeling", key = "kneeling", side = "defender", melee = 2, ranged = -2 },
  { label = "Defender prone", key = "prone", side = "defender", melee = 4, ranged = -4 },
  { label = "Defender stunned, cowering or off balance", key = "stunned", also = { "cowering", "off_balance" },
    side = "defender", melee = 2, ranged = 2, dex = "#" },
  { label = "Defender climbing (cannot use shield)", key = "climbing", side = "defender", melee = 2, ranged = 2, dex = "#" },
  { label = "Defender surprised or flat-footed", key = "flat_footed", also = { "surprised" }, side = "defender",
    melee = 0, ranged = 0, dex = "#" },
  { label = "Defender running", key = "running", side = "defender", melee = 0, ranged = -2, dex = "#" },
  { label = "Defender grappling (attacker not)", key = "grappling", side = "defender", melee = 0, ranged = 0,
    dex = "#", ranged_dex = "##" },
  { label = "Defender pinned", key = "pinned", side = "defender", melee = 4, ranged = -4, dex = "#" },
  { label = "Defender has cover", see = "Cover" },
  { label = "Defender concealed or invisible", see = "Concealment" },
  { label = "Defender helpless", see = "Helpless Defenders" },
}

-- Table 8-9 (3E-COVER-01/02/03): cover by degree.
M.cover_rows = {
  { key = "quarter", label = "¼", example = "A human standing behind a 3-ft-high wall", ac = 2, reflex = 1 },
  { key = "half", label = "½", ac = 4, reflex = 2,
    example = "Fighting from around a corner or a tree; standing at an open window; behind a creature of the same size" },
  { key = "three_quarters", label = "¾", example = "Peering around a corner or a big tree", ac = 7, reflex = 3 },
  { key = "nine_tenths", label = "9/10", example = "Standing at an arrow slit; behind a door that is slightly ajar", ac = 10, reflex = 4, evasion = true },
  { key = "total", label = "Total", example = "On the other side of a solid wall", untargetable = true },
}
M.cover = {}
for _, r in ipairs(M.cover_rows) do M.cover[r.key] = r end

-- Table 8-10 (3E-CONC-01): concealment miss chance by degree.
M.concealment_rows = {
  { key = "quarter", label = "¼", example = "Light fog; light foliage; moderate (dim) darkness", miss = 10 },
  { key = "half", label = "½", example = "*Blur* spell; dense fog at 5 ft", miss = 20 },
  { key = "three_quarters", label = "¾", example = "Dense foliage", miss = 30 },
  { key = "nine_tenths", label = "9/10", example = "Near-total darkness", miss = 40 },
  { key = "total", label = "Total", example = "Invisibility; attacker blind; total darkness; dense fog at 10 ft around the target", miss = 50 },
}
M.concealment = {}
for _, r in ipairs(M.concealment_rows) do M.concealment[r.key] = r.miss end

-- The chapter's constants.
M.bonus_types = { "armor", "shield", "natural", "deflection", "dodge", "size", "dex", "enhancement", "morale", "luck",
  "insight", "sacred", "profane", "competence", "circumstance", "cover", "untyped" }
M.flank = 2                       -- 3E-POS-01
M.range_penalty = -2              -- 3E-ATK-05, per full increment
M.max_increments = { thrown = 5, projectile = 10 }  -- 3E-ATK-06
M.into_melee = -4                 -- 3E-ATK-14
M.charge = { attack = 2, ac = -2, min = 10 }         -- 3E-ATK-17
M.defensive = { attack = -4, ac = 2 }                -- 3E-ATK-16
M.total_defense = 4               -- 3E-ACTION-16
M.massive_damage, M.massive_dc = 50, 15             -- 3E-HP-04
M.helpless = { melee = 4, dex = -5 }                -- 3E-HELP-01
M.coup_de_grace_dc = 10           -- 3E-HELP-02: 10 + damage
M.subdual_penalty = -4            -- 3E-SUBD-07/08
M.stabilize_chance = 10           -- 3E-HP-06/10/11, SUBD-04: 01-10 on d%
M.heal_dc = 15                    -- 3E-HP-08
M.disabled, M.dead = 0, -10       -- 3E-HP-02
M.run_multiplier = { normal = 4, heavy = 3 }        -- 3E-ACTION-17
M.run_check_dc = 10               -- 3E-ACTION-18

rules.define("3e.tables", M)
return M
