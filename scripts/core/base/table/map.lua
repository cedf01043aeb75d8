-- map, place, move and area: the table fight on a battle map. The fight
-- module owns the space (fight.set_map, place, path, move, area, cover):
-- these commands set it up, move creatures through the same pipeline as
-- a fight that plays itself (opportunity attacks included) and draw it.
-- Squares are counted from 0,0 at the top left, as in encounter maps.
-- Part of the table commands (core.base.table, which loads it): a function
-- of the module table M and the parts' shared helpers T.
local fight = require("fight")

return function(M, T)
  local lang, say, fail, enum, join = T.lang, T.say, T.fail, T.enum, T.join

  local function zh() return lang() == "zh" end

  local function need_map()
    T.need_fight()
    if not fight.map() then fail("no_map") end
  end

  local function unit()
    local u = (fight.map() or {}).unit or "ft"
    if zh() and u == "ft" then return "呎" end
    return u
  end

  -- sq words a square: "5,6".
  local function sq(p) return p.x .. "," .. p.y end

  -- M.square reads a square: "5,6" (also "5 6", full-width digits and
  -- commas) or a table {x, y}. Returns {x, y} or nil.
  function M.square(w)
    if type(w) == "table" then return { x = w.x or w[1], y = w.y or w[2] } end
    local s = T.digits(tostring(w))
    local x, y = s:match("^%(?%s*(%-?%d+)%s*[,%s]%s*(%-?%d+)%s*%)?$")
    if not x then return nil end
    return { x = tonumber(x), y = tonumber(y) }
  end

  local function placed(c) return T.S.placed and T.S.placed[c] end

  local function mark_placed(c)
    T.S.placed = T.S.placed or {}
    T.S.placed[c] = true
  end

  -- T.auto_place puts c on the first free square of the map: in the
  -- placement zone of its side when the map draws one ("1" the party, "2"
  -- the others), else from the top left for the party and from the bottom
  -- right for the others. Returns the line that says where, or nil.
  function T.auto_place(c)
    local m = fight.map()
    if not m then return nil end
    local party = fight.is(c, "player") or c:get("side") == "party"
    local zone = party and "1" or "2"
    local squares, zoned = {}, {}
    for y = 0, m.height - 1 do
      local row = m.rows[y + 1]
      for x = 0, m.width - 1 do
        local ch = row:sub(x + 1, x + 1)
        if ch == zone then zoned[#zoned + 1] = { x = x, y = y } end
        squares[#squares + 1] = { x = x, y = y }
      end
    end
    local list = zoned
    if #list == 0 then
      list = squares
      if not party then
        local rev = {}
        for i = #list, 1, -1 do rev[#rev + 1] = list[i] end
        list = rev
      end
    end
    for _, p in ipairs(list) do
      if pcall(fight.place, c, p.x, p.y) then
        mark_placed(c)
        return say("auto_placed", M.name(c), sq(p), M.name(c))
      end
    end
    fail("no_room", M.name(c))
  end

  -- M.set_map gives the table fight a map: rows (a list of strings drawn
  -- in the map legend: '#' wall, '=' low wall, '~' difficult, '.' open,
  -- '1'/'2' where the party and the others set up) or {width, height} for
  -- an open field. The creatures already there are set on free squares.
  -- Returns {text}.
  function M.set_map(spec)
    if T.S == nil or T.S.ended then
      T.need_fight_or_start()
    end
    if type(spec) ~= "table" then error("map: rows or {width, height} expected", 2) end
    local m = spec.rows and { rows = spec.rows } or { width = spec.width, height = spec.height }
    fight.set_map(m)
    T.S.placed = {}
    local info = fight.map()
    local lines = { say("map_set", info.width, info.height, info.square, unit()) }
    for _, c in ipairs(T.all()) do
      if not fight.is(c, "dead") and not fight.is(c, "fled") then
        lines[#lines + 1] = T.auto_place(c)
      end
    end
    return { text = join(lines) }
  end

  -- M.place puts a on square p ("5,6"). Returns {text}.
  function M.place(a, p)
    need_map()
    local c = M.find(a)
    local s = M.square(p)
    if not s then fail("bad_square", tostring(p)) end
    local ok, err = pcall(fight.place, c, s.x, s.y)
    if not ok then fail("cannot_place", M.name(c), sq(s), T.kernel_reason(err)) end
    mark_placed(c)
    return { text = say("placed", M.name(c), sq(s)) }
  end

  -- T.kernel_reason keeps the reason of a kernel error ("... at (3,4): a
  -- wall") for a message.
  function T.kernel_reason(err)
    local s = tostring(err)
    s = s:gsub("^.-: ", "", 1)
    return (s:match(": ([^:]+)$")) or s
  end

  -- path_text words a path: "2,3 → 3,3 → 4,4".
  local function path_text(from, path)
    local parts = { sq(from) }
    for _, p in ipairs(path) do parts[#parts + 1] = sq(p) end
    return table.concat(parts, " → ")
  end

  -- M.move moves a to a square ("5,6") or next to a creature (to = B: to a
  -- square from which its melee attack, or opts.with, reaches B), along the
  -- cheapest path within its movement left, through the fight's move
  -- pipeline: difficult terrain, occupied squares, and every opportunity
  -- attack the move provokes (resolved and shown as attacks). opts: dash
  -- (double the movement first), no_provoke (this move provokes nothing),
  -- forced (pushed, pulled: no movement spent, nothing provoked), with.
  -- Returns fight.move's record with text.
  function M.move(a, dest, opts)
    opts = opts or {}
    need_map()
    local c = M.find(a)
    if fight.is(c, "out") then fail("cannot_move_out", M.name(c)) end
    local target, s
    if type(dest) == "table" and dest.to then
      target = M.find(dest.to)
    else
      s = M.square(dest)
      if not s then fail("bad_square", tostring(dest)) end
      local m = fight.map()
      if s.x < 0 or s.y < 0 or s.x >= m.width or s.y >= m.height then
        fail("off_map", sq(s), m.width, m.height)
      end
    end
    local lines = {}
    if opts.dash then
      if not fight.dash(c) then fail("dashed", M.name(c)) end
      lines[#lines + 1] = say("dashes", M.name(c), fight.movement_left(c), unit())
    end
    local from = fight.pos(c)
    local goal = target or s
    local popts = { attack = opts.with and T.pick_attack(c, opts.with) or nil }
    if opts.forced then popts.budget = 100000 end
    local plan = fight.path(c, goal, popts)
    if not plan.ok then
      local far = fight.path(c, goal, { attack = popts.attack, budget = 100000 })
      local where = target and M.name(target) or sq(s)
      if far.ok then
        fail("too_far", M.name(c), where, far.cost, unit(), fight.movement_left(c), unit())
      end
      fail("no_path", M.name(c), where)
    end
    if #plan.path == 0 then
      lines[#lines + 1] = say("already_there", M.name(c), target and M.name(target) or sq(s))
      return { steps = 0, cost = 0, text = join(lines) }
    end
    local before = T.states()
    fight.strikes()
    local r = fight.move(c, goal, { path = plan.path, cause = opts.forced and "forced" or nil,
      no_provoke = opts.no_provoke or nil, budget = opts.forced and 100000 or nil })
    local oa = fight.strikes()
    local walked = path_text(from, r.path)
    lines[#lines + 1] = say("moved", M.name(c), r.cost, unit(), walked)
    if r.stopped ~= "" then lines[#lines + 1] = say("move_stopped_" .. r.stopped, M.name(c), sq(r.pos)) end
    T.strike_lines(oa, before, lines, "opportunity")
    if not fight.is(c, "out") and not opts.forced then
      lines[#lines + 1] = say("movement_left", M.name(c), fight.movement_left(c), unit())
    end
    r.text = join(lines)
    return r
  end

  local SHAPES = { cone = "cone", line = "line", sphere = "burst", burst = "burst", radius = "burst",
    cylinder = "burst", cube = "cube", emanation = "emanation" }

  -- point reads where an area starts or points: a creature or a square.
  local function point(w)
    local s = M.square(w)
    if s then return s end
    return M.find(w)
  end

  local function point_text(p)
    if type(p) == "table" and p.x then return sq(p) end
    return M.name(p)
  end

  -- M.area lists the creatures inside an area: shape (cone, line, sphere
  -- or burst, cylinder, cube, emanation), size (feet: a cone's or line's
  -- length, a sphere's radius, a cube's side), from (a creature or a
  -- square), toward (a creature or a square; cones, lines and cubes), with
  -- the cover each has from its origin. opts: width (a line's), save =
  -- "ABILITY DC" with damage, type and half: each creature inside saves
  -- (with its cover's bonus to the save) and the damage is rolled once, as
  -- the save command does. Returns {creatures = {{c, cover}...}, text}.
  function M.area(shape, size, from, toward, opts)
    opts = opts or {}
    need_map()
    local kind = SHAPES[tostring(shape):lower()]
    if not kind then fail("bad_shape", tostring(shape)) end
    local n = tonumber(T.digits(tostring(size)))
    if not n or n <= 0 then fail("bad_size", tostring(size)) end
    local o = point(from)
    local spec = { shape = kind, from = o, length = n, width = opts.width }
    if toward ~= nil then spec.toward = point(toward) end
    if (kind == "cone" or kind == "line") and spec.toward == nil then fail("needs_toward", tostring(shape)) end
    local inside = fight.area(spec)
    local names, cover = {}, {}
    for _, e in ipairs(inside) do
      local nm = M.name(e.c)
      if e.cover ~= "none" then nm = nm .. say("paren", T.cover_word(e.cover)) end
      names[#names + 1] = nm
      cover[e.c] = e
    end
    local head = say("area_head", tostring(shape), n, unit(), point_text(o),
      spec.toward and say("toward", point_text(spec.toward)) or "")
    local lines = { head .. (#names > 0 and enum(names) or say("nobody")) }
    local list = {}
    for _, e in ipairs(inside) do list[#list + 1] = e.c end
    if opts.save and #list > 0 then
      local ab, dc = T.digits(tostring(opts.save)):match("^%s*(%S+)[%s:]+(%d+)%s*$")
      if not ab then fail("bad_area_save", tostring(opts.save)) end
      local r = M.save(list, ab, dc, { damage = opts.damage, type = opts.type, half = opts.half,
        mods_of = function(c)
          local b = cover[c] and cover[c].save or 0
          if b ~= 0 then return { { value = b, source = T.cover_word(cover[c].cover) } } end
          return nil
        end })
      lines[#lines + 1] = r.text
    end
    return { creatures = inside, text = join(lines) }
  end

  -- ---- drawing ----

  -- marks gives every creature of the fight a mark of two cells: its
  -- first letter and its number (g1), else its first two letters, else a
  -- letter and a digit; upper case for the party.
  local function marks()
    local used, out = {}, {}
    for _, c in ipairs(T.all()) do
      local id = c:get("id")
      local letters = id:gsub("[^%a]", "")
      local l = letters:sub(1, 1)
      if l == "" then l = "c" end
      local num = id:match("(%d+)$")
      local party = c:get("side") == "party"
      local function case(s)
        if party then return s:upper() end
        return s:lower()
      end
      local cands = {}
      if num and #num == 1 then cands[#cands + 1] = case(l) .. num end
      if #letters >= 2 then cands[#cands + 1] = case(letters:sub(1, 2)) end
      if num and #num == 2 then cands[#cands + 1] = num end
      for d = 1, 9 do cands[#cands + 1] = case(l) .. d end
      for b = string.byte("a"), string.byte("z") do cands[#cands + 1] = case(l .. string.char(b)) end
      local m = "??"
      for _, cand in ipairs(cands) do
        if not used[cand] then
          m = cand
          break
        end
      end
      used[m] = true
      out[c] = m
    end
    return out
  end

  local TERRAIN = { ["#"] = "#", ["="] = "=", ["~"] = "~", ["."] = "." }

  -- M.draw draws the battlefield: the map's squares three cells wide, with
  -- column and row numbers, one mark per creature (over its whole
  -- footprint), and a legend: the marks (aligned whatever the width of
  -- the names) and the terrain. Returns {text}.
  function M.draw()
    need_map()
    local m = fight.map()
    local mk = marks()
    local cells = {}
    for y = 0, m.height - 1 do
      cells[y] = {}
      local row = m.rows[y + 1]
      for x = 0, m.width - 1 do
        local ch = row:sub(x + 1, x + 1)
        cells[y][x] = TERRAIN[ch] or "."
      end
    end
    local legend = {}
    for _, c in ipairs(T.all()) do
      local on = placed(c) and not fight.is(c, "dead") and not fight.is(c, "fled")
      local p = fight.pos(c)
      if on then
        local sp = c:get("space") or { w = 1, h = 1 }
        for dy = 0, (sp.h or 1) - 1 do
          for dx = 0, (sp.w or 1) - 1 do
            local yy, xx = p.y + dy, p.x + dx
            if cells[yy] and cells[yy][xx] then cells[yy][xx] = mk[c] end
          end
        end
      end
      local st = T.state(c)
      local hp = c:get("hp") .. "/" .. c:get("max_hp")
      if st then hp = hp .. " " .. T.state_word(st) end
      local where = on and sq(p) or say("not_on_map")
      legend[#legend + 1] = { on and mk[c] or "", M.name(c), T.full_name(c), T.side_word(c:get("side")), hp, where }
    end
    local lines = {}
    local yw = #tostring(m.height - 1)
    local head = { string.rep(" ", yw + 1) }
    for x = 0, m.width - 1 do head[#head + 1] = M.pad(tostring(x), 3) end
    lines[#lines + 1] = (table.concat(head)):gsub("%s+$", "")
    for y = 0, m.height - 1 do
      local row = { string.format("%" .. yw .. "d ", y) }
      for x = 0, m.width - 1 do row[#row + 1] = M.pad(cells[y][x], 3) end
      lines[#lines + 1] = (table.concat(row)):gsub("%s+$", "")
    end
    lines[#lines + 1] = ""
    local cols = zh() and T.MSG.map_cols[2] or T.MSG.map_cols[1]
    lines[#lines + 1] = M.grid(cols, legend)
    lines[#lines + 1] = say("terrain_legend", m.square, unit())
    local text = table.concat(lines, "\n")
    local sc = T.script()
    if sc then text = require("text").convert(text, sc) end
    return { text = text }
  end

  -- ---- the commands ----

  M.define_command("map", {
    usage = "map | map WIDTHxHEIGHT | map rows ROW... | map load FILE",
    example = { "map 12x8", "map rows '..#...' '..#...' '......'", "map" },
    help = { "draw the battlefield (squares from 0,0 at the top left, one mark per creature, a legend), or give"
      .. " the fight a map: an open field, rows drawn in the legend ('#' wall, '=' low wall, '~' difficult, '.'"
      .. " open, '1'/'2' where the party and the others set up), or the rows of a text file",
      "畫出戰場（方格自左上角 0,0 起算，每個生物一個標記，附圖例），或為戰鬥設定地圖：空曠場地、以圖例畫出的各列"
      .. "（'#' 牆、'=' 矮牆、'~' 困難地形、'.' 空地、'1'/'2' 隊伍與其他方的起始位置），或文字檔中的各列" },
    readonly = function(args) return #args == 0 end,
    run = function(args)
      if #args == 0 then return M.draw() end
      if args[1] == "rows" and #args >= 2 then
        local rows = {}
        for i = 2, #args do rows[#rows + 1] = args[i] end
        return M.set_map({ rows = rows })
      end
      if #args == 1 then
        local w, h = T.digits(args[1]):match("^(%d+)[xX×*](%d+)$")
        if w then return M.set_map({ width = tonumber(w), height = tonumber(h) }) end
      end
      if args[1] == "load" then fail("map_load_here") end
      return nil
    end,
  })
  M.define_command("place", {
    usage = "place A X,Y",
    example = "place hero 2,3",
    help = { "put A on square X,Y of the map (no movement spent, nothing provoked)",
      "將 A 放在地圖的 X,Y 方格（不消耗移動，不引發藉機攻擊）" },
    complete = function(args) if #args == 0 then return { "creature" } end return {} end,
    run = function(args)
      if #args == 3 then return M.place(args[1], args[2] .. "," .. args[3]) end
      if #args ~= 2 then return nil end
      return M.place(args[1], args[2])
    end,
  })
  M.define_command("move", {
    usage = "move A X,Y | move A to B [--with WEAPON] [--dash] [--no-provoke] [--forced]",
    example = { "move hero 5,3", "move goblin1 to hero" },
    help = { "move A along the cheapest path within its movement (or next to B, where its melee attack reaches):"
      .. " the path, its cost, and every opportunity attack it provokes, resolved as attacks; --dash doubles"
      .. " the movement first, --no-provoke moves without provoking, --forced is a push or pull",
      "沿移動力內最省的路徑移動 A（或移到 B 旁、其近戰攻擊可及之處）：路徑、花費，以及引發的每次藉機攻擊；"
      .. "--dash 先加倍移動力，--no-provoke 移動不引發藉機攻擊，--forced 為推拉" },
    values = { with = "s" }, bools = { dash = true, ["no-provoke"] = true, forced = true },
    complete = function(args)
      if #args == 0 or args[2] == "to" and #args == 2 then return { "creature" } end
      if #args == 1 then return { "to" } end
      return {}
    end,
    run = function(args, flags)
      local o = { dash = flags.dash, no_provoke = flags["no-provoke"], forced = flags.forced, with = flags.with }
      if #args == 3 and args[2] == "to" then return M.move(args[1], { to = args[3] }, o) end
      if #args == 3 then return M.move(args[1], args[2] .. "," .. args[3], o) end
      if #args ~= 2 then return nil end
      return M.move(args[1], args[2], o)
    end,
  })
  -- is_place: whether word names a square (X,Y) or a creature in the fight.
  local function is_place(word)
    if T.digits(word):match("^%-?%d+%s*,%s*%-?%d+$") then return true end
    local ok, c = pcall(M.find, word)
    return ok and c ~= nil
  end
  M.define_command("area", {
    usage = "area SHAPE SIZE [from] A|X,Y [[toward] B|X,Y] [--width N] [--save \"ABILITY DC\" --damage N|DICE [TYPE] [--half]]",
    example = { "area cone 15 from hero toward 5,6", "area cone 15 hero goblin1", "area sphere 20 from 6,4 --save \"dex 15\" --damage 8d6 fire --half" },
    help = { "the creatures inside a cone, line, sphere (burst, cylinder), cube or emanation of SIZE feet, with"
      .. " their cover from its origin; with --save each saves (cover adds to the save) against one damage roll",
      "錐形、線形、球形（爆發、圓柱）、立方或散發範圍內的生物與其相對於原點的掩蔽；加上 --save 則每個生物進行豁免"
      .. "（掩蔽加到豁免），傷害只擲一次" },
    values = { width = "n", save = "s", damage = "s" }, bools = { half = true },
    readonly = function(_, flags) return flags == nil or flags.save == nil end,
    complete = function(args)
      if #args == 0 then return { "cone", "line", "sphere", "cube", "cylinder", "emanation" } end
      if #args == 2 then return { "from" } end
      if #args == 3 or #args == 5 then return { "creature" } end
      if #args == 4 then return { "toward" } end
      return {}
    end,
    run = function(args, flags)
      -- "from" and "toward" may be left out (area cone 15 hero goblin1):
      -- a word after the origin that names a creature or a square aims it
      if #args >= 3 and args[3] ~= "from" then table.insert(args, 3, "from") end
      if args[5] and args[5] ~= "toward" and is_place(args[5]) then table.insert(args, 5, "toward") end
      if #args < 4 or args[3] ~= "from" then return nil end
      local toward, typ
      local i = 5
      if args[5] == "toward" then
        toward = args[6]
        if not toward then return nil end
        i = 7
      end
      if args[i] then
        if not flags.damage or args[i + 1] then return nil end
        typ = args[i]
      end
      return M.area(args[1], args[2], args[4], toward,
        { width = flags.width, save = flags.save, damage = flags.damage, type = typ, half = flags.half })
    end,
  })
end
