-- The typo is in a tap handler: loading works, the tap fails where the name is read.
local box = animhost.item{name = "box", center = {50, 50}, size = {40, 40}}
animhost.animator{}
animhost.tap(box, function(g)
  box.center = {g.location.x, boxx.center.y}
end)
