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

-- What "loses its Dex bonus to AC" loses (3E-AC-04, 3E-AC-10).
local LOSE_DEX = { "dex", "dodge" }

local FIGHT = {
  -- 3E-INIT-04, 3E-AC-12: until its first turn, no Dex bonus, no dodge
  -- bonus, no attacks of opportunity. 3E-MOD-10: +0/+0 but # .
  flat_footed = { ac_lose = LOSE_DEX, no_opportunity = true, ends_turn_start = true },
  surprised = { ac_lose = LOSE_DEX },
  -- 3E-ATK-17: +2 on the charge's attack (charge.lua adds it to the
  -- attack), -2 AC until the start of the charger's next turn (B-11).
  charging = { ac_mod = -2, ends_turn_start = true },
  -- 3E-ATK-16: -4 on every attack this round, +2 dodge until the next turn.
  fighting_defensively = { attack_mod = -4, ac_mod = 2, ac_type = "dodge", ends_turn_start = true },
  -- 3E-ACTION-16: +4 dodge for the round (and no attacks: turn.lua).
  total_defense = { ac_mod = 4, ac_type = "dodge", ends_turn_start = true },
  -- 3E-MOD-04: attacker prone -4 melee; no ranged attack but a crossbow.
  -- 3E-MOD-07: defender prone +4 melee, -4 ranged.
  prone = { attack_mod_melee = -4, no_ranged_unless = "crossbow", defense_mod_melee = 4, defense_mod_ranged = -4 },
  -- 3E-MOD-06: defender sitting or kneeling +2 melee, -2 ranged.
  kneeling = { defense_mod_melee = 2, defense_mod_ranged = -2 },
  -- 3E-MOD-08: stunned, cowering, off balance: +2/+2 and # .
  stunned = { defense_mod = 2, ac_lose = LOSE_DEX, no_actions = true, no_opportunity = true },
  cowering = { defense_mod = 2, ac_lose = LOSE_DEX, no_actions = true, no_opportunity = true },
  off_balance = { defense_mod = 2, ac_lose = LOSE_DEX },
  -- 3E-MOD-09: climbing (no shield): +2/+2 and # .
  climbing = { defense_mod = 2, ac_lose = { "dex", "dodge", "shield" } },
  -- 3E-MOD-11: running +0 melee, -2 ranged and # (3E-ACTION-17).
  running = { defense_mod_ranged = -2, ac_lose = LOSE_DEX, ends_turn_start = true },
  -- 3E-MOD-12: grappling: +0/+0; Dex lost against those it is not
  -- grappling (3E-GRAP-14, the special-attacks scripts); threatens nothing.
  grappling = { no_opportunity = true },
  -- 3E-MOD-13: pinned +4 melee, -4 ranged and # .
  pinned = { defense_mod_melee = 4, defense_mod_ranged = -4, ac_lose = LOSE_DEX, no_opportunity = true },
  -- 3E-HELP-01: helpless: +4 melee (circumstance), nothing extra ranged,
  -- Dex treated as 0 (a -5 modifier in place of its own), no dodge.
  helpless = { defense_mod_melee = 4, ac_set = { dex = -5 }, ac_lose = { "dodge" }, no_actions = true,
               no_opportunity = true },
  unconscious = { no_actions = true },
  dying = { no_actions = true },
  stable = {},
  dead = { no_actions = true },
  -- 3E-HP-05, 3E-SUBD-02: only a partial action each round.
  disabled = { partial = true, strenuous = 1 },
  staggered = { partial = true },
  -- 3E-MOD-05: attacker invisible +2 melee and ranged, and the defender
  -- loses its Dex bonus; 3E-CONC-01: total concealment against those who
  -- cannot see it (the sight rules' miss chance).
  invisible = { attack_mod = 2, foe_ac_lose = LOSE_DEX, unseen = true },
  blinded = { blind = true, ac_lose = LOSE_DEX },
  -- 3E-MOD-03: attacker on higher ground +1 melee.
  higher_ground = { attack_mod_melee = 1 },
  -- 3E-CONC-01, Table 8-10: the miss chance by degree (the highest counts,
  -- 3E-CONC-02).
  concealed_quarter = { miss_chance = 10 },
  concealed_half = { miss_chance = 20 },
  concealed_three_quarters = { miss_chance = 30 },
  concealed_nine_tenths = { miss_chance = 40 },
  concealed_total = { miss_chance = 50 },
  -- Table 8-9's grades the map does not draw (the DM judges them, 3E-COVER-01):
  -- cover bonuses are of the type "cover", so only the best counts (3E-COVER-06).
  cover_quarter = { ac_mod = 2, ac_type = "cover" },
  cover_nine_tenths = { ac_mod = 10, ac_type = "cover" },
}

local IMPLIES = {
  unconscious = { "helpless" }, asleep = { "helpless" }, held = { "helpless" }, paralyzed = { "helpless" },
  bound = { "helpless" }, dying = { "unconscious" }, dead = { "helpless" },
}

-- The kernel keys of this commit (the others arrive with their kernel
-- mechanisms in the next commits).
local NOW = { ac_mod = true, attack_mod = true, no_actions = true, blind = true, unseen = true }
local function now(t)
  local out = {}
  for k, v in pairs(t or {}) do
    if NOW[k] then out[k] = v end
  end
  return out
end

for _, c in ipairs(names.conditions) do
  rules.define("condition." .. c.id, {
    name = { en = c.en, zh = c.zh },
    fight = now(FIGHT[c.id]),
    implies = IMPLIES[c.id],
  })
end
