-- Combat parameters (inventory sections 1, 4, 15, 24), compiled once per
-- run by the kernel.
local rules = require("rules")
local tohit = require("core.1e.tohit")

rules.define("combat", {
  -- 1E-INIT-01..03: each side rolls 1d6 every round, the higher acts
  -- first, equal dice act at the same time. 1E-SURP-02: surprise costs
  -- segments (encounter.lua gives each creature its lost segments).
  initiative = { mode = "side", die = "1d6", ties = { "simultaneous" }, reroll_each_round = true,
                 surprise = "lost_segments" },
  -- 1E-SEQ-01: a melee round is 1 minute of 10 segments of 6 seconds.
  segments = 10, round_seconds = 60,
  -- The 1e characters act without the 5e action economy: one attack
  -- routine (or one other action) per turn.
  slots = { action = 1 },
  -- 1E-TOHIT-01: d20 + modifiers >= the matrix number (descending AC);
  -- no automatic hit or miss on a natural 20 or 1, no critical hits.
  attack = { die = 20, auto_hit = false, auto_miss = false, threat = false, confirm = false,
             crit = "none", min_damage = 1, needed = tohit.needed },
  damage_steps = { "immune", "adjust", "resist", "vuln" },
  -- 1E-HP-03: any creature at 0 hp is unconscious and bleeds (hp.lua
  -- decides at creature.dying whether the blow killed it outright).
  down = { players = "dying", monsters = "dying" },
  max_rounds = 100,
  -- The battle map (issue 12). An encounter with no map keeps the
  -- encounter.lua abstraction of space (a gap in feet per creature); one
  -- with a map uses positions instead, never both (encounter.lua's header).
  space = {
    -- Scale (section 0.3, 1E-MOVE-01, 1E-DIST-01): the DMG measures the
    -- battlefield in inches of its map, 1" = 10 ft indoors and underground
    -- (10 yd outdoors), and gives every movement rate, missile range and
    -- encounter distance in inches. So a square is one inch (10 ft) and
    -- distances are counted in inches: a stat block's move 12" is 12
    -- squares a round, a long bow's 7/14/21" its range bands, and striking
    -- range, "within 10 ft" (1E-MOVE-02), is one square: the squares around
    -- a creature.
    square = 1, unit = "in",
    -- The DMG measures moves with a ruler, not in squares: alternate
    -- diagonals (1, 2, 1, ... inches) keep a diagonal move within half an
    -- inch of the ruler's length (every diagonal at one inch would let 12"
    -- cover 17"); a diagonal neighbour is still within striking range.
    diagonal = "alternate",
    -- Sizes S, M and L (the Monster Manual's): at 10 ft a square, each
    -- fills one square (a large creature is "not much bigger than
    -- man-size", 1E-MISS-02); the ranks order them for size disparity
    -- (1E-MISS-03).
    sizes = { S = { rank = 1, space = 1 }, M = { rank = 2, space = 1 }, L = { rank = 3, space = 1 } },
    default_size = "M",
    -- Not in the seed: rough ground. The map's difficult squares ('~')
    -- cost double (the kernel's additive rule, one extra inch per inch).
    difficult = { extra = 1 },
    -- 1E-MISS-07, TBL-COVER (hard cover, missiles): a low wall or lines
    -- half blocked is 50% cover ("covered to the waist"), +4 to AC; three
    -- of four lines blocked is 75% (a narrow window), +7; no line at all,
    -- no attack. 25% and 90% (an arrow slit) are not on the map: the game
    -- master gives them as the target's cover condition (tohit.ac_of).
    -- Creatures give no cover: a missile into a melee is 1E-MISS-02's
    -- (missiles.melee_target). 1e armour class is descending: the kernel
    -- hands "ac" to tohit.needed, which lowers the target's AC by it.
    cover = { creatures = false, half = { ac = tohit.cover_bonus(50, "hard") },
              ["three-quarters"] = { ac = tohit.cover_bonus(75, "hard") }, total = { untargetable = true } },
    -- 1E-TOHIT-03 and the note under the character matrices: a missile
    -- weapon's range is short, medium and long (its range = {s, m, l} in
    -- inches, lib.weapons); medium -2, long -5, beyond long no shot.
    range = { bands = { { mod = tohit.range_mod("medium") }, { mod = tohit.range_mod("long") } } },
    -- Breaking off from melee ([K] DMG p. 70; the seed names the section,
    -- 1E-AVOID-01, but does not print it, section 30): a creature that
    -- leaves the striking range of an opponent it was engaged with (in
    -- whose range its move began; passing by is not breaking off) gives it
    -- a free attack routine. tactics.lua makes it (a move.reach hook); the
    -- kernel only says when.
    opportunity = { on = "leave_reach", engaged = true },
    -- Fights on a map play by tactics.lua (closing, charging, missiles);
    -- the kernel's own turn is not used.
    turn = { full_attack_move = -1, double_move = false },
    default_speed = 12,
  },
})
