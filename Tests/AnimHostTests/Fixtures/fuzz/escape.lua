-- Planted bug: a flick throws the ball by moving its center a fifth of a second along the
-- release velocity, past the screen's edges that should hold it.
local W, H = 320, 568
local ball = animhost.item{name = "ball", center = {160, 284}, size = {60, 60}, shape = "ellipse"}
local animator = animhost.animator{bounds = {0, 0, W, H}}
animator:addBehavior(animhost.collision{items = {ball}, translatesReferenceBoundsIntoBoundary = true})
animator:addBehavior(animhost.itemBehavior{items = {ball}, resistance = 3})
animhost.pan(ball, {
  changed = function(g) ball.center = ball.center + g.delta end,
  ended = function(g)
    ball.center = ball.center + g.velocity * 0.2   -- the bug
    ball.velocity = g.velocity
  end,
})
