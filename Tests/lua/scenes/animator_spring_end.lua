-- A property animator moves a box's center 500 pt to the right on a spring curve given by its
-- coefficients (response 0.5 s, damping ratio 0.7), for animator_spring_end_test.lua. The
-- curve ends at its settling time, 0.1 % of the distance (½ pt) short of rest; the label
-- records when the animator reported its completion.
local box = animhost.item{name = "box", center = {100, 300}, size = {40, 40}}
local probe = animhost.item{name = "probe", center = {-100, -100}, size = {1, 1}, props = {completedAt = -1, duration = -1}}
animhost.animator{bounds = {0, 0, 800, 600}}
local w = 2 * math.pi / 0.5
local pa = animhost.propertyAnimator{curve = {mass = 1, stiffness = w * w, damping = 2 * 0.7 * w},
                                     animations = function() box.center = {600, 300} end}
pa:addCompletion(function(position) probe.completedAt = animhost.time() end)
pa:startAnimation()
probe.duration = pa.duration
animhost.run{duration = 3}
