-- Planted bug: a tap nudges the box 1 pt per step for half a second (per step, not per
-- second), so it ends 60 pt away at 120 Hz and 30 pt at 60 Hz.
local box = animhost.item{name = "box", center = {100, 300}, size = {80, 80}}
local animator = animhost.animator{bounds = {0, 0, 320, 568}}
local pushUntil = -1
local nudge = animhost.behavior("Nudge")
function nudge:init() end
function nudge:action()
  if animhost.time() < pushUntil then box.center = box.center + animhost.vec(1, 0) end
end
animator:addBehavior(nudge.new())
animhost.tap(box, function() pushUntil = animhost.time() + 0.5 end)
