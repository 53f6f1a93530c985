-- A free item moved and turned by a custom behavior's action (120 pt/s, 1 rad/s) until
-- t = 0.5 s, then left alone; a box under gravity is teleported by a timer at 0.3 s.
local W, H = 400, 600
local free = animhost.item{name = "free", center = {100, 100}, size = {40, 40}}
local falling = animhost.item{name = "falling", center = {300, 100}, size = {40, 40}}
local animator = animhost.animator{bounds = {0, 0, W, H}}
animator:addBehavior(animhost.gravity{items = {falling}})
local Mover = animhost.behavior("Mover")
function Mover:init(item) self.item = item end
function Mover:action()
  local t = animhost.time()
  if t <= 0.5 then
    self.item.center = {100 + 120 * t, 100}
    self.item.angle = t
  end
end
animator:addBehavior(Mover.new(free))
animhost.after(0.3, function() falling.center = {300, 100} end)
