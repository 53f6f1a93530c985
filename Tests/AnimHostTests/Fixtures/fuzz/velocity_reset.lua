-- Planted bug: a tap on the moving pane sends it the other way but restarts it from rest
-- (the velocity is reset instead of kept): the interruption bug of many animation libraries.
local W, H = 320, 568
local pane = animhost.item{name = "pane", center = {W / 2, 700}, size = {W, H}}
local animator = animhost.animator{bounds = {0, 0, W, H}}
local attachment = animhost.attachment{item = pane, anchor = {W / 2, 700}, length = 0, frequency = 1, damping = 0.3}
animator:addBehavior(attachment)
local open = false
animhost.tap(pane, function()
  open = not open
  attachment.anchorPoint = {W / 2, open and 384 or 700}
  pane.velocity = {0, 0}   -- the bug: the motion in flight is thrown away
end)
