-- The sliding pane of objc.io's "Interactive Animations" (issue 12), in its POP version:
-- a spring animation of the pane's center (springSpeed 15, springBounciness 6) instead of
-- UIKit Dynamics. A tap toggles the pane; setting the running spring's `to` retargets it and
-- keeps its velocity, so a tap mid-flight turns the pane round without a jolt. A drag moves
-- the pane with the finger (the assignment to `center` takes it from the spring); on release
-- a new spring starts with the finger's velocity, handed over as an absolute vector (pt/s),
-- which a 1-D relative velocity could not express. The scripted input taps twice; the
-- second tap lands while the pane is still opening and sends it back mid-flight.

local W, H = 320, 568
local springSpeed = animhost.tunable("springSpeed", 15, {min = 0, max = 20})
local springBounciness = animhost.tunable("springBounciness", 6, {min = 0, max = 20})

local openY = H / 2 + 100          -- pane top 100 pt below the screen's top
local closedY = H + H / 2 - 80     -- an 80 pt tab shows at the bottom

local pane = animhost.item{name = "pane", center = {W / 2, closedY}, size = {W, H}}

local isOpen = false
local spring   -- the pane's spring, once it has one

local function target()
  return {W / 2, isOpen and openY or closedY}
end

-- POP's animatePaneWithInitialVelocity: reuse the running spring (retarget) or start one.
local function animatePane(velocity)
  if spring and not velocity then
    spring.to = target()           -- retargets a running spring; restarts an ended one
  else
    spring = animhost.spring{item = pane, property = "center", to = target(),
                             velocity = velocity, springSpeed = springSpeed,
                             springBounciness = springBounciness}
  end
end

animhost.tap(pane, function()
  isOpen = not isOpen
  animatePane()
end)

-- The pane moves with every move of the finger: the first comes with `began`, the last with
-- `ended`.
local function follow(g)
  pane.center = pane.center + animhost.vec(0, g.delta.y)
  pane.velocity = animhost.vec(0, g.velocity.y)
end

animhost.pan(pane, {
  began = function(g)
    if spring then spring:stop() end   -- the finger owns the pane while dragging
    follow(g)
  end,
  changed = follow,
  ended = function(g)
    follow(g)
    local v = animhost.vec(0, g.velocity.y)
    isOpen = v.y < 0
    animatePane(v)
  end,
})

-- The demo taps; tests turn them off with demo = 0 and drive the pane themselves.
if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, tap = {W / 2, closedY - H / 2 + 40}},   -- open
    {at = 0.3, tap = {W / 2, 560}},                    -- close again, mid-flight
  }
end
