-- A free item (in no behavior) dragged by a pan that assigns its center, the usual way. On
-- release (release = 1) a spring animation takes it on to x = 400 from its own velocity
-- (the spring's default start velocity); with release = 0 it stays where the finger left it.
local box = animhost.item{name = "box", center = {100, 100}, size = {40, 40}}
animhost.animator{}
local release = animhost.tunable("release", 1, {min = 0, max = 1, integer = true})
animhost.pan(box, {
  changed = function(g) box.center = g.location end,
  ended = function(g)
    box.center = g.location
    if release == 1 then
      animhost.spring{item = box, property = "center", to = {400, 100}, frequency = 1, dampingRatio = 1}
    end
  end,
})
