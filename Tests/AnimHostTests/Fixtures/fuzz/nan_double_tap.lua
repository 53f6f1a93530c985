-- Planted bug: two taps within 0.3 s divide by the distance between them, which is zero
-- when they land on the same point: the box's angle becomes NaN.
local box = animhost.item{name = "box", center = {160, 300}, size = {120, 120}}
animhost.animator{bounds = {0, 0, 320, 568}}
local lastTime, lastPoint
animhost.tap(nil, function(g)
  local now = animhost.time()
  if lastTime and now - lastTime < 0.3 then
    local d = (g.location - lastPoint):length()
    box.angle = box.angle + math.floor(d) / math.floor(d)   -- 0/0 when d < 1
  end
  lastTime, lastPoint = now, g.location
end)
