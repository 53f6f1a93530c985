-- A spring that settles: one item snapped to a point a little away.
local box = animhost.item{name = "box", center = {0, 0}}
local animator = animhost.animator{}
animator:addBehavior(animhost.snap{item = box, to = {10, 0}})
