-- ruleset: 3e
-- luacheck: no max line length (the inventory's rows as printed)
-- The tables of the core half (inventory §17: 8-1 to 8-10 and X-1), copied
-- here as the inventory prints them (specs cannot read files), compared
-- cell by cell with the tables the 3e scripts use (scripts/core/3e/
-- tables.lua), and through them with the rules that read them (the
-- two-weapon formula, the conditions of Table 8-8, the combat table's cover
-- and size rules).
-- covers: 3E-ACTION-01 3E-AOO-02 3E-ATK-04 3E-AC-05 3E-POS-03 3E-POS-04 3E-COVER-01 3E-COVER-02 3E-CONC-01
local T = rules.need("3e.tables")
local A = require("core.3e.attack")

local INV = {}
INV["8-1"] = [[
| Action | Movement | AoO* |
|---|---|---|
| **Attack actions** | | |
| Attack (melee) | Yes | No |
| Attack (ranged) | Yes | Yes |
| Attack (unarmed) | Yes | Maybe |
| Charge | ×2 (special)# | No |
| Full attack | 5-ft step | No |
| **Magic actions: cast a spell** | | |
| 1-action spell | Yes | Yes |
| Full-round spell | 5-ft step | Yes |
| Concentrate to maintain a spell | Yes | No |
| Activate magic item | Yes | Maybe |
| **Magic actions: use special ability** | | |
| Spell-like ability | Usually** | Yes |
| Supernatural ability | Usually** | No |
| Extraordinary ability## | Usually** | No |
| **Movement actions** | | |
| Double move (快步移动) | ×2 | Maybe |
| Run | ×4 | Yes |
| **Miscellaneous actions** | Maybe | Maybe |
]]
INV["8-2"] = [[
| Circumstances | Primary hand | Off hand |
|---|---|---|
| Normal penalties | −6 | −10 |
| Off-hand weapon is light | −4 | −8 |
| Ambidexterity feat | −6 | −6 |
| Two-Weapon Fighting feat | −4 | −8 |
| Off-hand weapon is light and Ambidexterity feat | −4 | −4 |
| Off-hand weapon is light and Two-Weapon Fighting feat | −2 | −6 |
| Ambidexterity feat and Two-Weapon Fighting feat | −4 | −4 |
| Off-hand light, Ambidexterity and Two-Weapon Fighting | −2 | −2 |
]]
INV["8-3"] = [[
| Partial action | Movement | AoO* |
|---|---|---|
| **Attack partial actions** | | |
| Attack (melee) | 5-ft step | No |
| Attack (ranged) | 5-ft step | Yes |
| Attack (unarmed) | 5-ft step | Maybe |
| Partial charge | Yes (special)# | No |
| **Magic partial actions** | | |
| Cast a spell## | 5-ft step | Yes |
| Activate magic item | 5-ft step | Maybe |
| Use special ability## | 5-ft step | Maybe |
| Concentrate to maintain a spell | 5-ft step | No |
| Dismiss a spell | 5-ft step | No |
| **Movement partial actions** | | |
| Single move | Yes | No |
| Partial run | ×2 | Yes |
| Miscellaneous partial action** | 5-ft step | Maybe |
| **Special partial action** | | |
| Start full-round action | No | Maybe |
]]
INV["8-4"] = [[
| Action | AoO* |
|---|---|
| **No action** | |
| Delay | No |
| **Free actions** | |
| Cast a quickened spell (p. 84) or *feather fall* (p. 203) | No |
| Cease concentration on a spell | No |
| Prepare spell components to cast a spell** | No |
| Redirect / change facing of a Bigby's hand spell, a rainbow-pattern spell, or *shield* (调整比拜冲拳术、彩虹迷图或护盾术的方向) | No |
| Make an attack with *eyebite* | No |
| Change form (shapechanger) (改变体型（变形）) | No |
| Dismiss *tree shape* | No |
| Drop an item | No |
| Drop to the floor (go prone) | No |
| Speak | No |
| Use Spellcraft to identify a spell being cast, for counterspelling (p. 152) | No |
| **Move-equivalent actions** | |
| Climb (¼ speed) | No |
| Draw a weapon# | No |
| Sheathe a weapon | Yes |
| Ready (strap on) a shield# | No |
| Loose (take off) a shield# | No |
| Open a door | No |
| Pick up an item | Yes |
| Retrieve a stored item | Yes |
| Move a heavy object | Yes |
| Stand up from prone | No |
| Load a hand crossbow | Yes |
| Load a light crossbow | Yes |
| Control a frightened mount | Yes |
| Mount or dismount a steed | No |
| Direct or redirect a *flaming sphere*, or direct *levitate* | No |
| **Standard actions** | |
| Ready (triggers a partial action) | No |
| Concentrate to maintain a spell | No |
| Dismiss a spell | No |
| Aid another | No |
| Bull rush (as part of a charge) | No |
| Bull rush (as an attack) | No |
| Change form (shapechanger) — listed again here; see §20 | No |
| Cast a touch spell on yourself | No |
| Escape from a grapple (p. 138) | No |
| Activate *sunbeam* (p. 261) | No |
| Feint (see Bluff, p. 64) | No |
| Command an *animate rope* | No |
| Overrun (as part of a charge) (seed: 全速奔跑（冲锋）) | No |
| Stabilise a dying friend (see Heal, p. 69) | Yes |
| Light a torch with a tindertwig (p. 114) | Yes |
| Use a skill that takes 1 action | Usually |
| Turn or rebuke undead (use special ability) | No |
| Strike a weapon (attack) (seed: 击落武器（攻击）) | Yes |
| Strike an object (attack) | Maybe## |
| Total defense | No |
| **Full-round actions** | |
| Climb (½ speed) | No |
| Use a skill that takes 1 round | Usually |
| Coup de grace (p. 133) | Yes |
| Light a torch (without a tindertwig) | Yes |
| Change form (*polymorph self*) | Yes |
| Extinguish flames | No |
| Load a heavy crossbow | Yes |
| Load a repeating crossbow | Yes |
| Lock or unlock a weapon in a locked gauntlet | Yes |
| Prepare to throw oil (p. 109) | Yes |
| Throw a two-handed weapon (seed: "use one hand to throw a two-handed weapon", p. 97) | Yes |
| "搬运（tree stride 法术）": travel with *tree stride* (garbled, see §20) | No |
| Use a touch spell on up to six friends | Yes |
| Refocus (no movement) | No |
| Escape from a net (p. 102), *entangle* (p. 200) or *Otiluke's freezing sphere* | Yes |
| **Action type varies** | |
| Disarm& | Yes |
| Grapple& | Yes |
| Trip an opponent& | No |
| Use a feat&& | Varies |
]]
INV["8-5"] = [[
| Measure | Equals |
|---|---|
| 1 inch (on the map) | 5 feet |
| "Next to" / "adjacent" | 5 feet |
| 30 mm figure | a man-sized creature |
| Man-sized creature | occupies 5 feet |
| 1 round | 6 seconds |
]]
INV["8-6"] = [[
| Race | No armour or light armour | Medium or heavy armour |
|---|---|---|
| Human, elf, half-elf, half-orc | 30 ft | 20 ft |
| Dwarf, halfling, gnome | 20 ft | 15 ft |
]]
INV["8-7"] = [[
| Size | Example | Reach (ft) | Face* (ft × ft) |
|---|---|---|---|
| Fine | fly | 0 | ½ × ½ |
| Diminutive | toad | 0 | 1 × 1 |
| Tiny | cat | 0 | 2½ × 2½ |
| Small | halfling | 5 | 5 × 5 |
| Medium-size | human | 5 | 5 × 5 |
| Large (tall)** | hill giant (山岳巨人) | 10 | 5 × 5 |
| Large (long)** | horse | 5 | 5 × 10 |
| Huge (tall)** | cloud giant | 15 | 10 × 10 |
| Huge (long)** | bulette | 10 | 10 × 20 |
| *(size label missing in seed; sits among the Huge rows)* | retriever | 10 | 15 × 15 (seed prints "15×*15") |
| Gargantuan (tall)** | 50-ft animated statue | 20 | 20 × 20 |
| Gargantuan (long)** | kraken | 10 | 20 × 40 |
| *(size label missing in seed; sits among the Gargantuan rows)* | purple worm | 15 | 30 × 30 |
| Colossal (tall)** | the tarrasque | 25 | 40 × 40 |
| Colossal (long)** | great red wyrm (红色大翼龙) | 15 | 40 × 80 |
]]
INV["8-8"] = [[
| Circumstance | Melee | Ranged |
|---|---|---|
| Attacker flanking defender* | +2 | — |
| Attacker on higher ground | +1 | +0 |
| Attacker prone | −4 | ** |
| Attacker invisible | +2# | +2# |
| Defender sitting or kneeling | +2 | −2 |
| Defender prone | +4 | −4 |
| Defender stunned, cowering or off balance | +2# | +2# |
| Defender climbing (cannot use shield) | +2# | +2# |
| Defender surprised or flat-footed | +0# | +0# |
| Defender running | +0# | −2# |
| Defender grappling (attacker not) | +0# | +0## |
| Defender pinned | +4# | −4# |
| Defender has cover | see Cover | see Cover |
| Defender concealed or invisible | see Concealment | see Concealment |
| Defender helpless | see Helpless Defenders | see Helpless Defenders |
]]
INV["8-9"] = [[
| Degree of cover | Example | AC bonus | Reflex save bonus |
|---|---|---|---|
| ¼ | A human standing behind a 3-ft-high wall | +2 | +1 |
| ½ | Fighting from around a corner or a tree; standing at an open window; behind a creature of the same size | +4 | +2 |
| ¾ | Peering around a corner or a big tree | +7 | +3 |
| 9/10 | Standing at an arrow slit; behind a door that is slightly ajar | +10 | +4* |
| Total | On the other side of a solid wall | — (cannot be attacked) | — |
]]
INV["8-10"] = [[
| Concealment | Example | Miss chance |
|---|---|---|
| ¼ | Light fog; light foliage; moderate (dim) darkness | 10% |
| ½ | *Blur* spell; dense fog at 5 ft | 20% |
| ¾ | Dense foliage | 30% |
| 9/10 | Near-total darkness | 40% |
| Total | Invisibility; attacker blind; total darkness; dense fog at 10 ft around the target | 50% |
]]
INV["X-1"] = [[
| Colossal | Gargantuan | Huge | Large | Medium-size | Small | Tiny | Diminutive | Fine |
|---|---|---|---|---|---|---|---|---|
| −8 | −4 | −2 | −1 | +0 | +1 | +2 | +4 | +8 |
]]

-- rows(md): the body rows of a Markdown table, each a list of its cells
-- (trimmed), without the header and rule rows.
local function rows(md)
  local out = {}
  local n = 0
  for line in string.gmatch(md, "[^\n]+") do
    n = n + 1
    if n > 2 then
      local cells = {}
      for cell in string.gmatch(string.sub(line, 2), "([^|]*)|") do
        cells[#cells + 1] = (string.gsub(cell, "^%s*(.-)%s*$", "%1"))
      end
      out[#out + 1] = cells
    end
  end
  return out
end

local function group(cell)
  return string.match(cell, "^%*%*(.-)%*%*$")
end

-- signed renders a modifier as the inventory does (+2, −4 with a minus sign).
local function signed(v)
  if v < 0 then return "−" .. (-v) end
  return "+" .. v
end

test("Table 8-1: combat actions, movement and AoO", function()
  local script = {}
  for _, a in ipairs(T.actions) do script[#script + 1] = a end
  local i, g = 0, nil
  for _, r in ipairs(rows(INV["8-1"])) do
    local gr = group(r[1])
    if gr and r[2] == "" then
      g = gr
    else
      i = i + 1
      local a = script[i]
      if gr then
        eq({ a.group, a.label, a.move, a.aoo }, { gr, nil, r[2], r[3] }, gr)
      else
        eq({ a.group, a.label, a.move, a.aoo }, { g, r[1], r[2], r[3] }, r[1])
      end
    end
  end
  eq(i, #script)
end)

test("Table 8-2: two-weapon penalties, and the formula the rules use", function()
  local r = rows(INV["8-2"])
  eq(#r, #T.twf_rows)
  for i, row in ipairs(r) do
    local s = T.twf_rows[i]
    eq({ s.label, signed(s.primary), signed(s.off) }, row, row[1])
    local p, o = A.twf({ light = s.light, ambidexterity = s.ambi, two_weapon = s.twf })
    eq({ p, o }, { s.primary, s.off }, "the formula on " .. row[1])
  end
end)

test("Table 8-3: partial actions", function()
  local i, g = 0, nil
  for _, r in ipairs(rows(INV["8-3"])) do
    local gr = group(r[1])
    if gr then
      g = gr
    else
      i = i + 1
      local a = T.partial_actions[i]
      eq({ a.group, a.label, a.move, a.aoo }, { g, r[1], r[2], r[3] }, r[1])
    end
  end
  eq(i, #T.partial_actions)
end)

test("Table 8-4: miscellaneous actions by type, and AoO", function()
  local i, g = 0, nil
  for _, r in ipairs(rows(INV["8-4"])) do
    local gr = group(r[1])
    if gr then
      g = gr
    else
      i = i + 1
      local a = T.misc_actions[i]
      eq({ a.group, a.label, a.aoo }, { g, r[1], r[2] }, r[1])
    end
  end
  eq(i, #T.misc_actions)
  eq(i, 66, "66 action rows")
end)

test("Table 8-5: scales, and the combat table's square and round", function()
  local r = rows(INV["8-5"])
  eq(#r, #T.scales)
  for i, row in ipairs(r) do eq(T.scales[i], row) end
  eq(rules.need("combat").space.square, 5)
  eq(rules.need("combat").round_seconds, 6)
end)

test("Table 8-6: tactical speed", function()
  local r = rows(INV["8-6"])
  eq(#r, #T.speed_rows)
  for i, row in ipairs(r) do
    local s = T.speed_rows[i]
    eq({ s.label, s.light .. " ft", s.heavy .. " ft" }, row)
  end
end)

local function feet(v)
  if v == 0.5 then return "½" end
  if v == 2.5 then return "2½" end
  return tostring(math.floor(v))
end

test("Table 8-7: size, reach and face, and the combat table's sizes", function()
  local r = rows(INV["8-7"])
  eq(#r, #T.face_rows)
  for i, row in ipairs(r) do
    local s = T.face_rows[i]
    local label = string.gsub(row[1], "%*+$", "")
    if string.find(label, "size label missing", 1, true) then label = s.label end
    local example = string.gsub(row[2], " %(.*%)$", "")
    local face = feet(s.w) .. " × " .. feet(s.l)
    local want = string.gsub(row[4], " %(seed prints.*%)$", "")
    eq({ s.label, s.example, tostring(s.reach), face }, { label, example, row[3], want }, row[1])
  end
  local sizes = rules.need("combat").space.sizes
  eq({ sizes.medium.space, sizes.large.space, sizes.huge.space, sizes.colossal.space, sizes.tiny.shared },
    { 1, 1, 2, 8, true })
end)

test("Table 8-8: attack roll modifiers, and the conditions that carry them", function()
  local r = rows(INV["8-8"])
  eq(#r, #T.attack_mods)
  for i, row in ipairs(r) do
    local s = T.attack_mods[i]
    if s.see then
      eq({ s.label, "see " .. s.see, "see " .. s.see }, row, row[1])
    else
      local melee = signed(s.melee) .. (s.dex or "")
      local ranged
      if s.ranged == nil then ranged = "—"
      elseif s.ranged == "**" then ranged = "**"
      else ranged = signed(s.ranged) .. (s.ranged_dex or s.dex or "") end
      eq({ s.label, melee, ranged }, row, row[1])
      -- the condition's fight data says the same
      if s.side == "defender" then
        local keys = { s.key }
        for _, k in ipairs(s.also or {}) do keys[#keys + 1] = k end
        for _, key in ipairs(keys) do
          local f = rules.need("condition." .. key).fight
          local m = (f.defense_mod or 0) + (f.defense_mod_melee or 0)
          local rg = (f.defense_mod or 0) + (f.defense_mod_ranged or 0)
          eq({ m, rg }, { s.melee, s.ranged }, key)
          eq(f.ac_lose ~= nil, s.dex == "#", key .. " loses the Dex bonus")
        end
      elseif s.side == "attacker" then
        local f = rules.need("condition." .. s.key).fight
        eq((f.attack_mod or 0) + (f.attack_mod_melee or 0), s.melee, s.key)
      end
    end
  end
  eq(rules.need("combat").space.flank.mod, T.attack_mods[1].melee, "flanking +2")
end)

test("Table 8-9: cover, and the combat table's half and three-quarters", function()
  local r = rows(INV["8-9"])
  eq(#r, #T.cover_rows)
  for i, row in ipairs(r) do
    local s = T.cover_rows[i]
    if s.untargetable then
      eq({ s.label, s.example, row[3] }, { row[1], row[2], "— (cannot be attacked)" })
    else
      eq({ s.label, s.example, signed(s.ac), signed(s.reflex) .. (s.evasion and "*" or "") }, row, row[1])
    end
  end
  local c = rules.need("combat").space.cover
  eq({ c.half.ac, c.half.save, c["three-quarters"].ac, c["three-quarters"].save, c.total.untargetable },
    { 4, 2, 7, 3, true })
end)

test("Table 8-10: concealment, and the conditions' miss chances", function()
  local r = rows(INV["8-10"])
  eq(#r, #T.concealment_rows)
  for i, row in ipairs(r) do
    local s = T.concealment_rows[i]
    eq({ s.label, s.example, s.miss .. "%" }, row, row[1])
    eq(rules.need("condition.concealed_" .. s.key).fight.miss_chance, s.miss)
  end
end)

test("Table X-1: size modifiers to attack and AC", function()
  local md = INV["X-1"]
  local r = rows(md)[1]
  local head
  for line in string.gmatch(md, "[^\n]+") do head = head or line end
  local sizes = {}
  for cell in string.gmatch(string.sub(head, 2), "([^|]*)|") do sizes[#sizes + 1] = (string.gsub(cell, "^%s*(.-)%s*$", "%1")) end
  for i, label in ipairs(sizes) do
    local key
    for k, l in pairs(T.size_label) do if l == label then key = k end end
    eq(signed(T.size_mod[key]), r[i], label)
  end
end)
