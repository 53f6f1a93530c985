-- Additive animations, from WWDC 2017 "Advanced Animations with UIKit": twenty animation
-- blocks each turn the wheel by half a turn. Each block reads the wheel's model value (where
-- the blocks before it left it) and assigns half a turn more, so the twenty animations sum
-- and the wheel ends at 20π, not π. A tap adds four more half-turns with a new animator while
-- the first is still running: the new rotation adds on top of the one in flight, so the
-- wheel speeds up without a jump and ends 4π further on. The demo taps at 1 s, so a plain
-- run ends at 24π (20π with --set demo=0).

local turns = animhost.tunable("turns", 20, {min = 1, max = 100})
local duration = animhost.tunable("duration", 2, {min = 0.1, max = 20})

local wheel = animhost.item{name = "wheel", center = {160, 284}, size = {200, 200}, shape = "ellipse"}

local spin = animhost.propertyAnimator{duration = duration, curve = "easeInOut"}
for _ = 1, turns do
  spin:addAnimations(function()
    wheel.angle = wheel.angle + math.pi
  end)
end
spin:startAnimation()

animhost.tap(wheel, function()
  local more = animhost.propertyAnimator{duration = duration / 2, curve = "easeInOut"}
  for _ = 1, 4 do
    more:addAnimations(function() wheel.angle = wheel.angle + math.pi end)
  end
  more:startAnimation()
end)

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{{at = 1, tap = {160, 284}}}
end
