-- A custom behavior whose action does nothing, and a box faded out by an animation over
-- `fade` seconds: the scene is at rest 0.1 s after the fade (the empty action does not
-- keep it awake).
local box = animhost.item{name = "box", center = {100, 100}, size = {40, 40}}
local animator = animhost.animator{}
local fade = animhost.tunable("fade", 0.5, {min = 0.1, max = 2})
local Idle = animhost.behavior("Idle")
function Idle:init() end
function Idle:action() end
animator:addBehavior(Idle.new())
animhost.basic{item = box, property = "alpha", to = 0.2, duration = fade}
