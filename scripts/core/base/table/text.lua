-- The language of the table commands' messages and the display width of
-- their columns.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local text = require("text")

return function(M, T)
  -- ---- language ----

  -- lang is the language of the messages: "zh" when session.lang is "zh",
  -- "zh-Hans" or "zh-Hant", else "en".
  local function lang()
    local l = rules.get("session.lang")
    if type(l) == "string" and (l == "zh" or l:sub(1, 3) == "zh-") then return "zh" end
    return "en"
  end
  M.lang = lang

  -- script is the Chinese script of the session's output ("zh-Hans" or
  -- "zh-Hant"), or nil to keep each text as written.
  local function script()
    local l = rules.get("session.lang")
    if l == "zh-Hans" or l == "zh-Hant" then return l end
    return nil
  end

  local MSG = {
    no_fight = { "no fight is going on: add creatures first (add goblin x4 --side foes)",
      "目前沒有戰鬥：請先加入生物（add goblin x4 --side foes）" },
    no_creature = { "no creature called %s (in the fight: %s)", "沒有名為 %s 的生物（戰鬥中：%s）" },
    none = { "none", "無" },
    no_monster = { "no monster %s for %s%s (monsters lists them; a player: add NAME --player --hp N --ac N --attack \"+5 1d8+3 slashing\")",
      "%s 不是 %s 的怪物%s（monsters 列出怪物；玩家角色：add 名稱 --player --hp N --ac N --attack \"+5 1d8+3 slashing\"）" },
    did_you_mean = { "; did you mean %s?", "；是否指 %s？" },
    attack_spec = { "an attack is [WEAPON] +BONUS DICE [TYPE] (Longsword +5 1d8+3 slashing), got %q",
      "攻擊寫作 [武器] +加值 骰子 [類型]（Longsword +5 1d8+3 slashing），收到 %q" },
    player_needs = { "add %s --player: a new player needs %s (or a monster of that name: monsters lists them)",
      "add %s --player：新玩家角色需要 %s（或同名的怪物：monsters 列出）" },
    grouped = { "; one initiative roll for the group", "；整組共用一次先攻" },
    bad_init = { "init: an initiative count is a whole number, got %s", "init：先攻值必須是整數，收到 %s" },
    init_set = { "%s takes initiative %d", "%s 的先攻為 %d" },
    pregen = { "character", "角色" },
    no_monsters = { "no monster matches %s in %s", "%s 中沒有符合 %s 的怪物" },
    no_map = { "the fight has no map: map 12x8 (an open field), map rows ROW..., or map load FILE",
      "戰鬥沒有地圖：map 12x8（空曠場地）、map rows 各列…，或 map load 檔案" },
    map_load_here = { "map load FILE reads a file: the REPL does it (from Lua, give the rows: map rows ...)",
      "map load 檔案 由 REPL 讀取檔案（在 Lua 中請給出各列：map rows ...）" },
    auto_placed = { "%s is at %s (place %s X,Y moves it)", "%s 位於 %s（place %s X,Y 可移動）" },
    no_room = { "no free square on the map for %s", "地圖上沒有 %s 可站的空位" },
    map_set = { "a map of %d by %d squares (%d %s each)", "地圖 %d × %d 格（每格 %d %s）" },
    bad_square = { "a square is X,Y (counted from 0,0 at the top left), got %s", "方格寫作 X,Y（自左上角 0,0 起算），收到 %s" },
    cannot_place = { "%s cannot stand at %s: %s", "%s 無法站在 %s：%s" },
    placed = { "%s is at %s", "%s 位於 %s" },
    off_map = { "%s is off the map (%d by %d squares, from 0,0 at the top left)", "%s 在地圖之外（%d × %d 格，自左上角 0,0 起算）" },
    cannot_move_out = { "%s is out of the fight and cannot move", "%s 已退出戰鬥，無法移動" },
    dashed = { "%s has dashed already this turn", "%s 本回合已衝刺過" },
    dashes = { "%s dashes: %d %s of movement", "%s 衝刺：移動力 %d %s" },
    too_far = { "%s cannot reach %s this turn: the way costs %d %s, %d %s left (--dash doubles it)",
      "%s 本回合無法抵達 %s：路徑需 %d %s，剩餘 %d %s（--dash 加倍）" },
    no_path = { "%s has no way to %s (walls or creatures in the way)", "%s 沒有通往 %s 的路（被牆或生物阻擋）" },
    already_there = { "%s is already at %s", "%s 已在 %s" },
    moved = { "%s moves %d %s: %s", "%s 移動 %d %s：%s" },
    move_stopped_budget = { "%s stops at %s: no movement left", "%s 停在 %s：移動力用盡" },
    move_stopped_blocked = { "%s stops at %s: the way is blocked", "%s 停在 %s：去路受阻" },
    move_stopped_down = { "%s drops at %s", "%s 倒在 %s" },
    move_stopped_stopped = { "%s is stopped at %s by a rule", "%s 被規則阻止於 %s" },
    move_stopped_speed = { "%s cannot move: its speed is 0", "%s 無法移動：速度為 0" },
    movement_left = { "%s has %d %s of movement left", "%s 剩餘移動力 %d %s" },
    bad_shape = { "area: the shape is cone, line, sphere, burst, cylinder, cube or emanation, got %s",
      "area：形狀為 cone、line、sphere、burst、cylinder、cube 或 emanation，收到 %s" },
    bad_size = { "area: the size is a number of feet, got %s", "area：大小為呎數，收到 %s" },
    needs_toward = { "area: a %s needs toward B or toward X,Y", "area：%s 需要 toward B 或 toward X,Y" },
    area_head = { "%s %d %s from %s%s: ", "%s %d %s，自 %s%s：" },
    toward = { " toward %s", "朝 %s" },
    nobody = { "nobody", "無人" },
    bad_area_save = { "area: --save is \"ABILITY DC\" (--save \"dex 15\"), got %s", "area：--save 寫作 \"屬性 DC\"（--save \"dex 15\"），收到 %s" },
    not_on_map = { "not on the map", "不在地圖上" },
    terrain_legend = { "# wall  = low wall (half cover, difficult)  ~ difficult terrain  . open; a square is %d %s",
      "# 牆  = 矮牆（半掩蔽，困難地形）  ~ 困難地形  . 空地；每格 %d %s" },
    map_cols = { { "mark", "id", "name", "side", "HP", "square" }, { "標記", "代號", "名稱", "陣營", "生命值", "方格" } },
    monster_cols = { { "id", "name", "CR", "HP", "AC" }, { "代號", "名稱", "挑戰等級", "生命值", "護甲等級" } },
    half_needs_damage = { "save: --half goes with --damage", "save：--half 須與 --damage 一起使用" },
    area_damage = { "%s %s for each", "每人 %s 點%s" },
    ["then"] = { ": ", "：" },
    no_damage = { "no damage", "無傷害" },
    dead_skipped = { "%s is dead: no save", "%s 已死亡：不進行豁免" },
    dice_unused = { "(dice entered and not used: %s)", "（輸入但未使用的骰子：%s）" },
    dice_more = { "(%d entered by hand; %d more rolled)", "（手動輸入 %d 顆；另擲 %d 顆）" },
    bad_dice = { "--dice: faces are whole numbers from 1, separated by commas (--dice 17,4), got %s",
      "--dice：骰面是 1 以上的整數，以逗號分隔（--dice 17,4），收到 %s" },
    sot_who = { "cond: sot needs whose turn: sot:B or --by B", "cond：sot 需要指定誰的回合：sot:B 或 --by B" },
    bad_save_spec = { "cond: --save is \"ABILITY DC\" (--save \"wis 13\"), got %s", "cond：--save 寫作 \"屬性 DC\"（--save \"wis 13\"），收到 %s" },
    no_turn = { "cond: eot is the end of the current turn: roll initiative first (init)", "cond：eot 是本回合結束：請先擲先攻（init）" },
    until_round = { "until the start of its turn in round %d", "直到第 %d 輪其回合開始" },
    until_eot = { "until the end of %s's turn", "直到 %s 的回合結束" },
    until_sot = { "until the start of %s's next turn", "直到 %s 的下個回合開始" },
    until_save = { "until a %s save DC %d at the end of one of its turns", "直到其回合結束時 %s 豁免 DC %d 成功" },
    until_conc = { "while %s concentrates", "%s 維持專注期間" },
    short_until_round = { "until round %d", "至第 %d 輪" },
    short_until_eot = { "until the end of %s's turn", "至 %s 回合結束" },
    short_until_sot = { "until %s's next turn", "至 %s 下回合" },
    short_until_save = { "save %s %d ends", "%s 豁免 %d 結束" },
    short_until_conc = { "%s's Concentration", "%s 的專注" },
    no_conc = { "cond: --conc needs the rule system's Concentration, which %s has not", "cond：--conc 需要規則系統的專注規則，%s 沒有" },
    conc_ended = { " (%s's Concentration ended)", "（%s 的專注結束）" },
    cond_for = { " %s", "，%s" },
    saved_off = { "%s: %s save DC %d at the end of its turn: %s, success: %s ends", "%s：回合結束 %s 豁免 DC %d：%s，成功：%s 結束" },
    save_kept = { "%s: %s save DC %d at the end of its turn: %s, failure: still %s", "%s：回合結束 %s 豁免 DC %d：%s，失敗：仍%s" },
    save_auto_short = { "fails automatically", "自動失敗" },
    tally_s1 = { "%d success", "成功 %d 次" },
    tally_s = { "%d successes", "成功 %d 次" },
    tally_f1 = { "%d failure", "失敗 %d 次" },
    tally_f = { "%d failures", "失敗 %d 次" },
    death_save = { "%s: death saving throw %s: %s", "%s：死亡豁免 %s：%s" },
    ds_revive = { "regains consciousness with hit points", "恢復意識與生命值" },
    ds_success = { "success", "成功" },
    ds_failure = { "failure", "失敗" },
    ds_double_failure = { "two failures", "兩次失敗" },
    added = { "added %s to %s (HP %d, AC %d)", "加入 %s 至 %s（生命值 %d，護甲等級 %d）" },
    joins = { "; they join the initiative order when the next round starts", "；於下一輪開始時加入先攻順序" },
    began = { "initiative has been rolled already (round %d): next advances the turn", "已擲過先攻（第 %d 輪）：以 next 推進回合" },
    not_begun = { "roll initiative first (init)", "請先擲先攻（init）" },
    round = { "round %d", "第 %d 輪" },
    segment_now = { "round %d, segment %d", "第 %d 輪，第 %d 時段" },
    not_rolled = { "initiative not rolled yet (init rolls it)", "尚未擲先攻（以 init 擲骰）" },
    turn = { "round %d: %s's turn", "第 %d 輪：輪到 %s" },
    cols = { { "init", "id", "name", "side", "HP", "temp", "conditions" },
      { "先攻", "代號", "名稱", "陣營", "生命值", "臨時", "狀態" } },
    dead_actor = { "%s is dead and cannot attack", "%s 已死亡，無法攻擊" },
    down_actor = { "%s is down and cannot attack", "%s 已倒下，無法攻擊" },
    dead_target = { "%s is already dead", "%s 已經死亡" },
    no_attack = { "%s has no attack %s (attacks: %s)", "%s 沒有名為 %s 的攻擊（攻擊：%s）" },
    no_attacks = { "%s has no attacks", "%s 沒有任何攻擊" },
    attack = { "%s attacks %s with %s%s: %s vs %s: %s", "%s 以 %s 攻擊 %s%s：%s 對 %s：%s" },
    where = { " at %s", "（%s）" },
    at_distance = { "%d %s", "%d %s" },
    comma = { ", ", "，" },
    paren = { " (%s)", "（%s）" },
    dash = { " — ", " —— " },
    why_adv = { "Advantage: %s", "優勢：%s" },
    why_dis = { "Disadvantage: %s", "劣勢：%s" },
    why_cancel = { "they cancel out", "兩者抵銷" },
    why_mod = { "%s to hit: %s", "命中 %s：%s" },
    why_ac = { "%s AC: %s", "AC %s：%s" },
    why_flag = { "%s (the GM's call)", "%s（主持人指定）" },
    why_script = { "a script's rule", "腳本規則" },
    by_attack = { " (%s's %s)", "（%s 的 %s）" },
    by_source = { " (by %s)", "（來自 %s）" },
    set_off = { "  then %s: ", "  接著 %s：" },
    opportunity = { "  opportunity attack: ", "  藉機攻擊：" },
    now_has = { "%s is now %s%s", "%s 陷入%s%s" },
    refused = { "%s cannot attack %s with %s: %s%s", "%s 無法攻擊 %s（%s）：%s%s" },
    stopped = { "%s's attack on %s with %s was stopped by a rule", "%s 對 %s 的攻擊（%s）被規則阻止" },
    adv = { "advantage", "優勢" },
    dis = { "disadvantage", "劣勢" },
    ac = { "AC %d", "AC %d" },
    needs = { "%d needed", "需要 %d" },
    hit = { "hit, %d %s", "命中，%d 點%s" },
    crit = { "%s, critical hit! %d %s", "%s，重擊！%d 點%s" },
    crit_plain = { "critical hit! %d %s", "重擊！%d 點%s" },
    natural = { "natural %d", "天然 %d" },
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
    cond_immune = { "%s is immune to %s", "%s 對%s免疫" },
    cond_already = { "%s is already %s", "%s 已處於%s" },
    cond_removed = { "%s is no longer %s", "%s 不再%s" },
    cond_absent = { "%s is not %s", "%s 並未處於%s" },
    cond_list = { "%s: %s", "%s：%s" },
    cond_until = { "%s (%s)", "%s（%s）" },
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
    add_count = { "add: no monster is called %s, and %s is not a count (x2, 3); to name a creature give the"
      .. " monster, then --id: add fighter --id hero%s",
      "add：沒有名為 %s 的怪物，%s 也不是數量（x2、3）；為生物命名請先寫怪物再用 --id：add fighter --id hero%s" },
    flag_number = { "%s: --%s wants a number, got %s", "%s：--%s 需要數字，收到 %s" },
    cond_sub = { "cond: add, remove or list (cond add A prone 1r)", "cond：add、remove 或 list（cond add A prone 1r）" },
    bad_duration = { "cond: a duration is Nr or N (1: until the start of its next turn), eot, eot:B or sot:B, got %s",
      "cond：持續時間寫作 Nr（1r：直到其下個回合開始）、eot、eot:B 或 sot:B，收到 %s" },
  }

  -- say formats a message in the session's language (and Chinese script).
  local function say(key, ...)
    local m = MSG[key]
    local f = lang() == "zh" and m[2] or m[1]
    if select("#", ...) > 0 then f = string.format(f, ...) end
    local sc = script()
    if sc then f = text.convert(f, sc) end
    return f
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

  -- digits turns full-width digits, letters and signs (１５, ＋, typed by
  -- Chinese input methods) into ASCII (text.narrow).
  local function digits(s)
    return text.narrow(tostring(s))
  end

  -- dice_text words a check record's roll: "14 + 5 = 19", or with two
  -- dice "2d20kh1 (~~9~~, 17) + 5 = 22" (the dropped die struck through).
  local function dice_text(r)
    local faces, n = {}, 0
    for _, d in ipairs(r.dice or {}) do
      if d.role ~= "confirm" then
        n = n + 1
        faces[#faces + 1] = d.kept and tostring(d.face) or ("~~" .. d.face .. "~~")
      end
    end
    local head = faces[1] or tostring(r.natural)
    if n > 1 then
      head = string.format("%dd%d%s1 (%s)", n, r.sides or 20, r.keep == "lowest" and "kl" or "kh", table.concat(faces, ", "))
    end
    local mod = r.total - (r.value or r.natural or 0)
    if mod < 0 then return string.format("%s - %d = %d", head, -mod, r.total) end
    return string.format("%s + %d = %d", head, mod, r.total)
  end

  -- combat returns the rule system's combat table, or nil.
  local function combat()
    local c = rules.get("combat")
    if type(c) == "table" then return c end
    return nil
  end

  -- enum joins names: "a, b" in English, "a、b" in Chinese.
  local function enum(names)
    return table.concat(names, lang() == "zh" and "、" or ", ")
  end

  -- ---- display width ----

  -- M.width returns the number of terminal cells s takes (UTF-8; wide
  -- characters count 2), by the kernel's width rule (the text module).
  function M.width(s)
    return text.width(tostring(s))
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

  T.lang = lang
  T.script = script
  T.digits = digits
  T.MSG = MSG
  T.say = say
  T.fail = fail
  T.STATES = STATES
  T.state_word = state_word
  T.side_word = side_word
  T.enum = enum
  T.dice_text = dice_text
  T.combat = combat
  -- same_zh compares two Chinese words (a name typed and a name known).
  T.same_zh = function(a, b) return text.same(tostring(a), tostring(b)) end
end
