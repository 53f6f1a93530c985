-- A box springing to the right is caught by a pan that drags it down (center = finger + offset).
local box = animhost.item{name = "box", center = {100, 300}, size = {40, 40}}
animhost.spring{item = box, property = "center", to = {300, 300}, frequency = 2, dampingRatio = 1}
local offset
animhost.pan(nil, {
  began = function(g) offset = box.center - g.location end,
  changed = function(g) box.center = g.location + offset end,
})
