-- A custom behavior whose action fades a box for 0.5 s, then idles: at rest right after.
local box = animhost.item{name = "box", center = {100, 100}, size = {40, 40}}
local animator = animhost.animator{}
local Fade = animhost.behavior("Fade")
function Fade:init(item) self.item = item end
function Fade:action()
  local t = animhost.time()
  if t <= 0.5 then self.item.alpha = 1 - t end
end
animator:addBehavior(Fade.new(box))
