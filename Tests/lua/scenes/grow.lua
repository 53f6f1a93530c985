-- A 100×100 box resting on the floor of a 320×568 screen grows to 200×200 at t = 1 s:
-- by assignment (how = 0) or by a 0.5-s basic animation of its size (how = 1).
local how = animhost.tunable("how", 0, {min = 0, max = 1, integer = true})
local animator = animhost.animator{bounds = {0, 0, 320, 568}}
local box = animhost.item{name = "box", center = {160, 400}, size = {100, 100}}
animator:addBehavior(animhost.collision{items = {box}, translatesReferenceBoundsIntoBoundary = true})
animator:addBehavior(animhost.gravity{items = {box}})
animhost.after(1, function()
  if how == 0 then
    box.size = animhost.vec(200, 200)
  else
    animhost.basic{item = box, property = "size", to = {200, 200}, duration = 0.5}
  end
end)
