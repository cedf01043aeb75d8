-- The 3.0 combat conditions as data (names: names.lua). `fight` is what the
-- kernel does with a condition in fights that play themselves (the keys are
-- bindings/fightmod/compile.go's condFightKeys); `implies` adds the effects
-- of other conditions. What a condition does beyond that is code in the
-- file of its rule (hp.lua for disabled and dying, subdual.lua for
-- staggered, turn.lua for the partial-action limit).
--
-- Table 8-8 (3E-MOD-01..13) is here: each row is a condition of the
-- attacker or of the defender, with its melee and ranged modifiers; the
-- rows marked # make the defender lose its Dex bonus to AC (and with it
-- its dodge bonuses, 3E-AC-10).
local rules = require("rules")
local names = require("core.3e.names")

local T = require("core.3e.tables")

-- What "loses its Dex bonus to AC" loses (3E-AC-04, 3E-AC-10).
local LOSE_DEX = { "dex", "dodge" }

-- Table 8-8's row for a condition: its to-hit modifiers on attacks
-- against the bearer (a defender row) or by it (an attacker row), and #.
local function row(key, side)
  for _, r in ipairs(T.attack_mods) do
    local hit = r.key == key
    for _, k in ipairs(r.also or {}) do hit = hit or k == key end
    if hit and r.side == side then return r end
  end
  error("Table 8-8 has no " .. side .. " row for " .. key)
end

local function num(v)
  if type(v) == "number" and v ~= 0 then return v end
  return nil
end

-- defender(key, extra): the condition's fight table from its defender row.
local function defender(key, extra)
  local r = row(key, "defender")
  local t = extra or {}
  if r.melee == r.ranged then
    t.defense_mod = num(r.melee)
  else
    t.defense_mod_melee, t.defense_mod_ranged = num(r.melee), num(r.ranged)
  end
  if r.dex == "#" and not t.ac_lose then t.ac_lose = LOSE_DEX end
  return t
end

local FIGHT = {
  -- 3E-INIT-04, 3E-AC-12: until its first turn, no Dex bonus, no dodge
  -- bonus, no attacks of opportunity. 3E-MOD-10: +0/+0 but # . 3E-INIT-05:
  -- uncanny dodge keeps the Dex bonus.
  flat_footed = defender("flat_footed", { no_opportunity = true, ends = "acts", ac_lose_unless = "uncanny_dodge" }),
  surprised = defender("surprised"),
  -- 3E-ATK-17: -2 AC until the start of the charger's next turn (B-11);
  -- the +2 on the charge's one attack is the kernel's charge rule.
  charging = { ac_mod = T.charge.ac, ends = "turn_start" },
  -- 3E-ATK-16: -4 on every attack this round, +2 dodge until the next turn.
  fighting_defensively = { attack_mod = T.defensive.attack, ac_mod = T.defensive.ac, ac_type = "dodge",
                           ends = "turn_start" },
  -- 3E-ACTION-16: +4 dodge for the round (and no attacks: turn.lua).
  total_defense = { ac_mod = T.total_defense, ac_type = "dodge", ends = "turn_start" },
  -- 3E-MOD-04: attacker prone -4 melee, no ranged attack but a crossbow;
  -- 3E-MOD-07: defender prone +4 melee, -4 ranged.
  prone = defender("prone", { attack_mod_melee = row("prone", "attacker").melee, no_ranged_unless = "crossbow" }),
  -- 3E-MOD-06: defender sitting or kneeling.
  kneeling = defender("kneeling"),
  -- 3E-MOD-08: stunned, cowering, off balance (# ).
  stunned = defender("stunned", { no_actions = true, no_opportunity = true }),
  cowering = defender("cowering", { no_actions = true, no_opportunity = true }),
  off_balance = defender("off_balance"),
  -- 3E-MOD-09: climbing: no shield either.
  climbing = defender("climbing", { ac_lose = { "dex", "dodge", "shield" } }),
  -- 3E-MOD-11, 3E-ACTION-17: running (# ), until its next turn.
  running = defender("running", { ends = "turn_start" }),
  -- 3E-MOD-12: grappling +0/+0 and # : the Dex bonus lost against anyone
  -- but the creature it grapples (the condition's source, 3E-GRAP-14); it
  -- threatens nothing (3E-AOO-01); the random grappler a ranged attack
  -- strikes is the special-attacks scripts'.
  grappling = defender("grappling", { no_opportunity = true, no_threat = true, ac_lose_except_source = true }),
  -- 3E-MOD-13: pinned (# ).
  pinned = defender("pinned", { no_opportunity = true }),
  -- 3E-HELP-01: helpless: +4 melee (circumstance), nothing extra ranged,
  -- Dex treated as 0 (a -5 modifier in place of its own), no dodge.
  helpless = { defense_mod_melee = T.helpless.melee, ac_set = { dex = T.helpless.dex }, ac_lose = { "dodge" },
               no_actions = true, no_opportunity = true },
  unconscious = { no_actions = true },
  dying = { no_actions = true },
  stable = {},
  dead = { no_actions = true },
  -- 3E-HP-05, 3E-SUBD-02: only a partial action each round; a strenuous
  -- action at 0 hp costs 1 hp (B-05: right after it).
  disabled = { partial = true, strenuous = 1 },
  staggered = { partial = true },
  -- 3E-MOD-05: attacker invisible +2 melee and ranged, and the defender
  -- (who cannot see it) loses its Dex bonus; 3E-CONC-01: against it,
  -- total concealment (the sight rules' miss chance).
  invisible = { attack_mod = row("invisible", "attacker").melee, foe_ac_lose = LOSE_DEX, unseen = true },
  blinded = { blind = true, ac_lose = LOSE_DEX },
  -- 3E-MOD-03: attacker on higher ground +1 melee.
  higher_ground = { attack_mod_melee = row("higher_ground", "attacker").melee },
  -- 3E-CONC-01, Table 8-10: the miss chance by degree (the highest counts,
  -- 3E-CONC-02).
  concealed_quarter = { miss_chance = T.concealment.quarter },
  concealed_half = { miss_chance = T.concealment.half },
  concealed_three_quarters = { miss_chance = T.concealment.three_quarters },
  concealed_nine_tenths = { miss_chance = T.concealment.nine_tenths },
  concealed_total = { miss_chance = T.concealment.total },
  -- 3E-AC-06: the Dodge feat: +1 dodge against the one opponent it names
  -- (the condition's source; dodge.lua's dodge()).
  dodging = { ac_mod = 1, ac_type = "dodge", ac_vs_source = true },
  -- Table 8-9's grades the map does not draw (the DM judges them,
  -- 3E-COVER-01): cover bonuses are of the type "cover", so only the best
  -- counts (3E-COVER-06).
  cover_quarter = { ac_mod = T.cover.quarter.ac, ac_type = "cover" },
  cover_nine_tenths = { ac_mod = T.cover.nine_tenths.ac, ac_type = "cover" },
}

local IMPLIES = {
  unconscious = { "helpless" }, asleep = { "helpless" }, held = { "helpless" }, paralyzed = { "helpless" },
  bound = { "helpless" }, dying = { "unconscious" }, dead = { "helpless" },
}

for _, c in ipairs(names.conditions) do
  rules.define("condition." .. c.id, {
    name = { en = c.en, zh = c.zh },
    fight = FIGHT[c.id] or {},
    implies = IMPLIES[c.id],
  })
end
