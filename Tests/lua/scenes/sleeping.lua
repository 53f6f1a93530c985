-- A stack of three 40-pt boxes on the screen's floor, and a ball on an undamped spring far
-- from it that swings for ever (so the animator never pauses). The tunable `sleeping` (1 on,
-- 0 off) sets the animator's switch; `wake` (1) gives the stack's top box a velocity at 2 s
-- from a timer (a script write).
local sleeping = animhost.tunable("sleeping", 1, {min = 0, max = 1})
local wake = animhost.tunable("wake", 0, {min = 0, max = 1})
local animator = animhost.animator{bounds = {0, 0, 320, 568}, sleeping = sleeping == 1}
local boxes = {}
for k = 1, 3 do
  boxes[k] = animhost.item{name = "box" .. k, center = {80, 568 - 20 - 40 * (k - 1)}, size = {40, 40}}
end
local ball = animhost.item{name = "ball", center = {250, 100}, size = {20, 20}}
animator:addBehavior(animhost.gravity{items = boxes})
animator:addBehavior(animhost.collision{items = boxes, translatesReferenceBoundsIntoBoundary = true})
animator:addBehavior(animhost.attachment{item = ball, anchor = {250, 200}, length = 0, frequency = 1, damping = 0})
if wake == 1 then
  animhost.after(2, function() boxes[3].velocity = {0, -300} end)
end
-- `check` (1): the switch reads back what the constructor and an assignment set, and refuses
-- a number (the load fails on any of these).
if animhost.tunable("check", 0, {min = 0, max = 1}) == 1 then
  assert(animator.sleeping == (sleeping == 1))
  animator.sleeping = true
  assert(animator.sleeping == true)
  local ok, err = pcall(function() animator.sleeping = 1 end)
  assert(not ok and tostring(err):find("sleeping", 1, true), tostring(err))
end
