-- The bouncing view of objc.io's "Animations Explained" (issue 12) and SKBounceAnimation: a
-- key-frame animation built from a damped oscillation x(t) = T + (x₀ − T)·e^(−γt)·cos(ωt),
-- with the number of bounces as the knob (animhost.bounce; see the reference for the quirks
-- of the original that it fixes: it lands exactly on the target, N bounces mean N).
--
-- A panel slides in from the left and wobbles about its place (overshoot: it crosses its
-- target `bounces` times); a ball drops onto a floor and bounces on it (overshoot = false:
-- it touches the floor `bounces` times from above); a badge pops in by scale. Tap the
-- ball to throw it up again.

local W, H = 320, 568
local bounces = animhost.tunable("bounces", 4, {min = 0, max = 20, integer = true})
local duration = animhost.tunable("duration", 1.5, {min = 0.1, max = 10})

local floorY = H - 40
local panel = animhost.item{name = "panel", center = {-150, 120}, size = {280, 120}}
local ball = animhost.item{name = "ball", center = {W / 2, 80}, size = {60, 60}, shape = "ellipse"}
local badge = animhost.item{name = "badge", center = {W - 40, 60}, size = {40, 40}, shape = "ellipse"}
badge.scale = 0

animhost.bounce{item = panel, property = "center", to = {W / 2, 120}, bounces = bounces, duration = duration}

local function drop()
  animhost.bounce{item = ball, property = "center", from = {W / 2, 80}, to = {W / 2, floorY - 30},
                  bounces = bounces, duration = duration, overshoot = false}
end
drop()

animhost.bounce{item = badge, property = "scale", to = 1, bounces = 3, duration = 0.8}

-- The restart is a jump on purpose: the ball leaves wherever it was, at whatever speed, for
-- the top of its drop, and says so (`animhost fuzz` and the frame check exempt it).
animhost.tap(ball, function()
  animhost.declareJump({ball}, "a tap restarts the drop from the top")
  drop()
end)
