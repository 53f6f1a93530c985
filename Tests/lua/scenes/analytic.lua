-- A scene whose motion is known exactly: a custom behavior places the item on a
-- critically damped spring's closed form every step (no solver in the loop), so trace
-- queries can be checked against closed-form answers.
local omega = animhost.tunable("omega", 20)
local u0 = 100
local box = animhost.item{name = "box", center = {u0, 0}, size = {10, 10}}
local animator = animhost.animator{}

local Analytic = animhost.behavior("Analytic")
function Analytic:action(dt)
  local t = animhost.time()
  local e = math.exp(-omega * t)
  box.center = {u0 * e * (1 + omega * t), 0}
  box.velocity = {-u0 * omega * omega * t * e, 0}
  if t >= 2 then animator:removeBehavior(self) end
end
animator:addBehavior(Analytic.new())
