-- The language of the table commands' messages and the display width of
-- their columns.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local rules = require("rules")
local text = require("text")

return function(M, T)
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
  T.MSG = MSG
  T.say = say
  T.fail = fail
  T.STATES = STATES
  T.state_word = state_word
  T.side_word = side_word
  T.enum = enum
end
