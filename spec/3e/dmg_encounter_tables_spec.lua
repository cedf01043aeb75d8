-- ruleset: 3e
-- luacheck: no max line length (the inventory's rows as printed)
-- The reconstructed ([recon], inventory §13.3) Tables 3-1 and 3-2 of the
-- DMG's encounter rules, copied here as the inventory prints them (specs
-- cannot read files), compared cell by cell with encounter.lua's data and
-- through the functions that read them (E.distance, E.spot_dc,
-- E.vision_bonus).
-- covers: DMG-ENC-01 DMG-ENC-02
local E = require("core.3e.encounter")

local T31 = [[
| Smoke or heavy fog | 2d4 × 5 ft | 25 ft |
| Jungle or dense forest | 2d4 × 10 ft | 50 ft |
| Light forest | 3d6 × 10 ft | 105 ft |
| Scrub, brush or bush | 6d6 × 10 ft | 210 ft |
| Grassland, little cover | 6d6 × 20 ft | 420 ft |
]]
local KEYS = { "smoke", "dense_forest", "light_forest", "scrub", "grassland" }

test("Table 3-1 [recon]: every row's dice, feet and average", function()
  local i = 0
  for _, dice_expr, ft, avg in string.gmatch(T31, "| ([^|]-) | (%d+d%d+) × (%d+) ft | (%d+) ft |") do
    i = i + 1
    local row = E.spotting[KEYS[i]]
    eq({ row.dice, row.ft }, { dice_expr, tonumber(ft) }, KEYS[i])
    near(dice.dist(row.dice).mean * row.ft, tonumber(avg), 0.001, KEYS[i] .. " average")
  end
  eq(i, 5)
  -- and through E.distance: the highest faces give the most
  dice.force{ 6, 6, 6, 6, 6, 6 }
  eq(E.distance("grassland"), 36 * 20)
end)

test("Table 3-2 [recon]: every row and footnote", function()
  eq(E.spot_dc{}, 20, "Base 20")
  eq({ E.spot_dc{ size = "small" }, E.spot_dc{ size = "tiny" }, E.spot_dc{ size = "large" }, E.spot_dc{ size = "colossal" } },
    { 24, 28, 16, 4 }, "Size: +4 per category smaller than Medium; -4 per category larger")
  eq({ E.spot_dc{ contrast = 5 }, E.spot_dc{ contrast = -5 } }, { 25, 15 }, "Contrast: +/-5 or more")
  eq(E.spot_dc{ still = true }, 25, "Stillness (not moving) +5")
  eq({ E.spot_dc{ count = 5 }, E.spot_dc{ count = 6 } }, { 20, 18 }, "Six or more creatures -2")
  eq(E.spot_dc{ light = "moonlight" }, 25, "Moonlight +5")
  eq(E.spot_dc{ light = "starlight" }, 30, "Starlight +10")
  eq(E.spot_dc{ light = "darkness" }, nil, "Total darkness: impossible")
  eq({ E.vision_bonus("low_light", "moonlight"), E.vision_bonus("darkvision", "moonlight") }, { 5, 5 }, "footnote 1")
  eq({ E.vision_bonus("low_light", "starlight"), E.vision_bonus("darkvision", "starlight") }, { 5, 10 }, "footnote 2")
  eq({ E.vision_bonus("darkvision", "darkness"), E.vision_bonus("low_light", "darkness") }, { 0, nil }, "footnote 3")
end)
