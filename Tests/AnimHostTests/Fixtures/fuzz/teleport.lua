-- Planted bug: a tap on the box while it moves puts it 120 pt to the side in one jump.
local W, H = 320, 568
local box = animhost.item{name = "box", center = {160, 300}, size = {100, 100}}
local animator = animhost.animator{bounds = {0, 0, W, H}}
local target = {160, 300}
local snap = animhost.attachment{item = box, anchor = target, length = 0, frequency = 2, damping = 0.6}
animator:addBehavior(snap)
animhost.tap(box, function()
  if box.velocity:length() > 50 then
    box.center = box.center + animhost.vec(120, 0)   -- the bug
  end
  target = {target[1], target[2] == 300 and 150 or 300}
  snap.anchorPoint = target
end)
