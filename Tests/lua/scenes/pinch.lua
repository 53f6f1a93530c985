-- A pane that keeps what its pinch reports in its props, for gestures_test's pinch tests:
-- how many updates of each phase, and the last scale, velocity and centroid.
local pane = animhost.item{name = "pane", center = {160, 300}, size = {200, 200},
                           props = {scaleSeen = 1, velocitySeen = 0, began = 0, changed = 0, ended = 0, cx = 0, cy = 0}}
animhost.animator{bounds = {0, 0, 320, 568}}

local function record(g)
  pane[g.state] = pane[g.state] + 1
  pane.scaleSeen, pane.velocitySeen = g.scale, g.velocity
  pane.cx, pane.cy = g.location.x, g.location.y
end
animhost.pinch(pane, {began = record, changed = record, ended = record})
