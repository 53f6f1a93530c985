-- A free item (in no behavior) dragged by a pan that assigns its center, the usual way; on
-- release a spring animation takes it to x = 400 from its own velocity.
local box = animhost.item{name = "box", center = {100, 100}, size = {40, 40}}
animhost.animator{}
animhost.pan(box, {
  changed = function(g) box.center = g.location end,
  ended = function()
    animhost.spring{item = box, property = "center", to = {400, 100}, frequency = 1, dampingRatio = 1}
  end,
})
