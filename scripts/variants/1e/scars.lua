-- 1E-HP-06 (optional): a creature that fell to -6 or lower before it was
-- aided may be scarred or lose a member (the DM decides what).
local rules = require("rules")
local hp = require("core.1e.hp")
rules.variant{ id = "1e.scars", system = "1e", implements = { "1E-HP-06" },
               name = { en = "Scars at -6 or lower", zh = "−6 或更低留下伤疤" } }

-- scar(c): tags a revived creature "scarred" when it fell to -6 or lower.
function hp.scar(c)
  if hp.scarred(hp.lowest[c] or 0) then
    c:add_tag("scarred")
    return true
  end
  return false
end
local aid = hp.aid
function hp.aid(c)
  local ok = aid(c)
  if ok then hp.scar(c) end
  return ok
end
