-- AMB-07 (switch): a move mixing speeds is not capped by the highest one
-- (the source's example: walk 20, fly 10, walk 10, fly 30 = 70 ft).
local rules = require("rules")
rules.variant{ id = "mod5e.no_mixed_speed_cap", system = "mod5e", implements = { "HB-MOVE-08" },
  name = { en = "Mixed speeds without a total cap", zh = "混合移动不设总上限" } }
rules.merge("mod5e.options", { mixed_speed_cap = false })
