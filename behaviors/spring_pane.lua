-- The same pane, driven by the article's hand-written spring instead of UIKit Dynamics:
-- a custom behavior whose action applies F = k·(target − x) − μ·v (k 300, μ 20, unit
-- mass) and integrates it every step (semi-implicit Euler, like the article's
-- CADisplayLink loop, but on animhost's fixed step). Velocity is a vector, so a drag's
-- sideways motion would carry over too. A tap toggles; the scripted second tap
-- interrupts the first animation mid-flight.

local W, H = 320, 568
local stiffness = animhost.tunable("stiffness", 300, {min = 1, max = 5000})
local friction = animhost.tunable("friction", 20, {min = 0, max = 500})

local openY = H / 2 + 100
local closedY = H + H / 2 - 80

local pane = animhost.item{name = "pane", center = {W / 2, closedY}, size = {W, H}}
local animator = animhost.animator{bounds = {0, 0, W, H}}

local Spring = animhost.behavior("SpringBehavior")

function Spring:init(item)
  self.item = item
  self.target = item.center
  self.velocity = animhost.vec(0, 0)
end

function Spring:action(dt)
  local x = self.item.center
  local force = (self.target - x) * stiffness - self.velocity * friction
  self.velocity = self.velocity + force * dt
  self.item.center = x + self.velocity * dt
  self.item.velocity = self.velocity
  -- At rest: snap, stop, and let the animator pause.
  if (self.target - self.item.center):length() < 0.1 and self.velocity:length() < 1 then
    self.item.center = self.target
    self.velocity = animhost.vec(0, 0)
    self.item.velocity = self.velocity
    animator:removeBehavior(self)
  end
end

local spring = Spring.new(pane)
local isOpen = false

-- The spring goes on from the pane's own velocity now (or a release's, when given): a
-- drag that caught the pane stopped it, and the velocity the spring had then is stale
-- (`animhost fuzz` found a tap during a drag handing it back: a jump of 1500 pt/s).
local function animateTo(open, velocity)
  isOpen = open
  spring.velocity = velocity or pane.velocity
  spring.target = animhost.vec(W / 2, open and openY or closedY)
  animator:addBehavior(spring)
end

-- A second finger's tap while a drag holds the pane does nothing: it would start the spring
-- from under the holding finger.
local dragging = false
animhost.tap(pane, function() if not dragging then animateTo(not isOpen) end end)

-- The pane moves with every move of the finger: the first comes with `began`, the last with
-- `ended`.
local function follow(g) pane.center = pane.center + animhost.vec(0, g.delta.y) end

animhost.pan(pane, {
  began = function(g)
    dragging = true
    animator:removeBehavior(spring)
    follow(g)
  end,
  changed = follow,
  ended = function(g)
    dragging = false
    follow(g)
    animateTo(g.velocity.y < 0, animhost.vec(0, g.velocity.y))
  end,
})

-- The demo taps; tests turn them off with demo = 0 and drive the pane themselves.
if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, tap = {W / 2, closedY - H / 2 + 40}},
    {at = 0.3, tap = {W / 2, 560}},
  }
end
