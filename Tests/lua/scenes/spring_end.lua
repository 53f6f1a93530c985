-- One spring of a box's center 100 pt to the right (response 0.5 s, damping ratio 0.7), for
-- spring_end_test.lua. `--set restDelta=… restSpeed=…` give the spring rest thresholds of its
-- own (0: the defaults); the script checks that the fields read back and can be set.
local box = animhost.item{name = "box", center = {100, 300}, size = {40, 40}}
animhost.animator{bounds = {0, 0, 400, 600}}
local delta = animhost.tunable("restDelta", 0, {min = 0, max = 10})
local speed = animhost.tunable("restSpeed", 0, {min = 0, max = 100})
local spring = animhost.spring{item = box, property = "center", to = {200, 300}, response = 0.5, dampingRatio = 0.7,
                               restDelta = delta > 0 and delta or nil, restSpeed = speed > 0 and speed or nil}
assert(spring.restDelta == (delta > 0 and delta or 0.005), "restDelta reads back")
assert(spring.restSpeed == (speed > 0 and speed or 0.1), "restSpeed reads back")
local alpha = animhost.spring{item = box, property = "alpha", to = 0.5, response = 0.3}
assert(alpha.restDelta == 1e-4 and alpha.restSpeed == 2e-3, "an alpha spring's thresholds are its own")
alpha.restDelta = 0.25                  -- within 0.25 of 0.5 and slower than 2e-3/s: never, at first
assert(alpha.restDelta == 0.25 and alpha.isRunning)
animhost.run{duration = 3}
