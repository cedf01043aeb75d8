-- Table commands: a fight played by hand at the REPL (docs/repl.md, "Table
-- commands"). Each command is a function of this module and a REPL command
-- defined as command.<word>:
--
--   add MONSTER [xN] [--side SIDE] [--id ID] [--hp N] [--ac N] [--init N] [--name NAME] [--player]
--   init                       roll initiative and show the order
--   order | show               the order: initiative, HP, temporary HP, conditions
--   attack A B [--with WEAPON] [--adv] [--dis]
--   save A ABILITY DC [--adv] [--dis]
--   damage A N [TYPE]          N: a number or dice ("2d6")
--   heal A N
--   cond add A NAME [Nr] [--level N] [--by B] [--custom] | cond remove A NAME | cond list [A]
--   next                       the next turn: who is up, what expired
--   end                        end the fight
--
-- From Lua: local tbl = require("core.base.table"); tbl.add("goblin", {count = 4}),
-- tbl.init(), tbl.attack("goblin1", "hero", {with = "Scimitar", adv = true}),
-- tbl.save("hero", "dex", 15), tbl.damage("hero", 7, "fire"), tbl.heal("hero", 5),
-- tbl.cond_add("hero", "prone", "1r"), tbl.cond_remove("hero", "prone"),
-- tbl.cond_list("hero"), tbl.next(), tbl.finish(), tbl.show(); each returns a
-- record whose `text` is what the command prints. tbl.run("attack goblin1 hero")
-- runs a command line. A fight started from Lua with fight.table() is taken
-- over.
--
-- The rule system supplies the rules: the combat table and the fight
-- module's pipeline (attacks, damage, dying), "save" (a saving throw; the
-- base layer's reads a `saves` table of bonuses from the stat block), and
-- optionally "table.names" ({damage, ability, action, skill = {{id, en, zh}...}}),
-- "table.cond_add", "table.cond_remove" and "table.heal". Names are accepted
-- in English or Chinese; output is in Chinese when rules.get("session.lang")
-- is "zh" (the REPL defines it from dndsh.toml's lang).
local rules = require("rules")
local fight = require("fight")
local dice = require("dice")
local check = require("check")
local creature = require("creature")

local M = rules.get("table.commands")
if M then return M end -- already loaded by the ruleset manifest
M = {}

-- Duration handles of timed conditions start here (far from the small
-- numbers other code may use).
local HANDLE_BASE = 7000000

-- S is the state of the table fight: nil before the first add, ended after end.
-- meta: per creature handle {stat, name, base, index}; timed: conditions
-- with a duration {c, name, handle, due}.
local S = nil

local function fresh()
  return { meta = {}, timed = {}, handles = 0, began = false, ended = false }
end

-- ---- language ----

local function lang()
  if rules.get("session.lang") == "zh" then return "zh" end
  return "en"
end
M.lang = lang

local MSG = {
  no_fight = { "no fight is going on: add creatures first (add goblin x4 --side foes)",
    "目前沒有戰鬥：請先加入生物（add goblin x4 --side foes）" },
  no_creature = { "no creature called %s (in the fight: %s)", "沒有名為 %s 的生物（戰鬥中：%s）" },
  none = { "none", "無" },
  no_monster = { "no monster %s for %s (monsters/%s/%s.lua); add a stat block from Lua: require(\"core.base.table\").add{...}",
    "%s 不是 %s 的怪物（找不到 monsters/%s/%s.lua）；可在 Lua 中以 require(\"core.base.table\").add{...} 加入能力值區塊" },
  added = { "added %s to %s (HP %d, AC %d)", "加入 %s 至 %s（生命值 %d，護甲等級 %d）" },
  joins = { "; they join the initiative order when the next round starts", "；於下一輪開始時加入先攻順序" },
  began = { "initiative has been rolled already (round %d): next advances the turn", "已擲過先攻（第 %d 輪）：以 next 推進回合" },
  not_begun = { "roll initiative first (init)", "請先擲先攻（init）" },
  round = { "round %d", "第 %d 輪" },
  not_rolled = { "initiative not rolled yet (init rolls it)", "尚未擲先攻（以 init 擲骰）" },
  turn = { "round %d: %s's turn", "第 %d 輪：輪到 %s" },
  cols = { { "init", "id", "name", "side", "HP", "temp", "conditions" },
    { "先攻", "代號", "名稱", "陣營", "生命值", "臨時", "狀態" } },
  dead_actor = { "%s is dead and cannot attack", "%s 已死亡，無法攻擊" },
  down_actor = { "%s is down and cannot attack", "%s 已倒下，無法攻擊" },
  dead_target = { "%s is already dead", "%s 已經死亡" },
  no_attack = { "%s has no attack %s (attacks: %s)", "%s 沒有名為 %s 的攻擊（攻擊：%s）" },
  no_attacks = { "%s has no attacks", "%s 沒有任何攻擊" },
  attack = { "%s attacks %s with %s%s: %s vs %s: %s", "%s 以 %s%s 攻擊 %s：%s 對 %s：%s" },
  with_adv = { " (advantage)", "（優勢）" },
  with_dis = { " (disadvantage)", "（劣勢）" },
  adv = { "advantage", "優勢" },
  dis = { "disadvantage", "劣勢" },
  ac = { "AC %d", "AC %d" },
  needs = { "%d needed", "需要 %d" },
  hit = { "hit, %d %s", "命中，%d 點%s" },
  crit = { "natural 20, critical hit! %d %s", "天然 20，重擊！%d 點%s" },
  miss = { "miss", "未命中" },
  miss1 = { "natural 1, miss", "天然 1，未命中" },
  damage_word = { "damage", "傷害" },
  typed_damage = { "%s damage", "%s傷害" },
  takes = { " (takes %d)", "（實際受到 %d）" },
  hp_now = { "%s %d/%d HP", "%s 生命值 %d/%d" },
  dies = { "%s dies", "%s 死亡" },
  dying = { "%s falls unconscious and is dying", "%s 失去意識，瀕臨死亡" },
  out = { "%s is out of the fight", "%s 退出戰鬥" },
  wiped = { "no %s left standing", "%s 已無人站立" },
  save = { "%s: %s, DC %d%s: %s", "%s：%s，DC %d%s：%s" },
  save_auto = { "fails automatically (%s)", "自動失敗（%s）" },
  success = { "success", "成功" },
  failure = { "failure", "失敗" },
  bad_count = { "add: the count must be a whole number from 1, got %s", "add：數量必須是 1 以上的整數，收到 %s" },
  bad_dc = { "save: the DC must be a number, got %s", "save：DC 必須是數字，收到 %s" },
  unknown = { "unknown %s %s (known: %s)", "未知的%s %s（已知：%s）" },
  kind_condition = { "condition", "狀態" },
  kind_damage = { "damage type", "傷害類型" },
  kind_ability = { "ability", "屬性" },
  custom_hint = { "; cond add ... --custom adds it anyway", "；加上 --custom 仍可加入" },
  bad_amount = { "%s: the amount must be a number or dice (7, 2d6+1), got %s", "%s：數值必須是數字或骰子（7、2d6+1），收到 %s" },
  damaged = { "%s takes %s%s%s; %s", "%s 受到 %s%s%s；%s" },
  resisted = { " (reduced from %d)", "（由 %d 減少）" },
  increased = { " (increased from %d)", "（由 %d 增加）" },
  immune = { " (no effect)", "（無效）" },
  dead_heal = { "%s is dead: healing cannot help", "%s 已死亡：治療無效" },
  healed = { "%s regains %d HP; %s", "%s 恢復 %d 點生命值；%s" },
  back = { "%s is back in the fight", "%s 重返戰鬥" },
  cond_added = { "%s is %s%s", "%s 陷入%s%s" },
  until_turn = { " until the start of its turn in round %d", "，直到第 %d 輪其回合開始" },
  cond_immune = { "%s is immune to %s", "%s 對%s免疫" },
  cond_already = { "%s is already %s", "%s 已處於%s" },
  cond_removed = { "%s is no longer %s", "%s 不再%s" },
  cond_absent = { "%s is not %s", "%s 並未處於%s" },
  cond_list = { "%s: %s", "%s：%s" },
  cond_until = { "%s (until round %d)", "%s（至第 %d 輪）" },
  expired = { "%s ends on %s", "%s 的%s狀態結束" },
  dying_still = { "%s rolls a death saving throw: still dying", "%s 進行死亡豁免：仍瀕臨死亡" },
  stable = { "%s is stable", "%s 已穩定" },
  revived = { "%s regains consciousness", "%s 恢復意識" },
  ended = { "the fight ends after round %d", "戰鬥於第 %d 輪後結束" },
  ended0 = { "the fight ends before initiative", "戰鬥在擲先攻前結束" },
  standing = { "%s: %s standing", "%s：%s 仍站立" },
  all_down = { "%s: nobody standing", "%s：無人站立" },
  usage = { "usage: %s", "用法：%s" },
  unknown_flag = { "%s: unknown flag --%s (flags: %s)", "%s：未知的旗標 --%s（旗標：%s）" },
  flag_value = { "%s: --%s needs a value", "%s：--%s 需要一個值" },
  flag_number = { "%s: --%s wants a number, got %s", "%s：--%s 需要數字，收到 %s" },
  cond_sub = { "cond: add, remove or list (cond add A prone 1r)", "cond：add、remove 或 list（cond add A prone 1r）" },
  bad_duration = { "cond: a duration is Nr (1r: until the start of its next turn), got %s",
    "cond：持續時間寫作 Nr（1r：直到其下個回合開始），收到 %s" },
}

-- say formats a message in the session's language.
local function say(key, ...)
  local m = MSG[key]
  local f = lang() == "zh" and m[2] or m[1]
  if select("#", ...) == 0 then return f end
  return string.format(f, ...)
end

local function fail(key, ...)
  error(say(key, ...), 0)
end

-- Words for the states of creatures that are out of the fight and for
-- the condition names the dying rules use, when no definition names them.
local STATES = {
  dead = { "dead", "死亡" }, dying = { "dying", "瀕死" }, stable = { "stable", "穩定" },
  fled = { "fled", "逃離" }, out = { "out", "退出" },
  death_success = { "death save successes", "死亡豁免成功" },
  death_failure = { "death save failures", "死亡豁免失敗" },
}
local SIDES = { foes = "敵方", party = "隊伍", allies = "盟友" }

local function state_word(s)
  local w = STATES[s]
  if not w then return s end
  return lang() == "zh" and w[2] or w[1]
end

local function side_word(s)
  if lang() == "zh" and SIDES[s] then return SIDES[s] end
  return s
end

-- enum joins names: "a, b" in English, "a、b" in Chinese.
local function enum(names)
  return table.concat(names, lang() == "zh" and "、" or ", ")
end

-- ---- display width ----

-- is_wide reports whether code point cp takes two terminal cells: East
-- Asian wide and full-width characters (the ranges of the kernel's
-- errs.DisplayWidth: Hangul Jamo, CJK, kana, Hangul syllables,
-- compatibility ideographs, full-width forms).
local function is_wide(cp)
  return (cp >= 0x1100 and cp <= 0x115F) or (cp >= 0x2E80 and cp <= 0xA4CF) or
    (cp >= 0xAC00 and cp <= 0xD7A3) or (cp >= 0xF900 and cp <= 0xFAFF) or
    (cp >= 0xFE30 and cp <= 0xFE4F) or (cp >= 0xFF00 and cp <= 0xFF60) or
    (cp >= 0xFFE0 and cp <= 0xFFE6) or (cp >= 0x20000 and cp <= 0x3FFFD)
end

-- M.width returns the number of terminal cells s takes (UTF-8; wide
-- characters count 2).
function M.width(s)
  s = tostring(s)
  local w, i, n = 0, 1, #s
  while i <= n do
    local b = s:byte(i)
    local cp, len = b, 1
    if b >= 0xF0 then
      cp, len = b % 8, 4
    elseif b >= 0xE0 then
      cp, len = b % 16, 3
    elseif b >= 0xC0 then
      cp, len = b % 32, 2
    end
    for k = 1, len - 1 do
      cp = cp * 64 + ((s:byte(i + k) or 0x80) % 64)
    end
    w = w + (is_wide(cp) and 2 or 1)
    i = i + len
  end
  return w
end

-- M.pad pads s with spaces to w cells, on the left when right is true.
function M.pad(s, w, right)
  s = tostring(s)
  local fill = string.rep(" ", math.max(0, w - M.width(s)))
  if right then return fill .. s end
  return s .. fill
end

-- M.grid renders rows (lists of cells) under headers as aligned columns
-- two spaces apart; right[i] right-aligns column i. Trailing spaces are cut.
function M.grid(headers, rows, right)
  right = right or {}
  local widths = {}
  for i, h in ipairs(headers) do widths[i] = M.width(h) end
  for _, r in ipairs(rows) do
    for i = 1, #headers do widths[i] = math.max(widths[i], M.width(r[i] or "")) end
  end
  local out = {}
  local function line(cells)
    local parts = {}
    for i = 1, #headers do parts[i] = M.pad(cells[i] or "", widths[i], right[i]) end
    out[#out + 1] = (table.concat(parts, "  "):gsub("%s+$", ""))
  end
  line(headers)
  for _, r in ipairs(rows) do line(r) end
  return table.concat(out, "\n")
end

-- ---- names ----

-- entries lists the names of a kind: condition (every condition.<id>
-- definition), damage, ability, action, skill (the system's table.names).
local function entries(kind)
  if kind == "condition" then
    local out = {}
    for _, n in ipairs(rules.names("condition.")) do
      local d = rules.get(n)
      local id = n:sub(#"condition." + 1)
      local nm = type(d) == "table" and d.name or nil
      if type(nm) == "table" then
        out[#out + 1] = { id = id, en = nm.en, zh = nm.zh }
      else
        out[#out + 1] = { id = id }
      end
    end
    return out
  end
  local t = rules.get("table.names")
  return (type(t) == "table" and t[kind]) or {}
end

-- M.lookup returns the id a word names among a kind's names (the id, the
-- English name in any case, the Chinese name), and the entry; nil when none.
function M.lookup(kind, word)
  local w = tostring(word)
  local low = w:lower()
  local under = low:gsub("[%s%-]+", "_")
  for _, e in ipairs(entries(kind)) do
    if e.id == w or e.id == low or e.id == under or (e.en and e.en:lower() == low) or (e.zh and e.zh == w) then
      return e.id, e
    end
  end
  return nil
end

-- M.label returns how a name of a kind is shown: the id in English, the
-- Chinese name in Chinese when there is one.
function M.label(kind, id)
  if lang() == "zh" then
    local _, e = M.lookup(kind, id)
    if e and e.zh then return e.zh end
    if STATES[id] then return state_word(id) end
  end
  return id
end

-- resolve returns the id of a word of a kind, accepting any word when the
-- system names none of that kind; else an error listing the known names.
local function resolve(kind, word, hint)
  local id = M.lookup(kind, word)
  if id then return id end
  local list = entries(kind)
  if #list == 0 then return word end
  local ids = {}
  for i, e in ipairs(list) do ids[i] = (lang() == "zh" and e.zh) or e.id end
  error(say("unknown", say("kind_" .. kind), tostring(word), table.concat(ids, ", ")) .. (hint or ""), 0)
end

-- ---- creatures ----

local function all()
  local ok, list = pcall(fight.all)
  if ok then return list end
  return {}
end

-- need_fight returns the state of the fight being played; a fight started
-- from Lua (fight.table()) is adopted.
local function need_fight()
  if S and not S.ended then return S end
  if S == nil and #all() > 0 then
    S = fresh()
    S.began = #fight.turn() > 0 -- initiative rolled: someone's turn
    return S
  end
  fail("no_fight")
end

local function meta(c)
  return (S and S.meta[c]) or {}
end

-- raw_zh is a creature's Chinese name with its id's number (哥布林戰士1),
-- or nil when its stat block has no Chinese name.
local function raw_zh(c)
  local m = meta(c)
  if type(m.name) == "table" and m.name.zh then
    return m.name.zh .. (m.index and tostring(m.index) or "")
  end
  return nil
end

-- zh_name is how c is called in Chinese: raw_zh, or with the id in
-- brackets when another creature would have the same name; nil when its
-- stat block has no Chinese name.
local function zh_name(c)
  local name = raw_zh(c)
  if name == nil then return nil end
  for _, x in ipairs(all()) do
    if x ~= c and raw_zh(x) == name then
      return meta(c).name.zh .. "（" .. c:get("id") .. "）"
    end
  end
  return name
end

-- M.name returns how creature c is called in messages: its id, or in
-- Chinese its stat block's Chinese name with the id's number.
function M.name(c)
  if lang() == "zh" then return zh_name(c) or c:get("id") end
  return c:get("id")
end

-- full_name is the stat block's name in the session's language.
local function full_name(c)
  local nm = meta(c).name
  if type(nm) == "table" then
    return (lang() == "zh" and nm.zh) or nm.en or nm.zh or c:get("name")
  end
  return c:get("name")
end

-- ids lists the creatures of the fight as they can be named: their ids,
-- in Chinese with their Chinese names.
local function ids()
  local out = {}
  for i, c in ipairs(all()) do
    local id, shown = c:get("id"), M.name(c)
    out[i] = shown:find(id, 1, true) and shown or (shown .. "（" .. id .. "）")
  end
  if #out == 0 then return say("none") end
  return enum(out)
end

-- M.find returns the creature a reference names: a handle, its id (in any
-- case) or its Chinese name as shown (哥布林戰士1). Else an error listing
-- the creatures.
function M.find(ref)
  need_fight()
  if creature.is(ref) then return ref end
  local w = tostring(ref)
  local list = all()
  for _, c in ipairs(list) do
    if c:get("id") == w then return c end
  end
  local low = w:lower()
  for _, c in ipairs(list) do
    if c:get("id"):lower() == low then return c end
  end
  for _, c in ipairs(list) do
    if zh_name(c) == w then return c end
  end
  fail("no_creature", w, ids())
end

local function hp_text(c)
  return say("hp_now", M.name(c), c:get("hp"), c:get("max_hp"))
end

-- state returns a creature's state in the fight: nil (in it), dead,
-- dying, stable or fled.
local function state(c)
  local i = fight.info(c)
  if i.dead then return "dead" end
  if i.fled then return "fled" end
  if i.out then return i.stable and "stable" or "dying" end
  return nil
end

-- down_text says what happened to a creature that was in the fight and
-- now is not (nil when it is still in).
local function down_text(c)
  local s = state(c)
  if s == nil then return nil end
  if s == "dead" then return say("dies", M.name(c)) end
  if s == "dying" then return say("dying", M.name(c)) end
  return say("out", M.name(c))
end

-- wiped_text says so when the last creature of c's side is down.
local function wiped_text(c)
  local side = c:get("side")
  for _, x in ipairs(all()) do
    if x:get("side") == side and not fight.is(x, "out") then return nil end
  end
  return say("wiped", side_word(side))
end

-- fate adds to lines what became of c, whose state was was (nil: in
-- the fight): down, dead, out; and a side with nobody left standing.
local function fate(c, was, lines)
  local is = state(c)
  if is == was then return end
  if was == nil then
    lines[#lines + 1] = down_text(c)
    lines[#lines + 1] = wiped_text(c)
  elseif is == "dead" then
    lines[#lines + 1] = say("dies", M.name(c))
  end
end

local function join(lines)
  local out = {}
  for _, l in ipairs(lines) do
    if l and l ~= "" then out[#out + 1] = l end
  end
  return table.concat(out, "\n")
end

-- amount reads a number or rolls dice; returns the total and the roll's
-- text (nil for a number).
local function amount(what, v)
  local n = tonumber(v)
  if n then
    if n ~= math.floor(n) or n < 0 then fail("bad_amount", what, tostring(v)) end
    return n, nil
  end
  if type(v) == "string" and dice.valid(v) then
    local r = dice.roll(v)
    return math.max(0, r.total), r.text
  end
  fail("bad_amount", what, tostring(v))
end

-- ---- add, init, order ----

-- monster_stat returns the stat block of monsters/<system>/<id>.lua (read
-- for its names, saves and attacks; fight.add loads it again) and whether
-- the file exists.
local function monster_stat(id)
  local ok, v = pcall(require, "monsters." .. rules.system() .. "." .. id)
  if ok then return type(v) == "table" and v or nil, true end
  if tostring(v):find("not found", 1, true) then return nil, false end
  return nil, true -- a broken file: fight.add reports it
end

local OVERRIDES = { "hp", "max_hp", "ac", "init", "name", "level", "player" }

-- known_stat returns the stat block of a kind already in the fight: the
-- one creatures called id (or numbered from it) were added with.
local function known_stat(id)
  if S == nil or S.ended then return nil end
  for _, c in ipairs(all()) do
    local m = S.meta[c]
    if m and type(m.stat) == "table" and (m.base == id or c:get("id") == id) then return m.stat end
  end
  return nil
end

-- M.add adds creatures: what is a monster id (a monsters/<system>/<id>.lua
-- file, or a kind already in the fight) or a stat block; opts: count,
-- side (default "foes", "party" for a player's stat block), id, player and
-- stat-block overrides (hp, ac, init, name, ...). Starts a fight when none is
-- going on. Returns {creatures = {handles}, text}.
function M.add(what, opts)
  opts = opts or {}
  local stat = what
  if type(what) == "string" then
    local found
    stat, found = monster_stat(what)
    if not found then
      stat = known_stat(what)
      if not stat then
        local sys = rules.system()
        fail("no_monster", what, sys, sys, what)
      end
      if opts.id == nil then
        -- "add boss" again: boss1, not goblin3
        local copy = {}
        for k, v in pairs(opts) do copy[k] = v end
        copy.id = what
        opts = copy
      end
      what = stat
    end
  elseif type(what) ~= "table" then
    error("add: a monster id or a stat block expected, got " .. type(what), 2)
  end
  if S == nil or S.ended then
    if S == nil and #all() > 0 then
      need_fight()
    else
      fight.table()
      S = fresh()
    end
  end
  local base = opts.id or (stat and (stat.id or stat.name)) or what
  if type(base) ~= "string" then base = type(what) == "string" and what or "creature" end
  local count = tonumber(opts.count) or 1
  if count < 1 or count ~= math.floor(count) then fail("bad_count", tostring(opts.count)) end
  -- ids: base alone, or numbered after the ones of that base in the fight
  -- (add goblin x2, then add goblin: goblin3)
  local used, top = false, 0
  for _, x in ipairs(all()) do
    local id = x:get("id")
    local n = id:sub(1, #base) == base and id:sub(#base + 1):match("^%d+$")
    if id == base then used = true end
    if n then
      used = true
      top = math.max(top, tonumber(n))
    end
  end
  local fopts = { side = opts.side, count = 1 }
  for _, k in ipairs(OVERRIDES) do
    if opts[k] ~= nil then fopts[k] = opts[k] end
  end
  if fopts.side == nil then
    local player = opts.player
    if player == nil and stat then player = stat.player end
    fopts.side = player and "party" or "foes"
  end
  local list, names = {}, {}
  for k = 1, count do
    fopts.id = (count == 1 and not used) and base or (base .. (top + k))
    local c = fight.add(what, fopts)[1]
    local id = c:get("id")
    local index = id ~= base and id:sub(1, #base) == base and tonumber(id:sub(#base + 1)) or nil
    S.meta[c] = { stat = stat, name = opts.name or (stat and stat.name), base = base, index = index }
    list[k] = c
  end
  for k, c in ipairs(list) do names[k] = M.name(c) end
  local c = list[1]
  local text = say("added", enum(names), side_word(c:get("side")), c:get("max_hp"), c:get("ac"))
  if S.began then text = text .. say("joins") end
  return { creatures = list, text = text }
end

-- turn_line says whose turn it is.
local function turn_line()
  local now = {}
  for i, c in ipairs(fight.turn()) do now[i] = M.name(c) end
  return say("turn", fight.round(), enum(now))
end

-- conditions_text lists c's conditions (levels, and the round a timed one
-- lasts to).
local function conditions_text(c, empty)
  local seen, parts = {}, {}
  local due = {}
  for _, t in ipairs(S and S.timed or {}) do
    -- string keys: a large integer key would make Lua allocate an array
    if t.c == c then due["h" .. t.handle] = t.due end
  end
  for _, inst in ipairs(c:conditions()) do
    if not seen[inst.name] then
      seen[inst.name] = true
      local text = M.label("condition", inst.name)
      local level = c:level(inst.name)
      if level > 1 then text = text .. " " .. level end
      local d = inst.duration and due["h" .. inst.duration]
      if d then text = say("cond_until", text, d) end
      parts[#parts + 1] = text
    end
  end
  if #parts == 0 then return empty or "-" end
  return enum(parts)
end

-- M.order returns the creatures in initiative order (in the order they
-- were added before initiative): {{c, id, name, side, count, hp, max_hp,
-- temp_hp, state, conditions, turn}...}.
function M.order()
  need_fight()
  local now = {}
  for _, c in ipairs(fight.turn()) do now[c] = true end
  local rows = {}
  for _, r in ipairs(fight.order()) do
    local c = fight.get(r.id)
    rows[#rows + 1] = { c = c, id = r.id, name = full_name(c), side = r.side, count = r.count, hp = c:get("hp"),
      max_hp = c:get("max_hp"), temp_hp = c:get("temp_hp"), state = state(c), conditions = conditions_text(c),
      turn = now[c] == true }
  end
  return rows
end

-- M.show returns the order as an aligned table, with the round (or a note
-- that initiative is not rolled yet) above it.
function M.show()
  local rows = M.order()
  local cells = {}
  for i, r in ipairs(rows) do
    local hp = r.hp .. "/" .. r.max_hp
    if r.state then hp = hp .. " " .. state_word(r.state) end
    cells[i] = { r.turn and "*" or "", r.count and tostring(r.count) or "-", r.id, r.name, side_word(r.side), hp,
      tostring(r.temp_hp), r.conditions }
  end
  local head = { "" }
  for _, h in ipairs(lang() == "zh" and MSG.cols[2] or MSG.cols[1]) do head[#head + 1] = h end
  local title = S.began and say("round", fight.round()) or say("not_rolled")
  return { rows = rows, text = title .. "\n" .. M.grid(head, cells, { [2] = true, [7] = true }) }
end

-- M.init rolls initiative and starts round 1; returns {order, text}.
function M.init()
  local st = need_fight()
  if st.began then fail("began", fight.round()) end
  fight.begin()
  st.began = true
  local shown = M.show()
  return { order = shown.rows, text = shown.text .. "\n" .. turn_line() }
end

-- ---- attack ----

-- pick_attack returns the name of c's attack called name (any case, or
-- its Chinese name `zh` in the stat block), or its first attack.
local function pick_attack(c, name)
  local list = fight.attacks(c)
  if #list == 0 then fail("no_attacks", M.name(c)) end
  local stat = meta(c).stat
  local function zh_of(n)
    for _, a in ipairs(type(stat) == "table" and type(stat.attacks) == "table" and stat.attacks or {}) do
      if type(a) == "table" and a.name == n then return a.zh, a.type end
    end
    return nil, nil
  end
  if name == nil then return list[1], zh_of(list[1]) end
  local low = tostring(name):lower()
  for _, n in ipairs(list) do
    local zh, typ = zh_of(n)
    if n:lower() == low or zh == name then return n, zh, typ end
  end
  local shown = {}
  for i, n in ipairs(list) do shown[i] = (lang() == "zh" and zh_of(n)) or n end
  fail("no_attack", M.name(c), tostring(name), enum(shown))
end

local function adv_level(opts)
  return (opts.adv and 1 or 0) - (opts.dis and 1 or 0)
end

-- M.attack makes an attack of a against b through the fight pipeline;
-- opts: with (the attack's name; default the first), adv, dis. Returns
-- fight.strike's {hit, crit, natural, total, damage} with taken (hit
-- points and temporary ones b lost) and text.
function M.attack(a, b, opts)
  opts = opts or {}
  local x, t = M.find(a), M.find(b)
  if fight.is(x, "dead") then fail("dead_actor", M.name(x)) end
  if fight.is(x, "out") then fail("down_actor", M.name(x)) end
  if fight.is(t, "dead") then fail("dead_target", M.name(t)) end
  local name, zh, typ = pick_attack(x, opts.with)
  local adv = adv_level(opts)
  local hp0, temp0, was = t:get("hp"), t:get("temp_hp"), state(t)
  local needed = nil
  local comb = rules.get("combat")
  if type(comb) == "table" and type(comb.attack) == "table" and type(comb.attack.needed) == "function" then
    needed = comb.attack.needed(x, t)
  end
  local r = fight.strike(x, t, name, { adv = adv })
  r.taken = (hp0 - t:get("hp")) + (temp0 - t:get("temp_hp"))
  local roll = string.format("%d + %d = %d", r.natural, r.total - r.natural, r.total)
  if r.total - r.natural < 0 then roll = string.format("%d - %d = %d", r.natural, r.natural - r.total, r.total) end
  local vs = needed and say("needs", needed) or say("ac", t:get("ac"))
  local dtype = (typ and typ ~= "") and say("typed_damage", M.label("damage", typ)) or say("damage_word")
  local outcome
  if r.hit then
    outcome = say(r.crit and "crit" or "hit", r.damage, dtype)
    if r.taken ~= r.damage and t:get("hp") > 0 then outcome = outcome .. say("takes", r.taken) end
  else
    outcome = say(r.natural == 1 and "miss1" or "miss")
  end
  local shown_name = (lang() == "zh" and zh) or name
  local mode = (adv > 0 and say("with_adv")) or (adv < 0 and say("with_dis")) or ""
  local line
  if lang() == "zh" then
    line = say("attack", M.name(x), shown_name, mode, M.name(t), roll, vs, outcome)
  else
    line = say("attack", M.name(x), M.name(t), shown_name, mode, roll, vs, outcome)
  end
  local lines = { line }
  if r.hit then lines[#lines + 1] = hp_text(t) end
  fate(t, was, lines)
  r.attack = name
  r.text = join(lines)
  return r
end

-- ---- save ----

-- The base layer's saving throw: d20 + the stat block's `saves` bonus for
-- the ability (saves = {dex = 3}; 0 when absent) against dc, through the
-- check module (M.generic_save). Rule systems define their own "save" (5e:
-- ability modifier and proficiency). opts: adv (a signed level), stat (the
-- stat block). Returns check.roll's record with ability and name.
function M.generic_save(c, ability, dc, opts)
  opts = opts or {}
  local stat = opts.stat or {}
  local bonus = 0
  if type(stat.saves) == "table" and type(stat.saves[ability]) == "number" then bonus = stat.saves[ability] end
  local r = check.roll({ mods = { { value = bonus, source = ability .. " save" } }, target = dc, adv = opts.adv or 0 })
  r.ability = ability
  r.name = { en = ability .. " save", zh = ability .. "豁免" }
  return r
end
rules.define("save", M.generic_save)

local function dice_text(r)
  local faces = {}
  for _, d in ipairs(r.dice or {}) do
    faces[#faces + 1] = d.kept and tostring(d.face) or ("~~" .. d.face .. "~~")
  end
  local head = faces[1] or tostring(r.natural)
  if #faces > 1 then head = "(" .. table.concat(faces, ", ") .. ")" end
  local mod = r.total - (r.natural or 0)
  if mod < 0 then return string.format("%s - %d = %d", head, -mod, r.total) end
  return string.format("%s + %d = %d", head, mod, r.total)
end

-- M.save rolls a saving throw of a: ability (any name the system knows,
-- English or Chinese), dc; opts.adv, opts.dis. Returns the system's save
-- record (success, natural, total, ...) with text.
function M.save(a, ability, dc, opts)
  opts = opts or {}
  local c = M.find(a)
  local n = tonumber(dc)
  if not n then fail("bad_dc", tostring(dc)) end
  local id = resolve("ability", ability)
  local adv = adv_level(opts)
  local r = rules.need("save")(c, id, n, { adv = adv, stat = meta(c).stat })
  local what = r.name
  if type(what) == "table" then what = (lang() == "zh" and what.zh) or what.en end
  what = what or id
  local mode = (adv > 0 and ", " .. say("adv")) or (adv < 0 and ", " .. say("dis")) or ""
  if lang() == "zh" then mode = (adv > 0 and "，" .. say("adv")) or (adv < 0 and "，" .. say("dis")) or "" end
  local result
  if r.auto then
    local why = {}
    for w in tostring(r.auto):gmatch("[^,]+") do
      w = w:gsub("^%s+", "")
      why[#why + 1] = M.label("condition", w)
    end
    result = say("save_auto", table.concat(why, ", "))
  else
    result = dice_text(r) .. (lang() == "zh" and "，" or ", ") .. say(r.success and "success" or "failure")
  end
  r.text = say("save", M.name(c), what, n, mode, result)
  return r
end

-- ---- damage, heal ----

-- M.damage deals n damage (a number or dice) of a type (any name the
-- system knows; nil: untyped) to a, through damage.apply and the dying
-- rules. Returns {amount, lost, taken, text}.
function M.damage(a, n, typ)
  local c = M.find(a)
  if fight.is(c, "dead") then fail("dead_target", M.name(c)) end
  local total, rolled = amount("damage", n)
  local id = typ and resolve("damage", typ) or nil
  local hp0, temp0, was = c:get("hp"), c:get("temp_hp"), state(c)
  local lost = fight.damage(c, total, id or "")
  local taken = (hp0 - c:get("hp")) + (temp0 - c:get("temp_hp"))
  local what = id and say("typed_damage", M.label("damage", id)) or say("damage_word")
  local note = ""
  if total > 0 and taken == 0 and hp0 > 0 then
    note = say("immune")
  elseif taken < total and c:get("hp") > 0 then
    note = say("resisted", total)
  elseif taken > total then
    note = say("increased", total)
  end
  local shown = tostring(taken) .. (lang() == "zh" and " 點" or " ")
  local text = say("damaged", M.name(c), shown, what, note, hp_text(c))
  if rolled then text = rolled .. "\n" .. text end
  local lines = { text }
  fate(c, was, lines)
  return { amount = total, lost = lost, taken = taken, text = join(lines) }
end

-- M.heal gives a n hit points (a number or dice), through the system's
-- "table.heal" when it defines one; a creature that was down and now has
-- hit points is back in the fight. Returns {amount, regained, text}.
function M.heal(a, n)
  local c = M.find(a)
  if fight.is(c, "dead") then fail("dead_heal", M.name(c)) end
  local total, rolled = amount("heal", n)
  local was_out = fight.is(c, "out")
  local hook = rules.get("table.heal")
  local got
  if type(hook) == "function" then
    got = hook(c, total)
  else
    got = c:heal(total)
  end
  if fight.is(c, "out") and not fight.is(c, "dead") and c:get("hp") > 0 then fight.revive(c) end
  local lines = { rolled or "", say("healed", M.name(c), got, hp_text(c)) }
  if was_out and not fight.is(c, "out") then lines[#lines + 1] = say("back", M.name(c)) end
  return { amount = total, regained = got, text = join(lines) }
end

-- ---- conditions ----

local function parse_duration(d)
  if d == nil or d == "" then return nil end
  local n = tostring(d):match("^(%d+)[rR]$")
  if not n or tonumber(n) < 1 then fail("bad_duration", tostring(d)) end
  return tonumber(n)
end

local function drop_timed(c, name)
  local keep = {}
  for _, t in ipairs(S.timed) do
    if not (t.c == c and t.name == name) then keep[#keep + 1] = t end
  end
  S.timed = keep
end

-- remove_condition ends a condition through the system's
-- "table.cond_remove" when it defines one.
local function remove_condition(c, name)
  local hook = rules.get("table.cond_remove")
  if type(hook) == "function" then return hook(c, name) end
  return c:remove_condition(name)
end

-- M.cond_add gives a a condition (any name the system knows, English or
-- Chinese; opts.custom accepts another name) for a duration "Nr": until
-- the start of its turn N rounds later (nil: until removed). opts.level,
-- opts.by (the source's id). Returns the add record with text.
function M.cond_add(a, name, duration, opts)
  opts = opts or {}
  local st = need_fight()
  local c = M.find(a)
  local id = M.lookup("condition", name)
  if not id then
    if opts.custom or #entries("condition") == 0 then
      id = tostring(name)
    else
      resolve("condition", name, say("custom_hint"))
    end
  end
  local rounds = parse_duration(duration)
  local handle, due = nil, nil
  if rounds then
    st.handles = st.handles + 1
    handle = HANDLE_BASE + st.handles
    due = fight.round() + rounds
  end
  local res
  local had = c:has(id)
  local level = opts.level and tonumber(opts.level) or nil
  if had and handle then
    -- already there: the new duration replaces the old one
    res = c:add_condition(id, { duration = handle, stacking = "refresh", level = level, source = opts.by })
    drop_timed(c, id)
  elseif had and not handle and not level then
    drop_timed(c, id) -- now until removed
    return { added = false, text = say("cond_already", M.name(c), M.label("condition", id)) }
  else
    local hook = rules.get("table.cond_add")
    local copts = { duration = handle, level = level, source = opts.by }
    if type(hook) == "function" then
      res = hook(c, id, copts)
    else
      res = c:add_condition(id, copts)
    end
  end
  res = res or {}
  if res.immune then
    res.text = say("cond_immune", M.name(c), M.label("condition", id))
    return res
  end
  if handle then
    st.timed[#st.timed + 1] = { c = c, name = id, handle = handle, due = due }
  end
  res.condition, res.due = id, due
  res.text = say("cond_added", M.name(c), M.label("condition", id), due and say("until_turn", due) or "")
  return res
end

-- M.cond_remove ends a condition on a. Returns {removed, text}.
function M.cond_remove(a, name)
  need_fight()
  local c = M.find(a)
  local id = M.lookup("condition", name) or tostring(name)
  if not c:has(id) then
    return { removed = 0, text = say("cond_absent", M.name(c), M.label("condition", id)) }
  end
  local n = remove_condition(c, id)
  drop_timed(c, id)
  return { removed = n, text = say("cond_removed", M.name(c), M.label("condition", id)) }
end

-- M.cond_list lists the conditions of a (every creature when a is nil).
function M.cond_list(a)
  need_fight()
  local list = a and { M.find(a) } or all()
  local lines = {}
  for _, c in ipairs(list) do
    lines[#lines + 1] = say("cond_list", M.name(c), conditions_text(c, say("none")))
  end
  return { text = table.concat(lines, "\n") }
end

-- expire ends the timed conditions that are due: at the start of the
-- bearer's turn in their round, or once that round is over. Returns the
-- messages.
local function expire(now)
  local r = fight.round()
  local keep, lines = {}, {}
  for _, t in ipairs(S.timed) do
    if (now[t.c] and r >= t.due) or r > t.due then
      local mine, others = 0, 0
      for _, inst in ipairs(t.c:conditions(t.name)) do
        if inst.duration == t.handle then mine = mine + 1 else others = others + 1 end
      end
      if mine > 0 then
        if others == 0 then remove_condition(t.c, t.name) else t.c:expire(t.handle) end
        local what, who = M.label("condition", t.name), M.name(t.c)
        if lang() == "zh" then
          lines[#lines + 1] = say("expired", who, what)
        else
          lines[#lines + 1] = say("expired", what, who)
        end
      end
    else
      keep[#keep + 1] = t
    end
  end
  S.timed = keep
  return lines
end

-- ---- next, end ----

-- M.next ends the turn and starts the next one, skipping the dead and
-- the fled; it expires the conditions that end and reports the dying
-- creatures' death saves. Returns {creatures = {handles}, expired, text}.
function M.next()
  local st = need_fight()
  if not st.began then fail("not_begun") end
  local before = {}
  for _, c in ipairs(all()) do before[c] = state(c) end
  local lines, expired, started = {}, {}, {}
  local now
  for _ = 1, #all() + 1 do
    now = fight.next()
    local set = {}
    for _, c in ipairs(now) do
      set[c] = true
      started[#started + 1] = c
    end
    for _, l in ipairs(expire(set)) do expired[#expired + 1] = l end
    local live = false
    for _, c in ipairs(now) do
      if not fight.is(c, "dead") and not fight.is(c, "fled") then live = true end
    end
    if live then break end
  end
  lines[1] = turn_line()
  for _, l in ipairs(expired) do lines[#lines + 1] = l end
  -- the death saves rolled at the start of the turns passed
  for _, c in ipairs(started) do
    local was, is = before[c], state(c)
    if was == "dying" then
      before[c] = is
      if is == "dead" then
        lines[#lines + 1] = say("dies", M.name(c))
      elseif is == "stable" then
        lines[#lines + 1] = say("stable", M.name(c))
      elseif is == nil then
        lines[#lines + 1] = say("revived", M.name(c))
      else
        lines[#lines + 1] = say("dying_still", M.name(c))
      end
    end
  end
  return { creatures = now, expired = expired, text = join(lines) }
end

-- M.finish ends the fight: a summary by side; the next add starts a new
-- fight. Returns {rounds, text}.
function M.finish()
  local st = need_fight()
  local lines = { st.began and say("ended", fight.round()) or say("ended0") }
  local sides, by = {}, {}
  for _, c in ipairs(all()) do
    local s = c:get("side")
    if not by[s] then
      by[s] = {}
      sides[#sides + 1] = s
    end
    if not fight.is(c, "out") then
      local list = by[s]
      list[#list + 1] = string.format("%s %d/%d", M.name(c), c:get("hp"), c:get("max_hp"))
    end
  end
  for _, s in ipairs(sides) do
    if #by[s] > 0 then
      lines[#lines + 1] = say("standing", side_word(s), enum(by[s]))
    else
      lines[#lines + 1] = say("all_down", side_word(s))
    end
  end
  local rounds = st.began and fight.round() or 0
  st.ended = true
  return { rounds = rounds, text = table.concat(lines, "\n") }
end
M["end"] = M.finish

-- ---- command lines ----

-- M.words splits a command line as the REPL does: at spaces, with
-- "double" or 'single' quotes keeping spaces in a word.
function M.words(line)
  local words, cur, quote, has = {}, {}, nil, false
  -- an ideographic space (U+3000, typed by Chinese input methods) separates
  -- words as the REPL's splitting (unicode.IsSpace) does
  line = tostring(line):gsub("\227\128\128", " ")
  if not line:find("[\"']") then
    for w in line:gmatch("%S+") do words[#words + 1] = w end
    return words
  end
  for ch in line:gmatch("[%z\1-\127\194-\244][\128-\191]*") do
    if quote then
      if ch == quote then quote = nil else cur[#cur + 1] = ch end
    elseif ch == '"' or ch == "'" then
      quote, has = ch, true
    elseif ch:match("^%s$") then
      if has then
        words[#words + 1] = table.concat(cur)
        cur, has = {}, false
      end
    else
      cur[#cur + 1] = ch
      has = true
    end
  end
  if quote then error("unclosed " .. quote .. " quote in " .. tostring(line), 0) end
  if has then words[#words + 1] = table.concat(cur) end
  return words
end

-- The commands: usage, the flags taking a value ("s" a string, "n" a
-- number), the flags without one, and run(args, flags), which returns a
-- record with text, or nil for a line that does not fit the usage.
local COMMANDS = {}

local function count_of(w)
  if w == nil then return nil end
  local n = w:match("^[xX](%d+)$") or w:match("^\195\151(%d+)$") or w:match("^(%d+)$")
  return n and tonumber(n) or nil
end

COMMANDS.add = {
  usage = "add MONSTER [xN] [--side SIDE] [--id ID] [--hp N] [--ac N] [--init N] [--name NAME] [--player]",
  values = { side = "s", id = "s", hp = "n", ac = "n", init = "n", name = "s", count = "n", max_hp = "n" },
  bools = { player = true },
  run = function(args, flags)
    if #args < 1 or #args > 2 then return nil end
    local count = flags.count
    if args[2] then
      count = count_of(args[2])
      if not count then return nil end
    end
    local opts = { count = count }
    for k, v in pairs(flags) do
      if k ~= "count" then opts[k] = v end
    end
    return M.add(args[1], opts)
  end,
}
COMMANDS.init = { usage = "init", run = function(args) if #args > 0 then return nil end return M.init() end }
COMMANDS.order = { usage = "order", run = function(args) if #args > 0 then return nil end return M.show() end }
COMMANDS.show = { usage = "show", run = COMMANDS.order.run }
COMMANDS.attack = {
  usage = "attack A B [--with WEAPON] [--adv] [--dis]",
  values = { with = "s" }, bools = { adv = true, dis = true },
  run = function(args, flags)
    if #args ~= 2 then return nil end
    return M.attack(args[1], args[2], flags)
  end,
}
COMMANDS.save = {
  usage = "save A ABILITY DC [--adv] [--dis]",
  bools = { adv = true, dis = true },
  run = function(args, flags)
    if #args ~= 3 then return nil end
    return M.save(args[1], args[2], args[3], flags)
  end,
}
COMMANDS.damage = {
  usage = "damage A N [TYPE]",
  run = function(args)
    if #args < 2 or #args > 3 then return nil end
    return M.damage(args[1], args[2], args[3])
  end,
}
COMMANDS.heal = {
  usage = "heal A N",
  run = function(args)
    if #args ~= 2 then return nil end
    return M.heal(args[1], args[2])
  end,
}
COMMANDS.cond = {
  usage = "cond add A NAME [Nr] [--level N] [--by B] [--custom] | cond remove A NAME | cond list [A]",
  values = { level = "n", by = "s" }, bools = { custom = true },
  run = function(args, flags)
    local sub = args[1]
    if sub == "add" and (#args == 3 or #args == 4) then return M.cond_add(args[2], args[3], args[4], flags) end
    if sub == "remove" and #args == 3 then return M.cond_remove(args[2], args[3]) end
    if sub == "list" and #args <= 2 then return M.cond_list(args[2]) end
    if sub ~= "add" and sub ~= "remove" and sub ~= "list" and #args == 1 then return M.cond_list(sub) end
    return nil
  end,
}
COMMANDS.next = { usage = "next", run = function(args) if #args > 0 then return nil end return M.next() end }
COMMANDS["end"] = { usage = "end", run = function(args) if #args > 0 then return nil end return M.finish() end }

local function flag_list(spec)
  local out = {}
  for k in pairs(spec.values or {}) do out[#out + 1] = "--" .. k end
  for k in pairs(spec.bools or {}) do out[#out + 1] = "--" .. k end
  table.sort(out)
  if #out == 0 then return say("none") end
  return table.concat(out, ", ")
end

-- parse reads a command's words (after the command word) into positional
-- arguments and flags: --name=value, --name value for the flags that take
-- one, --name for the others; after -- every word is positional.
local function parse(word, spec, words)
  local args, flags, only = {}, {}, false
  local i = 1
  local values, bools = spec.values or {}, spec.bools or {}
  while i <= #words do
    local w = words[i]
    if only then
      args[#args + 1] = w
    elseif w == "--" then
      only = true
    elseif w:sub(1, 2) == "--" and #w > 2 then
      local name, val = w:sub(3), nil
      local eq = name:find("=", 1, true)
      if eq then
        -- two statements: gopher-lua mis-evaluates "name, val = name:sub(..), name:sub(..)"
        val = name:sub(eq + 1)
        name = name:sub(1, eq - 1)
      end
      if values[name] then
        if val == nil then
          i = i + 1
          val = words[i]
          if val == nil then fail("flag_value", word, name) end
        end
        if values[name] == "n" then
          local n = tonumber(val)
          if not n then fail("flag_number", word, name, val) end
          val = n
        end
        flags[name] = val
      elseif bools[name] and val == nil then
        flags[name] = true
      else
        fail("unknown_flag", word, name, flag_list(spec))
      end
    else
      args[#args + 1] = w
    end
    i = i + 1
  end
  return args, flags
end

-- M.command runs table command word with the REPL's command table c
-- ({name, args, flags, line}; the line is parsed again so that flags take
-- values: --side foes) and returns what it prints.
function M.command(word, c)
  local spec = COMMANDS[word]
  if not spec then error("no table command " .. tostring(word), 2) end
  local words
  if c and c.line then
    words = M.words(c.line)
    table.remove(words, 1)
  else
    words = {}
    for _, a in ipairs((c and c.args) or {}) do words[#words + 1] = a end
    for k, v in pairs((c and c.flags) or {}) do
      words[#words + 1] = v == true and ("--" .. k) or ("--" .. k .. "=" .. tostring(v))
    end
  end
  local args, flags = parse(word, spec, words)
  local r = spec.run(args, flags)
  if r == nil then fail("usage", spec.usage) end
  return r.text
end

-- M.run runs a command line ("attack goblin1 hero --adv") and returns what
-- it prints.
function M.run(line)
  local words = M.words(line)
  return M.command(words[1], { line = line })
end

M.commands = COMMANDS

local words = {}
for word in pairs(COMMANDS) do words[#words + 1] = word end
table.sort(words)
for _, word in ipairs(words) do
  rules.define("command." .. word, function(c) return M.command(word, c) end)
end

rules.define("table.commands", M)
return M
