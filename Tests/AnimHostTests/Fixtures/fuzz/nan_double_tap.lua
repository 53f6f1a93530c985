-- Planted bug: a second tap within 0.3 s of the first divides the box's turn by the
-- distance the box moved in between, which is zero when it has not moved: the angle
-- becomes NaN (the host refuses it, naming the line).
local box = animhost.item{name = "box", center = {160, 300}, size = {120, 120}}
animhost.animator{bounds = {0, 0, 320, 568}}
local lastTime, lastCenter
animhost.tap(nil, function()
  local now = animhost.time()
  if lastTime and now - lastTime < 0.3 then
    local moved = (box.center - lastCenter):length()
    box.angle = box.angle + moved / moved   -- 0/0
  end
  lastTime, lastCenter = now, box.center
end)
