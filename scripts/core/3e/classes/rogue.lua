-- The 3.0 rogue (require("core.3e.classes.rogue")), [K] PHB 3.0 chapter 3:
-- d6 hit dice, average base attack bonus, good Reflex.
--   Sneak attack  +1d6 at 1st level, +1d6 every two levels after (Table
--                 3-14), on a target denied its Dex bonus to AC (flat-
--                 footed, stunned, helpless, grappling someone else...) or
--                 flanked by the rogue; a ranged sneak attack only within
--                 30 ft; never on creatures immune to critical hits; the
--                 dice are rolled once, not multiplied on a critical
--                 (3E-DMG-09); never through concealment.
--   Evasion (2nd) no damage on a successful Reflex save for half
--                 (magic.reflex_half).
--   Uncanny dodge (3rd) keeps its Dex bonus when flat-footed (3E-INIT-05,
--                 the stat block's uncanny_dodge feat tag).
local rules = require("rules")
local dice = require("dice")
local fight = require("fight")
local B = require("core.3e.classes.base")
local G = require("core.3e.special.grapple")

local M = rules.get("3e.classes.rogue")
if M then return M end
M = {}

M.names = {
  rogue = { en = "Rogue", zh = "浪人" },
  sneak_attack = { en = "Sneak attack", zh = "偷袭" },
  evasion = { en = "Evasion", zh = "闪避" },  -- not in source
  uncanny_dodge = { en = "Uncanny dodge", zh = "离奇闪避" },
}

M.sneak_range = 30 -- 3E-ATK (§18 S1): no sneak attack beyond 30 ft

function M.sneak_dice(level) return math.floor((level + 1) / 2) end

-- denied_dex(t, c, assessment): whether t is denied its Dex bonus to AC
-- against c: the kernel's assessment loses the "dex" type (a condition
-- of Table 8-8 marked #, helpless, an invisible attacker), or t grapples
-- someone else (3E-GRAP-14).
function M.denied_dex(t, c, as)
  for _, ty in ipairs(as.ac_lost or {}) do
    if ty == "dex" then return true end
  end
  if t:has("helpless") then return true end
  return G.dex_denied(t, c)
end

-- sneaks(c, t, attack): whether c's attack on t gets sneak attack dice.
function M.sneaks(c, t, attack)
  if t:has_tag("crit_immune") then return false end
  local as = fight.assess(c, t, attack)
  local a = fight.attack(c, attack)
  if a.ranged and as.distance > M.sneak_range then return false end
  for _, r in ipairs(as.reasons or {}) do
    if r.kind == "miss" or (r.why or ""):find("concealment", 1, true) then return false end
  end
  return as.flanked and not a.ranged or M.denied_dex(t, c, as)
end

local function sneak_attack(stat, level)
  local n = M.sneak_dice(level)
  B.hook(stat, "damage.roll", function(e)
    local c, t = e.attacker, e.target
    if not M.sneaks(c, t, e.attack) then return end
    local extra = dice.total(n .. "d6")
    e.damage = e.damage + extra
    fight.note(string.format("%s sneak attacks %s: +%d", c:get("id"), t:get("id"), extra))
  end, { phase = "result" })
end

function M.build(spec)
  return B.build({ id = "rogue", die = 6, bab = "average", saves = { fort = "poor", ref = "good", will = "poor" },
    apply = function(s, level)
      sneak_attack(s, level)
      if level >= 2 then s.tags[#s.tags + 1] = "evasion" end
      if level >= 3 then
        s.feats = s.feats or {}
        s.feats[#s.feats + 1] = "uncanny_dodge"
      end
    end }, spec)
end

rules.define("3e.classes.rogue", M)
return M
