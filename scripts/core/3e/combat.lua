-- Combat parameters (inventory §§1-13), compiled once per run by the kernel
-- for fights that play themselves (bindings/fightmod/compile.go, space.go
-- and hprules.go list every key). The rules behind each number are cited
-- by mechanic ID; the numbers come from tables.lua, which the functions of
-- the other files (attack.lua, ac.lua, hp.lua, ...) share.
local rules = require("rules")
local T = require("core.3e.tables")

-- Table 8-7 (3E-POS-03/04): the kernel's default footprint of a size, in
-- squares, for a creature whose stat block gives none (the tall form;
-- statblock.lua gives the long forms and the reach), and the size ranks
-- (Fine 1 .. Colossal 9) that the passing rules compare.
local sizes = {}
for rank, s in ipairs(T.sizes) do
  local face = T.face[s .. "_tall"] or T.face[s]
  sizes[s] = { rank = rank, space = math.max(1, math.floor(face.w / 5)), shared = face.w < 5, reach = face.reach }
end

rules.define("combat", {
  -- 3E-INIT-01/02: d20 + Dex modifier + other modifiers, highest first;
  -- ties by Dexterity score (the stat block's init_score), then a coin
  -- flip (a reroll of the tied). 3E-INIT-07: a surprise round when some
  -- but not all are aware (the encounter's unaware members).
  initiative = { mode = "individual", die = "1d20", ties = { "score", "reroll" }, surprise = "round" },
  -- 3E-ROUND-01: a round is 6 seconds.
  round_seconds = 6,
  -- 3E-ACTION-01..08: a standard action and a move-equivalent action, or
  -- both as a full-round action (turn.lua spends them); 3E-AOO-05: one
  -- attack of opportunity a round, spent on others' turns, back at the
  -- start of one's own turn (B-03); Combat Reflexes raises a creature's
  -- count (its stat block's slots = { aoo = n }, 3E-AOO-06).
  slots = { standard = 1, move = 1, aoo = { count = 1, off_turn = true } },
  -- 3E-ATK-01/08/09: d20 + bonus >= AC; a natural 1 misses, a natural 20
  -- hits and threatens; a threat is confirmed by a second roll with the
  -- same modifiers; 3E-ATK-10/11: weapons widen the threat and raise the
  -- multiplier (each attack's threat and crit_mul); 3E-DMG-08: a critical
  -- hit rolls the damage, modifiers included, that many times;
  -- 3E-DMG-09: extra dice (an attack's extra) are rolled once;
  -- 3E-DMG-07: at least 1 damage; 3E-HELP-03: some creatures take no
  -- critical hits.
  attack = { die = 20, auto_hit = 20, auto_miss = 1, threat = 20, confirm = true,
             crit = "multiply", crit_mul = 2, min_damage = 1, crit_immune_tag = "crit_immune" },
  -- resist_flat: [K] SRD 3.5 damage reduction and energy resistance, the
  -- imported monsters' (bestiary.lua): an amount off each hit
  damage_steps = { "immune", "adjust", "resist_flat", "resist", "vuln" },
  -- 3E-AC-01..12: the armour class's parts by bonus type. Bonuses of one
  -- type do not stack but dodge bonuses (3E-ATK-24, 3E-AC-10); a touch
  -- attack ignores armour, shield and natural armour (3E-AC-11); only the
  -- best cover counts (3E-COVER-06).
  ac = { types = T.bonus_types, stack = { "dodge", "untyped" }, touch_ignores = { "armor", "shield", "natural" },
         cover = "cover" },
  -- 3E-INIT-04: everyone is flat-footed until it first acts.
  start_conditions = { "flat_footed" },
  -- 3E-HP-02: disabled at 0, dying from -1 to -9 (unconscious), dead at
  -- -10 (each creature's hp floor: statblock.lua), unconscious while dying
  -- or stable (both imply it); 3E-HP-06: a dying
  -- creature rolls d% when each round ends: 01-10 it is stable, else it
  -- loses 1 hp; 3E-HP-04: a hit of 50 or more raises damage.massive
  -- (hp.lua rolls the Fortitude save); 3E-SUBD-02/03: subdual damage equal
  -- to the hit points staggers, more knocks out.
  down = { players = "dying", monsters = "dying", condition = "dying", stable = "stable", at = -1,
           bleed = { die = 100, stable = 10, loss = 1 }, massive = T.massive_damage,
           states = { { min = 0, max = 0, condition = "disabled" } },
           nonlethal = { equal = "staggered", exceeds = "unconscious" } },
  space = {
    -- 3E-ROUND-04, Table 8-5: 5-foot squares; 3E-MOVE: 5-10-5 diagonals [K]
    -- (the PHB's battle grid; the seed only counts feet).
    square = 5, unit = "ft", diagonal = "alternate",
    sizes = sizes,
    -- 3E-MOVE-05/06/09/10: through friends, through helpless foes, tiny
    -- creatures through anyone (and into a foe's square to attack it,
    -- 3E-POS-08), and three size categories apart.
    -- 3E-MOVE-11: nobody passes a creature that fills its space.
    pass = { size_diff = 3, unable = true, tiny = "tiny", tiny_ends = true, never = "fills_space" },
    -- 3E-UNARMED-01/02: an unarmed strike (weapon group "unarmed", or an
    -- attack whose name has "unarmed" in it) threatens nothing (no attacks
    -- of opportunity, no flanking, nobody engaged by it) unless it counts
    -- as armed: the tags of core.3e.special.unarmed's counts_as_armed and
    -- armed, which reads group and named from here too.
    unarmed = { group = "unarmed", named = "unarmed", armed = { "armed", "improved_unarmed_strike", "natural_weapons" } },
    -- Table 8-9 (3E-COVER-01/02): the map grades cover by blocked lines:
    -- one or two half, three three-quarters, four total; a creature in the
    -- way (3E-COVER-05) or a low wall gives half. The quarter and
    -- nine-tenths grades are the DM's (conditions cover_quarter and
    -- cover_nine_tenths).
    cover = { creatures = true, by_full = { "none", "half", "half", "three-quarters", "total" }, partial = "half",
              half = { ac = T.cover.half.ac, save = T.cover.half.reflex },
              ["three-quarters"] = { ac = T.cover.three_quarters.ac, save = T.cover.three_quarters.reflex },
              total = { untargetable = true } },
    -- 3E-ATK-05/06: -2 per full range increment, at most 10 increments
    -- (5 for thrown weapons: their attacks say so).
    range = { increments = true, full = true, per_increment = T.range_penalty, max = 10 },
    -- 3E-ATK-14/15: -4 shooting at a target engaged in melee with an ally
    -- within 5 ft of it (10 ft or more: none); Precise Shot ignores it.
    ranged_in_melee = { target = true, within = 5, mod = T.into_melee, able = true, unless = "precise_shot" },
    -- 3E-CONC-01: total concealment (50%) against a target one cannot see.
    -- DMG A-37 (DMG-COND-26): blindsight, see invisibility and true seeing
    -- perceive the invisible (blindsight works blinded too), so against
    -- them an invisible creature keeps neither the miss chance nor their
    -- lost Dex bonus (its +2 is the condition's own, unconditional).
    sight = { target_unseen_miss = T.concealment.total,
              senses = { blindsight = { blinded = true, invisible = true }, see_invisibility = { invisible = true },
                         true_seeing = { invisible = true } } },
    -- 3E-POS-01, 3E-MOD-02: flanking, +2 melee.
    flank = { mod = T.flank },
    -- 3E-AOO-01/02/04/05/07: leaving a threatened square provokes; one
    -- attack of opportunity a round (slot aoo); none against half cover
    -- or better.
    opportunity = { on = "exit_threatened", slot = "aoo", max_cover = "none" },
    -- 3E-ACTION-05/14: a full attack allows only a 5-foot step, which
    -- provokes nothing (3E-AOO-04); 3E-ACTION-04, 3E-AOO-03: a double move
    -- when the target is too far, its start square not threatened;
    -- 3E-ATK-17, 3E-ACTION-24: the charge (and the partial charge, up to
    -- speed); 3E-INIT-07: partial actions in the surprise round.
    turn = { full_attack_move = 5, free_step = 5, double_move = true, move_only_safe = true, surprise_partial = true,
             charge = { min = 10, mul = 2, partial_mul = 1, attack_mod = T.charge.attack, condition = "charging",
                        prefer = true } },
    default_speed = 30,
    -- DMG-GRID-05..07 (DMG 3.0 pp. 68-69, core/3e/grid.lua): a burst or an
    -- emanation covers each square mostly inside its circle; a cone is one
    -- square wider for each square further, straight or diagonal, and a
    -- line as many squares either way (the kernel's counted rule).
    areas = { burst = "mostly", emanation = "mostly", cone = "counted", line = "counted" },
  },
  max_rounds = 100,
})
