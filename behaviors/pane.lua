-- The sliding pane of objc.io's "Interactive Animations" (issue 12), in UIKit Dynamics.
--
-- A PaneBehavior composite pulls the pane to its target with a springy attachment
-- (length 0, frequency 3.5 Hz, damping 0.4) and gives it weight and drag with an item
-- behavior (density 100, resistance 10). Drag the pane and let go: the release velocity
-- picks open or closed and is handed to the behavior as an absolute velocity, so the
-- pane carries on from the finger. Tap to toggle. The demo taps twice, 0.1 s apart: the pane
-- turns 53 pt short of open, never opening; --set demo=0 --input behaviors/touches.csv opens it.

local W, H = 320, 568
local frequency = animhost.tunable("frequency", 3.5, {min = 0.1, max = 20})
local damping = animhost.tunable("damping", 0.4, {min = 0, max = 2})

local openY = H / 2 + 100          -- pane top 100 pt below the screen's top
local closedY = H + H / 2 - 80     -- an 80 pt tab shows at the bottom

local pane = animhost.item{name = "pane", center = {W / 2, closedY}, size = {W, H}}
local animator = animhost.animator{bounds = {0, 0, W, H}}

local PaneBehavior = animhost.behavior("PaneBehavior")

function PaneBehavior:init(item, target)
  self.item = item
  self.attachment = animhost.attachment{item = item, anchor = target, length = 0,
                                        frequency = frequency, damping = damping}
  self.itemBehavior = animhost.itemBehavior{items = {item}, density = 100, resistance = 10}
  self:addChild(self.attachment)
  self:addChild(self.itemBehavior)
end

function PaneBehavior:setTarget(point)
  self.attachment.anchorPoint = point
end

-- The article wanted an absolute velocity; UIKit only adds, animhost allows both.
function PaneBehavior:setVelocity(v)
  self.item.velocity = v
end

local isOpen = false
local behavior = PaneBehavior.new(pane, {W / 2, closedY})
animator:addBehavior(behavior)

local function animateTo(open, velocity)
  isOpen = open
  behavior:setTarget({W / 2, open and openY or closedY})
  if velocity then behavior:setVelocity(velocity) end
  animator:addBehavior(behavior)   -- no-op when it is already running
end

-- A second finger's tap while a drag owns the pane does nothing: it would start the
-- behavior from under the holding finger (`animhost fuzz` found it: a long press on the
-- moving pane, then the demo's tap).
local dragging = false
animhost.tap(pane, function()
  if not dragging then animateTo(not isOpen) end
end)

-- The pane moves with every move of the finger: the first comes with `began`, the last with
-- `ended`.
local function follow(g) pane.center = pane.center + animhost.vec(0, g.delta.y) end

animhost.pan(pane, {
  began = function(g)
    dragging = true
    animator:removeBehavior(behavior)   -- the finger owns the pane while dragging
    follow(g)
  end,
  changed = follow,
  ended = function(g)
    dragging = false
    follow(g)
    local v = animhost.vec(0, g.velocity.y)
    animateTo(v.y < 0, v)
  end,
})

-- The demo taps; tests turn them off with demo = 0 and drive the pane themselves.
if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, tap = {W / 2, closedY - H / 2 + 40}},   -- open
    {at = 0.3, tap = {W / 2, 560}},                    -- close again, mid-flight
  }
end
