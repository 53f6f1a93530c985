-- The snake of the iOS 7 UIKit Dynamics chapter: an orange head brick that a finger drags
-- through a springy attachment (the head does not rotate), a chain of blue bricks behind it
-- and a light green tail, each joined to the one before by an attachment between their
-- facing ends. Everything collides with the screen edges and with each other; a brick turns
-- half-transparent while it touches the screen edge (onBegan / onEnded).
--
-- Colours are in the names' comments only: animhost draws no pixels. The demo drags the
-- head to the right edge and down, then lets go.

local W, H = 320, 568
local bricks = math.floor(animhost.tunable("bricks", 6, {min = 1, max = 30, integer = true}))
local frequency = animhost.tunable("frequency", 3, {min = 0.1, max = 20})

local animator = animhost.animator{bounds = {0, 0, W, H}}

local head = animhost.item{name = "head", center = {60, 120}, size = {50, 30}}          -- orange
local chain = {head}
for k = 1, bricks do                                                                  -- blue
  chain[#chain + 1] = animhost.item{name = "brick" .. k, center = {60, 120 + 40 * k}, size = {50, 30}}
end
local tail = animhost.item{name = "tail", center = {60, 120 + 40 * (bricks + 1) - 5}, size = {30, 20}}  -- light green
chain[#chain + 1] = tail

-- Each brick hangs from the bottom of the one before: offsets at the facing ends, 10 pt apart.
local links = animhost.behavior("Links")
function links:init()
  for k = 2, #chain do
    local previous, brick = chain[k - 1], chain[k]
    self:addChild(animhost.attachment{item = brick, offset = {0, -brick.size.y / 2},
                                      item2 = previous, offset2 = {0, previous.size.y / 2},
                                      length = 10, frequency = 8, damping = 0.6})
  end
end
animator:addBehavior(links.new())

local table = animhost.itemBehavior{items = chain, resistance = 3, angularResistance = 3}
animator:addBehavior(table)
animator:addBehavior(animhost.itemBehavior{items = {head}, allowsRotation = false, density = 2})

local edges = animhost.collision{items = chain, translatesReferenceBoundsIntoBoundary = true}
edges.onBegan = function(contact)
  if contact.other == nil and contact.boundary == nil then contact.item.alpha = 0.5 end
end
edges.onEnded = function(contact)
  if contact.other == nil and contact.boundary == nil then contact.item.alpha = 1 end
end
animator:addBehavior(edges)

-- The finger pulls the head through a spring; it lets go on lift.
local drag
animhost.pan(head, {
  began = function(g)
    drag = animhost.attachment{item = head, anchor = g.location, length = 0,
                               frequency = frequency, damping = 0.7}
    animator:addBehavior(drag)
  end,
  changed = function(g) drag.anchorPoint = g.location end,
  ended = function() animator:removeBehavior(drag); drag = nil end,
  cancelled = function() animator:removeBehavior(drag); drag = nil end,
})

if animhost.tunable("demo", 1, {min = 0, max = 1, integer = true}) == 1 then
  animhost.input{
    {at = 0.2, pan = {from = {60, 120}, to = {300, 300}, duration = 1.0}},
    {at = 1.6, pan = {from = {285, 300}, to = {160, 200}, duration = 1.0}},
  }
  animhost.run{duration = 4}
end
