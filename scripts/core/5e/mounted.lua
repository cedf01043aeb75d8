-- Mounted combat (inventory section 15, 5E-MNT-01..05): who can carry a
-- rider, what mounting costs, controlled and independent mounts, and
-- falling off. The rider's state is a "mounted" condition whose source is
-- the mount's id; the mount's is a "ridden" condition whose source is the
-- rider's id.
local rules = require("rules")
local grid = require("grid")

local M = {}

local function mv()
  return rules.need("5e.movement")
end

-- M.mount_of returns the id of the creature c rides, or nil.
function M.mount_of(c)
  local inst = c:conditions("mounted")[1]
  return inst and inst.source or nil
end

-- M.can_mount reports whether rider can mount mount now (5E-MNT-01, 02): a
-- willing creature (opts.willing, default true) at least one size larger
-- with a suitable anatomy (opts.anatomy, default true), within 5 ft.
function M.can_mount(rider, mount, opts)
  opts = opts or {}
  if M.mount_of(rider) then return false, "already mounted" end
  if opts.willing == false then return false, "not willing" end
  if opts.anatomy == false then return false, "unsuitable anatomy" end
  if mv().rank(mount) < mv().rank(rider) + 1 then return false, "not larger than the rider" end
  if grid.distance(rider, mount) > 5 then return false, "not within 5 ft" end
  return true
end

-- M.cost: mounting or dismounting takes half the rider's Speed, rounded
-- down (5E-MNT-02, TV-19).
function M.cost(rider)
  return math.floor(mv().speed(rider) / 2)
end

-- M.mount: rider mounts mount during its move, paying from budget (a
-- 5e.movement budget) when given. A mount trained to accept a rider (tag
-- "trained": domesticated horses, mules) is controlled unless opts.control
-- is false (5E-MNT-03); any other is independent (5E-MNT-04). Returns
-- {controlled, cost}, or nil and why not.
function M.mount(rider, mount, budget, opts)
  local ok, why = M.can_mount(rider, mount, opts)
  if not ok then return nil, why end
  local cost = M.cost(rider)
  if budget then
    local paid, reason = budget:move(cost)
    if not paid then return nil, reason end
  end
  rider:add_condition("mounted", { source = mount:get("id") })
  mount:add_condition("ridden", { source = rider:get("id") })
  local controlled = mount:has_tag("trained") and not (opts and opts.control == false)
  if controlled then mount:add_tag("controlled") else mount:remove_tag("controlled") end
  return { controlled = controlled, cost = cost }
end

-- M.dismount: the same cost, from budget when given (nil: free, as when
-- falling off).
function M.dismount(rider, mount, budget)
  local cost = 0
  if budget then
    cost = M.cost(rider)
    local paid, reason = budget:move(cost)
    if not paid then return nil, reason end
  end
  rider:remove_condition("mounted")
  mount:remove_condition("ridden")
  mount:remove_tag("controlled")
  return cost
end

-- M.actions: a controlled mount moves as its rider directs, on the rider's
-- turn, and its only actions are Dash, Disengage and Dodge (5E-MNT-03); an
-- independent mount acts as it likes (nil: no restriction, 5E-MNT-04).
function M.actions(mount)
  if mount:has_tag("controlled") then return { "dash", "disengage", "dodge" } end
  return nil
end

-- M.link_initiative: when the rider mounts a controlled mount, the mount's
-- Initiative changes to match the rider's and it acts on the rider's turn
-- (5E-MNT-03); it keeps that place after a dismount (AMB-35). An
-- independent mount keeps its own place (5E-MNT-04). order is a list
-- {{id, c, count}...} from 5e.initiative.roll; returns it.
function M.link_initiative(order, rider, mount)
  if not mount:has_tag("controlled") then return order end
  local from, to
  for i, e in ipairs(order) do
    if e.c == mount then from = i end
    if e.c == rider then to = i end
  end
  if not from or not to or from == to then return order end
  local entry = table.remove(order, from)
  if from < to then to = to - 1 end
  entry.count, entry.linked_to = order[to].count, rider:get("id")
  table.insert(order, to + 1, entry)
  return order
end

-- M.fall_save: the DC 10 Dexterity save a rider makes when an effect is
-- about to move its mount against its will, or when the rider or the
-- mount is knocked Prone (5E-MNT-05). On a failure the rider falls off
-- and lands Prone within 5 ft of the mount (opts.land: the square).
-- Other opts are 5e.d20_test's (adv, mods, ...). Returns the save, with
-- fell.
function M.fall_save(rider, mount, opts)
  opts = opts or {}
  local t = { kind = "save", ability = "dex", dc = 10 }
  for k, v in pairs(opts) do
    if k ~= "land" then t[k] = v end
  end
  local r = rules.need("5e.d20_test")(rider, t)
  r.fell = not r.success
  if r.fell then
    M.dismount(rider, mount)
    rider:add_condition("prone", { source = "fell off" })
    if opts.land then rider:set("pos", opts.land) end
  end
  return r
end

rules.define("5e.mounted", M)
