-- The same, but the callback starts a spring from the item's velocity (its default): the
-- spring carries the 1000 pt/s on.
local b = animhost.item{name = "b", center = {100, 100}, size = {20, 20}}
animhost.animator{}
animhost.after(0.5, function()
  b.velocity = {1000, 0}
  animhost.spring{item = b, property = "center", to = {200, 100}, frequency = 2, dampingRatio = 1}
end)
