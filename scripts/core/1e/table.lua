-- The 1e side of the REPL's table commands (scripts/core/base/table.lua).
-- In a fight played by hand the 1e tactics leave the round to the game
-- master (tactics.lua, encounter.lua: no rolled hit points, distance,
-- morale or automatic blows); the rules they would have applied are
-- commands instead:
--
--   morale A[,B...]|SIDE [--superior] [--mod N]   a morale check (1e.morale),
--                                                 its result applied
--   surprise [SIDE N]                             both sides' surprise dice
--                                                 (1e.encounter), or a side
--                                                 the GM says is surprised;
--                                                 before init
--
-- (segment, which steps through a round's segments, is a base command.)
local rules = require("rules")
local fight = require("fight")
local text = require("text")
local tbl = require("core.base.table")
local morale = require("core.1e.morale")
local enc = require("core.1e.encounter")

local MSG = {
  no_check = { "%s makes no morale checks (fearless, mindless or a player character)", "%s 不作士气检定（无畏、无心智或玩家角色）" },
  held = { "%s: morale d%% %s = %d vs %d: holds", "%s：士气 d%% %s = %d 对 %d：维持" },
  failed = { "%s: morale d%% %s = %d vs %d: fails by %d: %s", "%s：士气 d%% %s = %d 对 %d：失败 %d：%s" },
  fled = { "; %s is out of the fight", "；%s 退出战斗" },
  no_side = { "morale: no creature or side called %s", "morale：没有名为 %s 的生物或阵营" },
  rolled = { "surprise: %s rolls %d, %s rolls %d", "突袭：%s 掷出 %d，%s 掷出 %d" },
  surprised = { "%s is surprised for %d segment(s)", "%s 受到突袭，失去 %d 个时段" },
  nobody = { "nobody is surprised", "无人受到突袭" },
  two_sides = { "surprise: a fight of two sides, not %d", "surprise：需要两个阵营，而非 %d 个" },
  began = { "surprise is settled before initiative (init)", "突袭须在先攻（init）之前决定" },
  bad_n = { "surprise: the segments lost are a whole number from 0, got %s", "surprise：失去的时段须为 0 以上的整数，收到 %s" },
  applies = { " (it applies when init rolls initiative)", "（于 init 掷先攻时生效）" },
}

local function say(key, ...)
  local m = MSG[key]
  local f = tbl.lang() == "zh" and m[2] or m[1]
  if select("#", ...) > 0 then f = string.format(f, ...) end
  return f
end

local function fail(key, ...) error(say(key, ...), 0) end

-- state is this system's part of the table fight's state.
local function state()
  local st = tbl.state()
  st.e1 = st.e1 or {}
  return st.e1
end

-- ---- morale ----

-- members returns the creatures a word names: a side (all its creatures in
-- the fight) or creatures.
local function members(who)
  local list = {}
  for _, c in ipairs(fight.all()) do
    if c:get("side") == who then list[#list + 1] = c end
  end
  if #list > 0 then return list end
  local ok, found = pcall(tbl.find_list, who)
  if not ok then fail("no_side", tostring(who)) end
  return found
end

local function mods_text(roll, mods)
  local parts = { tostring(roll) }
  for _, m in ipairs(mods) do
    local v = type(m) == "table" and m.value or m
    if v ~= 0 then parts[#parts + 1] = string.format("%s %d", v < 0 and "-" or "+", math.abs(v)) end
  end
  return table.concat(parts, " ")
end

-- morale_of makes c's morale check (1E-MORALE-01..06) where the fight
-- stands: its side's losses and leader, its wounds, opts.superior (the
-- side faces an obviously superior force), opts.mod (the game master's own
-- adjustment); the result is applied (1e.morale.apply). Returns the check
-- with text.
local function morale_of(c, opts)
  if not morale.checks(c) then return { text = say("no_check", tbl.name(c)) } end
  local hold, tally = morale.held(fight.all(), c:get("side"))
  if opts.superior then hold[#hold + 1] = "superior" end
  local mods = morale.mods(c, hold, tally)
  if opts.mod then mods[#mods + 1] = { value = tonumber(opts.mod), source = "game master" } end
  local res = morale.check(c:ability("morale"), mods)
  local dice = mods_text(res.roll, mods)
  if res.held then
    res.text = say("held", tbl.name(c), dice, res.total, res.score)
    return res
  end
  local cond = morale.apply(c, res)
  res.condition = cond
  res.text = say("failed", tbl.name(c), dice, res.total, res.score, res.margin, res.reaction or "?")
  if fight.is(c, "fled") then res.text = res.text .. say("fled", tbl.name(c)) end
  return res
end

-- tbl.morale checks the morale of who (creatures, or a side's every
-- creature that checks). Returns {results, text}.
function tbl.morale(who, opts)
  opts = opts or {}
  tbl.state()
  local results, lines = {}, {}
  for _, c in ipairs(members(who)) do
    if not fight.is(c, "out") then
      local r = morale_of(c, opts)
      results[#results + 1] = r
      lines[#lines + 1] = r.text
    end
  end
  return { results = results, text = table.concat(lines, "\n") }
end

tbl.define_command("morale", {
  usage = "morale A[,B...]|SIDE [--superior] [--mod N]",
  example = { "morale foes", "morale orc1 --superior" },
  help = { "a morale check (d% and the adjustments of the situation: losses, the leader, wounds) for each creature"
    .. " named, or of a side; a failure is applied (falling back, or out of the fight)",
    "对每个指定的生物或整个阵营进行士气检定（d% 加上情势调整：伤亡、首领、伤势）；失败的结果立即生效（后退，或退出战斗）" },
  values = { mod = "n" }, bools = { superior = true },
  complete = function(args) if #args == 0 then return { "creature", "party", "foes" } end return {} end,
  run = function(args, flags)
    if #args ~= 1 then return nil end
    return tbl.morale(args[1], flags)
  end,
})

-- ---- surprise ----

local function sides()
  return enc.sides_of(fight.all())
end

-- tbl.surprise rolls surprise for both sides (1E-SURP-01..04: each side's
-- die against the other's chance; segments lost by the difference), or
-- with side and n sets it by hand. It applies when init rolls initiative.
-- Returns {lost = {side = n}, rolls, text}.
function tbl.surprise(side, n)
  local st = tbl.state()
  if st.began then fail("began") end
  local by, order = sides()
  if #order ~= 2 then fail("two_sides", #order) end
  local lost, res
  if side then
    local k = tonumber(text.narrow(tostring(n)))
    if not k or k < 0 or k ~= math.floor(k) then fail("bad_n", tostring(n)) end
    local cfg = { sides = {} }
    if not by[side] then fail("no_side", tostring(side)) end
    for _, s in ipairs(order) do cfg.sides[s] = { surprised = s == side and k or 0 } end
    lost = enc.surprise(by, order, cfg)
  else
    lost, res = enc.surprise(by, order, { surprise = true })
  end
  local e = state()
  e.lost = lost
  local lines = {}
  if res then lines[1] = say("rolled", order[1], res.a.roll, order[2], res.b.roll) end
  local any = false
  for _, s in ipairs(order) do
    if (lost[s] or 0) > 0 then
      any = true
      lines[#lines + 1] = say("surprised", s, lost[s]) .. say("applies")
    end
  end
  if not any then lines[#lines + 1] = say("nobody") end
  return { lost = lost, rolls = res, text = table.concat(lines, "\n") }
end

-- The surprise settled at the table applies as initiative is rolled (in
-- encounter.start, before the first round, as a fight that plays itself
-- sets it).
rules.on("encounter.start", function()
  if not fight.by_hand() then return end
  local ok, st = pcall(tbl.state)
  if not ok or not st.e1 or not st.e1.lost then return end
  local by, order = sides()
  enc.apply_surprise(by, order, st.e1.lost)
end, { phase = "declare", priority = -80 })

-- At the table the mark of surprise goes when the first round starts (the
-- segments lost were round 0's).
rules.on("round.start", function(e)
  if not fight.by_hand() or (e.round or 0) < 1 then return end
  for _, c in ipairs(fight.all()) do c:remove_condition("surprised", { source = "surprise" }) end
end)

tbl.define_command("surprise", {
  usage = "surprise [SIDE N]",
  example = { "surprise", "surprise foes 2" },
  help = { "before init: both sides roll their surprise die (the segments lost come from the difference), or"
    .. " SIDE is surprised for N segments as the game master says",
    "先攻之前：双方掷突袭骰（失去的时段由差值决定），或由主持人指定 SIDE 受突袭 N 个时段" },
  run = function(args)
    if #args == 0 then return tbl.surprise() end
    if #args ~= 2 then return nil end
    return tbl.surprise(args[1], args[2])
  end,
})

return tbl
