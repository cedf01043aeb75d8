-- AMB-28: TBL-MATRIX-MON prints 19 at AC -8 / 8-9+ where its progression
-- (and the published book [K]) gives 20; this reads 20 there.
local rules = require("rules")
rules.variant{ id = "1e.matrix_correction", system = "1e", implements = {},
               name = { en = "Monster matrix AC -8 / 8-9+ reads 20", zh = "怪物矩阵 AC −8 / 8–9+ 改为 20" } }
require("core.1e.tohit").amb28 = true
