-- The core dice machinery (inventory section 2, HB-CORE-01..08): the D20
-- test with the attribute value (属性值), graded advantage that adds up and
-- keeps its levels, how a level turns into dice, opposed checks with their
-- ties, automatic failures, the skills and saves the chapter names, and
-- natural 20 and 1 on saves.
--
-- The D20 tests themselves are 5e's (5e.d20_test, 5e.checks.build: the
-- attribute, the proficiency bonus once, the other modifiers); what the
-- modded rules change is one definition 5e sets, 5e.d20_rules, replaced
-- here: graded levels instead of on/off, and the natural faces of saves.
--
--   local core = rules.need("mod5e.core")
--   core.test(c, { skill = "athletics", dc = 10 })
--   core.test(c, { save = "reflex", dc = 15 })
--   core.opposed(a, { skill = "athletics" }, b, { skill = "athletics" })
local rules = require("rules")
local check = require("check")

local M = {}

-- The switches of the rules' ambiguities (section 17), one table a session,
-- spec or variant changes with rules.merge("mod5e.options", {...}):
--   adv_cap            AMB-01: the largest net level (0: no cap)
--   passive_step       AMB-15: a passive score's change per net level
--   mixed_speed_cap    AMB-07: a move mixing speeds is capped by the highest
--   exhaustion_replace AMB-02: a level's disadvantage replaces the lower
--                      levels' instead of adding to them
--   vis_symmetric_cancel AMB-19: two creatures that cannot see each other
--                      cancel out (5e) instead of each taking 2 dis
--   twf_offhand_attr   AMB-21: the off-hand attack adds the attribute to damage
--   somatic_free_hand  AMB-39: grappled creatures may cast somatic spells
--                      with a free hand
rules.define("mod5e.options", {
  adv_cap = 0,
  passive_step = 5,
  mixed_speed_cap = true,
  exhaustion_replace = false,
  vis_symmetric_cancel = false,
  twf_offhand_attr = true,
  somatic_free_hand = false,
})

local function opt(name) return rules.need("mod5e.options")[name] end
M.option = opt

-- HB-CORE-03, AMB-01: how a net level turns into dice: roll 1 + |net| d20
-- and keep the highest (net > 0) or the lowest (net < 0), so level 1 is
-- 5e's Advantage. The rule is data for the kernel's built-in dice rule
-- (check.roll's adv_policy, and the combat table's attack.advantage):
-- max_dice caps the dice and step adds that much for each level beyond
-- them (max_dice = 2, step = 2: "2d20 plus 2 a further level"); cap limits
-- |net| (mod5e.options.adv_cap). check.roll also takes a resolve(net)
-- function: rules.wrap("mod5e.advantage", ...) may add one for scripts'
-- tests.
rules.define("mod5e.advantage", { mode = "graded", max_dice = 0, step = 0 })

-- M.policy returns check.roll's adv_policy for a D20 test.
function M.policy()
  local a = rules.need("mod5e.advantage")
  local p = { mode = a.mode or "graded", cap = opt("adv_cap") or 0 }
  if (a.max_dice or 0) > 0 then p.max_dice, p.step = a.max_dice, a.step or 0 end
  if a.resolve then p.resolve = a.resolve end
  return p
end

-- M.net returns the net level of summed advantage (adv >= 0) and
-- disadvantage (dis >= 0) levels (HB-CORE-02: Σadv − Σdis, one for one,
-- capped by adv_cap).
function M.net(adv, dis)
  local n = (adv or 0) - (dis or 0)
  local cap = opt("adv_cap") or 0
  if cap > 0 then n = math.max(-cap, math.min(cap, n)) end
  return n
end

-- M.sources combines advantage sources (a level or a list of levels or
-- {level, source}) into {net, up, down, sources}: the list is kept so a
-- script can see, cap or drop some (HB-CORE-02).
function M.sources(list)
  if type(list) ~= "table" or list.level ~= nil then list = { list } end
  local net, up, down = check.net_adv(list, M.policy())
  return { net = net, up = up, down = down, sources = list }
end

-- 5e.d20_rules, replaced: graded levels (HB-CORE-02, 03) and, on saves, a
-- natural 20 always succeeds and a natural 1 always fails (HB-CORE-08;
-- attack rolls have the same rule, 5e's).
rules.define("5e.d20_rules", setmetatable({ net = M.net, save_auto = { 20, 1 } }, {
  -- the policy follows mod5e.options and mod5e.advantage as they are now
  __index = function(_, k)
    if k == "adv_policy" then return M.policy() end
  end,
}))

-- The attribute value (属性值) goes into rolls as it is. A 5e stat block
-- gives scores; its attribute value is the score's 5e modifier (so the 5e
-- monsters play unchanged, section 0), which is what 5e.checks adds.
function M.attr(c, ability)
  local s = c:ability(ability)
  if s == nil then return nil end
  return rules.need("5e.mod")(s)
end

-- HB-CORE-06: the skills the chapter names and their attributes; Athletics
-- is Strength by 5e analogy. Conditions group skills and saves as "Str-,
-- Dex- and Int-related" by their attribute.
M.skills = { athletics = "str", stealth = "dex", perception = "wis", insight = "wis" }
M.physical = { str = true, dex = true, int = true }

-- HB-CORE-07, AMB-04: the saves the chapter names, each with its governing
-- attribute. Only the Reflex save (反射豁免) is named; the other attributes'
-- saves are 5e's, named by their attribute.
M.saves = { reflex = { ability = "dex", en = "Reflex save", zh = "反射豁免" } }

-- M.save_ability returns the attribute of a save ("reflex" or an ability).
function M.save_ability(save)
  local s = M.saves[save]
  if s then return s.ability end
  return save
end

-- M.test rolls a D20 test (HB-CORE-01): d20 + attribute value +
-- proficiency bonus (where it applies) + other modifiers against a DC, an
-- AC or nothing; opts are 5e.d20_test's, with opts.save naming a save
-- ("reflex"). Returns its record (net_adv, dice, natural, total, success,
-- decided).
local function with_save(opts)
  opts = opts or {}
  if not opts.save then return opts end
  local t = {}
  for k, v in pairs(opts) do t[k] = v end
  t.save, t.kind, t.ability = nil, "save", M.save_ability(opts.save)
  return t
end

function M.test(c, opts)
  return rules.need("5e.d20_test")(c, with_save(opts))
end

-- M.build is 5e.checks.build with opts.save read as M.test does: the
-- check.roll spec (nil when the test fails automatically) and the info.
function M.build(c, opts)
  return rules.need("5e.checks").build(c, with_save(opts))
end

-- M.opposed is an opposed check (HB-CORE-04, 05): a, the initiator, with
-- test options ao against b with bo (5e.d20_test's options: skill,
-- ability, adv, mods). Whoever wins gets the outcome; a tie changes
-- nothing, so the initiator fails (AMB-11). A side that fails
-- automatically (a condition) loses without rolling; if both do, nothing
-- changes. Returns {success (the initiator won), winner ("a", "b" or nil),
-- how ("roll", "auto"), a, b (the rolls, or {auto = why})}.
function M.opposed(a, ao, b, bo)
  local sa, ia = M.build(a, ao)
  local sb, ib = M.build(b, bo)
  if not sa or not sb then
    local out = { how = "auto", a = sa and {} or { auto = ia.auto }, b = sb and {} or { auto = ib.auto } }
    if sa and not sb then
      out.a = check.roll(sa)
      out.winner = "a"
    elseif sb and not sa then
      out.b = check.roll(sb)
      out.winner = "b"
    end
    out.success = out.winner == "a"
    return out
  end
  sa.target, sb.target = nil, nil
  local r = check.opposed(sa, sb, { tie = "defender" })
  local out = { how = "roll", a = r.a, b = r.b, margin = r.margin }
  if r.a.total > r.b.total then out.winner = "a" elseif r.b.total > r.a.total then out.winner = "b" end
  out.success = out.winner == "a"
  return out
end

rules.define("mod5e.core", M)
