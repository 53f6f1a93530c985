-- Planted bug: a tap sends the box to its other stop, and 0.15 s later a second move "takes
-- over" from where the box was at the tap, a start gone stale: the box jumps back.
local box = animhost.item{name = "box", center = {160, 300}, size = {100, 100}}
local animator = animhost.animator{bounds = {0, 0, 320, 568}}
local target = {160, 300}
local pull = animhost.attachment{item = box, anchor = target, length = 0, frequency = 2, damping = 0.6}
animator:addBehavior(pull)
animhost.tap(box, function()
  local from = box.center
  target = {target[1], target[2] == 300 and 150 or 300}
  pull.anchorPoint = target
  animhost.after(0.15, function() box.center = from end)   -- the bug: a stale start
end)
